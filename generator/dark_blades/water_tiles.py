"""The water on the map tiles: the lake and the river each their own pattern and name, an
arrow in every water hex for the way its water runs (the map's ``flow``; dashed in a lake,
whose "downstream" is the kit's reading), and the mill wheel's symbol. Colour never alone:
the words and the patterns say the same as the blues.
"""

from __future__ import annotations

import math
from typing import Any

from companion.dark_blades import hexgrid as hg
from companion.dark_blades.map_water import WATER

BLUE = (0.0, 0.2, 0.5)  # waves, ripples, arrows: navy, 25 L* and more darker than any water
DARK = (0.1, 0.1, 0.1)
LAKE_FILL = (0.359, 0.449, 0.699)  # deeper than the river's by 9 L* (and pattern, word)
KEY = (
    "river = blue, two waves, 'river' (a stream, other water: the same, with its word); "
    "lake = deeper blue, rings of ripples, 'lake'; an arrow in each water hex shows which way "
    "its water runs (solid in the river; dashed in a lake: the kit's reading of the lake's "
    "'downstream'); mill wheel = a spoked wheel, 'wheel'"
)
_ANGLE = {"n": -90, "ne": -30, "se": 30, "s": 90, "sw": 150, "nw": 210}  # y down the board


def ripples(c: Any, x: float, y: float, r: float) -> None:
    """The lake's pattern: two rings of short arcs, still water (the river has waves)."""
    c.setStrokeColorRGB(*BLUE)
    c.setLineWidth(0.6)
    for radius in (0.22 * r, 0.4 * r):
        for start in (20, 140, 260):
            c.arc(x - radius, y - radius, x + radius, y + radius, start, 70)


def arrow(c: Any, x: float, y: float, r: float, side: str, dashed: bool) -> None:
    """An arrow through the hex's centre, pointing out through ``side``."""
    a = math.radians(_ANGLE[side])
    dx, dy = math.cos(a), math.sin(a)
    x0, y0 = x - 0.42 * r * dx, y - 0.42 * r * dy
    x1, y1 = x + 0.5 * r * dx, y + 0.5 * r * dy
    c.setStrokeColorRGB(*BLUE)
    c.setFillColorRGB(*BLUE)
    c.setLineWidth(1.6)
    c.setDash([3, 2] if dashed else [])
    c.line(x0, y0, x1 - 0.12 * r * dx, y1 - 0.12 * r * dy)
    c.setDash([])
    head = 0.2 * r
    left = (x1 - head * math.cos(a - 0.45), y1 - head * math.sin(a - 0.45))
    right = (x1 - head * math.cos(a + 0.45), y1 - head * math.sin(a + 0.45))
    p = c.beginPath()
    p.moveTo(x1, y1)
    p.lineTo(*left)
    p.lineTo(*right)
    p.close()
    c.drawPath(p, stroke=0, fill=1)


def wheel(c: Any, x: float, y: float, r: float) -> None:
    """The mill wheel: a rim and eight spokes, dark on the water."""
    c.setStrokeColorRGB(*DARK)
    c.setLineWidth(1.2)
    c.circle(x, y, 0.38 * r, stroke=1, fill=0)
    c.circle(x, y, 0.08 * r, stroke=1, fill=0)
    for k in range(8):
        a = math.radians(k * 45 + 22.5)
        c.line(x, y, x + 0.38 * r * math.cos(a), y + 0.38 * r * math.sin(a))


def draw_water(c: Any, m: Any, h: hg.Hex, x: float, y: float, r: float) -> str | None:
    """The flow arrow of a water hex and the wheel on a wheel hex; returns the word to print
    under the symbol (``lake``, ``river``, ``stream``, ``water``, ``wheel``), None for a hex
    with no water."""
    side = m.flow.get(h)
    kind = m.terrain[h]
    if h in m.wheel:
        wheel(c, x, y, r)
    if side is not None:
        arrow(c, x, y, r, side, dashed=kind == "lake")
    if h in m.wheel:
        return "wheel"
    return kind if kind in WATER else None  # a bridge's, the stones' word: `map_tiles._symbol`
