"""`havoc swim MAP HEX [DIE...]`: answer first in 40 columns, the path, --json, --seed, refusals."""

from __future__ import annotations

import json

from tests.conftest import assert_narrow


def test_swim_answers_first_with_the_path_and_each_roll(havoc) -> None:
    result = havoc("swim", "mill", "G8", "5", "3")
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert lines[0] == "CRUSHED in the mill wheel at I8"
    assert "carried: G8 H8 I8" in result.output
    assert "In the river: 5 given" in result.output and "The River: 3 given" in result.output
    assert "kit's reading: into the wheel = crushed" in result.output
    assert "kit's map, not the" in result.output
    assert_narrow(result.output)


def test_swim_json_gives_the_tables_the_path_and_the_readings(havoc) -> None:
    data = json.loads(havoc("swim", "mill", "L3", "6", "3", "--json").output)
    assert data["water"] == "lake" and data["path"] == ["L3", "L4", "L5"]
    assert data["rolls"][0]["table"] == "lake" and len(data["rolls"][0]["results"]) == 2
    assert data["other_printed_row"]["path"] == ["L3", "L4", "L5", "L6"]
    assert "lake-six" in [r["name"] for r in data["kits_readings"]]


def test_swim_rolls_when_no_die_is_given_and_a_seed_repeats_it(havoc) -> None:
    first = havoc("swim", "mill", "A9", "--seed", "5", "--json").output
    assert first == havoc("swim", "mill", "A9", "--seed", "5", "--json").output
    assert all(r["rolled"] for r in json.loads(first)["rolls"])


def test_swim_asks_for_the_next_die_when_real_dice_run_out(havoc) -> None:
    result = havoc("swim", "mill", "M8", "9")
    assert result.exit_code == 0 and result.output.startswith("ROLL AGAIN (river)")
    assert "give one more DIE for river" in result.output


def test_swim_refuses_land_a_bad_die_and_the_kits_map_under_source_only(havoc) -> None:
    result = havoc("swim", "mill", "A1", "3")
    assert result.exit_code == 2 and "A1 is open, not water" in result.output
    result = havoc("swim", "mill", "G8", "12")
    assert result.exit_code == 2 and "rolled on d10" in result.output
    assert "Traceback" not in result.output
    result = havoc("--source-only", "swim", "mill", "G8", "1")
    assert result.exit_code == 2 and "kit's own" in result.output


def test_swim_refuses_faces_no_table_rolls_never_drops_them(havoc) -> None:
    result = havoc("swim", "mill", "G8", "5", "3", "1", "1")
    assert result.exit_code == 2 and result.output.count("\n") == 1
    assert "DIE: 4 faces given, the swim rolls 2: leave out 1 1" in result.output
    assert havoc("swim", "mill", "G8", "5", "3").exit_code == 0
    # a lake 6: the other printed row rolls once more, so its face is used, not extra
    assert havoc("swim", "mill", "L3", "6", "3").exit_code == 0
    assert "rolls 2: leave out 3\n" in havoc("swim", "mill", "L3", "6", "3", "3").output
    hurt = havoc("swim", "mill", "G8", "5", "--hurt", "wounded")
    assert hurt.exit_code == 2 and "DIE: a wounded swimmer drowns and rolls no die" in hurt.output
