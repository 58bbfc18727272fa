"""Kniggits: rules.toml, army checks (points, runaways, move cap) and every exchange."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from companion.csv_rosters import read_csv, rows_of
from companion.errors import DataError, InputError
from companion.kniggits import rules as kniggits
from tests.conftest import ROOT

CARDS = ROOT / "cards" / "kniggits"
HEADER = "count,name,movement,attack,defense\n"


@pytest.fixture(scope="module")
def rules() -> kniggits.KniggitRules:
    return kniggits.load_rules(CARDS / "rules.toml")


def checked(
    path: Path, rules: kniggits.KniggitRules, budget: int | None = None
) -> kniggits.ArmyCheck:
    """An army file checked as `havoc army` checks it: its rows read, then checked."""
    return kniggits.check_army(read_csv(path, kniggits.army_columns(rules)), rules, budget, path)


def army(tmp_path: Path, body: str, name: str = "army.csv") -> Path:
    path = tmp_path / name
    path.write_text(HEADER + body, encoding="utf-8")
    return path


def test_rules_match_the_cards_file_and_the_rulebook(rules):
    with (CARDS / "rules.toml").open("rb") as handle:
        data = tomllib.load(handle)
    assert rules.kniggit_cost == data["points"]["kniggit"] == 5
    assert rules.token_cost == data["points"]["token"] == 1
    assert rules.suggested_total == data["points"]["suggested_total"] == 50
    assert rules.inches_per_token == 2 and rules.max_move == 12 and rules.crawl == 2
    assert rules.combat_range == 2
    assert rules.heights == {"high": "attack", "middle": "defense", "low": "movement"}
    assert rules.heights == data["heights"]


@pytest.mark.parametrize("tokens, inches", [(0, 2), (1, 2), (3, 6), (6, 12), (7, 12), (20, 12)])
def test_move_is_two_inches_a_token_capped_at_twelve(rules, tokens, inches):
    assert rules.move(tokens) == inches
    assert rules.spare_movement(tokens) == max(0, tokens - 6)


def test_sample_army_is_a_legal_50_points(rules):
    check = checked(CARDS / "army.csv", rules)
    assert check.budget == 50
    # Independently: 5 per kniggit, 1 per token, straight from the CSV.
    rows = [
        line.split(",")
        for line in (CARDS / "army.csv").read_text().splitlines()
        if line and not line.startswith(("#", "count"))
    ]
    expected = sum(int(r[0]) * (5 + sum(int(x) for x in r[2:])) for r in rows)
    assert check.points == expected == 50
    assert check.legal and not check.runaways and check.over == 0 and check.under == 0


def test_runaways_are_named_and_still_cost_points(rules, tmp_path):
    path = army(tmp_path, "1,Sir Robin,3,0,2\n2,Squire,1,1,0\n1,Sir Bors,1,1,1\n")
    check = checked(path, rules)
    assert [k.name for k in check.runaways] == ["Sir Robin", "Squire"]
    assert check.runaways[0].missing(rules) == ["attack"]
    assert check.runaways[1].missing(rules) == ["defense"]
    assert check.fighting == 1
    assert check.points == 4 * 5 + 5 + 2 * 2 + 3
    assert check.legal  # running away is not a points offence


def test_over_and_under_budget(rules, tmp_path):
    path = army(tmp_path, "5,Knight,2,2,2\n")  # 5 x (5 + 6) = 55
    over = checked(path, rules)
    assert over.points == 55 and over.over == 5 and not over.legal
    assert checked(path, rules, 55).legal
    under = checked(path, rules, 60)
    assert under.legal and under.under == 5
    with pytest.raises(InputError, match="^points: "):
        checked(path, rules, -1)


def test_movement_tokens_above_the_cap_are_spares_not_waste(rules, tmp_path):
    path = army(tmp_path, "1,Runner,9,1,1\n1,Walker,6,1,1\n")
    check = checked(path, rules)
    assert [(k.name, n) for k, n in check.spare] == [("Runner", 3)]
    # each spare keeps the 12-inch move through one more low blow: not wasted
    tokens = {"movement": 9, "attack": 1, "defense": 1}
    for _ in range(3):
        x = kniggits.exchange(rules, "low", "none", tokens)
        tokens = x.after.tokens
        assert x.after.move == 12
    assert kniggits.exchange(rules, "low", "none", tokens).after.move == 10


def test_army_names_must_differ_and_defence_is_accepted(rules, tmp_path):
    twice = army(tmp_path, "1,Squire,1,1,1\n2,squire,1,1,1\n")
    with pytest.raises(
        DataError, match=r"army\.csv:3: duplicate name 'squire' \(first on line 2\)"
    ):
        checked(twice, rules)
    british = tmp_path / "uk.csv"
    british.write_text("count,name,movement,attack,defence\n1,Sir Robin,2,1,3\n")
    (k,) = checked(british, rules).kniggits
    assert k.tokens == {"movement": 2, "attack": 1, "defense": 3}


@pytest.mark.parametrize(
    "body, message",
    [
        ("1,Knight,x,1,1\n", r"army\.csv:2: column 'movement': expected a whole number"),
        ("0,Knight,1,1,1\n", r"army\.csv:2: column 'count': expected a positive whole number"),
        ("1,Knight,1,-1,1\n", r"army\.csv:2: column 'attack': expected a whole number of 0"),
        ("1,,1,1,1\n", r"army\.csv:2: column 'name': a value is required"),
        ("1,Knight,1,1,1,9\n", r"army\.csv:2: 6 cells but the header"),
        ("99999999999,Knight,1,1,1\n", r"army\.csv:2: column 'count': .* \(at most 1,000\)"),
        ("1,Knight,1,1001,1\n", r"army\.csv:2: column 'attack': 1,001 is too large"),
        ("9" * 5000 + ",Knight,1,1,1\n", r"army\.csv:2: a cell longer than 4,096 characters"),
        ("9" * 400 + ",Knight,1,1,1\n", r"army\.csv:2: column 'count': 9+\.\.\. has too many"),
    ],
)
def test_bad_army_rows(rules, tmp_path, body, message):
    with pytest.raises(DataError, match=message):
        checked(army(tmp_path, body), rules)


def test_bad_army_files(rules, tmp_path):
    wrong = tmp_path / "wrong.csv"
    wrong.write_text("count,name,speed\n1,A,1\n", encoding="utf-8")
    with pytest.raises(DataError, match=r"wrong\.csv:1: unknown column 'speed'"):
        checked(wrong, rules)
    with pytest.raises(DataError, match="no kniggits"):
        checked(army(tmp_path, ""), rules)
    with pytest.raises(DataError, match="file not found"):
        checked(tmp_path / "missing.csv", rules)


def test_rows_typed_into_a_form_are_checked_as_a_files(rules):
    columns = kniggits.army_columns(rules)
    typed = [{"count": "2", "name": "Squire", "movement": "1", "attack": "1", "defense": "1"}]
    check = kniggits.check_army(rows_of(typed, columns, Path("your army")), rules)
    assert check.path is None and check.points == 2 * 5 + 2 * 3
    bad = [*typed, {"count": "1", "name": "Knight", "movement": "x"}]
    with pytest.raises(DataError, match=r"^your army:2: column 'movement': expected a whole"):
        rows_of(bad, columns, Path("your army"))
    with pytest.raises(DataError, match="no kniggits"):
        kniggits.check_army([], rules)


# --------------------------------------------------------------------------- exchanges

HEIGHT_HITS = {"high": "attack", "middle": "defense", "low": "movement"}  # the rulebook's


@pytest.mark.parametrize("attack", ["high", "middle", "low"])
@pytest.mark.parametrize("defend", ["high", "middle", "low", "none"])
def test_every_exchange(rules, attack, defend):
    x = kniggits.exchange(rules, attack, defend)
    if attack == defend:
        assert (x.result, x.loses) == ("defended", None)
    else:
        assert (x.result, x.loses) == ("hit", HEIGHT_HITS[attack])


@pytest.mark.parametrize("defend", ["high", "middle", "low", "none", "fumble"])
def test_fumbled_sword_makes_no_attack(rules, defend):
    x = kniggits.exchange(rules, "fumble", defend, {"movement": 1, "attack": 1, "defense": 1})
    assert (x.result, x.loses) == ("no attack", None)
    assert x.after.tokens == {"movement": 1, "attack": 1, "defense": 1}


@pytest.mark.parametrize("attack", ["high", "middle", "low"])
def test_fumbled_shield_is_like_no_defence(rules, attack):
    assert kniggits.exchange(rules, attack, "fumble").loses == HEIGHT_HITS[attack]
    assert kniggits.exchange(rules, attack, "fumble").result == "hit"


def test_no_defense_token_cannot_defend(rules):
    x = kniggits.exchange(rules, "high", "high", {"movement": 1, "attack": 1, "defense": 0})
    assert x.result == "hit" and x.loses == "attack"
    assert x.after.tokens == {"movement": 1, "attack": 0, "defense": 0}
    assert x.after.flees  # only Movement left


def test_standing_after_a_blow(rules):
    x = kniggits.exchange(rules, "low", "high", {"movement": 1, "attack": 2, "defense": 1})
    after = x.after
    assert after.tokens == {"movement": 0, "attack": 2, "defense": 1}
    assert after.crawls and after.move == 2
    assert after.can_attack and after.can_defend and not after.flees


def test_one_colour_left_flees_and_cannot_attack(rules):
    x = kniggits.exchange(rules, "middle", "low", {"movement": 0, "attack": 3, "defense": 1})
    assert x.after.tokens == {"movement": 0, "attack": 3, "defense": 0}
    assert x.after.flees and not x.after.can_attack and not x.after.can_defend


def test_losing_a_token_he_does_not_have(rules):
    x = kniggits.exchange(rules, "high", "none", {"movement": 2, "attack": 0, "defense": 1})
    assert x.result == "hit" and x.loses is None
    assert x.after.tokens == x.before.tokens


def test_bad_exchange_input(rules):
    with pytest.raises(InputError, match="^attack: "):
        kniggits.exchange(rules, "sideways", "high")
    with pytest.raises(InputError, match="^defend: "):
        kniggits.exchange(rules, "high", "up")
    with pytest.raises(InputError, match="M,A,D"):
        kniggits.parse_tokens("1,2", rules)
    with pytest.raises(InputError, match="M,A,D"):
        kniggits.parse_tokens("1,-2,1", rules)
    assert kniggits.parse_tokens("3, 0,1", rules) == {"movement": 3, "attack": 0, "defense": 1}


def test_bad_rules_file(tmp_path):
    text = (CARDS / "rules.toml").read_text(encoding="utf-8")
    bad = tmp_path / "rules.toml"
    bad.write_text(text.replace('high = "attack"', 'high = "sword"'), encoding="utf-8")
    with pytest.raises(DataError, match="key 'heights.high': expected one of"):
        kniggits.load_rules(bad)
    bad.write_text(text.replace("max_move = 12", 'max_move = "12"'), encoding="utf-8")
    with pytest.raises(DataError, match="key 'distances.max_move': expected a whole number"):
        kniggits.load_rules(bad)


@pytest.mark.parametrize(
    "old, new, words",
    [
        ('low = "movement"', 'low = "attack"', "2 heights (high, low) knock off attack"),
        ('low = "movement"', '# low = "movement"', "no height knocks off movement"),
    ],
)
def test_every_colour_is_knocked_by_one_height(tmp_path, old, new, words):
    text = (CARDS / "rules.toml").read_text(encoding="utf-8")
    assert old in text
    bad = tmp_path / "rules.toml"
    bad.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(DataError, match=re.escape(words)):
        kniggits.load_rules(bad)


def _tokens(m: int, a: int, d: int) -> dict[str, int]:
    return {"movement": m, "attack": a, "defense": d}


def test_both_blows_land_at_once_with_the_tokens_from_before(rules):
    # each knocks off the other's only Attack token: both blows still land (simultaneous)
    a = kniggits.Fighter("Ann", "high", "low", _tokens(2, 1, 1))
    b = kniggits.Fighter("Bob", "high", "middle", _tokens(2, 1, 1))
    c = kniggits.clash(rules, a, b)
    assert [x.loses for x in c.blows] == ["attack", "attack"]
    assert [s.tokens for s in c.after] == [_tokens(2, 0, 1), _tokens(2, 0, 1)]
    assert [s.can_attack for s in c.before] == [True, True]
    assert not any(s.can_attack for s in c.after)


def test_a_fighter_who_faces_away_only_defends(rules):
    a = kniggits.Fighter("Ann", "low", "none", _tokens(2, 1, 1))
    b = kniggits.Fighter("Bob", "none", "high", _tokens(2, 1, 1))
    c = kniggits.clash(rules, a, b)
    assert c.blows[1] is None and c.after[0] == c.before[0]
    assert c.after[1].tokens == _tokens(1, 1, 1)


@pytest.mark.parametrize(
    "tokens, words",
    [
        (_tokens(2, 0, 1), "no attack tokens left cannot attack"),
        (_tokens(0, 3, 0), "They may not attack - even if they have attack tokens left"),
        (_tokens(0, 0, 0), "They may not attack"),
    ],
)
def test_who_cannot_attack_is_refused_as_an_attacker(rules, tokens, words):
    a = kniggits.Fighter("Ann", "middle", "low", tokens)
    b = kniggits.Fighter("Bob", "none", "high", _tokens(1, 1, 1))
    with pytest.raises(InputError, match="Ann cannot attack") as refused:
        kniggits.clash(rules, a, b)
    assert words in str(refused.value)
    # facing away, he is not attacking: he may still be struck
    bob = kniggits.Fighter("Bob", "high", "none", _tokens(1, 1, 1))
    assert kniggits.clash(rules, bob, kniggits.Fighter("Ann", "none", "low", tokens)).blows[0]
