"""Walls and line of sight (issue 33 §6): a garden wall and a wall between two rooms of one
building hide what lies behind them (the kit's readings, labelled), a line along a wall or
through the corner where one ends (each side of the line judged), a horseman half behind a wall
(seen at his other hex, and the answer says which), and a layouts file by its path.

The cases are counted by hand on YARD, a map transcribed as a user would type one, and on the
kit's Water Mill. On YARD the hexes stand in columns, B, D, F ... half a hex above A, C, E ...:
a line straight down a column crosses the south side of each hex it leaves (D2 -> D7: D2/s,
D3/s, D4/s, D5/s, D6/s); a line between two hexes of one row two columns apart runs exactly
along the side between the two hexes of the column between (B3 -> D3: along C2/s); and
D2 -> E6 passes exactly through D3's south-east corner, where D3, D4 and E3 meet (D2's centre
is (4.5, 1) and E6's (6, 5.5) in units of 1.5 across and sqrt 3 down; a third of the way, at
(5, 2.5), lies that corner), so one side of the line goes D3 -> D4 across D3/s and the other
D3 -> E3 -> D4 across D3/se and E3/sw. H2 -> I6 is the same line two columns right (H3's
south-east corner).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.dark_blades.maps import HexMap, find_map, load_map
from companion.dark_blades.sight import Sight, horse_sight, line_of_sight, load_sight
from companion.data import Cards
from tests.conftest import assert_narrow

RULES = load_sight(Cards())
# A farm yard: the garden wall D4/s across column D; a house F2-F5 with its door F6 and a
# room's wall F3/s inside it; a wall C2/s that a line along it only grazes; a wall H3/s that
# ends at the corner H2 -> I6 passes through.
YARD = """name = "Yard"
design = "transcribed"
width = 10
height = 8
edges = { top = 1, right = 2, bottom = 3, left = 4 }
rows = \"\"\"
    A B C D E F G H I J
 1  . . . . . . . . . .
 2  . . . . . h . . . .
 3  . . . . . h . . . .
 4  . . . . . h . . . .
 5  . . . . . h . . . .
 6  . . . . . d . . . .
 7  . . . . . . . . . .
 8  . . . . . . . . . .
\"\"\"
walls = "D4/s F3/s C2/s H3/s"
[legend]
"." = "open"
h = "house"
d = "door"
"""
FORD = """name = "Ford"
design = "transcribed"
width = 10
height = 4
edges = { top = 1, right = 2, bottom = 3, left = 4 }
rows = \"\"\"
 1  . . . . . . . . . .
 2  r r r r r r r r r r
 3  . . . . . . . . . .
 4  . . . . . . . . . .
\"\"\"
flow = "A2/ne B2/se C2/ne D2/se E2/ne F2/se G2/ne H2/se I2/ne J2/se"
[legend]
"." = "open"
r = "river"
"""
LAYOUT = """[[layout]]
key = "{key}"
name = "The yard above the ford"
maps = ["yard", "ford"]

[[layout.join]]
edge = "yard:bottom"
meets = "ford:top"

