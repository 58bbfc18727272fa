"""Readable pieces: piece sizes and labels that cannot print readably are refused in one line;
margins under 1/4in warn in one line; --blank-values boxes are at least 5 mm tall, clear of the
words above them."""

from __future__ import annotations

from pathlib import Path

import pytest
from pdf_read import pages as read_pages

from companion.data import Cards
from generator.dark_blades import counters as dark_blades
from generator.sheet.pieces import Rect, Text
from tests.conftest import ROOT, sweep

MM = 72 / 25.4


@pytest.mark.parametrize(
    ("size", "message"),
    [
        ("5mm", "--piece-size: 5mm is too small to print readably (at least 10mm)"),
        ("9mm", "--piece-size: 9mm is too small to print readably (at least 10mm)"),
        ("10mm", "--piece-size 10mm: 'CROSSBOW' on 'Black Dwarf healthy 1' would print at 4.2 pt"),
    ],
)
def test_unreadable_piece_sizes_are_refused(havoc_pnp, tmp_path: Path, size, message) -> None:
    result = havoc_pnp("counters", "--piece-size", size, "-o", tmp_path / "c.pdf")
    assert result.exit_code == 2
    assert result.output.startswith(f"havoc-pnp: error: {message}")
    assert len(result.output.splitlines()) == 1 and not (tmp_path / "c.pdf").exists()


def test_a_label_that_only_fits_below_the_minimum_is_refused(havoc_pnp, tmp_path) -> None:
    kit = (ROOT / "cards" / "dark-blades" / "pieces.csv").read_text(encoding="utf-8")
    roster = tmp_path / "r.csv"
    roster.write_text(kit.replace(",Zatan,,", ",Zatan,WWWWWWWWWWWW,"))  # 12: the longest label
    result = havoc_pnp("counters", "--roster", roster, "-o", tmp_path / "c.pdf")
    assert result.exit_code == 2
    assert "--piece-size 5/8in: 'WWWWWWWWWWWW' on 'Zatan" in result.output
    assert "below the 4.5 pt that prints readably" in result.output


@pytest.mark.parametrize("size", sweep("1/2in", "12mm"))
def test_every_printed_letter_is_at_least_4_5pt(havoc_pnp, tmp_path: Path, size: str) -> None:
    result = havoc_pnp("counters", "--piece-size", size, "-o", tmp_path / "c.pdf")
    assert result.exit_code == 0, result.output
    sizes = [c.size for page in read_pages(tmp_path / "c.pdf") for c in page.chars if c.size < 5.9]
    # the footer is 6 pt (or a little less when it must wrap); the pieces' words >= 4.5 pt
    assert sizes and min(sizes) >= 4.5 - 1e-3


@pytest.mark.parametrize("size", [45.0, 54.0, 72.0, 20 * MM])
def test_blank_value_boxes_are_5mm_tall_and_clear_of_words(size: float) -> None:
    pieces = dark_blades.counter_pieces(Cards(), blank_values=True, piece_size=size)
    checked = 0
    for piece in pieces:
        if "marker" in piece.tags:
            continue
        for face in (piece.front, piece.back):
            boxes = [
                op for op in face.ops if isinstance(op, Rect) and op.fill == "#ffffff" and op.stroke
            ]
            words = [op for op in face.ops if isinstance(op, Text)]
            for box in boxes:
                assert box.h * size >= 5 * MM - 1e-6
                checked += 1
                for word in words:  # baselines above the box, or beside it (the horse half)
                    assert word.y > box.y + box.h or abs(word.x - box.x) > 0.6, word.text
    assert checked > 100


def test_blank_values_refuse_a_piece_too_small_for_the_boxes(havoc_pnp, tmp_path) -> None:
    result = havoc_pnp("counters", "--blank-values", "--piece-size", "1/2in", "-o",
                       tmp_path / "c.pdf")  # fmt: skip
    assert result.exit_code == 2
    assert "--blank-values: boxes 5 mm tall" in result.output
    assert "use --piece-size 15.6mm or larger" in result.output


@pytest.mark.parametrize(
    ("margin", "warned"), [("5mm", True), ("0", True), ("1/4in", False), ("10mm", False)]
)
def test_margins_under_a_quarter_inch_warn(havoc_pnp, tmp_path, margin, warned) -> None:
    result = havoc_pnp("calibrate", "--margin", margin, "-o", tmp_path / "c.pdf")
    assert result.exit_code == 0, result.output
    lines = [ln for ln in result.stderr.splitlines() if "warning" in ln]
    if warned:
        assert len(lines) == 1 and lines[0].startswith(f"havoc-pnp: warning: --margin {margin}")
        assert "under 1/4in" in lines[0]
    else:
        assert lines == []
