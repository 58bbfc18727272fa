"""The kit's completion of the lost combat-results cells: ``cards/dark-blades/crt-completion.toml``.

The rulebook's six results tables survive only in die row 1 and three cells of row 2
(``crt.toml``, the transcription, never edited by the kit). The completion file holds, for each
table, the kit's full grid and the settings (a `Method`) it was made from; `derive` is the
method, written out in the file's header so a wargamer can check it. Diagonal bands, as classic
results tables are built:

1. Rank the outcomes worst-for-the-attacker first (the ``ladder``): the key letters in the order
   the printed rows give them, "no effect" where the key turns from the attacker's misfortunes to
   the defender's.
2. The defender's side: the cell at die row r, column c is printed row 1 read at c - slope × r
   (rungs the row skips spread evenly between its columns; left of 1-2 it falls to "no effect"
   over ``lead`` columns).
3. The attacker's side: the lowest ``harm[0]`` faces at 1-2, falling in a straight line to none
   at column ``harm[1]``, harm the attacker, mildest first, the worst at the bottom.
4. Every surviving printed cell is kept; then, reading row by row from the top left, each cell
   is held between its neighbours: never better for the attacker than the cell above it, never
   worse than the cell to its left.

`outcome_shares` counts, per column, the faces that harm the attacker, do nothing, harm the
defender and kill (``tools/complete_crt.py --report``).

Where the transcription has a cell, it always wins (a user who fills in ``crt.toml`` from the
printed tables overrides the kit cell by cell); the kit's cells are only ever shown marked as the
kit's. (NamedTuples, not dataclasses: this module is on `havoc fight`'s import path.)
"""

import re
import threading
from pathlib import Path
from typing import Any, NamedTuple

from companion import schema
from companion.dark_blades.crt import Crt, ResultsTable
from companion.data import Cards
from companion.errors import DataError
from companion.schema import Field, ListOf, MapOf, Table, Where

COMPLETION_FILE = "crt-completion.toml"
NO_EFFECT = "–"  # no effect on either side (a dash only Mounted v Mounted prints)


class Cell(NamedTuple):
    """One results cell as the kit shows it: the rulebook's, the kit's completion, or lost."""

    value: str  # "" when neither the rulebook nor the completion gives one
    kit: bool  # True: the kit's completion (the rulebook's cell is lost)


class Chance(NamedTuple):
    """One result of a column: its value, the die faces giving it, the kit-completed ones."""

    value: str
    faces: tuple[int, ...]
    kit_faces: tuple[int, ...]


class Method(NamedTuple):
    """One table's settings for `derive` (the file header explains each)."""

    ladder: tuple[str, ...]
    slope: int  # columns one die row is worth (the diagonal bands), in millionths: exact
    lead: int  # columns left of 1-2 over which row 1's first result falls to no effect (ditto)
    harm: tuple[int, int]  # attacker-harmed faces at 1-2, first column with none


class TableCompletion(NamedTuple):
    """The kit's grid for one table and the settings it was derived from."""

    method: Method
    rows: dict[int, tuple[str, ...]]

    @property
    def ladder(self) -> tuple[str, ...]:
        return self.method.ladder


class Completion(NamedTuple):
    """The completion file, checked against the transcription it completes."""

    path: Path
    source: str
    no_effect: str
    tables: dict[str, TableCompletion]

    def cell(self, crt: Crt, table: ResultsTable, face: int, column: int) -> Cell:
        printed = crt.cell(table, face, column)
        if printed:
            return Cell(printed, False)
        kit = self.tables.get(table.name)
        return Cell(kit.rows[face][column], True) if kit else Cell("", False)


class CellSource:
    """Where every cell shown comes from: the transcription, then (unless ``source_only``) the
    kit's completion. The lookups, the printed sheets and the chances all read cells here."""

    def __init__(self, crt: Crt, completion: Completion | None) -> None:
        self.crt = crt
        self.completion = completion  # None: only what the rulebook gives (--source-only)

    def cell(self, table: ResultsTable, face: int, column: int) -> Cell:
        if self.completion is None:
            return Cell(self.crt.cell(table, face, column), False)
        return self.completion.cell(self.crt, table, face, column)

    def chances(self, table: ResultsTable, column: int) -> list[Chance]:
        """Each distinct cell value of a column, in die order, with the die faces that give it
        and those of them the kit completed ("" is a lost cell). The lookup's chances, the
        printed tables' chances and the web's all come from here."""
        groups: dict[str, list[int]] = {}
        kit: dict[str, list[int]] = {}
        for face in self.crt.faces:
            cell = self.cell(table, face, column)
            groups.setdefault(cell.value, []).append(face)
            if cell.kit:
                kit.setdefault(cell.value, []).append(face)
        return [Chance(v, tuple(fs), tuple(kit.get(v, ()))) for v, fs in groups.items()]


