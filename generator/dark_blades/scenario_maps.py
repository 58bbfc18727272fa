"""A scenario's map(s) drawn small on its sheet, with its set-up areas, entry edges and exit
points (`companion.dark_blades.scenario_marks`, the kit's reading where the text is vague)."""

from __future__ import annotations

import math
from typing import Any

from reportlab.platypus import Flowable

from companion.dark_blades import hexgrid as hg
from companion.dark_blades.maps import HexMap
from companion.dark_blades.scenario_marks import Mark
from generator.dark_blades.map_tiles import BAND, FILLS, Geometry, draw_map
from generator.sheet.canvas_kit import text
from generator.sheet.fonts import BOLD, pdf_font

HEIGHT = 84.0  # points: the figure's maps, at most
GAP = 14.0
HATCH = {"area": (0.80, 0.25, 0.10), "entry": (0.05, 0.30, 0.75), "exit": (0.05, 0.30, 0.75)}


LABEL_ABOVE, LABEL_BELOW = 6.0, 4.0  # a mark's label box: how far it reaches above and below py


class MapFigure(Flowable):
    """The maps side by side, each scaled to HEIGHT, the marks drawn over them."""

    def __init__(self, maps: list[HexMap], marks: list[Mark], width: float) -> None:
        super().__init__()
        self.maps, self.marks, self.width = maps, marks, width
        self.geoms = [Geometry(m, 40.0) for m in maps]
        room = (width - GAP * (len(maps) - 1)) / len(maps)
        self.scale = min(HEIGHT / max(g.height for g in self.geoms), room / self.geoms[0].width)
        self.height = HEIGHT * self.scale / (HEIGHT / max(g.height for g in self.geoms)) + 12

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        c = self.canv
        s = self.scale
        x = 0.0
        for g in self.geoms:
            top = self.height - 12
            text(c, x, top + 3, g.m.name + (" (the kit's map)" if g.m.is_kit else ""), 7, True)
            c.saveState()
            c.translate(x, top)
            c.scale(s, -s)
            draw_map(c, g, small=True)
            for mark in self.marks:
                if mark.map == g.m.key:
                    _mark(c, g, mark)
            c.restoreState()
            for mark in self.marks:
                if mark.map == g.m.key:
                    cx, cy = _middle(g, mark.hexes)
                    w = len(mark.label) * 4.6 + 4
                    # the label's box stays on its map: clear of the title above (its
                    # descenders) and of the page's margins
                    px = min(max(x + cx * s, x + w / 2), x + g.width * s - w / 2)
                    py = min(max(top - cy * s, top - g.height * s + LABEL_BELOW), top - LABEL_ABOVE)
                    c.setFillColorRGB(1, 1, 1)
                    c.rect(
                        px - w / 2, py - LABEL_BELOW, w, LABEL_ABOVE + LABEL_BELOW, stroke=1, fill=1
                    )
                    text(c, px, py - 1.5, mark.label, 7.5, True, "middle")
            x += g.width * s + GAP


def _middle(g: Geometry, hexes: frozenset) -> tuple[float, float]:
    pts = [g.centre(h) for h in hexes]
    mx, my = sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts)
    best = min(pts, key=lambda p: math.hypot(p[0] - mx, p[1] - my))
    return best


def _mark(c: Any, g: Geometry, mark: Mark) -> None:
    """An area hatched, an entry or exit outlined heavy (dashed for an entry)."""
    colour = HATCH[mark.kind]
    c.setStrokeColorRGB(*colour)
    for h in mark.hexes:
        pts = g.corners(h)
        if mark.kind == "area":
            c.setLineWidth(2.5)
            x, y = g.centre(h)
            for d in (-0.5, 0.0, 0.5):
                c.line(x + (d - 0.3) * g.r, y + 0.35 * g.r, x + (d + 0.3) * g.r, y - 0.35 * g.r)
        else:
            c.setLineWidth(6)
            c.setDash([10, 6] if mark.kind == "entry" else [])
            p = c.beginPath()
            p.moveTo(*pts[0])
            for pt in pts[1:]:
                p.lineTo(*pt)
            p.close()
            c.drawPath(p, stroke=1, fill=0)
            c.setDash([])
    # the area's outline: its sides that border hexes outside it
    c.setLineWidth(4)
    for h in mark.hexes:
        for side in hg.SIDES:
            if hg.neighbour(h, side) not in mark.hexes:
                (x1, y1), (x2, y2) = g.side(h, side)
                c.line(x1, y1, x2, y2)


