"""Line of sight at buildings by the rulebook's firing rules (issue 21 §1): windows, doors,
building walls, lines along a hex side, the adjacent target, and each answer's rule quoted."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.dark_blades import hexgrid as hg
from companion.dark_blades.maps import BUILDING, HexMap, find_map, load_map
from companion.dark_blades.sight import horse_sight, line_of_sight, load_sight
from companion.data import Cards, read_toml
from tests.conftest import ROOT, assert_narrow

CARDS = Cards()
RULES = load_sight(CARDS)
ARENA = find_map(CARDS, "arena")  # the prison: Q2 R2 R3 S3 house, S2 R4 windows, Q3 door
MILL = find_map(CARDS, "mill")  # the mill: H6 J6 windows, I6 door, H7 I7 J7 house
SEED = "shared/seeds/001_e01aae68a18ab05c.txt"  # the rulebook, beside the repository
TWO_WINDOWS = "A character may not fire through one window and then through another window or door."
INTERIOR = (
    "Characters wishing to fire into the interior of a building must be inside or in a "
    "doorway hex of the same building."
)
HEAD = """name = "Test"
design = "transcribed"
width = 8
height = 6
edges = { top = 1, right = 2, bottom = 3, left = 4 }
"""
LEGEND = '\n[legend]\n"." = "open"\nh = "house"\nw = "window"\nd = "door"\nt = "tree"\n'


def _map(tmp_path: Path, rows: str) -> HexMap:
    path = tmp_path / "dark-blades" / "maps" / "test.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(HEAD + f'rows = """\n{rows}"""\n' + LEGEND)
    return load_map(path, Cards(tmp_path))


def _sight(m: HexMap, a: str, b: str):
    return line_of_sight(m, RULES, m.hex(a), m.hex(b))


def _names(items) -> list[str]:
    return [i.name for i in items]


def _flat(text: str) -> str:
    """The output's words on one line (a quote wrapped to 40 columns, read whole)."""
    return " ".join(text.split())


# --------------------------------------------------------------------------- the rules' words


def test_the_rules_quoted_are_the_rulebooks_words_and_sections() -> None:
    found = [p / SEED for p in (ROOT.parent, ROOT.parent.parent) if (p / SEED).exists()]
    if not found:
        pytest.skip("the rulebook text is not beside this checkout")
    text = found[0].read_text(encoding="utf-8")
    lines = {line.strip().lstrip("- ").split(":")[0] for line in text.splitlines()}
    for name, rule in RULES.rules.items():
        assert rule.text in text, name
        for heading in rule.section.split(": "):
            assert heading in lines, (name, heading)  # a heading or a "- Walls:" entry
    assert RULES.adjacent is not None and RULES.adjacent.text in text
    assert RULES.adjacent.section == "Firing and Combat"


def test_the_adjacent_rule_is_read_from_missiles_toml_not_copied() -> None:
    missiles = read_toml(CARDS.path("dark-blades", "missiles.toml"))
    assert missiles["adjacent_rule"].startswith(RULES.adjacent.text)
    assert "adjacent" not in RULES.rules


# --------------------------------------------------------------------------- through two windows


def test_a_line_in_at_one_window_and_out_at_another_is_not_seen_both_ways() -> None:
    """Beside the window R4, Q4 sees into the building, but not through it and out at the
    window S2: "a character may see into a tree or building hex, but not through it" (the
    spells read the same sight); so too from T2, beside S2, the other way."""
    for a, b, stop in (("Q4", "T2", "building S2"), ("T2", "Q4", "building R4")):
        s = _sight(ARENA, a, b)
        assert not s.visible and not s.can_fire and not s.open_shot
        assert s.blocked_by == (stop,) and s.no_shot == "not seen"
        assert [r.name for r in s.rules] == ["see-into"]
        assert "not through it" in s.rules[0].text
        assert [ARENA.label(h) for h in s.line] in (
            ["Q4", "R4", "R3", "S3", "S2", "T2"],
            ["T2", "S2", "S3", "R3", "R4", "Q4"],
        )


def test_havoc_los_q4_t2_says_not_seen_and_quotes_the_rule(havoc) -> None:
    result = havoc("los", "arena", "Q4", "T2")
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert lines[0] == "NOT SEEN; Q4->T2: range 4"
    assert lines[1] == "blocked by building S2"
    assert "see into a tree or building hex, but not through it" in _flat(result.output)
    assert_narrow(result.output)
    data = json.loads(havoc("los", "arena", "Q4", "T2", "--json").output)
    assert data["can_fire"] is False and data["visible"] is False
    assert data["no_shot"] == "not seen" and data["blocked_by"] == ["building S2"]
    assert data["rules"][0]["name"] == "see-into"


