"""The Kniggits ruler measured back from the PDF: inch marks 72 pt apart, exact length, every
scale; the 100 mm check bar; the rules' distances labelled at the chosen scale."""

from __future__ import annotations

import tomllib
from itertools import pairwise

import pytest
from pdf_read import pages as read_pages

from companion.data import Cards
from companion.kniggits.rules import rules
from generator.kniggits.ruler import HALF_TICK_WIDTH, INCH_TICK_WIDTH, SCALES, strips
from generator.kniggits.table_sheet import write_table_pdf
from generator.sheet.options import SheetOptions
from generator.sheet.scales import CHECK_BAR_WIDTH, CHECK_BAR_WORDS
from tests.conftest import ROOT, sweep

MM = 72 / 25.4


def _vertical(page, width: float) -> list:
    return [
        ln for ln in page.lines if abs(ln.x0 - ln.x1) < 1e-3 and abs(ln.linewidth - width) < 1e-6
    ]


def _by_strip(lines: list) -> list[list[float]]:
    rows: dict[float, list[float]] = {}
    for ln in lines:
        rows.setdefault(round(ln.y0, 1), []).append(ln.x0)
    return [sorted(xs) for _, xs in sorted(rows.items(), reverse=True)]


@pytest.mark.parametrize("paper", sweep("A4", "letter"))
@pytest.mark.parametrize("scale", sweep("half", "normal", "double"))
def test_inch_marks_are_72pt_apart_and_the_length_is_exact(tmp_path, scale, paper):
    with open(ROOT / "cards/kniggits/rules.toml", "rb") as handle:
        max_move = tomllib.load(handle)["distances"]["max_move"]
    want_inches = max(6, round(max(12, max_move) * SCALES[scale]))
    pdf = write_table_pdf(
        tmp_path / "r.pdf", SheetOptions.parse(paper=paper), rules(Cards()), scale
    ).path
    page = read_pages(pdf)[0]
    inch_rows = _by_strip(_vertical(page, INCH_TICK_WIDTH))
    half_rows = _by_strip(_vertical(page, HALF_TICK_WIDTH))
    outlines = [r for r in page.rects if r.stroke and not r.fill]
    assert len(inch_rows) >= 1
    total = 0
    for xs, halves in zip(inch_rows, half_rows, strict=True):
        for a, b in pairwise(xs):
            assert abs(b - a - 72) < 0.01
        assert len(halves) == len(xs) - 1
        for x, half in zip(xs, halves, strict=False):
            assert abs(half - x - 36) < 0.01
        total += len(xs) - 1
        # every strip fits inside the paper, a quarter inch from its edge
        assert xs[0] >= 18 and xs[-1] <= page.width - 18
        # its cut outline is exactly as long as its inches
        widths = [r.width for r in outlines if abs(r.x0 - xs[0]) < 0.01]
        assert any(abs(w - (xs[-1] - xs[0])) < 0.01 for w in widths)
    assert total == want_inches


def test_strips_split_evenly_and_cover_every_inch():
    for total in range(1, 40):
        for fits in range(1, 12):
            parts = strips(total, fits)
            assert parts[0].start == 0 and parts[-1].end == total
            assert all(a.end == b.start for a, b in pairwise(parts))
            assert all(p.end - p.start <= fits for p in parts)


def test_check_bar_is_100mm(tmp_path):
    pdf = write_table_pdf(tmp_path / "r.pdf", SheetOptions.parse(), rules(Cards()), "normal").path
    page = read_pages(pdf)[0]
    ticks = sorted(ln.x0 for ln in _vertical(page, CHECK_BAR_WIDTH))
    assert len(ticks) == 11
    assert abs(ticks[-1] - ticks[0] - 100 * MM) < 0.01
    assert CHECK_BAR_WORDS.split(":")[0] in page.text


@pytest.mark.parametrize("scale", ["half", "double"])
def test_distances_follow_the_scale(tmp_path, scale):
    kniggit_rules = rules(Cards())
    factor = SCALES[scale]
    pdf = write_table_pdf(tmp_path / "r.pdf", SheetOptions.parse(), kniggit_rules, scale).path
    pages = read_pages(pdf)
    ruler = pages[0].text
    obstacles = " ".join(page.text for page in pages)  # after the ruler
    assert scale.upper() in ruler
    assert f"IN COMBAT within {kniggit_rules.combat_range * factor:g} in" in ruler
    assert f"DEPLOY within {kniggit_rules.deployment * factor:g} in" in ruler
    assert f"GAUGE {2 * factor:g} in" in obstacles
