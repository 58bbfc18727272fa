"""The maps on any printer: terrains told apart in black and white (every two terrain fills 8
CIE L* or more apart, the lake far from the building), coordinates of 6 pt or more (none on the
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
    TERRAIN_FILLS,
    Geometry,
    corner_clearance,
    hex_flats,
    lightness,
    print_grey,
    tile_plan,
)
from generator.sheet.options import SheetOptions
from generator.sheet.units import MM


def test_lightness_is_cie_lstar():
    """sRGB mid grey is L* 53.39; the issue's trees (0.70, 0.86, 0.64) measured 83.4."""
    assert lightness((0.5, 0.5, 0.5)) == pytest.approx(53.39, abs=0.01)
    assert lightness((0.70, 0.86, 0.64)) == pytest.approx(83.4, abs=0.05)
    assert lightness(None) == 100 and lightness((0.0, 0.0, 0.0)) == pytest.approx(0)
    assert print_grey((0.5, 0.5, 0.5)) == pytest.approx(53.39, abs=0.01)


def test_every_two_terrain_fills_differ_by_8_lstar_in_greyscale():
    """Every terrain's fill, open ground's paper included, 8 CIE L* or more from every other
    (and 7 or more in a printer driver's Rec. 601 grey); every terrain the maps know has one
    of these fills (windows and doors the building's, stepping stones the river's)."""
    fills = TERRAIN_FILLS
    for (a, fa), (b, fb) in itertools.combinations(fills.items(), 2):
        assert abs(lightness(fa) - lightness(fb)) >= 8, (a, b)
        assert abs(print_grey(fa) - print_grey(fb)) >= 7, (a, b)
    assert set(FILLS.values()) == set(fills.values())
    assert min(lightness(f) for f in fills.values()) >= 45  # black words still read on it


def test_the_lake_is_unlike_the_building_without_its_symbols():
    """In grey the lake (deepest) and the building (light, heavy walls) are far apart."""
    assert lightness(FILLS["house"]) - lightness(FILLS["lake"]) >= 25
    for kind in ("house", "window", "door"):
        assert FILLS[kind] == TERRAIN_FILLS["building"]


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
