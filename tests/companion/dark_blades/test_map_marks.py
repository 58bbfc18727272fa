"""`map_marks`: a lip's ticks run from the lip into its own hex, and a coordinate leaves the top
of a hex whose top side is a lip."""

from __future__ import annotations

import math

from companion.dark_blades import hexgrid as hg
from companion.dark_blades.map_marks import TICKS, lip_ticks, name_edge
from companion.dark_blades.maps import find_map
from companion.data import Cards


def test_the_ticks_start_on_the_lip_and_run_part_way_to_the_centre() -> None:
    h = hg.parse_hex("K3")
    centre = hg.centre(h, 10.0)
    pts = hg.corners(h, 10.0)
    for side, (i, j) in hg.SIDE_CORNERS.items():
        ticks = lip_ticks(pts[i], pts[j], centre)
        assert len(ticks) == len(TICKS), side
        for (ax, ay), (bx, by) in ticks:
            on_lip = math.dist(pts[i], (ax, ay)) + math.dist((ax, ay), pts[j])
            assert math.isclose(on_lip, 10.0), side  # a side is as long as the radius
            assert math.dist((bx, by), centre) < math.dist((ax, ay), centre) - 1, side


def test_a_coordinate_moves_to_the_foot_of_a_hex_with_its_top_lip_on_top() -> None:
    m = find_map(Cards(), "arena")
    bottoms = {hg.name(h) for h in m.hexes() if name_edge(m.lips, h) == "bottom"}
    assert {"J4", "K3", "L4"} <= bottoms
    assert bottoms == {hg.name(h) for h, side in m.lips if side == "n"}
    both = frozenset({((1, 1), "n"), ((1, 1), "s")})
    assert name_edge(both, (1, 1)) == "middle" and name_edge(both, (1, 2)) == "top"
