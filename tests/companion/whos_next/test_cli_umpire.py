"""`havoc ring` as the umpire's screen: secrets marked, the umpire's own ring (--order), the
kit's slip ruling labelled, no silent replacement, short to type (prefixes, completion)."""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner

from companion.text.whos_next import MARK
from tests.conftest import assert_narrow

ORDER = ["Fay", "Cat", "Ann", "Eve", "Bob", "Dan"]  # the ring: Fay hunts Cat, ..., Dan hunts Fay
SECRET_WORDS = re.compile(r"slip|victim|hunt", re.I)


@pytest.fixture
def game(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    monkeypatch.delenv("HAVOC_RING_GAME", raising=False)
    return tmp_path / "game.sqlite3"


@pytest.fixture
def ring(havoc, game):
    """`havoc ring ARGS... -g GAME`: text checked narrow, JSON decoded."""

    def run(*args, ok=True):
        result = havoc("ring", *args, "-g", game)
        if ok:
            assert result.exit_code == 0, result.output
            if "--json" in args:
                return json.loads(result.output)
            assert_narrow(result.output)
        return result

    return run


def refused(result, message: str) -> None:
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and ": error: " in lines[0], result.output
    assert message in lines[0], lines[0]


def marked(text: str) -> list[str]:
    return [line[len(MARK) :] for line in text.splitlines() if line.startswith(MARK)]


def assert_secrets_marked(text: str) -> None:
    """Every line that talks of slips, victims or hunting carries the umpire-only mark."""
    for line in text.splitlines():
        if SECRET_WORDS.search(line):
            assert line.startswith(MARK), text


def arranged(ring) -> None:
    ring("new", "--order", *ORDER)


# --------------------------------------------------------------------------- --order


def test_order_is_the_ring_in_sequence(ring):
    out = ring("new", "-o", *ORDER, "--json")
    assert out["arranged"] is True and out["alive"] == 6
    assert out["players"] == sorted(ORDER)  # never the ring order
    for i, player in enumerate(ORDER):
        assert ring("show", player, "--json")["victim"] == ORDER[(i + 1) % len(ORDER)]
    assert ring("status", "--json")["alive"] == sorted(ORDER)
    assert "Alive: Ann, Bob, Cat, Dan, Eve, Fay" in ring("status").output


def test_a_random_draw_says_so(ring):
    assert ring("new", *ORDER, "--json")["arranged"] is False
    assert "New ring drawn" in ring("new", "-f", *ORDER).output
    assert "New ring, as arranged: 6 players." in ring("new", "-f", "-o", *ORDER).output


@pytest.mark.parametrize(
    "names, message",
    [
        (["Ann", "Bob"], "at least 3 players"),
        (["Ann", "Bob", "ann"], "duplicate player name 'ann'"),
    ],
)
def test_order_refuses_what_a_draw_refuses(ring, game, names, message):
    refused(ring("new", "--order", *names, ok=False), message)
    assert not game.exists()


def test_order_takes_no_seed(ring, game):
    refused(ring("new", "-o", *ORDER, "--seed", "1", ok=False), "nothing to --seed")
    assert not game.exists()


# --------------------------------------------------------------------------- secrets


def test_show_is_marked(ring):
    arranged(ring)
    text = ring("show", "Fay").output
    assert marked(text) == ["Fay's victim: Cat"] and text.count("\n") == 1


def test_a_kill_marks_the_slip_and_the_result_comes_first(ring):
    arranged(ring)
    text = ring("kill", "Fay", "Cat").output
    lines = text.splitlines()
    assert lines[0] == "Cat is dead, killed by Fay."
    assert "5 players left." in lines
    assert marked(text) == ["Fay takes Cat's slip."]
    assert lines[-1] == MARK + "Fay takes Cat's slip."  # the secret comes last
    assert_secrets_marked(text)


def test_a_non_victim_death_is_the_kits_ruling_and_says_so(ring):
    arranged(ring)
    # Ann attacks Bob, who is not her victim (Eve hunts Bob): a 1 kills him
    text = ring("duel", "Ann", "Bob", "--die", "1").output
    assert text.splitlines()[0] == "Bob is dead, killed by Ann."
    secret = " ".join(marked(text))
    assert secret == "Eve, who hunted Bob, takes his slip (kit's ruling: not Ann's victim)."
    assert_secrets_marked(text)
    out = ring("undo", "1", "--json")
    assert out["undone"]["dead"] == "Bob"
    data = ring("duel", "Ann", "Bob", "-d", "1", "--json")
    assert (data["slip_to"], data["slip_rule"], data["own_victim"]) == ("Eve", "kit", False)
    assert ring("show", "Eve", "--json")["victim"] == "Dan"  # Bob's slip


def test_a_kill_of_ones_own_victim_is_the_rules(ring):
    arranged(ring)
    data = ring("duel", "Ann", "Eve", "-d", "1", "--json")  # Eve is Ann's victim
    assert (data["slip_to"], data["slip_rule"], data["own_victim"]) == ("Ann", "rules", True)
    ring("undo", "1")
    text = ring("duel", "Ann", "Eve", "-d", "1").output
    assert marked(text) == ["Ann takes Eve's slip."] and "kit's ruling" not in text
    data = ring("kill", "Ann", "Bob", "--json")  # Bob is her victim now
    assert data["slip_rule"] == "rules"


def test_the_attacker_killed_by_his_hunter_goes_by_the_rules(ring):
    arranged(ring)
    # Cat attacks Fay, who hunts her, and rolls a 6: Fay killed her own victim
    data = ring("duel", "Cat", "Fay", "-d", "6", "--json")
    assert (data["dead"], data["killed_by"], data["slip_rule"]) == ("Cat", "Fay", "rules")


def test_undo_marks_the_slips_going_back(ring):
    arranged(ring)
    ring("duel", "Ann", "Bob", "-d", "1")
    text = ring("undo", "1").output
    assert text.splitlines()[:2] == [
        "Undone: Bob's death, by Ann.",
        "Bob is back; 6 players alive.",
    ]
    assert " ".join(marked(text)) == "Eve gives Bob back his slip and hunts Bob again."
    assert_secrets_marked(text)


def test_status_and_scores_are_safe_to_show(ring):
    arranged(ring)
    ring("kill", "Fay", "Cat")  # her own victim
    ring("duel", "Ann", "Bob", "-d", "1")  # not her victim
    for sub in ("status", "scores"):
        text = ring(sub).output
        assert MARK not in text and not SECRET_WORDS.search(text), text
    # a reported kill (always of one's own victim) and a duel read alike
    status = ring("status").output
    assert "1. Cat, by Fay\n" in status and "2. Bob, by Ann\n" in status
    assert "duel" not in status
    deaths = ring("status", "--json")["deaths"]  # --json keeps every key
    assert [(d["how"], d["own_victim"]) for d in deaths] == [("kill", True), ("duel", False)]


def test_a_wrapped_secret_is_marked_on_every_line(ring):
    names = ["Bartholomew Fitzwilliam-Smythe", "Lady Eleanor of Aquitaine-Gray", "Cadfael", "Dan"]
    ring("new", "-o", *names)
    text = ring("duel", "Cadfael", "Lady", "-d", "1").output  # Bartholomew hunts Lady Eleanor
    secret = [line for line in text.splitlines() if line.startswith(MARK)]
    assert len(secret) >= 3
    assert " ".join(marked(text)).startswith("Bartholomew Fitzwilliam-Smythe, who hunted Lady")
    assert_secrets_marked(text)


# --------------------------------------------------------------------------- never silently


def test_new_refuses_a_finished_game_and_names_the_option(ring):
    ring("new", "-o", "A", "B", "C")
    ring("kill", "A", "B")
    ring("kill", "A", "C")
    before = ring("scores", "--json")
    refused(ring("new", "X", "Y", "Z", ok=False), "add --force to replace it")
    refused(ring("new", "-o", "X", "Y", "Z", ok=False), "the game here is over")
    assert ring("scores", "--json") == before
    lines = ring("new", "X", "Y", "Z", "-f").output.splitlines()
    assert lines[:2] == ["New ring drawn: 3 players.", "Replaced the finished game."]


# --------------------------------------------------------------------------- quick to type


def test_players_by_unique_prefix_any_case(ring):
    ring("new", "-o", "Ann", "Anna", "Bob", "Cat")
    assert ring("show", "BO", "--json") == {"player": "Bob", "victim": "Cat"}
    assert ring("show", "ann", "--json")["player"] == "Ann"  # whole name beats a prefix
    assert ring("show", "anna", "--json")["player"] == "Anna"
    refused(ring("show", "an", ok=False), "player 'an' could be Ann, Anna: type more of it")
    assert ring("kill", "c", "a", ok=False).exit_code == 2  # ambiguous victim
    assert ring("kill", "c", "ann", "--json")["dead"] == "Ann"
    # Ann is dead: "an" now means the one alive, and her own name still finds her
    assert ring("show", "an", "--json")["player"] == "Anna"
    refused(ring("show", "ANN", ok=False), "Ann is dead")
    refused(ring("show", "zed", ok=False), "no player named 'zed' in this game")


def complete(game, words: str) -> list[str]:
    from companion.cli import main

    args = words.split()
    env = {
        "_HAVOC_COMPLETE": "bash_complete",
        "COMP_WORDS": " ".join(["havoc", *args]),
        "COMP_CWORD": str(len(args) + (1 if words.endswith(" ") else 0)),
        "HAVOC_RING_GAME": str(game),
    }
    result = CliRunner().invoke(main, [], env=env, prog_name="havoc")
    return [line.split(",", 1)[1] for line in result.output.splitlines() if "," in line]


def test_shell_completion_offers_the_alive_players(ring, game):
    ring("new", "-o", "Ann", "Anna", "Bob", "Cat")
    assert complete(game, "ring show A") == ["Ann", "Anna"]
    assert complete(game, "ring kill Bob ") == ["Ann", "Anna", "Bob", "Cat"]
    ring("kill", "Cat", "Ann")
    assert complete(game, "ring duel a") == ["Anna"]
    assert complete(game, f"ring -g {game} show b") == ["Bob"]


def test_game_option_once_per_command(havoc, ring, game, tmp_path):
    arranged(ring)
    refused(havoc("ring", "show", "Ann", "-g", game, "--game", game), "given twice")
    other = tmp_path / "other.sqlite3"
    refused(havoc("ring", "-g", game, "show", "Ann", "-g", other), "--game given twice")
    result = havoc("ring", "-g", game, "show", "ann", "-g", game, "--json")
    assert result.exit_code == 0 and json.loads(result.output)["victim"] == "Eve"
    result = havoc("ring", "--game", game, "show", "an", "--json")  # names read from it
    assert json.loads(result.output)["player"] == "Ann"


def test_scores_say_when_each_died(ring):
    ring("new", "-o", "Ann", "Bob", "Cat")  # Ann hunts Bob, Bob hunts Cat, Cat hunts Ann
    ring("kill", "Ann", "Bob")
    ring("kill", "Ann", "Cat")
    text = ring("scores").output
    assert "died 1st" in text and "died 2nd" in text
    assert "died 1." not in text and " 1 pts" not in text
    assert "Winner: Ann." in text


def test_scores_mid_game_show_no_points(ring):
    arranged(ring)
    ring("kill", "Fay", "Cat")
    text = ring("scores").output
    assert not re.search(r"\d pts?\b|\bown\b", text), text
    assert "Points are shown when the game ends" in text
    assert ring("scores", "--json")["scores"][0]["points"] > 0  # the umpire's JSON keeps them


def test_every_ring_json_key_is_listed_in_help(havoc, ring):
    from tests.companion.test_cli_common import documented_keys

    printed = {"new": ring("new", "-o", *ORDER, "--json")}
    printed["show"] = ring("show", "Fay", "--json")
    printed["kill"] = ring("kill", "Fay", "Cat", "--json")
    printed["status"] = ring("status", "--json")
    printed["undo"] = ring("undo", "1", "--json")
    printed["scores"] = ring("scores", "--json")
    duel = ring("duel", "Ann", "Bob", "-d", "1", "--json")
    for sub, data in printed.items():
        assert set(data) == documented_keys(havoc("ring", sub, "--help").output), sub
    optional = {"attacker", "defender", "table_file", "result", "effect"}
    assert set(duel) - optional == documented_keys(havoc("ring", "duel", "--help").output)
    assert optional <= set(duel)
