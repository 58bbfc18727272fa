"""Where the marks on a drawn Dark Blades map go, for the printed tiles and the phone map alike:
the ticks down a slope from its top lip, and the hex's coordinate clear of them.

A top lip is a heavy line on a slope hex's side with three short ticks running from it towards
the hex's centre (down the slope). A hex's coordinate is written at the top of the hex; on a
hex whose lip runs along its top side the ticks would cross it, so the coordinate goes to the
bottom of the hex instead, or to its middle when both are lips (`name_edge`). Pure arithmetic
on a map's lips: no drawing library.
"""

from __future__ import annotations

from companion.dark_blades.hexgrid import Hex

TICKS = (0.25, 0.5, 0.75)  # where along the lip each tick starts
TICK_DEPTH = 0.22  # how far a tick runs towards the centre (share of the way)
Point = tuple[float, float]


def lip_ticks(a: Point, b: Point, centre: Point) -> list[tuple[Point, Point]]:
    """The ticks of a lip from ``a`` to ``b`` on a hex with this ``centre``, as segments."""
    cx, cy = centre
    out = []
    for t in TICKS:
        px, py = a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t
        out.append(((px, py), (px + (cx - px) * TICK_DEPTH, py + (cy - py) * TICK_DEPTH)))
    return out


def name_edge(lips: frozenset[tuple[Hex, str]] | set[tuple[Hex, str]], h: Hex) -> str:
    """``"top"``, ``"bottom"`` or ``"middle"``: where the coordinate of ``h`` is written, the
    top unless a lip along the hex's top side puts ticks there; the middle when lips run along
    both its top and its bottom (the ticks reach no more than `TICK_DEPTH` inwards)."""
    top, bottom = (h, "n") in lips, (h, "s") in lips
    if top and bottom:
        return "middle"
    return "bottom" if top else "top"
