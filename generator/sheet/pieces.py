"""What a printed piece is: a size in cells and two faces, each a list of drawing instructions.

Faces are drawn in *cell units*: a square counter is 1 x 1, a double-length (two-hex) counter is
2 x 1, whatever its printed size. The sheet engine scales a face to the chosen piece size
(5/8in -> 45 pt per unit), so one design serves every size. Instructions are plain frozen
dataclasses, so both the PDF and SVG back ends draw the same thing and tests can inspect faces
without rendering. Colours are "#rrggbb" strings. Origin: lower-left corner of the cut box; y up.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from generator.sheet.fonts import REGULAR


@dataclass(frozen=True)
class Rect:
    """A rectangle; ``fill``/``stroke`` None means not filled/stroked."""

    x: float
    y: float
    w: float
    h: float
    fill: str | None = None
    stroke: str | None = None
    stroke_width: float = 0.01
    radius: float = 0.0


@dataclass(frozen=True)
class Line:
    """A straight line."""

    x1: float
    y1: float
    x2: float
    y2: float
    colour: str = "#000000"
    width: float = 0.01
    dash: tuple[float, ...] = ()


@dataclass(frozen=True)
class Polygon:
    """A closed polygon (flags, side emblems, hex outlines)."""

    points: tuple[tuple[float, float], ...]
    fill: str | None = None
    stroke: str | None = None
    stroke_width: float = 0.01


@dataclass(frozen=True)
class Circle:
    """A circle centred on (cx, cy)."""

    cx: float
    cy: float
    r: float
    fill: str | None = None
    stroke: str | None = None
    stroke_width: float = 0.01


@dataclass(frozen=True)
class Text:
    """One line of text, its baseline at ``y``; shrunk to ``max_width`` when it would overflow."""

    x: float
    y: float
    text: str
    size: float
    colour: str = "#000000"
    font: str = REGULAR
    anchor: Literal["start", "middle", "end"] = "middle"
    max_width: float | None = None


@dataclass(frozen=True)
class Figure:
    """A figure (an SVG or PNG file, ``source``) fitted into the box at (x, y), w x h, centred,
    its aspect kept; ``colour`` paints what the file fills with ``currentColor``. Each distinct
    figure is drawn once per PDF (a form XObject) and once per SVG file (a ``<symbol>``)."""

    x: float
    y: float
    w: float
    h: float
    source: str
    colour: str = "#000000"


Op = Rect | Line | Polygon | Circle | Text | Figure


@dataclass(frozen=True)
class Face:
    """One side of a piece: a background that runs into the bleed, then instructions on top."""

    label: str
    background: str = "#ffffff"
    ops: tuple[Op, ...] = ()


@dataclass(frozen=True)
class Piece:
    """A physical piece: ``cols`` x ``rows`` cells; ``back`` None means single-sided.

    ``block`` groups pieces on the sheet (each block starts on a new row, gutters between
    blocks); ``name`` is what tests and SVG file names use.
    """

    name: str
    front: Face
    back: Face | None = None
    cols: int = 1
    rows: int = 1
    block: str = ""
    tags: tuple[str, ...] = field(default=())