def legend(marks: list[Mark]) -> str:
    """The labels in one line: what each marks (``*``: the hexes are the kit's reading)."""
    kinds = {"area": "set-up", "entry": "enters", "exit": "exit"}
    words = "; ".join(
        f"<b>{m.label}</b> {kinds[m.kind]}{'*' if m.reading else ''}: {_short(m.what)}"
        for m in marks
    )
    starred = any(m.reading for m in marks)
    return words + (". *Where exactly: the kit's reading of the text." if starred else ".")


def _short(what: str) -> str:
    """The rulebook's words up to the first comma or semicolon that leaves a few words."""
    for stop in (";", ","):
        head = what.split(stop)[0]
        if len(head.split()) >= 4:
            return head.rstrip(".")
    return what.rstrip(".")


COORD_PT = 5.0  # the map's hex coordinates print at least this large (`draw_map`'s floor)
LABEL_PT = 7.0  # a mark's label in each of its hexes


NAME_H = 12.0  # above each map of a stack: its name


class MapStack(Flowable):
    """A scenario's maps one above the other (the Mill map above the Arena map, as laid), each
    as large as ``width`` and ``height`` allow with coordinates at least COORD_PT; each marked
    hex outlined and carrying its mark's label, so every set-up hex can be found by name."""

    def __init__(self, maps: list[HexMap], marks: list[Mark], width: float, height: float) -> None:
        super().__init__()
        wide = max(1.5 * (m.width - 1) + 2 for m in maps)  # board width per unit of r
        tall = sum(math.sqrt(3.0) * (m.height + 0.5) for m in maps)
        band = Geometry(maps[0], 1.0).width - (1.5 * (maps[0].width - 1) + 2)  # r-free edges
        r = min((width - band) / wide, (height - len(maps) * (band + NAME_H)) / tall)
        self.geoms = [Geometry(m, r) for m in maps]
        self.marks = marks
        self.width = max(g.width for g in self.geoms)
        self.height = sum(g.height + NAME_H for g in self.geoms)

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.width, self.height

    @property
    def coordinate_size(self) -> float:
        """The hexes' coordinates print this large (points): `draw_map`'s rule at this size."""
        return max(COORD_PT, self.geoms[0].r / 8)

    def draw(self) -> None:
        c = self.canv
        top = self.height
        for g in self.geoms:
            kit = " (the Havoc Kit's own map design)" if g.m.is_kit else ""
            text(c, BAND, top - 9, f"{g.m.name} map{kit}", 8, True)
            top -= NAME_H
            c.saveState()
            c.translate(0, top)
            c.scale(1, -1)
            _marked_map(c, g, [k for k in self.marks if k.map == g.m.key])
            c.restoreState()
            top -= g.height


def _marked_map(c: Any, g: Geometry, marks: list[Mark]) -> None:
    """The map on a y-down canvas, its marks outlined and each marked hex labelled."""
    draw_map(c, g)
    labels: dict[hg.Hex, list[Mark]] = {}
    for mark in marks:
        _outline(c, g, mark)
        for h in mark.hexes:
            labels.setdefault(h, []).append(mark)
    for h, mine in labels.items():
        words = "/".join(k.label for k in mine)
        x, y = g.centre(h)
        # low in the hex, below its symbol; where the map writes a word there (a door, a
        # window), in the middle, which such a hex leaves free
        y += g.r * (0.2 if _worded(g.m.terrain[h]) else 0.62)
        c.saveState()
        c.translate(x, y)
        c.scale(1, -1)
        c.setFont(pdf_font(BOLD), LABEL_PT)  # a white halo first, so it reads over a symbol
        c.setStrokeColorRGB(1, 1, 1)
        c.setLineWidth(2.2)
        c.setLineJoin(1)
        c.drawCentredString(0, 0, words, mode=1)
        text(c, 0, 0, words, LABEL_PT, True, "middle")
        c.restoreState()


def _worded(kind: str) -> bool:
    """The map draws this terrain's name low in its hex (`map_tiles._symbol`)."""
    return kind in ("window", "door", "stepping-stones", "bridge") or kind not in FILLS


def _outline(c: Any, g: Geometry, mark: Mark) -> None:
    """An area's border heavy and solid, an entry's dashed, an exit's dotted (the line's
    pattern tells them apart as well as its colour)."""
    c.setStrokeColorRGB(*HATCH[mark.kind])
    c.setLineWidth(2.0)
    c.setDash({"area": [], "entry": [5, 3], "exit": [1.5, 2]}[mark.kind])
    c.setLineCap(1)
    for h in mark.hexes:
        for side in hg.SIDES:
            if mark.kind != "area" or hg.neighbour(h, side) not in mark.hexes:
                (x1, y1), (x2, y2) = g.side(h, side)
                c.line(x1, y1, x2, y2)
    c.setDash([])