[layout.reading]
short = "kit's reading: yard above ford"
text = "The yard's bottom edge against the ford's top edge."
"""


def _yard(tmp_path: Path, walls: str | None = None) -> tuple[HexMap, Path]:
    text = YARD if walls is None else YARD.replace('"D4/s F3/s C2/s H3/s"', f'"{walls}"')
    path = tmp_path / "yard.toml"
    path.write_text(text)
    return load_map(path, Cards()), path


def _sight(m: HexMap, a: str, b: str) -> Sight:
    return line_of_sight(m, RULES, m.hex(a), m.hex(b))


def _horse(m: HexMap, a: str, b: str, c: str) -> Sight:
    return horse_sight(m, RULES, m.hex(a), (m.hex(b), m.hex(c)))


def _names(items) -> list[str]:
    return [i.name for i in items]


# --------------------------------------------------------------------------- a garden wall


def test_a_garden_wall_across_the_line_hides_the_target_both_ways(tmp_path: Path) -> None:
    m, _ = _yard(tmp_path)
    for a, b in (("D2", "D7"), ("D7", "D2")):
        s = _sight(m, a, b)
        assert not s.visible and not s.can_fire and s.no_shot == "not seen"
        assert s.blocked_by == ("wall D4/s",) or s.blocked_by == ("wall D5/n",)
        assert _names(s.rules) == ["walls"]  # "Characters behind walls receive infinite cover"
        assert "infinite cover and may not be fired upon" in s.rules[0].text
        assert _names(s.readings) == ["wall"] and s.readings[0].short.startswith("kit's reading")
    # on the firer's side of the wall, nothing between: seen
    assert _sight(m, "D2", "D4").visible and _sight(m, "D7", "D5").visible


def test_a_wall_between_two_rooms_of_one_house_hides_as_a_building_wall(tmp_path: Path) -> None:
    """F2 and F5 are in one house (F2-F5, door F6): a firer inside may "fire at anyone in the
    building", but the room's wall F3/s lies across the line straight down column F."""
    m, _ = _yard(tmp_path)
    assert frozenset((m.hex("F3"), m.hex("F4"))) in m.interior_walls
    s = _sight(m, "F2", "F5")
    assert not s.visible and s.blocked_by == ("interior wall F3/s",)
    assert _names(s.rules) == ["building-walls"] and _names(s.readings) == ["interior-wall"]
    assert _sight(m, "F2", "F3").visible  # the same room
    door = _sight(m, "F6", "F4")  # from the doorway: across F6/n and F5/n, no wall
    assert door.visible and door.can_fire
    assert not _sight(m, "F6", "F2").visible  # F6 -> F2 crosses F3/s


def test_a_line_along_a_wall_is_not_blocked_by_it_by_the_kits_reading(tmp_path: Path) -> None:
    """B3 -> D3 runs exactly along C2/s: one side of the line goes through C2, the other
    through C3; neither crosses the wall."""
    m, _ = _yard(tmp_path)
    s = _sight(m, "B3", "D3")
    assert s.along_side and s.visible and s.can_fire
    assert {"along-side", "along-wall"} <= set(_names(s.readings))
    assert "wall" in next(r.text for r in s.readings if r.name == "along-side")
    # the same line with no wall there: along a hex side, but no wall reading
    bare, _ = _yard(tmp_path, "D4/s")
    assert "along-wall" not in _names(_sight(bare, "B3", "D3").readings)


def test_a_wall_ending_at_the_corner_the_line_passes_blocks_one_side_only(tmp_path: Path) -> None:
    m, _ = _yard(tmp_path)
    s = _sight(m, "H2", "I6")
    assert s.along_side and s.visible  # the side H3 -> I3 -> H4 does not cross H3/s
    assert s.other is not None and s.other.blocked_by == ("wall H3/s",)
    assert "along-side" in _names(s.readings) and "along-wall" not in _names(s.readings)
    assert "H3/s" not in str(s.blocked_by)
    # the wall going on round the corner (I3/sw too): both sides cross it, not seen
    closed, _ = _yard(tmp_path, "H3/s I3/sw")
    shut = _sight(closed, "H2", "I6")
    assert not shut.visible and set(shut.blocked_by) == {"wall H3/s", "wall I3/sw"}
    assert {"along-side", "wall"} <= set(_names(shut.readings))


def test_sight_across_walls_is_the_same_both_ways(tmp_path: Path) -> None:
    m, _ = _yard(tmp_path)
    hexes = m.hexes()
    for a in hexes[::3]:
        for b in hexes[1::4]:
            there, back = line_of_sight(m, RULES, a, b), line_of_sight(m, RULES, b, a)
            assert there.visible == back.visible, (m.label(a), m.label(b))


# --------------------------------------------------------------------------- a horseman


