"""The full-size Cthulhu Who? board: the 8 x 8 (or 16 x 8) grid tiled over as many pages as
the paper needs, with overlap strips, alignment marks, the wall and its openings, a 100 mm bar.

`tile_plan` is pure geometry (tested for exact reassembly); `draw_board` draws the tiles.
Assembly: each tile after the first in a row (or column) of tiles repeats the last ``overlap``
of its neighbour as a tinted strip; cut the neighbour along its solid edge and lay it over the
strip, edge on the strip's dashed line, grid lines and the ticks outside the edges meeting.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from companion.cthulhu_who.garden import SIDE, join_openings
from companion.cthulhu_who.geometry import column_letter
from companion.errors import InputError
from generator.sheet.canvas_kit import text, width_of
from generator.sheet.options import SheetOptions
from generator.sheet.scales import check_bar
from generator.sheet.units import format_length

OVERLAP = 0.5 * 72  # 1/2in strips
HEADER = 42.0  # tile label and instructions above the window
FOOTER = 44.0  # the 100 mm check bar below the window
WALL = 4.0  # the wall's line width, pt
TICK = 7.0  # the alignment ticks outside the window, pt
TINT_HERO, TINT_EVIL = (0.81, 0.90, 0.96), (0.98, 0.88, 0.80)


@dataclass(frozen=True, slots=True)
class Tile:
    """One page of the board: the board region it shows (points, board origin lower-left) and
    where that region sits on the page."""

    col: int  # 0-based, left to right
    row: int  # 0-based, top to bottom
    bx: float  # board x of the window's left edge
    by: float  # board y of the window's bottom edge
    w: float
    h: float
    px: float  # page position of the window's lower-left corner
    py: float

    @property
    def label(self) -> str:
        """A1, B1, A2 ...: column letter, row number."""
        return f"{chr(ord('A') + self.col)}{self.row + 1}"


MIN_LABEL_PT = 6.0  # a row label is never set smaller: a shorter wording is used instead


def _fitting(labels: tuple[str, ...], size: float, room: float) -> str:
    """The longest of ``labels`` that fits ``room`` at MIN_LABEL_PT or more (else "")."""
    for label in labels:
        if width_of(label, MIN_LABEL_PT, True) <= room:
            return label
    return ""


def _spans(length: float, room: float, overlap: float) -> list[tuple[float, float]]:
    """(start, length) of each tile along one axis: as few tiles as fit in ``room``, all the
    same length, each overlapping the one before by ``overlap`` (an 8in board on A4: two
    tiles of 4.25in, not 7in and a one-column strip)."""
    if length <= room + 1e-9:
        return [(0.0, length)]
    count = math.ceil((length - overlap) / (room - overlap) - 1e-9)
    size = (length + (count - 1) * overlap) / count  # balanced: no thin last strip
    step = size - overlap
    return [(i * step, size) for i in range(count)]


def tile_plan(
    options: SheetOptions, boards: int, square: float, overlap: float = OVERLAP
) -> list[Tile]:
    """The tiles, row by row from the top of the board (the Evil end) down."""
    x0, y0, x1, y1 = options.usable
    room_w, room_h = x1 - x0 - 2 * WALL, (y1 - HEADER) - (y0 + FOOTER) - 2 * WALL
    if room_w <= overlap + square / 2 or room_h <= overlap + square / 2:
        raise InputError(
            f"--square: the paper's margins leave no room to tile {format_length(square)} "
            "squares; use a smaller --square or --margin"
        )
    width, height = SIDE * boards * square, SIDE * square
    across = _spans(width, room_w, overlap)
    down = _spans(height, room_h, overlap)
    tiles = []
    for r, (start_y, h) in enumerate(down):
        by = height - start_y - h  # rows of tiles run from the top of the board down
        for c, (bx, w) in enumerate(across):
            px = x0 + WALL
            py = y1 - HEADER - WALL - h
            tiles.append(Tile(c, r, bx, by, w, h, px, py))
    return tiles


def _board(canvas: Any, boards: int, square: float) -> None:
    """The whole board's grid, start rows and walls in board coordinates (the caller clips
    and places it; its words are set per tile, `_labels`, so none is cut by a tile's edge)."""
    cols, rows = SIDE * boards, SIDE
    width, height = cols * square, rows * square
    c = canvas
    c.setFillColorRGB(*TINT_HERO)
    c.rect(0, 0, width, square, stroke=0, fill=1)
    c.setFillColorRGB(*TINT_EVIL)
    c.rect(0, height - square, width, square, stroke=0, fill=1)
    c.setStrokeColorRGB(0.3, 0.3, 0.3)
    c.setLineWidth(0.6)
    c.lines([(i * square, 0, i * square, height) for i in range(cols + 1)])
    c.lines([(0, j * square, width, j * square) for j in range(rows + 1)])
    c.setStrokeColorRGB(0, 0, 0)
    c.setLineWidth(WALL)
    c.rect(0, 0, width, height, stroke=1, fill=0)
    if boards == 2:
        low, high = join_openings(boards)[0], join_openings(boards)[-1] + 1
        x = SIDE * square
        c.line(x, 0, x, low * square)
        c.line(x, high * square, x, height)


