"""Cthulhu Who? on the grid: squares by name, next-to, range, the line between two squares, a
4-square monster's move and its collapse, on a rolled garden.

The rules do not say how squares are counted: every answer here follows the kit's readings in
``cards/cthulhu-who/readings.toml`` (`Readings`; its switches ``steps``, ``corner`` and
``collapse`` choose between the readings this module knows), and whoever shows an answer labels
it as the kit's reading. Squares are ``(column, row)`` from 0; named as printed, ``B3`` is
column B (the second from the left, seen from the Heroes' end), row 3. Lines are worked out in
whole numbers: a line through a corner point is a corner point, never a rounding.
"""

from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import NamedTuple

from companion import schema
from companion.cthulhu_who.garden import SIDE, Garden, Square, Terrain, join_openings
from companion.data import Cards
from companion.errors import FieldError
from companion.schema import Field, MapOf, Table

GAME = "cthulhu-who"
READINGS_FILE = "readings.toml"
KING = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1))
SIDES = KING[:4]
SHORT_MAX = 38  # a reading's one line, after "- ", fits the table's 40 columns


class Reading(NamedTuple):
    """One of the kit's readings: its one line, its full text, the rules' words it reads."""

    name: str
    title: str
    short: str
    text: str
    rule: str


class Readings(NamedTuple):
    """The kit's readings of the board's geometry, and the switches the commands follow."""

    path: Path
    source: str
    items: dict[str, Reading]
    steps: str  # "king" (diagonals count 1) or "sides"
    corner: str  # "between" (a line through a corner misses both squares) or "blocked"
    collapse: str  # "around" (12 squares round a 2 x 2 block) or "sides" (8)

    def short(self, *names: str) -> list[str]:
        """The one-line labels of these readings, in order."""
        return [self.items[n].short for n in names]


REQUIRED = (
    "diagonals",
    "terrain",
    "wall",
    "line",
    "figures",
    "big-figures",
    "two-square",
    "four-square",
    "collapse",
    "cultists-edge",
)


def _short(text: str, where: schema.Where) -> str:
    if len(text) > SHORT_MAX:
        raise where.error(f"expected at most {SHORT_MAX} characters, got {len(text)}")
    return text


READING = Table(
    (
        Field("title", str),
        Field("short", str, check=_short),
        Field("text", str),
        Field("rule", str),
        Field("steps", str, required=False, default="king", choices=("king", "sides")),
        Field("corner", str, required=False, default="between", choices=("between", "blocked")),
        Field("collapse", str, required=False, default="around", choices=("around", "sides")),
    )
)
READINGS = Table((Field("source", str), Field("readings", MapOf(READING))))
"""readings.toml."""


def load_readings(path: str | Path) -> Readings:
    """Read and check ``readings.toml`` (once while it is unchanged)."""
    return schema.load(Path(path), READINGS, _build)


def _build(data: dict, path: Path) -> Readings:
    found = data["readings"]
    missing = [n for n in REQUIRED if n not in found]
    if missing:
        raise schema.Where(path).child("readings").error(f"expected [readings.{missing[0]}]")
    items = {
        name: Reading(name, r["title"], r["short"], r["text"], r["rule"])
        for name, r in found.items()
    }
    return Readings(
        path,
        data["source"],
        items,
        found["diagonals"]["steps"],
        found["line"]["corner"],
        found["collapse"]["collapse"],
    )


def readings(cards: Cards) -> Readings:
    """The kit's readings (or the user's copy)."""
    return load_readings(cards.path(GAME, READINGS_FILE))


# --------------------------------------------------------------------------- square names


def column_letter(col: int) -> str:
    """0 -> A ... 15 -> P."""
    return chr(ord("A") + col)


def name(square: Square) -> str:
    """``(1, 2)`` -> ``B3``."""
    return f"{column_letter(square[0])}{square[1] + 1}"


def names(squares: Iterable[Square]) -> list[str]:
    """Names in reading order: by row, then column."""
    return [name(s) for s in sorted(squares, key=lambda s: (s[1], s[0]))]


