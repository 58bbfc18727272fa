"""The PDF back end: imposed pages -> one reportlab document, written atomically.

`write_pieces_pdf` is the entry point every sheet of pieces goes through (counters today; spell
cards, tokens and aids later): impose, draw each face, cut guides and a footer per page, then
replace the target file in one step. `draw_face` draws one face anywhere on a canvas (previews).
Output is byte-identical for identical input (reportlab ``invariant=1``); text is set in the
kit's embedded Liberation Sans subsets (generator/sheet/fonts.py), so it looks the same in any
viewer.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any
from weakref import WeakKeyDictionary

from generator.sheet import guides
from generator.sheet.backs import back_grounds
from generator.sheet.files import atomic_file, binary_streams
from generator.sheet.fonts import REGULAR, pdf_font
from generator.sheet.guides import GUIDE_GREY, GUIDE_WIDTH
from generator.sheet.kit_canvas import KitCanvas
from generator.sheet.layout import ImposedPage, Placement, impose
from generator.sheet.options import SAFE_EDGE, SheetOptions
from generator.sheet.pages import PageWriter, footer_box, footer_top
from generator.sheet.pdf_ops import FacePainter
from generator.sheet.pieces import Face, Piece

AUTHOR = "Havoc Kit (havoc-pnp)"
EDGE_WIDTH = 0.35  # the cut line drawn just inside each piece's edge (0.12 mm)
EDGE_DARK, EDGE_LIGHT = (0.0, 0.0, 0.0), (1.0, 1.0, 1.0)
FIRST_CUT, FIRST_CUT_SIZE = "cut 1st", 5.0  # read by the one who cuts: 5 pt at least


@dataclass(frozen=True)
class PdfStats:
    """What was written: the file, its pages, sheets of paper and pieces, and its size."""

    path: Path
    pages: int
    sheets: int
    pieces: int
    bytes: int


def new_canvas(handle: IO[bytes], options: SheetOptions, title: str, subject: str) -> Any:
    """A reportlab canvas with the document's metadata, deterministic output."""
    canvas = KitCanvas(
        handle,
        pagesize=(options.width, options.height),
        invariant=1,
        initialFontName=pdf_font(REGULAR),  # no unused standard font in the resources
    )
    canvas.setTitle(title)
    canvas.setAuthor(AUTHOR)
    canvas.setSubject(subject)
    canvas.setCreator("havoc-pnp")
    canvas.setKeywords("Cry Havoc, print and play, wargame counters")
    return canvas


# --------------------------------------------------------------------------- faces


def draw_face(
    canvas: Any,
    face: Face,
    x: float,
    y: float,
    w: float,
    h: float,
    unit: float,
    bleed: float = 0.0,
    ground: tuple[float, float, float, float] | None = None,
) -> None:
    """Draw ``face`` with its cut box at (x, y, w, h) points; ``unit`` points per cell.

    The background is a rectangle at the exact cut box grown by ``bleed`` (or ``ground``, a
    back's box past the trim, the face clipped to it: generator/sheet/backs.py), in page
    coordinates; the instructions are drawn scaled from cell units. Usable on any reportlab
    canvas (previews); drawings are cached per canvas.
    """
    painter = _PAINTERS.get(canvas)
    if painter is None:
        painter = _PAINTERS[canvas] = FacePainter(canvas)
    painter.face(face, x, y, w, h, unit, bleed, ground)


_PAINTERS: WeakKeyDictionary[Any, FacePainter] = WeakKeyDictionary()


# --------------------------------------------------------------------------- pages


def side_label(page: ImposedPage, options: SheetOptions) -> str:
    """FRONTS / BACKS (flip on the long or short edge) / fold-over."""
    if page.side == "front":
        return "FRONTS"
    if page.side == "back":
        return f"BACKS (flip on {options.duplex} edge)"
    return "FRONTS left | BACKS right: fold on the dashed line"


def offset_label(options: SheetOptions) -> str:
    """The footer's note of the back offset a page was built for: a new offset moves the fronts
    too (they give up room for it), so fronts and backs match only when both say the same."""
    dx, dy = options.back_offset_mm
    return f"built for --back-offset {dx:g},{dy:g}"


def _first_cut_labels(canvas: Any, page: ImposedPage, options: SheetOptions) -> None:
    """'cut 1st' over the side marks where the sheet is parted first (see guides.crop_marks),
    at least 1/4in inside the paper's edge."""
    ys = guides.part_cuts(page.placements, options.bleed)
    if not ys:
        return
    x0, _, x1, _ = guides.content_box(page.placements, options.bleed)
    font = pdf_font(REGULAR)
    width = canvas.stringWidth(FIRST_CUT, font, FIRST_CUT_SIZE)
    left = x0 - guides.MARK_GAP - SAFE_EDGE >= width
    right = options.width - SAFE_EDGE - x1 - guides.MARK_GAP >= width
    canvas.setFillColorRGB(*GUIDE_GREY)
    canvas.setFont(font, FIRST_CUT_SIZE)
    for y in ys:
        if left:
            canvas.drawRightString(x0 - guides.MARK_GAP, y + 1.5, FIRST_CUT)
        if right:
            canvas.drawString(x1 + guides.MARK_GAP, y + 1.5, FIRST_CUT)


