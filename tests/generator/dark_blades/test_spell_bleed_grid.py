"""Spell cards with --bleed 3mm: nine poker cards a page on A4, eight (turned) on Letter, every
card keeping its own 3 mm bleed, its text 1/4in inside the paper and room for the footer."""

from __future__ import annotations

import pytest
from pdf_read import pages as read_pages
from pypdf import PdfReader

from companion.dark_blades import spells as sp
from generator.dark_blades import spells as cards_gen
from generator.sheet.cards import CARD_TEXT_INSET, impose_cards
from generator.sheet.guides import GUIDE_WIDTH
from generator.sheet.options import SAFE_EDGE, SheetOptions
from generator.sheet.units import MM
from tests.generator.dark_blades.test_spell_cards import build, words_outside_safe_area

POKER = (180.0, 252.0)
PER_PAGE = {"A4": 9, "Letter": 8}  # Letter: 3 x 3.5in rows + 2 x 6 mm + 2 x 3.3 mm > 11in


@pytest.fixture(scope="module")
def deck() -> sp.Deck:
    return sp.load_deck()


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_bleed_3mm_cards_per_page(deck, paper):
    options = SheetOptions.parse(paper=paper, margin="1/4in", bleed="3mm")
    pages = impose_cards(cards_gen.spell_cards(deck, *POKER), *POKER, options)
    per = PER_PAGE[paper]
    counts = [min(per, 24 - start) for start in range(0, 24, per)]
    assert [len(p.placements) for p in pages] == [n for n in counts for _ in "fb"]
    b = 3 * MM
    for page in pages:
        boxes = [(p.x, p.y, p.x + p.w, p.y + p.h) for p in page.placements]
        assert all(sorted((p.w, p.h)) == sorted(POKER) for p in page.placements)
        for x0, y0, x1, y1 in boxes:  # the text 3 mm inside the trim stays 1/4in inside
            assert min(x0, y0) + CARD_TEXT_INSET >= SAFE_EDGE - 1e-6
            assert x1 - CARD_TEXT_INSET <= options.width - SAFE_EDGE + 1e-6
            assert y1 - CARD_TEXT_INSET <= options.height - SAFE_EDGE + 1e-6
        for i, a in enumerate(boxes):  # each card keeps its whole bleed: 6 mm to a neighbour
            for c in boxes[i + 1 :]:
                apart = max(c[0] - a[2], a[0] - c[2], c[1] - a[3], a[1] - c[3])
                assert apart >= 2 * b - 1e-6
    for front, back in zip(pages[::2], pages[1::2], strict=True):
        for f, k in zip(front.placements, back.placements, strict=True):
            assert k.x == pytest.approx(options.width - f.x - f.w) and k.y == f.y
            assert (f.turn + k.turn) % 360 == 0  # turning the sheet over mirrors the turn
    assert {p.turn for p in pages[0].placements} == ({0} if paper == "A4" else {90})


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_bleed_3mm_pdf_keeps_text_inside_and_the_footer_clear_of_the_cards(tmp_path, paper):
    out = build(tmp_path, f"{paper}.pdf", "--bleed", "3mm", "--paper", paper)
    assert words_outside_safe_area(out) == []
    trims = [[float(v) for v in page.trimbox] for page in PdfReader(out).pages]
    read = read_pages(out)
    assert len(read) == 2 * -(-24 // PER_PAGE[paper])
    for page, trim in zip(read, trims, strict=True):
        b, height = 3 * MM, page.height
        outside = []
        for c in page.chars:  # nothing is set in the bleed round the cards
            x0, x1 = c.x0, c.x1
            y0, y1 = height - c.bottom, height - c.top
            inside = trim[0] <= x0 and x1 <= trim[2] and trim[1] <= y0 and y1 <= trim[3]
            clear = x1 < trim[0] - b or x0 > trim[2] + b or y1 < trim[1] - b or y0 > trim[3] + b
            assert inside or clear, c.text
            if clear:
                outside.append(c.text)
        assert "page" in "".join(outside)  # the footer, clear of the cards


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_bleed_3mm_crop_marks_print_on_every_printer(tmp_path, paper):
    """The outer cards' trims run into the margin: a cut nearer the paper's edge than 1/4in
    gets no crop mark (printers cannot print there); every mark printed is inside it."""
    out = build(tmp_path, "b.pdf", "--bleed", "3mm", "--paper", paper)
    marks = [
        (page, ln)
        for page in read_pages(out)
        for ln in page.lines
        if ln.stroke and abs(ln.linewidth - GUIDE_WIDTH) < 1e-6
    ]
    assert marks  # the inner cuts keep theirs
    for page, ln in marks:
        assert min(ln.x0, ln.top, page.width - ln.x1, page.height - ln.bottom) >= 18 - 0.01, ln
