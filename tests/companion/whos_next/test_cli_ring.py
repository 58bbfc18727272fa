"""`havoc ring ...`: a whole game through the CLI, refusals, JSON keys, scoring from cards/."""

from __future__ import annotations

import json
import re
import shlex
import shutil
import tomllib

import pytest

from companion.data import default_cards_dir
from tests.conftest import assert_narrow

PLAYERS = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]


@pytest.fixture
def game(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))  # never the real home
    return tmp_path / "game.sqlite3"


@pytest.fixture
def ring(havoc, game):
    """`havoc ring SUB ARGS... --game GAME`; JSON decoded when --json is given."""

    def run(sub, *args, cards=None, ok=True):
        pre = ["--cards", str(cards)] if cards else []
        result = havoc(*pre, "ring", sub, *args, "--game", game)
        if ok:
            assert result.exit_code == 0, result.output
            if "--json" in args:
                return json.loads(result.output)
            assert_narrow(result.output)
        return result

    return run


def refused(result, message: str) -> None:
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1, result.output
    assert ": error: " in lines[0]
    assert message in lines[0], lines[0]


def victim(ring, player):
    return ring("show", player, "--json")["victim"]


def test_a_whole_game(ring):
    out = ring("new", *PLAYERS, "--json")
    assert out["players"] == PLAYERS and out["alive"] == 6 and out["replaced"] is None
    text = ring("new", *PLAYERS, "--force").output
    assert "6 players" in text and "havoc ring show NAME" in text
    shown = {p: ring("show", p.lower(), "--json") for p in PLAYERS}
    assert all(set(s) == {"player", "victim"} for s in shown.values())
    # following the slips visits everyone once: one ring
    seen, p = [], "Ann"
    for _ in PLAYERS:
        seen.append(p)
        p = shown[p]["victim"]
    assert p == "Ann" and sorted(seen) == sorted(PLAYERS)

    bob_victim = victim(ring, "Ann")
    after_next = victim(ring, bob_victim)
    kill = ring("kill", "Ann", bob_victim, "--json")
    assert kill["event"] == "kill" and kill["dead"] == bob_victim and kill["killed_by"] == "Ann"
    assert kill["own_victim"] is True and kill["alive"] == 5 and kill["winner"] is None
    assert victim(ring, "Ann") == after_next  # Ann inherited the slip

    while True:
        status = ring("status", "--json")
        if status["over"]:
            break
        attacker = status["alive"][0]
        text = ring("kill", attacker, victim(ring, attacker)).output
        assert "killed" in text
    assert status["last_standing"] == status["alive"][0] and len(status["deaths"]) == 5
    assert [d["number"] for d in status["deaths"]] == [1, 2, 3, 4, 5]
    text = ring("status").output
    assert f"{status['last_standing']} is the last one standing" in text
    assert f"Winner: {status['winner']} (most points)" in text


def test_status_never_shows_the_ring(ring):
    ring("new", *PLAYERS)
    out = ring("status").output
    assert "victim" not in out.lower() and "->" not in out
    data = ring("status", "--json")
    assert set(data) == {"game", "players", "alive", "deaths", "over", "winner", "last_standing"}
    assert data["alive"] == PLAYERS  # in the order entered, not ring order


def test_duel_follows_the_kits_attack_table(ring):
    ring("new", *PLAYERS)
    one = ring("duel", "Ann", "Bob", "--die", "1", "--json")
    assert (one["dead"], one["killed_by"], one["effect"]) == ("Bob", "Ann", "defender-dies")
    six = ring("duel", "Cat", "Dan", "--die", "6", "--json")
    assert (six["dead"], six["killed_by"], six["effect"]) == ("Cat", "Dan", "attacker-dies")
    assert six["result"] == "he kills you!" and six["rolls"] == [[6]]
    text = ring("duel", "Eve", "Fay", "--die", "6").output  # 4 left: still one die
    assert 'Roll 6: "he kills you!"' in text and "Eve is dead, killed by Fay" in text
    assert "3 players left" in text and "both roll" in text
    text = ring("duel", "Dan", "Fay", "--die", "2", "--die", "2", "--die", "5", "--die", "3").output
    assert "Dan 2, Fay 2: tie, throw again" in text and "Fay is dead, killed by Dan" in text


