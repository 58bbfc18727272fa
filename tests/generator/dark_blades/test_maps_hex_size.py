"""`--hex roomy|tight`: the maps' hex size. Roomy hexes as before (a mounted counter clears
every corner); tight ones a counter plus 3 mm (measured in the PDF), the kit's reading said on
the overview and in HOW-TO-PRINT, the two maps on at most 6 sheets of tiles at 5/8in, and the
same map (the same hexes, neighbours and distances in hexes: line of sight and ranges do not
change)."""

from __future__ import annotations

import math
import re
import shlex

import pytest
from pdf_read import pages as read_pages

from companion.dark_blades import hexgrid as hg
from companion.dark_blades.maps import find_map, load_maps
from companion.data import Cards
from generator.commands.common import own_margin
from generator.commands.dark_blades_maps import MAP_MARGIN
from generator.dark_blades.map_tiles import (
    Geometry,
    corner_clearance,
    hex_flats,
    map_pages,
    page_plan,
    tile_plan,
)
from generator.sheet.options import SheetOptions
from generator.sheet.units import MM

SIZES = ["1/2in", "5/8in", "3/4in", "1in", "16mm"]


def map_sheet(paper: str = "A4", size: str = "5/8in") -> SheetOptions:
    return own_margin(SheetOptions.parse(paper=paper, piece_size=size), False, MAP_MARGIN)


@pytest.mark.parametrize("size", SIZES)
def test_tight_hexes_are_a_counter_plus_3mm_and_roomy_ones_unchanged(size):
    s = SheetOptions.parse(piece_size=size).piece
    assert hex_flats(s, "tight") == pytest.approx(s + 3 * MM)
    assert hex_flats(s) == hex_flats(s, "roomy") == pytest.approx((s + 2 * MM) * math.sqrt(3))
    assert corner_clearance(s, "tight") < 0 < corner_clearance(s)  # tight: it overhangs
    with pytest.raises(ValueError, match="snug"):
        hex_flats(s, "snug")


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_at_five_eighths_the_two_maps_take_at_most_6_sheets_of_tiles_tight(paper):
    sheet = map_sheet(paper)
    maps = load_maps(Cards(), False)
    assert len(maps) == 2
    tiles = {fit: sum(map_pages(m, sheet, fit) - 1 for m in maps) for fit in ("roomy", "tight")}
    assert tiles["tight"] <= 6
    assert tiles["roomy"] == 12  # as before: six tiles a map, one a page


def test_short_tiles_share_a_page_and_every_tile_is_on_one():
    sheet = map_sheet()
    g = Geometry(find_map(Cards(), "arena"), hex_flats(sheet.piece, "tight") / math.sqrt(3))
    tiles = tile_plan(g, sheet)
    pages = page_plan(tiles, sheet)
    assert [t for page in pages for t in page] == tiles  # all of them, in order
    assert len(pages) < len(tiles)
    shared = [page for page in pages if len(page) > 1]
    assert shared and all(t.row == max(x.row for x in tiles) for t in shared[0])


def test_the_same_map_at_either_size():
    """Every hex in the same place relative to the others (the tight map is the roomy one
    scaled): the same neighbours, the same distances in hexes, so line of sight and ranges,
    counted in hexes, are the same."""
    m = find_map(Cards(), "mill")
    s = SheetOptions.parse().piece
    roomy = Geometry(m, hex_flats(s, "roomy") / math.sqrt(3))
    tight = Geometry(m, hex_flats(s, "tight") / math.sqrt(3))
    k = tight.r / roomy.r
    origin = next(iter(m.hexes()))
    (rx, ry), (tx, ty) = roomy.centre(origin), tight.centre(origin)
    for h in m.hexes():
        (ax, ay), (bx, by) = roomy.centre(h), tight.centre(h)
        assert (bx - tx, by - ty) == pytest.approx(((ax - rx) * k, (ay - ry) * k))
        assert round(math.dist((bx, by), (tx, ty)) / tight.f, 6) == round(
            math.dist((ax, ay), (rx, ry)) / roomy.f, 6
        )
        for side in hg.SIDES:  # the rules' neighbours are the printed neighbours
            n = hg.neighbour(h, side)
            if n in m.terrain:
                assert math.dist(tight.centre(h), tight.centre(n)) == pytest.approx(tight.f)


def _flats(page) -> float:
    """The smallest hex height on a page: its width across the flats."""
    heights = [
        max(y for _, y in c.points) - min(y for _, y in c.points)
        for c in page.shapes
        if c.kind == "curve" and len(c.points) >= 6 and c.stroke
    ]
    heights = [h for h in heights if h > 20]
    return min(heights)


def test_the_tight_maps_measure_a_counter_plus_3mm_and_say_the_kits_reading(tmp_path, havoc_pnp):
    out = tmp_path / "tight.pdf"
    result = havoc_pnp("maps", "--hex", "tight", "-o", out)
    assert result.exit_code == 0, result.output
    assert "9 pages" in result.output  # 2 overviews, 6 pages of tiles, the blank hex sheet
    pages = read_pages(out)
    assert _flats(pages[1]) == pytest.approx(45 + 3 * MM, abs=0.05)
    overview = " ".join(pages[0].text.split())
    assert "Tight hexes (--hex tight, the Havoc Kit's reading, not the rulebook's)" in overview
    assert "overhang" in overview and "Line of sight and ranges count hexes" in overview
    assert "on 3 pages" in overview  # 4 tiles, the short two on one page
    shared = [p for p in pages if re.search(r"tiles 2-1, 2-2", p.text_lines[-1])]
    assert len(shared) == 2  # one a map
    assert {w.text for w in shared[0].words} >= {"A14", "T14"}  # both halves of the last row
    roomy = tmp_path / "roomy.pdf"
    assert havoc_pnp("maps", "-o", roomy).exit_code == 0
    assert _flats(read_pages(roomy)[1]) == pytest.approx(hex_flats(45), abs=0.05)
    assert "--hex roomy" in " ".join(read_pages(roomy)[0].text.split())


def test_a_bad_hex_size_is_one_line(tmp_path, havoc_pnp):
    result = havoc_pnp("maps", "--hex", "snug", "-o", tmp_path / "x.pdf")
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "--hex" in result.output and not (tmp_path / "x.pdf").exists()


@pytest.mark.slow
def test_build_hex_tight_says_the_sheets_at_each_size_and_rebuilds_tight(kit_build):
    out = kit_build("--hex", "tight")
    note = (out / "HOW-TO-PRINT.txt").read_text(encoding="utf-8")
    flat = " ".join(note.split())
    assert (
        "Hexes across the flats, for 5/8in counters: --hex roomy 31mm, 12 sheets of tiles "
        "(15 in all); --hex tight (these files) 18.9mm, 6 sheets of tiles (9 in all)."
    ) in flat
    assert "the Havoc Kit's reading, not the rulebook's" in flat
    assert "map hexes     tight" in note
    command = shlex.split(note.split("with:\n", 1)[1].splitlines()[0])
    assert command[command.index("--hex") + 1] == "tight"
    assert "Print pages 1-9 single-sided" in note.split("dark-blades-maps.pdf", 1)[1]
    assert "--hex tight" in " ".join(read_pages(out / "calibration.pdf")[0].text.split())
