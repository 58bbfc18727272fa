"""The `havoc army/exchange` commands: output width, --json keys, exit codes."""

from __future__ import annotations

import json

import pytest

from tests.conftest import ROOT, assert_narrow

ARMY = ROOT / "cards" / "kniggits" / "army.csv"


@pytest.mark.parametrize(
    "args, message",
    [
        (
            ("army", str(ARMY), "--points", "99999999999"),
            "'--points': '99999999999': expected a whole number from 0 to 1,000,000",
        ),
        (
            ("exchange", "--attack", "high", "--defend", "low", "--tokens", "99999999999,1,1"),
            "--tokens: at most 1,000 of each colour",
        ),
    ],
)
def test_kniggits_numbers_are_capped(havoc, args, message):
    result = havoc(*args)
    assert result.exit_code == 2
    assert message in result.output and len(result.output.splitlines()) == 1


# --------------------------------------------------------------------------- army


def test_sample_army(havoc):
    result = havoc("army", ARMY)
    assert result.exit_code == 0, result.output
    assert_narrow(result.output)
    assert "50 of 50" in result.output and "LEGAL" in result.output
    data = json.loads(havoc("army", ARMY, "--json").output)
    assert data["points"] == 50 and data["legal"] and data["runaways"] == []


def test_army_over_budget_exits_1_and_names_runaways(havoc, tmp_path):
    path = tmp_path / "big.csv"
    path.write_text("count,name,movement,attack,defense\n4,Knight,8,2,1\n1,Coward,2,2,0\n")
    result = havoc("army", path)
    assert result.exit_code == 1
    assert_narrow(result.output)
    assert result.output.splitlines()[0] == "NOT LEGAL: 73 of 50 points, over by 23"
    assert result.output.splitlines()[1] == "4 kniggits fight, 1 run away"
    assert "Coward: no defense" in result.output
    assert "tokens wasted" not in result.output
    assert "tokens absorb low blows (not wasted):" in result.output.splitlines()
    assert "  Knight: 2 spare" in result.output and "absorb low blows" in result.output
    data = json.loads(havoc("army", path, "--json").output)
    assert data["points"] == 4 * (5 + 11) + 5 + 4 and data["over_by"] == data["points"] - 50
    assert data["runaways"] == ["Coward"]
    knight = data["kniggits"][0]
    assert knight["move_inches"] == 12 and knight["spare_movement"] == 2
    assert "wasted_movement" not in knight
    assert havoc("army", path, "-p", 100).exit_code == 0


def test_fifteen_movement_tokens_are_not_called_wasted(havoc, tmp_path):
    path = tmp_path / "fast.csv"
    path.write_text("count,name,movement,attack,defense\n1,Sir Dash,15,1,1\n")
    text = havoc("army", path).output
    assert_narrow(text)
    assert "9 Movement tokens wasted" not in text and "Sir Dash: 9 spare" in text
    assert "capped at 12 in" in text


def test_army_long_names_are_cut_and_defence_is_a_header(havoc, tmp_path):
    path = tmp_path / "uk.csv"
    name = "Sir Bedevere the Wise of the Round Table"
    path.write_text(f"count,name,movement,attack,defence\n1,{name},2,1,1\n", encoding="utf-8")
    result = havoc("army", path)
    assert result.exit_code == 0, result.output
    assert_narrow(result.output)
    assert "1x Sir Bedevere t\u2026: M2 A1 D1 4 in" in result.output.splitlines()
    assert json.loads(havoc("army", path, "--json").output)["kniggits"][0]["name"] == name
    path.write_text("count,name,movement,attack,defense\n1,Robin,1,1,1\n1,ROBIN,1,1,1\n")
    dupe = havoc("army", path)
    assert dupe.exit_code == 2 and "uk.csv:3: duplicate name 'ROBIN'" in dupe.output


def test_bad_army_file_is_exit_2_one_line(havoc, tmp_path):
    path = tmp_path / "bad.csv"
    path.write_text("count,name,movement,attack,defense\n1,Knight,1,lots,1\n")
    result = havoc("army", path)
    assert result.exit_code == 2
    assert "bad.csv:2: column 'attack': expected a whole number" in result.output
    assert len(result.output.strip().splitlines()) == 1


# --------------------------------------------------------------------------- exchange


def test_exchange_text_and_json(havoc):
    result = havoc("exchange", "--attack", "high", "--defend", "low", "--tokens", "2,1,1")
    assert result.exit_code == 0
    assert_narrow(result.output)
    assert result.output.splitlines()[0] == "HIT: he loses an Attack token"
    for short in (
        ("high", "low", "-t", "2,1,1"),
        ("H", "l", "-t", "2,1,1"),
        ("-a", "h", "--defence", "lo", "-t", "2,1,1"),
    ):
        assert havoc("exchange", *short).output == result.output
    assert "Can attack: no" in result.output
    data = json.loads(
        havoc(
            "exchange", "--attack", "middle", "--defend", "none", "--tokens", "0,2,1", "--json"
        ).output
    )
    assert data["result"] == "hit" and data["loses"] == "defense"
    assert data["after"]["tokens"] == {"movement": 0, "attack": 2, "defense": 0}
    assert data["after"]["flees"] is True and data["after"]["can_attack"] is False
    assert data["after"]["crawls"] is True and data["after"]["move_inches"] == 2


