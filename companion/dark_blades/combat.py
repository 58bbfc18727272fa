"""Dark Blades combat: odds, column shifts and their reasons, and the whole lookup chain.

Odds (rulebook, Combat): attack ÷ defence rounded DOWN, so 8 v 3 is 2-1. Below 1-1 the odds
are 1-N with N rounded UP (the defender's favour): 6 v 10 is 1-2. The rules do not say whether
column shifts apply before or after odds beyond the table are brought to its ends; the kit
puts the raw odds on the table's nearest column first, then shifts, then keeps the result
on the table (each step is shown). Every number comes from the tables in
`companion.dark_blades.crt`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from companion import dice
from companion.dark_blades.crt import MISSING, Crt, ResultsTable, odds_value
from companion.errors import DataError, InputError


@dataclass(frozen=True)
class Shift:
    reason: str
    columns: int


@dataclass
class Lookup:
    """The whole chain of one combat lookup, as shown to the user."""

    table: ResultsTable
    attack: list[int]
    defence: list[int]
    raw_odds: str
    start: int  # column index of the raw odds on the table
    start_note: str | None
    shifts: list[Shift]
    column: int
    end_note: str | None
    face: int
    rolled: bool
    cell: str  # "" when the rules lost it
    meaning: str
    footnote: str | None
    fill_in: str | None
    chances: list[tuple[str, tuple[int, ...]]] = field(default_factory=list)
    weapon: dict[str, Any] | None = None


def raw_odds(attack: int, defence: int) -> str:
    """Attack ÷ defence as the rules round it: 8 v 3 → "2-1", 6 v 10 → "1-2"."""
    if attack < 1 or defence < 1:
        raise InputError("attack and defence strengths must be 1 or more")
    if attack >= defence:
        return f"{attack // defence}-1"
    return f"1-{-(-defence // attack)}"


def place_on_table(crt: Crt, odds: str) -> tuple[int, str | None]:
    """The column of ``odds`` (the highest column not above it), or the table's nearest end."""
    value = odds_value(odds)
    values = [odds_value(c) for c in crt.columns]
    if value < values[0]:
        return 0, f"{odds} is below the table: {crt.columns[0]}"
    if value > values[-1]:
        return len(values) - 1, f"{odds} is above the table: {crt.columns[-1]}"
    index = max(i for i, v in enumerate(values) if v <= value)
    if values[index] != value:
        return index, f"{odds} is not a column: {crt.columns[index]}"
    return index, None


def _applies(applies: tuple[str, ...], table: ResultsTable) -> bool:
    return table.kind in applies or table.name in applies


def direction(columns: int) -> str:
    n = abs(columns)
    return f"{'right' if columns > 0 else 'left'} {n} column{'s' if n != 1 else ''}"


def shifts_for(
    crt: Crt,
    table: ResultsTable,
    attacker_terrain: str = "0",
    defender_terrain: str = "0",
    cover: str | None = None,
    magic_sword: bool = False,
    magic_ring: bool = False,
    fast_rider: bool = False,
) -> list[Shift]:
    """Every column shift that applies, with its reason; refuses ones that cannot apply."""
    out: list[Shift] = []
    if (attacker_terrain, defender_terrain) != ("0", "0"):
        if table.kind != "hand-to-hand":
            raise InputError(
                "--attacker-terrain/--defender-terrain: for hand-to-hand combat only; "
                "missile fire uses --cover"
            )
        entry = crt.terrain.get((attacker_terrain, defender_terrain))
        if entry is None:
            raise DataError(
                f"no terrain row for attacker {attacker_terrain} v defender {defender_terrain}",
                crt.path,
            )
        columns, text = entry
        reason = f"terrain: attacker {attacker_terrain}, defender {defender_terrain}: {text}"
        out.append(Shift(reason, columns))
    if cover is not None:
        if table.kind != "missile":
            raise InputError("--cover: for missile fire only (the missile tables)")
        if cover not in crt.cover:
            raise InputError(f"--cover: expected one of {', '.join(crt.cover)}, got {cover!r}")
        columns_or_none, text = crt.cover[cover]
        if columns_or_none is None:
            raise InputError(f"--cover {cover}: no shot: {text}")
        if columns_or_none:
            out.append(Shift(f"cover {cover}: {text}", columns_or_none))
    for name, wanted in (
        ("magic-sword", magic_sword),
        ("magic-ring", magic_ring),
        ("fast-rider", fast_rider),
    ):
        if not wanted:
            continue
        if name not in crt.shifts:
            raise DataError(f"no [shifts.{name}] entry", crt.path)
        columns, applies, text = crt.shifts[name]
        if not _applies(applies, table):
            raise InputError(f"--{name}: not for {table.name} (only {', '.join(applies)})")
        out.append(Shift(text, columns))
    return out


