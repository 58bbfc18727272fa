"""No word on a set-up sheet or board tile is set too small to read (row labels shorten)."""

from __future__ import annotations

import pytest
from pdf_read import pages as read_pages

from generator.cli import main as pnp
from tests.conftest import run


@pytest.mark.parametrize("paper", ["A4", "letter"])
def test_every_word_is_at_least_6pt(tmp_path, paper) -> None:
    out = tmp_path / "s.pdf"
    result = run(pnp, ["setups", "-n", "1", "--seed", "1", "--paper", paper, "-o", str(out)])
    assert result.exit_code == 0, result.stderr
    sizes = [(c.size, c.text) for p in read_pages(out) for c in p.chars]
    assert min(size for size, _ in sizes) >= 6.0 - 0.01, sorted(sizes)[:5]
