"""One parser for each table lookup, shared by `havoc crt` / `havoc missile` and their phone
pages: strings in, a typed `MeleeRequest` or `MissileRequest` out, each refusal a
`companion.errors.FieldError` naming one of `MELEE_FIELDS` or `MISSILE_FIELDS`.

The front ends gather the fields as typed (the command merges its positional words and its
options first; the page reads its form) and name a refused field in their own words (the
command its option, the page its label): the cover, the terrain, the strengths, the die and
the defender's state are read here once, so the two cannot drift apart. `companion.dark_blades.
fight_form` does the same for a fight by the pieces' names.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.dark_blades import combat as c
from companion.dark_blades import terrain as ter
from companion.dark_blades.crt import Crt
from companion.dark_blades.lookups import MeleeRequest, MissileRequest, Shifts
from companion.dark_blades.request_fields import text, whole
from companion.dark_blades.states import HEALTH, KINDS
from companion.data import Cards
from companion.errors import FieldError, InputError
from companion.names import pick

SHARED = ("cover", "magic_ring", "fast_rider", "die", "seed", "defender_state", "defender_kind")
MELEE_FIELDS = (
    "table",
    "attack",
    "defence",
    "attacker_terrain",
    "defender_terrain",
    "magic_sword",
    *SHARED,
)
MISSILE_FIELDS = ("weapon", "range", "defence", "target", *SHARED)
SYMBOLS = ("+", "0", "-")  # a side's terrain without the terrain table


def strengths(values: Mapping[str, Any], field: str) -> tuple[int, ...]:
    """One side's strengths: ``8``, ``5,3`` or several values (each may hold commas)."""
    given = values.get(field)
    parts = [given] if isinstance(given, str | int) else list(given or [])
    return tuple(c.parse_strengths([str(p)[:60] for p in parts], field))


def choice(values: Mapping[str, Any], field: str, choices: tuple[str, ...]) -> str:
    """One of ``choices`` by any unique start (blank: the first)."""
    typed = text(values, field)
    if not typed:
        return choices[0]
    try:
        return pick(typed, choices, field.replace("_", " "))
    except InputError as e:
        raise FieldError(field, typed, e.message, named=True) from None


def cover(cards: Cards, crt: Crt, typed: str, target: str | None) -> tuple[str | None, Any]:
    """A cover kind, or the terrain rows it is read from, each by any unique start (``li``,
    ``tr``; a horseman's two hexes ``slope,tree``: the heavier counts); blank: none given.
    The kind and the terrain row (None for a kind)."""
    if not typed:
        return None, None
    try:
        if target is not None:
            ter.cover_hexes(typed, target)
        if typed in crt.cover:
            return typed, None
        table = ter.load_terrain(cards)
        names = [pick(part, [*crt.cover, *table.rows], "cover") for part in typed.split(",")]
        if len(names) == 1 and names[0] in crt.cover:
            return names[0], None
        return ter.cover_of(table, list(crt.cover), ",".join(names))
    except FieldError:
        raise
    except InputError as e:  # an unknown or ambiguous name: its message names the cover
        raise FieldError("cover", typed, e.message, named=True) from None


def terrain(cards: Cards, typed: str, role: str) -> str | ter.Advantage:
    """A side's terrain: ``+``, ``0``, ``-`` as they are (the terrain shift table), else the
    Terrain Types rows named (a horseman's two hexes: the most disadvantageous counts)."""
    typed = typed or "0"
    if typed in SYMBOLS:
        return typed
    return ter.advantage(ter.load_terrain(cards), typed, role, f"{role}_terrain")


def melee(cards: Cards, crt: Crt, values: Mapping[str, Any]) -> MeleeRequest:
    """A hand-to-hand (or any table's) lookup from its fields (`MELEE_FIELDS`): the table by
    name, the strengths, each side's terrain, the cover, the magic items and the die."""
    typed_table = text(values, "table")
    if not typed_table:
        raise FieldError("table", None, "give a results table")
    try:
        table = pick(typed_table, list(crt.tables), "results table")
    except InputError as e:
        raise FieldError("table", typed_table, e.message, named=True) from None
    kind, row = cover(cards, crt, text(values, "cover"), None)
    shifts = Shifts(
        attacker_terrain=terrain(cards, text(values, "attacker_terrain"), "attacker"),
        defender_terrain=terrain(cards, text(values, "defender_terrain"), "defender"),
        cover=kind,
        cover_terrain=row,
        magic_sword=bool(values.get("magic_sword")),
        magic_ring=bool(values.get("magic_ring")),
        fast_rider=bool(values.get("fast_rider")),
    )
    return MeleeRequest(
        table=table,
        attack=strengths(values, "attack"),
        defence=strengths(values, "defence"),
        shifts=shifts,
        die=whole(values, "die", 0, "a face like 7 (0 is ten)"),
        seed=whole(values, "seed", 0, "a whole number"),
        defender_state=choice(values, "defender_state", HEALTH),
        defender_kind=choice(values, "defender_kind", KINDS),
    )


def missile(cards: Cards, crt: Crt, values: Mapping[str, Any]) -> MissileRequest:
    """A missile shot from its fields (`MISSILE_FIELDS`): the weapon as named (a weapon or a
    counter word, checked by `fire`), the range, the target's defence and kind, the cover."""
    from companion.dark_blades.missiles import TARGETS  # not on `havoc fight`'s import path

    hexes = whole(values, "range", 1, "hexes like 12")
    if hexes is None:
        raise FieldError("range", None, "give the range in hexes")
    target = choice(values, "target", TARGETS)
    kind, row = cover(cards, crt, text(values, "cover"), target)
    return MissileRequest(
        weapon=text(values, "weapon")[:40],
        hexes=hexes,
        defence=strengths(values, "defence"),
        target=target,
        cover=kind,
        cover_terrain=row,
        magic_ring=bool(values.get("magic_ring")),
        fast_rider=bool(values.get("fast_rider")),
        die=whole(values, "die", 0, "a face like 7 (0 is ten)"),
        seed=whole(values, "seed", 0, "a whole number"),
        defender_state=choice(values, "defender_state", HEALTH),
        defender_kind=choice(values, "defender_kind", KINDS),
    )
