"""The generic die-rolled tables of every game: ``cards/<game>/tables/<name>.toml``.

One loader and one lookup for all of them (the format is in TABLE_FORMAT.md): a table a user
adds under cards/ works with no code change. A face no row covers is "not in the source
rules" in the kit's own transcriptions, "not in this table (FILE)" in a user's file (whose
source is not the kit's to vouch for); a face two rows cover (the Dark Blades lake prints 6
twice) returns both rows, as printed. A row's ``next`` names a table of the same game to roll
on afterwards. An optional ``reading`` is where the kit had to read an unclear rule: it is
shown labelled "kit's reading". One broken file breaks only its own table: `load_tables` can
collect each broken table's error instead of raising it.
"""

import random
from pathlib import Path
from typing import NamedTuple

from companion import dice, schema
from companion.data import MISSING, Cards
from companion.errors import DataError, FieldError, InputError
from companion.fill_in import FillIn, locate
from companion.schema import Field, ListOf, Where, check

MAX_CHAIN = 20  # rolls in one chain of `next` tables (a loop in user data stops here)


class TableRow(NamedTuple):
    """One row of a table file: the faces it covers, the result, and what follows."""

    faces: tuple[int, ...]
    result: str
    next: str | None = None
    effect: str | None = None


class Table(NamedTuple):
    """One checked table file."""

    name: str
    game: str
    path: Path
    title: str
    die: str
    source: str
    rows: tuple[TableRow, ...]
    note: str | None = None
    applies: str | None = None
    reading: str | None = None  # the kit's reading of an unclear rule, labelled as such
    reading_short: str | None = None  # its one line at the table (else ``reading`` is shown)
    fill: FillIn | None = None  # where to add a row the table lacks (set by load_tables)

    @property
    def key(self) -> str:
        """The table's full name, ``game/name``."""
        return f"{self.game}/{self.name}"

    def faces(self) -> dict[int, int]:
        """Every face the die can show, in printed order, with its number of ways."""
        return dice.table_faces(self.die)

    def lookup(self, face: int) -> list[TableRow]:
        """The rows for ``face``: none (not in the source rules), one, or two as printed."""
        if face not in self.faces():
            shown = dice.face_runs(list(self.faces()), list(self.faces()))
            raise InputError(f"{self.name} is rolled on {self.die}: faces {shown}, not {face}")
        return [row for row in self.rows if face in row.faces]

    def uncovered(self) -> tuple[int, ...]:
        covered = {f for row in self.rows for f in row.faces}
        return tuple(f for f in self.faces() if f not in covered)


die_faces = dice.die_faces  # a data file's die (now beside the dice: crt.py reads it there)


def _result(result: str, where: Where) -> str:
    if not result.strip():
        raise where.error(
            "blank (expected the result as printed; leave a face out of every row if the table "
            "does not give it)"
        )
    return result


check_die = dice.check_die


def _one_line(short: str, where: Where) -> str:
    if len(short) > 40:
        raise where.error("expected one line of at most 40 characters")
    return short


_READING = schema.Table((Field("short", str, check=_one_line), Field("text", str)))


def _reading(value: str | dict, where: Where) -> str | dict:
    """``reading = "text"`` or ``reading = {short = "one line", text = "in full"}``."""
    return value if isinstance(value, str) else check(_READING, value, where)


ROW = schema.Table(
    (
        Field("faces", ListOf(int)),
        Field("result", str, check=_result),
        Field("next", str, required=False),
        Field("effect", str, required=False),
    )
)
TABLE_FILE = schema.Table(
    (
        Field("die", str, check=check_die),
        Field("rows", ListOf(ROW)),
        Field("title", str),
        Field("source", str),
        Field("note", str, required=False),
        Field("applies", str, required=False),
        Field("reading", (str, dict), required=False, check=_reading),
    )
)
"""A table file (the format is in TABLE_FORMAT.md)."""
TABLE_KEYS = tuple(f.name for f in TABLE_FILE.fields)
ROW_KEYS = tuple(f.name for f in ROW.fields)


def read_table(path: Path, game: str) -> Table:
    """Read and check one table file (``next`` targets are checked by ``load_tables``)."""
    return schema.load(path, TABLE_FILE, _build_table)._replace(game=game)