def test_dice_left_tied_at_three_are_a_tie_and_one_die_is_both_roll(ring):
    ring("new", *PLAYERS[:3])
    text = ring("duel", "Ann", "Bob", "-d", "4", "-d", "4").output
    assert text.splitlines() == [
        "Ann attacked Bob:",
        "Ann 4, Bob 4: tie, throw again",
        "Nobody died: both roll again.",
    ]
    data = ring("duel", "Ann", "Bob", "-d", "4", "-d", "4", "-d", "2", "-d", "2", "--json")
    assert data == {
        "event": "tie",
        "attacker": "Ann",
        "defender": "Bob",
        "rolls": [[4, 4], [2, 2]],
        "dead": None,
    }
    for dice in (["-d", "5"], ["-d", "3", "-d", "3", "-d", "6"]):
        refused(ring("duel", "Ann", "Bob", *dice, ok=False), "3 players left: both roll one die")
    assert ring("status", "--json")["deaths"] == []  # nothing written by any of them
    text = ring("duel", "Ann", "Bob", "-d", "4", "-d", "4", "-d", "1", "-d", "6").output
    assert "Ann is dead, killed by Bob" in text  # the throw again, typed with the tie


def test_the_contest_threshold_is_read_from_duel_toml(ring, tmp_path):
    kit = (default_cards_dir() / "whos-next" / "duel.toml").read_text()
    assert tomllib.loads(kit)["contest_at"] == 3  # the rules: "when only 3 players are left"
    cards = tmp_path / "cards"
    duel_file = cards / "whos-next" / "duel.toml"
    duel_file.parent.mkdir(parents=True)
    duel_file.write_text(kit.replace("contest_at = 3", "contest_at = 5"))
    ring("new", *PLAYERS)
    six = ring("duel", "Ann", "Bob", "--die", "6", "--json", cards=cards)  # 6 left: the table
    assert six["rolls"] == [[6]] and six["dead"] == "Ann"
    text = ring("duel", "Cat", "Dan", "--die", "2", "--die", "5", cards=cards).output
    assert "Cat 2, Dan 5" in text and "Cat is dead, killed by Dan" in text  # 5 left: contest
    assert "4 players left" in text and "both roll" in text
    duel_file.write_text(kit.replace("contest_at = 3", "contest_at = 0"))  # 0: never
    ring("new", *PLAYERS, "--force")
    for attacker, defender in (("Ann", "Bob"), ("Cat", "Dan"), ("Eve", "Fay")):
        out = ring("duel", attacker, defender, "--die", "1", "--json", cards=cards)
        assert out["rolls"] == [[1]]
    text = ring("kill", "Ann", victim(ring, "Ann"), cards=cards).output
    assert "2 players left" in text and "both roll" not in text
    for bad, words in (("contest_at = -1", "from 0 (never)"), ('contest_at = "3"', "whole")):
        duel_file.write_text(kit.replace("contest_at = 3", bad))
        refused(ring("duel", "Fay", "Dan", "--die", "1", cards=cards, ok=False), words)
        result = ring("kill", "Fay", "Dan", cards=cards, ok=False)
        refused(result, "key 'contest_at'")
        assert re.search(r"duel\.toml:\d+: key 'contest_at'", result.output)  # file:line: key