def _labels(canvas: Any, tile: Tile, boards: int, square: float, strip: float) -> None:
    """Row numbers down the tile's left edge, column letters along rows 1 and 8, the start rows
    named across what the tile shows,
    and "open" at the join's openings when the tile shows them."""
    size = min(9.0, square / 4)
    dx, dy = tile.px - tile.bx, tile.py - tile.by
    height = SIDE * square
    for row in range(SIDE):
        y = row * square
        if tile.by - 1e-6 <= y and y + square <= tile.by + tile.h + 1e-6:
            text(canvas, tile.px + 3, dy + y + 3, str(row + 1), size, grey=True)
    for col in range(SIDE * boards):  # column letters in the corner of rows 1 and 8
        x = col * square
        at = x + square - 3  # the letter's right end: on this tile, clear of its strip?
        if tile.bx + strip + size <= at <= tile.bx + tile.w + 1e-6:
            letter = column_letter(col)
            for row in (0, SIDE - 1):
                y = row * square
                if tile.by - 1e-6 <= y and y + square <= tile.by + tile.h + 1e-6:
                    right = dx + x + square - 3
                    base = dy + y + (3 if row == 0 else square - size - 2)  # at the board's edge
                    text(canvas, right, base, letter, size, grey=True, anchor="end")
    mid = tile.px + strip + (tile.w - strip) / 2  # clear of an overlap strip at the left
    room = tile.w - strip - 24
    if tile.by <= 1e-6:
        words = _fitting(("HEROES' START ROW (row 1)", "HEROES' START", "START"), size, room)
        _start_label(canvas, mid, dy + square / 2, words, size, room, TINT_HERO)
    if tile.by + tile.h >= height - 1e-6:
        words = _fitting(("EVIL START ROW (row 8)", "EVIL START", "START"), size, room)
        _start_label(canvas, mid, dy + height - square / 2, words, size, room, TINT_EVIL)
    if boards == 2:
        x = SIDE * square
        low = join_openings(boards)[0]
        y = (low + 1) * square
        if tile.bx <= x <= tile.bx + tile.w - 30 and tile.by <= y - square <= tile.by + tile.h:
            text(canvas, dx + x + 3, dy + y - size - 2, "open", size, True)


def _start_label(
    canvas: Any,
    mid: float,
    centre: float,
    words: str,
    size: float,
    room: float,
    tint: tuple[float, float, float],
) -> None:
    """A start row's name centred at (``mid``, ``centre``) on a patch of the row's tint, so no
    grid line runs through its letters."""
    if not words:
        return
    width = min(width_of(words, size, True), room)
    canvas.saveState()
    canvas.setFillColorRGB(*tint)
    canvas.rect(mid - width / 2 - 4, centre - size * 0.7, width + 8, size * 1.4, stroke=0, fill=1)
    canvas.restoreState()
    text(canvas, mid, centre - size / 3, words, size, True, "middle", max_width=room)


