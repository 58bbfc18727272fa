"""Cut guides as plain line segments (points): crop marks in the margin, or full-length lines.

``crop``: a short mark in the margin at every cut line, clear of the pieces (the bottom marks
stop short of the footer). ``lines``: every cut line runs to the page edges, broken only where
it would cross the inside of a piece (a square's edge below a double-length piece) and under
the footer text. Fold-over pages also get the fold line (drawn by the renderer, dashed).
"""

from __future__ import annotations

from collections.abc import Sequence

from generator.layout import Placement
from generator.options import SheetOptions

Segment = tuple[float, float, float, float]
MARK_LENGTH = 18.0  # 1/4in
MARK_GAP = 2.0  # between the usable area's edge and a mark
FOOTER_BAND = 22.0  # kept clear at the bottom of the page for the footer's two lines
EPS = 1e-6


def cut_coordinates(placements: Sequence[Placement]) -> tuple[list[float], list[float]]:
    """The distinct x of vertical cut lines and y of horizontal ones."""
    xs: set[float] = set()
    ys: set[float] = set()
    for p in placements:
        xs.update((round(p.x, 6), round(p.x + p.w, 6)))
        ys.update((round(p.y, 6), round(p.y + p.h, 6)))
    return sorted(xs), sorted(ys)


def crop_marks(placements: Sequence[Placement], options: SheetOptions) -> list[Segment]:
    """Marks in the four margins at every cut line."""
    xs, ys = cut_coordinates(placements)
    x0, y0, x1, y1 = options.usable
    top = min(MARK_LENGTH, options.height - y1 - MARK_GAP - 4)
    bottom = min(MARK_LENGTH, y0 - MARK_GAP - FOOTER_BAND)
    bottom = bottom if bottom >= 3 else 0.0  # no room beside the footer: top marks only
    left = min(MARK_LENGTH, x0 - MARK_GAP - 4)
    right = min(MARK_LENGTH, options.width - x1 - MARK_GAP - 4)
    segments: list[Segment] = []
    for x in xs:
        if top > 0:
            segments.append((x, y1 + MARK_GAP, x, y1 + MARK_GAP + top))
        if bottom > 0:
            segments.append((x, y0 - MARK_GAP, x, y0 - MARK_GAP - bottom))
    for y in ys:
        if left > 0:
            segments.append((x0 - MARK_GAP, y, x0 - MARK_GAP - left, y))
        if right > 0:
            segments.append((x1 + MARK_GAP, y, x1 + MARK_GAP + right, y))
    return segments


def _open_intervals(
    start: float, end: float, blocked: list[tuple[float, float]]
) -> list[tuple[float, float]]:
    """[start, end] minus the blocked intervals."""
    out: list[tuple[float, float]] = []
    cursor = start
    for lo, hi in sorted(blocked):
        if lo > cursor + EPS:
            out.append((cursor, min(lo, end)))
        cursor = max(cursor, hi)
        if cursor >= end:
            break
    if cursor < end - EPS:
        out.append((cursor, end))
    return out


def cut_lines(
    placements: Sequence[Placement],
    options: SheetOptions,
    footer_box: tuple[float, float, float, float] | None = None,
) -> list[Segment]:
    """Full-length lines to the page edges, never through the inside of a piece."""
    xs, ys = cut_coordinates(placements)
    segments: list[Segment] = []
    for x in xs:
        blocked = [(p.y, p.y + p.h) for p in placements if p.x + EPS < x < p.x + p.w - EPS]
        if footer_box and footer_box[0] < x < footer_box[2]:
            blocked.append((footer_box[1], footer_box[3]))
        segments += [(x, lo, x, hi) for lo, hi in _open_intervals(0.0, options.height, blocked)]
    for y in ys:
        blocked = [(p.x, p.x + p.w) for p in placements if p.y + EPS < y < p.y + p.h - EPS]
        if footer_box and footer_box[1] < y < footer_box[3]:
            blocked.append((footer_box[0], footer_box[2]))
        segments += [(lo, y, hi, y) for lo, hi in _open_intervals(0.0, options.width, blocked)]
    return segments
