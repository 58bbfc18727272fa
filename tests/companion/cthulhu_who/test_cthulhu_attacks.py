"""Cthulhu Who? attacks: every attack-score cell against the cards file, names and notes."""

from __future__ import annotations

import tomllib
from fractions import Fraction
from pathlib import Path

import pytest

from companion.cthulhu_who import attacks as cthulhu
from companion.data import Cards
from companion.errors import DataError, InputError
from tests.conftest import ROOT

CARDS = ROOT / "cards" / "cthulhu-who"


def raw(name: str) -> dict:
    """The cards file read by the test itself, not through the module under test."""
    with (CARDS / name).open("rb") as handle:
        return tomllib.load(handle)


@pytest.fixture(scope="module")
def attacks() -> cthulhu.AttackTable:
    return cthulhu.attack_table(Cards(CARDS.parent))


# --------------------------------------------------------------------------- attack scores


def test_every_attack_score_cell(attacks):
    data = raw("attack-scores.toml")
    assert list(attacks.targets) == data["attacked"]
    for row in data["attacker"]:
        attacker = attacks.attacker(row["name"])
        for target, cell in zip(data["attacked"], row["scores"], strict=True):
            score = attacker.scores[attacks.target(target)]
            assert score.text == cell
            if cell == "-":
                assert score.kind == cthulhu.CANNOT and score.chance() == 0
            elif cell == "crush":
                assert score.kind == cthulhu.CRUSH and score.chance() == 1
            elif cell == "silent":
                assert score.kind == cthulhu.SILENT and not score.kills(12)
            else:
                low, _, high = cell.partition("-")
                hits = sum(
                    1
                    for a in range(1, 7)
                    for b in range(1, 7)
                    if int(low) <= a + b <= int(high or low)
                )
                assert score.chance() == Fraction(hits, 36)
                assert all(
                    score.kills(t) == (int(low) <= t <= int(high or low)) for t in range(2, 13)
                )


def test_attack_rulebook_facts(attacks):
    cutlery = attacks.attacker("hero/cutlery")
    assert cutlery.scores["Cultist"].chance() == Fraction(21, 36)  # 7-12
    assert cutlery.scores["4-square Monster"].chance() == Fraction(1, 36)  # 12
    assert attacks.attacker("cultist").scores["Hero"].text == "11-12"
    assert attacks.attacker("2-square").scores["Hero"].text == "8-12"
    assert attacks.attacker("2-square").action_points == 2
    assert attacks.attacker("shotgun").range == attacks.attacker("pistol").range == 2
    assert attacks.attacker("pike").range == 1
    house = attacks.attacker("4-square")
    assert [house.scores[t].kind for t in ("Hero", "Cultist")] == [cthulhu.CRUSH] * 2


def test_a_4_square_monster_crushes_only_whom_the_rules_name(attacks):
    # "In this way it crushes its enemies ... it will also crush Cultists that get in its way."
    # The text names no monster: the kit must not say it crushes one.
    house = attacks.attacker("4-square")
    for target in ("1-square Monster", "2-square Monster", "4-square Monster"):
        assert house.scores[target].kind == cthulhu.SILENT
        assert not house.scores[target].kills(12)
        notes = attacks.notes(house, target)
        assert notes and "do not say" in notes[0]
        assert not any("collapse" in n for n in notes)
    assert any("Cultists in its way" in n for n in attacks.notes(house, "Cultist"))
    assert not any("Cultists in its way" in n for n in attacks.notes(house, "Hero"))
    assert "crush Cultists" in " ".join(attacks.explain(house, "Cultist"))
    for name in ("cutlery", "poker", "pike", "pistol", "shotgun"):
        assert attacks.attacker(name).scores["Hero"].kind == cthulhu.CANNOT


@pytest.mark.parametrize(
    "text, name",
    [
        ("hero/shotgun", "Hero/Shotgun"),
        ("shotgun", "Hero/Shotgun"),
        ("Hero Pike", "Hero/Pike"),
        ("antique pike", "Hero/Pike"),
        ("cultist", "Cultist"),
        ("1-square", "1-Square Monster"),
        ("2-square-monster", "2-Square Monster"),
        ("4-square", "4-Square Monster"),
        ("dog", "1-Square Monster"),
        ("Elephant", "2-Square Monster"),
        ("SH", "Hero/Shotgun"),
        ("cutl", "Hero/Cutlery"),
        ("4-sq", "4-Square Monster"),
        ("hou", "4-Square Monster"),
    ],
)
def test_friendly_attacker_names(attacks, text, name):
    assert attacks.attacker(text).name == name


@pytest.mark.parametrize(
    "text, name",
    [
        ("hero", "Hero"),
        ("hero/pistol", "Hero"),
        ("cultist", "Cultist"),
        ("1-square", "1-square Monster"),
        ("4-square-monster", "4-square Monster"),
        ("house", "4-square Monster"),
        ("CULT", "Cultist"),
        ("2-sq", "2-square Monster"),
    ],
)
def test_friendly_target_names(attacks, text, name):
    assert attacks.target(text) == name


def test_unknown_names_list_the_valid_ones(attacks):
    with pytest.raises(InputError, match="hero/shotgun.*2-square-monster"):
        attacks.attacker("bazooka")
    with pytest.raises(InputError, match="which hero.*hero/cutlery"):
        attacks.attacker("hero")
    with pytest.raises(InputError, match="'ho' could be 1-Square Monster, 4-Square Monster"):
        attacks.attacker("ho")  # Horse or House
    with pytest.raises(InputError, match="unknown target 'priest'.*cultist"):
        attacks.target("priest")


def test_notes_name_the_special_rules(attacks):
    shotgun = attacks.attacker("shotgun")
    notes = " ".join(attacks.notes(shotgun, "4-square Monster"))
    assert "2 squares" in notes and "collapses" in notes and "11-12" in notes
    # "all figures" next to it: against the others the rules are silent (not "no score")
    assert "v others: rules silent" in notes and "no score" not in notes
    assert any("2 action points" in n for n in attacks.notes(attacks.attacker("bear"), "Hero"))
    assert any("adjacent" in n.lower() for n in attacks.notes(attacks.attacker("poker"), "Cultist"))
    assert attacks.notes(attacks.attacker("cultist"), "Cultist") == []


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_bad_attack_file_is_one_located_error(tmp_path):
    text = (CARDS / "attack-scores.toml").read_text(encoding="utf-8")
    bad = write(tmp_path, "a.toml", text.replace('"7-12", "10-12"', '"7-13", "10-12"'))
    with pytest.raises(DataError, match=r"Hero/Cutlery v Cultist.*not a 2d6 total"):
        cthulhu.load_attack_table(bad)
    short = write(
        tmp_path,
        "b.toml",
        text.replace('scores = ["11-12", "-", "-", "-", "-"]', 'scores = ["11-12"]'),
    )
    with pytest.raises(DataError, match=r"\(Cultist\): expected 5 cells"):
        cthulhu.load_attack_table(short)
