"""Swimming on a map (water.py): the tables the rulebook gives, followed hex by hex along the
map's flow, with the kit's readings labelled where it decides."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from companion.dark_blades import hexgrid as hg
from companion.dark_blades.maps import find_map, load_map
from companion.dark_blades.water import load_rules, swim
from companion.data import Cards
from companion.errors import DataError, InputError


@pytest.fixture(scope="module")
def mill():
    return find_map(Cards(), "mill")


@pytest.fixture(scope="module")
def rules():
    return load_rules(Cards())


def _path(s) -> list[str]:
    return [hg.name(h) for h in s.path]


def test_a_river_swimmer_rolls_the_crawl_out_die_then_the_river_table(mill, rules) -> None:
    out = swim(mill, rules, mill.hex("G8"), [1])
    assert out.outcome == "crawls out" and out.path == (mill.hex("G8"),)
    assert [r.table.name for r in out.rolls] == ["river-crawl-out"]
    out = swim(mill, rules, mill.hex("K8"), [4, 2])  # roll again; 2: four hexes downstream
    assert [r.table.name for r in out.rolls] == ["river-crawl-out", "river"]
    assert _path(out) == ["K8", "L9", "M8", "N9", "O9"] and out.outcome == "in the water"
    assert out.readings == ()  # the rulebook's words alone
    out = swim(mill, rules, mill.hex("K8"), [4, 10])  # a d10's ten is the printed 0
    assert out.outcome == "drowns" and out.rolls[-1].face == 0


def test_carried_into_the_mill_wheel_he_is_crushed_there(mill, rules) -> None:
    out = swim(mill, rules, mill.hex("G8"), [5, 3])
    assert out.outcome == "crushed" and _path(out) == ["G8", "H8", "I8"]
    assert out.where in mill.wheel and [r.name for r in out.readings] == ["wheel"]
    out = swim(mill, rules, mill.hex("I8"), [3, 1])  # in the wheel, carried on
    assert out.outcome == "crushed" and _path(out) == ["I8"]


def test_past_the_edge_he_is_swept_off_the_map(mill, rules) -> None:
    out = swim(mill, rules, mill.hex("R10"), [3, 5])
    assert out.outcome == "swept off" and out.where is None
    assert _path(out) == ["R10", "S10", "T11"] and "presumed lost" in out.why


def test_swept_into_stepping_stones_he_stops_and_rolls_to_hang_on(mill, rules) -> None:
    out = swim(mill, rules, mill.hex("M8"), [9, 5, 2])
    assert _path(out) == ["M8", "N9", "O9", "P10"] and out.outcome == "hangs on"
    assert [r.table.name for r in out.rolls][-1] == "river-stepping-stones"
    assert "stones-roll" in [r.name for r in out.readings]
    out = swim(mill, rules, mill.hex("M8"), [9, 5, 7])  # 7-0: the rules give no result
    assert out.outcome == "in the water" and out.where == mill.hex("P10")  # the kit's: not held
    assert "stones-unlisted" in [r.name for r in out.readings]
    assert not out.rolls[-1].rows  # the printed table is as printed: no row for 7
    without = copy.copy(rules)  # a user's water.toml without the reading: the rules' silence
    without.readings = {k: v for k, v in rules.readings.items() if k != "stones-unlisted"}
    out = swim(mill, without, mill.hex("M8"), [9, 5, 7])
    assert out.outcome == "on the stones" and "not in the source rules" in out.why
    out = swim(mill, rules, mill.hex("M8"), [9, 5])  # real dice ran out: ask, never roll
    assert out.outcome == "roll" and out.pending == "river-stepping-stones"


def test_fallen_from_a_bridge_he_is_in_the_river_there_a_kits_reading(mill, rules) -> None:
    out = swim(mill, rules, mill.hex("E8"), [3, 1])
    assert out.water == "river" and _path(out)[:3] == ["E8", "F9", "G8"]
    assert "fell-in-at" in [r.name for r in out.readings]


def test_next_to_the_lake_shore_he_rolls_the_shore_die_then_the_lake_table(mill, rules) -> None:
    out = swim(mill, rules, mill.hex("K2"), [5, 2])
    assert [r.table.name for r in out.rolls] == ["lake-crawl-out", "lake"]
    assert _path(out) == ["K2", "L3", "L4", "M4"]  # two downstream, one towards a bank
    names = [r.name for r in out.readings]
    assert {"lake-flow", "shore", "bank"} <= set(names)
    assert swim(mill, rules, mill.hex("K2"), [3]).outcome == "crawls out"
    out = swim(mill, rules, mill.hex("L3"), [9])  # water all round: the lake table alone
    assert [r.table.name for r in out.rolls] == ["lake"] and out.outcome == "drowns"


def test_the_lakes_doubled_6_takes_the_first_row_and_shows_the_other(mill, rules) -> None:
    out = swim(mill, rules, mill.hex("L3"), [6, 3])
    assert len(out.rolls[0].rows) == 2 and "lake-six" in [r.name for r in out.readings]
    assert _path(out) == ["L3", "L4", "L5"]  # two down; farthest bank: land both sides
    assert out.other is not None and _path(out.other) == ["L3", "L4", "L5", "L6"]
    assert out.other.outcome == "hangs on"  # three down: onto the stepping stones


def test_wounded_or_stunned_he_drowns(mill, rules) -> None:
    out = swim(mill, rules, mill.hex("K2"), [], hurt="stunned")
    assert out.outcome == "drowns" and out.rolls == ()
    out = swim(mill, rules, mill.hex("G8"), [], hurt="wounded")
    assert out.outcome == "drowns" and any(r.short.startswith("kit's") for r in out.readings)


def test_the_same_seed_gives_the_same_swim_and_dice_are_rolled_when_none_given(mill, rules) -> None:
    a = swim(mill, rules, mill.hex("A9"), [], seed=11)
    b = swim(mill, rules, mill.hex("A9"), [], seed=11)
    assert a == b and all(r.rolled for r in a.rolls)
    seen = {swim(mill, rules, mill.hex("A9"), [], seed=n).outcome for n in range(40)}
    assert {"crawls out", "in the water"} <= seen


def test_refusals_name_what_is_wrong(mill, rules, tmp_path: Path) -> None:
    with pytest.raises(InputError, match="A1 is open, not water"):
        swim(mill, rules, mill.hex("A1"), [1])
    with pytest.raises(InputError, match="lake-crawl-out is rolled on d10"):
        swim(mill, rules, mill.hex("K2"), [11])
    path = tmp_path / "dark-blades" / "maps" / "dry.toml"
    path.parent.mkdir(parents=True)
    path.write_text(
        'name = "Dry"\ndesign = "transcribed"\nwidth = 2\nheight = 1\n'
        "edges = { top = 1, right = 2, bottom = 3, left = 4 }\n"
        'rows = """\n1 . r\n"""\n[legend]\n"." = "open"\nr = "river"\n'
    )
    with pytest.raises(InputError, match="no flow block"):
        swim(load_map(path, Cards(tmp_path)), rules, (1, 1), [5, 1])


def _wide_lake(tmp_path: Path):
    """A lake five hexes across, running south: banks at columns A and G."""
    rows = "".join(f"{r} . l l l l l .\n" for r in range(1, 9))
    path = tmp_path / "dark-blades" / "maps" / "lake.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(
        'name = "Lake"\ndesign = "transcribed"\nwidth = 7\nheight = 8\n'
        "edges = { top = 1, right = 2, bottom = 3, left = 4 }\n"
        f'rows = """\n{rows}"""\nflow = "B1:F8/s"\n[legend]\n"." = "open"\nl = "lake"\n'
    )
    return load_map(path, Cards(tmp_path))


def test_towards_the_nearest_or_farthest_bank_drifts_across_the_flow(tmp_path: Path, rules) -> None:
    m = _wide_lake(tmp_path)
    near = swim(m, rules, m.hex("C2"), [1])  # C2: water all round, two hexes from the bank A
    assert near.rolls[0].table.name == "lake"
    assert _path(near) == ["C2", "C3", "C4", "B5"]  # down two, then towards the west bank
    far = swim(m, rules, m.hex("C2"), [4])
    assert _path(far) == ["C2", "C3", "C4", "D5"]  # towards open water, away from A
    shore = swim(m, rules, m.hex("B2"), [5, 1])  # next to the shore: the shore die first
    assert [r.table.name for r in shore.rolls] == ["lake-crawl-out", "lake"]
    assert _path(shore) == ["B2", "B3", "B4"]  # the drift onto the bank stops short
    down = swim(m, rules, m.hex("D2"), [8])  # water all round: the lake table alone
    assert down.rolls[0].table.name == "lake" and _path(down) == ["D2", "D3", "D4", "D5"]


def test_a_wrong_effect_code_in_a_users_table_is_refused_naming_the_file(tmp_path: Path) -> None:
    kit = Cards().path("dark-blades", "tables/river.toml").read_text(encoding="utf-8")
    mine = tmp_path / "dark-blades" / "tables" / "river.toml"
    mine.parent.mkdir(parents=True)
    mine.write_text(kit.replace('effect = "downstream 4"', 'effect = "upstream 4"'))
    rules = load_rules(Cards(tmp_path))
    mill = find_map(Cards(tmp_path), "mill")
    with pytest.raises(DataError, match=r"river\.toml.*'upstream 4' is not a water effect"):
        swim(mill, rules, mill.hex("G8"), [5, 3])
