"""Hex geometry: coordinates, distance and the line from centre to centre (hexgrid.py)."""

from __future__ import annotations

import math
import random

import pytest

from companion.dark_blades import hexgrid as hg

W, H = 20, 14
HEXES = [(c, r) for c in range(W) for r in range(1, H + 1)]


def _pixel_to_hex(x: float, y: float) -> hg.Hex:
    """The hex containing a point, by the standard axial rounding (independent of the walk)."""
    q = x / 1.5
    r = y / hg.SQRT3 - q / 2 + 0.5  # centre() puts A1 (axial q=0, r=1) at y = sqrt3/2
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return hg.from_axial(rq, rr)


def _sampled(a: hg.Hex, b: hg.Hex, steps: int = 3000) -> tuple[hg.Hex, ...]:
    ax, ay = hg.centre(a)
    bx, by = hg.centre(b)
    out: list[hg.Hex] = []
    for i in range(steps + 1):
        t = i / steps
        h = _pixel_to_hex(ax + (bx - ax) * t, ay + (by - ay) * t)
        if not out or out[-1] != h:
            out.append(h)
    return tuple(out)


def test_names_round_trip_and_refuse_nonsense() -> None:
    for h in HEXES:
        assert hg.parse_hex(hg.name(h)) == h
    assert hg.parse_hex("d13") == (3, 13)
    for bad in ("13", "DD1", "D", "", "D-1", "4D"):
        assert hg.parse_hex(bad) is None


def test_pixel_rounding_helper_agrees_with_centres() -> None:
    for h in HEXES:
        assert _pixel_to_hex(*hg.centre(h)) == h


def test_a_walk_across_columns_zig_zags_rows_as_in_published_replays() -> None:
    walk = [hg.parse_hex(n) for n in ("K10", "J11", "I10", "H11")]
    for a, b in zip(walk, walk[1:], strict=False):
        assert hg.distance(a, b) == 1
    column = [hg.parse_hex(n) for n in ("L7", "L8", "L9")]
    assert [hg.distance(column[0], h) for h in column] == [0, 1, 2]


def test_neighbours_are_one_hex_away_and_sides_are_opposite() -> None:
    for h in HEXES:
        for side in hg.SIDES:
            n = hg.neighbour(h, side)
            assert hg.distance(h, n) == 1
            assert hg.side_between(h, n) == side
            assert hg.neighbour(n, hg.OPPOSITE[side]) == h
            ax, ay = hg.centre(h)
            nx, ny = hg.centre(n)
            assert math.isclose(math.hypot(nx - ax, ny - ay), hg.SQRT3)


def test_distance_is_a_metric() -> None:
    rng = random.Random(7)
    for _ in range(2000):
        a, b, c = (rng.choice(HEXES) for _ in range(3))
        assert hg.distance(a, b) == hg.distance(b, a)
        assert (hg.distance(a, b) == 0) == (a == b)
        assert hg.distance(a, c) <= hg.distance(a, b) + hg.distance(b, c)


def test_distance_counts_the_steps_of_a_shortest_walk() -> None:
    start = (5, 5)
    frontier, seen = [start], {start: 0}
    while frontier:
        nxt = []
        for h in frontier:
            for side in hg.SIDES:
                n = hg.neighbour(h, side)
                if n in seen or not (0 <= n[0] < W and 1 <= n[1] <= H):
                    continue
                seen[n] = seen[h] + 1
                nxt.append(n)
        frontier = nxt
    for h, steps in seen.items():
        assert hg.distance(start, h) == steps


@pytest.mark.parametrize("seed", range(4))
def test_the_line_crosses_exactly_the_hexes_a_dense_sample_finds(seed: int) -> None:
    rng = random.Random(seed)
    checked = 0
    while checked < 60:
        a, b = rng.choice(HEXES), rng.choice(HEXES)
        one, two = hg.lines(a, b)
        if one != two:
            continue  # along a side: the sample cannot tell which side it is on
        assert one == _sampled(a, b)
        checked += 1


def test_lines_start_and_end_at_the_centres_and_step_to_neighbours() -> None:
    rng = random.Random(3)
    for _ in range(500):
        a, b = rng.choice(HEXES), rng.choice(HEXES)
        for line in hg.lines(a, b):
            assert line[0] == a and line[-1] == b
            for x, y in zip(line, line[1:], strict=False):
                assert hg.distance(x, y) == 1


def test_a_line_along_hex_sides_differs_on_its_two_sides_only_there() -> None:
    a, b = hg.parse_hex("H4"), hg.parse_hex("D4")  # same row, odd columns: along G3/G4
    one, two = hg.lines(a, b)
    assert one != two
    assert {hg.name(h) for h in set(one) ^ set(two)} == {"G3", "G4", "E3", "E4"}


def test_the_line_back_is_the_same_line() -> None:
    rng = random.Random(11)
    for _ in range(500):
        a, b = rng.choice(HEXES), rng.choice(HEXES)
        there = {frozenset(x) for x in hg.lines(a, b)}
        back = {frozenset(x) for x in hg.lines(b, a)}
        assert there == back
