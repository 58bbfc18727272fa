"""The Kniggits player aid: the exchange grid and every number come from rules.toml."""

from __future__ import annotations

import shutil

import pdfplumber

from companion.data import Cards
from companion.kniggits.rules import rules
from generator.kniggits.aid import write_kniggits_aid
from generator.sheet.document import PageSize
from generator.sheet.options import PAPERS
from tests.conftest import ROOT


def read(path):
    with pdfplumber.open(path) as pdf:
        page = pdf.pages[0]
        return " ".join(page.extract_text().split()), page.extract_tables(), len(pdf.pages)


def test_exchange_grid_from_the_rules(tmp_path) -> None:
    path = tmp_path / "k.pdf"
    write_kniggits_aid(path, Cards(None), PageSize(*PAPERS["a4"]))
    text, tables, pages = read(path)
    assert pages == 1
    grid = next(t for t in tables if t[0][0] == "Sword \\ shield")
    heights = rules(Cards(None)).heights
    assert grid[0][1:] == [*heights, "no shield"]
    for row in grid[1:]:
        lost = heights[row[0]]
        for shield, cell in zip([*heights, "no shield"], row[1:], strict=True):
            assert cell == ("blocked" if shield == row[0] else f"loses 1 {lost.capitalize()}")


def test_numbers_follow_the_cards(tmp_path) -> None:
    mine = tmp_path / "cards" / "kniggits"
    mine.mkdir(parents=True)
    text = (ROOT / "cards" / "kniggits" / "rules.toml").read_text(encoding="utf-8")
    (mine / "rules.toml").write_text(
        text.replace("max_move = 12", "max_move = 14"), encoding="utf-8"
    )
    shutil.copy(ROOT / "cards" / "kniggits" / "army.csv", mine / "army.csv")
    path = tmp_path / "k.pdf"
    write_kniggits_aid(path, Cards(tmp_path / "cards"), PageSize(*PAPERS["a4"]))
    assert "at most 14 inches" in read(path)[0]
