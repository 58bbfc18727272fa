"""Every cut stays visible at every stage of cutting: each front face carries a fine line just
inside its cut box, in a tone that contrasts with its own background (so inner strips of one
colour block still show where to cut, also in greyscale); backs carry none."""

from __future__ import annotations

from pathlib import Path

import pytest
from pdf_read import pages as read_pages

from companion.data import Cards
from generator.dark_blades.counters import counter_pieces
from generator.sheet import render_pdf
from generator.sheet.layout import impose
from generator.sheet.options import SheetOptions
from generator.sheet.render_pdf import EDGE_WIDTH, write_pieces_pdf
from tests.conftest import sweep


def grey(rgb) -> float:
    r, g, b = rgb
    return 0.299 * r + 0.587 * g + 0.114 * b


def hex_grey(colour: str) -> float:
    v = colour.lstrip("#")
    return grey(tuple(int(v[i : i + 2], 16) / 255 for i in (0, 2, 4)))


@pytest.mark.parametrize(
    "options",
    sweep({}, {"cut_guides": "lines", "bleed": "3mm"}, {"duplex": "none"}, {"cut_guides": "none"}),
)
def test_every_front_face_has_a_contrasting_cut_line(tmp_path: Path, options) -> None:
    sheet = SheetOptions.parse(**options)
    pieces = counter_pieces(Cards(), piece_size=sheet.piece)
    path = tmp_path / "c.pdf"
    write_pieces_pdf(path, pieces, sheet, "Counters")
    pages = impose(pieces, sheet)
    half = EDGE_WIDTH / 2
    for page, read in zip(pages, read_pages(path), strict=True):
        stroked = [
            r
            for r in read.rects
            if r.stroke and not r.fill and abs(r.linewidth - EDGE_WIDTH) < 1e-3
        ]
        fronts = [p for p in page.placements if p.side == "front"]
        if page.side == "back":
            assert stroked == []
            continue
        assert len(stroked) == len(fronts)
        for p in fronts:
            # the line's outer edge is the cut itself
            (r,) = [
                r
                for r in stroked
                if abs(r.x0 - p.x - half) < 0.01 and abs(r.y0 - p.y - half) < 0.01
            ]
            assert abs(r.width - (p.w - EDGE_WIDTH)) < 0.01
            assert abs(r.height - (p.h - EDGE_WIDTH)) < 0.01
            tone = tuple(c / 255 for c in r.stroke_colour)
            contrast = abs(grey(tone) - hex_grey(p.face.background))
            assert contrast >= 0.4, (p.piece.name, tone, p.face.background)


def test_edge_tone_is_dark_on_light_and_light_on_dark() -> None:
    assert render_pdf.edge_tone("#ffffff") == render_pdf.EDGE_DARK
    assert render_pdf.edge_tone("#dde4ee") == render_pdf.EDGE_DARK
    assert render_pdf.edge_tone("#1f2f55") == render_pdf.EDGE_LIGHT
    assert render_pdf.edge_tone("#000000") == render_pdf.EDGE_LIGHT
