"""One Dark Blades combat or missile shot, from what a player gives to the finished record.

`resolve` takes a results table, strengths and the column shifts and returns a
`combat.Lookup` (or a `combat.NoShot` when the rules forbid the shot); `fire` does the same
for a missile weapon at a range (its strength band, its table for the target, no shot at range
1 for bows, the Gargoyle's Breath). Both are plain functions of the loaded data: the `havoc`
CLI prints their record, a web page or a printed sheet may present the same record.
"""

from __future__ import annotations

from typing import Any

from companion import dice
from companion.dark_blades import combat as c
from companion.dark_blades.completion import CellSource
from companion.dark_blades.crt import Crt
from companion.dark_blades.missiles import Missiles
from companion.dark_blades.readings import Reading
from companion.dark_blades.terrain import Terrain
from companion.errors import InputError


def resolve(
    crt: Crt,
    table: str,
    attack: list[int],
    defence: list[int],
    shift_args: dict[str, Any],
    die: int | None = None,
    seed: int | None = None,
    weapon: dict[str, Any] | None = None,
    void_rule: str | None = None,
    no_adverse: Reading | None = None,
    no_shot: tuple[str, str | None] | None = None,
    cells: CellSource | None = None,
) -> c.Lookup | c.NoShot:
    """The record of one lookup on ``table`` (any unique start of its name).

    ``shift_args`` are `combat.shifts_for`'s keywords; ``die`` a real die's face, else a roll
    seeded by ``seed``; ``no_shot`` (reason, rule) when the caller knows the shot is forbidden.
    """
    results = c.table_by_name(crt, table)
    reason, rule = no_shot or (c.no_shot(crt, results, shift_args.get("cover")), None)
    if reason is not None:
        if die is not None:
            c.parse_face(crt, die, None)  # a bad --die is still refused
        c.raw_odds(sum(attack), sum(defence))  # and strengths below 1
        cover = shift_args.get("cover")
        return c.NoShot(results, attack, defence, cover, reason, crt.source, weapon, rule)
    shifts = c.shifts_for(crt, results, **shift_args)
    face, rolled = c.parse_face(crt, die, dice.make_rng(seed) if die is None else None)
    look = c.lookup(
        crt, results.name, attack, defence, shifts, face, rolled, no_adverse, void_rule, cells
    )
    look.weapon = weapon
    look.seed = seed
    return look


def fire(
    crt: Crt,
    missiles: Missiles,
    weapon: str,
    hexes: int,
    defence: list[int],
    target: str,
    cover: str | None = None,
    magic_ring: bool = False,
    fast_rider: bool = False,
    die: int | None = None,
    seed: int | None = None,
    cover_terrain: Terrain | None = None,
    cells: CellSource | None = None,
) -> c.Lookup | c.NoShot:
    """A missile weapon (key or counter word) fired ``hexes`` away at one ``target``
    ("infantry" or "mounted") of ``defence``."""
    found, typed = missiles.find(weapon)
    if hexes < 1:
        raise InputError(f"--range {hexes}: expected 1 hex or more")
    band = found.band_at(hexes)
    if len(defence) > 1:
        raise InputError("--defence: a missile is fired at one target (one defence)")
    if cover not in (None, "none") and not found.cover:
        why = found.cover_reading.short if found.cover_reading else "no cover rule"
        raise InputError(f"--cover: not for the {found.name} ({why})")
    shift_args: dict[str, Any] = {"magic_ring": magic_ring, "fast_rider": fast_rider}
    if found.cover:
        shift_args["cover"] = cover or "none"
        shift_args["cover_terrain"] = cover_terrain
    about: dict[str, Any] = {
        "weapon": found.name,
        "range": hexes,
        "band": band.band,
        "strength": band.strength,
        "target": target,
        "typed": None if typed == found.key else typed,  # a counter word, e.g. "bow"
    }
    readings = []
    if typed != found.key:
        if found.counter_reading is not None:
            readings.append(found.counter_reading)
    no_shot = None
    if hexes == 1 and not found.adjacent:
        no_shot = ("range 1: adjacent to the target", missiles.adjacent_rule)
    record = resolve(
        crt,
        found.table_for(target),
        [band.strength],
        defence,
        shift_args,
        die,
        seed,
        about,
        void_rule=found.no_adverse,
        no_adverse=found.adverse_reading,
        no_shot=no_shot,
        cells=cells,
    )
    if isinstance(record, c.Lookup) and readings:
        record.readings = [*readings, *record.readings]
    return record
