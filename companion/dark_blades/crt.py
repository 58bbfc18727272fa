"""Dark Blades combat results tables: ``cards/dark-blades/crt.toml`` read and checked.

The file holds the six results tables (one cell per die face and odds column; "" is a cell the
printed rules lost), each table's key, the marks and footnotes, the terrain shift table, cover,
the Magic Sword, Magic Ring and fast rider shifts, and the kit's readings where the rules are
silent (`companion.dark_blades.readings`). `companion.dark_blades.combat` resolves
a fight on them; `companion.dark_blades.missiles` holds the missile weapons' range bands.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.dark_blades.readings import Reading, read_reading
from companion.data import Cards, expect, kit_cards_dir, read_toml, require, unknown_keys
from companion.errors import DataError
from companion.fill_in import FillIn, locate
from companion.tables import MISSING, die_faces

__all__ = ["MISSING", "Crt", "ResultsTable", "load_crt", "odds_value"]

GAME = "dark-blades"
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
    fill: FillIn  # where a user fills in a lost cell (a copy under --cards for the kit's file)
    readings: dict[str, Reading] = field(default_factory=dict)
    shift_readings: dict[str, dict[str, str]] = field(default_factory=dict)  # shift → where → name

    def reading(self, name: str) -> Reading:
        """A reading the code relies on; its absence is the data file's fault."""
        if name not in self.readings:
            raise DataError(f"missing key 'readings.{name}' (the kit's reading)", self.path)
        return self.readings[name]

    def cell(self, table: ResultsTable, face: int, column: int) -> str:
        """The cell as transcribed ("" = not in the source rules); every row is full."""
        return table.rows[face][column]

    def meaning(self, table: ResultsTable, cell: str) -> str:
        return table.key.get(cell) or self.marks.get(cell, "")

    def where(self, table: ResultsTable, face: int, column: int) -> str:
        """The file (relative to the cards root) and the cell to fill in, e.g.
        ``dark-blades/crt.toml [infantry-vs-infantry] row 2, column 4-1``."""
        return f"{self.fill.relative} {self.cell_name(table, face, column)}"

    def cell_name(self, table: ResultsTable, face: int, column: int) -> str:
        return f"[{table.name}] row {face}, column {self.columns[column]}"


def odds_value(label: str) -> float:
    """``"2-1"`` → 2.0, ``"1-2"`` → 0.5."""
    a, b = (int(x) for x in label.split("-"))
    return a / b


def load_crt(cards: Cards) -> Crt:
    """Read and check ``cards/dark-blades/crt.toml``."""
    path = cards.path(GAME, "crt.toml")
    data = read_toml(path)
    reserved = {"source", "die", "faces", "columns", "marks", "footnotes"}
    reserved |= {"terrain", "cover", "shifts", "readings"}
    source = require(data, "source", str, path)
    die = require(data, "die", str, path)
    faces_of_die = die_faces(die, path)
    faces = tuple(require(data, "faces", list, path))
    for f in faces:
        expect(f, int, path, "faces")
        if f not in faces_of_die:
            raise DataError(f"key 'faces': {f} is not a face of a {die}", path)
    if sorted(faces) != sorted(faces_of_die):
        raise DataError(f"key 'faces': expected every face of a {die} once each", path)
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
        if (a, d) in terrain:
            raise DataError(f"key '{where}': attacker {a} v defender {d} is listed twice", path)
        terrain[(a, d)] = (
            require(entry, "columns", int, path, where),
            require(entry, "text", str, path, where),
        )
    lacking = [(a, d) for a in TERRAIN for d in TERRAIN if (a, d) not in terrain]
    if lacking:
        a, d = lacking[0]
        raise DataError(f"key 'terrain': no entry for attacker {a} v defender {d}", path)
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
    kit = _kit_defaults(path)
    readings = {
        name: read_reading(entry, path, f"readings.{name}", name)
        for name, entry in expect(data.get("readings", {}), dict, path, "readings").items()
    }
    readings = {**kit[0], **readings}  # a user's older copy inherits the kit's readings
    shifts: dict[str, tuple[int, tuple[str, ...], str]] = {}
    shift_readings: dict[str, dict[str, str]] = {}
    for name, entry in require(data, "shifts", dict, path).items():
        where = f"shifts.{name}"
        expect(entry, dict, path, where)
        unknown_keys(entry, ("columns", "tables", "text", "readings"), path, where)
        default = kit[1].get(name, {})
        marked = expect(entry.get("readings", default), dict, path, f"{where}.readings")
        for applies_to, reading in marked.items():
            expect(reading, str, path, f"{where}.readings.{applies_to}")
            if reading not in readings:
                raise DataError(f"key '{where}.readings': no [readings.{reading}]", path)
        shift_readings[name] = dict(marked)
        applies = tuple(require(entry, "tables", list, path, where))
        for t in applies:
            if t not in ("hand-to-hand", "missile") and t not in tables:
                raise DataError(f"key '{where}.tables': no results table {t!r}", path)
        shifts[name] = (
            require(entry, "columns", int, path, where),
            applies,
            require(entry, "text", str, path, where),
        )
    return Crt(
        path,
        source,
        die,
        faces,
        columns,
        marks,
        footnotes,
        tables,
        terrain,
        cover,
        shifts,
        locate(cards, path),
        readings,
        shift_readings,
    )


def _kit_defaults(path: Path) -> tuple[dict[str, Reading], dict[str, dict[str, str]]]:
    """The kit's own readings and shift readings, for a user's crt.toml that has none: the
    kit's readings stay the kit's (and labelled) whatever copy of the tables is read."""
    kit_path = kit_cards_dir() / GAME / "crt.toml"
    if path.resolve() == kit_path.resolve() or not kit_path.is_file():
        return {}, {}
    data = read_toml(kit_path)
    readings = {
        name: read_reading(entry, kit_path, f"readings.{name}", name)
        for name, entry in data.get("readings", {}).items()
    }
    marked = {name: dict(entry.get("readings", {})) for name, entry in data["shifts"].items()}
    return readings, marked


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
        if len(cells) != len(columns):  # a dropped cell would shift every later one
            raise DataError(
                f"key '{where}': {len(cells)} cells for {len(columns)} columns "
                '(one per column; a blank cell is "")',
                path,
            )
        for cell in cells:
            expect(cell, str, path, where)
            if cell and cell not in key and cell not in marks:
                raise DataError(
                    f"key '{where}': {cell!r} is not in the table's key "
                    f"({', '.join(key)}) nor a mark ({', '.join(marks)})",
                    path,
                )
        rows[int(face_s)] = tuple(cells)
    missing = [f for f in faces if f not in rows]
    if missing:
        raise DataError(
            f"key '{name}.rows': no row for die face {missing[0]} (one row per face; "
            'blank cells are "")',
            path,
        )
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
