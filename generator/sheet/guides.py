"""Cut guides as plain line segments (points): crop marks in the margin, or full-length lines.

``crop``: short marks in the margins, clear of the pieces, on all four sides, ending at least
1/4in inside the paper's edge (every printer prints there; the same in every product); the
bottom marks stop above the footer, which sits 1/4in inside the edge. Packed pieces leave room
for marks at least KEPT_MARK long on every side (layout.pieces_area), so a full page has them
at the bottom too. Inside the blocks,
every cut is shown by the fine line just inside each piece's edge (render_pdf.draw_cut_edges).
Rows that one set of vertical cuts cannot serve (squares and double-length pieces;
the layout keeps them in rows of their own, 1/4in apart) form separate bands, each with its
own vertical marks in the gap beside it and a mark in the side margins where to part them.
``lines``: cut lines run to the page edges and never cross a piece anywhere along their run:
bands of a different pitch (squares, double-length pieces) each get their own vertical lines,
ending at the cut that parts two bands; a vertical line over the footer stops just above it.
Fold-over pages also get the fold line (drawn by the renderer, dashed, also stopping above the
footer).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from generator.sheet.layout import cut_through
from generator.sheet.options import SAFE_EDGE, SheetOptions
from generator.sheet.room import FOOTER_BAND, MARK_GAP

if TYPE_CHECKING:
    from generator.sheet.layout import Placement

Segment = tuple[float, float, float, float]
GUIDE_WIDTH = 0.3
GUIDE_GREY = (0.35, 0.35, 0.35)  # cut guides and footers
MARK_LENGTH = 18.0  # 1/4in
MIN_MARK = 4.0  # a shorter mark is no guide: the side gets none
FOOTER_GAP = 1.0  # lines down the page stop this far above the footer's text
EPS = 1e-6


def cut_coordinates(placements: Sequence[Placement]) -> tuple[list[float], list[float]]:
    """The distinct x of vertical cut lines and y of horizontal ones."""
    xs: set[float] = set()
    ys: set[float] = set()
    for p in placements:
        xs.update((round(p.x, 6), round(p.x + p.w, 6)))
        ys.update((round(p.y, 6), round(p.y + p.h, 6)))
    return sorted(xs), sorted(ys)


def _rows(placements: Sequence[Placement]) -> list[list[Placement]]:
    """Placements grouped by the bottom of their cut box, top row first."""
    rows: dict[float, list[Placement]] = {}
    for p in placements:
        rows.setdefault(round(p.y, 4), []).append(p)
    return [rows[y] for y in sorted(rows, reverse=True)]


def _clear(xs: set[float], pieces: Sequence[Placement]) -> bool:
    """No x runs through the inside of any of ``pieces``."""
    return not cut_through(xs, pieces)


def bands(placements: Sequence[Placement]) -> list[list[Placement]]:
    """Runs of rows, top first, that one set of vertical cuts serves: no cut line of a band's
    pieces runs through another of its pieces (squares, or double-length pieces, not both)."""
    out: list[list[Placement]] = []
    xs: set[float] = set()
    for row in _rows(placements):
        row_xs = {round(v, 6) for p in row for v in (p.x, p.x + p.w)}
        if out and _clear(xs | row_xs, out[-1] + row):
            out[-1] += row
            xs |= row_xs
        else:
            out.append(list(row))
            xs = row_xs
    return out


def crop_marks(placements: Sequence[Placement], options: SheetOptions) -> list[Segment]:
    """Crop marks whose cut lines never run through a piece.

    Horizontal cuts: a mark in the left and right margins at every row edge, and one in the
    middle of the gap between two bands (cut there first to part them). Vertical cuts: each band
    gets its own marks at its own cut lines, above it and below it -- in the top or bottom
    margin for the first and last band, else in its half of the gap to the next band.
    """
    if not placements:
        return []
    bleed = options.bleed
    x0, y0, x1, y1 = content_box(placements, bleed)
    top, bottom, left, right = mark_lengths((x0, y0, x1, y1), options)
    parts = bands(placements)
    ys = {y for y in cut_coordinates(placements)[1] if _clear_y(y, placements)}
    # (x, from, to) for every vertical mark, band by band
    verticals: list[tuple[list[float], float, float]] = []
    for index, band in enumerate(parts):
        band_xs = cut_coordinates(band)[0]
        if index == 0 and top > 0:
            verticals.append((band_xs, y1 + MARK_GAP, y1 + MARK_GAP + top))
        if index == len(parts) - 1 and bottom > 0:
            verticals.append((band_xs, y0 - MARK_GAP, y0 - MARK_GAP - bottom))
        if index + 1 < len(parts):
            upper, lower = _gap(band, parts[index + 1], bleed)
            length = min(MARK_LENGTH, (upper - lower) / 2 - MARK_GAP - 1)
            if length >= 2:
                below_xs = cut_coordinates(parts[index + 1])[0]
                verticals.append((band_xs, upper - MARK_GAP, upper - MARK_GAP - length))
                verticals.append((below_xs, lower + MARK_GAP, lower + MARK_GAP + length))
    ys.update(part_cuts(placements, bleed))
    segments: list[Segment] = [(x, a, x, b) for xs, a, b in verticals for x in xs]
    for y in sorted(ys):
        if left > 0:
            segments.append((x0 - MARK_GAP, y, x0 - MARK_GAP - left, y))
        if right > 0:
            segments.append((x1 + MARK_GAP, y, x1 + MARK_GAP + right, y))
    return printable(segments, options)


def printable(segments: Sequence[Segment], options: SheetOptions) -> list[Segment]:
    """The marks that lie wholly 1/4in (SAFE_EDGE) or more inside the paper, where every printer
    prints: a cut nearer the edge than that (the outer edge of a card whose bleed runs into the
    margin) gets no mark, only the fine line on the piece's own edge."""
    lo, right, top = SAFE_EDGE - 0.01, options.width - SAFE_EDGE + 0.01, options.height - SAFE_EDGE
    return [
        s
        for s in segments
        if lo <= min(s[0], s[2]) and max(s[0], s[2]) <= right
        and lo <= min(s[1], s[3]) and max(s[1], s[3]) <= top + 0.01
    ]  # fmt: skip


