"""The Dark Blades player aid prints duplex: an even page count (four on A4 and on Letter
for the kit's data, with and without --source-only), and no page under a quarter used."""

from __future__ import annotations

import pytest
from pdf_read import pages as read_pages

from companion.data import Cards
from generator.dark_blades.aid import write_dark_blades_aid
from generator.sheet.document import MARGIN, PageSize
from generator.sheet.options import PAPERS

CARDS = Cards(None)
FOOT = 40.0  # the footer band at the foot of the page is not counted


def used(page) -> float:
    """How far down the frame the page's content reaches (0 to 1), the footer left out."""
    height = page.height
    ink = [o.bottom for o in (*page.chars, *page.rects, *page.lines)]
    lowest = max(b for b in ink if b < height - FOOT)
    return (lowest - MARGIN) / (height - 2 * MARGIN)


@pytest.mark.parametrize("paper", ["a4", pytest.param("letter", marks=pytest.mark.slow)])
@pytest.mark.parametrize("source_only", [False, pytest.param(True, marks=pytest.mark.slow)])
def test_reference_prints_duplex_on_four_pages_none_under_a_quarter(tmp_path, paper, source_only):
    path = tmp_path / "ref.pdf"
    pages = write_dark_blades_aid(path, CARDS, PageSize(*PAPERS[paper]), source_only=source_only)
    read = read_pages(path)
    assert len(read) == pages == 4
    shares = [used(p) for p in read]
    assert min(shares) >= 0.25, shares
    assert min(shares[:-1]) >= 0.75, shares  # balanced: only the last page may run short