def test_duel_reads_a_users_attack_table(ring, tmp_path):
    cards = tmp_path / "cards"
    table = cards / "whos-next" / "tables" / "attack.toml"
    table.parent.mkdir(parents=True)
    kit = (default_cards_dir() / "whos-next" / "tables" / "attack.toml").read_text()
    table.write_text(
        kit.replace('effect = "defender-dies"', 'effect = "TMP"')
        .replace('effect = "attacker-dies"', 'effect = "defender-dies"')
        .replace('effect = "TMP"', 'effect = "attacker-dies"')
    )
    ring("new", *PLAYERS)
    out = ring("duel", "Ann", "Bob", "--die", "6", "--json", cards=cards)
    assert out["dead"] == "Bob"
    out = ring("duel", "Cat", "Dan", "--die", "1", "--json", cards=cards)
    assert out["dead"] == "Cat"
    table.write_text(kit.replace("faces = [6]", "faces = [5]"))
    refused(ring("duel", "Eve", "Fay", "--die", "1", cards=cards, ok=False), "face 5 is already")
    table.write_text(kit.replace("faces = [1, 2, 3, 4, 5]", "faces = [1, 2, 3, 4]"))
    refused(ring("duel", "Eve", "Fay", cards=cards, ok=False), "face 5 is in no row")
    table.write_text(kit.replace('effect = "attacker-dies"', 'effect = "both-die"'))
    refused(ring("duel", "Eve", "Fay", cards=cards, ok=False), "rows[1].effect': the duel needs")
    table.write_text(kit.replace('die = "d6"', 'die = "d8"'))
    refused(ring("duel", "Eve", "Fay", cards=cards, ok=False), "face 7 is in no row")
    assert ring("status", "--json")["alive"] == ["Ann", "Dan", "Eve", "Fay"]


def test_duel_dice(ring):
    ring("new", *PLAYERS)
    refused(ring("duel", "Ann", "Bob", "--die", "7", ok=False), "--die 7: a d6 shows 1 to 6")
    seeded = ring("duel", "Ann", "Bob", "--seed", "5", "--json")
    ring("undo", "1")
    assert ring("duel", "Ann", "Bob", "--seed", "5", "--json")["rolls"] == seeded["rolls"]
    refused(ring("duel", "Cat", "Dan", "--die", "1", "--die", "2", ok=False), "1 more than")
    ring("new", "A", "B", "C", "--force")
    assert ring("duel", "A", "B", "--die", "4", "--die", "4", "--json")["event"] == "tie"
    assert ring("status", "--json")["deaths"] == []  # nothing written by the tie
    tie = ring("duel", "A", "B", "--die", "4", "--die", "4", "--seed", "1", "--json")
    assert tie["rolls"][0] == [4, 4] and len(tie["rolls"]) >= 2  # the tie thrown again


def test_undo(ring):
    ring("new", *PLAYERS)
    before = {p: victim(ring, p) for p in PLAYERS}
    ring("kill", "Ann", before["Ann"])
    # the ring is drawn at random: duel two players the kill left alive
    attacker, defender = [p for p in PLAYERS if p not in ("Ann", before["Ann"])][:2]
    ring("duel", attacker, defender, "--die", "6")  # a 6: the attacker dies
    refused(ring("undo", ok=False), "name the death to undo: the last is 2")
    out = ring("undo", "2", "--json")
    assert out["undone"]["dead"] == attacker and out["alive"] == 5
    refused(ring("undo", "2", ok=False), "death 2 is already undone")
    text = ring("undo", "1").output
    assert f"{before['Ann']} is back" in text
    assert {p: victim(ring, p) for p in PLAYERS} == before
    refused(ring("undo", ok=False), "nothing to undo")


@pytest.mark.parametrize(
    "args, message",
    [
        (["kill", "Zed", "Ann"], "no player named 'Zed' in this game"),
        (["duel", "Ann", "Zed"], "no player named 'Zed' in this game"),
        (["show", "zed"], "no player named 'zed' in this game"),
        (["kill", "Ann", "ann"], "Ann cannot attack himself"),
        (["duel", "Ann", "ANN"], "Ann cannot attack himself"),
        (["new", "A", "B"], "at least 3 players"),
        (["new", "Ann", "Bob", "ann", "--force"], "duplicate player name 'ann' (same as 'Ann')"),
        (["new", "X", "Y", "Z"], "a game is in progress (6 of 6 alive): add --force"),
    ],
)
def test_refusals(ring, args, message):
    ring("new", *PLAYERS)
    refused(ring(*args, ok=False), message)
    assert ring("status", "--json")["alive"] == PLAYERS  # nothing changed


