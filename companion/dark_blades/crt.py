"""Dark Blades combat results tables: ``cards/dark-blades/crt.toml`` read and checked.

The file holds the six results tables (one cell per die face and odds column; "" is a cell the
printed rules lost), each table's key, the marks and footnotes, the terrain shift table, cover,
the Magic Sword, Magic Ring and fast rider shifts, and the kit's readings where the rules are
silent (`companion.dark_blades.readings`). `companion.dark_blades.combat` resolves
a fight on them; `companion.dark_blades.missiles` holds the missile weapons' range bands.
"""

import re
from functools import lru_cache
from pathlib import Path
from typing import Any, NamedTuple

from companion import schema
from companion.dark_blades.readings import Reading, reading_schema
from companion.data import MISSING, Cards, kit_cards_dir
from companion.dice import check_die, die_faces
from companion.errors import DataError
from companion.fill_in import FillIn, locate
from companion.numbers import is_whole
from companion.schema import Field, ListOf, MapOf, Table, Where

__all__ = ["MISSING", "Cover", "Crt", "ResultsTable", "ShiftRule", "TerrainShift", "load_crt"]
__all__ += ["odds_value"]

GAME = "dark-blades"
TERRAIN = ("+", "0", "-")
_ODDS = re.compile(r"(\d{1,3})-(\d{1,3})")


# Plain tuples, read by unpacking (``columns, text = crt.terrain[(a, d)]``):
TerrainShift = tuple[int, str]
"""One line of the terrain shift table: columns to move (+ right, - left) and its text."""
Cover = tuple[int | None, str]
"""One kind of cover: columns to move (None: may not be fired upon) and its text."""
ShiftRule = tuple[int, tuple[str, ...], str]
"""A named shift (magic-sword, …): columns, the tables or kinds it applies to, its text."""


class ResultsTable(NamedTuple):
    """One results table: its key and its cells (face → one cell per column; "" = missing)."""

    name: str
    title: str
    kind: str  # "hand-to-hand" or "missile"
    target: str  # "infantry" or "mounted"
    key: dict[str, str]
    rows: dict[int, tuple[str, ...]]
    note: str | None = None


class Crt(NamedTuple):
    """The whole of crt.toml, checked."""

    path: Path
    source: str
    die: str
    faces: tuple[int, ...]
    columns: tuple[str, ...]
    marks: dict[str, str]
    footnotes: dict[str, str]
    tables: dict[str, ResultsTable]
    terrain: dict[tuple[str, str], TerrainShift]
    cover: dict[str, Cover]  # None columns = may not be fired upon
    shifts: dict[str, ShiftRule]
    fill: FillIn  # where a user fills in a lost cell (a copy under --cards for the kit's file)
    readings: dict[str, Reading]
    shift_readings: dict[str, dict[str, str]]  # shift → where → name

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


@lru_cache(maxsize=256)
def odds_value(label: str) -> float:
    """``"2-1"`` → 2.0, ``"1-2"`` → 0.5 (worked out once per label: a lookup asks it for
    every column of its table)."""
    a, b = (int(x) for x in label.split("-"))
    return a / b


def load_crt(cards: Cards) -> Crt:
    """Read and check ``cards/dark-blades/crt.toml`` (once per process while it is unchanged)."""
    path = cards.path(GAME, "crt.toml")
    fill = locate(cards, path)
    kit_path = _kit_crt()
    own = fill.own and kit_path.is_file()  # a user's copy: the kit's readings fill its gaps
    crt = schema.load(path, CRT, _build, depends=(kit_path,) if own else ())
    return crt._replace(fill=fill)


@lru_cache(maxsize=1)
def _kit_crt() -> Path:
    """The kit's own crt.toml (its path made once: the phone asks for the table on each tap)."""
    return kit_cards_dir() / GAME / "crt.toml"


# --------------------------------------------------------------------------- the schema


def _odds(label: str, where: Where) -> str:
    m = _ODDS.fullmatch(label)
    if not m or "1" not in m.groups() or "0" in m.groups():
        raise where.error(f"expected odds like 1-2 or 3-1, got {label!r}")
    return label


def _columns(labels: list[str], where: Where) -> tuple[str, ...]:
    for i, label in enumerate(labels):
        _odds(label, where.child(i))
    values = [odds_value(label) for label in labels]
    if values != sorted(set(values)):
        raise where.error("odds must go from lowest to highest, once each")
    return tuple(labels)


_READING = reading_schema(lambda where: where.name)

RESULTS_TABLE = Table(
    (
        Field("title", str),
        Field("kind", str, choices=("hand-to-hand", "missile")),
        Field("target", str),
        Field("note", str, required=False),
        Field("key", MapOf(str)),
        Field("rows", MapOf(ListOf(str))),
    ),
)
TERRAIN_ENTRY = Table(
    (
        Field("attacker", str, choices=TERRAIN),
        Field("defender", str, choices=TERRAIN),
        Field("columns", int),
        Field("text", str),
    )
)
COVER_ENTRY = Table(
    (
        Field("columns", int, required=False),
        Field("no_shot", bool, required=False, default=False),
        Field("text", str),
    )
)
SHIFT_ENTRY = Table(
    (
        Field("columns", int),
        Field("tables", ListOf(str)),
        Field("text", str),
        Field("readings", MapOf(str), required=False),
    )
)
CRT = Table(
    (
        Field("source", str),
        Field("die", str, check=check_die),
        Field("faces", ListOf(int)),
        Field("columns", ListOf(str), check=_columns),
        Field("marks", MapOf(str)),
        Field("footnotes", MapOf(str)),
        Field("terrain", ListOf(TERRAIN_ENTRY)),
        Field("cover", MapOf(COVER_ENTRY)),
        Field("shifts", MapOf(SHIFT_ENTRY)),
        Field("readings", MapOf(_READING), required=False, default={}),
    ),
    rest=RESULTS_TABLE,
    rest_as="tables",
)
"""crt.toml: the keys above, and every other key a results table (e.g. [infantry-vs-infantry])."""