def draw_tile(
    canvas: Any,
    tile: Tile,
    tiles: list[Tile],
    boards: int,
    square: float,
    options: SheetOptions,
    overlap: float = OVERLAP,
) -> None:
    """One tile page (the caller closes the page)."""
    c = canvas
    left = [t for t in tiles if t.row == tile.row and t.col == tile.col - 1]
    above = [t for t in tiles if t.col == tile.col and t.row == tile.row - 1]
    right = [t for t in tiles if t.row == tile.row and t.col == tile.col + 1]
    below = [t for t in tiles if t.col == tile.col and t.row == tile.row + 1]
    c.saveState()
    path = c.beginPath()
    pad = WALL
    path.rect(tile.px - pad, tile.py - pad, tile.w + 2 * pad, tile.h + 2 * pad)
    c.clipPath(path, stroke=0, fill=0)
    c.translate(tile.px - tile.bx, tile.py - tile.by)
    _board(c, boards, square)
    c.restoreState()
    _labels(c, tile, boards, square, overlap if left else 0.0)
    c.saveState()
    # the overlap strips this tile carries (under its left / upper neighbour)
    c.setFillColorRGB(0.5, 0.5, 0.5)
    c.setFillAlpha(0.18)
    if left:
        c.rect(tile.px, tile.py, overlap, tile.h, stroke=0, fill=1)
    if above:
        c.rect(tile.px, tile.py + tile.h - overlap, tile.w, overlap, stroke=0, fill=1)
    c.setFillAlpha(1)
    c.setStrokeColorRGB(0, 0, 0)
    c.setLineWidth(0.8)
    c.setDash([3, 2])
    if left:
        c.line(tile.px + overlap, tile.py - 8, tile.px + overlap, tile.py + tile.h + 8)
    if above:
        c.line(
            tile.px - 8,
            tile.py + tile.h - overlap,
            tile.px + tile.w + 8,
            tile.py + tile.h - overlap,
        )
    c.setDash([])
    # where this tile is cut to lie over its neighbour's strip: a solid line across
    c.setLineWidth(0.6)
    if right:
        x = tile.px + tile.w
        c.line(x, tile.py - 12, x, tile.py + tile.h + 12)
        text(c, x - 2, tile.py + tile.h + 12, "cut", 7, anchor="end")
    if below:
        c.line(tile.px - 12, tile.py, tile.px + tile.w + 12, tile.py)
        text(c, tile.px + tile.w - 3, tile.py + 3, "cut", 7, anchor="end")
    # alignment ticks at every row (and column) line, outside the window
    for j in range(SIDE + 1):
        by = j * square
        if tile.by - 1e-6 <= by <= tile.by + tile.h + 1e-6:
            y = tile.py + by - tile.by
            for x, d in ((tile.px - pad - 1, -1), (tile.px + tile.w + pad + 1, 1)):
                c.line(x, y, x + d * TICK, y)
    for i in range(SIDE * boards + 1):
        bx = i * square
        if tile.bx - 1e-6 <= bx <= tile.bx + tile.w + 1e-6:
            x = tile.px + bx - tile.bx
            for y, d in ((tile.py - pad - 1, -1), (tile.py + tile.h + pad + 1, 1)):
                c.line(x, y, x, y + d * TICK)
    c.restoreState()
    x0, y1 = tile.px - WALL, tile.py + tile.h + WALL
    x1 = options.usable[2]
    head = (
        f"Board tile {tile.label} of {len(tiles)}: {format_length(square)} squares, "
        f"{'16 x 8 (two boards)' if boards == 2 else '8 x 8'}"
    )
    text(c, x0, y1 + 30, head, 11, bold=True)
    notes = []
    if left:
        notes.append(
            f"tinted strip at left: lay tile {left[0].label} over it, its right "
            "edge on the dashed line"
        )
    if above:
        notes.append(
            f"tinted strip at top: lay tile {above[0].label} over it, its bottom "
            "edge on the dashed line"
        )
    if right or below:
        notes.append("cut along the solid 'cut' line" + ("s" if right and below else ""))
    if not notes:
        notes.append("one page: the whole board")
    # above the ticks (they stop TICK + 1 above the wall) and clear of the "cut" at the right
    text(
        c,
        x0,
        y1 + TICK + 6,
        "; ".join(notes) + ". Ticks outside the edge mark every grid line.",
        7.5,
        max_width=(tile.px + tile.w - 16 if right else x1) - x0,
    )
    check_bar(c, x0, tile.py - WALL - 32, x1)
