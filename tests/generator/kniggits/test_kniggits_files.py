"""Every Kniggits and Who's Next PDF: a real title, byte-identical when built twice, passes
`qpdf --check` (when qpdf is installed); paper nothing fits on writes no file at all."""

from __future__ import annotations

import shutil
import subprocess

import pytest
from pypdf import PdfReader

from generator.cli import main
from tests.conftest import run, sweep

TITLES = {
    "kniggits-tokens.pdf": "skill tokens",
    "kniggits-figures.pdf": "standing figures",
    "kniggits-armies.pdf": "army sheets",
    "kniggits-ruler-obstacles.pdf": "ruler and obstacles",
    "whos-next-game-slips.pdf": "slips",
}


@pytest.fixture(autouse=True)
def no_default_game(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    monkeypatch.delenv("HAVOC_RING_GAME", raising=False)


def _make(out, *extra) -> None:
    assert run(main, ["kniggits", "--out", str(out), "--scale", "half", *extra]).exit_code == 0
    assert run(main, ["slips", "--out", str(out), *extra]).exit_code == 0


@pytest.mark.parametrize("paper", sweep("A4", "letter"))
def test_titles_determinism_and_structure(tmp_path, paper):
    _make(tmp_path / "a", "--paper", paper)
    _make(tmp_path / "b", "--paper", paper)
    assert sorted(p.name for p in (tmp_path / "a").iterdir()) == sorted(TITLES)
    for name, words in TITLES.items():
        first = (tmp_path / "a" / name).read_bytes()
        assert first == (tmp_path / "b" / name).read_bytes()
        reader = PdfReader(tmp_path / "a" / name)
        assert words in reader.metadata.title
        box = reader.pages[0].mediabox
        want = (210 * 72 / 25.4, 297 * 72 / 25.4) if paper == "A4" else (612.0, 792.0)
        assert abs(float(box.width) - want[0]) < 0.01 and abs(float(box.height) - want[1]) < 0.01
        if shutil.which("qpdf"):
            assert subprocess.run(["qpdf", "--check", str(tmp_path / "a" / name)]).returncode == 0


@pytest.mark.parametrize("command", ["kniggits", "slips"])
def test_paper_too_small_writes_nothing(tmp_path, command):
    result = run(main, [command, "--out", str(tmp_path), "--paper", "100x100mm"])
    assert result.exit_code == 2
    assert result.output.startswith("havoc-pnp: error: --paper:")
    assert not list(tmp_path.iterdir())


def test_double_scale_obstacles_stay_on_the_page(tmp_path):
    from pdf_read import pages as read_pages

    assert run(main, ["kniggits", "--out", str(tmp_path), "--scale", "double"]).exit_code == 0
    for page in read_pages(tmp_path / "kniggits-ruler-obstacles.pdf")[1:]:  # 1: the ruler
        outlines = [s for s in page.shapes if s.stroke and abs(s.linewidth - 0.8) < 1e-3]
        assert outlines
        for shape in outlines:  # the cut outlines (patterns inside are clipped to them)
            assert shape.x0 >= 18 - 0.01 and shape.x1 <= page.width - 18 + 0.01, shape
            assert shape.top >= 18 - 0.01 and shape.bottom <= page.height - 18 + 0.01, shape
