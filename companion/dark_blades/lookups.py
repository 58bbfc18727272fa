"""Typed requests for the Dark Blades lookups, shared by the CLI, the web pages and the map
tools: one frozen record per kind of lookup, with its column shifts as a typed record.

`MeleeRequest` is a hand-to-hand (or missile-table) lookup by strengths (`havoc crt`),
`MissileRequest` a missile weapon fired at a range (`havoc missile`); each front end parses its
own input into one of these and calls `companion.dark_blades.resolve` (``_replace`` makes a
changed copy). NamedTuples, not dataclasses: this module is on `havoc fight`'s import path.
"""

from typing import Any, NamedTuple

from companion.dark_blades.special import Hit
from companion.dark_blades.states import Health
from companion.dark_blades.terrain import Advantage, Terrain


class Shifts(NamedTuple):
    """What moves the column: terrain (``+ 0 -`` or an `Advantage` from terrain names), the
    target's cover (and the terrain row it was read from), the magic items, a fast rider."""

    attacker_terrain: str | Advantage = "0"
    defender_terrain: str | Advantage = "0"
    cover: str | None = None
    cover_terrain: Terrain | None = None
    magic_sword: bool = False
    magic_ring: bool = False
    fast_rider: bool = False

    def keywords(self) -> dict[str, Any]:
        """`combat.shifts_for`'s keywords (a shallow copy: the records stay records)."""
        return self._asdict()


class MeleeRequest(NamedTuple):
    """One lookup on a results table (any unique start of its name) by strengths; several
    attackers or defenders combine. ``die``: a real die's face, else a roll seeded by ``seed``.
    ``defender_state``: the defender's state before the blow (one of `STATES`)."""

    table: str
    attack: tuple[int, ...]
    defence: tuple[int, ...]
    shifts: Shifts = Shifts()
    die: int | None = None
    seed: int | None = None
    defender_state: str = Health.HEALTHY
    defender_kind: str = "character"  # or dog, mule, troll (their special rules)
    defender_boxed: bool = False  # the defender cannot retreat (the user says so)
    attacker: Hit | None = None  # the one attacker's state and kind; None: unknown or several
    defender_footing: str = ""  # bridge or stepping-stones (a retreat falls in); "": elsewhere


class MissileRequest(NamedTuple):
    """A missile weapon (key or counter word) fired ``hexes`` away at one ``target``
    ("infantry" or "mounted") of ``defence``, in ``cover`` (a cover kind; ``cover_terrain`` the
    terrain row it was read from)."""

    weapon: str
    hexes: int
    defence: tuple[int, ...]
    target: str
    cover: str | None = None
    cover_terrain: Terrain | None = None
    magic_ring: bool = False
    fast_rider: bool = False
    die: int | None = None
    seed: int | None = None
    defender_state: str = Health.HEALTHY
    defender_kind: str = "character"
    defender_boxed: bool = False