def cell_source(cards: Cards, crt: Crt, source_only: bool = False) -> CellSource:
    """The cells to show: the rulebook's, completed by the kit's file unless ``source_only``."""
    return CellSource(crt, None if source_only else load_completion(cards, crt))


def derive(
    printed: dict[int, tuple[str, ...]], faces: tuple[int, ...], method: Method
) -> dict[int, tuple[str, ...]]:
    """The kit's grid for one table, by the method in the module docstring (steps 2-5)."""
    ladder = method.ladder
    rank = {cell: i for i, cell in enumerate(ladder)}
    rank["★"] = rank[NO_EFFECT]  # the printed star: "no letter entry"
    none = rank[NO_EFFECT]
    top = [rank[c] for c in printed[faces[0]]]
    n_cols, n_rows = len(top), len(faces)

    unit = UNIT  # slope and lead are whole millionths: every step below is exact in integers
    slope, lead = method.slope, method.lead

    def band(x: int) -> int:
        """Row 1 read at position ``x / unit`` (a column index; between columns the rungs are
        spread evenly, a half rounding up), never below "no effect" (step 3 gives those)."""
        if x >= (n_cols - 1) * unit:
            value = top[-1]
        elif x >= 0:
            i, part = divmod(x, unit)  # floor(x / unit) and what lies past it
            value = (2 * top[i] * unit + 2 * (top[i + 1] - top[i]) * part + unit) // (2 * unit)
        elif lead <= 0 or x <= -lead:
            value = none
        else:
            value = (2 * top[0] * lead + 2 * (top[0] - none) * x + lead) // (2 * lead)
        return max(none, value)

    harm_rungs = ladder[:none]  # worst first
    faces_at_0, fade = method.harm
    grid: list[list[int]] = []
    for r, face in enumerate(faces):
        row: list[int] = []
        for c in range(n_cols):
            cell = band(c * unit - slope * r)
            hurt = 0 if c >= fade else (2 * faces_at_0 * (fade - c) + fade) // (2 * fade)
            depth = r - (n_rows - hurt)  # 0: the top cell of the column's harm zone
            if harm_rungs and depth >= 0:
                cell = min(cell, len(harm_rungs) - 1 - min(depth, len(harm_rungs) - 1))
            given = printed[face][c]
            if given:
                cell = rank[given]
            else:
                if r:
                    cell = min(cell, grid[r - 1][c])
                if c:
                    cell = max(cell, row[c - 1])
            row.append(cell)
        grid.append(row)
    return {
        face: tuple(printed[face][c] or ladder[grid[r][c]] for c in range(n_cols))
        for r, face in enumerate(faces)
    }


def prints_dash(table: ResultsTable) -> bool:
    """The printed table has dash cells (its transcribed note says so: Mounted v Mounted)."""
    return bool(table.note) and NO_EFFECT in (table.note or "")


def no_effect_meaning(table: ResultsTable) -> str:
    """What a kit "–" cell means on ``table``: the kit's reading of the printed dash where the
    table prints one, else the kit's own "no effect" result (the table prints no dash)."""
    if prints_dash(table):
        return "No effect (the kit's reading of the printed dash)."
    return "No effect (the kit's result; this table prints no dash)."


KILLED = re.compile(r"\b(defender|rider) killed", re.IGNORECASE)


def is_kill(text: str) -> bool:
    """A key entry that kills the defender (or the rider): "Defender killed.", "Horse
    unharmed, rider killed." (not "Defender's horse killed, rider ... wounded")."""
    return bool(KILLED.search(text))


def outcome_shares(
    crt: Crt, table: ResultsTable, rows: dict[int, tuple[str, ...]], ladder: tuple[str, ...]
) -> list[tuple[int, int, int, int]]:
    """Per column, the faces that harm the attacker (below "no effect" on ``ladder``), have
    no effect (the dash or the star), harm the defender, and kill the defender."""
    none = ladder.index(NO_EFFECT)
    out = []
    for c in range(len(crt.columns)):
        counts = [0, 0, 0, 0]
        for face in crt.faces:
            cell = rows[face][c]
            if cell in (NO_EFFECT, "★"):
                counts[1] += 1
            elif ladder.index(cell) < none:
                counts[0] += 1
            elif is_kill(table.key[cell]):
                counts[3] += 1
            else:
                counts[2] += 1
        out.append((counts[0], counts[1], counts[2], counts[3]))
    return out


UNIT = 1_000_000  # a setting's unit: millionths of a column


