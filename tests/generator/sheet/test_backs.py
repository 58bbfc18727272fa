"""Backs forgive misregistration: every back's ground runs past its trim where there is room,
shares a gap with its neighbour, never covers another piece; and the PDF draws it so."""

from __future__ import annotations

from pathlib import Path

import pytest
from engine_helpers import mixed

from generator.sheet.backs import BACK_BLEED, back_grounds
from generator.sheet.layout import impose
from generator.sheet.options import SheetOptions
from generator.sheet.render_pdf import write_pieces_pdf

MM = 72 / 25.4


def overlap(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return min(a[2], b[2]) - max(a[0], b[0]) > 1e-6 and min(a[3], b[3]) - max(a[1], b[1]) > 1e-6


@pytest.mark.parametrize("options", [{}, {"duplex": "short"}, {"duplex": "none"}, {"bleed": "3mm"}])
def test_back_grounds_run_past_the_trim_into_free_room_only(options: dict) -> None:
    sheet = SheetOptions.parse(**options)
    grown = 0
    for page in impose(mixed(80), sheet):
        grounds = back_grounds(page.placements, sheet)
        backs = [i for i, p in enumerate(page.placements) if p.side == "back"]
        assert sorted(grounds) == backs
        for i, (x0, y0, x1, y1) in grounds.items():
            p = page.placements[i]
            sides = (p.x - x0, p.y - y0, x1 - p.x - p.w, y1 - p.y - p.h)
            assert all(
                sheet.bleed - 1e-6 <= s <= max(BACK_BLEED, sheet.bleed) + 1e-6 for s in sides
            )
            assert 0 <= x0 and x1 <= sheet.width and 0 <= y0 and y1 <= sheet.height
            grown += sum(s >= 2.5 * MM for s in sides)
            for j, q in enumerate(page.placements):  # another piece is never covered
                if j != i:
                    assert not overlap((x0, y0, x1, y1), (q.x, q.y, q.x + q.w, q.y + q.h))
    assert grown  # the outer sides of blocks bleed 3 mm


def test_a_back_grows_half_the_gap_to_its_neighbour() -> None:
    sheet = SheetOptions.parse(bleed="1mm")  # 2 mm between neighbours
    page = next(p for p in impose(mixed(80), sheet) if p.side == "back")
    grounds = back_grounds(page.placements, sheet)
    pairs = [
        (i, p)
        for i, p in enumerate(page.placements)
        for q in page.placements
        if abs(q.x - (p.x + p.w + 2 * MM)) < 1e-6 and abs(q.y - p.y) < 1e-6
    ]
    assert pairs  # neighbours 2 mm apart: each takes 1 mm of the gap
    for i, p in pairs:
        assert grounds[i][2] == pytest.approx(p.x + p.w + 1 * MM)


def test_the_pdf_paints_each_back_ground_past_its_trim(tmp_path: Path) -> None:
    import pdfplumber

    sheet = SheetOptions.parse()
    stats = write_pieces_pdf(tmp_path / "b.pdf", mixed(80), sheet, "Backs", "")
    page = impose(mixed(80), sheet)[1]
    assert page.side == "back"
    grounds = back_grounds(page.placements, sheet)
    with pdfplumber.open(stats.path) as pdf:
        height = float(pdf.pages[1].height)
        rects = {
            (
                round(r["x0"], 2),
                round(height - r["bottom"], 2),
                round(r["x1"], 2),
                round(height - r["top"], 2),
            )
            for r in pdf.pages[1].rects
            if r.get("fill")
        }
    for x0, y0, x1, y1 in grounds.values():
        assert (round(x0, 2), round(y0, 2), round(x1, 2), round(y1, 2)) in rects
