"""Imposition: pieces -> pages of placements (cut boxes in points), with duplex backs.

Pieces are packed in rows, top to bottom, in the order given; each block starts a new row with
the gutter before it (unless running the blocks together saves a sheet: `pack`), and a
double-length piece shares rows with squares (a square further on fills a hole a double
leaves) -- except with crop marks, where each block is split by shape so every row holds one
shape, and rows of different shapes are at least 1/4in apart: room for the crop marks that
belong to each (generator/sheet/guides.py, room.py). A piece more than one row tall
(a 2 x 2 monster) keeps its block's squares with it: they fill both rows beside it, and with
crop marks the next row whose cuts would run through it starts 1/4in lower. With no bleed
pieces butt (shared cut lines); with bleed ``b`` every piece gets its own cut box, ``2b`` from
its neighbours, its background running into the bleed. Fronts and backs are interleaved in one
document, front page then its back page:

* duplex ``long``:  back x = W - x - w (same y);  ``short``: back y = H - y - h (same x);
  the back offset (DX, DY) is added to back pages, and fronts keep clear of the side the
  backs move out from by as much (`SheetOptions.front_area`), so backs stay on the paper --
  which moves the fronts too: a new offset means printing both sides again;
* duplex ``none`` (fold-over): fronts on the left half of each page, backs mirrored across the
  vertical fold line in the middle of the same page -- only for pieces that have backs
  (`folds`): single-sided pieces (tokens, terrain) fill the whole page, with no fold line.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from companion.errors import InputError
from generator.sheet.options import SheetOptions
from generator.sheet.pieces import Face, Piece
from generator.sheet.room import KEPT_BOTTOM, KEPT_SIDE
from generator.sheet.units import format_length

LOOKAHEAD = 64  # how far ahead a row looks for a piece that fills its hole
CROP_GAP = 18.0  # crop marks: at least 1/4in between rows of different shapes


@dataclass(frozen=True, slots=True)
class Placement:
    """One face on a page: its cut box (x, y lower-left; w, h) in points. ``turn``: the face
    is drawn turned this many degrees anticlockwise (0, 90 or 270; a turned card's box is its
    face's width and height swapped)."""

    piece: Piece
    face: Face
    side: Literal["front", "back"]
    x: float
    y: float
    w: float
    h: float
    turn: int = 0


@dataclass
class ImposedPage:
    """One printed page as imposed: ``side`` is front, back or fold (fronts and backs together)."""

    side: Literal["front", "back", "fold"]
    sheet: int
    placements: list[Placement] = field(default_factory=list)


def _blocks(
    pieces: Sequence[Piece], by_shape: bool = False, by_block: bool = True
) -> list[list[Piece]]:
    """Group pieces by block, blocks in order of first appearance, pieces in order;
    ``by_shape`` splits each block further by piece shape (cols x rows), so no row mixes them
    -- except pieces more than one row tall, which go with the block's squares: squares fill
    the room beside them (`_row`), whose cuts never cross them. ``by_block`` False: one group
    for all blocks (of each shape)."""
    groups: dict[tuple[str, int, int], list[Piece]] = {}
    for piece in pieces:
        shape = (0, 0)
        if by_shape:
            shape = (piece.cols, piece.rows) if piece.rows == 1 else (1, 1)
        groups.setdefault((piece.block if by_block else "", *shape), []).append(piece)
    return list(groups.values())


def _fit_or_fail(piece: Piece, options: SheetOptions, room_w: float, room_h: float) -> None:
    s, b = options.piece, options.bleed
    if piece.cols * s + 2 * b > room_w + 1e-9 or piece.rows * s + 2 * b > room_h + 1e-9:
        kept = " less the room kept for --back-offset" if any(options.back_offset) else ""
        raise InputError(
            f"piece {piece.name!r} ({format_length(piece.cols * s)} x "
            f"{format_length(piece.rows * s)}) does not fit inside the margins of "
            f"{options.paper}{kept}; use a smaller --piece-size or --margin"
        )


def _shelf(
    queue: list[Piece],
    x0: float,
    x1: float,
    top: float,
    floor: float,
    s: float,
    b: float,
    shape: tuple[int, int] | None = None,
) -> tuple[list[Placement], float]:
    """One run of pieces left to right from the front of ``queue`` (taken out of it) between
    x0 and x1, hanging from ``top``, none below ``floor``; only pieces of ``shape`` if given.
    Returns the placements and the lowest bottom edge (outer boxes, bleed included)."""
    placed: list[Placement] = []
    x, bottom = x0, top
    while queue:
        pick = None  # the next piece that fits in what is left of the run
        for i in range(min(LOOKAHEAD, len(queue))):
            if shape is not None and (queue[i].cols, queue[i].rows) != shape:
                continue
            if x + queue[i].cols * s + 2 * b <= x1 + 1e-9:
                pick = i
                break
        if pick is None:
            break
        piece = queue[pick]
        w, h = piece.cols * s, piece.rows * s
        if top - h - 2 * b < floor - 1e-9:
            break  # a taller piece waits for the next row
        queue.pop(pick)
        placed.append(Placement(piece, piece.front, "front", x + b, top - b - h, w, h))
        bottom = min(bottom, top - h - 2 * b)
        x += w + 2 * b
    return placed, bottom


def _row(
    queue: list[Piece], x0: float, x1: float, top: float, floor: float, s: float, b: float
) -> tuple[list[Placement], float]:
    """One row from the front of ``queue`` (taken out of it): pieces left to right, then,
    where a piece more than one row tall makes the row deeper than others in it, the room
    under those shorter pieces filled with more of their shape (squares under squares), so
    every cut line there is one the pieces above it already have. Returns the placements and
    the row's bottom edge."""
    placed, bottom = _shelf(queue, x0, x1, top, floor, s, b)
    holes: list[tuple[float, float, float, tuple[int, int]]] = []  # x0, x1, top, shape
    for p in placed:
        under = p.y - b
        shape = (p.piece.cols, p.piece.rows)
        if under - bottom < s + 2 * b - 1e-9:
            continue
        last = holes[-1] if holes else None
        if last and abs(last[1] - (p.x - b)) < 1e-6 and abs(last[2] - under) < 1e-6:
            if last[3] == shape:
                holes[-1] = (last[0], p.x + p.w + b, under, shape)
                continue
        holes.append((p.x - b, p.x + p.w + b, under, shape))
    for left, right, hole_top, shape in holes:
        while queue:
            more, low = _shelf(queue, left, right, hole_top, bottom, s, b, shape)
            if not more:
                break
            placed += more
            hole_top = low
    return placed, bottom


def cut_through(xs: set[float], pieces: Sequence[Placement]) -> bool:
    """A vertical cut at one of ``xs`` runs through the inside of one of ``pieces`` (more than
    1e-6 pt inside its edges): for each piece, the first cut right of its left edge."""
    cuts = sorted(xs)
    for p in pieces:
        i = bisect_right(cuts, p.x + 1e-6)
        if i < len(cuts) and cuts[i] < p.x + p.w - 1e-6:
            return True
    return False


def _crosses(above: Sequence[Placement], below: Sequence[Placement]) -> bool:
    """A vertical cut of one set of pieces runs through a piece of the other."""
    return any(
        cut_through({v for p in one for v in (p.x, p.x + p.w)}, other)
        for one, other in ((above, below), (below, above))
    )


def folds(pieces: Sequence[Piece], options: SheetOptions) -> bool:
    """Fold-over pages for these pieces: ``--duplex none`` and at least one piece has a back.
    Pieces with no backs (tokens, terrain) have nothing to fold over: they fill the page."""
    return options.duplex == "none" and any(p.back is not None for p in pieces)


def pieces_area(
    options: SheetOptions, fold: bool | None = None
) -> tuple[float, float, float, float]:
    """Where packed pieces go (outer boxes, bleed included): the front area (the fronts' half
    on fold-over pages); with crop marks, never so close to the paper's edge that a side has
    no room for a mark KEPT_MARK long, nor at the bottom for one above the footer. ``fold``:
    fold-over pages (default: ``--duplex none``; `folds` says it for a set of pieces)."""
    if fold is None:
        fold = options.duplex == "none"
    x0, y0, x1, y1 = options.front_area
    if fold:
        x0 = max(options.margin_left, options.margin_right)
        x1 = x0 + options.fold_half_width()
    if options.cut_guides == "crop":
        y0, y1 = max(y0, KEPT_BOTTOM), min(y1, options.height - KEPT_SIDE)
        if not fold:  # fold-over: the fold half keeps to the margins
            x0, x1 = max(x0, KEPT_SIDE), min(x1, options.width - KEPT_SIDE)
    return x0, y0, x1, y1


def pack(pieces: Sequence[Piece], options: SheetOptions) -> list[list[Placement]]:
    """Front placements, one list per sheet, inside `pieces_area` of each page (the fronts'
    half where the pieces fold over: `folds`): each block starts a new row, unless running the
    blocks together (each shape's pieces in one run, whatever their block, so a few markers
    fill a row's end) saves a sheet of paper."""
    crop = options.cut_guides == "crop"
    fold = folds(pieces, options)
    sheets = _pack(_blocks(pieces, by_shape=crop), options, fold)
    if len(sheets) > 1:
        run_on = _pack(_blocks(pieces, by_shape=crop, by_block=False), options, fold)
        if len(run_on) < len(sheets):
            return run_on
    return sheets


def _pack(groups: list[list[Piece]], options: SheetOptions, fold: bool) -> list[list[Placement]]:
    """`pack` with the pieces in these groups, each starting a new row."""
    s, b = options.piece, options.bleed
    x0, y0, x1, y1 = pieces_area(options, fold)
    room_w, room_h = x1 - x0, y1 - y0
    # centre the columns of squares across the page (or the half), so backs mirror onto fronts
    pitch = s + 2 * b
    spare = room_w - int((room_w + 1e-9) // pitch) * pitch
    if not fold:
        x0, x1 = x0 + spare / 2, x1 - spare / 2
    crop = options.cut_guides == "crop"
    sheets: list[list[Placement]] = [[]]
    top = y1  # top edge of the next row (outer boxes, bleed included)
    shape: tuple[int, int] | None = None  # of the block above
    band: list[Placement] = []  # crop marks: the rows above that one set of vertical cuts serves
    for block in groups:
        for piece in block:
            _fit_or_fail(piece, options, room_w, room_h)
        queue = list(block)
        first_row = True
        while queue:
            # a new row: the gutter before a new block unless at the top of a page; crop
            # marks for rows of another shape need room between the two
            gap = options.gutter if first_row and top < y1 else 0.0
            if crop and first_row and top < y1 and shape != (block[0].cols, block[0].rows):
                gap = max(gap, CROP_GAP)
            first_row = False
            row_h = max(queue[0].rows, 1) * s + 2 * b
            if top - gap - row_h < y0 - 1e-9:
                sheets.append([])
                top, gap, band = y1, 0.0, []
            trial = list(queue)
            placed, bottom = _row(trial, x0, x1, top - gap, y0, s, b)
            if crop and gap < CROP_GAP and band and _crosses(band, placed):
                # the band above needs its own crop marks: 1/4in between (or a new page)
                gap = CROP_GAP
                if top - gap - row_h < y0 - 1e-9:
                    sheets.append([])
                    top, gap, band = y1, 0.0, []
                trial = list(queue)
                placed, bottom = _row(trial, x0, x1, top - gap, y0, s, b)
            queue = trial
            if gap >= CROP_GAP or _crosses(band, placed):
                band = []
            band += placed
            sheets[-1] += placed
            top = bottom
        shape = (block[0].cols, block[0].rows)
    return [sheet for sheet in sheets if sheet] or [[]]


def mirror(front: Placement, options: SheetOptions) -> Placement | None:
    """The back of a front placement (None for a single-sided piece)."""
    back = front.piece.back
    if back is None:
        return None
    x, y, w, h = front.x, front.y, front.w, front.h
    if options.duplex == "long":
        x = options.width - x - w
    elif options.duplex == "short":
        y = options.height - y - h
    else:  # fold-over: across the vertical centre line of the same page
        return Placement(front.piece, back, "back", options.width - x - w, y, w, h)
    dx, dy = options.back_offset
    turn = -front.turn % 360  # turning the sheet over mirrors the turn
    return Placement(front.piece, back, "back", x + dx, y + dy, w, h, turn)


def impose(pieces: Sequence[Piece], options: SheetOptions) -> list[ImposedPage]:
    """All pages, fronts and backs interleaved (or fold-over pages; single-sided pieces under
    ``--duplex none``: front pages alone, filling the paper)."""
    sheets = pack(pieces, options)
    two_sided = any(p.back is not None for p in pieces)
    fold = folds(pieces, options)
    pages: list[ImposedPage] = []
    for number, fronts in enumerate(sheets, start=1):
        backs = [m for m in (mirror(f, options) for f in fronts) if m is not None]
        if fold:
            pages.append(ImposedPage("fold", number, fronts + backs))
            continue
        pages.append(ImposedPage("front", number, fronts))
        if two_sided:
            pages.append(ImposedPage("back", number, backs))
    return pages


def per_page(options: SheetOptions, fold: bool | None = None) -> tuple[int, int]:
    """How many square pieces fit across and down one page (or one fold-over half; ``fold``
    as `pieces_area` takes it)."""
    x0, y0, x1, y1 = pieces_area(options, fold)
    width = x1 - x0
    pitch = options.piece + 2 * options.bleed
    return (int((width + 1e-9) // pitch), int((y1 - y0 + 1e-9) // pitch))
