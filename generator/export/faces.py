"""Faces one to a page, and those pages as exact-size bitmaps.

`write_faces_pdf` draws each face with the printed sheets' own `draw_face`, on a page exactly
its cut box plus its bleed (no marks, no footer): the PDF a print shop's template asks for, and
the one the bitmaps are made from. `rasterise` renders pages with pypdfium2 at a given dpi,
sized exactly: pypdfium2 sizes a bitmap as ceil(width x scale), so 198 pt at 300/72 would give
826 px, not 825; the scale is nudged down and the bitmap checked.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NamedTuple

import pypdfium2 as pdfium

from generator.sheet.files import atomic_file, binary_streams
from generator.sheet.fonts import REGULAR, pdf_font
from generator.sheet.kit_canvas import KitCanvas
from generator.sheet.pages import PageWriter
from generator.sheet.pieces import Face
from generator.sheet.render_pdf import draw_face


class FacePage(NamedTuple):
    """One face to draw: its cut box ``w`` x ``h`` (points), ``unit`` points per face unit
    (1 for cards, drawn in points; the piece size for counters, drawn in cells); ``inset``
    (points): the face's art drawn scaled into the cut box shrunk by that much a side (a shop's
    safe zone), its background still filling the cut box and the bleed."""

    face: Face
    w: float
    h: float
    unit: float
    inset: float = 0.0


def write_faces_pdf(
    path: str | os.PathLike[str], faces: Sequence[FacePage], bleed: float, title: str
) -> Path:
    """Each face on a page of its own, ``bleed`` round its cut box; written atomically."""

    target = Path(path)
    with atomic_file(target) as handle, binary_streams():
        canvas = KitCanvas(handle, invariant=1, initialFontName=pdf_font(REGULAR))
        canvas.setTitle(title)
        canvas.setAuthor("Havoc Kit")
        canvas.setCreator("havoc-pnp export")
        writer = PageWriter(canvas, title, draw=_no_footer)  # the one page writer
        for page in faces:
            canvas.setPageSize((page.w + 2 * bleed, page.h + 2 * bleed))
            i = page.inset
            k = (page.w - 2 * i) / page.w  # the art's scale inside the inset box
            if abs((page.h - 2 * i) / page.h - k) > 1e-9:
                raise ValueError("an inset face must keep its shape (a square piece)")
            draw_face(
                canvas, page.face, bleed + i, bleed + i, page.w - 2 * i, page.h - 2 * i,
                page.unit * k, bleed + i,
            )  # fmt: skip
            writer.end_page()
        writer.close()
        canvas.save()
    return target


def _no_footer(canvas: Any, text: str) -> None:
    """A face page carries nothing but the face (a shop's template has no room for more)."""


PNG_LEVEL = 3  # every exported PNG's zlib level: a third less CPU than PIL's 6, 4% more bytes


def save_png(image: Any, target: Any) -> None:
    """``image`` as PNG to ``target`` (a path or a binary file) at `PNG_LEVEL`."""
    image.save(target, format="PNG", compress_level=PNG_LEVEL)


def pixels(points: float, dpi: float) -> int:
    """``points`` at ``dpi`` as whole pixels (the nearest: 198 pt at 300 dpi is 825 px)."""
    return round(points * dpi / 72.0)


def rasterise(pdf: Path, dpi: float) -> list[Any]:
    """Every page of ``pdf`` as an RGB PIL image at ``dpi``, each exactly `pixels` of its page
    size (white where nothing is drawn)."""

    document = pdfium.PdfDocument(str(pdf))
    try:
        out = []
        for page in document:
            width, height = page.get_size()
            want = (pixels(width, dpi), pixels(height, dpi))
            scale = min(want[0] / width, want[1] / height) - 1e-9
            image = page.render(scale=scale).to_pil().convert("RGB")
            if image.size != want:  # a rounding the nudge did not catch: never a wrong size
                image = image.resize(want)
            out.append(image)
            page.close()
        return out
    finally:
        document.close()
