"""Cards on the sheet engine: card sizes, a centred grid (duplex backs), and gutter-fold pages.

A card is a `Piece` whose faces are drawn in points (unit 1), not in counter cells, so any size
works (63 x 88 mm as well as 2.5 x 3.5 in). `impose_cards` lays them out as a grid centred in
the front area, as many as fit with a crop mark at every trim, 1/4in or more inside the paper,
and the footer below (`card_room`): nine poker cards on A4, eight on Letter (turned a quarter:
three rows of 3.5in leave no room for the column marks); with bleed each card keeps its own
(2 x bleed between cards): six, turned, on both. Backs are mirrored by the
engine's own rules (`layout.mirror`: long/short edge and the back offset). `--duplex none`
gives the gutter-fold layout instead: landscape pages, a row of fronts above the fold and
their backs below it, each back turned 180 degrees, so folding along the gutter puts every
back behind its front. `write_cards_pdf` draws the pages with the
engine's faces, cut guides and footer, atomically.
"""

from __future__ import annotations

import dataclasses
import functools
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from companion.errors import InputError
from generator.sheet import guides
from generator.sheet.backs import back_grounds
from generator.sheet.files import atomic_file, binary_streams
from generator.sheet.guides import GUIDE_GREY, GUIDE_WIDTH
from generator.sheet.layout import ImposedPage, Placement, mirror
from generator.sheet.options import SAFE_EDGE, SheetOptions
from generator.sheet.pages import PageWriter, draw_footer_beside, footer_top
from generator.sheet.pieces import Piece
from generator.sheet.render_pdf import (
    PdfStats,
    draw_boxes,
    draw_face,
    draw_guides,
    new_canvas,
    side_label,
)
from generator.sheet.room import FOOTER_BAND, MARK_GAP
from generator.sheet.units import INCH, MM, format_length, try_length

CARD_SIZES: dict[str, tuple[float, float]] = {
    "poker": (2.5 * INCH, 3.5 * INCH),
    "bridge": (2.25 * INCH, 3.5 * INCH),
    "mini": (1.75 * INCH, 2.5 * INCH),
    "63x88mm": (63 * MM, 88 * MM),
}
DEFAULT_CARD = "poker"
CARD_MARGIN = "1/4in"  # the crop marks and the footer find their room inside it (card_room)
FOLD_DASH = (4.0, 3.0)


def parse_card_size(text: str) -> tuple[str, float, float]:
    """poker, bridge, mini, 63x88mm, or WxH such as 2.5x3.5in: (name, width, height) in points."""
    key = text.strip().lower().replace(" ", "")
    if key in CARD_SIZES:
        return (key, *CARD_SIZES[key])
    error = InputError(
        f"--card-size: expected {', '.join(CARD_SIZES)} or a size such as 2.5x3.5in, "
        f"got {text[:40]!r}"
    )
    if "x" not in key:
        raise error
    first, second = key.split("x", 1)
    unit = next((u for u in ("in", "mm", "cm", "pt") if second.endswith(u)), None)
    w, h = try_length(first, default_unit=unit), try_length(second)
    if not w or not h:
        raise error
    if min(w, h) < 1 * INCH or max(w, h) > 8 * INCH:
        raise InputError(f"--card-size: expected 1in to 8in a side, got {text[:40]!r}")
    return (text.strip(), w, h)


# --------------------------------------------------------------------------- imposition


CARD_TEXT_INSET = 3 * 72 / 25.4  # card faces keep their text 3 mm inside the trim
FOOTER_BELOW = 9.0  # one 6 pt footer line under the cards (pages.draw_footer_beside)
FOOTER_BESIDE = 16.0  # two footer lines up the left margin


