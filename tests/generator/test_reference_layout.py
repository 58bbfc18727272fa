"""Reference sheets (platypus documents): one left and one right edge for text, tables and boxed
notes (the frame, 1/2in inside the paper), and no descender touching a table's or a box's rule."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest

from generator.sheet.document import MARGIN
from tests.conftest import run

FOOT = 40.0  # the footer band at the foot of the page is not measured


@pytest.fixture(scope="module")
def sheets(tmp_path_factory) -> list[Path]:
    from generator.cli import main

    out = tmp_path_factory.mktemp("aids")
    result = run(main, ["aids", "--out", str(out)])
    assert result.exit_code == 0, result.output
    scenarios = out / "scenarios.pdf"
    result = run(main, ["scenarios", "-o", str(scenarios)])
    assert result.exit_code == 0, result.output
    return sorted(out.glob("*.pdf"))


def test_text_tables_and_boxes_share_the_frames_edges(sheets) -> None:
    for path in sheets:
        with pdfplumber.open(path) as pdf:
            for number, page in enumerate(pdf.pages, 1):
                right = page.width - MARGIN
                body = [c for c in page.chars if c["bottom"] < page.height - FOOT]
                rules = [e for e in page.edges if e["orientation"] == "h"]
                where = (path.name, number)
                assert min(c["x0"] for c in body) >= MARGIN - 0.5, where
                assert max(c["x1"] for c in body) <= right + 0.5, where
                assert all(e["x0"] >= MARGIN - 0.5 and e["x1"] <= right + 0.5 for e in rules)
                # the full-width rules (tables, boxes) all end on the frame's edges
                wide = [e for e in rules if e["x1"] - e["x0"] > (right - MARGIN) * 0.9]
                assert all(abs(e["x0"] - MARGIN) < 0.5 for e in wide), where
                assert all(abs(e["x1"] - right) < 0.5 for e in wide), where


def test_no_descender_touches_a_rule(sheets) -> None:
    for path in sheets:
        with pdfplumber.open(path) as pdf:
            for number, page in enumerate(pdf.pages, 1):
                rules = [e for e in page.edges if e["orientation"] == "h"]
                for ch in page.chars:
                    if not ch["text"].strip() or ch["bottom"] > page.height - FOOT:
                        continue
                    for e in rules:
                        if e["x0"] <= ch["x0"] and ch["x1"] <= e["x1"]:
                            gap = e["top"] - ch["bottom"]
                            assert not -0.5 <= gap < 0.75, (path.name, number, ch["text"], gap)
