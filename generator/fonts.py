"""Text measurement with the PDF standard fonts (Helvetica family): nothing is embedded.

Widths come from reportlab's built-in Type-1 metrics, so the PDF and SVG back ends shrink a
label the same way. Sizes and widths share whatever unit the caller uses (cell units or points).
"""

from __future__ import annotations

from functools import lru_cache

from reportlab.pdfbase import pdfmetrics

FONTS = ("Helvetica", "Helvetica-Bold", "Helvetica-Oblique", "Helvetica-BoldOblique")
SVG_FAMILY = "Helvetica, Arial, sans-serif"


def check_font(name: str) -> str:
    """The font name if it is one the kit uses; raise ValueError otherwise (a design bug)."""
    if name not in FONTS:
        raise ValueError(f"font {name!r} is not one of {', '.join(FONTS)}")
    return name


@lru_cache(maxsize=4096)
def _unit_width(text: str, font: str) -> float:
    return pdfmetrics.stringWidth(text, check_font(font), 1000.0) / 1000.0


def text_width(text: str, font: str, size: float) -> float:
    """The advance width of ``text`` set in ``font`` at ``size``."""
    return _unit_width(text, font) * size


def fit_size(text: str, font: str, size: float, max_width: float | None) -> float:
    """``size``, shrunk just enough that ``text`` is no wider than ``max_width``."""
    if max_width is None or not text:
        return size
    width = text_width(text, font, size)
    return size if width <= max_width else size * max_width / width


def svg_weight(font: str) -> tuple[str, str]:
    """(font-weight, font-style) for an SVG text element."""
    return ("bold" if "Bold" in font else "normal", "italic" if "Oblique" in font else "normal")