def draw_guides(canvas: Any, page: ImposedPage, options: SheetOptions) -> None:
    """Cut guides (front and fold-over pages) and the fold line."""
    canvas.setStrokeColorRGB(*GUIDE_GREY)
    canvas.setLineWidth(GUIDE_WIDTH)
    if page.side != "back" and options.cut_guides != "none":
        if options.cut_guides == "crop":
            segments = guides.crop_marks(page.placements, options)
            _first_cut_labels(canvas, page, options)
        else:
            segments = guides.cut_lines(
                page.placements, options, footer_box(options), options.bleed
            )
        if segments:
            canvas.lines(segments)
    if page.side == "fold":
        canvas.setDash([4, 3])
        middle = options.width / 2
        canvas.line(middle, footer_top(options), middle, options.height)
        canvas.setDash([])


def edge_tone(background: str) -> tuple[float, float, float]:
    """The cut line's tone on a face of ``background`` ('#rrggbb'): black on light grounds,
    white on dark ones, so it contrasts with the piece it runs along (and in greyscale)."""
    value = background.lstrip("#")
    r, g, b = (int(value[i : i + 2], 16) / 255 for i in (0, 2, 4))
    return EDGE_DARK if 0.299 * r + 0.587 * g + 0.114 * b >= 0.5 else EDGE_LIGHT


def draw_cut_edges(canvas: Any, placements: Sequence[Placement]) -> None:
    """A fine line just inside the cut box of every front face, in a tone that contrasts with
    its background: where two pieces share a cut, their two lines meet at it, so every cut
    between neighbours stays visible on every strip, at every stage of cutting (the margin's
    crop marks only guide the first cuts). Backs get none: misregistration would show them."""
    half = EDGE_WIDTH / 2
    canvas.setLineWidth(EDGE_WIDTH)
    tone = None
    for p in placements:
        if p.side != "front":
            continue
        wanted = edge_tone(p.face.background)
        if wanted != tone:
            canvas.setStrokeColorRGB(*wanted)
            tone = wanted
        canvas.rect(p.x + half, p.y + half, p.w - 2 * half, p.h - 2 * half, stroke=1, fill=0)


def draw_boxes(canvas: Any, placements: Sequence[Placement], bleed: float) -> None:
    """The page's PDF TrimBox and BleedBox around ``placements`` (cleared when there are none);
    every imposed sheet of the engine, counters and cards alike, sets them here."""
    if not placements:  # reportlab keeps a box for the pages that follow: clear it
        canvas.setTrimBox(None)
        canvas.setBleedBox(None)
        return
    x0 = min(p.x for p in placements)
    y0 = min(p.y for p in placements)
    x1 = max(p.x + p.w for p in placements)
    y1 = max(p.y + p.h for p in placements)
    canvas.setTrimBox((x0, y0, x1, y1))
    canvas.setBleedBox((x0 - bleed, y0 - bleed, x1 + bleed, y1 + bleed) if bleed else None)


def draw_pages(
    canvas: Any, pages: Sequence[ImposedPage], options: SheetOptions, title: str, note: str
) -> None:
    """Draw every page: faces, guides, footer (the page writer numbers and closes them)."""
    unit, bleed = options.piece, options.bleed
    sided = any(page.side != "front" for page in pages)
    if options.duplex != "none" and sided:
        note = f"{offset_label(options)}  \u00b7  {note}" if note else offset_label(options)
    writer = PageWriter(canvas, title, options, note)
    for page in pages:
        grounds = back_grounds(page.placements, options)
        for index, p in enumerate(page.placements):
            draw_face(canvas, p.face, p.x, p.y, p.w, p.h, unit, bleed, grounds.get(index))
        if page.side != "back":
            draw_cut_edges(canvas, page.placements)
        draw_guides(canvas, page, options)
        draw_boxes(canvas, page.placements, bleed)
        writer.end_page(side_label(page, options) if sided else "")
    writer.close()


def write_pieces_pdf(
    path: str | os.PathLike[str],
    pieces: Sequence[Piece],
    options: SheetOptions,
    title: str,
    note: str = "",
) -> PdfStats:
    """Impose ``pieces`` and write them as one PDF (fronts and backs interleaved) to ``path``."""
    pages = impose(pieces, options)
    target = Path(path)
    with atomic_file(target) as handle, binary_streams():
        canvas = new_canvas(handle, options, title, options.describe())
        draw_pages(canvas, pages, options, title, note)
        canvas.save()
    sheets = len({page.sheet for page in pages})
    return PdfStats(target, len(pages), sheets, len(pieces), target.stat().st_size)