def test_wrong_victim_is_refused_without_naming_the_real_one(ring):
    ring("new", *PLAYERS)
    real = victim(ring, "Ann")
    wrong = next(p for p in PLAYERS if p not in ("Ann", real))
    result = ring("kill", "Ann", wrong, ok=False)
    refused(result, f"{wrong} is not Ann's victim")
    assert real not in result.output


def test_a_wrong_kill_points_to_the_duel_it_was(ring):
    ring("new", "Ann Lee", *PLAYERS[1:])
    real = victim(ring, "ann")
    wrong = next(p for p in PLAYERS[1:] if p != real)
    result = ring("kill", "ann", wrong.lower(), ok=False)
    refused(result, f"{wrong} is not Ann Lee's victim; any other death is a duel: ")
    hint = shlex.split(result.output.strip().rsplit(": ", 1)[1])
    assert hint == ["havoc", "ring", "duel", "Ann Lee", wrong]  # names as in the ring, quoted
    assert len(ring("status", "--json")["alive"]) == len(PLAYERS)  # the refusal wrote nothing
    duel = ring(*hint[2:], "--seed", "1", "--json")
    assert duel["dead"] in ("Ann Lee", wrong)  # the command it gave is the one that works


def test_the_dead_are_refused(ring):
    ring("new", *PLAYERS)
    dead = victim(ring, "Ann")
    ring("kill", "Ann", dead)
    other = next(p for p in PLAYERS if p not in ("Ann", dead))
    refused(ring("kill", dead, other, ok=False), f"{dead} is dead")
    refused(ring("duel", other, dead, ok=False), f"{dead} is dead")
    refused(ring("show", dead, ok=False), f"{dead} is dead")


def test_a_finished_game_refuses_more_and_names_the_winner(ring):
    ring("new", "A", "B", "C")
    while not (status := ring("status", "--json"))["over"]:
        a = status["alive"][0]
        ring("kill", a, victim(ring, a))
    winner = status["winner"]
    last = status["last_standing"]
    loser = next(p for p in "ABC" if p != last)
    for args in (["kill", last, loser], ["duel", last, loser], ["show", last]):
        refused(ring(*args, ok=False), f"the game is over ({last} is the last one standing)")
    refused(
        ring("new", "X", "Y", "Z", ok=False),
        "the game here is over and keeps its scores: add --force",
    )
    assert ring("scores", "--json")["winner"] == winner  # the scores are still there
    text = ring("new", "X", "Y", "Z", "-f").output
    assert "Replaced the finished game." in text


@pytest.mark.parametrize("sub", ["show Ann", "kill Ann Bob", "duel Ann Bob", "status", "undo"])
def test_no_game_yet(ring, sub):
    refused(ring(*sub.split(), ok=False), "no game: start one with `havoc ring new NAME…`")


def test_not_a_game_file(ring, game):
    game.write_text("not a game\n" * 100)
    refused(ring("status", ok=False), "not a Havoc Kit game database")
    refused(ring("new", "A", "B", "C", "--force", ok=False), "not a Havoc Kit game database")


