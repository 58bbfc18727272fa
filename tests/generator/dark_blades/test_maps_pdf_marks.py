"""`havoc-pnp maps`: no hex coordinate is printed under a slope's ticks (read from the PDF:
each coordinate's text box against each tick's stroke)."""

from __future__ import annotations

import re
from pathlib import Path

import pdfplumber
import pytest

from companion.dark_blades.map_marks import TICKS

TICK_WIDTH = 0.9  # map_tiles draws a lip's ticks 0.9 pt wide, nothing else


@pytest.fixture(scope="module")
def arena_pdf(tmp_path_factory) -> Path:
    from click.testing import CliRunner

    from generator.cli import main

    out = tmp_path_factory.mktemp("marks") / "maps.pdf"
    result = CliRunner().invoke(main, ["maps", "arena", "-o", str(out), "--piece-size", "5/8in"])
    assert result.exit_code == 0, result.output
    return out


def _crosses(box: tuple[float, float, float, float], line: dict, pad: float) -> bool:
    """Some point of the tick (its stroke widened by ``pad``) lies in the text box."""
    x0, top, x1, bottom = box
    (ax, ay), (bx, by) = line["pts"][0], line["pts"][-1]
    for i in range(101):
        t = i / 100
        x, y = ax + (bx - ax) * t, ay + (by - ay) * t
        if x0 - pad <= x <= x1 + pad and top - pad <= y <= bottom + pad:
            return True
    return False


def test_no_coordinate_lies_under_a_slope_tick(arena_pdf: Path) -> None:
    seen_ticks = 0
    moved = set()
    with pdfplumber.open(arena_pdf) as pdf:
        for number, page in enumerate(pdf.pages, 1):
            ticks = [
                line
                for line in page.lines
                if abs(line["linewidth"] - TICK_WIDTH) < 0.01
                and 0 <= line["x0"] <= page.width
                and 0 <= line["top"] <= page.height
            ]
            words = [w for w in page.extract_words() if re.fullmatch(r"[A-T]\d{1,2}", w["text"])]
            seen_ticks += len(ticks)
            for w in words:
                box = (w["x0"], w["top"], w["x1"], w["bottom"])
                for line in ticks:
                    assert not _crosses(box, line, TICK_WIDTH / 2), (
                        f"page {number}: coordinate {w['text']} under a tick at "
                        f"({line['x0']:.0f}, {line['top']:.0f})"
                    )
            moved |= {w["text"] for w in words}
    assert seen_ticks >= len(TICKS) * 10  # the arena's slopes were drawn, ticks and all
    assert {"J4", "K3", "L4"} <= moved  # the three that sat under ticks are still printed