def parse_strengths(values: tuple[str, ...] | list[str], what: str) -> list[int]:
    """``("5,4", "3")`` → ``[5, 4, 3]`` (several attackers, or several defenders, combined)."""
    out: list[int] = []
    for value in values:
        for part in str(value).split(","):
            part = part.strip()
            if not part.isdigit() or len(part) > 6:
                raise InputError(f"--{what}: expected whole numbers like 8 or 5,3, got {part!r}")
            number = int(part)
            if number < 1:
                raise InputError(f"--{what}: strengths must be 1 or more, got {number}")
            out.append(number)
    if not out:
        raise InputError(f"--{what}: give a strength")
    return out


def no_shot(crt: Crt, table: ResultsTable, cover: str | None) -> str | None:
    """Why a missile may not be fired at all (cover the rules rule out), else None.

    A valid RESULT, not an error: commands report it as the outcome. Anything else wrong with
    ``cover`` is left to `shifts_for`, which refuses it.
    """
    if cover is None or table.kind != "missile" or cover not in crt.cover:
        return None
    columns, text = crt.cover[cover]
    return text if columns is None else None


def parse_face(crt: Crt, face: int | None, rng: random.Random | None) -> tuple[int, bool]:
    """The die face: the one given (checked against the die), or a roll of ``rng``."""
    if face is None:
        rolled, _ = dice.roll_face(crt.die, rng or dice.make_rng(None))
        return rolled, True
    face = dice.d10_face(face, crt.die)  # a d10's ten is the printed 0
    if face not in crt.faces:
        shown = dice.face_runs(crt.faces, crt.faces)
        raise InputError(f"--die {face}: a {crt.die} face is {shown} (0 is ten)")
    return face, False


def lookup(
    crt: Crt,
    table_name: str,
    attack: list[int],
    defence: list[int],
    shifts: list[Shift],
    face: int,
    rolled: bool = False,
) -> Lookup:
    """Resolve one combat: odds, the column after ``shifts``, the cell for ``face``."""
    table = table_by_name(crt, table_name)
    odds = raw_odds(sum(attack), sum(defence))
    start, start_note = place_on_table(crt, odds)
    wanted = start + sum(s.columns for s in shifts)
    column = min(max(wanted, 0), len(crt.columns) - 1)
    end_note = None
    if column != wanted:
        end = "left" if wanted < 0 else "right"
        end_note = f"shifted past the {end} end: {crt.columns[column]}"
    cell = crt.cell(table, face, column)
    meaning = crt.meaning(table, cell) if cell else MISSING
    footnote = None
    for mark, text in crt.footnotes.items():
        if cell and mark in table.key.get(cell, ""):
            footnote = text
    groups: dict[str, list[int]] = {}
    for f in crt.faces:
        groups.setdefault(crt.cell(table, f, column), []).append(f)
    chances = [(c, tuple(fs)) for c, fs in groups.items()]
    return Lookup(
        table=table,
        attack=attack,
        defence=defence,
        raw_odds=odds,
        start=start,
        start_note=start_note,
        shifts=shifts,
        column=column,
        end_note=end_note,
        face=face,
        rolled=rolled,
        cell=cell,
        meaning=meaning,
        footnote=footnote,
        fill_in=None if cell else crt.where(table, face, column),
        chances=chances,
    )


def table_by_name(crt: Crt, name: str) -> ResultsTable:
    if name not in crt.tables:
        raise InputError(f"no results table {name!r}: expected one of {', '.join(crt.tables)}")
    return crt.tables[name]
