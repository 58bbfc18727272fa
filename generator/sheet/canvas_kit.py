"""Drawing helpers on a reportlab canvas, for any game's pages: faces as reusable PDF forms,
text in the kit's typeface, QR codes.

A Cthulhu Who? set-up PDF repeats the same few faces (a Dog, a Cultist, a Tree) on hundreds
of pages, so each distinct face is drawn once as a PDF form XObject, in cell units, and every
copy is one ``cm`` + ``Do``: pages stay a few hundred bytes of placements, so the file stays
small.
"""

from __future__ import annotations

from typing import Any

from reportlab.graphics.barcode.qr import QrCodeWidget

from generator.sheet.fonts import BOLD, REGULAR, fit_size, pdf_font, split_lines, text_width
from generator.sheet.pdf_ops import FacePainter, colour, num
from generator.sheet.pieces import Face, Op

INK = (0.0, 0.0, 0.0)
GREY = (0.35, 0.35, 0.35)
QR_MASK = 2  # see qr_modules


class Forms:
    """Faces and symbols drawn once per document as form XObjects, placed by name."""

    def __init__(self, canvas: Any, unit: float, bleed: float = 0.0) -> None:
        self.canvas = canvas
        self.unit = unit
        self.bleed = bleed
        self.painter = FacePainter(canvas)
        self._names: dict[Any, str] = {}

    def form(self, key: Any, ops: tuple[Op, ...], box: tuple[float, float, float, float]) -> str:
        """The form drawing ``ops`` (cell units) clipped to ``box``, made on first use."""
        name = self._names.get(key)
        if name is None:
            name = self._names[key] = f"cw{len(self._names)}"
            canvas = self.canvas
            canvas.beginForm(name, *box)
            self.painter.emit(ops)
            canvas.endForm()
        return name

    def face(self, face: Face, x: float, y: float, w: float, h: float) -> None:
        """Draw ``face`` with its cut box at (x, y, w, h) points, background into the bleed."""
        cols, rows = w / self.unit, h / self.unit
        b = self.bleed / self.unit
        key = ("face", face, round(cols, 6), round(rows, 6))
        name = self._names.get(key)
        if name is None:
            name = self._names[key] = f"cw{len(self._names)}"
            canvas = self.canvas
            canvas.beginForm(name, -b, -b, cols + b, rows + b)
            code = (
                f"{colour(face.background)} {num(-b)} {num(-b)} {num(cols + 2 * b)} "
                f"{num(rows + 2 * b)} re f"
            )
            self.painter.emit(face.ops, code)
            canvas.endForm()
        self.place(name, x, y, self.unit)

    def place(self, name: str, x: float, y: float, scale: float) -> None:
        """Draw form ``name`` with its origin at (x, y), ``scale`` points per unit."""
        canvas = self.canvas
        canvas.addLiteral(f"q {num(scale)} 0 0 {num(scale)} {num(x)} {num(y)} cm")
        canvas.doForm(name)
        canvas.addLiteral("Q")


def text(
    canvas: Any,
    x: float,
    y: float,
    line: str,
    size: float,
    bold: bool = False,
    anchor: str = "start",
    grey: bool = False,
    max_width: float | None = None,
) -> None:
    """One line of text in the kit's embedded typeface, shrunk to ``max_width`` if needed."""
    font = BOLD if bold else REGULAR
    size = fit_size(line, font, size, max_width)
    canvas.setFillColorRGB(*(GREY if grey else INK))
    canvas.setFont(pdf_font(font), size)
    if anchor == "middle":
        canvas.drawCentredString(x, y, line)
    elif anchor == "end":
        canvas.drawRightString(x, y, line)
    else:
        canvas.drawString(x, y, line)


def paragraph(
    canvas: Any, x: float, y: float, words: str, size: float, width: float, leading: float
) -> float:
    """``words`` wrapped to ``width``; returns the baseline below the last line."""
    for line in split_lines(words, REGULAR, size, width):
        text(canvas, x, y, line, size)
        y -= leading
    return y


def width_of(line: str, size: float, bold: bool = False) -> float:
    """The printed width of ``line``."""
    return text_width(line, BOLD if bold else REGULAR, size)


def qr_modules(data: str) -> list[list[bool]]:
    """The QR code of ``data`` as rows of dark/light modules, from reportlab's QR widget
    (its encoder, error-correction level L: a short command, a small code).

    The mask pattern is fixed (QR_MASK) instead of the encoder's search over all eight for the
    lowest penalty: that search is 16 ms a code, most of a sheet's time; every mask is a valid
    code that any reader decodes.
    """
    qr = QrCodeWidget(data, barLevel="L").qr
    if qr.version is None:
        qr.version = qr.calculate_version()
    qr.makeImpl(False, QR_MASK)
    return [[bool(m) for m in row] for row in qr.modules]


def draw_qr(canvas: Any, data: str, x: float, y: float, size: float) -> None:
    """The QR code of ``data`` in a ``size`` square at (x, y), with its 4-module quiet zone:
    drawn in module units (one ``cm``), each run of dark modules one rectangle, one fill."""
    modules = qr_modules(data)
    count = len(modules)
    box = size / (count + 8)
    parts = [f"q {num(box)} 0 0 {num(box)} {num(x)} {num(y)} cm 0 0 0 rg"]
    for r, row in enumerate(modules):
        bottom = count + 3 - r
        c = 0
        while c < count:
            if row[c]:
                start = c
                while c < count and row[c]:
                    c += 1
                parts.append(f"{start + 4} {bottom} {c - start} 1 re")
            else:
                c += 1
    parts.append("f Q")
    canvas.addLiteral(" ".join(parts))
