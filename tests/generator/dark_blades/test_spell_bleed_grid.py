"""Spell cards on every paper: every trim at least 1/4in inside the paper with a crop mark at
every trim, where every printer prints; with --bleed 3mm every card keeps its own 3 mm bleed,
six poker cards a page (turned) on A4 and on Letter; with no bleed nine on A4, eight (turned)
on Letter (the ninth row of three would leave no room for the column marks)."""

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
from tests.generator.dark_blades.test_spell_cards import shared, words_outside_safe_area

POKER = (180.0, 252.0)
# A4: 4 turned rows of 2.5in + 8 x 3 mm bleed = 278 mm leave 19 mm, short of two marks, the
# footer and the 1/4in lines; Letter: the same for three rows upright
PER_PAGE = {"A4": 6, "Letter": 6}


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
    assert {p.turn for p in pages[0].placements} == {90}


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_bleed_3mm_pdf_keeps_text_inside_and_the_footer_clear_of_the_cards(pnp_once, paper):
    # the same files as the trim test's below (shared for the run)
    out = shared(pnp_once, *(("--paper", paper) if paper != "A4" else ()), "--bleed", "3mm")
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


@pytest.mark.parametrize(
    "extra",
    [(), ("--bleed", "3mm"), ("--paper", "Letter"), ("--paper", "Letter", "--bleed", "3mm")],
)
def test_every_trim_is_a_quarter_inch_in_with_a_crop_mark_at_both_ends(pnp_once, extra):
    """Read back from the PDF: every card's trim lies 1/4in or more inside the paper; every
    vertical trim has a mark above and below the cards, every horizontal one a mark left and
    right of them; every mark is 1/4in or more inside the paper (where every printer prints)."""
    out = shared(pnp_once, *extra)
    opts = dict(zip(extra[::2], extra[1::2], strict=True))
    options = SheetOptions.parse(
        paper=opts.get("--paper", "A4"), margin="1/4in", bleed=opts.get("--bleed", "none")
    )
    pages = impose_cards(cards_gen.spell_cards(sp.load_deck(), *POKER), *POKER, options)
    read = read_pages(out)
    assert len(read) == len(pages)
    for page, laid in zip(read, pages, strict=True):
        marks = [ln for ln in page.lines if ln.stroke and abs(ln.linewidth - GUIDE_WIDTH) < 1e-6]
        for ln in marks:
            assert min(ln.x0, ln.top, page.width - ln.x1, page.height - ln.bottom) >= 18 - 0.01
        if laid.side != "front":
            continue
        boxes = [(p.x, p.y, p.x + p.w, p.y + p.h) for p in laid.placements]
        for x0, y0, x1, y1 in boxes:
            assert min(x0, y0, page.width - x1, page.height - y1) >= SAFE_EDGE - 1e-6
        top = max(b[3] for b in boxes)
        low = min(b[1] for b in boxes)
        for x in {v for b in boxes for v in (b[0], b[2])}:
            ends = [ln for ln in marks if abs(ln.x0 - x) < 0.01 and abs(ln.x1 - x) < 0.01]
            ys = [page.height - (ln.top + ln.bottom) / 2 for ln in ends]  # up from the bottom
            assert any(y > top for y in ys) and any(y < low for y in ys), (extra, x)
        left = min(b[0] for b in boxes)
        right = max(b[2] for b in boxes)
        for y in {v for b in boxes for v in (b[1], b[3])}:
            row = [ln for ln in marks if abs(page.height - ln.top - y) < 0.01 and ln.x1 > ln.x0]
            assert any(ln.x1 < left for ln in row) and any(ln.x0 > right for ln in row), (extra, y)