def parse_square(text: str, garden: Garden, field: str) -> Square:
    """``B3`` (any case) -> ``(1, 2)``, on this garden; else a `FieldError` of ``field``."""
    raw = text.strip().upper()
    last = column_letter(garden.cols - 1)
    expected = f"a column letter A-{last} and a row 1-{garden.rows}, like B3"
    digits = raw[1:]  # ASCII only: "²" is a digit to str.isdigit, and int() reads "٣" as 3
    number = digits.isascii() and digits.isdigit()
    if not 2 <= len(raw) <= 4 or not ("A" <= raw[0] <= "Z") or not number:
        raise FieldError(field, text, f"expected {expected}, got {text[:12]!r}")
    col, row = ord(raw[0]) - ord("A"), int(digits) - 1
    if col >= garden.cols or not 0 <= row < garden.rows:
        boards = "two boards" if garden.boards == 2 else "one board"
        raise FieldError(field, text, f"{raw} is off the garden ({boards}: {expected})")
    return col, row


def terrain_at(garden: Garden) -> dict[Square, Terrain]:
    """The terrain piece on each square that has one."""
    return {(t.col, t.row): t for t in garden.terrain}


class ReadingRefusal(FieldError):
    """A request the kit's reading of the board refuses, not the rulebook: ``reading`` names
    it in readings.toml, so each front end can label the refusal as the kit's."""

    def __init__(self, field: str, value: object, reason: str, reading: str) -> None:
        super().__init__(field, value, reason)
        self.reading = reading

    def labelled(self, rd: Readings) -> "ReadingRefusal":
        """The same refusal, its reason ending with the reading's one-line label."""
        short = rd.items[self.reading].short
        return ReadingRefusal(self.field, self.value, f"{self.reason} [{short}]", self.reading)


def free_square(garden: Garden, square: Square, field: str) -> Square:
    """``square`` if no terrain fills it (the kit's reading: terrain fills its square)."""
    found = terrain_at(garden).get(square)
    if found is not None:
        raise ReadingRefusal(
            field,
            name(square),
            f"{name(square)} holds terrain ({found.kind.name}); no figure stands there",
            "terrain",
        )
    return square


# --------------------------------------------------------------------------- steps and range


def _crosses_join(a: Square, b: Square) -> bool:
    return min(a[0], b[0]) < SIDE <= max(a[0], b[0])


def step_ok(garden: Garden, a: Square, b: Square) -> bool:
    """Whether one step from ``a`` to ``b`` (next to each other) keeps off the wall: across the
    join only from an opening row to an opening row."""
    if not (0 <= b[0] < garden.cols and 0 <= b[1] < garden.rows):
        return False
    if garden.boards == 2 and _crosses_join(a, b):
        openings = join_openings(garden.boards)
        return a[1] in openings and b[1] in openings
    return True


def neighbours(garden: Garden, square: Square, steps: str) -> Iterator[Square]:
    """The squares next to ``square`` (``steps``: "king" or "sides"), none across the wall."""
    c, r = square
    for dc, dr in KING if steps == "king" else SIDES:
        other = (c + dc, r + dr)
        if step_ok(garden, square, other):
            yield other


def next_to(garden: Garden, rd: Readings, a: Square, b: Square) -> bool:
    """Whether ``a`` and ``b`` are next to each other (adjacent), by the kit's reading."""
    return b in set(neighbours(garden, a, rd.steps))


def distance(rd: Readings, a: Square, b: Square) -> int:
    """The range in squares: king steps (the larger difference) or side steps (the sum)."""
    dc, dr = abs(a[0] - b[0]), abs(a[1] - b[1])
    return max(dc, dr) if rd.steps == "king" else dc + dr


# --------------------------------------------------------------------------- the line


