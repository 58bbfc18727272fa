"""Map files (maps.py) and line of sight and cover by the rules (sight.py)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from companion.dark_blades import hexgrid as hg
from companion.dark_blades.maps import find_map, load_map, load_maps
from companion.dark_blades.sight import check_horse, horse_sight, line_of_sight, load_sight
from companion.data import Cards
from companion.errors import DataError, FieldError, InputError

HEAD = """name = "Test"
design = "transcribed"
width = {w}
height = {h}
edges = {{ top = 1, right = 2, bottom = 3, left = 4 }}
"""
LEGEND = """
[legend]
"." = "open"
t = "tree"
s = "slope"
h = "house"
w = "window"
d = "door"
r = "river"
"""


def _write(tmp_path: Path, rows: str, extra: str = "", w: int = 8, h: int = 6) -> Path:
    path = tmp_path / "dark-blades" / "maps" / "test.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(HEAD.format(w=w, h=h) + f'rows = """\n{rows}"""\n' + extra + LEGEND)
    return path


def _map(tmp_path: Path, rows: str, extra: str = "", w: int = 8, h: int = 6):
    path = _write(tmp_path, rows, extra, w, h)
    return load_map(path, Cards(tmp_path))


def _sight(m, a: str, b: str):
    return line_of_sight(m, load_sight(Cards()), m.hex(a), m.hex(b))


OPEN = "".join(f"{r} {'.' * 8}\n" for r in range(1, 7))


# --------------------------------------------------------------------------- the file


def test_the_kits_two_maps_load_and_are_marked_as_the_kits_design() -> None:
    maps = load_maps(Cards())
    assert {m.name for m in maps} >= {"The Arena", "The Water Mill"}
    for m in maps:
        if m.key in ("arena", "mill"):
            assert m.is_kit and "not the rulebook's" in m.note
            assert len(m.terrain) == m.width * m.height
            assert sorted(m.edges.values()) == sorted(set(m.edges.values()))
    assert [m for m in load_maps(Cards(), source_only=True) if m.is_kit] == []


def test_source_only_refuses_the_kits_map_by_name() -> None:
    with pytest.raises(InputError, match="kit.s own"):
        find_map(Cards(), "arena", source_only=True)


def test_the_mill_map_has_what_the_scenarios_need() -> None:
    m = find_map(Cards(), "mill")
    kinds = set(m.terrain.values())
    assert {"river", "bridge", "stepping-stones", "tree", "door", "window", "lake"} <= kinds
    places = {p.name: p for p in m.places}
    mill, side = places["the mill"].hexes, places["the mill side of the river"].hexes
    assert mill <= side and all(m.terrain[h] in ("house", "door", "window") for h in mill)
    (wheel,) = m.wheel
    assert m.terrain[wheel] == "river" and any(hg.distance(wheel, h) == 1 for h in mill)
    water = ("river", "lake", "bridge", "stepping-stones")
    assert all(m.terrain[h] not in water for h in side)


def test_the_arena_is_a_hollow_wide_enough_for_the_dworc_six_hexes_away() -> None:
    m = find_map(Cards(), "arena")
    floor = next(p for p in m.places if p.name == "the arena").hexes
    assert max(hg.distance(a, b) for a in floor for b in floor) >= 6
    ring = {hg.neighbour(h, s) for h in floor for s in hg.SIDES} - floor
    assert all(m.terrain[h] == "slope" for h in ring)
    assert m.lips and all(m.terrain[h] == "slope" for h, _ in m.lips)


def test_a_map_typed_with_a_header_and_codes_with_or_without_spaces(tmp_path: Path) -> None:
    rows = "   A B C D E F G H\n1 . . t t . . . .\n2 ..tt....\n" + "".join(
        f"{r} {'.' * 8}\n" for r in range(3, 7)
    )
    m = _map(tmp_path, rows, 'walls = "A1/SE C3/n"\n')  # a side in any case
    assert m.terrain[(2, 1)] == "tree" and m.terrain[(3, 2)] == "tree"
    assert frozenset({(0, 1), hg.neighbour((0, 1), "se")}) in m.walls


@pytest.mark.parametrize(
    ("rows", "extra", "line", "message"),
    [
        ("1 ........\n2 .......\n", "", 8, "row 2 has 7 hexes, expected 8"),
        ("1 ........\n2 ...x....\n", "", 8, "D2: code 'x' is not in [legend]"),
        ("1 ........\n3 ........\n", "", 8, "expected row 2 next, got row 3"),
        ("   A B C\n", "", 7, "the header should name the columns A B C D E F G H"),
        (OPEN, 'lips = """\nA1/n\n"""\n', 15, "A1 is open, expected a slope hex"),
        (OPEN, 'walls = """\nA1/up\n"""\n', 15, "expected a hex and a side like D4/ne"),
        (OPEN, 'walls = """\nA1/ew\n"""\n', 15, "expected a hex and a side like D4/ne"),
        (OPEN, 'walls = "Z9/n"\n', 14, "Z9/n is not on the map"),
        (
            "1 ........\n2 .hhh....\n3 .hwh....\n4 .hhh....\n5 ........\n6 ........\n",
            "",
            9,
            "C3 is a window with building hexes all round",
        ),
    ],
)
def test_a_bad_map_file_is_one_line_with_file_and_line(
    tmp_path: Path, rows: str, extra: str, line: int, message: str
) -> None:
    path = _write(tmp_path, rows, extra)
    with pytest.raises(DataError) as caught:
        load_map(path, Cards(tmp_path))
    text = str(caught.value)
    assert "\n" not in text and message in text
    assert text.startswith(f"{caught.value.path}:{line}: ")
    assert path.read_text().splitlines()[line - 1].strip()  # the line named is a real line


def test_a_legend_naming_an_unknown_terrain_is_refused(tmp_path: Path) -> None:
    path = _write(tmp_path, OPEN)
    path.write_text(path.read_text().replace('r = "river"', 'r = "rivver"'))
    with pytest.raises(DataError, match=r"test.toml:\d+: key 'legend.r': expected a terrain"):
        load_map(path, Cards(tmp_path))


# --------------------------------------------------------------------------- sight and cover


def test_the_rulebooks_slope_example_on_the_kits_arena() -> None:
    """Cover: A fires across the top lip (medium); C from below does not (none)."""
    m = find_map(Cards(), "arena")
    above = _sight(m, "K1", "K3")
    below = _sight(m, "K7", "K3")
    assert above.visible and above.cover == "medium" and "K3/n" in above.why
    assert below.visible and below.cover == "none" and "does not cross" in below.why
    assert {r.name for r in above.readings} >= {"lip-of-own-slope"}


def test_trees_see_into_not_through(tmp_path: Path) -> None:
    rows = "1 ........\n2 ........\n3 ..ttt...\n4 ........\n5 ........\n6 ........\n"
    m = _map(tmp_path, rows)
    into = _sight(m, "C1", "C3")
    assert into.visible and into.cover == "light"
    through = _sight(m, "A3", "E3")
    assert not through.visible and through.blocked_by[0].startswith("tree ")
    # from inside the wood the firer sees out of his own hex
    assert _sight(m, "C3", "C6").visible


def test_buildings_block_walls_of_buildings_block_windows_give_medium(tmp_path: Path) -> None:
    rows = "1 ........\n2 ........\n3 ..www...\n4 ..hhh...\n5 ........\n6 ........\n"
    m = _map(tmp_path, rows)
    window = _sight(m, "D1", "D3")
    assert window.visible and window.cover == "medium" and "aperture" in window.why
    interior = _sight(m, "D6", "D4")
    assert not interior.visible and any("wall" in b for b in interior.blocked_by)
    # next to the window: may fire at a target inside the building
    assert _sight(m, "D2", "D4").visible
    # from inside, the window hex is reached not through the aperture: no window cover
    inside = _sight(m, "C4", "D3")
    assert inside.visible and inside.cover == "none"
    across = _sight(m, "A4", "G4")
    assert not across.visible


def test_a_wall_on_the_line_hides_the_target_by_the_kits_reading(tmp_path: Path) -> None:
    """Straight down column D from D1 the line crosses the south side of D1, D2, D3 ...: the
    wall D3/s lies across it, so D5 is behind it (issue 33 §6: "visible" said yes)."""
    m = _map(tmp_path, OPEN, 'walls = "D3/s"\n')
    shot = _sight(m, "D1", "D5")
    assert not shot.visible and not shot.can_fire and shot.blocked_by == ("wall D3/s",)
    assert "wall" in {r.name for r in shot.readings}
    assert [r.name for r in shot.rules] == ["walls"]
    assert _sight(m, "D1", "D3").visible  # before the wall: seen


def test_a_line_along_a_hex_side_is_labelled_and_blocked_only_if_both_sides_are(
    tmp_path: Path,
) -> None:
    rows = "1 ........\n2 ........\n3 ......t.\n4 ......t.\n5 ........\n6 ........\n"
    m = _map(tmp_path, rows)
    both = _sight(m, "H4", "F4")  # along G3/G4: both trees
    assert both.along_side and not both.visible
    assert any(r.name == "along-side" for r in both.readings)
    m2 = _map(tmp_path, rows.replace("4 ......t.", "4 ........"))
    one = _sight(m2, "H4", "F4")
    assert one.along_side and one.visible


def test_water_has_no_row_so_no_cover_by_the_kits_reading(tmp_path: Path) -> None:
    m = _map(tmp_path, OPEN.replace("3 ........", "3 rrrrrrrr"))
    shot = _sight(m, "A1", "B3")
    assert shot.cover == "none" and "no-row-cover" in {r.name for r in shot.readings}
    assert _sight(m, "A1", "A6").visible  # water never blocks


def test_sight_is_symmetric_among_trees_and_open_ground(tmp_path: Path) -> None:
    rng = random.Random(5)
    rows = "".join(f"{r} {''.join(rng.choice('..t') for _ in range(8))}\n" for r in range(1, 7))
    m = _map(tmp_path, rows)
    sight = load_sight(Cards())
    hexes = m.hexes()
    for _ in range(400):
        a, b = rng.choice(hexes), rng.choice(hexes)
        there, back = line_of_sight(m, sight, a, b), line_of_sight(m, sight, b, a)
        assert there.range == back.range == hg.distance(a, b)
        assert there.visible == back.visible
        assert set(there.line) == set(back.line)


def test_every_kit_reading_short_line_fits_the_phone() -> None:
    for reading in load_sight(Cards()).readings.values():
        assert reading.short.startswith("kit's reading") and len(reading.short) <= 40


# --------------------------------------------------------------------------- a horseman


def _horse(m, a: str, b: str, c: str):
    return horse_sight(m, load_sight(Cards()), m.hex(a), (m.hex(b), m.hex(c)))


def test_a_horseman_takes_the_heavier_cover_of_his_two_hexes_and_the_nearer_range() -> None:
    """The rules: "For cover classification he is considered to be totally in cover of the
    HEAVIER type"; the range to the nearer hex is the kit's reading, and labelled."""
    m = find_map(Cards(), "arena")
    slope, open_ = _sight(m, "K1", "K3"), _sight(m, "K1", "K4")
    assert (slope.cover, open_.cover) == ("medium", "none")  # the rulebook's slope example
    for pair in (("K3", "K4"), ("K4", "K3")):
        horse = _horse(m, "K1", *pair)
        assert horse.visible and horse.cover == "medium" and "K3/n" in horse.why
        assert horse.range == 2 == min(slope.range, open_.range) < open_.range
        assert [hg.name(p.target) for p in horse.parts] == list(pair)
        assert "horseman" in {r.name for r in horse.readings}
        assert horse.as_dict()["to"] == ",".join(pair)
    # from below the slope neither hex is in cover
    below = _horse(m, "K7", "K3", "K4")
    assert below.visible and below.cover == "none"


