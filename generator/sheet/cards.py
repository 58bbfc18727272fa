"""Cards on the sheet engine: card sizes, a centred grid (duplex backs), and gutter-fold pages.

A card is a `Piece` whose faces are drawn in points (unit 1), not in counter cells, so any size
works (63 x 88 mm as well as 2.5 x 3.5 in). `impose_cards` lays them out as a grid centred in
the front area, as many as fit (nine poker cards on A4 or Letter with the default 1/4in
margins); backs are mirrored by the engine's own rules (`layout.mirror`: long/short edge and
the back offset). `--duplex none` gives the gutter-fold layout instead: landscape pages, a row
of fronts above the fold and their backs below it, each back turned 180 degrees, so folding
along the gutter puts every back behind its front. `write_cards_pdf` draws the pages with the
engine's faces, cut guides and footer, atomically.
"""

from __future__ import annotations

import dataclasses
import functools
import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import click

from companion.errors import InputError
from generator.sheet import guides
from generator.sheet import options as sheet_opts
from generator.sheet.backs import back_grounds
from generator.sheet.files import atomic_file, binary_streams
from generator.sheet.guides import GUIDE_GREY, GUIDE_WIDTH
from generator.sheet.layout import Page, Placement, mirror
from generator.sheet.options import SAFE_EDGE, SheetOptions
from generator.sheet.pages import PageWriter, draw_footer_beside
from generator.sheet.pieces import Piece
from generator.sheet.units import INCH, MM, format_length, try_length

CARD_SIZES: dict[str, tuple[float, float]] = {
    "poker": (2.5 * INCH, 3.5 * INCH),
    "bridge": (2.25 * INCH, 3.5 * INCH),
    "mini": (1.75 * INCH, 2.5 * INCH),
    "63x88mm": (63 * MM, 88 * MM),
}
DEFAULT_CARD = "poker"
CARD_MARGIN = "1/4in"  # nine poker cards need it on Letter: 3 x 3.5in = 10.5in of 11in
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


def card_sheet_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """The engine's sheet options for cards: ``--card-size`` instead of ``--piece-size``, a
    1/4in default margin; the command receives ``sheet: SheetOptions`` and ``card: (name,
    width, height)``."""
    entries = [o for o in sheet_opts.SHEET_OPTIONS if o[0] != "--piece-size"]

    @functools.wraps(command)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        raw = {o[2:].replace("-", "_"): kwargs.pop(o[2:].replace("-", "_")) for o, *_ in entries}
        kwargs["card"] = parse_card_size(kwargs.pop("card_size"))
        kwargs["sheet"] = SheetOptions.parse(**raw)
        return command(*args, **kwargs)

    for option, metavar, default, help_text in reversed(entries):
        if option == "--margin":
            default = CARD_MARGIN
        if option == "--duplex":
            help_text = "Flip on the long or short edge, or none (gutter-fold, no duplex)."
        if option == "--gutter":
            help_text = "Gutter-fold (--duplex none): the gap the fold runs along."
        wrapper = click.option(
            option, default=default, show_default=True, metavar=metavar, help=help_text
        )(wrapper)
    return click.option(
        "--card-size",
        default=DEFAULT_CARD,
        show_default=True,
        metavar="SIZE",
        help=f"{', '.join(CARD_SIZES)}, or WxH such as 2.5x3.5in.",
    )(wrapper)


# --------------------------------------------------------------------------- imposition


CARD_TEXT_INSET = 3 * 72 / 25.4  # card faces keep their text 3 mm inside the trim


