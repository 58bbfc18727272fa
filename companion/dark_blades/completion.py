"""The kit's completion of the lost combat-results cells: ``cards/dark-blades/crt-completion.toml``.

The rulebook's six results tables survive only in die row 1 and three cells of row 2
(``crt.toml``, the transcription, never edited by the kit). The completion file holds, for each
table, the kit's full grid and the two settings it was made from; `derive` is the method, written
out in the file's header so a wargamer can check it:

1. Rank the outcomes worst-for-the-attacker first: the table's key letters in the key's order,
   with "no effect" (the kit's reading of the printed dash, "–") placed where the key turns from
   the attacker's misfortunes to the defender's (the ``ladder``).
2. Die row 1 is the printed row. The die-0 row (the worst roll) is a straight line along the
   ladder from ``floor[0]`` at 1-2 to ``floor[1]`` at 12-1, rounded down.
3. Each column falls in equal steps from its row-1 result to its die-0 result, rounded to the
   nearest rung (halves round towards the attacker's better result).
4. Every surviving printed cell is kept; then, reading row by row from the top left, each cell
   is held between its neighbours: never better for the attacker than the cell above it, never
   worse than the cell to its left.

Where the transcription has a cell, it always wins (a user who fills in ``crt.toml`` from the
printed tables overrides the kit cell by cell); the kit's cells are only ever shown marked as the
kit's.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from companion.dark_blades.crt import Crt, ResultsTable
from companion.data import Cards, expect, read_toml, require, unknown_keys
from companion.errors import DataError

COMPLETION_FILE = "crt-completion.toml"
NO_EFFECT = "–"  # the kit's reading of the printed dash: no effect on either side


@dataclass(frozen=True)
class Cell:
    """One results cell as the kit shows it: the rulebook's, the kit's completion, or lost."""

    value: str  # "" when neither the rulebook nor the completion gives one
    kit: bool  # True: the kit's completion (the rulebook's cell is lost)


@dataclass(frozen=True)
class Chance:
    """One result of a column: its value, the die faces giving it, the kit-completed ones."""

    value: str
    faces: tuple[int, ...]
    kit_faces: tuple[int, ...]


@dataclass(frozen=True)
class TableCompletion:
    """The kit's grid for one table and the settings it was derived from."""

    ladder: tuple[str, ...]
    floor: tuple[str, str]
    rows: dict[int, tuple[str, ...]]


@dataclass(frozen=True)
class Completion:
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
    printed: dict[int, tuple[str, ...]],
    faces: tuple[int, ...],
    ladder: tuple[str, ...],
    floor: tuple[str, str],
) -> dict[int, tuple[str, ...]]:
    """The kit's grid for one table, by the method in the module docstring (steps 2-4)."""
    rank = {cell: i for i, cell in enumerate(ladder)}
    rank["★"] = rank[NO_EFFECT]  # the printed star: "no letter entry"
    top = [rank[c] for c in printed[faces[0]]]
    n_cols, last = len(top), len(faces) - 1
    low, high = rank[floor[0]], rank[floor[1]]
    grid: list[list[int]] = []
    for r, face in enumerate(faces):
        row: list[int] = []
        for c in range(n_cols):
            bottom = math.floor(low + Fraction(high - low) * c / (n_cols - 1))
            value = top[c] + Fraction(bottom - top[c]) * r / last
            cell = math.floor(value + Fraction(1, 2))
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
    out: dict[int, tuple[str, ...]] = {}
    for r, face in enumerate(faces):
        out[face] = tuple(
            printed[face][c] if printed[face][c] else ladder[grid[r][c]] for c in range(n_cols)
        )
    return out


def load_completion(cards: Cards, crt: Crt) -> Completion:
    """Read and check the completion file against ``crt`` (the transcription it completes)."""
    path = cards.path("dark-blades", COMPLETION_FILE)
    data = read_toml(path)
    unknown_keys(data, ("source", "no_effect", "tables"), path)
    source = require(data, "source", str, path)
    no_effect = require(data, "no_effect", str, path)
    if no_effect != NO_EFFECT:
        raise DataError(f"key 'no_effect': expected {NO_EFFECT!r}, got {no_effect!r}", path)
    tables: dict[str, TableCompletion] = {}
    for name, spec in require(data, "tables", dict, path).items():
        if name not in crt.tables:
            raise DataError(f"[tables.{name}]: not a table of crt.toml", path)
        tables[name] = _table(crt, crt.tables[name], spec, path)
    return Completion(path, source, no_effect, tables)


def _table(crt: Crt, table: ResultsTable, spec: Any, path: Path) -> TableCompletion:
    where = f"tables.{table.name}"
    expect(spec, dict, path, where)
    unknown_keys(spec, ("ladder", "floor", "rows"), path, where)
    ladder = tuple(require(spec, "ladder", list, path, where))
    wanted = sorted([*table.key, NO_EFFECT])
    if sorted(ladder) != wanted:
        raise DataError(
            f"key '{where}.ladder': expected each of {', '.join(wanted)} once, got {list(ladder)}",
            path,
        )
    floor = tuple(require(spec, "floor", list, path, where))
    if len(floor) != 2 or any(f not in ladder for f in floor):
        raise DataError(
            f"key '{where}.floor': expected two cells of the ladder, got {list(floor)}", path
        )
    rows_in = require(spec, "rows", dict, path, where)
    extra = set(rows_in) - {str(f) for f in crt.faces}
    if extra:
        raise DataError(f"key '{where}.rows': no die face {sorted(extra)[0]!r}", path)
    rows: dict[int, tuple[str, ...]] = {}
    for face in crt.faces:
        cells = rows_in.get(str(face))
        if not isinstance(cells, list) or len(cells) != len(crt.columns):
            raise DataError(
                f"key '{where}.rows.{face}': expected {len(crt.columns)} cells, got {cells!r}",
                path,
            )
        for column, cell, printed in zip(crt.columns, cells, table.rows[face], strict=True):
            if cell not in ladder and not (printed and cell == printed):
                raise DataError(
                    f"key '{where}.rows.{face}', column {column}: expected one of "
                    f"{', '.join(ladder)}, got {cell!r}",
                    path,
                )
        rows[face] = tuple(cells)
    return TableCompletion(ladder, (floor[0], floor[1]), rows)
