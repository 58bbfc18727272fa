"""VASSAL boards: each kit map (and each layout of maps) drawn by the printed maps' own
`draw_map` into a one-page PDF sized to the board, rasterised, with the hex grid VASSAL needs
to snap and name its hexes exactly as the drawing shows them.

The scale is set by the hexes: ``DY_PX`` pixels across the flats (an even number, so VASSAL's
half-hex offset of alternate columns, ``(int)(dy / 2)``, is exact). VASSAL's default hex grid
(``sideways="false"``) is ours: flat-topped hexes in columns, ``dy`` the distance between
centres down a column (our across-the-flats), ``dx`` between columns (1.5 x the corner radius =
dy x sqrt3 / 2), and its origin ``x0``, ``y0`` (whole pixels) the centre of a hex; the drawing
is shifted by a fraction of a pixel so that A1's centre falls exactly on a whole pixel, and the
grid's origin is put there. VASSAL's odd columns stand half a hex lower than its even ones; ours
stand higher (A1 is below B1), which is the same lattice, so only the numbering must say it:
``stagger="true"`` gives B1 the row of A1 though it stands half a hex higher (VASSAL's
HexGridNumbering.getRow). Columns are letters from A (``hType="A"``, ``hOff="0"``), rows numbers
from 1 (``vType="N"``, ``vOff="1"``, no leading zeros), column first, no separator: ``C4``.

A layout is one board (its maps drawn together, joined edges without their edge bands) with one
zone per map, shaped along the map's outer hex sides, each with its own grid and numbering
whose origin is that map's A1: a hex is named as printed on its map, ``mill:C4``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from companion.dark_blades import hexgrid as hg
from companion.dark_blades.layouts import LayoutMap
from companion.dark_blades.maps import HexMap
from companion.dark_blades.scenario_marks import Mark
from generator.dark_blades.map_tiles import BAND, KIT_MARK, Geometry, draw_map, hex_flats
from generator.sheet.canvas_kit import text
from generator.sheet.files import atomic_file, binary_streams
from generator.sheet.fonts import BOLD, REGULAR, fit_size, pdf_font
from generator.sheet.kit_canvas import KitCanvas
from generator.sheet.pages import PageWriter

DY_PX = 120  # pixels across a hex's flats (even: see the module's note)
MARGIN = 3.0  # a scenario board's margin on the right, in hexes across: each side's pieces
MARK_RGB = {"area": (0.80, 0.25, 0.10), "entry": (0.05, 0.30, 0.75), "exit": (0.05, 0.30, 0.75)}
MARK_DASH = {"area": [], "entry": [5, 3], "exit": [1.5, 2]}


@dataclass(frozen=True)
class Grid:
    """One hex grid of a board: its origin (A1's centre, whole pixels), the zone it names
    (a map key on a layout, "" for a single map) and the zone's outline (pixels)."""

    x0: int
    y0: int
    zone: str = ""
    outline: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True)
class SetUpZone:
    """A scenario's set-up area, entry or exit on a board: its name as on the scenario sheet,
    the map it lies on (a layout's map key, "" on a single map), its kind and its outline
    (pixels; one zone per separate part of the mark)."""

    name: str
    map: str
    kind: str
    outline: tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class Board:
    """A board image and its grids: ``name`` as VASSAL shows it, ``image`` the PNG's name."""

    key: str
    name: str
    image: str
    width: int
    height: int
    dx: float
    dy: float
    grids: tuple[Grid, ...]
    px_per_pt: float
    zones: tuple[SetUpZone, ...] = ()
    margin: tuple[tuple[str, int, int, int, int], ...] = ()  # (words, box): a side's place


def board_height(m: HexMap, piece: float) -> int:
    """The height (pixels) of ``m``'s board: what `draw_board` will make it."""
    s = scale(piece)
    return _Frame(Geometry(m, hex_flats(piece) / math.sqrt(3.0)), s).height


def scale(piece: float) -> float:
    """Pixels per point that make a hex `DY_PX` across the flats, for ``piece`` counters."""

    return DY_PX / hex_flats(piece)


