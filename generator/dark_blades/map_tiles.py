"""Dark Blades maps at the counters' scale, tiled over the paper, and blank hex sheets.

A hex is `hex_flats` across the flats, by ``--hex``: ``roomy`` (the default), wide enough that a
counter of ``--piece-size`` sits in one hex and a mounted (double-length) counter lies inside
two neighbouring hexes (its width passes the narrow waist where two hexes meet, one side long);
``tight``, a counter plus 3 mm, as on many printed wargame maps: a counter's corners and a
mounted counter overhang the hex corners beside them, and a piece is in the hex under its
centre (the kit's reading, said on the maps). Line of sight and ranges are counted in hexes
(companion/dark_blades/hexgrid.py), so neither changes with the hex size. `tile_plan` cuts the
map into page windows that overlap by a strip; each window after the first in a row or column
carries a tinted strip the neighbour is laid over; `page_plan` puts windows short enough (a
map's last row) two or more to a page. Terrain is drawn in light fills with a pattern or a
symbol each (greyscale and colour-blind safe); the key is on the overview page.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Any

from companion import schema
from companion.dark_blades import hexgrid as hg
from companion.dark_blades.map_marks import lip_ticks, name_edge
from companion.dark_blades.map_water import WATER
from companion.dark_blades.maps import APERTURES, HexMap
from companion.errors import DataError
from generator.dark_blades import HEX_FITS
from generator.dark_blades.water_tiles import BLUE, LAKE_FILL, draw_water, ripples
from generator.dark_blades.water_tiles import KEY as WATER_KEY
from generator.sheet.canvas_kit import paragraph, text
from generator.sheet.fonts import BOLD, REGULAR, missing_letters, pdf_font, text_width
from generator.sheet.options import SheetOptions
from generator.sheet.scales import check_bar
from generator.sheet.units import format_length

OVERLAP = 0.5 * 72  # the strip a neighbouring tile is laid over
BAND = 18.0  # around the map: edge numbers
HEADER = 40.0  # tile label and instructions above the window
FOOTER = 30.0  # the footer line and the 100 mm bar below it
CLEARANCE = 72 / 25.4  # 1 mm: a mounted (double) counter clears every hex corner by this much
TIGHT_PLAY = 3 * 72 / 25.4  # --hex tight: a hex is a counter plus 3 mm across the flats
STACK_GAP = 18.0  # between two windows on one page: room for their trim lines and marks
TIGHT_READING = (
    "Tight hexes (--hex tight, the Havoc Kit's reading, not the rulebook's): a counter plus "
    "3 mm across the flats, as on many printed wargame maps; a counter's corners and a mounted "
    "(double) counter overhang the hex corners beside them, and a piece is in the hex under "
    "its centre. Line of sight and ranges count hexes: the same at any hex size."
)
KIT_MARK = "THE HAVOC KIT'S OWN MAP DESIGN - not the rulebook's map"
# One fill a terrain class, chosen for greyscale too (a black-and-white print): every two fills,
# the paper of open ground included, lie 8 CIE L* or more apart (open 100, slope 91.6, building
# 83.4, tree 75.2, bridge 66.6, river 58.2, lake 49), and 7 or more in a printer driver's
# Rec. 601 grey (`print_grey`); the lake, deepest, and the building, light with heavy walls,
# are 34 L* apart. Windows and doors are building hexes (the building's fill, a gap in the
# wall, a word); stepping stones lie in the river (its fill, pale stones, a word); a stream
# and other water (`map_water.WATER`) are the river (its fill and waves, their own word).
# Tests: test_maps_greyscale.
TERRAIN_FILLS: dict[str, tuple[float, float, float] | None] = {
    "open": None,  # the paper
    "slope": (0.977, 0.897, 0.757),
    "building": (0.815, 0.815, 0.815),
    "tree": (0.69, 0.75, 0.57),
    "bridge": (0.751, 0.611, 0.461),
    "river": (0.452, 0.552, 0.732),
    "lake": LAKE_FILL,
}
# Every other water terrain a map may use (`map_water.WATER`: stream, water) is drawn as the
# river, with its own word: the swim rules roll it as the river (cards/dark-blades/water.toml).
FILL_OF = {"house": "building", "window": "building", "door": "building",
           "stepping-stones": "river",
           **{kind: "river" for kind in WATER if kind not in TERRAIN_FILLS}}  # fmt: skip
FILLS = {
    kind: TERRAIN_FILLS[FILL_OF.get(kind, kind)]
    for kind in ("open", "tree", "slope", "house", "window", "door", *WATER)
}  # fmt: skip
DARK_FILL = 70.0  # on a fill darker than this (CIE L*), coordinates print black, not grey
GREEN, BROWN, DARK = (0.1, 0.42, 0.1), (0.45, 0.28, 0.08), (0.1, 0.1, 0.1)


def _linear(value: float) -> float:
    """An sRGB component (0-1) decoded to linear light."""
    return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4


def _lstar(y: float) -> float:
    """CIE L* of a relative luminance Y (0-1, D65 white)."""
    f = y ** (1 / 3) if y > 0.008856 else 7.787 * y + 16 / 116
    return 116 * f - 16


def lightness(rgb: tuple[float, float, float] | None) -> float:
    """CIE L* of a fill (sRGB, D65: relative luminance Y from the decoded components; None,
    no fill: the paper's 100): the grey a black-and-white print should make of it."""
    if rgb is None:
        return 100.0
    r, g, b = (_linear(v) for v in rgb)
    return _lstar(0.2126 * r + 0.7152 * g + 0.0722 * b)


def print_grey(rgb: tuple[float, float, float] | None) -> float:
    """L* of the grey many printer drivers make instead: Rec. 601 luma of the encoded
    components, printed as that grey."""
    if rgb is None:
        return 100.0
    luma = 0.299 * rgb[0] + 0.587 * rgb[1] + 0.114 * rgb[2]
    return _lstar(_linear(luma))


def corner_clearance(piece: float, fit: str = "roomy") -> float:
    """How far (points) a mounted counter laid across two hexes clears the corners beside it
    (less than 0: it overhangs them by that much)."""
    return (hex_flats(piece, fit) / math.sqrt(3.0) - piece) / 2


def hex_flats(piece: float, fit: str = "roomy") -> float:
    """Across the flats. ``roomy``: a double counter (2s x s) laid across two hexes meets the
    two corners of the side they share at s/2 either side of its middle line, and those corners
    are half a hex side (flats/sqrt3/2) out: a side of s + 2 x CLEARANCE keeps every corner
    CLEARANCE clear of the counter, whatever the piece size. ``tight``: the counter plus
    TIGHT_PLAY (its corners overhang)."""
    if fit == "tight":
        return piece + TIGHT_PLAY
    if fit != "roomy":
        raise ValueError(f"hex fit {fit!r} is not one of {HEX_FITS}")
    return (piece + 2 * CLEARANCE) * math.sqrt(3.0)


@dataclass(frozen=True)
class Geometry:
    """A map's drawing size: hex circumradius ``r`` and flats ``f`` in points; ``window``, the
    part of the board a tile shows (x0, y0, x1, y1, y down), or None for the whole board."""

    m: HexMap
    r: float
    window: tuple[float, float, float, float] | None = None

    def meets(self, x0: float, y0: float, x1: float, y1: float) -> bool:
        """Some of this box is in the window: worth drawing."""
        if self.window is None:
            return True
        wx0, wy0, wx1, wy1 = self.window
        return x1 > wx0 and x0 < wx1 and y1 > wy0 and y0 < wy1

    def holds(self, x0: float, y0: float, x1: float, y1: float) -> bool:
        """All of this box is in the window: a word cut by the tile's edge is not printed (the
        neighbouring tile prints it whole)."""
        if self.window is None:
            return True
        wx0, wy0, wx1, wy1 = self.window
        return x0 >= wx0 and x1 <= wx1 and y0 >= wy0 and y1 <= wy1

    @property
    def f(self) -> float:
        return self.r * math.sqrt(3.0)

    @property
    def width(self) -> float:
        return 1.5 * self.r * (self.m.width - 1) + 2 * self.r + 2 * BAND

    @property
    def height(self) -> float:
        return self.f * self.m.height + self.f / 2 + 2 * BAND

    def centre(self, h: hg.Hex) -> tuple[float, float]:
        """Board coordinates, x right and y down from the board's top-left corner."""
        x, y = hg.centre(h, self.r)
        return BAND + self.r + x, BAND + self.f / 2 + y

    def corners(self, h: hg.Hex) -> list[tuple[float, float]]:
        cx, cy = self.centre(h)
        return [
            (cx + self.r * math.cos(math.radians(a)), cy + self.r * math.sin(math.radians(a)))
            for a in (0, 60, 120, 180, 240, 300)
        ]

    def side(self, h: hg.Hex, side: str) -> tuple[tuple[float, float], tuple[float, float]]:
        pts = self.corners(h)
        i, j = hg.SIDE_CORNERS[side]
        return pts[i], pts[j]


@dataclass(frozen=True)
class Tile:
    col: int
    row: int
    bx: float  # board window, top-left, y down
    by: float
    w: float
    h: float

    @property
    def label(self) -> str:
        return f"{self.row + 1}-{self.col + 1}"


def _spans(length: float, room: float, overlap: float) -> list[tuple[float, float]]:
    if length <= room + 1e-9:
        return [(0.0, length)]
    step = room - overlap
    count = math.ceil((length - overlap) / step - 1e-9)
    return [(i * step, min(room, length - i * step)) for i in range(count)]


def room(options: SheetOptions) -> tuple[float, float]:
    x0, y0, x1, y1 = options.usable_with(0)
    return x1 - x0, y1 - y0 - HEADER - FOOTER


def tile_plan(g: Geometry, options: SheetOptions) -> list[Tile]:
    """The page windows, row by row from the top of the map."""
    w, h = room(options)
    across, down = _spans(g.width, w, OVERLAP), _spans(g.height, h, OVERLAP)
    return [
        Tile(c, r, bx, by, tw, th)
        for r, (by, th) in enumerate(down)
        for c, (bx, tw) in enumerate(across)
    ]


def page_plan(tiles: list[Tile], options: SheetOptions) -> list[list[Tile]]:
    """The tiles, page by page, in order: a tile shares the page above it when its header and
    window fit below the last one's (STACK_GAP between): the short windows of a map's last
    row go two or more to a page."""
    _, h = room(options)
    pages: list[list[Tile]] = []
    used = h + 1.0  # the first tile starts a page
    for t in tiles:
        need = STACK_GAP + HEADER + t.h
        if pages and used + need <= h + 1e-6:
            pages[-1].append(t)
            used += need
        else:
            pages.append([t])
            used = t.h
    return pages


def map_pages(m: HexMap, options: SheetOptions, fit: str = "roomy") -> int:
    """Pages (sheets: the maps print single-sided) one map takes: its overview and its tiles."""
    g = Geometry(m, hex_flats(options.piece, fit) / math.sqrt(3.0))
    return 1 + len(page_plan(tile_plan(g, options), options))


# --------------------------------------------------------------------------- drawing the map


def _poly(c: Any, pts: list[tuple[float, float]], fill: Any, stroke: bool) -> None:
    p = c.beginPath()
    p.moveTo(*pts[0])
    for pt in pts[1:]:
        p.lineTo(*pt)
    p.close()
    if fill is not None:
        c.setFillColorRGB(*fill)
    c.drawPath(p, stroke=1 if stroke else 0, fill=1 if fill is not None else 0)


def _label(
    c: Any, g: Geometry, x: float, y: float, words: str, size: float, ink: bool = False
) -> None:
    """Text centred at board (x, y) on the y-down board canvas (set upright), if it lies
    whole in the window: grey, or black (``ink``) on a dark fill."""
    half = text_width(words, REGULAR, size) / 2
    if not g.holds(x - half, y - size, x + half, y + size * 0.3):
        return
    c.saveState()
    c.translate(x, y)
    c.scale(1, -1)
    text(c, 0, 0, words, size, anchor="middle", grey=not ink)
    c.restoreState()


def _dark(kind: str) -> bool:
    """A terrain whose fill is too dark for grey words (`DARK_FILL`)."""
    return lightness(FILLS.get(kind)) < DARK_FILL


def _wave(c: Any, x: float, y: float, w: float) -> None:
    p = c.beginPath()
    p.moveTo(x, y)
    for i in range(4):
        x0 = x + i * w / 4
        p.curveTo(x0 + w / 12, y - 2.5, x0 + w / 6, y - 2.5, x0 + w / 8 * 2, y)
    c.drawPath(p, stroke=1, fill=0)


def _symbol(c: Any, g: Geometry, h: hg.Hex, kind: str, words: bool = True) -> None:
    """The pattern or symbol that names a terrain without its colour."""
    x, y = g.centre(h)
    r = g.r
    c.setLineWidth(0.8)
    if kind == "tree":
        c.setStrokeColorRGB(*GREEN)
        for dx, dy in ((-0.3, 0.15), (0.3, 0.15), (0.0, -0.2)):
            c.circle(x + dx * r, y + dy * r, 0.17 * r, stroke=1, fill=0)
            c.line(x + dx * r, y + dy * r + 0.17 * r, x + dx * r, y + dy * r + 0.32 * r)
    elif kind == "slope":
        c.setStrokeColorRGB(*BROWN)
        for dx in (-0.35, 0.0, 0.35):
            c.line(x + dx * r, y - 0.12 * r, x + dx * r, y + 0.22 * r)
    elif kind == "stepping-stones":
        c.setStrokeColorRGB(*DARK)
        c.setFillColorRGB(0.88, 0.88, 0.88)  # pale stones on the river's blue
        for dx, dy in ((-0.35, 0.2), (0.0, -0.05), (0.35, 0.2)):
            c.circle(x + dx * r, y + dy * r, 0.12 * r, stroke=1, fill=1)
    elif FILL_OF.get(kind, kind) == "river":  # the river, a stream, water
        c.setStrokeColorRGB(*BLUE)
        for dy in (-0.3, 0.3):
            _wave(c, x - 0.45 * r, y + dy * r, 0.9 * r)
    elif kind == "lake":
        ripples(c, x, y, r)
    elif kind == "bridge":
        c.setStrokeColorRGB(*BROWN)
        for dx in (-0.4, -0.2, 0.0, 0.2, 0.4):
            c.line(x + dx * r, y - 0.3 * r, x + dx * r, y + 0.35 * r)
    elif kind == "house":
        c.setStrokeColorRGB(0.55, 0.55, 0.55)
        for d in (-0.3, 0.0, 0.3):
            c.line(x + (d - 0.25) * r, y + 0.3 * r, x + (d + 0.25) * r, y - 0.2 * r)
    water = draw_water(c, g.m, h, x, y, r)  # the flow's arrow, the wheel
    if words and (kind in ("window", "door", "stepping-stones", "bridge") or kind not in FILLS):
        label = {"stepping-stones": "stones"}.get(kind, kind)
        _label(c, g, x, y + 0.62 * r, label, max(5.0, r / 7), _dark(kind))
    elif words and water:
        _label(c, g, x, y + 0.62 * r, water, max(5.0, r / 7), _dark(kind))


def _box(g: Geometry, h: hg.Hex) -> tuple[float, float, float, float]:
    x, y = g.centre(h)
    return x - g.r, y - g.f / 2, x + g.r, y + g.f / 2


def draw_map(c: Any, g: Geometry, blank: bool = False, small: bool = False) -> None:
    """The whole map on a y-down board canvas: fills, patterns, hex outlines, walls and lips,
    coordinates, place names and edge numbers (``blank``: outlines and coordinates only;
    ``small``: no coordinates or place names, for a thumbnail)."""
    m = g.m
    c.setLineWidth(0.5)
    c.setStrokeColorRGB(0.55, 0.55, 0.55)
    shown = [h for h in m.hexes() if g.meets(*_box(g, h))]
    for h in shown:
        kind = "open" if blank else m.terrain[h]
        _poly(c, g.corners(h), FILLS.get(kind), stroke=True)
    if not blank:
        for h in shown:
            _symbol(c, g, h, m.terrain[h], not small)
        c.setLineCap(1)
        c.setStrokeColorRGB(*DARK)
        c.setLineWidth(3.0)
        for pair in m.building_walls | m.walls:
            a, b = sorted(pair)
            side = hg.side_between(a, b)
            if side is not None:
                (x1, y1), (x2, y2) = g.side(a, side)
                c.line(x1, y1, x2, y2)
        for h, kind in m.terrain.items():  # apertures: a gap with a frame
            if kind in APERTURES:
                for side in hg.SIDES:
                    if m.buildings.get(hg.neighbour(h, side)) != m.buildings[h]:
                        (x1, y1), (x2, y2) = g.side(h, side)
                        c.setLineWidth(1.0)
                        c.setDash([2, 2] if kind == "window" else [])
                        c.line(x1, y1, x2, y2)
                        c.setDash([])
        c.setStrokeColorRGB(*BROWN)
        for h, side in sorted(m.lips):  # the top lip: a heavy line with ticks down the slope
            (x1, y1), (x2, y2) = g.side(h, side)
            c.setLineWidth(2.2)
            c.line(x1, y1, x2, y2)
            c.setLineWidth(0.9)
            for (px, py), (qx, qy) in lip_ticks((x1, y1), (x2, y2), g.centre(h)):
                c.line(px, py, qx, qy)
    if small:  # a thumbnail: no words (they would print too small to read)
        return
    size = max(6.0, g.r / 8)  # coordinates: 6 pt or more
    for h in shown:
        x, y = g.centre(h)
        ink = not blank and _dark(m.terrain[h])
        edge = name_edge(m.lips, h)  # clear of a top lip's ticks
        if edge == "top":
            _label(c, g, x, y - g.f / 2 + size + 2, hg.name(h), size, ink)
        elif edge == "bottom":
            _label(c, g, x, y + g.f / 2 - 0.3 * size - 2, hg.name(h), size, ink)
        else:
            _label(c, g, x, y + 0.35 * size, hg.name(h), size, ink)
    if not blank:
        for place in m.places:
            x, y = g.centre(place.label)
            size = max(6.5, g.r / 6)
            half = text_width(place.name, BOLD, size) / 2
            y += g.f * 0.1
            if not g.holds(x - half, y - size, x + half, y + size * 0.3):
                continue
            c.saveState()
            c.translate(x, y)
            c.scale(1, -1)
            c.setFont(pdf_font(BOLD), size)  # a white halo first: it reads over a symbol
            c.setStrokeColorRGB(1, 1, 1)
            c.setLineWidth(2.2)
            c.setLineJoin(1)
            c.drawCentredString(0, 0, place.name, mode=1)
            text(c, 0, 0, place.name, size, bold=True, anchor="middle")
            c.restoreState()
        _edges(c, g)


def _edges(c: Any, g: Geometry) -> None:
    m = g.m
    size = 9.0
    for edge, number in m.edges.items():
        words = f"edge {number}"
        if edge == "top":
            _label(c, g, g.width / 2, BAND - 5, words, size)
        elif edge == "bottom":
            _label(c, g, g.width / 2, g.height - 5, words, size)
        else:
            x = BAND - 4 if edge == "left" else g.width - BAND + 4
            half = text_width(words, REGULAR, size) / 2
            if not g.holds(x - size, g.height / 2 - half, x + size, g.height / 2 + half):
                continue
            c.saveState()
            c.translate(x, g.height / 2)
            c.rotate(-90 if edge == "left" else 90)
            c.scale(1, -1)
            text(c, 0, 0, words, size, anchor="middle", grey=True)
            c.restoreState()


# --------------------------------------------------------------------------- pages


def tile_pages(
    c: Any,
    g: Geometry,
    options: SheetOptions,
    writer: Any,
    blank: bool = False,
    fit: str = "roomy",
) -> None:
    """Draw the overview page and each page of tiles, each ended by ``writer`` (the one page
    writer, generator/sheet/pages.py: its footer carries the kit's mark on a kit map)."""
    tiles = tile_plan(g, options)
    pages = page_plan(tiles, options)
    x0, y0, x1, y1 = options.usable_with(0)
    name = "Blank hex sheet" if blank else g.m.name
    mark = "" if blank or not g.m.is_kit else KIT_MARK
    # the overview
    joins = f"how the {len(tiles)} tiles join" if len(tiles) > 1 else "the whole map on one tile"
    text(c, x0, y1 - 14, f"{name}: {joins}", 13, bold=True)
    if mark:
        text(c, x0, y1 - 28, KIT_MARK, 9, bold=True, max_width=x1 - x0)
    scale = min((x1 - x0) / g.width, (y1 - y0 - 250) / g.height)
    ox, oy = x0, y1 - 40
    c.saveState()
    c.translate(ox, oy)
    c.scale(scale, -scale)
    draw_map(c, g, blank, small=True)  # no words: at this scale they would print too small
    c.setStrokeColorRGB(0.8, 0.1, 0.1)
    c.setLineWidth(1.2 / scale)
    c.setDash([4 / scale, 3 / scale])
    for t in tiles:
        c.rect(t.bx, t.by, t.w, t.h, stroke=1, fill=0)
    c.setDash([])
    c.restoreState()
    for t in tiles:
        words = f"tile {t.label}"  # inside its tile, and never past the page's right margin
        x = min(ox + (t.bx + 6) * scale, x1 - text_width(words, BOLD, 10))
        text(c, x, oy - (t.by + 14) * scale, words, 10, True)
    base = oy - g.height * scale - 16
    shared = len(pages) < len(tiles)
    notes = [
        hexes_note(g, options.piece, fit),
        f"{g.m.width} x {g.m.height} hexes in {len(tiles)} tiles "
        f"({max(t.col for t in tiles) + 1} across, {max(t.row for t in tiles) + 1} down)"
        + (f" on {len(pages)} pages (the short tiles share one: cut them apart)" if shared else "")
        + ". Print at 100% (no fit to page).",
        "Assembly: trim each tile along its solid 'cut' edges (right and bottom); lay it over "
        "the tinted strip of the tile to its right or below, edge on the dashed line, hex "
        "lines and coordinates meeting. Tape on the back.",
    ]
    if not blank:
        notes.append(
            "Key: tree = green, three tree rings; slope = cream, strokes, its top lip a heavy "
            "brown line with ticks down the slope; building = light grey, hatched, heavy walls, "
            "window = dashed gap 'window', door = gap 'door'; "
            "bridge = brown, planks, 'bridge'; stepping stones = pale stones in the river, "
            "'stones'; " + WATER_KEY + ". In black and white the fills go from paper (open) "
            "through slope, building, tree, bridge and river to the lake, darkest."
        )
        if g.m.note:
            notes.append(g.m.note)
    for note in notes:
        base = paragraph(c, x0, base, note, 8, x1 - x0, 10) - 3
    check_bar(c, x0, y0 + 22, x1)
    writer.end_page(what=f"{name}: {joins if len(tiles) > 1 else 'the whole map'}", note=mark)
    for page in pages:
        head = options.usable_with(0)[3]
        for t in page:
            _tile(c, g, t, tiles, options, blank, head)
            head -= HEADER + t.h + STACK_GAP
        labels = ", ".join(t.label for t in page)
        writer.end_page(what=f"{name}, tile{'s' if len(page) > 1 else ''} {labels}", note=mark)


def hexes_note(g: Geometry, piece: float, fit: str) -> str:
    """The overview's line on the hex size: what sits where, and at ``tight`` the kit's
    reading, labelled."""
    size = f"Hexes {format_length(g.f)} across the flats"
    if fit == "tight":
        return f"{size} for {format_length(piece)} counters. {TIGHT_READING}"
    return (
        f"{size} (--hex roomy): a {format_length(piece)} counter sits in one hex, a mounted "
        "(double) counter across two neighbouring hexes, clear of every corner."
    )


def _tile(
    c: Any,
    g: Geometry,
    t: Tile,
    tiles: list[Tile],
    options: SheetOptions,
    blank: bool,
    head: float,
) -> None:
    """One tile with its header, the header's top at ``head`` (the page's usable top, or
    below another tile sharing the page)."""
    x0, _, x1, _ = options.usable_with(0)
    y1 = head
    top = y1 - HEADER
    px, py = x0, top - t.h  # page lower-left of the window
    left = any(o.row == t.row and o.col == t.col - 1 for o in tiles)
    above = any(o.col == t.col and o.row == t.row - 1 for o in tiles)
    right = any(o.row == t.row and o.col == t.col + 1 for o in tiles)
    below = any(o.col == t.col and o.row == t.row + 1 for o in tiles)
    c.saveState()
    clip = c.beginPath()
    clip.rect(px, py, t.w, t.h)
    c.clipPath(clip, stroke=0, fill=0)
    c.translate(px - t.bx, top + t.by)
    c.scale(1, -1)
    draw_map(c, replace(g, window=(t.bx, t.by, t.bx + t.w, t.by + t.h)), blank)
    c.restoreState()
    c.saveState()
    c.setFillColorRGB(0.5, 0.5, 0.5)
    c.setFillAlpha(0.16)
    if left:
        c.rect(px, py, OVERLAP, t.h, stroke=0, fill=1)
    if above:
        c.rect(px, top - OVERLAP, t.w, OVERLAP, stroke=0, fill=1)
    c.setFillAlpha(1)
    c.setStrokeColorRGB(0, 0, 0)
    c.setLineWidth(0.8)
    c.setDash([3, 2])
    if left:
        c.line(px + OVERLAP, py - 6, px + OVERLAP, top + 6)
    if above:
        c.line(px - 6, top - OVERLAP, px + t.w + 6, top - OVERLAP)
    c.setDash([])
    c.setLineWidth(0.6)
    if right:
        c.line(px + t.w, py - 8, px + t.w, top + 8)
    if below:
        c.line(px - 8, py, px + t.w + 8, py)
    # alignment marks: a cross at each corner of the window, and of the strip
    for x, y in ((px, py), (px + t.w, py), (px, top), (px + t.w, top)):
        c.line(x - 5, y, x + 5, y)
        c.line(x, y - 5, x, y + 5)
    c.restoreState()
    name = "Blank hex sheet" if blank else g.m.name
    text(c, x0, y1 - 12, f"{name}: tile {t.label} of {len(tiles)}", 11, bold=True)
    notes = []
    if left:
        notes.append("lay the tile to the left over the tinted strip, edge on the dashed line")
    if above:
        notes.append("lay the tile above over the top strip, edge on the dashed line")
    if right or below:
        notes.append("trim this tile along its solid edge" + ("s" if right and below else ""))
    text(c, x0, y1 - 26, "; ".join(notes) or "one page: the whole map", 7.5, max_width=x1 - x0)
    if g.m.is_kit and not blank:
        text(c, x1, y1 - 12, KIT_MARK, 7, bold=True, anchor="end", max_width=(x1 - x0) / 2)


# --------------------------------------------------------------------------- the file


def blank_map(width: int, height: int) -> HexMap:
    """An all-open map with no name: the blank hex sheet's grid."""
    from pathlib import Path

    terrain = {(c, r): "open" for c in range(width) for r in range(1, height + 1)}
    return HexMap(
        "blank",
        Path("blank"),
        "Blank hex sheet",
        "transcribed",
        "",
        width,
        height,
        {},
        terrain,
        frozenset(),
        frozenset(),
    )


def blank_size(options: SheetOptions, fit: str = "roomy") -> tuple[int, int]:
    """The most columns and rows of hexes that fit one page (the blank hex sheet)."""
    r = hex_flats(options.piece, fit) / math.sqrt(3.0)
    f = r * math.sqrt(3.0)
    w, h = room(options)
    cols = int((w - 2 * BAND - 2 * r) // (1.5 * r)) + 1
    rows = int((h - 2 * BAND - f / 2) // f)
    return max(1, min(cols, hg.MAX_COLUMNS)), max(1, rows)


def check_printable(m: HexMap) -> None:
    """Refuse, at its file and line, a map's name, note or place name with a letter the
    embedded typeface cannot draw (it would print as an empty box)."""
    places = (
        ((f"places[{i}].name", ("places", i, "name")), p.name) for i, p in enumerate(m.places)
    )
    for (shown, keys), value in (
        (("name", ("name",)), m.name),
        (("note", ("note",)), m.note),
        *places,
    ):
        missing = missing_letters(value, REGULAR) or missing_letters(value, BOLD)
        if missing:
            line = schema.key_line(m.path, keys) if m.path is not None else None
            raise DataError(
                f"key '{shown}': cannot print {', '.join(map(repr, missing))} "
                "(the map font has no such letters)",
                m.path,
                line,
            )


def write_maps_pdf(
    path: Any, maps: list[HexMap], options: SheetOptions, fit: str = "roomy"
) -> tuple[int, int]:
    """Each map's overview and tiles, then a blank hex sheet (overview and page), with hexes
    of ``fit`` (HEX_FITS); returns (pages, bytes). No maps (``--source-only``): the blank hex
    sheet alone."""
    from pathlib import Path

    from generator.sheet.render_pdf import atomic_file, binary_streams, new_canvas

    for m in maps:
        check_printable(m)  # before a page is written
    r = hex_flats(options.piece, fit) / math.sqrt(3.0)
    names = ", ".join(m.name for m in maps) or "blank hex sheet"
    kit = any(m.is_kit for m in maps)
    title = f"Havoc Kit: Dark Blades maps ({names})"
    subject = (
        f"{fit} hexes, {format_length(r * math.sqrt(3.0))} across the flats for "
        f"{format_length(options.piece)} counters; {options.describe()}"
        + (f"; {KIT_MARK}" if kit else "")
    )
    from generator.sheet.pages import PageWriter

    target = Path(path)
    with atomic_file(target) as handle, binary_streams():
        c = new_canvas(handle, options, title, subject)
        writer = PageWriter(c, "Havoc Kit: Dark Blades maps", options)
        for m in maps:
            tile_pages(c, Geometry(m, r), options, writer, fit=fit)
        cols, rows = blank_size(options, fit)
        g = Geometry(blank_map(cols, rows), r)
        x0, y0, x1, y1 = options.usable_with(0)
        top = y1 - HEADER
        c.saveState()
        c.translate(x0, top)
        c.scale(1, -1)
        draw_map(c, g, blank=True)
        c.restoreState()
        text(c, x0, y1 - 12, f"Blank hex sheet: {cols} x {rows} hexes", 11, bold=True)
        text(
            c,
            x0,
            y1 - 26,
            f"Hexes {format_length(g.f)} across the flats ({fit}), for "
            f"{format_length(options.piece)} counters; for your own layouts (copy it, or join "
            "sheets edge to edge).",
            7.5,
            max_width=x1 - x0,
        )
        writer.end_page(what="blank hex sheet", note="")
        pages = writer.close()
        c.save()
    return pages, target.stat().st_size
