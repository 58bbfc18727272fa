"""The Who's Next secret ring as pure functions over an immutable state.

The ring is one cycle: every alive player hunts exactly one victim, and following victims from
anyone visits every alive player once before coming back. It is built from one random shuffle
(each player's victim is the next in the shuffled order), never as a derangement, which could
split into several small loops.

Any death takes the dead player out of the ring: whoever hunted him inherits his victim (the
umpire hands over the dead player's slip), which keeps a single cycle. Rules decisions are made
by the ``plan_*`` functions, which only *read* a `RingView` (the in-memory `Ring`, or the SQLite
store's view of a game file) and return a `Death`; `apply` and `undo` are the mechanical steps
that the store repeats as row updates.
"""

from __future__ import annotations

import random
import unicodedata
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Protocol

from companion.errors import FieldError, InputError

MIN_PLAYERS = 3
MAX_NAME = 30
MAX_PLAYERS = 10_000  # the largest ring the kit draws (benchmarks/ring_10000.py plays one)
DEFENDER_DIES = "defender-dies"
ATTACKER_DIES = "attacker-dies"
EFFECTS = (DEFENDER_DIES, ATTACKER_DIES)


class Undecided(FieldError):
    """The dice rolled at the table (field ``die``) do not finish a duel at ``alive`` players
    left (the contest: both roll). ``throws``: the pairs thrown so far, attacker's first;
    ``tie``: the last pair was a tie (throw again), else the last throw had only the
    attacker's die (both roll). Raised before anything is written."""

    def __init__(
        self, attacker: str, defender: str, alive: int, throws: tuple[tuple[int, ...], ...]
    ) -> None:
        self.attacker, self.defender, self.alive, self.throws = attacker, defender, alive, throws
        self.tie = bool(throws) and len(throws[-1]) == 2 and throws[-1][0] == throws[-1][1]
        if self.tie:
            why = f"tie {throws[-1][0]} v {throws[-1][1]}: throw again (nobody died)"
        else:
            why = (
                f"{alive} players left: both roll one die, highest wins (the rules): "
                "give both faces, the attacker's first"
            )
        super().__init__("die", " ".join(str(f) for t in throws for f in t), why, echo=True)


class RingView(Protocol):
    """What the rules need to read from a game, in memory or in a game file."""

    def lookup(self, name: str) -> str | None:
        """The player's name as entered, found case-insensitively; None if unknown."""

    def is_alive(self, player: str) -> bool: ...

    def victim_of(self, player: str) -> str: ...

    def hunter_of(self, player: str) -> str: ...

    def alive_count(self) -> int: ...

    def death_count(self) -> int: ...

    def winner(self) -> str | None:
        """The last one standing, once only one is left."""


@dataclass(frozen=True)
class Death:
    """One death, with everything needed to undo it.

    ``by`` killed ``dead``; ``hunter`` (who was hunting ``dead``) now hunts ``inherited``
    (``dead``'s victim). ``own_victim``: ``dead`` was ``by``'s victim. ``how`` is ``kill``
    (reported by the umpire) or ``duel`` (rolled here, ``rolls`` as thrown).
    """

    number: int
    dead: str
    by: str
    hunter: str
    inherited: str
    own_victim: bool
    how: str
    rolls: tuple[tuple[int, ...], ...] = ()

    def as_dict(self) -> dict[str, Any]:
        """Stable JSON keys (the ring itself is never in it)."""
        return {
            "number": self.number,
            "dead": self.dead,
            "killed_by": self.by,
            "own_victim": self.own_victim,
            "how": self.how,
            "rolls": [list(r) for r in self.rolls],
        }


def name_key(name: str) -> str:
    """The case-insensitive form of a name (duplicates and look-ups use it)."""
    return unicodedata.normalize("NFC", name).casefold()


# Letters of other alphabets (and digits) drawn like a Latin letter, as they stand after
# casefolding: Cyrillic and Greek capitals and small letters, 0 and 1. A kit-made subset of
# Unicode's confusables (UTS #39) covering the alphabets players' names mix.
_LOOK_ALIKE = str.maketrans(
    "авеѕіјкмнорстухԁһӏԛԝӕαβεζηικμνορτυχ01",
    "abesijkmhopctyxdhlqwæabezhikmnoptyxol",
)
# Characters that draw nothing (or a blank) though they are not spaces or controls.
_BLANK = frozenset("\u115f\u1160\u3164\uffa0\u2800\u180e\u17b4\u17b5")


def skeleton(name: str) -> str:
    """What a name looks like: NFKC, case-folded, look-alike letters of other alphabets
    mapped to the Latin letter they are drawn as (``Аnn`` with a Cyrillic А is ``ann``)."""
    return unicodedata.normalize("NFKC", name).casefold().translate(_LOOK_ALIKE)


def shows_blank(name: str) -> bool:
    """True when nothing of ``name`` would be seen: only spaces, marks and blank fillers."""
    return all(
        c in _BLANK or c.isspace() or unicodedata.category(c) in ("Mn", "Me", "Cf", "Zs")
        for c in name
    )


