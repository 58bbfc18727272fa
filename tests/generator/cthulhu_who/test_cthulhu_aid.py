"""The Cthulhu Who? player aid: tables read back equal cards/, chances exact for 2d6."""

from __future__ import annotations

import re

import pdfplumber
import pytest

from companion.cthulhu_who.actions import load_actions
from companion.cthulhu_who.attacks import attack_table
from companion.cthulhu_who.setup import setup_tables
from companion.data import Cards
from generator.cthulhu_who.aid import write_cthulhu_aid
from generator.sheet.document import MIN_SIZE, PageSize
from generator.sheet.options import PAPERS
from tests.conftest import sweep

CARDS = Cards(None)


@pytest.fixture(scope="module")
def aid(tmp_path_factory):
    path = tmp_path_factory.mktemp("cw") / "aid.pdf"
    write_cthulhu_aid(path, CARDS, PageSize(*PAPERS["a4"]))
    with pdfplumber.open(path) as pdf:
        tables = [t for p in pdf.pages for t in p.extract_tables()]
        text = " ".join(p.extract_text() for p in pdf.pages)
        chars = [(p.width, p.height, p.chars) for p in pdf.pages]
    return path, tables, text, chars


def test_attack_scores_with_exact_2d6_chances(aid) -> None:
    table = next(t for t in aid[1] if t[0][0] == "Attacker")
    attacks = attack_table(CARDS)
    assert table[0][1:] == list(attacks.targets)
    for row, attacker in zip(table[1:], attacks.attackers, strict=True):
        assert row[0] == attacker.name
        for cell, target in zip(row[1:], attacks.targets, strict=True):
            score = attacker.scores[target]
            match = re.fullmatch(r"(\d+)(?:-(\d+))?\n(\d+)/36 \((\d+)%\)", cell or "")
            if score.kind != "roll":
                assert match is None
                continue
            low, high = int(match.group(1)), int(match.group(2) or match.group(1))
            assert f"{low}-{high}" == score.text or str(low) == score.text
            ways = sum(1 for a in range(1, 7) for b in range(1, 7) if low <= a + b <= high)
            assert int(match.group(3)) == ways
            assert int(match.group(4)) == round(ways * 100 / 36)


def test_setup_tables_equal_the_cards(aid) -> None:
    setup = setup_tables(CARDS)
    grids = [t for t in aid[1] if t[0][0] == "Die" and len(t[0]) == 7]
    monsters, cultists, heroes = grids[0], grids[1], grids[2]
    for d in setup.faces:
        assert monsters[d][1:] == [str(setup.monsters[s, d]) for s in setup.faces]
        assert cultists[d][1:] == [str(setup.cultists[s, d]) for s in setup.faces]
        assert heroes[d][1:] == [str(setup.heroes[i, d]) for i in range(len(setup.bands))]
    assert heroes[0][1:] == [b.label for b in setup.bands]


def test_action_points_equal_the_cards_and_their_limits_stand_beside_them(aid) -> None:
    table = next(t for t in aid[1] if t[0][0] == "Action points")
    assert [tuple(r) for r in table[1:]] == [(str(c), w) for c, w in load_actions(CARDS).rows]
    with pdfplumber.open(aid[0]) as pdf:
        for page in pdf.pages:
            found = [t for t in page.find_tables() if t.extract()[0][0] == "Action points"]
            if found:
                x0, top, x1, bottom = found[0].bbox
                beside = page.crop((x1 + 1, top - 2, page.width, bottom + 2)).extract_text()
    for limit in load_actions(CARDS).limits:
        assert " ".join(limit.split()) in " ".join(beside.split())


def test_readable_inside_the_printable_area(aid) -> None:
    for width, height, chars in aid[3]:
        for ch in chars:
            assert ch["size"] >= MIN_SIZE - 0.01
            assert 18 <= ch["x0"] and ch["x1"] <= width - 18
            assert 18 <= ch["top"] and ch["bottom"] <= height - 18


@pytest.mark.parametrize("paper", sweep("a4", "letter"))
def test_one_sheet_with_every_reading_and_the_attacks_on_one_face(tmp_path, paper) -> None:
    from companion.cthulhu_who.geometry import readings

    path = tmp_path / "aid.pdf"
    assert write_cthulhu_aid(path, CARDS, PageSize(*PAPERS[paper])) == 2  # both sides of one
    with pdfplumber.open(path) as pdf:
        texts = [" ".join(p.extract_text().split()) for p in pdf.pages]
        body = min(c["size"] for p in pdf.pages for c in p.chars if c["top"] < p.height - 60)
    assert body >= 8.0 - 0.01  # SIZES' smallest; the footer alone is at MIN_SIZE
    joined = " ".join(texts)
    assert all(f"{r.title} (kit's reading)." in joined for r in readings(CARDS).items.values())
    attacks = [i for i, t in enumerate(texts) if "Attacker" in t or "Attacks: roll 2d6" in t]
    assert len(attacks) == 1  # heading, rules and table on one face