def test_default_game_file(havoc, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert havoc("ring", "new", "A", "B", "C").exit_code == 0
    assert (tmp_path / "data" / "havoc-kit" / "whos-next.sqlite3").is_file()
    assert havoc("ring", "status", "--json").exit_code == 0


def test_long_names_stay_narrow(ring):
    # Names of the longest length allowed; the `ring` fixture checks every text output is
    # narrow, and continuation lines must stay indented under their entry.
    names = [
        "Sir Reginald de Montfort the 3",
        "Lady Eleanor of Aquitaine-Gray",
        "Brother Cadfael of Shrewsbury",
        "Bartholomew Fitzwilliam-Smythe",
        "Ann",
    ]
    assert all(len(n) <= 30 for n in names)
    ring("new", *names)
    ring("duel", names[0], names[1], "--die", "5")
    ring("duel", names[2], names[3], "--die", "6")
    outputs = [ring(*sub.split()).output for sub in ("status", "scores", "undo 2")]
    outputs.append(ring("duel", names[0], names[3], "--die", "1").output)
    for text in outputs:
        for line in text.splitlines()[1:]:
            assert line.strip(), text
    status = ring("status").output.splitlines()
    numbered = [i for i, line in enumerate(status) if line[:4].strip().rstrip(".").isdigit()]
    for i in numbered:
        j = i + 1
        while j < len(status) and not status[j][:4].strip().rstrip(".").isdigit():
            assert status[j].startswith("     "), status  # under the name, not the number
            j += 1


# --------------------------------------------------------------------------- scoring


def expected_points(points: dict, row: dict, winner: str | None) -> int:
    return (
        row["own_victim_kills"] * points["own_victim"]
        + row["other_kills"] * points["other_kill"]
        + row["outlived"] * points["outlived"]
        + (points["last_standing"] if row["name"] == winner else 0)
    )


def play_out(ring) -> None:
    ring("new", *PLAYERS)
    ring("duel", "Ann", "Bob", "--die", "2")  # Ann kills Bob (own victim or not)
    ring("duel", "Cat", "Dan", "--die", "6")  # Dan kills Cat
    while not (status := ring("status", "--json"))["over"]:
        a = status["alive"][-1]
        ring("kill", a, victim(ring, a))


def test_scores_follow_the_cards_file(ring, tmp_path):
    play_out(ring)
    kit_file = default_cards_dir() / "whos-next" / "scoring.toml"
    kit = tomllib.loads(kit_file.read_text())
    out = ring("scores", "--json")
    assert out["scoring"]["label"] == kit["label"] and "lost" in out["scoring"]["label"]
    assert out["over"] is True
    winner = ring("status", "--json")["last_standing"]
    for row in out["scores"]:
        assert row["points"] == expected_points(kit["points"], row, winner)
    assert sum(r["own_victim_kills"] + r["other_kills"] for r in out["scores"]) == 5
    assert "lost" in ring("scores").output  # the label is shown with the text too

    cards = tmp_path / "cards" / "whos-next"
    cards.mkdir(parents=True)
    mine = kit_file.read_text().replace("own_victim = 3", "own_victim = 100")
    mine = mine.replace('label = "Kit default', 'label = "Our club')
    (cards / "scoring.toml").write_text(mine)
    changed = ring("scores", "--json", cards=tmp_path / "cards")
    assert changed["scoring"]["label"].startswith("Our club")
    points = dict(kit["points"], own_victim=100)
    for row in changed["scores"]:
        assert row["points"] == expected_points(points, row, winner)
    assert changed["scores"] != out["scores"]


def test_scores_tie_break_is_the_longest_survivor(ring, tmp_path):
    cards = tmp_path / "cards" / "whos-next"
    cards.mkdir(parents=True)
    zero = (default_cards_dir() / "whos-next" / "scoring.toml").read_text()
    for key in ("own_victim = 3", "other_kill = 1", "outlived = 1", "last_standing = 5"):
        zero = zero.replace(key, key.split("=")[0] + "= 0")
    (cards / "scoring.toml").write_text(zero)
    play_out(ring)
    rows = ring("scores", "--json", cards=tmp_path / "cards")["scores"]
    assert all(r["points"] == 0 for r in rows)
    winner = ring("status", "--json")["last_standing"]
    assert rows[0]["name"] == winner and rows[0]["rank"] == 1
    assert [r["died"] for r in rows[1:]] == [5, 4, 3, 2, 1]


def test_a_bad_scoring_file_is_one_line(ring, tmp_path):
    cards = tmp_path / "cards" / "whos-next"
    cards.mkdir(parents=True)
    kit = (default_cards_dir() / "whos-next" / "scoring.toml").read_text()
    (cards / "scoring.toml").write_text(kit.replace("outlived = 1", 'outlived = "one"'))
    ring("new", *PLAYERS)
    result = ring("scores", cards=tmp_path / "cards", ok=False)
    refused(result, "key 'points.outlived': expected a whole number")
    assert "scoring.toml" in result.output
    shutil.rmtree(tmp_path / "cards")


def test_game_is_taken_on_the_ring_group_too(havoc, game, tmp_path, monkeypatch):
    made = havoc("ring", "--game", game, "new", *PLAYERS)
    assert made.exit_code == 0, made.output
    status = havoc("ring", "--game", game, "status", "--json")
    assert status.exit_code == 0, status.output
    assert json.loads(status.output)["players"] == len(PLAYERS)
    # the group's --game beats the environment; the same file twice is fine; two differ: refused
    monkeypatch.setenv("HAVOC_RING_GAME", str(tmp_path / "elsewhere.sqlite3"))
    assert havoc("ring", "--game", game, "show", "Ann", "--json").exit_code == 0
    assert havoc("ring", "--game", game, "status", "--game", game).exit_code == 0
    refused(havoc("ring", "--game", game, "status", "--game", tmp_path / "b"), "--game given twice")


@pytest.mark.parametrize("name", ["Ann\nBob", "Ann\tBob", "Ann\x1b[2J"])
def test_names_with_control_characters_are_refused(ring, name):
    refused(ring("new", name, "Cat", "Dan", ok=False), "control character")


def test_wide_names_are_measured_in_columns(ring, havoc, game):
    from companion.text import cells

    wide = ["王" * 30, "李小龍" * 10, "ＡＢＣ" * 10, "Dan"]
    ring("new", *wide)
    for sub in (("status",), ("show", wide[0]), ("scores",)):
        out = havoc("ring", *sub, "--game", game).output
        assert all(cells(line) <= 40 for line in out.splitlines()), out
    attacker = wide[1]
    text = havoc("ring", "duel", attacker, "Dan", "--die", "1", "--game", game).output
    assert all(cells(line) <= 40 for line in text.splitlines()), text
    assert "".join(text.split()).count(attacker) >= 1  # the name is all there, only wrapped


def test_the_winner_is_the_most_points_not_the_last_standing(ring):
    """Issue 17: A kills five, H kills A, G kills H: A has 20 points, G (last standing) 15."""
    ring("new", "-o", *"ABCDEFGH")
    for victim in "BCDEF":
        ring("kill", "A", victim)
    ring("kill", "H", "A")
    last = ring("kill", "G", "H", "--json")
    assert last["winner"] == "A" and last["last_standing"] == "G"
    scores = ring("scores", "--json")
    assert scores["winner"] == "A" and scores["scores"][0]["points"] == 20
    status = ring("status", "--json")
    assert status["winner"] == "A" and status["last_standing"] == "G"
    text = ring("status").output
    assert "Winner: A (most points)." in text and "G is the last one standing." in text
    assert "Winner: A." in ring("scores").output


def test_the_contest_line_says_it_is_the_kits_reading() -> None:
    """The rules say "when only 3 players are left, both roll"; the kit reads 3 or fewer and
    says so where it tells the table (issue 14)."""
    from companion.text.whos_next import left

    text = " ".join(line.text for line in left(3, None, 3))
    assert "both roll one die" in text and "(kit's reading: 3 or fewer left)" in text
    assert "kit's reading" not in " ".join(line.text for line in left(4, None, 3))
