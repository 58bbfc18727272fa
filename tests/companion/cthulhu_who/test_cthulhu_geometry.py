"""The board's geometry by the kit's readings: names, next-to, range, lines, the 4-square block."""

from __future__ import annotations

import pytest

from companion.cthulhu_who import geometry as geo
from companion.cthulhu_who.garden import SIDE, Garden, Terrain, garden_settings
from companion.data import Cards
from companion.errors import DataError, FieldError, InputError
from tests.conftest import ROOT


@pytest.fixture(scope="module")
def rd():
    return geo.readings(Cards())


@pytest.fixture(scope="module")
def tree():
    return garden_settings(Cards()).kinds[0]


def sq(text: str) -> tuple[int, int]:
    return ord(text[0]) - ord("A"), int(text[1:]) - 1


def garden(boards: int = 1, *terrain: tuple[str, object]) -> Garden:
    return Garden(boards, tuple(Terrain(*sq(s), kind) for s, kind in terrain), 0)


def test_squares_are_named_as_printed_column_letter_then_row():
    g = garden(2)
    assert geo.name((0, 0)) == "A1" and geo.name((15, 7)) == "P8"
    assert geo.parse_square(" b3 ", g, "from") == (1, 2)
    assert all(
        geo.parse_square(geo.name((c, r)), g, "x") == (c, r) for c in range(16) for r in range(8)
    )
    with pytest.raises(FieldError, match=r"^to: I1 is off the garden \(one board") as caught:
        geo.parse_square("I1", garden(1), "to")
    assert (caught.value.field, caught.value.value) == ("to", "I1")
    assert caught.value.said("--to").startswith("--to: I1 is off the garden")
    for bad in ("B9", "B0", "3B", "B", "BB3", "", "B²", "B٣", "B0003"):  # ASCII digits
        with pytest.raises(FieldError, match="^from: "):
            geo.parse_square(bad, garden(1), "from")


def test_diagonals_count_one_and_range_is_the_larger_difference(rd):
    g = garden()
    around = set(geo.neighbours(g, sq("D4"), rd.steps))
    assert len(around) == 8 and sq("E5") in around and sq("C3") in around
    assert len(set(geo.neighbours(g, sq("A1"), rd.steps))) == 3  # the wall round the garden
    assert geo.distance(rd, sq("C3"), sq("E4")) == 2
    sides = rd._replace(steps="sides")
    assert geo.distance(sides, sq("C3"), sq("E4")) == 3
    assert not geo.next_to(g, sides, sq("C3"), sq("D4"))
    assert geo.next_to(g, rd, sq("C3"), sq("D4"))


def test_a_line_crosses_the_squares_between_centres(rd, tree):
    g = garden(1, ("C3", tree))
    straight = geo.line(g, rd, sq("B3"), sq("D3"))
    assert straight.crossed == (sq("C3"),) and not straight.clear
    assert [t.kind for t in straight.terrain] == [tree]
    knight = geo.line(g, rd, sq("B2"), sq("D3"))  # two across, one up: two squares between
    assert set(knight.crossed) == {sq("C2"), sq("C3")}
    assert knight.check() == (sq("C2"),)  # terrain on C3; look for figures on C2


def test_a_line_through_a_corner_passes_between_the_two_squares(rd, tree):
    g = garden(1, ("B2", tree), ("A2", tree))
    diagonal = geo.line(g, rd, sq("A1"), sq("B2"))  # next to: nothing between
    assert diagonal.crossed == ()
    two = geo.line(g, rd, sq("A1"), sq("C3"))
    assert two.crossed == (sq("B2"),)
    # B1 and A2 touch the line only at the corner point (1, 1): between them, neither in the way
    assert set(two.corners) >= {sq("B1"), sq("A2")}
    blocked = rd._replace(corner="blocked")
    assert sq("A2") in geo.line(g, blocked, sq("A1"), sq("C3")).crossed


def test_the_join_wall_blocks_lines_and_steps_but_for_rows_4_and_5(rd):
    g = garden(2)
    assert geo.line(g, rd, sq("H4"), sq("I5")).clear
    assert geo.line(g, rd, sq("G4"), sq("I4")).clear
    through_end = geo.line(g, rd, sq("H3"), sq("I4"))  # meets the join at the wall's end
    assert through_end.wall and not through_end.clear
    assert geo.line(g, rd, sq("H2"), sq("I2")).wall
    assert not geo.line(g, rd, sq("A1"), sq("J5")).wall  # meets the join at 3 1/2: open
    assert not geo.next_to(g, rd, sq("H2"), sq("I2"))
    assert geo.next_to(g, rd, sq("H5"), sq("I4"))
    assert not geo.next_to(g, rd, sq("H6"), sq("I5"))
    assert geo.next_to(garden(1), rd, sq("G2"), sq("H2"))