# --------------------------------------------------------------------------- the record


def _build(data: dict[str, Any], path: Path) -> Crt:
    """The checked file as a `Crt`, its cross-checks done (faces of the die, cells in keys…)."""
    top = Where(path)
    die = data["die"]
    faces_of_die = die_faces(die, path)
    faces = tuple(data["faces"])
    for f in faces:
        if f not in faces_of_die:
            raise top.child("faces").error(f"{f} is not a face of a {die}")
    if sorted(faces) != sorted(faces_of_die):
        raise top.child("faces").error(f"expected every face of a {die} once each")
    columns = data["columns"]
    marks, footnotes = dict(data["marks"]), dict(data["footnotes"])
    tables = {
        name: _results_table(body, top.child(name), faces, columns, marks)
        for name, body in data["tables"].items()
    }
    if not tables:
        raise DataError("no results tables (expected e.g. [infantry-vs-infantry])", path)

    terrain: dict[tuple[str, str], TerrainShift] = {}
    for i, entry in enumerate(data["terrain"]):
        a, d = entry["attacker"], entry["defender"]
        if (a, d) in terrain:
            raise (
                top.child("terrain").child(i).error(f"attacker {a} v defender {d} is listed twice")
            )
        terrain[(a, d)] = (entry["columns"], entry["text"])
    lacking = [(a, d) for a in TERRAIN for d in TERRAIN if (a, d) not in terrain]
    if lacking:
        a, d = lacking[0]
        raise top.child("terrain").error(f"no entry for attacker {a} v defender {d}")
    cover: dict[str, Cover] = {}
    for name, entry in data["cover"].items():
        if entry["no_shot"]:
            cover[name] = (None, entry["text"])
        elif entry["columns"] is None:
            at = top.child("cover").child(name)
            raise DataError(f"missing key '{at.child('columns').shown}'", path, at.line())
        else:
            cover[name] = (entry["columns"], entry["text"])
    kit_readings, kit_marked = _kit_defaults(path)
    readings = {**kit_readings, **data["readings"]}  # an older copy inherits the kit's readings
    shifts: dict[str, ShiftRule] = {}
    shift_readings: dict[str, dict[str, str]] = {}
    for name, entry in data["shifts"].items():
        at = top.child("shifts").child(name)
        marked = entry["readings"]
        if marked is None:
            marked = kit_marked.get(name, {})
        for reading in marked.values():
            if reading not in readings:
                raise at.child("readings").error(f"no [readings.{reading}]")
        shift_readings[name] = dict(marked)
        for t in entry["tables"]:
            if t not in ("hand-to-hand", "missile") and t not in tables:
                raise at.child("tables").error(f"no results table {t!r}")
        shifts[name] = (entry["columns"], tuple(entry["tables"]), entry["text"])
    return Crt(
        path,
        data["source"],
        die,
        faces,
        columns,
        marks,
        footnotes,
        tables,
        terrain,
        cover,
        shifts,
        FillIn(path.name, path, True),  # set per cards directory by load_crt
        readings,
        shift_readings,
    )


def _kit_defaults(path: Path) -> tuple[dict[str, Reading], dict[str, dict[str, str]]]:
    """The kit's own readings and shift readings, for a user's crt.toml that has none: the
    kit's readings stay the kit's (and labelled) whatever copy of the tables is read."""
    kit_path = kit_cards_dir() / GAME / "crt.toml"
    if path.resolve() == kit_path.resolve() or not kit_path.is_file():
        return {}, {}
    kit = schema.load(kit_path, CRT, _build)
    return dict(kit.readings), {name: dict(m) for name, m in kit.shift_readings.items()}


def _results_table(
    body: dict[str, Any],
    where: Where,
    faces: tuple[int, ...],
    columns: tuple[str, ...],
    marks: dict[str, str],
) -> ResultsTable:
    key = body["key"]
    rows: dict[int, tuple[str, ...]] = {}
    for face_s, cells in body["rows"].items():
        at = where.child("rows").child(face_s)
        if not is_whole(face_s) or int(face_s) not in faces:
            raise at.error(f"a row must be a die face ({faces})")
        if len(cells) != len(columns):  # a dropped cell would shift every later one
            raise at.error(
                f"{len(cells)} cells for {len(columns)} columns "
                '(one per column; a blank cell is "")'
            )
        for cell in cells:
            if cell and cell not in key and cell not in marks:
                raise at.error(
                    f"{cell!r} is not in the table's key "
                    f"({', '.join(key)}) nor a mark ({', '.join(marks)})"
                )
        rows[int(face_s)] = tuple(cells)
    missing = [f for f in faces if f not in rows]
    if missing:
        raise where.child("rows").error(
            f'no row for die face {missing[0]} (one row per face; blank cells are "")'
        )
    return ResultsTable(
        where.name, body["title"], body["kind"], body["target"], dict(key), rows, body["note"]
    )
