"""A Kniggits battle as pure functions: the set-up (two checked armies), then a list of events
replayed over it (the turn's phases, the exchanges), every kniggit's tokens carried from one
exchange to the next, and the win.

The state is never stored: `companion.kniggits.store` keeps the set-up and the events, and
`replay` rebuilds the battle from them, so an undo is dropping the last event. Each event is
checked by `apply` against the battle as it stands (the phase, whose turn, who may attack),
so a stored battle is always one the rules allow.

What the rules say and what is the kit's reading:
- "each turn consists of three phases": moving, turning, fighting (`PHASES`);
- "The person who'se turn it is now gets to fight with each of their figures": only the
  player whose turn it is starts an exchange, in phase three; his kniggit attacks, the enemy
  strikes back only when facing him (both sword and shield then), both with the tokens from
  before (`companion.kniggits.rules.clash`);
- "you win when all of your opponent's kniggits are leaving the game": a side all of whose
  kniggits flee has lost. Both sides fleeing at once is a draw (the kit's reading: the rules
  do not say).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from companion.errors import DataError, FieldError, InputError
from companion.kniggits.rules import (
    ArmyCheck,
    Clash,
    Fighter,
    KniggitRules,
    Standing,
    clash,
    standing,
)

PHASES = ("move", "turn", "fight")  # the rules' phase one (moving), two (turning), three
PHASE_NAMES = {"move": "moving", "turn": "turning", "fight": "fighting"}
MAX_EVENTS = 10_000  # a battle longer than this is a runaway script, not a game
DRAW = -1


@dataclass(frozen=True)
class Kniggit:
    """One kniggit on the field: his side (0 or 1), his name (unique on his side) and the
    tokens he has left."""

    side: int
    name: str
    tokens: tuple[tuple[str, int], ...]

    @property
    def held(self) -> dict[str, int]:
        return dict(self.tokens)


@dataclass(frozen=True)
class Side:
    """One army: its name, its kniggits (those who came to fight) and the names of those who
    ran away before the battle (lacking a colour of token: the rules)."""

    name: str
    kniggits: tuple[Kniggit, ...]
    ran_away: tuple[str, ...] = ()


@dataclass(frozen=True)
class Setup:
    """What a battle starts from: two sides and which of them moves first."""

    sides: tuple[Side, Side]
    first: int = 0

    def as_dict(self) -> dict[str, Any]:
        return {
            "first": self.first,
            "sides": [
                {
                    "name": s.name,
                    "ran_away": list(s.ran_away),
                    "kniggits": [{"name": k.name, "tokens": k.held} for k in s.kniggits],
                }
                for s in self.sides
            ],
        }


@dataclass(frozen=True)
class Fought:
    """One exchange as it happened: who attacked whom (side, index), and the clash."""

    attacker: tuple[int, int]
    defender: tuple[int, int]
    clash: Clash


@dataclass(frozen=True)
class Battle:
    """The battle as it stands: the sides with every kniggit's tokens now, the turn (from 1),
    whose it is, its phase, the exchanges fought in this turn and the last one."""

    rules: KniggitRules
    sides: tuple[Side, Side]
    first: int  # the side that moved first (a new turn starts when it moves again)
    turn: int
    player: int
    phase: str
    events: int
    fought: tuple[tuple[int, int], ...] = ()  # attackers who fought in this fighting phase
    last: Fought | None = None

    def kniggit(self, side: int, index: int) -> Kniggit:
        return self.sides[side].kniggits[index]

    def standing(self, k: Kniggit) -> Standing:
        return standing(self.rules, k.held)

    def fleeing(self, side: int) -> bool:
        """Every kniggit of ``side`` flees (or none came to fight)."""
        return all(self.standing(k).flees for k in self.sides[side].kniggits)

    def winner(self) -> int | None:
        """The side that won (`DRAW` when both flee at once), None while the battle goes on."""
        beaten = [self.fleeing(0), self.fleeing(1)]
        if all(beaten):
            return DRAW
        if any(beaten):
            return beaten.index(False)
        return None


def setup_from_armies(
    rules: KniggitRules, armies: Sequence[tuple[str, ArmyCheck]], first: int = 0
) -> Setup:
    """Two checked armies (name, `ArmyCheck`) as a battle's set-up: a row of ``count``
    identical kniggits becomes ``count`` kniggits, numbered; those who run away before the
    battle are left off the field (named in ``ran_away``). An army over its points total is
    refused."""
    if len(armies) != 2:
        raise InputError(f"a battle takes two armies, got {len(armies)}")
    names = [name.strip() for name, _ in armies]
    if not all(names):
        raise FieldError("army", "", "each army needs a name")
    if names[0].casefold() == names[1].casefold():
        raise FieldError("army", names[1], f"both armies are named {names[0]!r}: name them apart")
    if first not in (0, 1):
        raise FieldError("first", first, "expected the first army (0) or the second (1)")
    sides: list[Side] = []
    for name, check in armies:
        if not check.legal:
            raise FieldError(
                "army",
                name,
                f"{name} is over its points: {check.points} of {check.budget} (by {check.over})",
                named=True,
            )
        fighters, ran = [], []
        for row in check.kniggits:
            for number in range(1, row.count + 1):
                who = row.name if row.count == 1 else f"{row.name} {number}"
                if row in check.runaways:
                    ran.append(who)
                else:
                    tokens = tuple((c, row.tokens[c]) for c in rules.colours)
                    fighters.append(Kniggit(len(sides), who, tokens))
        sides.append(Side(name, tuple(fighters), tuple(ran)))
    return Setup((sides[0], sides[1]), first)


def setup_from_dict(rules: KniggitRules, data: Any) -> Setup:
    """A stored set-up read back (`Setup.as_dict`); anything else is a damaged file."""
    try:
        sides = []
        for index, side in enumerate(data["sides"]):
            kniggits = tuple(
                Kniggit(
                    index, str(k["name"]), tuple((c, int(k["tokens"][c])) for c in rules.colours)
                )
                for k in side["kniggits"]
            )
            sides.append(Side(str(side["name"]), kniggits, tuple(map(str, side["ran_away"]))))
        first = int(data["first"])
        if len(sides) != 2 or first not in (0, 1):
            raise ValueError
    except (KeyError, TypeError, ValueError):
        raise DataError("battle file damaged: the set-up cannot be read") from None
    return Setup((sides[0], sides[1]), first)


def start(rules: KniggitRules, setup: Setup) -> Battle:
    """The battle before its first event: turn 1, the first army moving."""
    return Battle(rules, setup.sides, setup.first, 1, setup.first, PHASES[0], 0)


def _refuse_if_over(battle: Battle) -> None:
    won = battle.winner()
    if won is not None:
        raise InputError(f"the battle is over: {outcome(battle, won)}; undo to go on")


def outcome(battle: Battle, won: int) -> str:
    """The win in words: who won and why (the rules), or the kit's draw."""
    if won == DRAW:
        return "both armies flee at once: a draw (the kit's reading)"
    lost = battle.sides[1 - won].name
    return f"{battle.sides[won].name} wins: all of {lost}'s kniggits flee"


