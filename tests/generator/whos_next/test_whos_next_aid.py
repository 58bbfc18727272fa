"""The Who's Next player aid: the attack table from cards/, the kit's scoring marked."""

from __future__ import annotations

import pdfplumber

from companion.data import Cards
from companion.whos_next.duel_scoring import load_attack_table, load_scoring
from generator.sheet.document import PageSize
from generator.sheet.options import PAPERS
from generator.whos_next.aid import write_whos_next_aid


def test_card_shows_the_attack_and_the_kits_scoring(tmp_path) -> None:
    path = tmp_path / "w.pdf"
    cards = Cards(None)
    write_whos_next_aid(path, cards, PageSize(*PAPERS["a4"]))
    with pdfplumber.open(path) as pdf:
        assert len(pdf.pages) == 1
        text = " ".join(pdf.pages[0].extract_text().split())
        table = next(t for t in pdf.pages[0].extract_tables() if t[0] == ["d6", "Result"])
    attack = load_attack_table(cards)
    assert [tuple(r) for r in table[1:]] == [
        (str(f), r) for f, (r, _e) in sorted(attack.rows.items())
    ]
    scoring = load_scoring(cards)
    assert "The kit's own scoring, not the rulebook's" in text
    assert f"{scoring.own_victim} points for each kill of your own victim" in text
    assert "victory-points table is lost" in text