def test_a_horseman_half_behind_a_garden_wall_is_seen_at_his_other_hex(tmp_path: Path) -> None:
    """From D2 his D5 is behind D4/s (straight down column D); his E5 is reached by D2 D3 E3
    D4 E4 E5, which crosses no wall. Seen at E5; the heavier cover, infinite: no shot."""
    m, _ = _yard(tmp_path)
    horse = _horse(m, "D2", "D5", "E5")
    behind, seen = horse.parts
    assert not behind.visible and behind.blocked_by == ("wall D4/s",)
    assert seen.visible and seen.cover == "none"
    assert horse.visible and horse.seen_at == (m.hex("E5"),)
    assert horse.half_seen == "seen at E5 only (D5 not seen)"
    assert horse.cover == "infinite" and not horse.can_fire
    assert horse.no_shot == "cover infinite (D5 behind wall D4/s)"
    both = _horse(m, "D2", "D5", "D6")  # both hexes behind the wall: not seen
    assert not both.visible and both.seen_at == () and both.half_seen == ""


def test_a_horseman_half_behind_the_mill_is_seen_at_his_other_hex() -> None:
    """The Water Mill: from K4 a horseman on J10,K10 south of the river. K4 -> K10 runs
    straight down column K (K5-K7 open, K8 river, K9 open): seen. K4 -> J10 passes the mill's
    house hex J7 (J7 H7 I7 house): its building wall, not seen."""
    mill = find_map(Cards(), "mill")
    horse = _horse(mill, "K4", "J10", "K10")
    assert [p.visible for p in horse.parts] == [False, True]
    assert horse.parts[0].blocked_by[0] == "building wall J7/ne"
    assert horse.half_seen == "seen at K10 only (J10 not seen)"
    assert horse.cover == "infinite" and not horse.can_fire


# --------------------------------------------------------------------------- the commands


def test_havoc_los_by_path_says_not_seen_behind_the_wall_with_the_reading(
    tmp_path: Path, havoc
) -> None:
    _, path = _yard(tmp_path)
    result = havoc("los", path, "D2", "D7")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[:2] == ["NOT SEEN; D2->D7: range 5", "blocked by wall D4/s"]
    assert "kit's reading: nothing seen past a wall" in lines
    assert_narrow(result.output)
    data = json.loads(havoc("los", path, "D2", "D7", "--json").output)
    assert data["visible"] is False and data["blocked_by"] == ["wall D4/s"]
    assert data["seen_hexes"] == [] and data["rules"][0]["name"] == "walls"
    assert [r["name"] for r in data["kits_readings"]] == ["wall"]
    inside = havoc("los", path, "F2", "F5").output.splitlines()
    assert inside[:2] == ["NOT SEEN; F2->F5: range 3", "blocked by interior wall F3/s"]
    assert "kit's reading: a room's wall blocks" in inside


def test_havoc_los_says_which_half_of_the_horseman_is_seen(tmp_path: Path, havoc) -> None:
    _, path = _yard(tmp_path)
    result = havoc("los", path, "D2", "D5,E5")
    lines = result.output.splitlines()
    assert lines[:3] == [
        "seen, NO SHOT; D2->D5,E5: range 3",
        "seen at E5 only (D5 not seen)",
        "cover infinite (D5 behind wall D4/s)",
    ]
    assert "D5: range 3, not seen (wall D4/s)" in lines and "E5: range 4, no cover" in lines
    assert "kit's reading: horse seen in either hex" in lines
    assert_narrow(result.output)
    data = json.loads(havoc("los", path, "D2", "D5,E5", "--json").output)
    assert data["visible"] is True and data["seen_hexes"] == ["E5"] and not data["can_fire"]
    assert [h["visible"] for h in data["hexes"]] == [False, True]


def test_the_shot_reads_the_same_sight(tmp_path: Path, havoc) -> None:
    _, path = _yard(tmp_path)
    behind = havoc("missile", "crossbow", "10", "i", "--map", path, "--from", "D2", "--to", "D7")
    assert behind.exit_code == 0 and behind.output.splitlines()[:2] == [
        "NO SHOT",
        "NOT SEEN; D2->D7: range 5",
    ]
    before = havoc(
        "missile", "crossbow", "10", "i", "--map", path, "--from", "D2", "--to", "D4", "--die", "5"
    )
    assert before.exit_code == 0 and "seen; D2->D4: range 2" in before.output
    horse = havoc("missile", "bow", "10", "m", "--map", path, "--from", "D2", "--to", "D5,E5")
    assert horse.output.splitlines()[:3] == [
        "NO SHOT",
        "seen, NO SHOT; D2->D5,E5: range 3",
        "seen at E5 only (D5 not seen)",
    ]


