"""The maps on any printer: terrains told apart in black and white (open ground, slope, trees,
water and buildings 8 L* or more apart in greyscale), coordinates of 6 pt or more (none on the
overview, where they would print too small), and hexes big enough that a mounted (double)
counter clears every hex corner by 1 mm at every piece size, the map still on 6 tiles."""

from __future__ import annotations

import itertools
import math

import pytest
from pdf_read import pages as read_pages

from companion.dark_blades import hexgrid as hg
from companion.dark_blades.maps import find_map
from companion.data import Cards
from generator.dark_blades.map_tiles import (
    FILLS,
    Geometry,
    corner_clearance,
    hex_flats,
    lightness,
    tile_plan,
)
from generator.sheet.options import SheetOptions
from generator.sheet.units import MM

CLASSES = ("open", "slope", "tree", "river", "house")


def test_the_main_terrains_differ_by_8_lstar_in_greyscale():
    ls = {k: lightness(FILLS[k]) for k in CLASSES}
    for a, b in itertools.combinations(CLASSES, 2):
        assert abs(ls[a] - ls[b]) >= 8, (a, b, ls)
    assert min(ls.values()) >= 60  # light on ink: no fill darker than a mid grey


def test_the_printed_tiles_use_those_fills(tmp_path, havoc_pnp):
    out = tmp_path / "m.pdf"
    assert havoc_pnp("maps", "arena", "-o", out).exit_code == 0
    fills = {tuple(round(v / 255, 2) for v in s.fill_colour[:3]) for p in read_pages(out)[1:3]
             for s in p.shapes if s.fill and s.fill_colour}  # fmt: skip
    for kind in ("tree", "slope"):
        assert tuple(round(v, 2) for v in FILLS[kind]) in fills, kind


def test_coordinates_are_6pt_on_the_tiles_and_left_off_the_overview(tmp_path, havoc_pnp):
    out = tmp_path / "m.pdf"
    assert havoc_pnp("maps", "arena", "-o", out).exit_code == 0
    pages = read_pages(out)
    names = {hg.name(h) for h in find_map(Cards(), "arena").hexes()}
    overview = [w.text for w in pages[0].words if w.text in names]
    assert overview == []
    sizes = [
        c.size
        for p in pages[1:]
        for w in p.words
        if w.text in names
        for c in p.chars
        if w.x0 - 0.1 <= c.x0 and c.x1 <= w.x1 + 0.1 and abs(c.top - w.top) < 1
    ]
    assert sizes and min(sizes) >= 6 - 1e-6


@pytest.mark.parametrize("size", ["1/2in", "5/8in", "3/4in", "1in", "16mm"])
def test_a_mounted_counter_clears_every_hex_corner_by_1mm(size):
    """A 2s x s counter laid across two neighbouring hexes, along the line between their
    centres: every corner of both hexes is 1 mm or more outside it."""
    s = SheetOptions.parse(piece_size=size).piece
    g = Geometry(find_map(Cards(), "arena"), hex_flats(s) / math.sqrt(3.0))
    a = (5, 6)
    for side in hg.SIDES:
        b = hg.neighbour(a, side)
        (ax, ay), (bx, by) = g.centre(a), g.centre(b)
        mx, my = (ax + bx) / 2, (ay + by) / 2
        ux, uy = (bx - ax) / g.f, (by - ay) / g.f  # along the counter
        for cx, cy in [*g.corners(a), *g.corners(b)]:
            along = abs((cx - mx) * ux + (cy - my) * uy)
            across = abs((cx - mx) * -uy + (cy - my) * ux)
            outside = max(along - s, across - s / 2)  # > 0: the corner is off the counter
            assert outside >= 1 * MM - 1e-6, (size, side, outside / MM)
    assert corner_clearance(s) == pytest.approx(1 * MM)  # what the audit reports


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_the_map_stays_on_six_tiles_at_five_eighths(paper):
    from generator.commands.common import own_margin
    from generator.commands.dark_blades_maps import MAP_MARGIN

    sheet = own_margin(SheetOptions.parse(paper=paper), False, MAP_MARGIN)
    for key in ("arena", "mill"):
        g = Geometry(find_map(Cards(), key), hex_flats(sheet.piece) / math.sqrt(3.0))
        assert len(tile_plan(g, sheet)) == 6
