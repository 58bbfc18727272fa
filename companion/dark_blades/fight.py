"""Dark Blades lookups by name: `havoc fight thr gra:wounded 7` and its phone page.

`side` reads one side's names (each by unique prefix, word starts or initials, any case, from
the roster in pieces.csv, with its states after colons: ``gra:wounded``, ``lab:foot``) as
`Fighter` records; `melee` and `shot` turn two sides into the typed requests of
`companion.dark_blades.requests`: the table from the two sides' kinds (infantry, mounted; a
mule is a mounted target, a war dog infantry), the printed values for those states, and the
defender's state and kind for the special rules. All the values in pieces.csv are the kit's
(the rules print none): a front end says so once (`VALUES_NOTE`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.dark_blades.pieces import Character
from companion.dark_blades.requests import MeleeRequest, MissileRequest, Shifts
from companion.dark_blades.special import STATES
from companion.errors import InputError
from companion.names import pick

VALUES_NOTE = "values: the kit's (pieces.csv)"
MOUNTS = ("mounted", "foot")
WORDS = (*STATES, *MOUNTS)


@dataclass(frozen=True)
class Fighter:
    """One piece in a fight, in one state, with the values that state prints."""

    name: str
    type: str  # pieces.csv type: foot, mounted, dog, mule
    state: str  # healthy, wounded, stunned
    mounted: bool
    attack: int | None  # None: this piece in this state may not attack
    defence: int
    weapon: str

    @property
    def target(self) -> str:
        """The results tables' kind: a mule is hit on the mounted table, a dog on foot."""
        return "mounted" if self.mounted or self.type == "mule" else "infantry"

    @property
    def special(self) -> str:
        """The special rules that apply when this piece is hit."""
        if self.type in ("dog", "mule"):
            return self.type
        return "troll" if "troll" in self.name.casefold() else "character"

    def label(self) -> str:
        bits = [self.state] if self.state != "healthy" else []
        if self.type == "mounted":
            bits.append("mounted" if self.mounted else "on foot")
        return f"{self.name} ({', '.join(bits)})" if bits else self.name

    def as_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "type": self.type,
            "state": self.state,
            "mounted": self.mounted,
            "attack": self.attack,
            "defence": self.defence,
        }


def names(roster: tuple[Character, ...]) -> dict[str, Character]:
    """Every piece by its roster name."""
    return {character.name: character for character in roster}


def find(roster: tuple[Character, ...], text: str, what: str) -> Character:
    """A piece by its roster name (``thr``, ``black-fox``, ``bf``), else by its counter
    label (``elite axe``)."""
    try:
        return names(roster)[pick(text, names(roster), what)]
    except InputError as by_name:
        labels = {c.label: c for c in roster if c.label}
        try:
            return labels[pick(text, labels, what)]
        except InputError:
            raise by_name from None


def side(
    roster: tuple[Character, ...], specs: list[str] | tuple[str, ...], what: str
) -> list[Fighter]:
    """``["thr,gra:wounded", "lab:foot"]`` → the fighters (commas or several arguments)."""
    out = []
    for spec in specs:
        for part in str(spec).split(","):
            if part.strip():
                out.append(_fighter(roster, part.strip(), what))
    if not out:
        raise InputError(f"{what}: give a name (e.g. thr, gra:wounded)")
    return out


