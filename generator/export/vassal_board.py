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

from companion.dark_blades.layouts import LayoutMap
from companion.dark_blades.maps import HexMap

DY_PX = 120  # pixels across a hex's flats (even: see the module's note)


@dataclass(frozen=True)
class Grid:
    """One hex grid of a board: its origin (A1's centre, whole pixels), the zone it names
    (a map key on a layout, "" for a single map) and the zone's outline (pixels)."""

    x0: int
    y0: int
    zone: str = ""
    outline: tuple[tuple[int, int], ...] = ()


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


def scale(piece: float) -> float:
    """Pixels per point that make a hex `DY_PX` across the flats, for ``piece`` counters."""
    from generator.dark_blades.map_tiles import hex_flats

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


def draw_board(path: Path, m: HexMap, piece: float, blank: bool = False) -> Board:
    """Draw ``m`` (a map or a `LayoutMap`) into a one-page PDF at ``path``; returns the board
    (its image not yet made: `rasterise` the PDF at ``72 x px_per_pt`` dpi)."""
    from reportlab.pdfgen.canvas import Canvas

    from generator.dark_blades.map_tiles import BAND, Geometry, draw_map, hex_flats
    from generator.sheet.files import atomic_file, binary_streams
    from generator.sheet.fonts import REGULAR, pdf_font
    from generator.sheet.pages import PageWriter

    s = scale(piece)
    r = hex_flats(piece) / math.sqrt(3.0)
    whole = Geometry(m, r)
    frame = _Frame(whole, s)
    w, h = frame.width / s, frame.height / s
    with atomic_file(path) as handle, binary_streams():
        c = Canvas(handle, invariant=1, initialFontName=pdf_font(REGULAR), pagesize=(w, h))
        c.setTitle(f"Havoc Kit: {m.name} (VASSAL board)")
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
        _mark(c, m, whole.width)
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
    image = f"board-{m.key}.png"
    return Board(m.key, m.name, image, frame.width, frame.height, dx, dy, tuple(grids), s)


def _mark(c: Any, m: HexMap, width: float) -> None:
    """The kit's own design (and a layout's reading of its joins) said on the board, in the
    top band left of the edge number, as the printed maps say it."""
    from generator.dark_blades.map_tiles import BAND, KIT_MARK
    from generator.sheet.canvas_kit import text

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
