"""A Kniggits battle: the set-up from two checked armies, the turn's phases, exchanges carrying
each kniggit's tokens, the win, and the battle file (one transaction per change, undo)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from companion.csv_rosters import parse_csv
from companion.errors import DataError, InputError
from companion.kniggits import battle as kb
from companion.kniggits.rules import army_columns, check_army, load_rules
from companion.kniggits.store import BattleStore, NoBattle, OutOfDate
from tests.conftest import ROOT
from tests.kill_inside import kill_inside_a_change

HEADER = "count,name,movement,attack,defense\n"


@pytest.fixture(scope="module")
def rules():
    return load_rules(ROOT / "cards" / "kniggits" / "rules.toml")


def army(rules, body: str, budget: int | None = None):
    rows = parse_csv(HEADER + body, army_columns(rules), Path("army.csv"))
    return check_army(rows, rules, budget)


def setup(rules, red="1,Sir Red,1,1,1\n", blue="1,Sir Blue,1,1,1\n", first=0):
    return kb.setup_from_armies(
        rules, [("Red", army(rules, red)), ("Blue", army(rules, blue))], first
    )


def to_fight(battle):
    while battle.phase != "fight":
        battle = kb.next_phase(battle)
    return battle


def test_the_set_up_fields_who_fights_and_names_who_ran(rules):
    s = setup(rules, red="2,Squire,1,1,1\n1,Coward,2,2,0\n")
    red = s.sides[0]
    assert [k.name for k in red.kniggits] == ["Squire 1", "Squire 2"]
    assert red.ran_away == ("Coward",)
    assert red.kniggits[0].held == {"movement": 1, "attack": 1, "defense": 1}


@pytest.mark.parametrize(
    "red, blue, words",
    [
        ("9,Knight,1,1,1\n", "1,Sir Blue,1,1,1\n", "Red is over its points: 72 of 50"),
        ("1,Sir Red,1,1,1\n", None, "both armies are named"),
    ],
)
def test_an_army_over_its_points_or_named_twice_is_refused(rules, red, blue, words):
    armies = [("Red", army(rules, red)), ("Red" if blue is None else "Blue", army(rules, red))]
    with pytest.raises(InputError, match=words):
        kb.setup_from_armies(rules, armies)


def test_the_turn_has_three_phases_then_the_other_player_moves(rules):
    b = kb.start(rules, setup(rules, first=1))
    seen = []
    for _ in range(7):
        seen.append((b.turn, b.player, b.phase))
        b = kb.next_phase(b)
    assert seen == [
        (1, 1, "move"),
        (1, 1, "turn"),
        (1, 1, "fight"),
        (1, 0, "move"),  # the second player's half of turn 1
        (1, 0, "turn"),
        (1, 0, "fight"),
        (2, 1, "move"),  # turn 2: the first player again
    ]


def test_exchanges_only_in_phase_three_by_the_player_whose_turn_it_is(rules):
    b = kb.start(rules, setup(rules))
    with pytest.raises(InputError, match="phase three"):
        kb.fight(b, (0, 0), (1, 0), "high", "low")
    b = to_fight(b)
    with pytest.raises(InputError, match="it is Red's turn"):
        kb.fight(b, (1, 0), (0, 0), "high", "low")
    with pytest.raises(InputError, match="an enemy"):
        kb.fight(b, (0, 0), (0, 0), "high", "low")


def test_tokens_are_carried_from_one_exchange_to_the_next(rules):
    b = to_fight(kb.start(rules, setup(rules, blue="1,Sir Blue,2,2,2\n")))
    b = kb.fight(b, (0, 0), (1, 0), "high", "low")  # Blue loses an Attack token
    b = kb.fight(b, (0, 0), (1, 0), "high", "middle")  # and his last
    assert b.kniggit(1, 0).held == {"movement": 2, "attack": 0, "defense": 2}
    b = to_fight(kb.next_phase(b))  # Blue's turn: Sir Blue has no Attack token left
    with pytest.raises(InputError, match="no attack tokens left cannot attack"):
        kb.fight(b, (1, 0), (0, 0), "low", "high")


def test_both_blows_at_once_and_the_win_when_all_of_one_side_flee(rules):
    b = to_fight(kb.start(rules, setup(rules, blue="1,Sir Blue,1,2,1\n")))
    # Red's high blow takes Blue's Attack token as Blue's low blow takes Red's Movement token
    b = kb.fight(b, (0, 0), (1, 0), "high", "low", b_sword="low", a_shield="high")
    assert b.kniggit(0, 0).held == {"movement": 0, "attack": 1, "defense": 1}
    assert b.kniggit(1, 0).held == {"movement": 1, "attack": 1, "defense": 1}
    assert b.winner() is None
    b = kb.fight(b, (0, 0), (1, 0), "middle", "low")  # Blue: M1 A1 D0
    b = kb.fight(b, (0, 0), (1, 0), "high", "low")  # Blue: M1 only: he flees
    assert b.standing(b.kniggit(1, 0)).flees and b.winner() == 0
    assert kb.outcome(b, 0) == "Red wins: all of Blue's kniggits flee"
    with pytest.raises(InputError, match="the battle is over: Red wins"):
        kb.next_phase(b)


def test_a_side_with_nobody_left_to_fight_has_lost_from_the_start(rules):
    b = kb.start(rules, setup(rules, blue="1,Coward,1,0,1\n"))
    assert b.sides[1].kniggits == () and b.winner() == 0


def test_the_store_keeps_each_change_and_undoes_the_last(rules, tmp_path):
    path = tmp_path / "battle.sqlite3"
    with pytest.raises(NoBattle):
        BattleStore(path)
    with BattleStore(path, create=True) as store:
        store.new(rules, setup(rules, blue="1,Sir Blue,2,2,2\n"))
        for seen in range(2):  # to phase three
            store.add(rules, {"op": "phase"}, seen)
        fight = {"op": "fight", "a": [0, 0], "b": [1, 0], "a_sword": "high", "b_shield": "low"}
        store.add(rules, fight, 2)
        with pytest.raises(OutOfDate, match="moved on"):
            store.add(rules, fight, 2)  # the same form sent twice: not fought twice
        with pytest.raises(InputError, match="sword"):
            store.add(rules, {**fight, "a_sword": "sideways"}, 3)
    with BattleStore(path) as store:  # another command, later
        b = store.load(rules)
        assert b.events == 3 and b.kniggit(1, 0).held["attack"] == 1
        b = store.undo(rules, 3)
        assert b.events == 2 and b.kniggit(1, 0).held["attack"] == 2 and b.phase == "fight"
        with pytest.raises(OutOfDate):
            store.undo(rules, 3)
        with pytest.raises(InputError, match="in progress"):
            store.new(rules, setup(rules))
        assert store.new(rules, setup(rules), force=True).events == 0


def test_a_damaged_or_foreign_file_is_one_line(rules, tmp_path):
    path = tmp_path / "battle.sqlite3"
    with BattleStore(path, create=True) as store:
        store.new(rules, setup(rules))
    conn = sqlite3.connect(path)
    conn.execute("INSERT INTO events (seq, at, event) VALUES (1, 'now', '{\"op\": \"fly\"}')")
    conn.commit()
    conn.close()
    with BattleStore(path) as store, pytest.raises(DataError, match="battle file damaged"):
        store.load(rules)
    other = tmp_path / "other.sqlite3"
    conn = sqlite3.connect(other)
    conn.execute("CREATE TABLE x (y)")
    conn.close()
    with pytest.raises(DataError, match="not a Havoc Kit battle file"):
        BattleStore(other)


# The battle store's part of the child that `kill_inside_a_change` kills inside a change.
STORE_LINES = """
from companion.data import Cards
from companion.kniggits.rules import rules
from companion.kniggits.store import BattleStore
r = rules(Cards())
with BattleStore(path) as store:
    seen = store.load(r).events
    if action == "undo":
        store.undo(r, seen)
    else:
        store.add(r, json.loads(action), seen)
"""


@pytest.mark.slow
def test_kill_9_inside_a_change_leaves_the_battle_before_it(rules, tmp_path):

    path = tmp_path / "battle.sqlite3"
    with BattleStore(path, create=True) as store:
        store.new(rules, setup(rules, blue="1,Sir Blue,2,2,2\n"))
        for seen in range(2):
            store.add(rules, {"op": "phase"}, seen)
        before = store.load(rules)
    fight = '{"op": "fight", "a": [0, 0], "b": [1, 0], "a_sword": "high", "b_shield": "low"}'
    for action in (fight, '{"op": "phase"}', "undo"):
        kill_inside_a_change(STORE_LINES, path, action, tmp_path / "inside")
        with BattleStore(path) as store:  # the next open rolls the hot journal back
            assert store.load(rules) == before, action