class _Frame:
    """Where the board drawing lies on its page: shifted (points) so that A1's centre is on a
    whole pixel, the page's size a whole number of pixels."""

    def __init__(self, g: Any, s: float) -> None:
        ax, ay = g.centre((0, 1))
        self.s = s
        self.x0, self.y0 = math.ceil(ax * s - 1e-6), math.ceil(ay * s - 1e-6)
        self.tx, self.ty = self.x0 / s - ax, self.y0 / s - ay
        self.width = math.ceil((g.width + self.tx) * s - 1e-6)
        self.height = math.ceil((g.height + self.ty) * s - 1e-6)

    def px(self, x: float, y: float) -> tuple[float, float]:
        return (x + self.tx) * self.s, (y + self.ty) * self.s


def _pieces(m: HexMap) -> list[tuple[str, HexMap, int, int, set[str]]]:
    """(key, map, column shift, row shift, joined edges) of each map of the board."""
    if not isinstance(m, LayoutMap):
        return [("", m, 0, 0, set())]
    joined: dict[str, set[str]] = {}
    for join in m.layout.joins:
        for key, edge in (join.edge, join.meets):
            joined.setdefault(key, set()).add(edge)
    return [(p.key, p.map, p.col, p.row, joined.get(p.key, set())) for p in m.pieces]


def draw_board(
    path: Path,
    m: HexMap,
    piece: float,
    blank: bool = False,
    marks: tuple[Mark, ...] = (),
    sides: tuple[str, ...] = (),
    key: str = "",
    name: str = "",
    margin: float = MARGIN,
) -> Board:
    """Draw ``m`` (a map or a `LayoutMap`) into a one-page PDF at ``path``; returns the board
    (its image not yet made: `rasterise` the PDF at ``72 x px_per_pt`` dpi). A scenario's board
    (``key``, ``name``: the scenario's) also draws its ``marks`` (outlined as on the scenario
    sheet: an area solid, an entry dashed, an exit dotted, each named) and a margin on the
    right, ``margin`` hexes across, with a place for each of ``sides`` (their words), each a
    zone of kind ``side`` (no grid: pieces stand where they are put)."""

    board_key, board_name = key or m.key, name or m.name
    s = scale(piece)
    r = hex_flats(piece) / math.sqrt(3.0)
    whole = Geometry(m, r)
    frame = _Frame(whole, s)
    extra = margin * hex_flats(piece) if sides else 0.0
    w, h = frame.width / s + extra, frame.height / s
    with atomic_file(path) as handle, binary_streams():
        c = KitCanvas(handle, invariant=1, initialFontName=pdf_font(REGULAR), pagesize=(w, h))
        c.setTitle(f"Havoc Kit: {board_name} (VASSAL board)")
        c.setAuthor("Havoc Kit")
        c.setCreator("havoc-pnp export vassal")
        writer = PageWriter(c, m.name, draw=_no_footer)
        c.setFillColorRGB(1, 1, 1)
        c.rect(0, 0, w, h, stroke=0, fill=1)
        c.translate(frame.tx, h - frame.ty)
        c.scale(1, -1)
        for _key, part, col, row, joined in _pieces(m):
            g = Geometry(part, r)
            window = (
                BAND if "left" in joined else 0.0,
                BAND if "top" in joined else 0.0,
                g.width - BAND if "right" in joined else g.width,
                g.height - BAND if "bottom" in joined else g.height,
            )
            c.saveState()
            c.translate(1.5 * r * col, g.f * row)
            draw_map(c, replace(g, window=window), blank=blank)
            c.restoreState()
        for mark in marks:
            _draw_mark(c, whole, mark, _shifted(m, mark))
        _mark(c, m, whole.width)
        places = _margin(c, whole.width, whole.height, extra, sides)
        writer.end_page()
        writer.close()
        c.save()
    dy = DY_PX
    dx = dy * math.sqrt(3.0) / 2
    grids = []
    for key, part, col, row, _joined in _pieces(m):
        ax, ay = frame.px(*whole.centre((col, row + 1)))
        outline = _outline(whole, frame, part, col, row) if key else ()
        grids.append(Grid(round(ax), round(ay), key, outline))
    zones = tuple(
        SetUpZone(mark.name, mark.map if isinstance(m, LayoutMap) else "", mark.kind, path)
        for mark in marks
        for path in _paths(_loops(whole, frame, _shifted(m, mark)))
    )
    boxes = []
    for words, (x0, y0, x1, y1), top in places:
        (px0, py0), (px1, py1) = frame.px(x0, y0), frame.px(x1, y1)
        box = (round(px0), round(py0), round(px1), round(py1))
        corners = ((box[0], box[1]), (box[2], box[1]), (box[2], box[3]), (box[0], box[3]))
        zones += (SetUpZone(words, "", "side", corners),)
        boxes.append((words, box[0], round(frame.px(x0, top)[1]), box[2], box[3]))
    width = frame.width + math.ceil(extra * s - 1e-6) if sides else frame.width
    return Board(board_key, board_name, f"board-{board_key}.png", width, frame.height, dx, dy,
                 tuple(grids), s, zones, tuple(boxes))  # fmt: skip