# --------------------------------------------------------------------------- a layouts file


def _layout(tmp_path: Path, text: str) -> Path:
    _yard(tmp_path)
    (tmp_path / "ford.toml").write_text(FORD)
    path = tmp_path / "two.toml"
    path.write_text(text)
    return path


def test_a_layouts_file_by_path_in_los_missile_and_swim(tmp_path: Path, havoc) -> None:
    path = _layout(tmp_path, LAYOUT.format(key="two"))
    los = havoc("los", "--layout", path, "yard:D2", "ford:D3")
    assert los.exit_code == 0, los.output
    assert los.output.splitlines()[:2] == [
        "NOT SEEN; yard:D2->ford:D3: range 9",
        "blocked by wall yard:D4/s",
    ]
    assert "kit's reading: yard above ford" in los.output.splitlines()
    shot = havoc(
        "missile", "bow", "10", "i", "--layout", path, "--from", "yard:D7", "--to", "ford:D3"
    )
    assert shot.exit_code == 0 and "seen; yard:D7->ford:D3: range 4" in shot.output
    swim = havoc("swim", "--layout", path, "ford:C2", "5", "3")
    assert swim.exit_code == 0, swim.output
    assert swim.output.startswith("IN THE WATER at ford:G2")  # 4 hexes down the ford's river


def test_a_layouts_file_of_several_takes_its_key(tmp_path: Path, havoc) -> None:
    path = _layout(tmp_path, LAYOUT.format(key="one") + "\n" + LAYOUT.format(key="two"))
    several = havoc("los", "--layout", path, "yard:D2", "ford:D3")
    assert several.exit_code == 2
    assert several.output.strip().endswith(f"2 layouts (one, two); give one as {path}#KEY")
    picked = havoc("los", "--layout", f"{path}#tw", "yard:D2", "yard:D4")
    assert picked.exit_code == 0 and picked.output.startswith("seen; yard:D2->yard:D4")


@pytest.mark.parametrize(
    ("layout", "expected"),
    [
        ("{tmp}/nowhere.toml", "layout file '{tmp}/nowhere.toml': not found"),
        ("{tmp}/two.toml#zz", "unknown layout in two.toml 'zz': expected one"),
        ("{tmp}/lost.toml", "lost.toml:4: key 'layout[1] (one).maps': map 'gone' (maps[2]): no"),
    ],
)
def test_a_bad_layouts_file_is_one_line_exit_2(
    tmp_path: Path, havoc, layout: str, expected: str
) -> None:
    _layout(tmp_path, LAYOUT.format(key="one"))
    lost = LAYOUT.format(key="one").replace('["yard", "ford"]', '["yard", "gone"]')
    (tmp_path / "lost.toml").write_text(lost.replace('"ford:top"', '"gone:top"'))
    result = havoc("los", "--layout", layout.format(tmp=tmp_path), "yard:D2", "ford:D3")
    assert result.exit_code == 2
    assert len(result.output.strip().splitlines()) == 1 and "Traceback" not in result.output
    assert expected.format(tmp=tmp_path) in result.output


def test_the_kits_own_layouts_file_by_path_answers_as_by_name(havoc) -> None:
    """cards/dark-blades/layouts.toml holds one layout; its maps are in maps/ beside it."""
    path = Path(__file__).parents[3] / "cards" / "dark-blades" / "layouts.toml"
    by_path = havoc("los", "--layout", path, "mill:C4", "arena:K3", "--json")
    by_name = havoc("los", "--layout", "raid", "mill:C4", "arena:K3", "--json")
    assert by_path.exit_code == 0 and json.loads(by_path.output) == json.loads(by_name.output)
