"""Small vector diagrams of the Dark Blades spell areas of effect, on a hex grid.

`diagram(key, x, y, w, h)` returns drawing instructions (points, y up) that fit the box: Touch
(the six hexes around the caster), Directional (the six arms, up to 20 hexes), Code A (a target
hex up to 17 hexes away, radius 3 around it), Code B (8 hexes around the caster), one character
in line of sight, the spellcaster only, and the kit's "every ally in sight". The letters are the
rules' own: S the spellcaster, T the target hex, X opposition, Y friendly pieces. Meaning never
rests on colour: the affected hexes are shaded *and* outlined, the caster is a black hex with a
white S, and every count (20, 17, 3, 8) is written. Reusable on player aids.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from generator.sheet.fonts import BOLD, text_width
from generator.sheet.pieces import Circle, Line, Op, Polygon, Rect, Text

SQRT3 = math.sqrt(3)
INK = "#000000"
GRID = "#b9b4ad"
AREA = "#c9c1d6"  # the affected hexes: light, and outlined in AREA_EDGE
AREA_EDGE = "#4b3c63"
PAPER = "#ffffff"
LABEL_MIN = 6.0  # the smallest label size on a diagram
DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def hex_points(cx: float, cy: float, r: float) -> tuple[tuple[float, float], ...]:
    """A pointy-topped hexagon of circumradius ``r`` centred on (cx, cy)."""
    return tuple(
        (cx + r * math.cos(math.radians(90 + 60 * i)), cy + r * math.sin(math.radians(90 + 60 * i)))
        for i in range(6)
    )


def distance(q: int, r: int) -> int:
    """Hexes from (0, 0) to axial (q, r)."""
    return max(abs(q), abs(r), abs(q + r))


def disc(radius: int, q0: int = 0, r0: int = 0) -> list[tuple[int, int]]:
    """Every axial hex within ``radius`` of (q0, r0)."""
    return [
        (q0 + q, r0 + r)
        for q in range(-radius, radius + 1)
        for r in range(-radius, radius + 1)
        if distance(q, r) <= radius
    ]


class Grid:
    """Axial hex coordinates -> points, for hexes of circumradius ``size`` around (ox, oy)."""

    def __init__(self, ox: float, oy: float, size: float) -> None:
        self.ox, self.oy, self.size = ox, oy, size

    def centre(self, q: int, r: int) -> tuple[float, float]:
        return (self.ox + self.size * SQRT3 * (q + r / 2), self.oy - self.size * 1.5 * r)

    def hexes(
        self,
        cells: Iterable[tuple[int, int]],
        fill: str | None,
        stroke: str,
        width: float = 0.3,
    ) -> list[Op]:
        return [
            Polygon(hex_points(*self.centre(q, r), self.size), fill, stroke, width)
            for q, r in cells
        ]

    def caster(self, q: int = 0, r: int = 0, label: str = "S") -> list[Op]:
        """A black hex with a white letter: the spellcaster (or another marked hex). On a grid
        of hexes too small for the smallest label the black hex grows round its centre, so the
        letter always sits inside it."""
        cx, cy = self.centre(q, r)
        size = max(self.size, LABEL_MIN / 1.2)
        return [
            Polygon(hex_points(cx, cy, size), INK, INK, 0.3),
            *_label(cx, cy, label, PAPER, size),
        ]

    def piece(self, q: int, r: int, label: str) -> list[Op]:
        """A piece: a white disc with its letter (X opposition, Y friendly, T target)."""
        cx, cy = self.centre(q, r)
        rad = max(self.size * 0.95, LABEL_MIN * 0.62)
        return [Circle(cx, cy, rad, PAPER, INK, 0.5), *_label(cx, cy, label, INK, rad)]


def _label(cx: float, cy: float, text: str, colour: str, room: float) -> list[Op]:
    size = max(LABEL_MIN, room * 1.2)
    return [Text(cx, cy - size * 0.35, text, size, colour, BOLD, "middle")]


def _note(
    x: float, y: float, text: str, anchor: str = "middle", size: float = LABEL_MIN + 0.5
) -> Text:
    return Text(x, y, text, size, INK, BOLD, anchor)  # type: ignore[arg-type]


def label_width(text: str, size: float = LABEL_MIN + 0.5) -> float:
    """How wide a diagram note is (for tests and layout)."""
    return text_width(text, BOLD, size)


# --------------------------------------------------------------------------- the areas


def _fit(
    x: float, y: float, w: float, h: float, radius: int, label: float = 0.0, edge: float = 0.0
) -> Grid:
    """A grid centred in the box, whose disc of ``radius`` hexes (with ``label`` points to its
    right for a note, and ``edge`` points all round for pieces drawn over the outer hexes) fits
    inside it."""
    across, down = (2 * radius + 1) * SQRT3, 3 * radius + 2
    size = min((w - 2 * label - 2 * edge) / across, (h - 2 * edge) / down)
    return Grid(x + w / 2, y + h / 2, size)


def touch(x: float, y: float, w: float, h: float) -> list[Op]:
    g = _fit(x, y, w, h, 2)
    ops = g.hexes(disc(2), None, GRID)
    ops += g.hexes([d for d in DIRECTIONS], AREA, AREA_EDGE, 0.8)
    ops += g.caster()
    for (q, r), letter in zip(DIRECTIONS, "ABCDEF", strict=True):
        cx, cy = g.centre(q, r)
        ops += _label(cx, cy, letter, INK, g.size * 0.7)
    return ops


def directional(x: float, y: float, w: float, h: float) -> list[Op]:
    reach = 4
    g = _fit(x, y, w, h, reach, 12.0)
    ops = g.hexes(disc(reach), None, GRID)
    arms = [(dq * k, dr * k) for dq, dr in DIRECTIONS for k in range(1, reach + 1)]
    ops += g.hexes(arms, AREA, AREA_EDGE, 0.6)
    ops += g.caster()
    ex, ey = g.centre(reach, 0)
    ops.append(_note(ex + g.size * 1.2, ey - 2.5, "20", "start"))
    return ops


def code_a(x: float, y: float, w: float, h: float) -> list[Op]:
    g = Grid(0, 0, 1)
    size = min(w / (SQRT3 * 13.5), h / (3 * 3 + 2.2))
    g = Grid(x + w - size * SQRT3 * 4, y + h / 2, size)
    target = disc(3)
    ops = g.hexes(target, AREA, AREA_EDGE, 0.6)
    tx, ty = g.centre(0, 0)
    sx = x + size * SQRT3 * 1.0
    caster = Grid(sx, ty, size)
    ops += caster.caster()
    ops.append(Line(sx + size, ty, tx - size * SQRT3 * 3.5, ty, INK, 0.7, (2.0, 1.5)))
    mid = (sx + tx - size * SQRT3 * 3.5) / 2
    ops.append(_note(mid, ty + 3, "up to 17"))
    ops += g.piece(0, 0, "T")
    rx, ry = g.centre(3, -3)
    ops.append(_note(rx + size * 1.5, ry - 2, "3", "start"))
    return ops


def code_b(x: float, y: float, w: float, h: float) -> list[Op]:
    g = _fit(x, y, w, h, 8, 10.0)
    ops = g.hexes(disc(8), AREA, AREA_EDGE, 0.3)
    ops += g.caster()
    ex, ey = g.centre(8, 0)
    ops.append(_note(ex + g.size * 1.4, ey - 2.5, "8", "start"))
    return ops


def sight(x: float, y: float, w: float, h: float) -> list[Op]:
    size = min(w / (SQRT3 * 9), h / 4)
    g = Grid(x + size * SQRT3 * 1.2, y + h / 2, size)
    ops = g.hexes([(q, 0) for q in range(0, 8)], None, GRID)
    ops += g.caster()
    tx, ty = g.centre(6, 0)
    ops.append(Line(g.centre(0, 0)[0] + size, ty, tx - size * 1.2, ty, INK, 0.8))
    ops.append(
        Polygon(
            (
                (tx - size, ty),
                (tx - size * 1.9, ty + size * 0.5),
                (tx - size * 1.9, ty - size * 0.5),
            ),
            INK,
        )
    )
    ops += g.hexes([(6, 0)], AREA, AREA_EDGE, 0.8)
    ops += g.piece(6, 0, "")  # either side: the spell says which
    ops.append(_note(g.centre(3, 0)[0], ty + size * 1.3, "any one"))
    return ops


def caster_only(x: float, y: float, w: float, h: float) -> list[Op]:
    g = _fit(x, y, w, h, 2)
    ops = g.hexes(disc(2), None, GRID)
    cx, cy = g.centre(0, 0)
    ops.append(Circle(cx, cy, g.size * 1.35, AREA, AREA_EDGE, 0.8))
    ops += g.caster()
    return ops


def allies(x: float, y: float, w: float, h: float) -> list[Op]:
    g = _fit(x, y, w, h, 3, edge=LABEL_MIN * 0.62)
    ops = g.hexes(disc(3), None, GRID)
    cx, cy = g.centre(0, 0)
    wall = g.centre(-2, 2)
    seen = [(3, -2), (-3, 0), (2, 1), (0, -3)]
    for q, r in seen:
        px, py = g.centre(q, r)
        ops.append(Line(cx, cy, px, py, AREA_EDGE, 0.8))
    ops += g.hexes(seen, AREA, AREA_EDGE, 0.8)
    ops.append(
        Rect(wall[0] - g.size * 1.6, wall[1] - g.size * 0.35, g.size * 3.2, g.size * 0.7, INK)
    )
    ops += g.caster()
    for q, r in seen:
        ops += g.piece(q, r, "Y")
    ops += g.piece(-3, 3, "Y")  # behind the wall: not seen, not shielded
    return ops


DRAW = {
    "touch": touch,
    "directional": directional,
    "a": code_a,
    "b": code_b,
    "sight": sight,
    "caster": caster_only,
    "allies": allies,
}


def diagram(key: str, x: float, y: float, w: float, h: float) -> list[Op]:
    """The diagram of area ``key`` inside the box (x, y, w, h); [] for an area with none."""
    draw = DRAW.get(key)
    return draw(x, y, w, h) if draw is not None else []
