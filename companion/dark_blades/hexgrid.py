"""Hex geometry for the Cry Havoc-style maps: coordinates, distance, the line between centres.

The maps' hexes are flat-topped and stand in columns; a hex is named by its column letter and
row number, as players of the series write them (``D13``). Columns run down the map from row 1
at the top; neighbouring columns are offset by half a hex (columns A, C, E ... sit half a hex
lower than B, D, F ...), so a walk ``K10, J11, I10, H11`` goes straight across the map. Sides
of a hex are named by compass direction: ``n ne se s sw nw``.

All of this is pure arithmetic (no map, no rules): `companion.dark_blades.sight` applies the
rules on top of it.
"""

from __future__ import annotations

import math
import re

Hex = tuple[int, int]  # (column index from 0 for A, row number from 1)
SIDES = ("n", "ne", "se", "s", "sw", "nw")
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
MAX_COLUMNS = len(LETTERS)
SQRT3 = math.sqrt(3.0)
# axial (q, r) steps for each side, flat-topped hexes with y growing down the map
_STEPS = {"n": (0, -1), "ne": (1, -1), "se": (1, 0), "s": (0, 1), "sw": (-1, 1), "nw": (-1, 0)}
OPPOSITE = {"n": "s", "ne": "sw", "se": "nw", "s": "n", "sw": "ne", "nw": "se"}
_NAME = re.compile(r"^([A-Za-z])(\d{1,3})$")


def parse_hex(text: str) -> Hex | None:
    """``"D13"`` → ``(3, 13)``; anything else → None."""
    match = _NAME.match(text.strip())
    if match is None:
        return None
    return LETTERS.index(match.group(1).upper()), int(match.group(2))


def name(h: Hex) -> str:
    """``(3, 13)`` → ``"D13"``."""
    return f"{LETTERS[h[0]]}{h[1]}"


def axial(h: Hex) -> tuple[int, int]:
    """Axial (q, r) of a hex: column q; r so that a step straight down adds 1."""
    col, row = h
    return col, row - (col + (col & 1)) // 2


def from_axial(q: int, r: int) -> Hex:
    return q, r + (q + (q & 1)) // 2


def distance(a: Hex, b: Hex) -> int:
    """Range in hexes (the target's hex counted, the firer's not)."""
    aq, ar = axial(a)
    bq, br = axial(b)
    dq, dr = aq - bq, ar - br
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def neighbour(h: Hex, side: str) -> Hex:
    """The hex across ``side`` (it may lie off the map)."""
    q, r = axial(h)
    dq, dr = _STEPS[side]
    return from_axial(q + dq, r + dr)


def side_between(a: Hex, b: Hex) -> str | None:
    """The side of ``a`` that ``b`` lies across, or None when they are not neighbours."""
    aq, ar = axial(a)
    bq, br = axial(b)
    step = (bq - aq, br - ar)
    for side, s in _STEPS.items():
        if s == step:
            return side
    return None


def centre(h: Hex, size: float = 1.0) -> tuple[float, float]:
    """Centre of a hex, ``size`` from centre to corner, x right and y down from A1's centre
    shifted so that A1 is at (0, sqrt3/2 * size)."""
    col, row = h
    return 1.5 * size * col, SQRT3 * size * (row - 1 + (0.5 if col % 2 == 0 else 0.0))


def corners(h: Hex, size: float = 1.0) -> list[tuple[float, float]]:
    """The six corners of a flat-topped hex, from the east corner clockwise (y down)."""
    x, y = centre(h, size)
    return [
        (x + size * math.cos(math.radians(a)), y + size * math.sin(math.radians(a)))
        for a in (0, 60, 120, 180, 240, 300)
    ]


# corner indices (as `corners` lists them) at the two ends of each side
SIDE_CORNERS = {"se": (0, 1), "s": (1, 2), "sw": (2, 3), "nw": (3, 4), "n": (4, 5), "ne": (5, 0)}


# outward unit normals of the six sides (y down the map), and the apothem of a unit hex
_NORMALS = {
    side: (math.cos(math.radians(angle)), math.sin(math.radians(angle)))
    for side, angle in (("n", -90), ("ne", -30), ("se", 30), ("s", 90), ("sw", 150), ("nw", 210))
}
_APOTHEM = SQRT3 / 2
_SHIFT = 1e-7  # how far to either side of the exact line the two walks go


def _walk(a: Hex, b: Hex, shift: float) -> tuple[tuple[Hex, ...], tuple[str, ...]]:
    """The hexes a segment crosses, moved ``shift`` to its left, and the side it leaves each
    through: from the hex it is in, out through the side it meets first, into the hex across,
    until it reaches ``b``."""
    ax, ay = centre(a)
    bx, by = centre(b)
    dx, dy = bx - ax, by - ay
    length = math.hypot(dx, dy)
    if length == 0:
        return (a,), ()
    # the segment's start relative to the centre of the hex it is in, in axial steps
    px, py = -dy / length * shift, dx / length * shift
    exits = [
        (side, nx, ny, dx * nx + dy * ny, _STEPS[side])
        for side, (nx, ny) in _NORMALS.items()
        if dx * nx + dy * ny > 1e-12
    ]
    q, r = axial(a)
    bq, br = axial(b)
    hexes = [a]
    sides = []
    for _ in range(4 * distance(a, b) + 4):
        if q == bq and r == br:
            break
        best, best_t = exits[0], math.inf
        for e in exits:
            t = (_APOTHEM - px * e[1] - py * e[2]) / e[3]
            if t < best_t:
                best, best_t = e, t
        side, _nx, _ny, _dot, (sq, sr) = best
        q, r = q + sq, r + sr
        # the start moves with the hex: relative to the new centre it lies one step back
        px -= 1.5 * sq
        py -= SQRT3 * (sr + sq / 2)
        hexes.append(from_axial(q, r))
        sides.append(side)
    return tuple(hexes), tuple(sides)


def paths(
    a: Hex, b: Hex
) -> tuple[tuple[tuple[Hex, ...], tuple[str, ...]], tuple[tuple[Hex, ...], tuple[str, ...]]]:
    """`lines`, each with the side through which the line leaves each hex but the last."""
    return _walk(a, b, _SHIFT), _walk(a, b, -_SHIFT)


def lines(a: Hex, b: Hex) -> tuple[tuple[Hex, ...], tuple[Hex, ...]]:
    """The hexes a straight line from centre to centre passes through, firer and target
    included, as seen just to one side of the exact line and just to the other. The two are
    the same unless the line runs exactly along a hex side or through a corner (then they
    differ where it does). Neighbouring hexes in each are neighbours on the map."""
    return _walk(a, b, _SHIFT)[0], _walk(a, b, -_SHIFT)[0]
