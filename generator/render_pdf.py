"""The PDF back end: imposed pages -> one reportlab document, written atomically.

`write_pieces_pdf` is the entry point every sheet of pieces goes through (counters today; spell
cards, tokens and aids later): impose, draw each face, cut guides and a footer per page, then
replace the target file in one step. `draw_face` draws one face anywhere on a canvas (previews).
Output is byte-identical for identical input (reportlab ``invariant=1``); only the standard
Helvetica fonts are used, so nothing is embedded.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import IO, Any

from companion.errors import InputError
from generator import guides
from generator.fonts import check_font, fit_size
from generator.layout import Page, Placement, impose
from generator.options import SheetOptions
from generator.pieces import Circle, Face, Line, Piece, Polygon, Rect, Text

AUTHOR = "Havoc Kit (havoc-pnp)"
FOOTER_FONT = "Helvetica"
FOOTER_SIZE = 6.0
FOOTER_LEADING = 7.0
GUIDE_WIDTH = 0.3
GUIDE_GREY = (0.35, 0.35, 0.35)


@dataclass(frozen=True)
class PdfStats:
    """What was written: the file, its pages, sheets of paper and pieces, and its size."""

    path: Path
    pages: int
    sheets: int
    pieces: int
    bytes: int


@lru_cache(maxsize=512)
def rgb(colour: str) -> tuple[float, float, float]:
    """'#rrggbb' -> (r, g, b) in 0..1."""
    value = colour.lstrip("#")
    if len(value) != 6:
        raise ValueError(f"colour {colour!r} is not #rrggbb")
    return (int(value[0:2], 16) / 255, int(value[2:4], 16) / 255, int(value[4:6], 16) / 255)


# --------------------------------------------------------------------------- atomic output


@contextmanager
def atomic_file(path: str | os.PathLike[str]) -> Iterator[IO[bytes]]:
    """Write to a temporary file beside ``path`` and move it into place only on success.

    An exception leaves any existing file untouched and removes the temporary file.
    """
    target = Path(path)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    except OSError as exc:
        raise InputError(f"cannot write there: {exc.strerror}", target) from None
    tmp = Path(tmp_name)
    try:
        with os.fdopen(fd, "wb") as handle:
            yield handle
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)
        os.replace(tmp, target)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def new_canvas(handle: IO[bytes], options: SheetOptions, title: str, subject: str) -> Any:
    """A reportlab canvas with the document's metadata, deterministic output."""
    from reportlab.pdfgen.canvas import Canvas

    canvas = Canvas(handle, pagesize=(options.width, options.height), invariant=1)
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
) -> None:
    """Draw ``face`` with its cut box at (x, y, w, h) points; ``unit`` points per cell.

    The background is a rectangle at the exact cut box grown by ``bleed``, in page
    coordinates; the instructions are drawn scaled from cell units.
    """
    canvas.setFillColorRGB(*rgb(face.background))
    canvas.rect(x - bleed, y - bleed, w + 2 * bleed, h + 2 * bleed, stroke=0, fill=1)
    if not face.ops:
        return
    canvas.saveState()
    canvas.transform(unit, 0, 0, unit, x, y)
    for op in face.ops:
        _draw_op(canvas, op)
    canvas.restoreState()


def _paint(canvas: Any, fill: str | None, stroke: str | None, width: float) -> tuple[int, int]:
    if fill is not None:
        canvas.setFillColorRGB(*rgb(fill))
    if stroke is not None:
        canvas.setStrokeColorRGB(*rgb(stroke))
        canvas.setLineWidth(width)
    return (1 if fill is not None else 0, 1 if stroke is not None else 0)


def _draw_op(canvas: Any, op: Any) -> None:
    kind = type(op)
    if kind is Text:
        if not op.text:
            return
        font = check_font(op.font)
        size = fit_size(op.text, font, op.size, op.max_width)
        canvas.setFillColorRGB(*rgb(op.colour))
        canvas.setFont(font, size)
        if op.anchor == "middle":
            canvas.drawCentredString(op.x, op.y, op.text)
        elif op.anchor == "end":
            canvas.drawRightString(op.x, op.y, op.text)
        else:
            canvas.drawString(op.x, op.y, op.text)
    elif kind is Rect:
        fill, stroke = _paint(canvas, op.fill, op.stroke, op.stroke_width)
        if fill or stroke:
            if op.radius:
                canvas.roundRect(op.x, op.y, op.w, op.h, op.radius, stroke=stroke, fill=fill)
            else:
                canvas.rect(op.x, op.y, op.w, op.h, stroke=stroke, fill=fill)
    elif kind is Line:
        canvas.setStrokeColorRGB(*rgb(op.colour))
        canvas.setLineWidth(op.width)
        canvas.setDash(list(op.dash) if op.dash else [])
        canvas.line(op.x1, op.y1, op.x2, op.y2)
        if op.dash:
            canvas.setDash([])
    elif kind is Polygon:
        fill, stroke = _paint(canvas, op.fill, op.stroke, op.stroke_width)
        if (fill or stroke) and op.points:
            path = canvas.beginPath()
            path.moveTo(*op.points[0])
            for point in op.points[1:]:
                path.lineTo(*point)
            path.close()
            canvas.drawPath(path, stroke=stroke, fill=fill)
    elif kind is Circle:
        fill, stroke = _paint(canvas, op.fill, op.stroke, op.stroke_width)
        if fill or stroke:
            canvas.circle(op.cx, op.cy, op.r, stroke=stroke, fill=fill)
    else:
        raise TypeError(f"unknown drawing instruction {op!r}")


