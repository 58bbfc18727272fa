"""Cthulhu Who? the garden: the 8 x 8 board (or two side by side) and its terrain, seeded.

The rules give the board, the wall round it (and along the join of two boards, open only at its
two innermost squares) and "at least one piece of terrain on each row of each board". How many
pieces and which kinds are the kit's choice, read from ``cards/cthulhu-who/garden.toml`` and
labelled as the kit's wherever they appear. A placement is accepted only when every row of every
board has its terrain, both start rows keep free squares, and every free square can be reached
from every other by a 1-square figure stepping square to square (no diagonals, through the join
only at its openings); otherwise it is rolled again from the same generator, so a seed always
gives the same garden.
"""

import random
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

from companion import schema
from companion.data import Cards
from companion.errors import DataError, FieldError
from companion.schema import Field, ListOf, Table, Where

GAME = "cthulhu-who"
GARDEN_FILE = "garden.toml"
SIDE = 8  # one board: 8 x 8 squares (the rules: "a standard chess board")
SHAPES = ("circle", "square", "diamond", "triangle", "hexagon")
MAX_TRIES = 500  # placements rolled before the settings are declared impossible

Square = tuple[int, int]  # (column, row); row 0 is the Heroes' start row, row 7 the Evil side's


class TerrainKind(NamedTuple):
    """One kind of terrain token (the kit's): name, letter, shape and colour."""

    name: str
    letter: str
    shape: str
    colour: str


class GardenSettings(NamedTuple):
    """The kit's terrain choices from garden.toml."""

    path: Path
    source: str
    per_row_min: int
    per_row_max: int
    kinds: tuple[TerrainKind, ...]


class Terrain(NamedTuple):
    """One terrain token on the board."""

    col: int
    row: int
    kind: TerrainKind