def _build_table(data: dict, path: Path) -> Table:
    die = data["die"]
    faces = die_faces(die, path)
    rows = []
    for i, body in enumerate(data["rows"]):
        at = Where(path).child("rows").child(i).child("faces")
        row_faces = body["faces"]
        if not row_faces:
            raise at.error("expected at least one face")
        for f in row_faces:
            if f not in faces:
                hint = " (a d10's ten is written 0)" if die == "d10" and f == 10 else ""
                raise at.error(f"{f} is not a face of {die}{hint}")
        if len(set(row_faces)) != len(row_faces):
            raise at.error("a face is listed twice")
        rows.append(TableRow(tuple(row_faces), body["result"], body["next"], body["effect"]))
    if not rows:
        raise DataError("key 'rows': expected at least one [[rows]] entry", path)
    reading = data["reading"]
    short = None
    if isinstance(reading, dict):
        reading, short = reading["text"], reading["short"]
    return Table(
        name=path.stem,
        game="",  # set by read_table: the same file may be read for any game folder
        path=path,
        title=data["title"],
        die=die,
        source=data["source"],
        rows=tuple(rows),
        note=data["note"],
        applies=data["applies"],
        reading=reading,
        reading_short=short,
    )


def load_tables(cards: Cards, broken: dict[str, DataError] | None = None) -> dict[str, Table]:
    """Every table in every ``cards/<game>/tables/``, keyed ``game/name``; ``next`` checked.

    With ``broken`` (a dict), a table whose file is wrong — or whose ``next`` names no table —
    is left out and its error recorded there under its key, so the others still work;
    without it the first error is raised.
    """
    tables: dict[str, Table] = {}
    errors: dict[str, DataError] = {}
    for path in cards.glob("*/tables/*.toml"):
        key = f"{path.parent.parent.name}/{path.stem}"
        try:
            table = read_table(path, path.parent.parent.name)
        except DataError as exc:
            errors[key] = exc
            continue
        tables[table.key] = table._replace(fill=locate(cards, path))
    for table in list(tables.values()):
        for i, row in enumerate(table.rows):
            target = f"{table.game}/{row.next}"
            if row.next is not None and target not in tables and target not in errors:
                errors[table.key] = DataError(
                    f"key 'rows[{i}].next': no table {row.next!r} in "
                    f"{table.game}/tables/ (expected {row.next}.toml there)",
                    table.path,
                )
                del tables[table.key]
                break
    if errors and broken is None:
        raise next(iter(errors.values()))
    if broken is not None:
        broken.update(errors)
    return tables


def short_name(tables: dict[str, Table], table: Table) -> str:
    """The bare name when it is unique, else ``game/name``."""
    same = [t for t in tables.values() if t.name == table.name]
    return table.name if len(same) == 1 else table.key


class Step(NamedTuple):
    """One roll in a chain: the table, the face, whether it was rolled, the rows it gave."""

    table: Table
    face: int
    rolled: bool
    rows: tuple[TableRow, ...]

    @property
    def missing(self) -> str | None:
        """The file to add a row to (relative to the cards root), when no row covers the face."""
        if self.rows:
            return None
        fill = self.table.fill
        return fill.relative if fill else self.table.path.name

    @property
    def why_missing(self) -> str | None:
        """What a face no row covers means: a gap in the rules (the kit's transcription) or
        in the user's own table."""
        if self.rows:
            return None
        fill = self.table.fill
        if fill is not None and fill.own:
            return f"not in this table ({fill.relative})"
        return MISSING

    def next_tables(self) -> list[str]:
        return [row.next for row in self.rows if row.next]


def chain(
    tables: dict[str, Table],
    start: Table,
    given: list[int],
    rng: random.Random | None,
    broken: dict[str, DataError] | None = None,
) -> tuple[list[Step], str | None]:
    """Roll ``start`` and follow ``next`` from row to row.

    ``given`` faces (from real dice) are used first, one per table; when they run out and
    ``rng`` is None the chain stops, returning the name of the table still to roll.
    """
    steps: list[Step] = []
    table: Table | None = start
    faces = list(given)
    while table is not None and len(steps) < MAX_CHAIN:
        if faces:
            face, rolled = dice.d10_face(faces.pop(0), table.die), False
        elif rng is not None:
            face, _ = dice.roll_face(table.die, rng)
            rolled = True
        else:
            return steps, table.name
        step = Step(table, face, rolled, tuple(table.lookup(face)))
        steps.append(step)
        following = step.next_tables()
        # Two rows (as printed) naming different next tables: the user must choose.
        if len(set(following)) == 1:
            table = table_or_error(tables, broken or {}, f"{table.game}/{following[0]}")
        else:
            table = None
    if faces:
        why = f"{len(faces)} value(s) left over: the chain ended before them"
        raise FieldError("die", faces, why)
    return steps, None if table is None else table.name  # a name: stopped at MAX_CHAIN


def table_or_error(tables: dict[str, Table], broken: dict[str, DataError], key: str) -> Table:
    """The table ``key``, or the error that broke its file (raised)."""
    if key in broken:
        raise broken[key]
    return tables[key]
