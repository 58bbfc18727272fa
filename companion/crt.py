"""Dark Blades combat lookups: odds, column shifts and the six results tables from cards/.

Everything the lookups know comes from ``cards/dark-blades/crt.toml`` (the tables, their keys,
the terrain shift table, cover, the Magic Sword and Ring, the fast rider) and
``cards/dark-blades/missiles.toml`` (range bands and strengths). A blank cell ("") is one the
printed rules lost: the lookup answers "not in the source rules" and names the file and cell.

Odds (rulebook, Combat): attack ÷ defence rounded DOWN, so 8 v 3 is 2-1. Below 1-1 the odds
are 1-N with N rounded UP (the defender's favour): 6 v 10 is 1-2. The rules do not say whether
column shifts apply before or after odds beyond the table are brought to its ends; the kit
puts the raw odds on the table's nearest column first, then shifts, then keeps the result
on the table (each step is shown).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion import dice
from companion.data import Cards, expect, read_toml, require, unknown_keys
from companion.errors import DataError, InputError, display_path

GAME = "dark-blades"
MISSING = "not in the source rules"
TERRAIN = ("+", "0", "-")
_ODDS = re.compile(r"(\d{1,3})-(\d{1,3})")


@dataclass(frozen=True)
class ResultsTable:
    """One results table: its key and its cells (face → one cell per column; "" = missing)."""

    name: str
    title: str
    kind: str  # "hand-to-hand" or "missile"
    target: str  # "infantry" or "mounted"
    key: dict[str, str]
    rows: dict[int, tuple[str, ...]]
    note: str | None = None


@dataclass(frozen=True)
class Crt:
    """The whole of crt.toml, checked."""

    path: Path
    source: str
    die: str
    faces: tuple[int, ...]
    columns: tuple[str, ...]
    marks: dict[str, str]
    footnotes: dict[str, str]
    tables: dict[str, ResultsTable]
    terrain: dict[tuple[str, str], tuple[int, str]]
    cover: dict[str, tuple[int | None, str]]  # None columns = may not be fired upon
    shifts: dict[str, tuple[int, tuple[str, ...], str]]

    def cell(self, table: ResultsTable, face: int, column: int) -> str:
        cells = table.rows.get(face, ())
        return cells[column] if column < len(cells) else ""

    def meaning(self, table: ResultsTable, cell: str) -> str:
        return table.key.get(cell) or self.marks.get(cell, "")

    def where(self, table: ResultsTable, face: int, column: int) -> str:
        """The file and cell a user can fill in, e.g. ``... [infantry-vs-infantry] row 2, ...``."""
        return f"{display_path(self.path)} {self.cell_name(table, face, column)}"

    def cell_name(self, table: ResultsTable, face: int, column: int) -> str:
        return f"[{table.name}] row {face}, column {self.columns[column]}"


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


# --------------------------------------------------------------------------- reading


def odds_value(label: str) -> float:
    """``"2-1"`` → 2.0, ``"1-2"`` → 0.5."""
    a, b = (int(x) for x in label.split("-"))
    return a / b


def _faces_of(die: str, path: Path) -> tuple[int, ...]:
    try:
        return tuple(dice.table_faces(die))
    except InputError as exc:
        raise DataError(f"key 'die': {exc.message}", path) from None


def load_crt(cards: Cards) -> Crt:
    """Read and check ``cards/dark-blades/crt.toml``."""
    path = cards.path(GAME, "crt.toml")
    data = read_toml(path)
    reserved = {"source", "die", "faces", "columns", "marks", "footnotes"}
    reserved |= {"terrain", "cover", "shifts"}
    source = require(data, "source", str, path)
    die = require(data, "die", str, path)
    die_faces = _faces_of(die, path)
    faces = tuple(require(data, "faces", list, path))
    for f in faces:
        expect(f, int, path, "faces")
        if f not in die_faces:
            raise DataError(f"key 'faces': {f} is not a face of a {die}", path)
    columns = tuple(require(data, "columns", list, path))
    values = []
    for label in columns:
        expect(label, str, path, "columns")
        m = _ODDS.fullmatch(label)
        if not m or "1" not in m.groups() or "0" in m.groups():
            raise DataError(f"key 'columns': expected odds like 1-2 or 3-1, got {label!r}", path)
        values.append(odds_value(label))
    if values != sorted(set(values)):
        raise DataError("key 'columns': odds must go from lowest to highest, once each", path)
    marks = _text_table(data, "marks", path)
    footnotes = _text_table(data, "footnotes", path)

    tables: dict[str, ResultsTable] = {}
    for name, body in data.items():
        if name in reserved:
            continue
        expect(body, dict, path, name)
        tables[name] = _results_table(name, body, path, faces, columns, marks)
    if not tables:
        raise DataError("no results tables (expected e.g. [infantry-vs-infantry])", path)

    terrain: dict[tuple[str, str], tuple[int, str]] = {}
    for i, entry in enumerate(require(data, "terrain", list, path)):
        where = f"terrain[{i}]"
        expect(entry, dict, path, where)
        unknown_keys(entry, ("attacker", "defender", "columns", "text"), path, where)
        a = require(entry, "attacker", str, path, where)
        d = require(entry, "defender", str, path, where)
        if a not in TERRAIN or d not in TERRAIN:
            raise DataError(f"key '{where}': attacker/defender must be +, 0 or -", path)
        terrain[(a, d)] = (
            require(entry, "columns", int, path, where),
            require(entry, "text", str, path, where),
        )
    cover: dict[str, tuple[int | None, str]] = {}
    for name, entry in require(data, "cover", dict, path).items():
        where = f"cover.{name}"
        expect(entry, dict, path, where)
        unknown_keys(entry, ("columns", "no_shot", "text"), path, where)
        text = require(entry, "text", str, path, where)
        if entry.get("no_shot") is True:
            cover[name] = (None, text)
        else:
            cover[name] = (require(entry, "columns", int, path, where), text)
    shifts: dict[str, tuple[int, tuple[str, ...], str]] = {}
    for name, entry in require(data, "shifts", dict, path).items():
        where = f"shifts.{name}"
        expect(entry, dict, path, where)
        unknown_keys(entry, ("columns", "tables", "text"), path, where)
        applies = tuple(require(entry, "tables", list, path, where))
        for t in applies:
            if t not in ("hand-to-hand", "missile") and t not in tables:
                raise DataError(f"key '{where}.tables': no results table {t!r}", path)
        shifts[name] = (
            require(entry, "columns", int, path, where),
            applies,
            require(entry, "text", str, path, where),
        )
    return Crt(path, source, die, faces, columns, marks, footnotes, tables, terrain, cover, shifts)


def _text_table(data: dict[str, Any], key: str, path: Path) -> dict[str, str]:
    table = require(data, key, dict, path)
    for k, v in table.items():
        expect(v, str, path, f"{key}.{k}")
    return dict(table)


def _results_table(
    name: str,
    body: dict[str, Any],
    path: Path,
    faces: tuple[int, ...],
    columns: tuple[str, ...],
    marks: dict[str, str],
) -> ResultsTable:
    unknown_keys(body, ("title", "kind", "target", "note", "key", "rows"), path, name)
    kind = require(body, "kind", str, path, name)
    if kind not in ("hand-to-hand", "missile"):
        raise DataError(f"key '{name}.kind': expected hand-to-hand or missile, got {kind!r}", path)
    key = require(body, "key", dict, path, name)
    for letter, text in key.items():
        expect(text, str, path, f"{name}.key.{letter}")
    rows: dict[int, tuple[str, ...]] = {}
    for face_s, cells in require(body, "rows", dict, path, name).items():
        where = f"{name}.rows.{face_s}"
        if not face_s.isdigit() or int(face_s) not in faces:
            raise DataError(f"key '{where}': a row must be a die face ({faces})", path)
        expect(cells, list, path, where)
        if len(cells) > len(columns):
            raise DataError(f"key '{where}': {len(cells)} cells for {len(columns)} columns", path)
        for cell in cells:
            expect(cell, str, path, where)
            if cell and cell not in key and cell not in marks:
                raise DataError(
                    f"key '{where}': {cell!r} is not in the table's key "
                    f"({', '.join(key)}) nor a mark ({', '.join(marks)})",
                    path,
                )
        rows[int(face_s)] = tuple(cells)
    note = body.get("note")
    if note is not None:
        expect(note, str, path, f"{name}.note")
    return ResultsTable(
        name,
        require(body, "title", str, path, name),
        kind,
        require(body, "target", str, path, name),
        dict(key),
        rows,
        note,
    )


# --------------------------------------------------------------------------- odds and shifts


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
                "terrain shifts are for hand-to-hand combat; missile fire uses --cover"
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
            raise InputError("--cover is for missile fire (the missile tables)")
        if cover not in crt.cover:
            raise InputError(f"--cover: expected one of {', '.join(crt.cover)}, got {cover!r}")
        columns_or_none, text = crt.cover[cover]
        if columns_or_none is None:
            raise InputError(f"no shot: {text} (cover {cover})")
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
            raise InputError(f"{name} does not apply to {table.name} (only {', '.join(applies)})")
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


def parse_face(crt: Crt, face: int | None, rng: random.Random | None) -> tuple[int, bool]:
    """The die face: the one given (checked against the die), or a roll of ``rng``."""
    if face is None:
        rolled, _ = dice.roll_face(crt.die, rng or dice.make_rng(None))
        return rolled, True
    if face not in crt.faces:
        shown = ", ".join(str(f) for f in crt.faces)
        raise InputError(f"--die: a {crt.die} face is one of {shown} (0 is ten), got {face}")
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


# --------------------------------------------------------------------------- missiles


@dataclass(frozen=True)
class Band:
    band: str
    first: int
    last: int
    strength: int


def load_weapons(cards: Cards) -> tuple[Path, dict[str, tuple[str, list[Band]]]]:
    """Read ``cards/dark-blades/missiles.toml``: weapon → (name, range bands)."""
    path = cards.path(GAME, "missiles.toml")
    data = read_toml(path)
    require(data, "source", str, path)
    weapons: dict[str, tuple[str, list[Band]]] = {}
    for key, body in data.items():
        if key == "source":
            continue
        expect(body, dict, path, key)
        unknown_keys(body, ("name", "bands"), path, key)
        bands = []
        for i, b in enumerate(require(body, "bands", list, path, key)):
            where = f"{key}.bands[{i}]"
            expect(b, dict, path, where)
            unknown_keys(b, ("band", "from", "to", "strength"), path, where)
            band = Band(
                require(b, "band", str, path, where),
                require(b, "from", int, path, where),
                require(b, "to", int, path, where),
                require(b, "strength", int, path, where),
            )
            if band.first > band.last or (bands and band.first != bands[-1].last + 1):
                raise DataError(f"key '{where}': ranges must follow on from each other", path)
            bands.append(band)
        if not bands:
            raise DataError(f"key '{key}.bands': expected at least one range band", path)
        weapons[key] = (require(body, "name", str, path, key), bands)
    return path, weapons


def strength_at(cards: Cards, weapon: str, hexes: int) -> tuple[str, Band]:
    """The weapon's name and its range band at ``hexes``; out of range is refused."""
    _, weapons = load_weapons(cards)
    if weapon.lower() not in weapons:
        raise InputError(f"no missile weapon {weapon!r}: expected one of {', '.join(weapons)}")
    name, bands = weapons[weapon.lower()]
    for band in bands:
        if band.first <= hexes <= band.last:
            return name, band
    raise InputError(
        f"out of range: a {name} reaches {bands[0].first}-{bands[-1].last} hexes, not {hexes}"
    )