def _interval(start: int, delta: int, low: int, scale: int, whole: int) -> tuple[int, int] | None:
    """Where along the line (0 at its start, ``whole`` at its end) a coordinate that starts at
    ``start`` and moves by ``delta`` (both in half squares) lies in square ``low``'s span;
    None if never. ``scale`` keeps every such place a whole number (no rounding)."""
    if delta == 0:
        return (0, whole) if 2 * low < start < 2 * low + 2 else None
    sign = 1 if delta > 0 else -1
    t1, t2 = (2 * low - start) * sign * scale, (2 * low + 2 - start) * sign * scale
    return min(t1, t2), max(t1, t2)


class Line(NamedTuple):
    """The squares a line from centre to centre passes through, between its two ends."""

    start: Square
    end: Square
    crossed: tuple[Square, ...]  # in order from the start
    corners: tuple[Square, ...]  # squares it only touches at a corner point
    wall: bool  # it meets the join's wall (its end included)
    terrain: tuple[Terrain, ...]  # on the squares in the way

    def check(self) -> tuple[Square, ...]:
        """The squares in the way with no terrain: the players look for figures there."""
        held = {(t.col, t.row) for t in self.terrain}
        return tuple(s for s in self.crossed if s not in held)

    @property
    def clear(self) -> bool:
        """No terrain and no wall in the way (figures are the players' to check)."""
        return not self.terrain and not self.wall


def line(garden: Garden, rd: Readings, a: Square, b: Square) -> Line:
    """The line from the centre of ``a`` to the centre of ``b``, by the kit's readings."""
    # in half squares, so the centres are whole numbers; places along the line in units of
    # 1/whole: every crossing is exact, a corner point is a corner point
    x0, y0 = 2 * a[0] + 1, 2 * a[1] + 1
    dx, dy = 2 * (b[0] - a[0]), 2 * (b[1] - a[1])
    sx, sy = abs(dx) or 1, abs(dy) or 1
    whole = sx * sy
    crossed: list[tuple[int, Square]] = []
    corners: list[tuple[int, Square]] = []
    for col in range(min(a[0], b[0]), max(a[0], b[0]) + 1):
        for row in range(min(a[1], b[1]), max(a[1], b[1]) + 1):
            if (col, row) in (a, b):
                continue
            across = _interval(x0, dx, col, sy, whole)
            up = _interval(y0, dy, row, sx, whole)
            if across is None or up is None:
                continue
            low, high = max(across[0], up[0], 0), min(across[1], up[1], whole)
            if low < high:
                crossed.append((low, (col, row)))
            elif low == high and 0 < low < whole:
                corners.append((low, (col, row)))
    in_way = [s for _, s in sorted(crossed)]
    if rd.corner == "blocked":
        in_way = [s for _, s in sorted(crossed + corners)]
    wall = False
    if garden.boards == 2 and _crosses_join(a, b):
        # where it meets x = SIDE, in half squares times dx: y0 * dx + (2 SIDE - x0) * dy
        meet = y0 * dx + (2 * SIDE - x0) * dy
        openings = join_openings(garden.boards)
        low, high = 2 * openings[0] * dx, 2 * (openings[-1] + 1) * dx
        wall = not min(low, high) < meet < max(low, high)
    here = terrain_at(garden)
    terrain = tuple(here[s] for s in in_way if s in here)
    return Line(a, b, tuple(in_way), tuple(s for _, s in sorted(corners)), wall, terrain)


class Shot(NamedTuple):
    """Whether an attack from ``start`` to ``end`` may be made: range, adjacency, line."""

    start: Square
    end: Square
    squares: int  # the range
    reach: int  # 1: adjacent only; 2: a ranged attack (pistol, shotgun, 2-square monster)
    adjacent: bool
    line: Line

    @property
    def allowed(self) -> bool:
        """Allowed as far as the board goes (figures on ``line.check()`` still to be looked at)."""
        if self.reach <= 1:
            return self.adjacent
        return self.squares <= self.reach and self.line.clear

    def why_not(self) -> str:
        """Why it is not allowed ("" when it is)."""
        if self.allowed:
            return ""
        if self.reach <= 1:
            if self.squares == 1:
                return "not adjacent (the wall)"
            return f"not adjacent ({self.squares} squares)"
        if self.squares > self.reach:
            return f"{self.squares} squares away, reaches {self.reach}"
        if self.line.wall:
            return "the join's wall blocks it"
        first = self.line.terrain[0]
        return f"{first.kind.name} {name((first.col, first.row))} blocks the line"