@pytest.mark.parametrize(
    "start, end, reach, allowed, why",
    [
        ("B2", "D4", 2, True, ""),
        ("B2", "B5", 2, False, "3 squares away, reaches 2"),
        ("B2", "D2", 2, False, "Tree C2 blocks the line"),
        ("B2", "C3", 1, True, ""),
        ("B2", "D2", 1, False, "not adjacent (2 squares)"),
    ],
)
def test_a_shot_is_allowed_adjacent_or_in_range_with_a_clear_line(
    rd, tree, start, end, reach, allowed, why
):
    g = garden(1, ("C2", tree))
    shot = geo.shot(g, rd, sq(start), sq(end), reach)
    assert shot.allowed is allowed and shot.why_not() == why


def test_adjacent_across_the_wall_is_not_adjacent(rd):
    shot = geo.shot(garden(2), rd, sq("H2"), sq("I2"), 1)
    assert not shot.allowed and "wall" in shot.why_not()
    assert "wall" in geo.shot(garden(2), rd, sq("H2"), sq("I2"), 2).why_not()


def test_a_4_square_block_shifts_one_step_and_enters_new_squares(rd, tree):
    g = garden(1, ("E5", tree))
    right = geo.crush(g, rd, sq("B3"), sq("C3"))
    assert right.entered == (sq("D3"), sq("D4"))
    diagonal = geo.crush(g, rd, sq("B3"), sq("C4"))
    assert set(diagonal.entered) == {sq("D4"), sq("C5"), sq("D5")}  # 3 new squares
    with pytest.raises(InputError, match="^to: D3 is not one step"):
        geo.crush(g, rd, sq("B3"), sq("D3"))
    with pytest.raises(InputError, match=r"^to: the block D4 E4 D5 E5 has terrain on E5 \(Tree\)"):
        geo.crush(g, rd, sq("C3"), sq("D4"))  # D4 E4 D5 E5: onto the tree
    with pytest.raises(InputError, match="^monster: a 2 x 2 block from H3 runs off"):
        geo.crush(g, rd, sq("H3"), sq("G3"))


def test_a_4_square_block_crosses_the_join_only_in_rows_4_and_5(rd):
    g = garden(2)
    assert geo.crush(g, rd, sq("G4"), sq("H4")).entered == (sq("I4"), sq("I5"))
    with pytest.raises(InputError, match="across the join's wall"):
        geo.crush(g, rd, sq("G3"), sq("H3"))
    with pytest.raises(InputError, match="crosses the join's wall"):
        geo.crush(g, rd, sq("H4"), sq("I5"))  # the block I5-J6 stands in rows 5-6


def test_collapse_hits_the_12_squares_round_the_block(rd, tree):
    g = garden(1, ("A1", tree))
    around = geo.collapse(g, rd, sq("B2"))
    ring = {(c, r) for c in range(0, 4) for r in range(0, 4)} - set(geo.block(sq("B2")))
    assert set(around) == ring - {sq("A1")}  # 12 round it, the terrain square left out
    sides = geo.collapse(g, rd._replace(collapse="sides"), sq("B2"))
    assert len(sides) == 8 and sq("D4") not in sides
    edge = geo.collapse(garden(2), rd, sq("G1"))  # beside the join's wall, below the opening
    assert all(s[0] < SIDE for s in edge)


def test_readings_file_is_checked(tmp_path):
    text = (Cards().path("cthulhu-who", "readings.toml")).read_text()
    bad = tmp_path / "readings.toml"
    bad.write_text(text.replace('steps = "king"', 'steps = "queen"'))
    with pytest.raises(DataError, match="readings.diagonals.steps"):
        geo.load_readings(bad)
    bad.write_text(text.replace("[readings.collapse]", "[readings.other]"))
    with pytest.raises(DataError, match=r"expected \[readings.collapse\]"):
        geo.load_readings(bad)
    long = "kit's reading: " + "x" * 40
    bad.write_text(text.replace("kit's reading: line centre to centre", long))
    with pytest.raises(DataError, match="at most 38 characters"):
        geo.load_readings(bad)


def test_every_reading_is_labelled_the_kits_and_quotes_the_rules(rd):
    seed = "shared/seeds/002_d056d17ecef59d1b.txt"  # the rulebook, beside the repository
    found = [p / seed for p in (ROOT.parent, ROOT.parent.parent) if (p / seed).exists()]
    rules = found[0] if found else None
    for reading in rd.items.values():
        assert reading.short.startswith("kit's reading: ")
        assert reading.rule.split(":")[0] in {
            "Playing Rules, Turn Sequence",
            "Attacking",
            "Playing Equipment, Terrain",
            "Playing Equipment, The Board",
            "Playing Equipment, Monsters",
            "Special Rules",
        }
    if rules is not None:  # every quoted fragment is the rulebook's own text
        book = " ".join(rules.read_text().split())
        for reading in rd.items.values():
            for part in reading.rule.split('"')[1::2]:
                for piece in part.split(" ... "):
                    assert " ".join(piece.split()) in book, piece