def test_a_horseman_is_seen_if_either_hex_is_and_his_hidden_hex_still_gives_cover(
    tmp_path: Path,
) -> None:
    rows = "1 ........\n2 ........\n3 ...t....\n4 ....s...\n5 ........\n6 ........\n"
    m = _map(tmp_path, rows, 'lips = "E4/n E4/nw E4/ne"\n')
    horse = _horse(m, "D1", "E4", "F4")
    hidden, seen = horse.parts
    assert not hidden.visible and hidden.blocked_by == ("tree D3",)
    assert seen.visible and seen.cover == "none"
    assert horse.visible and horse.can_fire
    assert horse.cover == "medium" and horse.why.startswith("E4 slope")
    both_hidden = _horse(_map(tmp_path, rows.replace("4 ....s...", "4 ........")), "D1", "D4", "D5")
    assert not both_hidden.visible and not both_hidden.can_fire
    assert both_hidden.blocked_by == ("tree D3",)


def test_a_horseman_half_behind_a_wall_is_in_infinite_cover(tmp_path: Path) -> None:
    m = _map(tmp_path, OPEN, 'walls = "D3/s"\n')
    assert _sight(m, "D1", "E4").cover == "none"
    horse = _horse(m, "D1", "E4", "D4")
    assert horse.visible and horse.cover == "infinite" and not horse.can_fire
    assert [p.visible for p in horse.parts] == [True, False]  # D4 is behind the wall
    assert horse.seen_at == (m.hex("E4"),) and horse.seen_words == "seen at E4"


@pytest.mark.parametrize(
    ("hexes", "expected"),
    [
        ("K3,K5", "two neighbouring hexes"),
        ("K3,K4,K5", "two neighbouring hexes"),
        ("K3,K3", "two neighbouring hexes"),
        ("G1,H1", "cannot be in a tree hex (Terrain Types: Tree: Impassable to horsemen"),
        ("R2,R3", "cannot be in a house hex"),
    ],
)
def test_a_horseman_on_hexes_the_rules_rule_out_is_refused(hexes: str, expected: str) -> None:
    m = find_map(Cards(), "arena")
    with pytest.raises(FieldError) as err:
        check_horse(m, Cards(), tuple(m.hex(h) for h in hexes.split(",")))
    assert err.value.field == "target_hexes" and err.value.value == hexes  # the rules' own field
    assert err.value.said("TO").startswith("TO " + hexes) and expected in err.value.reason
