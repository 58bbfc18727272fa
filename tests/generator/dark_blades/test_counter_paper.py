"""The Dark Blades counters on paper at several piece sizes: no sheet under a quarter used (a few
markers no longer spill onto a sheet of their own at 1/2in and 1in), and crop marks on all four
sides of every front page, at every cut, 1/4in or more inside the paper's edge, the ones below
the pieces clear of the footer."""

from __future__ import annotations

from pathlib import Path

import pytest
from pdf_read import pages as read_pages

from companion.data import Cards
from generator.commands.dark_blades import counters_pdf
from generator.sheet.layout import Placement, pack
from generator.sheet.options import SheetOptions
from generator.sheet.pages import footer_box
from generator.sheet.room import KEPT_MARK
from tests.generator.test_sheet_packing import used

CASES = [("A4", "5/8in"), ("letter", "5/8in"), ("A4", "1/2in"), ("A4", "1in"), ("letter", "1in")]
EDGE = 18.0  # 1/4in


@pytest.fixture(
    scope="module",
    # the default size on A4 in the quick tier; the other sizes and Letter in the slow one
    params=[
        pytest.param(c, id=f"{c[0]}-{c[1]}", marks=() if i == 0 else pytest.mark.slow)
        for i, c in enumerate(CASES)
    ],
)
def printed(request, tmp_path_factory) -> tuple[Path, SheetOptions, int, list[list[Placement]]]:
    """(the counters PDF, its options, its sheets, the fronts' placements page by page)."""
    paper, size = request.param
    sheet = SheetOptions.parse(paper=paper, piece_size=size)
    out = tmp_path_factory.mktemp("counters") / "counters.pdf"
    stats, pieces = counters_pdf(Cards(), sheet, out, None, False)
    return out, sheet, stats.sheets, pack(pieces, sheet)


def test_no_sheet_under_a_quarter_used(printed) -> None:
    pdf, _, sheets, fronts = printed
    shares = used(pdf)
    fuller = [max(shares[i : i + 2]) for i in range(0, len(shares), 2)]  # front and back
    assert len(fuller) == sheets == len(fronts)
    if sheets > 1:
        assert min(fuller) >= 0.25, [round(s, 2) for s in fuller]


def test_crop_marks_on_all_four_sides_of_every_page(printed) -> None:
    pdf, sheet, _, fronts = printed
    fx0, _, fx1, footer_top = footer_box(sheet)
    b = sheet.bleed
    for number, placements in enumerate(fronts):
        page = read_pages(pdf)[2 * number]  # fronts and backs interleaved
        marks = [ln for ln in page.lines if ln.stroke and abs(ln.linewidth - 0.3) < 1e-6]
        top = max(p.y + p.h for p in placements) + b
        bottom = min(p.y for p in placements) - b
        left = min(p.x for p in placements) - b
        right = max(p.x + p.w for p in placements) + b
        for m in marks:
            assert m.x0 >= EDGE - 0.01 and m.x1 <= sheet.width - EDGE + 0.01, m
            assert m.y0 >= EDGE - 0.01 and m.y1 <= sheet.height - EDGE + 0.01, m
            if m.width < 1e-3:  # (marks in the gap between two bands are shorter)
                outside = m.y0 >= top - 0.01 or m.y1 <= bottom + 0.01
            else:
                outside = m.x1 <= left + 0.01 or m.x0 >= right - 0.01
            assert not outside or max(m.width, m.height) >= KEPT_MARK - 0.01, m
        vertical = [m for m in marks if m.width < 1e-3]
        horizontal = [m for m in marks if m.height < 1e-3]
        above = {round(m.x0, 2) for m in vertical if m.y0 >= top - 0.01}
        below = [m for m in vertical if m.y1 <= bottom + 0.01]
        beside = [{round(m.y0, 2) for m in horizontal if m.x1 <= left + 0.01},
                  {round(m.y0, 2) for m in horizontal if m.x0 >= right - 0.01}]  # fmt: skip
        top_row = [p for p in placements if abs(p.y + p.h + b - top) < 1e-6]
        low_row = [p for p in placements if abs(p.y - b - bottom) < 1e-6]
        assert {round(v, 2) for p in top_row for v in (p.x, p.x + p.w)} <= above
        assert {round(v, 2) for p in low_row for v in (p.x, p.x + p.w)} <= {
            round(m.x0, 2) for m in below
        }
        edges = {round(v, 2) for p in placements for v in (p.y, p.y + p.h)}
        assert edges <= beside[0] and edges <= beside[1]  # every row edge, both sides
        for m in below:
            if fx0 - 0.01 <= m.x0 <= fx1 + 0.01:
                assert m.y0 >= footer_top + 0.5, m  # clear of the footer's text