def test_a_door_then_a_window_is_refused_as_a_window_then_a_door_by_the_kits_reading(
    tmp_path: Path,
) -> None:
    m = _map(tmp_path, "1 ........\n2 .hd..wh.\n3 .hh..hh.\n4 ........\n5 ........\n6 ........\n")
    door_first, window_first = _sight(m, "C2", "F2"), _sight(m, "F2", "C2")
    for s in (door_first, window_first):
        assert (
            s.visible
            and not s.can_fire
            and s.rules[0].name == "window-then"
            and s.rules[0].text == TWO_WINDOWS
        )
    assert door_first.refusal == "through door C2, then window F2"
    assert "door-first" in _names(door_first.readings)  # the rules say "one window and then"
    assert "door-first" not in _names(window_first.readings)  # the rules' own case
    doors = _map(
        tmp_path, "1 ........\n2 .hd..dh.\n3 .hh..hh.\n4 ........\n5 ........\n6 ........\n"
    )
    across = _sight(doors, "C2", "F2")  # door to door, no window: "in or out ... at any angle"
    assert across.can_fire and across.cover == "medium"
    assert {"door"} == set(_names(across.rules))


# --------------------------------------------------------------------------- into a building


def test_into_the_interior_at_a_door_from_outside_is_refused() -> None:
    s = _sight(ARENA, "P4", "R3")
    assert s.visible and not s.can_fire
    assert s.refusal == "in at door Q3; the firer is not inside"
    assert s.rules[0].name == "interior" and s.rules[0].text.startswith(INTERIOR)
    # the door's own occupant may be fired at, from outside, at any angle
    door = _sight(ARENA, "P5", "Q3")
    assert door.can_fire and door.cover == "medium" and "door" in _names(door.rules)


def test_havoc_los_and_missile_refuse_p4_to_r3_with_the_rule(havoc) -> None:
    los = havoc("los", "arena", "P4", "R3")
    assert los.exit_code == 0 and los.output.startswith("seen, NO SHOT; P4->R3: range 2\n")
    assert INTERIOR in _flat(los.output)
    shot = havoc("missile", "crossbow", "8", "i", "--die", "5", "--map", "arena", "--from", "P4", "--to", "R3")  # fmt: skip
    assert shot.exit_code == 0 and shot.output.startswith("NO SHOT\nseen, NO SHOT; P4->R3")
    assert INTERIOR in _flat(shot.output) and "30÷8" not in shot.output  # nothing rolled
    assert_narrow(shot.output)
    data = json.loads(
        havoc(
            "missile",
            "crossbow",
            "8",
            "i",
            "--map",
            "arena",
            "--from",
            "P4",
            "--to",
            "R3",
            "--json",
        ).output  # fmt: skip
    )
    assert data["result"] is None and data["no_shot"] is True
    assert data["map"]["no_shot"] == "in at door Q3; the firer is not inside"
    assert data["map"]["rules"][0]["name"] == "interior"


def test_only_a_firer_beside_the_window_fires_past_it_into_the_building() -> None:
    beside = _sight(ARENA, "Q4", "R3")  # along Q3|R4: in at the window R4 from beside it
    assert beside.can_fire and beside.cover == "none" and beside.along_side
    assert "beside-window" in _names(beside.rules)
    assert beside.other is not None and "door Q3" in beside.other.no_shot  # the door side
    far = _sight(ARENA, "R8", "R3")  # in at the window R4 from four hexes off: not through it
    assert not far.visible and not far.can_fire and far.blocked_by == ("building R4",)
    assert far.rules[0].name == "see-into"
    at_window = _sight(ARENA, "R8", "R4")  # the window's occupant: medium, through it
    assert at_window.can_fire and at_window.cover == "medium"
    assert {"into-window", "window-cover"} <= set(_names(at_window.rules))


def test_a_window_two_hexes_off_in_a_test_map(tmp_path: Path) -> None:
    m = _map(tmp_path, "1 ........\n2 ........\n3 ..www...\n4 ..hhh...\n5 ........\n6 ........\n")
    assert _sight(m, "D2", "D4").can_fire  # beside the window D3
    off = _sight(m, "D1", "D4")  # sees into the window D3, not through it
    assert not off.visible and off.blocked_by == ("building D3",)


# --------------------------------------------------------------------------- out of a building


