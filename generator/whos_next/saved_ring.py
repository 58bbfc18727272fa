"""The saved Who's Next ring, read-only, and the slips it means on paper.

Reads the game through `companion.whos_next.store.Store`'s public ``load`` (never its tables)
and steps back through the deaths with the companion's own `ring.undo`. On paper each player
starts with one slip naming his victim; when a player dies, whoever hunted him is handed the
dead player's slip, so a slip never changes: only who holds it. A holder's current slip is
therefore the *original* slip that names his current victim.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from companion.errors import InputError
from companion.whos_next import ring as rules
from companion.whos_next.store import NoGame, Store, default_game_path


@dataclass(frozen=True)
class Slip:
    """One slip as held now: its number (its first holder's place in the entry order, from 1),
    who first held it, who holds it now, the victim it names, and after which death it last
    changed hands (0: the one drawn)."""

    number: int
    first_holder: str
    holder: str
    victim: str
    since: int


def load_ring(game: Path | None) -> rules.Ring | None:
    """The saved ring; None when no game file was named and the default one holds no game."""
    if game is None:
        path = default_game_path()
        if not path.exists():
            return None
        try:
            with Store(path) as store:
                return store.load()
        except NoGame:
            return None
    if not Path(game).exists():
        raise InputError("--game: no such game file", game)
    with Store(game) as store:
        return store.load()


def ring_after(ring: rules.Ring, deaths: int) -> rules.Ring:
    """The ring as it stood after its first ``deaths`` deaths (0: as drawn)."""
    if deaths < 0:
        raise InputError(f"--changed-since: expected 0 or more deaths, got {deaths}")
    while len(ring.deaths) > deaths:
        ring, _ = rules.undo(ring)
    return ring


def current_slips(ring: rules.Ring) -> list[Slip]:
    """Every alive player's slip now, in the order the players were entered."""
    drawn = ring_after(ring, 0)
    first_holder = {victim: hunter for hunter, victim in drawn.victims.items()}
    since = {}
    for death in ring.deaths:
        since[death.hunter] = death.number
    number = {player: index for index, player in enumerate(ring.players, 1)}
    slips = []
    for holder in rules.alive(ring):
        victim = ring.victims[holder]
        first = first_holder[victim]
        slips.append(Slip(number[first], first, holder, victim, since.get(holder, 0)))
    return slips


def changed_since(ring: rules.Ring, deaths: int) -> list[Slip]:
    """The slips now held by someone whose victim changed after death number ``deaths``."""
    if deaths > len(ring.deaths):
        raise InputError(f"--changed-since: only {len(ring.deaths)} deaths so far, got {deaths}")
    before = ring_after(ring, deaths)
    return [s for s in current_slips(ring) if before.victims.get(s.holder) != s.victim]