def _grid(room: float, size: float, bleed: float, spill: float = 0.0) -> int:
    """Cards across ``room`` with their bleed; the outermost bleed may run ``spill`` into the
    margin on each side (`_spill`: it carries nothing to read)."""
    return int((room + 2 * spill + 1e-9) // (size + 2 * bleed))


def _spill(options: SheetOptions) -> float:
    """How far the outermost cards' bleed may run into the margin: at most the bleed, and only
    while their text (CARD_TEXT_INSET inside the trim) stays 1/4in (SAFE_EDGE) inside the
    paper: with --bleed 3mm and 1/4in margins, nine poker cards on A4 again, not four."""
    from generator.sheet.options import SAFE_EDGE

    margin = min(options.margin_top, options.margin_right, options.margin_bottom,
                 options.margin_left)  # fmt: skip
    return min(options.bleed, max(0.0, margin + CARD_TEXT_INSET - SAFE_EDGE))


def grid_per_page(w: float, h: float, options: SheetOptions) -> tuple[int, int]:
    """How many cards fit across and down one page (duplex layouts)."""
    x0, y0, x1, y1 = options.front_area_with(0.0)  # the footer finds its own room
    spill = _spill(options)
    return _grid(x1 - x0, w, options.bleed, spill), _grid(y1 - y0, h, options.bleed, spill)


def _too_big(w: float, h: float, options: SheetOptions, where: str) -> InputError:
    return InputError(
        f"--card-size: a {format_length(w)} x {format_length(h)} card"
        f"{' with bleed' if options.bleed else ''} does not fit {where} on {options.paper}; "
        "use a smaller card, smaller --margin or --bleed none"
    )


def impose_cards(cards: Sequence[Piece], w: float, h: float, options: SheetOptions) -> list[Page]:
    """Pages of cards, fronts and their backs interleaved (gutter-fold pages for duplex none)."""
    if options.duplex == "none":
        return impose_gutter_fold(cards, w, h, options)
    cols, rows = grid_per_page(w, h, options)
    if cols < 1 or rows < 1:
        raise _too_big(w, h, options, "inside the margins")
    b = options.bleed
    x0, y0, x1, y1 = options.front_area_with(0.0)  # the footer finds its own room
    pitch_w, pitch_h = w + 2 * b, h + 2 * b
    left = x0 + (x1 - x0 - cols * pitch_w) / 2
    top = y1 - (y1 - y0 - rows * pitch_h) / 2
    per = cols * rows
    pages: list[Page] = []
    for sheet, start in enumerate(range(0, len(cards), per), start=1):
        fronts = []
        for i, card in enumerate(cards[start : start + per]):
            r, c = divmod(i, cols)
            x = left + c * pitch_w + b
            y = top - (r + 1) * pitch_h + b
            fronts.append(Placement(card, card.front, "front", x, y, w, h))
        pages.append(Page("front", sheet, fronts))
        backs = [m for m in (mirror(f, options) for f in fronts) if m is not None]
        if backs:
            pages.append(Page("back", sheet, backs))
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
) -> list[Page]:
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
    pages: list[Page] = []
    for sheet, start in enumerate(range(0, len(cards), cols), start=1):
        placed: list[Placement] = []
        for c, card in enumerate(cards[start : start + cols]):
            x = left + c * (w + 2 * b) + b
            placed.append(Placement(card, card.front, "front", x, fold + gutter / 2, w, h))
            if card.back is not None:
                placed.append(Placement(card, card.back, "back", x, fold - gutter / 2 - h, w, h))
        pages.append(Page("fold", sheet, placed))
    return pages


# --------------------------------------------------------------------------- guides


def fold_guides(page: Page, options: SheetOptions) -> tuple[list[guides.Segment], float]:
    """Gutter-fold: crop marks (or lines) for the outer cuts and the card edges either side of
    the fold, and the fold's height. Cut after folding, along the card edges."""
    xs, ys = guides.cut_coordinates(page.placements)
    fold = (min(ys) + max(ys)) / 2 if ys else options.height / 2
    segs: list[guides.Segment] = []
    x0, y0, x1, y1 = options.usable_with(0.0)
    if options.cut_guides == "lines":
        lo, hi = min(ys), max(ys)
        segs += [(x, 0.0, x, lo) for x in xs] + [(x, hi, x, options.height) for x in xs]
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
    return segs, fold


# --------------------------------------------------------------------------- the PDF


def write_cards_pdf(
    path: str | os.PathLike[str],
    pages: Sequence[Page],
    options: SheetOptions,
    title: str,
    subject: str,
    note: str = "",
) -> Any:
    """Draw imposed card pages (faces in points) into one PDF at ``path``, atomically."""
    from generator.sheet.render_pdf import (
        PdfStats,
        draw_boxes,
        draw_face,
        draw_guides,
        new_canvas,
        side_label,
    )

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
                ground = grounds.get(index)
                if page.side == "fold" and p.side == "back":  # turned 180 degrees
                    canvas.saveState()
                    canvas.translate(p.x + p.w, p.y + p.h)
                    canvas.rotate(180)
                    if ground is not None:  # the same box, seen from the turned card
                        x0, y0, x1, y1 = ground
                        right, top = p.x + p.w, p.y + p.h
                        ground = (right - x1, top - y1, right - x0, top - y0)
                    draw_face(canvas, p.face, 0, 0, p.w, p.h, 1.0, options.bleed, ground)
                    canvas.restoreState()
                else:
                    draw_face(canvas, p.face, p.x, p.y, p.w, p.h, 1.0, options.bleed, ground)
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
