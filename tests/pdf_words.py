"""Words and their boxes read back from a PDF through pdfium: many times faster than
pdfplumber, in pdfplumber's coordinates (points, `top`/`bottom` measured down from the top of
the page) and with its loose boxes (each letter's box runs the font's full ascent to descent)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pypdfium2 as pdfium

_WORD = re.compile(r"\S+")


@dataclass(frozen=True)
class Word:
    page: int  # from 1
    text: str
    x0: float
    top: float
    x1: float
    bottom: float
    page_width: float
    page_height: float

    @property
    def edge_gap(self) -> float:
        """The distance from this word to the nearest paper edge."""
        return min(self.x0, self.top, self.page_width - self.x1, self.page_height - self.bottom)


def words(path: Path | str) -> Iterator[Word]:
    """Every word on every page, in reading order as pdfium gives it."""
    pdf = pdfium.PdfDocument(str(path))
    try:
        for number, page in enumerate(pdf, start=1):
            width, height = page.get_size()
            text_page = page.get_textpage()
            count = text_page.count_chars()
            text = text_page.get_text_range(0, count) if count else ""
            if len(text) != count:  # pdfium's text is one character per char index
                raise AssertionError(f"{path} page {number}: text and characters disagree")
            for match in _WORD.finditer(text):
                boxes = [text_page.get_charbox(i, loose=True) for i in range(*match.span())]
                left = min(b[0] for b in boxes)
                bottom = min(b[1] for b in boxes)
                right = max(b[2] for b in boxes)
                top = max(b[3] for b in boxes)
                yield Word(number, match.group(), left, height - top, right, height - bottom,
                           width, height)  # fmt: skip
            text_page.close()
            page.close()
    finally:
        pdf.close()