def shot(garden: Garden, rd: Readings, a: Square, b: Square, reach: int) -> Shot:
    """The board's answer for an attack from ``a`` to ``b`` by an attacker of ``reach``."""
    if a == b:
        raise FieldError("to", name(b), f"{name(b)} is the attacker's own square")
    return Shot(a, b, distance(rd, a, b), reach, next_to(garden, rd, a, b), line(garden, rd, a, b))


# --------------------------------------------------------------------------- 4-square monsters


def block(corner: Square) -> tuple[Square, ...]:
    """The 2 x 2 block named by its lowest-lettered, lowest-numbered square."""
    c, r = corner
    return ((c, r), (c + 1, r), (c, r + 1), (c + 1, r + 1))


def check_block(garden: Garden, corner: Square, field: str) -> tuple[Square, ...]:
    """The block at ``corner``, if it lies on the garden, off terrain, not across the wall."""
    squares = block(corner)
    off = [s for s in squares if not (0 <= s[0] < garden.cols and 0 <= s[1] < garden.rows)]
    if off:
        raise ReadingRefusal(
            field,
            name(corner),
            f"a 2 x 2 block from {name(corner)} runs off the garden at {name(off[0])}",
            "four-square",
        )
    here = terrain_at(garden)
    for s in squares:
        if s in here:
            raise ReadingRefusal(
                field,
                name(corner),
                f"the block {' '.join(name(q) for q in squares)} has terrain on "
                f"{name(s)} ({here[s].kind.name})",
                "terrain",
            )
    a, b, c, d = squares
    if not all(step_ok(garden, x, y) for x, y in ((a, b), (c, d))):
        raise ReadingRefusal(
            field,
            name(corner),
            f"the block {name(corner)} would stand across the join's wall (only rows 4-5 are open)",
            "wall",
        )
    return squares


class Crush(NamedTuple):
    """A 4-square monster's move of one space: the squares it enters."""

    start: Square
    end: Square
    entered: tuple[Square, ...]


def crush(garden: Garden, rd: Readings, start: Square, end: Square) -> Crush:
    """The block at ``start`` shifted one step to ``end``: checked square by square."""
    before = check_block(garden, start, "monster")
    dc, dr = end[0] - start[0], end[1] - start[1]
    if (dc, dr) not in (KING if rd.steps == "king" else SIDES):
        ways = (
            "one step (diagonals too)" if rd.steps == "king" else "one step along a row or column"
        )
        raise ReadingRefusal(
            "to",
            name(end),
            f"{name(end)} is not {ways} from {name(start)}; a move is 1 space",
            "four-square",
        )
    after = check_block(garden, end, "to")
    for s in before:
        moved = (s[0] + dc, s[1] + dr)
        if not step_ok(garden, s, moved):
            raise ReadingRefusal(
                "to", name(end), f"{name(s)} to {name(moved)} crosses the join's wall", "wall"
            )
    entered = tuple(s for s in after if s not in before)
    return Crush(start, end, tuple(sorted(entered, key=lambda s: (s[1], s[0]))))


def collapse(garden: Garden, rd: Readings, corner: Square) -> tuple[Square, ...]:
    """The squares immediately next to the block at ``corner`` that can hold a figure (no
    terrain), by the kit's reading (``collapse``: "around" or "sides")."""
    squares = set(block(corner))
    held = set(terrain_at(garden))
    found = {
        n
        for s in squares
        for n in neighbours(garden, s, "king" if rd.collapse == "around" else "sides")
        if n not in squares and n not in held
    }
    return tuple(sorted(found, key=lambda s: (s[1], s[0])))