def test_firing_out_is_from_the_window_or_door_hex_the_firer_stands_in() -> None:
    window = _sight(ARENA, "R4", "R6")
    assert window.can_fire and "from-window" in _names(window.rules)
    door = _sight(ARENA, "Q3", "P5")
    assert door.can_fire and "door" in _names(door.rules)
    s = _sight(ARENA, "R3", "R5")  # inside, out at a window he does not stand in, to the
    assert s.visible and not s.can_fire  # hex beside it (who sees in, so is seen)
    assert s.refusal == "out at window R4; the firer is not in it"
    assert "out-from-aperture" in _names(s.readings)  # the kit's reading, labelled
    assert s.readings[-1].short.startswith("kit's reading")
    s = _sight(ARENA, "Q3", "T5")  # further off: the line sees into R4, not through it
    assert not s.visible and s.blocked_by == ("building R4",)


def test_inside_his_building_a_firer_fires_at_anyone_in_it() -> None:
    s = _sight(ARENA, "Q2", "S3")  # house to house
    assert s.can_fire and "interior" in _names(s.rules)
    from_window = _sight(ARENA, "R4", "S2")  # window to window, inside
    assert from_window.can_fire and from_window.cover == "none"  # not through its aperture
    assert "in-window" in _names(from_window.readings)


# --------------------------------------------------------------------------- building walls


def test_a_building_wall_blocks_and_a_horseman_half_behind_one_is_in_infinite_cover(
    tmp_path: Path,
) -> None:
    m = _map(tmp_path, "1 ........\n2 ........\n3 ..hhh...\n4 ........\n5 ........\n6 ........\n")
    hidden, seen = _sight(m, "D1", "F5"), _sight(m, "D1", "G5")
    assert not hidden.visible and any(b.startswith("building wall E3/") for b in hidden.blocked_by)
    assert "building-walls" in _names(hidden.rules)
    assert seen.can_fire and seen.cover == "none"
    horse = horse_sight(m, RULES, m.hex("D1"), (m.hex("F5"), m.hex("G5")))
    assert horse.visible and horse.cover == "infinite" and not horse.can_fire
    assert horse.why.startswith("F5 behind building wall E3/")
    assert horse.no_shot.startswith("cover infinite")


def test_havoc_los_a_horseman_half_behind_the_prison_wall_is_no_shot(havoc) -> None:
    result = havoc("los", "arena", "Q1", "S1,T2")
    lines = result.output.splitlines()
    assert lines[:2] == ["seen, NO SHOT; Q1->S1,T2: range 2", "seen at S1 only (T2 not seen)"]
    assert _flat(result.output).startswith(
        "seen, NO SHOT; Q1->S1,T2: range 2 seen at S1 only (T2 not seen) cover infinite "
        "(T2 behind building wall R2/"
    )
    assert "No character may fire over or through building walls" in _flat(result.output)
    assert "S1: range 2, no cover" in lines


def test_the_outer_sides_of_a_window_are_its_aperture_and_of_a_house_its_wall() -> None:
    walls = {frozenset(p) for p in ARENA.building_walls}
    for h, number in ARENA.buildings.items():
        for side in hg.SIDES:
            n = hg.neighbour(h, side)
            if ARENA.buildings.get(n) != number:  # an outer side
                wall = frozenset((h, n)) in walls
                assert wall == (ARENA.terrain[h] == "house"), (ARENA.label(h), side)


# --------------------------------------------------------------------------- along a hex side


def test_a_line_along_a_spine_judges_each_side_by_the_same_rules() -> None:
    """Window to window in the mill: outside (I5) it goes out at one window and in at the other
    (refused); inside (I6, the door) it stays in the building (no cover, not through the
    aperture). Today's medium cover came from the refused outside."""
    for a, b in (("H6", "J6"), ("J6", "H6")):
        s = _sight(MILL, a, b)
        assert s.along_side and s.can_fire and s.cover == "none"
        assert "interior" in _names(s.rules) and "along-side" in _names(s.readings)
        assert s.other is not None and s.other.no_shot.startswith(f"through window {a}")
        assert [[MILL.label(h) for h in step] for step in s.steps][1] in (
            ["I6", "I5"],
            ["I5", "I6"],
        )


_SWEPT: dict[tuple[str, object, object], object] = {}


def _swept(m: HexMap, a, b):
    """`line_of_sight(m, RULES, a, b)` for the two sweeps below, each pair worked out once in
    this module (the first sweep's pairs one way are also the second's)."""
    key = (m.key, a, b)
    if key not in _SWEPT:
        _SWEPT[key] = line_of_sight(m, RULES, a, b)
    return _SWEPT[key]