def content_box(placements: Sequence[Placement], bleed: float) -> tuple[float, float, float, float]:
    """What the pieces cover, bleed included: (x0, y0, x1, y1)."""
    return (
        min(p.x for p in placements) - bleed,
        min(p.y for p in placements) - bleed,
        max(p.x + p.w for p in placements) + bleed,
        max(p.y + p.h for p in placements) + bleed,
    )


def mark_lengths(
    content: tuple[float, float, float, float], options: SheetOptions
) -> tuple[float, float, float, float]:
    """How long the crop marks around ``content`` are: (top, bottom, left, right), each at most
    MARK_LENGTH, starting MARK_GAP off the content and ending at least SAFE_EDGE (1/4in) inside
    the paper's edge, where every printer prints; bottom marks also stop above the footer
    (FOOTER_BAND). A side with less room than MIN_MARK gets none (0)."""
    x0, y0, x1, y1 = content
    lengths = (
        options.height - SAFE_EDGE - y1 - MARK_GAP,
        y0 - MARK_GAP - max(SAFE_EDGE, FOOTER_BAND),
        x0 - MARK_GAP - SAFE_EDGE,
        options.width - SAFE_EDGE - x1 - MARK_GAP,
    )
    top, bottom, left, right = (min(MARK_LENGTH, n) if n >= MIN_MARK else 0.0 for n in lengths)
    return top, bottom, left, right


def _gap(
    above: Sequence[Placement], below: Sequence[Placement], bleed: float
) -> tuple[float, float]:
    """The free space between two bands: (its top, its bottom), bleed excluded."""
    return min(p.y for p in above) - bleed, max(p.y + p.h for p in below) + bleed


def part_cuts(placements: Sequence[Placement], bleed: float = 0.0) -> list[float]:
    """Where to cut across the sheet first, parting bands that need their own vertical cuts:
    the middle of each gap between two bands, top first."""
    parts = bands(placements)
    gaps = [_gap(a, b, bleed) for a, b in zip(parts, parts[1:], strict=False)]
    return [round((upper + lower) / 2, 6) for upper, lower in gaps]


def _clear_y(y: float, placements: Sequence[Placement]) -> bool:
    """No piece has ``y`` inside it (a horizontal cut across the page is safe)."""
    return not any(p.y + EPS < y < p.y + p.h - EPS for p in placements)


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
    bleed: float = 0.0,
) -> list[Segment]:
    """Lines to the page edges that never cross a piece anywhere along their run.

    Each band (`bands`: rows one set of vertical cuts serves) gets its own vertical lines,
    running from the cut that parts it from the band above (the page's top edge for the first
    band) to the cut that parts it from the band below (the bottom edge for the last, stopping
    above the footer): a line never points into a piece of another band. Horizontal lines run
    edge to edge at every row edge and at the cut between two bands; a row edge that some
    piece straddles is drawn only along the pieces it bounds.
    """
    parts = bands(placements)
    cuts = part_cuts(placements, bleed)
    segments: list[Segment] = []
    for index, band in enumerate(parts):
        top = options.height if index == 0 else cuts[index - 1]
        bottom = 0.0 if index == len(parts) - 1 else cuts[index]
        for x in cut_coordinates(band)[0]:
            blocked = [(p.y, p.y + p.h) for p in placements if p.x + EPS < x < p.x + p.w - EPS]
            if bottom == 0.0 and footer_box and footer_box[0] - EPS <= x <= footer_box[2] + EPS:
                blocked.append((0.0, footer_box[3] + FOOTER_GAP))  # stop above the footer
            runs = _open_intervals(bottom, top, blocked)
            if len(runs) == 1:  # one unbroken run, or none where a piece is in the way
                segments += [(x, lo, x, hi) for lo, hi in runs]
    for y in sorted(set(cut_coordinates(placements)[1]) | set(cuts)):
        if _clear_y(y, placements):
            lo, hi = 0.0, options.width
        else:  # only along the pieces whose edge it is
            edge = [p for p in placements if abs(p.y - y) < EPS or abs(p.y + p.h - y) < EPS]
            lo, hi = min(p.x for p in edge), max(p.x + p.w for p in edge)
            if any(p.y + EPS < y < p.y + p.h - EPS and p.x < hi and p.x + p.w > lo
                   for p in placements):  # fmt: skip
                continue
        blocked = []
        if footer_box and footer_box[1] < y < footer_box[3]:
            blocked.append((footer_box[0], footer_box[2]))
        segments += [(a, y, b, y) for a, b in _open_intervals(lo, hi, blocked)]
    return segments