def _shifted(m: HexMap, mark: Mark) -> frozenset[hg.Hex]:
    """A mark's hexes in the board's grid (a layout's maps are shifted in it)."""
    for key, _part, col, row, _joined in _pieces(m):
        if not key or key == mark.map:
            return frozenset((c + col, r + row) for c, r in mark.hexes)
    raise ValueError(f"mark {mark.name!r}: no map {mark.map!r} on this board")


def _draw_mark(c: Any, g: Any, mark: Mark, hexes: frozenset[hg.Hex]) -> None:
    """The mark as the scenario sheet draws it: its hexes' sides that border hexes outside it
    (an area solid, an entry dashed, an exit dotted), and its name in its middle hex."""

    c.saveState()
    c.setStrokeColorRGB(*MARK_RGB[mark.kind])
    c.setLineWidth(3.0)
    c.setDash(MARK_DASH[mark.kind])
    c.setLineCap(1)
    for h, side in _sides_out(hexes):
        (x1, y1), (x2, y2) = g.side(h, side)
        c.line(x1, y1, x2, y2)
    c.setDash([])
    pts = [g.centre(h) for h in hexes]
    mx, my = sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts)
    x, y = min(pts, key=lambda p: math.hypot(p[0] - mx, p[1] - my))
    c.translate(x, y + g.r * 0.62)
    c.scale(1, -1)
    words = mark.name + ("*" if mark.reading else "")
    size = fit_size(words, BOLD, 7.0, g.r * 2.8)
    w = c.stringWidth(words, pdf_font(BOLD), size)
    c.setFillColorRGB(1, 1, 1)
    c.rect(-w / 2 - 2, -2.5, w + 4, size + 3, stroke=0, fill=1)
    text(c, -w / 2, 0, words, size, bold=True)
    c.restoreState()


def _sides_out(hexes: frozenset[hg.Hex]):
    for h in sorted(hexes):
        for side in hg.SIDES:
            if hg.neighbour(h, side) not in hexes:
                yield h, side


def _loops(
    whole: Any, frame: _Frame, hexes: frozenset[hg.Hex]
) -> list[tuple[tuple[int, int], ...]]:
    """The outline of ``hexes`` as closed loops of corners (pixels): one per separate part."""
    points: list[tuple[int, int]] = []

    def pt(x: float, y: float) -> tuple[int, int]:
        px, py = frame.px(x, y)
        for p in points:  # a corner two hexes share, computed twice, is one point
            if abs(p[0] - px) <= 1.5 and abs(p[1] - py) <= 1.5:
                return p
        points.append((round(px), round(py)))
        return points[-1]

    edges: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for h, side in _sides_out(hexes):
        a, b = (pt(*p) for p in whole.side(h, side))
        edges.setdefault(a, []).append(b)
        edges.setdefault(b, []).append(a)
    loops = []
    while edges:
        start = next(iter(edges))
        loop, here, prev = [start], start, None
        while True:
            ahead = [p for p in edges.get(here, []) if p != prev] or edges.get(here, [])
            if not ahead:
                break
            nxt = ahead[0]
            edges[here].remove(nxt)
            edges[nxt].remove(here)
            for p in (here, nxt):
                if not edges[p]:
                    del edges[p]
            if nxt == start:
                break
            loop.append(nxt)
            prev, here = here, nxt
        if len(loop) >= 3:
            loops.append(tuple(loop))
    return loops