@dataclass(frozen=True)
class Ring:
    """A game: players in the order entered, the alive ring, the deaths in order."""

    players: tuple[str, ...]
    victims: Mapping[str, str]  # alive player -> his victim
    deaths: tuple[Death, ...] = ()
    hunters: Mapping[str, str] = field(init=False, repr=False, compare=False)
    keys: Mapping[str, str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "victims", MappingProxyType(dict(self.victims)))
        hunters = {v: h for h, v in self.victims.items()}
        object.__setattr__(self, "hunters", MappingProxyType(hunters))
        object.__setattr__(self, "keys", MappingProxyType({name_key(p): p for p in self.players}))

    # RingView
    def lookup(self, name: str) -> str | None:
        return self.keys.get(name_key(name))

    def is_alive(self, player: str) -> bool:
        return player in self.victims

    def victim_of(self, player: str) -> str:
        return self.victims[player]

    def hunter_of(self, player: str) -> str:
        return self.hunters[player]

    def alive_count(self) -> int:
        return len(self.victims)

    def death_count(self) -> int:
        return len(self.deaths)

    def winner(self) -> str | None:
        return next(iter(self.victims)) if len(self.victims) == 1 else None


# --------------------------------------------------------------------------- building


def check_names(names: Iterable[str]) -> list[str]:
    """Names as entered (trimmed), refusing blanks, duplicates (any case) and too few."""
    cleaned: list[str] = []
    seen: dict[str, str] = {}
    looks: dict[str, str] = {}
    for index, raw in enumerate(names, 1):
        if index > MAX_PLAYERS:
            raise InputError(f"a ring holds at most {MAX_PLAYERS:,} players")
        raw = str(raw)
        if any(unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp") for c in raw):
            shown = raw if len(raw) <= MAX_NAME else raw[:12] + "..."
            raise InputError(
                f"player name {shown!r} contains a control character (a tab or new line?)"
            )
        name = " ".join(raw.split())
        if not name or shows_blank(name):
            raise InputError(
                "a player name cannot be blank" if not name else f"player name {name!r} shows blank"
            )
        if len(name) > MAX_NAME:
            raise InputError(f"player name {name[:12]!r}... is longer than {MAX_NAME} characters")
        if any(unicodedata.category(c).startswith("C") for c in name):
            raise InputError(f"player name {name!r} contains a control character")
        first = seen.get(name_key(name))
        if first is not None:
            raise InputError(f"duplicate player name {name!r} (same as {first!r})")
        seen[name_key(name)] = name
        like = looks.get(skeleton(name))
        if like is not None:
            raise InputError(
                f"player name {name!r} looks just like {like!r}: give names that differ to the eye"
            )
        looks[skeleton(name)] = name
        cleaned.append(name)
    if len(cleaned) < MIN_PLAYERS:
        raise InputError(
            f"a ring needs at least {MIN_PLAYERS} players (got {len(cleaned)}); "
            "the rules suggest five or more"
        )
    return cleaned


def new_ring(names: Iterable[str], rng: random.Random | None = None) -> Ring:
    """A fresh ring over ``names``: one shuffle, each player hunts the next in shuffled order.

    ``rng`` defaults to the system's cryptographic source, so nobody can predict the ring.
    """
    players = check_names(names)
    order = list(players)
    (rng or random.SystemRandom()).shuffle(order)
    victims = {p: order[(i + 1) % len(order)] for i, p in enumerate(order)}
    return Ring(tuple(players), victims)


def arranged_ring(order: Iterable[str]) -> Ring:
    """The ring as the umpire arranged it: each player hunts the next in ``order``, the last
    hunts the first (the rules: "the umpire secretly arranges the characters names in a
    ring").

    The players are kept in name order (any case), not in ``order``: anything that lists
    them (`ring status`) must not give the ring away.
    """
    ring = check_names(order)
    victims = {p: ring[(i + 1) % len(ring)] for i, p in enumerate(ring)}
    return Ring(tuple(sorted(ring, key=lambda p: (name_key(p), p))), victims)


def cycle(ring: Ring, start: str | None = None) -> list[str]:
    """The alive players in ring order from ``start`` (for the umpire and for checks)."""
    if not ring.victims:
        return []
    first = start if start is not None else next(iter(ring.victims))
    order, player = [first], ring.victims[first]
    while player != first and len(order) <= len(ring.victims):
        order.append(player)
        player = ring.victims[player]
    return order


def is_single_cycle(victims: Mapping[str, str]) -> bool:
    """True when following victims from anyone visits every key once and comes back."""
    if not victims:
        return False
    start = next(iter(victims))
    seen, player = {start}, victims[start]
    while player != start:
        if player in seen or player not in victims:
            return False
        seen.add(player)
        player = victims[player]
    return len(seen) == len(victims)


# --------------------------------------------------------------------------- the rules


def _refuse_if_over(view: RingView) -> None:
    winner = view.winner()
    if winner is not None:
        raise InputError(
            f"the game is over ({winner} is the last one standing): see `havoc ring scores`"
        )


def alive_player(view: RingView, name: str) -> str:
    """The named player (any case) if he is in the game and alive; else a clear refusal."""
    player = view.lookup(name)
    if player is None:
        raise InputError(f"no player named {name!r} in this game")
    if not view.is_alive(player):
        raise InputError(f"{player} is dead")
    return player


def victim(view: RingView, name: str) -> str:
    """The current victim of an alive player (the umpire's `ring show`)."""
    _refuse_if_over(view)
    return view.victim_of(alive_player(view, name))


def _two_players(view: RingView, first: str, second: str) -> tuple[str, str]:
    _refuse_if_over(view)
    a, b = alive_player(view, first), alive_player(view, second)
    if a == b:
        raise InputError(f"{a} cannot attack himself")
    return a, b


def _death(view: RingView, dead: str, by: str, how: str, rolls: tuple = ()) -> Death:
    return Death(
        number=view.death_count() + 1,
        dead=dead,
        by=by,
        hunter=view.hunter_of(dead),
        inherited=view.victim_of(dead),
        own_victim=view.victim_of(by) == dead,
        how=how,
        rolls=rolls,
    )


class NotTheVictim(InputError):
    """A kill of someone who is not the killer's victim (``killer``, ``dead``: the players, as
    named in the ring): a front end may point to the duel, the way any other death goes."""

    def __init__(self, killer: str, dead: str) -> None:
        self.killer, self.dead = killer, dead
        super().__init__(f"{dead} is not {killer}'s victim")


def plan_kill(view: RingView, killer: str, dead: str) -> Death:
    """The umpire confirms KILLER killed his own victim; refuse anything else."""
    k, v = _two_players(view, killer, dead)
    if view.victim_of(k) != v:
        raise NotTheVictim(k, v)
    return _death(view, v, k, "kill")


def plan_duel(
    view: RingView,
    attacker: str,
    defender: str,
    effect_of: Callable[[int], str],
    roll: Callable[[], int],
    *,
    contest_at: int,
    more: Callable[[], bool] | None = None,
) -> Death:
    """ATTACKER attacks DEFENDER (anyone adjacent, not only his victim); one of them dies.

    More than ``contest_at`` alive: one die, looked up with ``effect_of`` (the attack table).
    ``contest_at`` or fewer (cards/whos-next/duel.toml): both roll (attacker first), highest
    wins, ties are thrown again. ``more``: whether another die can be had (the faces typed at
    the table may run out); when they run out in the contest, `Undecided` says why: a tie
    (throw again) or a throw with one die (both roll).
    """
    a, d = _two_players(view, attacker, defender)
    alive = view.alive_count()
    if alive <= contest_at:
        throws: list[tuple[int, ...]] = []
        while True:
            first = roll()
            if more is not None and not more():
                raise Undecided(a, d, alive, (*throws, (first,)))
            pair = (first, roll())
            throws.append(pair)
            if pair[0] != pair[1]:
                break
            if more is not None and not more():
                raise Undecided(a, d, alive, tuple(throws))
        dead, by = (d, a) if pair[0] > pair[1] else (a, d)
        return _death(view, dead, by, "duel", tuple(throws))
    face = roll()
    effect = effect_of(face)
    dead, by = (d, a) if effect == DEFENDER_DIES else (a, d)
    return _death(view, dead, by, "duel", ((face,),))


def apply(ring: Ring, death: Death) -> Ring:
    """The ring after ``death``: the hunter inherits the dead player's victim."""
    victims = dict(ring.victims)
    del victims[death.dead]
    victims[death.hunter] = death.inherited
    return Ring(ring.players, victims, ring.deaths + (death,))


def undo(ring: Ring) -> tuple[Ring, Death]:
    """The ring before its last death, and that death; refused when nobody has died."""
    if not ring.deaths:
        raise InputError("nothing to undo: nobody has died yet")
    death = ring.deaths[-1]
    victims = dict(ring.victims)
    victims[death.hunter] = death.dead
    victims[death.dead] = death.inherited
    return Ring(ring.players, victims, ring.deaths[:-1]), death


def kill(ring: Ring, killer: str, dead: str) -> Ring:
    """`plan_kill` then `apply`."""
    return apply(ring, plan_kill(ring, killer, dead))


def duel(
    ring: Ring,
    attacker: str,
    defender: str,
    effect_of: Callable[[int], str],
    roll: Callable[[], int],
    *,
    contest_at: int,
) -> Ring:
    """`plan_duel` then `apply`."""
    return apply(ring, plan_duel(ring, attacker, defender, effect_of, roll, contest_at=contest_at))


def kills(ring: Ring) -> dict[str, tuple[int, int]]:
    """Per player (every player, entry order): (kills of his own victim, other kills)."""
    tally = {p: [0, 0] for p in ring.players}
    for death in ring.deaths:
        tally[death.by][0 if death.own_victim else 1] += 1
    return {p: (own, other) for p, (own, other) in tally.items()}


def alive(ring: Ring) -> list[str]:
    """Alive players in the order entered (never the ring order)."""
    return [p for p in ring.players if p in ring.victims]