def _at_least_zero(value: float, where: Where) -> int:
    """A number of the header (0.5, 1.25) as whole millionths, exact as written; one line
    naming it if it is not a number 0 or more with at most six decimals."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value < 0:
        raise where.error(f"expected a number 0 or more, got {value!r}")
    whole, _, decimals = repr(value).partition(".")
    if not whole.isdigit() or not (decimals == "" or decimals.isdigit()) or len(decimals) > 6:
        raise where.error(f"expected a number with at most 6 decimals (like 1.25), got {value!r}")
    return int(whole) * UNIT + int(decimals.ljust(6, "0") or 0)


def _no_effect(value: str, where: Where) -> str:
    if value != NO_EFFECT:
        raise where.error(f"expected {NO_EFFECT!r}, got {value!r}")
    return value


TABLE_COMPLETION = Table(
    (
        Field("ladder", ListOf(object)),
        Field("slope", object, required=False, check=_at_least_zero),
        Field("lead", object, required=False, check=_at_least_zero),
        Field("harm", list),
        Field("rows", dict),
    )
)
COMPLETION = Table(
    (
        Field("source", str),
        Field("no_effect", str, check=_no_effect),
        Field("tables", MapOf(TABLE_COMPLETION)),
    )
)
"""crt-completion.toml; its cells are checked against crt.toml by `load_completion`."""


_CHECKED: dict[tuple, tuple[Any, dict[str, ResultsTable], Completion]] = {}
_CHECKED_SIZE = 8
_LOCK = threading.Lock()


def load_completion(cards: Cards, crt: Crt) -> Completion:
    """Read and check the completion file against ``crt`` (the transcription it completes),
    once while both are unchanged: the file's shape once per version (`schema.load`), the
    check against ``crt`` once per version of the file and of ``crt``'s tables (the records
    `schema.load` keeps: the same objects while their files are unchanged). Each pair is held
    with its answer, so the ids in the key are not reused while it is kept."""
    path = cards.path("dark-blades", COMPLETION_FILE)
    data = schema.load(path, COMPLETION)
    key = (id(data), id(crt.tables), crt.faces, crt.columns)
    with _LOCK:
        kept = _CHECKED.get(key)
    if kept is not None:
        return kept[2]
    completion = _check(path, data, crt)
    with _LOCK:  # the web server's threads share it
        if len(_CHECKED) >= _CHECKED_SIZE:
            _CHECKED.pop(next(iter(_CHECKED)))
        _CHECKED[key] = (data, crt.tables, completion)
    return completion


def _check(path: Path, data: dict[str, Any], crt: Crt) -> Completion:
    """The completion file's checked ``data`` against ``crt``: its tables built."""
    tables: dict[str, TableCompletion] = {}
    for name, spec in data["tables"].items():
        if name not in crt.tables:
            raise DataError(
                f"[tables.{name}]: not a table of crt.toml",
                path,
                Where(path).child("tables").child(name).line(),
            )
        tables[name] = _table(crt, crt.tables[name], spec, Where(path).child("tables").child(name))
    return Completion(path, data["source"], data["no_effect"], tables)


def _table(crt: Crt, table: ResultsTable, spec: dict[str, Any], where: Where) -> TableCompletion:
    ladder = tuple(spec["ladder"])
    wanted = sorted([*table.key, NO_EFFECT])
    if sorted(map(str, ladder)) != wanted or not all(isinstance(x, str) for x in ladder):
        raise where.child("ladder").error(
            f"expected each of {', '.join(wanted)} once, got {list(ladder)}"
        )
    for key in ("slope", "lead"):
        if spec[key] is None:
            raise where.child(key).error("expected a number 0 or more, got None")
    slope, lead = spec["slope"], spec["lead"]
    harm = spec["harm"]
    if (
        len(harm) != 2
        or not all(isinstance(h, int) and not isinstance(h, bool) for h in harm)
        or not 0 <= harm[0] <= len(crt.faces)
        or not 0 <= harm[1] <= len(crt.columns)
    ):
        raise where.child("harm").error(
            f"expected [faces at {crt.columns[0]} (0-{len(crt.faces)}), "
            f"first column with none (0-{len(crt.columns)})], got {harm!r}"
        )
    if slope <= 0:
        raise where.child("slope").error("expected more than 0, got 0")
    method = Method(ladder, slope, lead, (harm[0], harm[1]))
    rows_in = spec["rows"]
    extra = set(rows_in) - {str(f) for f in crt.faces}
    if extra:
        raise where.child("rows").error(f"no die face {sorted(extra)[0]!r}")
    rows: dict[int, tuple[str, ...]] = {}
    for face in crt.faces:
        cells = rows_in.get(str(face))
        at = where.child("rows").child(str(face))
        if not isinstance(cells, list) or len(cells) != len(crt.columns):
            raise at.error(f"expected {len(crt.columns)} cells, got {cells!r}")
        for column, cell, printed in zip(crt.columns, cells, table.rows[face], strict=True):
            if cell not in ladder and not (printed and cell == printed):
                raise DataError(
                    f"key '{at.shown}', column {column}: expected one of "
                    f"{', '.join(ladder)}, got {cell!r}",
                    where.path,
                    at.line(),
                )
        rows[face] = tuple(cells)
    return TableCompletion(method, rows)