def next_phase(battle: Battle) -> Battle:
    """On to the next phase; after fighting, the other player's turn (a new turn number
    once both have played)."""
    _refuse_if_over(battle)
    at = PHASES.index(battle.phase)
    if at + 1 < len(PHASES):
        return replace(battle, phase=PHASES[at + 1], events=battle.events + 1)
    player = 1 - battle.player
    turn = battle.turn + (1 if player == battle.first else 0)
    return replace(
        battle,
        player=player,
        turn=turn,
        phase=PHASES[0],
        events=battle.events + 1,
        fought=(),
        last=None,
    )


def fight(
    battle: Battle,
    attacker: tuple[int, int],
    defender: tuple[int, int],
    a_sword: str,
    b_shield: str,
    b_sword: str = "none",
    a_shield: str = "none",
) -> Battle:
    """One exchange in phase three: the attacker (of the side whose turn it is) strikes at an
    enemy; the enemy strikes back when he faces him (``b_sword`` not ``none``). Both blows at
    once, with the tokens from before; each kniggit keeps his tokens after it."""
    _refuse_if_over(battle)
    if battle.phase != "fight":
        raise InputError(
            f"exchanges are fought in phase three (fighting); this is phase "
            f"{PHASES.index(battle.phase) + 1} ({PHASE_NAMES[battle.phase]})"
        )
    for (side, index), what in ((attacker, "attacker"), (defender, "defender")):
        if side not in (0, 1) or not 0 <= index < len(battle.sides[side].kniggits):
            raise FieldError(what, f"{side}:{index}", "no such kniggit on the field")
    if attacker[0] != battle.player:
        raise FieldError(
            "attacker",
            battle.kniggit(*attacker).name,
            f"it is {battle.sides[battle.player].name}'s turn: only his kniggits attack "
            "(the rules: the person whose turn it is gets to fight)",
        )
    if defender[0] == attacker[0]:
        raise FieldError("defender", battle.kniggit(*defender).name, "expected an enemy kniggit")
    a, b = battle.kniggit(*attacker), battle.kniggit(*defender)
    result = clash(
        battle.rules,
        Fighter(a.name, a_sword, a_shield, a.held),
        Fighter(b.name, b_sword, b_shield, b.held),
    )
    sides = list(battle.sides)
    for (side, index), after in ((attacker, result.after[0]), (defender, result.after[1])):
        assert after is not None  # tokens are always given in a battle
        kniggits = list(sides[side].kniggits)
        tokens = tuple((c, after.tokens[c]) for c in battle.rules.colours)
        kniggits[index] = replace(kniggits[index], tokens=tokens)
        sides[side] = replace(sides[side], kniggits=tuple(kniggits))
    return replace(
        battle,
        sides=(sides[0], sides[1]),
        events=battle.events + 1,
        fought=(*battle.fought, attacker),
        last=Fought(attacker, defender, result),
    )


def apply(battle: Battle, event: dict[str, Any]) -> Battle:
    """One stored event (``{"op": "phase"}`` or ``{"op": "fight", ...}``) applied."""
    if battle.events >= MAX_EVENTS:
        raise InputError(f"the battle has {MAX_EVENTS:,} events: start a new one")
    op = event.get("op")
    if op == "phase":
        return next_phase(battle)
    if op == "fight":
        return fight(
            battle,
            (int(event["a"][0]), int(event["a"][1])),
            (int(event["b"][0]), int(event["b"][1])),
            str(event["a_sword"]),
            str(event["b_shield"]),
            str(event.get("b_sword", "none")),
            str(event.get("a_shield", "none")),
        )
    raise DataError(f"battle file damaged: unknown event {op!r}")


def replay(rules: KniggitRules, setup: Setup, events: Sequence[dict[str, Any]]) -> Battle:
    """The battle after ``events`` (each re-checked: a stored event the rules refuse is a
    damaged file)."""
    battle = start(rules, setup)
    for number, event in enumerate(events, 1):
        try:
            battle = apply(battle, event)
        except (InputError, KeyError, TypeError, ValueError, IndexError) as exc:
            raise DataError(f"battle file damaged: event {number} is refused ({exc})") from None
    return battle
