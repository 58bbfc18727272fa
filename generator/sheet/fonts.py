"""The kit's typeface: Liberation Sans (SIL OFL, generator/sheet/typeface/), embedded in every PDF.

Faces name their fonts "Helvetica" and "Helvetica-Bold"; the PDF back end draws them with
Liberation Sans Regular/Bold, a clone with Helvetica's widths, embedded as a subset. Without
embedding, a viewer that has no Helvetica-metric font draws its own sans-serif glyphs at
Helvetica's advance widths, so letters drift apart ("J on Barney" in a DejaVu-only poppler).
Widths come from the embedded font itself, so the PDF and SVG back ends shrink a label the
same way. Sizes and widths share whatever unit the caller uses (cell units or points).
"""

from __future__ import annotations

from functools import cache, lru_cache
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

REGULAR, BOLD = "Helvetica", "Helvetica-Bold"  # the names faces and drawings use
FONTS = (REGULAR, BOLD)
FILES = {"Helvetica": "LiberationSans-Regular.ttf", "Helvetica-Bold": "LiberationSans-Bold.ttf"}
PDF_NAMES = {"Helvetica": "HavocSans", "Helvetica-Bold": "HavocSans-Bold"}
SVG_FAMILY = "Liberation Sans, Arimo, Helvetica, Arial, sans-serif"
TYPEFACE_DIR = Path(__file__).with_name("typeface")


def check_font(name: str) -> str:
    """The font name if it is one the kit uses; raise ValueError otherwise (a design bug)."""
    if name not in FONTS:
        raise ValueError(f"font {name!r} is not one of {', '.join(FONTS)}")
    return name


@cache
def pdf_font(name: str) -> str:
    """The reportlab name of the embedded font drawing ``name`` (registered on first use)."""
    registered = PDF_NAMES[check_font(name)]
    pdfmetrics.registerFont(TTFont(registered, str(TYPEFACE_DIR / FILES[name])))
    return registered


@cache
def _cmap(name: str) -> frozenset[int]:
    return frozenset(pdfmetrics.getFont(pdf_font(name)).face.charToGlyph)


def missing_letters(text: str, font: str) -> list[str]:
    """The letters of ``text`` that ``font`` has no glyph for (they would print as empty
    boxes), each once, in order of appearance."""
    cmap = _cmap(check_font(font))
    return list(dict.fromkeys(ch for ch in text if ord(ch) not in cmap))


@lru_cache(maxsize=4096)
def _unit_width(text: str, font: str) -> float:
    return pdfmetrics.stringWidth(text, pdf_font(font), 1000.0) / 1000.0


def text_width(text: str, font: str, size: float) -> float:
    """The advance width of ``text`` set in ``font`` at ``size``."""
    return _unit_width(text, font) * size


def fit_size(text: str, font: str, size: float, max_width: float | None) -> float:
    """``size``, shrunk just enough that ``text`` is no wider than ``max_width``."""
    if max_width is None or not text:
        return size
    width = text_width(text, font, size)
    return size if width <= max_width else size * max_width / width


def split_lines(text: str, font: str, size: float, width: float) -> list[str]:
    """``text`` broken at spaces into lines no wider than ``width`` (a long word stays whole)."""
    lines: list[str] = []
    for word in text.split():
        if lines and text_width(f"{lines[-1]} {word}", font, size) <= width:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    return lines


def svg_weight(font: str) -> tuple[str, str]:
    """(font-weight, font-style) for an SVG text element."""
    return ("bold" if "Bold" in font else "normal", "italic" if "Oblique" in font else "normal")
