"""`havoc-pnp maps`: no hex coordinate is printed under a slope's ticks (read from the PDF:
each coordinate's text box against each tick's stroke)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pdf_read import pages

from companion.dark_blades.map_marks import TICKS

TICK_WIDTH = 0.9  # map_tiles draws a lip's ticks 0.9 pt wide, nothing else


def _print(out: Path, cards: Path | None = None) -> Path:
    from click.testing import CliRunner

    from generator.cli import main

    args = ["--cards", str(cards)] if cards else []
    args += ["maps", "arena", "-o", str(out), "--piece-size", "5/8in"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    return out


@pytest.fixture(scope="module")
def arena_pdf(tmp_path_factory) -> Path:
    return _print(tmp_path_factory.mktemp("marks") / "maps.pdf")


def _crosses(box: tuple[float, float, float, float], ends: tuple, pad: float) -> bool:
    """Some point of the tick from ``ends[0]`` to ``ends[1]`` ((x, top) each; its stroke widened
    by ``pad``) lies in the text box."""
    x0, top, x1, bottom = box
    (ax, ay), (bx, by) = ends
    for i in range(101):
        t = i / 100
        x, y = ax + (bx - ax) * t, ay + (by - ay) * t
        if x0 - pad <= x <= x1 + pad and top - pad <= y <= bottom + pad:
            return True
    return False


def test_no_coordinate_lies_under_a_slope_tick(arena_pdf: Path) -> None:
    moved = _checked(arena_pdf)
    assert {"J4", "K3", "L4"} <= moved  # the three that sat under ticks are still printed


def test_a_hex_with_lips_top_and_bottom_prints_its_coordinate_between(tmp_path: Path) -> None:
    from companion.data import Cards

    mine = tmp_path / "cards" / "dark-blades" / "maps"
    mine.mkdir(parents=True)
    text = Cards().path("dark-blades", "maps/arena.toml").read_text(encoding="utf-8")
    assert "K3/n " in text and "K3/s" not in text
    (mine / "arena.toml").write_text(text.replace("K3/n ", "K3/n K3/s ", 1), encoding="utf-8")
    assert "K3" in _checked(_print(tmp_path / "maps.pdf", tmp_path / "cards"))


def _checked(pdf_path: Path) -> set[str]:
    """Every page's coordinates against every tick on it; the coordinates printed."""
    seen_ticks = 0
    moved = set()
    for page in pages(pdf_path):
        ticks = [
            line
            for line in page.lines
            if abs(line.linewidth - TICK_WIDTH) < 0.01
            and 0 <= line.x0 <= page.width
            and 0 <= line.top <= page.height
        ]
        words = [w for w in page.words if re.fullmatch(r"[A-T]\d{1,2}", w.text)]
        seen_ticks += len(ticks)
        for w in words:
            for line in ticks:
                ends = tuple((x, page.height - y) for x, y in (line.points[0], line.points[-1]))
                assert not _crosses((w.x0, w.top, w.x1, w.bottom), ends, TICK_WIDTH / 2), (
                    f"page {page.number}: coordinate {w.text} under a tick at "
                    f"({line.x0:.0f}, {line.top:.0f})"
                )
        moved |= {w.text for w in words}
    assert seen_ticks >= len(TICKS) * 10  # the arena's slopes were drawn, ticks and all
    return moved