def test_sight_is_symmetric_on_the_kits_maps_and_no_shot_between_outside_hexes_too() -> None:
    for m in (ARENA, MILL):
        hexes = m.hexes()
        for a in hexes[::4]:
            for b in hexes[1::3]:
                if a == b:
                    continue
                there, back = _swept(m, a, b), _swept(m, b, a)
                assert there.visible == back.visible, (m.key, m.label(a), m.label(b))
                if m.terrain[a] not in BUILDING and m.terrain[b] not in BUILDING:
                    assert there.can_fire == back.can_fire, (m.key, m.label(a), m.label(b))


def test_every_answer_near_a_building_names_a_rule() -> None:
    """A line that reaches a building hex (not stopped by a tree first) names the rule applied,
    each a rule of sight.toml with its section (a sixth of the pairs of hexes)."""
    for m in (ARENA, MILL):
        for a in m.hexes()[::2]:
            for b in m.hexes()[1::3]:
                s = _swept(m, a, b) if a != b else None
                if s is None or any(x.startswith("tree") for x in s.blocked_by):
                    continue
                sides = [path for path, _ in hg.paths(a, b)]
                taken = next(p for p in sides if s.other is None or p != s.other.hexes)
                if any(m.terrain.get(h) in BUILDING for h in taken):  # the answer's side
                    assert s.rules, (m.key, m.label(a), m.label(b))
                    assert all(r.section and r.text for r in s.rules)


# --------------------------------------------------------------------------- the line in order


def test_havoc_los_lists_the_line_in_order_each_side_of_a_spine_together(havoc) -> None:
    result = havoc("los", "arena", "Q4", "R3")
    assert "line: Q4 R4|Q3 R3" in result.output.splitlines()
    data = json.loads(havoc("los", "arena", "Q4", "R3", "--json").output)
    assert data["line_steps"] == [["Q4"], ["R4", "Q3"], ["R3"]]
    assert data["line"] == ["Q4", "R4", "Q3", "R3"]
    assert data["other_side"]["no_shot"] == "in at door Q3; the firer is not inside"
    # through a corner: a hex on one side only
    corner = json.loads(havoc("los", "mill", "A8", "K5", "--json").output)
    assert [None, "D7"] in corner["line_steps"] and ["H7", None] in corner["line_steps"]


def test_each_sides_hexes_come_in_order_in_the_line() -> None:
    for a in MILL.hexes()[::7]:
        for b in MILL.hexes()[::5]:
            if a == b:
                continue
            s = line_of_sight(MILL, RULES, a, b)
            for side, (path, _) in enumerate(hg.paths(a, b)):
                on_side = [step[min(side, len(step) - 1)] for step in s.steps]
                assert [h for h in on_side if h is not None] == list(path)


# --------------------------------------------------------------------------- next to the target


def test_havoc_los_refuses_an_adjacent_target_as_missile_does(havoc) -> None:
    result = havoc("los", "arena", "K1", "K2")
    assert result.exit_code == 0
    assert result.output.splitlines()[:2] == [
        "seen, NO SHOT; K1->K2: range 1",
        "adjacent to the target",
    ]
    assert "adjacent to an enemy character in the firing step." in _flat(result.output)
    data = json.loads(havoc("los", "arena", "K1", "K2", "--json").output)
    assert data["can_fire"] is False and data["adjacent"] is True
    assert data["no_shot"] == "adjacent to the target"
    assert data["rules"][-1]["section"] == "Firing and Combat"
    assert json.loads(havoc("los", "arena", "K1", "K3", "--json").output)["can_fire"] is True
    shot = havoc("missile", "crossbow", "8", "i", "--map", "arena", "--from", "K1", "--to", "K2")
    assert shot.output.startswith("NO SHOT\n(range 1: adjacent to the target)")
    # the Breath reaches 1 hex: the map leaves range 1 to the weapon
    breath = havoc("missile", "breath", "8", "i", "--die", "3", "--map", "arena", "--from", "K1", "--to", "K2")  # fmt: skip
    assert breath.exit_code == 0 and "20÷8 = 2-1" in breath.output
    assert "NO SHOT" not in breath.output


# --------------------------------------------------------------------------- a board names hexes


def test_every_hex_printed_goes_through_the_maps_label(havoc) -> None:
    class Board(HexMap):
        def label(self, h):
            return f"arena:{hg.name(h)}"

    board = object.__new__(Board)
    board.__dict__.update(ARENA.__dict__)
    s = line_of_sight(board, RULES, board.hex("Q4"), board.hex("T2"))
    data = s.as_dict()
    assert data["from"] == "arena:Q4" and data["to"] == "arena:T2"
    assert all(h.startswith("arena:") for h in data["line"])
    assert s.blocked_by == ("building arena:S2",)
    from companion.commands.dark_blades.maps import sight_lines

    assert "line: arena:Q4 arena:R4" in "\n".join(sight_lines(s))