# --------------------------------------------------------------------------- pages


def side_label(page: Page, options: SheetOptions) -> str:
    """FRONTS / BACKS (flip on the long or short edge) / fold-over."""
    if page.side == "front":
        return "FRONTS"
    if page.side == "back":
        return f"BACKS (flip on {options.duplex} edge)"
    return "FRONTS left | BACKS right: fold on the dashed line"


def footer_box(options: SheetOptions) -> tuple[float, float, float, float]:
    """Where the footer's (up to) two lines sit: (x0, y0, x1, y1) in points."""
    low = max(4.0, min(options.margin_bottom * 0.22, 10.0))
    x0, _, x1, _ = options.usable
    return (x0, low - 2.0, x1, low + FOOTER_LEADING + FOOTER_SIZE)


def footer_lines(text: str, width: float) -> tuple[list[str], float]:
    """``text`` wrapped into at most two lines of ``width``, shrunk if it must be."""
    from reportlab.lib.utils import simpleSplit

    size = FOOTER_SIZE
    while True:
        lines = simpleSplit(text, FOOTER_FONT, size, width)
        if len(lines) <= 2 or size <= 3.0:
            return lines[:2], size
        size -= 0.25


def draw_footer(canvas: Any, text: str, options: SheetOptions) -> None:
    """Small grey text at the bottom of the page: one line, two when it is long."""
    x0, y0, x1, _ = footer_box(options)
    lines, size = footer_lines(text, x1 - x0)
    canvas.setFillColorRGB(*GUIDE_GREY)
    canvas.setFont(FOOTER_FONT, size)
    baseline = y0 + 2.0 + (FOOTER_LEADING if len(lines) > 1 else 0.0)
    for line in lines:
        canvas.drawString(x0, baseline, line)
        baseline -= FOOTER_LEADING


def draw_guides(canvas: Any, page: Page, options: SheetOptions) -> None:
    """Cut guides (front and fold-over pages) and the fold line."""
    canvas.setStrokeColorRGB(*GUIDE_GREY)
    canvas.setLineWidth(GUIDE_WIDTH)
    if page.side != "back" and options.cut_guides != "none":
        if options.cut_guides == "crop":
            segments = guides.crop_marks(page.placements, options)
        else:
            segments = guides.cut_lines(page.placements, options, footer_box(options))
        if segments:
            canvas.lines(segments)
    if page.side == "fold":
        canvas.setDash([4, 3])
        middle = options.width / 2
        canvas.line(middle, 0, middle, options.height)
        canvas.setDash([])


def _boxes(canvas: Any, placements: Sequence[Placement], bleed: float) -> None:
    if not placements:
        return
    x0 = min(p.x for p in placements)
    y0 = min(p.y for p in placements)
    x1 = max(p.x + p.w for p in placements)
    y1 = max(p.y + p.h for p in placements)
    canvas.setTrimBox((x0, y0, x1, y1))
    canvas.setBleedBox((x0 - bleed, y0 - bleed, x1 + bleed, y1 + bleed) if bleed else None)


def draw_pages(
    canvas: Any, pages: Sequence[Page], options: SheetOptions, title: str, note: str
) -> None:
    """Draw every page: faces, guides, footer."""
    unit, bleed = options.piece, options.bleed
    for number, page in enumerate(pages, start=1):
        for p in page.placements:
            draw_face(canvas, p.face, p.x, p.y, p.w, p.h, unit, bleed)
        draw_guides(canvas, page, options)
        parts = [title, f"page {number}/{len(pages)}", side_label(page, options)]
        if note:
            parts.append(note)
        draw_footer(canvas, "  \u00b7  ".join(parts), options)
        _boxes(canvas, page.placements, bleed)
        canvas.showPage()


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
    with atomic_file(target) as handle:
        canvas = new_canvas(handle, options, title, options.describe())
        draw_pages(canvas, pages, options, title, note)
        canvas.save()
    sheets = len({page.sheet for page in pages})
    return PdfStats(target, len(pages), sheets, len(pieces), target.stat().st_size)
