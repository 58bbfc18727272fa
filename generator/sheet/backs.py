"""Backs that forgive misregistration: every back's ground runs past its trim.

Printers put the back of a sheet 1-4 mm off its front. A back drawn exactly to its cut box shows
a white sliver (or its neighbour's edge) along one side when the slip comes; a back whose ground
runs BACK_BLEED past the trim does not. Each side of a back grows by BACK_BLEED where there is
room: up to half the gap to the next piece on that side (two neighbours share a gap; a fold-over
gutter is shared with the front across it), up to the paper's edge where there is none, and not
at all where two pieces butt (they share the cut; a deck's backs continue one another's pattern
there, see generator/dark_blades/spells.py). Never less than the sheet's own ``--bleed``.
The face is clipped to its grown ground, so a pattern drawn past the trim stops there.
"""

from __future__ import annotations

from collections.abc import Sequence

from generator.sheet.layout import Placement
from generator.sheet.options import SheetOptions
from generator.sheet.units import MM

BACK_BLEED = 3 * MM  # the usual bleed; the least a back gets where the gutters allow is 2.5 mm
EPS = 1e-6

Box = tuple[float, float, float, float]


def _room(p: Placement, others: Sequence[Placement], options: SheetOptions) -> Box:
    """How far ``p`` may grow (left, bottom, right, top): half the gap to the nearest piece on
    each side, or the distance to the paper's edge."""
    left, bottom = p.x, p.y
    right, top = options.width - p.x - p.w, options.height - p.y - p.h
    for q in others:
        if q is p:
            continue
        across = q.y < p.y + p.h - EPS and q.y + q.h > p.y + EPS  # side by side
        above = q.x < p.x + p.w - EPS and q.x + q.w > p.x + EPS  # one over the other
        if across and q.x + q.w <= p.x + EPS:
            left = min(left, (p.x - q.x - q.w) / 2)
        if across and q.x >= p.x + p.w - EPS:
            right = min(right, (q.x - p.x - p.w) / 2)
        if above and q.y + q.h <= p.y + EPS:
            bottom = min(bottom, (p.y - q.y - q.h) / 2)
        if above and q.y >= p.y + p.h - EPS:
            top = min(top, (q.y - p.y - p.h) / 2)
    return left, bottom, right, top


def back_grounds(placements: Sequence[Placement], options: SheetOptions) -> dict[int, Box]:
    """The ground of every back in ``placements`` (a page's): index -> (x0, y0, x1, y1)."""
    out: dict[int, Box] = {}
    for index, p in enumerate(placements):
        if p.side != "back":
            continue
        grow = [max(options.bleed, min(BACK_BLEED, room)) for room in _room(p, placements, options)]
        out[index] = (p.x - grow[0], p.y - grow[1], p.x + p.w + grow[2], p.y + p.h + grow[3])
    return out
