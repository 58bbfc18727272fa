"""A 4-square monster's move on the rolled garden (`on_board.four_square_move`): each kind's
fate comes from the attack table's 4-square row, and a figure named at a square is checked."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from companion.cthulhu_who.attacks import attack_table
from companion.cthulhu_who.geometry import readings
from companion.cthulhu_who.on_board import crush_fates, four_square_move
from companion.data import Cards
from companion.errors import FieldError
from tests.conftest import ROOT

ROW = 'scores = ["crush", "crush", "silent", "silent", "silent"]'


def _cards(tmp_path: Path, row: str) -> Cards:
    game = tmp_path / "cthulhu-who"
    shutil.copytree(ROOT / "cards" / "cthulhu-who", game)
    text = (game / "attack-scores.toml").read_text(encoding="utf-8")
    assert text.count(ROW) == 1
    (game / "attack-scores.toml").write_text(text.replace(ROW, row), encoding="utf-8")
    return Cards(tmp_path)


def test_each_kinds_fate_is_the_tables_4_square_row(tmp_path: Path):
    kit = attack_table(Cards())
    assert crush_fates(kit) == [
        ("Hero, Cultist", "crushed"),
        ("1-square Monster, 2-square Monster, 4-square Monster", "not in the rules"),
    ]
    # a group's own reading of the silent cells: the fates follow the file
    mine = _cards(tmp_path, 'scores = ["crush", "-", "crush", "silent", "silent"]')
    assert crush_fates(attack_table(mine)) == [
        ("Hero, 1-square Monster", "crushed"),
        ("Cultist", "not crushed"),
        ("2-square Monster, 4-square Monster", "not in the rules"),
    ]
    move = four_square_move(
        mine, readings(mine), attack_table(mine), 1, 1, "B3", "B4", ("B5=cultist", "C5=dog")
    )
    assert move.crushed == [("B5", "Cultist", "not crushed"), ("C5", "1-square Monster", "crushed")]


def test_a_figure_that_is_not_in_the_table_is_refused_at_its_field():
    cards = Cards()
    with pytest.raises(FieldError) as error:
        four_square_move(
            cards, readings(cards), attack_table(cards), 1, 1, "B3", "B4", ("B5=shoggoth",)
        )
    assert error.value.field == "at" and error.value.value == "B5=shoggoth"
    assert str(error.value).startswith("at: 'shoggoth' is not a figure: expected hero, cultist")
