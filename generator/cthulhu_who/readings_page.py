"""The board's readings pages of the set-up PDF: the kit's readings of the board's geometry
(``cards/cthulhu-who/readings.toml``), labelled as the kit's, on the backs that would otherwise
be blank (the board tiles', the odds page's) or, printed single-sided, on pages of their own.

`ReadingPages` lays them out once per document: on one page at the largest type that fits
(9.5 pt down to 8 pt), else over as many pages as they need at 8 pt. Left out under
--source-only (the backs stay blank).
"""

from __future__ import annotations

from typing import Any

from companion.cthulhu_who.geometry import Reading, Readings
from companion.errors import DataError
from generator.sheet.canvas_kit import paragraph, text
from generator.sheet.fonts import REGULAR, split_lines
from generator.sheet.options import SheetOptions

TITLE = "Cthulhu Who? the board: the Havoc Kit's readings"
SIZES = (9.5, 9.0, 8.5, 8.0)  # the largest that puts them on one page; else 8 pt, paged
INTRO = (
    "The rules do not say how squares are counted on the board. These are the Havoc Kit's "
    "readings, not the rulebook's (cards/cthulhu-who/readings.toml: replace them with your "
    "group's). Squares are named as printed: column letter, row number (B3). The companion "
    "follows them: havoc attack pistol cultist --setup S --from B2 --to D3; havoc crush "
    "--setup S --monster B3 --to C3."
)
HEAD = 32.0  # from the top of the usable area to the first line under the heading


def _lines(words: str, size: float, width: float) -> int:
    return len(split_lines(words, REGULAR, size, width))


def _tall(r: Reading, size: float, width: float) -> float:
    """The height one reading takes: title, text, the rules' words, the gap after."""
    lead, small = size * 1.2, size - 1.5
    rule = _lines("The rules: " + r.rule, small, width) * small * 1.2
    return lead + 2 + _lines(r.text, size, width) * lead + rule + 6


class ReadingPages:
    """The readings laid out on pages of ``options``' paper: ``size`` and ``pages`` (the
    readings on each page, the intro on the first)."""

    def __init__(self, options: SheetOptions, rd: Readings) -> None:
        x0, y0, x1, y1 = options.usable
        self.options, self.rd, self.width = options, rd, x1 - x0
        room = (y1 - HEAD) - (y0 + 14)
        items = list(rd.items.values())
        intro = _lines(INTRO, SIZES[-1], self.width) * SIZES[-1] * 1.2 + 10
        for size in SIZES:
            first = _lines(INTRO, size, self.width) * size * 1.2 + 10
            if first + sum(_tall(r, size, self.width) for r in items) <= room:
                self.size, self.pages = size, [items]
                return
        self.size, self.pages = SIZES[-1], [[]]
        used = intro
        for r in items:
            tall = _tall(r, self.size, self.width)
            if tall > room:
                raise DataError(
                    f"the reading [readings.{r.name}] does not fit a page of "
                    f"{options.paper}: shorten it",
                    rd.path,
                )
            if used + tall > room:
                self.pages.append([])
                used = 0.0
            self.pages[-1].append(r)
            used += tall

    def draw(self, canvas: Any, index: int) -> None:
        """Page ``index`` (0-based) of the readings (the caller closes the page)."""
        x0, _, _, y1 = self.options.usable
        c, width, size = canvas, self.width, self.size
        lead, small = size * 1.2, size - 1.5
        count = len(self.pages)
        title = TITLE + (f" ({index + 1} of {count})" if count > 1 else "")
        text(c, x0, y1 - 14, title, 14, bold=True, max_width=width)
        y = y1 - HEAD
        if index == 0:
            y = paragraph(c, x0, y, INTRO, size, width, lead) - 10
        for r in self.pages[index]:
            text(c, x0, y, f"{r.title} (kit's reading)", size + 0.5, bold=True, max_width=width)
            y -= lead + 2
            y = paragraph(c, x0, y, r.text, size, width, lead)
            for line in split_lines("The rules: " + r.rule, REGULAR, small, width):
                text(c, x0, y, line, small, grey=True)
                y -= small * 1.2
            y -= 6