def _fighter(roster: tuple[Character, ...], spec: str, what: str) -> Fighter:
    name, *words = spec.split(":")
    character = find(roster, name, f"{what} name")
    state, mount = "healthy", None
    for word in words:
        chosen = pick(word, WORDS, f"state of {character.name}")
        if chosen in STATES:
            state = chosen
        else:
            mount = chosen
    values = dict(character.values)
    if mount == "mounted" and character.type != "mounted":
        raise InputError(f"{character.name}: has no mounted piece (a {character.type} piece)")
    if character.type in ("dog", "mule") and state != "healthy":
        raise InputError(
            f"{character.name}: a {character.type}'s counter shows only alive and dead "
            f"(no {state} state)"
        )
    mounted = character.type == "mounted" and mount != "foot" and state != "stunned"
    if state == "stunned":
        attack, defence = None, values.get("stunned_defence")
    elif mounted:
        prefix = "mounted_wounded_" if state == "wounded" else "mounted_"
        attack, defence = values.get(prefix + "attack"), values.get(prefix + "defence")
    else:
        prefix = "wounded_" if state == "wounded" else ""
        attack, defence = values.get(prefix + "attack"), values.get(prefix + "defence")
    if defence is None:
        raise InputError(f"{character.name}: pieces.csv prints no {state} defence for it")
    return Fighter(
        character.name, character.type, state, mounted, attack, defence, character.weapon
    )


def _kind(fighters: list[Fighter], what: str) -> str:
    kinds = {f.target for f in fighters}
    if len(kinds) > 1:
        listed = ", ".join(f.label() for f in fighters)
        raise InputError(
            f"{what}: {listed} mix mounted and foot; the tables take one kind a side "
            "(look up with havoc crt)"
        )
    return kinds.pop()


def _attack(attackers: list[Fighter]) -> tuple[int, ...]:
    for f in attackers:
        if f.attack is None:
            why = "stunned: may not attack" if f.state == "stunned" else "prints no attack"
            raise InputError(f"attacker {f.label()}: {why}")
    return tuple(f.attack for f in attackers if f.attack is not None)


def _defender(defenders: list[Fighter]) -> tuple[str, str]:
    """The state and kind the special rules take (one defender; several: the owner picks)."""
    if len(defenders) == 1:
        return defenders[0].state, defenders[0].special
    return "healthy", "character"


def melee(
    attackers: list[Fighter],
    defenders: list[Fighter],
    shifts: Shifts | None = None,
    die: int | None = None,
    seed: int | None = None,
) -> MeleeRequest:
    """The hand-to-hand lookup of ``attackers`` on ``defenders``."""
    table = f"{_kind(attackers, 'attackers')}-vs-{_kind(defenders, 'defenders')}"
    state, kind = _defender(defenders)
    return MeleeRequest(
        table=table,
        attack=_attack(attackers),
        defence=tuple(f.defence for f in defenders),
        shifts=shifts or Shifts(),
        die=die,
        seed=seed,
        defender_state=state,
        defender_kind=kind,
    )


def shot(
    shooter: list[Fighter],
    defenders: list[Fighter],
    hexes: int,
    cover: str | None = None,
    die: int | None = None,
    seed: int | None = None,
) -> MissileRequest:
    """The missile shot of one foot ``shooter`` with his weapon at one defender."""
    if len(shooter) != 1 or len(defenders) != 1:
        raise InputError("--range: one shooter fires at one target")
    f = shooter[0]
    if f.mounted:
        raise InputError(
            f"{f.name}: mounted characters may not fire missile weapons (give {f.name}:foot)"
        )
    if f.state == "stunned":
        raise InputError(f"{f.label()}: stunned: may not fire")
    target = defenders[0]
    return MissileRequest(
        weapon=f.weapon,
        hexes=hexes,
        defence=(target.defence,),
        target=target.target,
        cover=cover,
        die=die,
        seed=seed,
        defender_state=target.state,
        defender_kind=target.special,
    )


def sides_line(
    attackers: list[Fighter], defenders: list[Fighter], missile: bool = False
) -> list[str]:
    """``Thrugg Lumpthew (mounted) 22`` / ``v Grast (wounded, mounted) 7``: who, with which
    printed value (a shooter's strength is his weapon's, shown above)."""
    att = " + ".join(f.label() if missile else f"{f.label()} {f.attack}" for f in attackers)
    dfn = " + ".join(f"{f.label()} {f.defence}" for f in defenders)
    return [att, f"v {dfn}"]