def _inside(point: tuple[int, int], loop: tuple[tuple[int, int], ...]) -> bool:
    """Even-odd rule, as java.awt.Polygon.contains."""
    x, y = point
    hit = False
    for (x1, y1), (x2, y2) in zip(loop, loop[1:] + loop[:1], strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            hit = not hit
    return hit


def _paths(loops: list[tuple[tuple[int, int], ...]]) -> list[tuple[tuple[int, int], ...]]:
    """One zone path per separate part: a loop inside another (a hole, as the arena's ring of
    spectators leaves its middle) joined to it, out and back along one seam, which VASSAL's
    even-odd polygon leaves outside the zone."""
    holes = {i for i, a in enumerate(loops) for j, b in enumerate(loops)
             if i != j and all(_inside(p, b) for p in a if p not in b)}  # fmt: skip
    out = []
    for i, loop in enumerate(loops):
        if i in holes:
            continue
        path = list(loop)
        for j in sorted(holes):
            if all(_inside(p, loop) for p in loops[j] if p not in loop):
                path += [loop[0], *loops[j], loops[j][0]]
        out.append(tuple(path))
    return out


def _margin(c: Any, x0: float, height: float, width: float, sides: tuple[str, ...]):
    """Each side's place in the margin right of the maps: its words, its box and the top of
    the room below its words, where its pieces go (points on the board drawing, y down)."""

    if not sides:
        return []
    step = height / len(sides)
    out = []
    c.setStrokeColorRGB(0.4, 0.4, 0.4)
    c.setLineWidth(1)
    for i, words in enumerate(sides):
        top = i * step
        c.rect(x0 + 6, top + 6, width - 12, step - 12, stroke=1, fill=0)
        c.saveState()
        c.translate(x0 + 12, top + 22)
        c.scale(1, -1)
        text(c, 0, 0, words, 9, bold=True, max_width=width - 24)
        c.restoreState()
        box = (x0 + 6, top + 6, x0 + width - 6, top + step - 6)
        out.append((words, box, top + 30))
    return out


def _mark(c: Any, m: HexMap, width: float) -> None:
    """The kit's own design (and a layout's reading of its joins) said on the board, in the
    top band left of the edge number, as the printed maps say it."""

    words = [KIT_MARK] if m.is_kit else []
    reading = getattr(m, "reading", None)
    if reading is not None:
        words.append(reading.short)
    if not words:
        return
    c.saveState()
    c.translate(6, BAND - 6)
    c.scale(1, -1)
    text(c, 0, 0, "; ".join(words), 7, bold=True, max_width=width / 2 - 40)
    c.restoreState()


def _no_footer(canvas: Any, text: str) -> None:
    """A board carries nothing but the map."""


def _outline(
    whole: Any, frame: _Frame, part: HexMap, col: int, row: int
) -> tuple[tuple[int, int], ...]:
    """The map's outer hex sides on the board (pixels), clockwise from its top-left corner: a
    zone that holds every hex of the map and no hex of its neighbours."""

    def corner(c: int, r: int, i: int) -> tuple[int, int]:
        x, y = frame.px(*whole.corners((c + col, r + row))[i])
        return round(x), round(y)

    w, h = part.width, part.height
    pts = [corner(c, 1, i) for c in range(w) for i in (4, 5)]
    pts += [corner(w - 1, r, i) for r in range(1, h + 1) for i in (0, 1)]
    pts += [corner(c, h, i) for c in range(w - 1, -1, -1) for i in (1, 2)]
    pts += [corner(0, r, i) for r in range(h, 0, -1) for i in (3, 4)]
    out: list[tuple[int, int]] = []
    for p in pts:
        if not out or out[-1] != p:
            out.append(p)
    if out[0] == out[-1]:
        out.pop()
    return tuple(out)
