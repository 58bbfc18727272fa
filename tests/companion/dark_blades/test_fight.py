"""`havoc fight`: lookups by the pieces' names (issue 14 §3) give the same record as `havoc crt`
with the roster's values, the table from the pieces' kinds and the defender's rules."""

from __future__ import annotations

import json

import pytest

from companion.dark_blades import fight, pieces
from companion.data import Cards
from companion.errors import InputError

ROSTER = pieces.load(Cards()).roster
BY_NAME = {c.name: dict(c.values) for c in ROSTER}


def record(havoc, *args: str) -> dict:
    result = havoc("fight", *args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_same_as_havoc_crt_with_the_rosters_values(havoc) -> None:
    thrugg, grast = BY_NAME["Thrugg Lumpthew"], BY_NAME["Grast"]
    got = record(havoc, "thr", "gra:wounded", "7")
    attack, defence = thrugg["mounted_attack"], grast["mounted_wounded_defence"]
    want = json.loads(havoc("crt", "mou-mou", str(attack), str(defence), "7", "--json").output)
    assert got["table"] == "mounted-vs-mounted"
    assert (got["attack"], got["defence"]) == (attack, defence)
    for key in ("raw_odds", "column", "result", "meaning", "chances"):
        assert got[key] == want[key], key
    assert got["defender_state"] == "wounded" and got["values"] == "kit"
    assert [d["name"] for d in got["defenders"]] == ["Grast"]


def test_the_answer_comes_first_and_says_the_values_are_the_kits(havoc) -> None:
    lines = havoc("fight", "thr:foot", "gob", "1").output.splitlines()
    want = json.loads(havoc("fight", "thr:foot", "gob", "1", "--json").output)
    assert lines[0].startswith(f"{want['result']}  ")
    assert "values: the kit's (pieces.csv)" in lines
    assert all(len(line) <= 40 for line in lines)
    assert want["table"] == "infantry-vs-infantry"
    assert want["attack"] == BY_NAME["Thrugg Lumpthew"]["attack"]


def test_several_a_side_combine_and_the_owner_picks(havoc) -> None:
    goblin = BY_NAME["Goblin"]["attack"]
    one = record(havoc, "gob,gob", "gra:foot", "1")
    two = record(havoc, "gob", "gra:foot", "1", "-a", "gob")
    assert one["attack_strengths"] == two["attack_strengths"] == [goblin, goblin]
    assert "several" in [r["name"] for r in one["rules"]]


def test_dogs_mules_and_trolls_get_their_rules(havoc) -> None:
    mule = record(havoc, "gob", "pack", "1")
    assert mule["table"] == "infantry-vs-mounted"  # a mule is a mounted target
    assert mule["defender_kind"] == "mule"
    dog = record(havoc, "gob", "zat", "1")
    assert dog["table"] == "infantry-vs-infantry" and dog["defender_kind"] == "dog"
    troll = record(havoc, "gra:foot", "troll", "1")
    assert troll["defender_kind"] == "troll"


def test_missile_fire_by_name(havoc) -> None:
    got = record(havoc, "lab:foot", "gob", "2", "-r", "12")
    want = json.loads(havoc("missile", "bow", "12", "7", "i", "2", "--json").output)
    assert BY_NAME["Goblin"]["defence"] == 7
    assert got["result"] == want["result"] and got["strength"] == want["strength"]
    mounted = havoc("fight", "lab", "gob", "-r", "12")
    assert mounted.exit_code != 0 and "mounted characters may not fire" in mounted.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("gob:stunned", "gra"), "stunned: may not attack"),
        (("xyz", "gra"), "unknown attacker name 'xyz'"),
        (("zat:wounded", "gra"), "only alive and dead"),
        (("gob,gra", "thr"), "mix mounted and foot"),
        (("gob",), "give an attacker and a defender"),
    ],
)
def test_refusals_are_one_line(havoc, args: tuple[str, ...], message: str) -> None:
    result = havoc("fight", *args)
    assert result.exit_code != 0 and message in result.output
    assert "Traceback" not in result.output


def test_names_by_start_words_or_initials() -> None:
    assert fight.find(ROSTER, "thr", "x").name == "Thrugg Lumpthew"
    assert fight.find(ROSTER, "bf", "x").name == "The Black Fox"
    assert fight.find(ROSTER, "elite axe", "x").name == "Mon-Oger Elite Axe"
    with pytest.raises(InputError, match="could be"):
        fight.find(ROSTER, "mon-oger elite", "x")
