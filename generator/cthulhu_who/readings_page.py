"""The board's readings page of the set-up PDF: the kit's readings of the board's geometry
(``cards/cthulhu-who/readings.toml``), labelled as the kit's, on the backs that would otherwise
be blank (the board tiles', the odds page's) or, printed single-sided, on a page of its own.

Left out under --source-only (the backs stay blank).
"""

from __future__ import annotations

from typing import Any

from companion.cthulhu_who.geometry import Readings
from companion.errors import DataError
from generator.cthulhu_who.canvas_kit import paragraph, text
from generator.sheet.fonts import REGULAR, split_lines
from generator.sheet.options import SheetOptions

TITLE = "Cthulhu Who? the board: the Havoc Kit's readings"
SIZES = (9.5, 9.0, 8.5, 8.0, 7.5, 7.0)  # the largest that fits the page is used


def intro(rd: Readings) -> str:
    """The words under the heading: whose readings these are, and what follows them."""
    return (
        "The rules do not say how squares are counted on the board. These are the Havoc "
        "Kit's readings, not the rulebook's (cards/cthulhu-who/readings.toml: replace them "
        "with your group's). Squares are named as printed: column letter, row number (B3). "
        "The companion follows them: havoc attack pistol cultist --setup S --from B2 --to D3; "
        "havoc crush --setup S --monster B3 --to C3."
    )


def _height(rd: Readings, size: float, width: float) -> float:
    lead = size * 1.2
    small = size - 1.5
    total = len(split_lines(intro(rd), REGULAR, size, width)) * lead + 10
    for r in rd.items.values():
        total += lead + 2
        total += len(split_lines(r.text, REGULAR, size, width)) * lead
        total += len(split_lines("The rules: " + r.rule, REGULAR, small, width)) * small * 1.2
        total += 6
    return total


def type_size(options: SheetOptions, rd: Readings) -> float:
    """The largest type size the readings fit one page in; a DataError if none (checked
    before any sheet is drawn)."""
    x0, y0, x1, y1 = options.usable
    room = (y1 - 30) - (y0 + 14)
    size = next((s for s in SIZES if _height(rd, s, x1 - x0) <= room), None)
    if size is None:
        raise DataError(
            f"the readings do not fit one page of {options.paper} at {SIZES[-1]} pt: shorten them",
            rd.path,
        )
    return size


def draw_readings(canvas: Any, options: SheetOptions, rd: Readings) -> None:
    """The readings page (the caller closes the page)."""
    x0, y0, x1, y1 = options.usable
    c = canvas
    width = x1 - x0
    text(c, x0, y1 - 14, TITLE, 14, bold=True, max_width=width)
    size = type_size(options, rd)
    lead = size * 1.2
    small = size - 1.5
    y = paragraph(c, x0, y1 - 32, intro(rd), size, width, lead) - 10
    for r in rd.items.values():
        text(c, x0, y, f"{r.title} (kit's reading)", size + 0.5, bold=True, max_width=width)
        y -= lead + 2
        y = paragraph(c, x0, y, r.text, size, width, lead)
        for line in split_lines("The rules: " + r.rule, REGULAR, small, width):
            text(c, x0, y, line, small, grey=True)
            y -= small * 1.2
        y -= 6
