"""The tiled full-size board: tiles reassemble to the exact grid with the stated overlaps."""

from __future__ import annotations

import pytest

from generator.cthulhu_who.board import OVERLAP, tile_plan
from generator.sheet.options import SheetOptions


@pytest.mark.parametrize("paper", ["A4", "letter", "200x280mm"])
@pytest.mark.parametrize("boards", [1, 2])
@pytest.mark.parametrize("square", ["1in", "2in", "25mm"])
def test_tiles_reassemble_to_the_exact_grid(paper, boards, square):
    options = SheetOptions.parse(paper=paper, piece_size=square)
    sq = options.piece
    tiles = tile_plan(options, boards, sq)
    width, height = 8 * boards * sq, 8 * sq
    if square == "1in":
        assert width == 576.0 * boards and height == 576.0
    x0, y0, x1, y1 = options.usable
    cols = sorted({t.col for t in tiles})
    rows = sorted({t.row for t in tiles})
    assert len(tiles) == len(cols) * len(rows)
    for t in tiles:
        assert x0 <= t.px and t.px + t.w <= x1 and y0 <= t.py and t.py + t.h <= y1
    for r in rows:
        line = sorted((t for t in tiles if t.row == r), key=lambda t: t.col)
        assert line[0].bx == 0 and line[-1].bx + line[-1].w == pytest.approx(width, abs=1e-9)
        for a, b in zip(line, line[1:], strict=False):
            assert a.bx + a.w - b.bx == pytest.approx(OVERLAP, abs=1e-9)
    for c in cols:
        column = sorted((t for t in tiles if t.col == c), key=lambda t: t.row)
        assert column[0].by + column[0].h == pytest.approx(height, abs=1e-9)
        assert column[-1].by == pytest.approx(0, abs=1e-9)
        for a, b in zip(column, column[1:], strict=False):
            assert b.by + b.h - a.by == pytest.approx(OVERLAP, abs=1e-9)
    # reassembled: the pieces left after the overlaps add up to the grid, exactly
    first_row = [t for t in tiles if t.row == rows[0]]
    shown = sum(t.w for t in first_row) - OVERLAP * (len(first_row) - 1)
    assert shown == pytest.approx(width, abs=1e-9)


def test_labels_and_a_single_page_board():
    big = SheetOptions.parse(paper="400x400mm", piece_size="1in")
    tiles = tile_plan(big, 1, 72.0)
    assert len(tiles) == 1 and tiles[0].label == "A1"
    tiles = tile_plan(SheetOptions.parse(piece_size="2in"), 2, 144.0)
    assert tiles[0].label == "A1" and tiles[-1].label.startswith(chr(ord("A") + tiles[-1].col))