def test_exchange_defended_and_fumbles(havoc):
    assert havoc("exchange", "l", "l").output.startswith("Defended: nothing happens\n")
    assert havoc("exchange", "f", "n").output.startswith("No attack\n")
    assert "no defense" in havoc("exchange", "m", "none").output  # the rules' spelling
    data = json.loads(havoc("exchange", "--attack", "fumble", "--defend", "none", "--json").output)
    assert data["result"] == "no attack" and data["loses"] is None
    data = json.loads(havoc("exchange", "--attack", "low", "--defend", "fumble", "--json").output)
    assert data["result"] == "hit" and data["loses"] == "movement"


def test_exchange_bad_input(havoc):
    result = havoc("exchange", "--attack", "up", "--defend", "low")
    assert result.exit_code == 2 and "unknown attack 'up'" in result.output
    twice = havoc("exchange", "h", "l", "-a", "m")
    assert twice.exit_code == 2 and "attack height given twice" in twice.output
    assert havoc("exchange", "h", "-d", "l", "-d", "m").exit_code == 2  # one value each
    missing = havoc("exchange", "h")
    assert missing.exit_code == 2 and "give the defend height" in missing.output
    result = havoc("exchange", "--attack", "low", "--defend", "low", "--tokens", "a,b")
    assert result.exit_code == 2 and "M,A,D" in result.output


@pytest.mark.parametrize("command", ["army", "exchange"])
def test_help_is_narrow(havoc, command):
    result = havoc(command, "--help")
    assert result.exit_code == 0
    assert_narrow(result.output)


def test_exchange_heights_complete_in_the_shell():
    from click.shell_completion import ShellComplete

    from companion.cli import main

    shell = ShellComplete(main, {}, "havoc", "_HAVOC_COMPLETE")
    assert [c.value for c in shell.get_completions(["exchange"], "")] == [
        "high",
        "middle",
        "low",
        "fumble",
    ]
    assert [c.value for c in shell.get_completions(["exchange", "h"], "n")] == ["none"]


def test_army_and_exchange_say_the_crawl_in_the_same_words(havoc, tmp_path):
    path = tmp_path / "slow.csv"
    path.write_text("count,name,movement,attack,defense\n1,Sir Slow,0,2,2\n1,Sir Fast,2,1,1\n")
    lines = havoc("army", path).output.splitlines()
    assert "1x Sir Slow: M0 A2 D2 crawl 2 in" in lines and "1x Sir Fast: M2 A1 D1 4 in" in lines
    assert "Move: crawl 2 in" in havoc("exchange", "low", "none", "-t", "1,2,2").output


def test_both_fighters_in_one_exchange_with_the_tokens_from_before(havoc):
    result = havoc("exchange", "h/h", "l/m", "-t", "1,1,0", "-t", "0,1,1")
    assert result.exit_code == 0, result.output
    assert_narrow(result.output)
    lines = result.output.splitlines()
    # B had an Attack token before the blow, so his blow lands although A's knocks it off
    assert lines[:2] == ["A hits B: B loses an Attack token", "B hits A: A loses a Movement token"]
    assert "A: M1 A1 D0 -> M0 A1 D0" in lines and "B: M0 A1 D1 -> M0 A0 D1" in lines
    assert lines.count("  FLEES: one colour left; crawl 2 in") == 2
    data = json.loads(havoc("exchange", "m/l", "l/m", "--json").output)
    assert [b["result"] for b in data["blows"]] == ["defended", "defended"]
    assert [f["sword"] for f in data["fighters"]] == ["middle", "low"]
    one_way = json.loads(
        havoc("exchange", "h/l", "none/h", "-t", "1,1,1", "-t", "1,1,1", "--json").output
    )
    assert one_way["blows"][1] is None and one_way["fighters"][0]["after"]["tokens"]["attack"] == 1


@pytest.mark.parametrize(
    "args, words",
    [
        (("high", "low", "-t", "2,0,1", "-t", "2,1,1"), "attacker cannot attack: he has no Attack"),
        (("h/l", "m/h", "-t", "3,0,1", "-t", "2,1,1"), "A cannot attack: he has no Attack token"),
        (("h/l", "m/h", "-t", "3,2,1", "-t", "0,3,0"), "B cannot attack: he flees"),
        (("h/l", "m/h", "-t", "3,2,1"), "give both fighters' tokens"),
        (("h/l", "low"), "give each one's SWORD/SHIELD"),
        (("n/l", "n/h"), "neither attacks"),
    ],
)
def test_a_kniggit_who_cannot_attack_is_refused_in_one_line_quoting_the_rule(havoc, args, words):
    result = havoc("exchange", *args)
    assert result.exit_code == 2
    (line,) = result.output.strip().splitlines()
    assert words in line
    if "cannot attack" in words:
        rule = "no attack tokens left cannot attack" if "Attack" in words else "may not attack"
        assert rule in line