def _grid(room: float, size: float, bleed: float, spill: float = 0.0) -> int:
    """Cards across ``room`` with their bleed; the outermost bleed may run ``spill`` into the
    margin on each side (`_spill`: it carries nothing to read). The gutter-fold layout's count."""
    return int((room + 2 * spill + 1e-9) // (size + 2 * bleed))


def _spill(options: SheetOptions) -> float:
    """Gutter-fold: how far the outermost cards' bleed may run into the margin: at most the
    bleed, and only while their text (CARD_TEXT_INSET inside the trim) stays 1/4in
    (SAFE_EDGE) inside the paper."""
    margin = min(options.margin_top, options.margin_right, options.margin_bottom,
                 options.margin_left)  # fmt: skip
    return min(options.bleed, max(0.0, margin + CARD_TEXT_INSET - SAFE_EDGE))


def _count(room: float, size: float, bleed: float) -> int:
    """Cards of ``size`` with their bleed side by side in ``room`` (each keeps its own bleed:
    ``2 * bleed`` between two trims)."""
    return max(0, int((room + 1e-9) // (size + 2 * bleed)))


@dataclasses.dataclass(frozen=True)
class Grid:
    """Cards on a page (duplex layouts): ``cols`` x ``rows`` cut boxes of ``w`` x ``h`` (the
    card's size, or turned: its sides swapped), the first at (``left``, ``top``) (its top-left
    corner), ``2 * bleed`` apart."""

    cols: int
    rows: int
    w: float
    h: float
    turned: bool
    left: float
    top: float

    @property
    def per_page(self) -> int:
        return self.cols * self.rows


# Every trim of a duplex card sheet gets a crop mark where every printer prints: the cards and
# their bleed stop CARD_MARK + MARK_GAP short of the 1/4in line on the top, left and right, and
# above the footer band (FOOTER_BAND: the footer's two lines) and a mark at the bottom.
CARD_MARK = 6.0  # the shortest crop mark a card sheet is laid out for (about 2 mm)
CARD_SIDE = SAFE_EDGE + MARK_GAP + CARD_MARK
CARD_BOTTOM = FOOTER_BAND + MARK_GAP + CARD_MARK


def card_room(options: SheetOptions) -> tuple[float, float, float, float]:
    """Where a duplex card sheet's cards and their bleed may go: inside the margins (less the
    back offset's room), and far enough inside the paper that every trim has a crop mark at
    least CARD_MARK long, 1/4in or more inside the paper, and the footer its band below."""
    x0, y0, x1, y1 = options.front_area_with(0.0)  # the footer's band is CARD_BOTTOM's
    return (
        max(x0, CARD_SIDE),
        max(y0, CARD_BOTTOM),
        min(x1, options.width - CARD_SIDE),
        min(y1, options.height - CARD_SIDE),
    )


def _grid_of(w: float, h: float, options: SheetOptions, turned: bool) -> Grid:
    """The grid of ``w`` x ``h`` cut boxes, with their bleed inside `card_room`, centred there."""
    b = options.bleed
    x0, y0, x1, y1 = card_room(options)
    cols, rows = _count(x1 - x0, w, b), _count(y1 - y0, h, b)
    left = (x0 + x1 - cols * (w + 2 * b)) / 2 + b
    top = (y0 + y1 + rows * (h + 2 * b)) / 2 - b
    return Grid(cols, rows, w, h, turned, left, top)


def card_grid(w: float, h: float, options: SheetOptions) -> Grid:
    """The duplex grid for ``w`` x ``h`` cards: upright, or turned a quarter where that puts
    more cards on a page (poker cards with --bleed 3mm on Letter: 8, not 6)."""
    upright = _grid_of(w, h, options, False)
    turned = _grid_of(h, w, options, True)
    return turned if turned.per_page > upright.per_page else upright


def grid_per_page(w: float, h: float, options: SheetOptions) -> tuple[int, int]:
    """How many cards fit across and down one page (duplex layouts)."""
    grid = card_grid(w, h, options)
    return grid.cols, grid.rows


def _too_big(w: float, h: float, options: SheetOptions, where: str) -> InputError:
    return InputError(
        f"--card-size: a {format_length(w)} x {format_length(h)} card"
        f"{' with bleed' if options.bleed else ''} does not fit {where} on {options.paper}; "
        "use a smaller card, smaller --margin or --bleed none"
    )


def impose_cards(
    cards: Sequence[Piece], w: float, h: float, options: SheetOptions
) -> list[ImposedPage]:
    """Pages of cards, fronts and their backs interleaved (gutter-fold pages for duplex none)."""
    if options.duplex == "none":
        return impose_gutter_fold(cards, w, h, options)
    grid = card_grid(w, h, options)
    if grid.per_page < 1:
        raise _too_big(w, h, options, "inside the margins")
    b, cols = options.bleed, grid.cols
    turn = 90 if grid.turned else 0
    pages: list[ImposedPage] = []
    for sheet, start in enumerate(range(0, len(cards), grid.per_page), start=1):
        fronts = []
        for i, card in enumerate(cards[start : start + grid.per_page]):
            r, c = divmod(i, cols)
            x = grid.left + c * (grid.w + 2 * b)
            y = grid.top - grid.h - r * (grid.h + 2 * b)
            fronts.append(Placement(card, card.front, "front", x, y, grid.w, grid.h, turn))
        pages.append(ImposedPage("front", sheet, fronts))
        backs = [m for m in (mirror(f, options) for f in fronts) if m is not None]
        if backs:
            pages.append(ImposedPage("back", sheet, backs))
    return pages


def gutter_fold_options(options: SheetOptions) -> SheetOptions:
    """The same options on the landscape page the gutter-fold layout uses."""
    if options.width >= options.height:
        return options
    return dataclasses.replace(options, width=options.height, height=options.width)


def fold_gutter(options: SheetOptions) -> float:
    """The gap between the front row and the back row (the fold runs along its middle)."""
    return max(options.gutter, 2 * options.bleed)


def impose_gutter_fold(
    cards: Sequence[Piece], w: float, h: float, options: SheetOptions
) -> list[ImposedPage]:
    """Landscape pages: a row of fronts above the fold, their backs below, turned 180 degrees
    (a back placement's ``side`` is "back"; the renderer turns it)."""
    options = gutter_fold_options(options)
    b = options.bleed
    x0, y0, x1, y1 = options.usable_with(0.0)
    gutter = fold_gutter(options)
    cols = _grid(x1 - x0, w, b, _spill(options))
    if cols < 1 or 2 * (h + 2 * b) + gutter - 2 * b > y1 - y0 + 1e-9:
        raise _too_big(w, h, options, "twice (front and back) on a landscape page")
    left = x0 + (x1 - x0 - cols * (w + 2 * b)) / 2
    fold = (y0 + y1) / 2
    pages: list[ImposedPage] = []
    for sheet, start in enumerate(range(0, len(cards), cols), start=1):
        placed: list[Placement] = []
        for c, card in enumerate(cards[start : start + cols]):
            x = left + c * (w + 2 * b) + b
            placed.append(Placement(card, card.front, "front", x, fold + gutter / 2, w, h))
            if card.back is not None:
                placed.append(Placement(card, card.back, "back", x, fold - gutter / 2 - h, w, h))
        pages.append(ImposedPage("fold", sheet, placed))
    return pages


# --------------------------------------------------------------------------- guides


def fold_guides(page: ImposedPage, options: SheetOptions) -> tuple[list[guides.Segment], float]:
    """Gutter-fold: crop marks (or lines) for the outer cuts and the card edges either side of
    the fold, and the fold's height. Cut after folding, along the card edges."""
    xs, ys = guides.cut_coordinates(page.placements)
    fold = (min(ys) + max(ys)) / 2 if ys else options.height / 2
    segs: list[guides.Segment] = []
    x0, y0, x1, y1 = options.usable_with(0.0)
    if options.cut_guides == "lines":
        lo, hi = min(ys), max(ys)
        below = footer_top(options)  # the footer sits under the cards: lines stop above it
        segs += [(x, below, x, lo) for x in xs] + [(x, hi, x, options.height) for x in xs]
        left, right = min(xs), max(xs)
        segs += [(0.0, y, left, y) for y in ys] + [(right, y, options.width, y) for y in ys]
    elif options.cut_guides == "crop":
        x0, y0, x1, y1 = guides.content_box(page.placements, options.bleed)
        top, bottom, left, right = guides.mark_lengths((x0, y0, x1, y1), options)
        gap = guides.MARK_GAP
        for x in xs:
            if top:
                segs.append((x, y1 + gap, x, y1 + gap + top))
            if bottom:
                segs.append((x, y0 - gap, x, y0 - gap - bottom))
        for y in ys:
            if left:
                segs.append((x0 - gap, y, x0 - gap - left, y))
            if right:
                segs.append((x1 + gap, y, x1 + gap + right, y))
        segs = guides.printable(segs, options)
    return segs, fold


# --------------------------------------------------------------------------- the PDF


_ORIGIN = {90: (1, 0), 180: (1, 1), 270: (0, 1)}  # the turned face's origin: box corner


def draw_turned(
    canvas: Any,
    p: Placement,
    turn: int,
    bleed: float,
    ground: tuple[float, float, float, float] | None,
) -> None:
    """Draw ``p``'s face turned ``turn`` degrees anticlockwise into its box (a quarter turn
    swaps the face's width and height); ``ground`` (page coordinates) is turned with it."""
    if turn == 0:
        draw_face(canvas, p.face, p.x, p.y, p.w, p.h, 1.0, bleed, ground)
        return
    w, h = (p.h, p.w) if turn in (90, 270) else (p.w, p.h)
    ox, oy = p.x + _ORIGIN[turn][0] * p.w, p.y + _ORIGIN[turn][1] * p.h
    cos, sin = {90: (0, 1), 180: (-1, 0), 270: (0, -1)}[turn]

    def local(x: float, y: float) -> tuple[float, float]:  # page -> face (turned back)
        return (x - ox) * cos + (y - oy) * sin, (y - oy) * cos - (x - ox) * sin

    if ground is not None:
        (a, b), (c, d) = local(ground[0], ground[1]), local(ground[2], ground[3])
        ground = (min(a, c), min(b, d), max(a, c), max(b, d))
    canvas.saveState()
    canvas.translate(ox, oy)
    canvas.rotate(turn)
    draw_face(canvas, p.face, 0, 0, w, h, 1.0, bleed, ground)
    canvas.restoreState()


def write_cards_pdf(
    path: str | os.PathLike[str],
    pages: Sequence[ImposedPage],
    options: SheetOptions,
    title: str,
    subject: str,
    note: str = "",
) -> Any:
    """Draw imposed card pages (faces in points) into one PDF at ``path``, atomically."""
    fold = pages and pages[0].side == "fold"
    sided = any(page.side != "front" for page in pages)
    if fold:
        options = gutter_fold_options(options)
    target = Path(path)
    with atomic_file(target) as handle, binary_streams():
        canvas = new_canvas(handle, options, title, subject)
        canvas.setKeywords("Cry Havoc, Dark Blades, print and play, spell cards")
        writer = PageWriter(canvas, title, note=note)
        for page in pages:
            grounds = back_grounds(page.placements, options)
            for index, p in enumerate(page.placements):
                turn = (p.turn + (180 if page.side == "fold" and p.side == "back" else 0)) % 360
                draw_turned(canvas, p, turn, options.bleed, grounds.get(index))
            if page.side == "fold":
                segments, middle = fold_guides(page, options)
                canvas.setStrokeColorRGB(*GUIDE_GREY)
                canvas.setLineWidth(GUIDE_WIDTH)
                if segments:
                    canvas.lines(segments)
                xs = [v for p in page.placements for v in (p.x, p.x + p.w)]
                canvas.setDash(list(FOLD_DASH))
                canvas.line(min(xs) - 12, middle, max(xs) + 12, middle)
                canvas.setDash([])
                label = "FRONTS above | BACKS below: fold on the dashed line, glue, then cut"
            else:
                draw_guides(canvas, page, options)
                label = side_label(page, options) if sided else ""
            if page.placements:
                content = (
                    min(p.x for p in page.placements) - options.bleed,
                    min(p.y for p in page.placements) - options.bleed,
                    max(p.x + p.w for p in page.placements) + options.bleed,
                    0.0,
                )
            else:
                content = (SAFE_EDGE, SAFE_EDGE, options.width - SAFE_EDGE, 0.0)
            draw_boxes(canvas, page.placements, options.bleed)
            footer = functools.partial(draw_footer_beside, options=options, content=content)
            writer.end_page(label, draw=footer)
        writer.close()
        canvas.save()
    sheets = len({page.sheet for page in pages})
    count = len({id(p.piece) for page in pages for p in page.placements})
    return PdfStats(target, len(pages), sheets, count, target.stat().st_size)
