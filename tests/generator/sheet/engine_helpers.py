"""Helpers for the sheet-engine tests: synthetic pieces and geometry read back from PDFs.

Each synthetic piece has a background colour that encodes its index (red, green) and its side
(blue 0x80 front, 0x40 back), so a rectangle read back from the PDF says which face it is.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pdf_read import pages, shapes

from generator.sheet.pieces import Circle, Face, Line, Piece, Rect, Text

FRONT_BLUE, BACK_BLUE = 0x80, 0x40


def colour(index: int, blue: int) -> str:
    return f"#{index // 256:02x}{index % 256:02x}{blue:02x}"


def piece(index: int, cols: int = 1, two_sided: bool = True, block: str = "") -> Piece:
    ops = (
        Rect(0.1, 0.1, cols - 0.2, 0.8, stroke="#000000"),  # stroked only: not a filled rect
        Line(0.1, 0.5, cols - 0.1, 0.5),
        Circle(0.5, 0.5, 0.1, stroke="#ffffff"),
        Text(cols / 2, 0.2, f"piece number {index} with a long name", 0.2, max_width=0.8),
    )
    front = Face(f"front {index}", colour(index, FRONT_BLUE), ops)
    back = Face(f"back {index}", colour(index, BACK_BLUE), ops) if two_sided else None
    return Piece(f"p{index}", front, back, cols=cols, block=block)


def mixed(count: int = 60) -> list[Piece]:
    """Squares, double-length pieces and single-sided ones in three blocks."""
    out = [piece(i, cols=2, block="doubles") for i in range(0, 12)]
    out += [piece(i, block="squares") for i in range(12, count)]
    out += [piece(i, two_sided=False, block="markers") for i in range(count, count + 7)]
    return out


@dataclass(frozen=True)
class Box:
    """A filled rectangle read back from a page, in PDF coordinates (y up)."""

    page: int
    index: int
    side: str
    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def w(self) -> float:
        return self.x1 - self.x0

    @property
    def h(self) -> float:
        return self.y1 - self.y0


def face_boxes(path: Path) -> list[Box]:
    """Every face background in the PDF (filled rects whose colour encodes a face); a back's
    ground past its trim (generator/sheet/backs.py) is the larger rect of its colour, left out."""
    found: list[Box] = []
    for rect in shapes(path):
        if rect.kind != "rect" or not rect.fill:
            continue
        r, g, b = rect.fill_colour
        if b not in (FRONT_BLUE, BACK_BLUE):
            continue
        side = "front" if b == FRONT_BLUE else "back"
        found.append(Box(rect.page, r * 256 + g, side, rect.x0, rect.y0, rect.x1, rect.y1))
    smallest: dict[tuple[int, int, str], Box] = {}
    for box in found:
        key = (box.page, box.index, box.side)
        if key not in smallest or box.w * box.h < smallest[key].w * smallest[key].h:
            smallest[key] = box
    return [box for box in found if smallest[(box.page, box.index, box.side)] is box]


def page_sizes(path: Path) -> list[tuple[float, float]]:
    return [(p.width, p.height) for p in pages(path)]


def close(a: float, b: float, tol: float = 0.01) -> bool:
    return abs(a - b) <= tol
