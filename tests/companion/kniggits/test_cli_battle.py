"""`havoc battle`: the battle the phone shows, from the command line (new, show, next, fight,
undo), 40 columns, refusals in one line."""

from __future__ import annotations

import pytest

from tests.conftest import ROOT, assert_narrow

ARMY = ROOT / "cards" / "kniggits" / "army.csv"


@pytest.fixture
def battle(havoc, tmp_path):
    blue = tmp_path / "blue.csv"
    blue.write_text("count,name,movement,attack,defense\n1,Sir Kay,3,1,2\n1,Coward,1,0,1\n")
    path = tmp_path / "battle.sqlite3"

    def run(*args, ok=True):
        result = havoc("battle", *args, "-b", path)
        if ok:
            assert result.exit_code == 0, result.output
            assert_narrow(result.output)
        return result

    run("new", ARMY, blue, "-n", "Red,Blue")
    return run


def test_a_battle_from_the_command_line(battle):
    text = battle("show").output
    assert text.splitlines()[0] == "Turn 1: Red, phase 1 (moving)"
    assert "  Sir Kay: M3 A1 D2, fights; 6 in" in text
    assert "  ran away before the battle: Coward" in text
    assert battle("next").output.startswith("Turn 1: Red, phase 2 (turning)")
    battle("next")
    text = battle("fight", "gal", "kay", "h/h", "l/m").output
    flat = text.replace("\n  ", " ")
    assert flat.startswith("Sir Galahad hits Sir Kay: Sir Kay loses an Attack token")
    assert "Sir Kay hits Sir Galahad: Sir Galahad loses a Movement token" in flat
    assert "Sir Galahad: M3 A3 D2 -> M2 A3 D2" in text  # both blows, tokens from before
    assert "Sir Kay: M3 A1 D2 -> M3 A0 D2" in text
    text = battle("fight", "gal", "kay", "m", "l").output  # tokens carried: D2 -> D1
    assert "Sir Kay: M3 A0 D2 -> M3 A0 D1" in text
    assert battle("undo").output.startswith("Undone: step 4.")
    assert "  Sir Kay: M3 A0 D2, cannot attack; 6 in" in battle("show").output


@pytest.mark.parametrize(
    "args, words",
    [
        (("fight", "gal", "kay", "h", "l"), "phase three"),
        (("next", "next", "fight", "kay", "gal", "h", "l"), "it is Red's turn"),
    ],
)
def test_refusals_are_one_line(battle, args, words):
    (*steps,) = args
    while steps and steps[0] == "next":
        battle(steps.pop(0))
    result = battle(*steps, ok=False)
    assert result.exit_code == 2
    (line,) = result.output.strip().splitlines()
    assert words in line


def test_json_for_scripts(battle):
    import json

    data = json.loads(battle("show", "--json").output)
    assert (data["turn"], data["player"], data["phase"], data["over"]) == (1, "Red", "move", False)
    kay = data["sides"][1]["kniggits"][0]
    assert kay["name"] == "Sir Kay" and kay["tokens"] == {"movement": 3, "attack": 1, "defense": 2}
    assert data["sides"][1]["ran_away"] == ["Coward"] and data["last"] is None
    battle("next")
    battle("next")
    data = json.loads(battle("fight", "gal", "kay", "h", "l", "--json").output)
    assert data["last"]["blows"][0]["loses"] == "attack" and data["last"]["blows"][1] is None
    assert data["sides"][1]["kniggits"][0]["can_attack"] is False