class Garden(NamedTuple):
    """A board (1 or 2 boards side by side, 8 rows) and its terrain."""

    boards: int
    terrain: tuple[Terrain, ...]
    seed: int | str

    @property
    def cols(self) -> int:
        """Columns across: 8 per board."""
        return SIDE * self.boards

    @property
    def rows(self) -> int:
        """Rows from the Heroes' end to the Evil end: 8."""
        return SIDE

    @property
    def start_rows(self) -> tuple[int, int]:
        """The Heroes' start row (0, the dining-room end) and the Evil side's (7, the shrine)."""
        return (0, SIDE - 1)

    def openings(self) -> tuple[int, ...]:
        """Rows where the wall along the join is open (the two innermost squares), or ()."""
        return join_openings(self.boards)

    def occupied(self) -> set[Square]:
        """The squares holding terrain."""
        return {(t.col, t.row) for t in self.terrain}

    def free(self) -> set[Square]:
        """The squares a figure may stand on."""
        taken = self.occupied()
        return {(c, r) for c in range(self.cols) for r in range(self.rows) if (c, r) not in taken}

    def per_row(self) -> dict[tuple[int, int], int]:
        """Terrain pieces on each (board, row)."""
        counts = {(b, r): 0 for b in range(self.boards) for r in range(self.rows)}
        for t in self.terrain:
            counts[t.col // SIDE, t.row] += 1
        return counts

    def steps(self, square: Square) -> Iterator[Square]:
        """The squares a 1-square figure can step to from ``square`` (no terrain check)."""
        c, r = square
        for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            nc, nr = c + dc, r + dr
            if not (0 <= nc < self.cols and 0 <= nr < self.rows):
                continue  # the wall round the garden
            if dc and max(c, nc) % SIDE == 0 and r not in self.openings():
                continue  # the wall along the join of two boards
            yield nc, nr

    def regions(self) -> list[set[Square]]:
        """The free squares, split into the groups a 1-square figure can walk between."""
        free = self.free()
        seen: set[Square] = set()
        out = []
        for start in sorted(free):
            if start in seen:
                continue
            group = {start}
            todo = [start]
            while todo:
                for nxt in self.steps(todo.pop()):
                    if nxt in free and nxt not in group:
                        group.add(nxt)
                        todo.append(nxt)
            seen |= group
            out.append(group)
        return out

    def problems(self, settings: GardenSettings | None = None) -> list[str]:
        """What is wrong with this garden ([] when it is playable and follows the rules)."""
        found = []
        least = 1 if settings is None else settings.per_row_min
        for (board, row), n in sorted(self.per_row().items()):
            if n < least:
                found.append(f"board {board + 1} row {row + 1}: {n} terrain, want {least}+")
        if len(self.occupied()) != len(self.terrain):
            found.append("two terrain pieces share a square")
        free = self.free()
        for row in self.start_rows:
            if not any((c, row) in free for c in range(self.cols)):
                found.append(f"start row {row + 1} is sealed")
        if len(self.regions()) > 1:
            found.append("the terrain cuts the garden in two")
        return found


def join_openings(boards: int) -> tuple[int, ...]:
    """The rows where figures may cross the join of two boards: its two innermost squares."""
    return (SIDE // 2 - 1, SIDE // 2) if boards == 2 else ()


def _per_row_min(low: int, where: Where) -> int:
    if low < 1:
        raise where.error(f"the rules want at least 1 piece on each row, got {low}")
    return low


def _letter(letter: str, where: Where) -> str:
    if not 1 <= len(letter.strip()) <= 2:
        raise where.error(f"expected 1 or 2 letters, got {letter!r}")
    return letter.strip()


def _colour(colour: str, where: Where) -> str:
    if len(colour) != 7 or colour[0] != "#" or not _is_hex(colour[1:]):
        raise where.error(f"expected #rrggbb, got {colour!r}")
    return colour.lower()


def _kinds(kinds: list[TerrainKind], where: Where) -> tuple[TerrainKind, ...]:
    if not kinds:
        raise where.error("expected at least one kind of terrain")
    letters = [k.letter for k in kinds]
    if len(set(letters)) != len(letters):
        raise where.error("two kinds share a letter")
    return tuple(kinds)


KIND = Table(
    (
        Field("name", str),
        Field("letter", str, check=_letter),
        Field("shape", str, choices=SHAPES),
        Field("colour", str, check=_colour),
    ),
    build=lambda v, _where: TerrainKind(**v),
)
GARDEN = Table(
    (
        Field(
            "garden",
            Table(
                (
                    Field("source", str),
                    Field("per_row_min", int, check=_per_row_min),
                    Field("per_row_max", int),
                    Field("kinds", ListOf(KIND, start=1), check=_kinds),
                )
            ),
        ),
    )
)
"""garden.toml: the kit's terrain choices."""


def load_garden_settings(path: str | Path) -> GardenSettings:
    """Read and check ``garden.toml`` (once while it is unchanged)."""
    return schema.load(Path(path), GARDEN, _build)


def _build(data: dict, path: Path) -> GardenSettings:
    garden = data["garden"]
    low, high = garden["per_row_min"], garden["per_row_max"]
    if not low <= high <= SIDE - 2:
        raise (
            Where(path)
            .child("garden")
            .child("per_row_max")
            .error(f"expected {low} to {SIDE - 2} (a row keeps two free squares), got {high}")
        )
    return GardenSettings(path, garden["source"], low, high, garden["kinds"])


def _is_hex(text: str) -> bool:
    return all(ch in "0123456789abcdefABCDEF" for ch in text)


def garden_settings(cards: Cards) -> GardenSettings:
    """The kit's terrain choices (or the user's copy)."""
    return load_garden_settings(cards.path(GAME, GARDEN_FILE))


def garden_rng(seed: int, boards: int) -> random.Random:
    """The terrain's own generator for a set-up seed: independent of the set-up's dice."""
    return random.Random(f"cthulhu-who garden {boards} {seed}")


def place_terrain(settings: GardenSettings, boards: int, rng: random.Random) -> Garden:
    """Terrain for ``boards`` boards: per row of each board, min..max pieces, kinds at random;
    rolled again until no start row is sealed and the garden is in one piece."""
    if boards not in (1, 2):
        raise FieldError("boards", boards, f"expected 1 or 2, got {boards}")
    columns = list(range(SIDE))
    for _ in range(MAX_TRIES):
        terrain = []
        for board in range(boards):
            for row in range(SIDE):
                count = rng.randint(settings.per_row_min, settings.per_row_max)
                for col in rng.sample(columns, count):
                    kind = settings.kinds[rng.randrange(len(settings.kinds))]
                    terrain.append(Terrain(board * SIDE + col, row, kind))
        garden = Garden(boards, tuple(terrain), "")
        if not garden.problems(settings):
            return garden
    raise DataError(
        f"no playable garden in {MAX_TRIES} tries: lower garden.per_row_max", settings.path
    )


def garden_for(settings: GardenSettings, seed: int, boards: int) -> Garden:
    """The garden printed with set-up ``seed``: the same seed, the same terrain."""
    placed = place_terrain(settings, boards, garden_rng(seed, boards))
    return Garden(placed.boards, placed.terrain, seed)
