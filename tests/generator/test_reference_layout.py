"""Reference sheets (platypus documents): one left and one right edge for text, tables and boxed
notes (the frame, 1/2in inside the paper), and no descender touching a table's or a box's rule."""

from __future__ import annotations

from pathlib import Path

import pytest
from pdf_read import pages as read_pages

from generator import registry
from generator.sheet.document import MARGIN

FOOT = 40.0  # the footer band at the foot of the page is not measured


@pytest.fixture(scope="module")  # module: the tests run on one worker, which reads them once
def sheets(kit_build, pnp_once) -> list[Path]:
    """The sheets `havoc-pnp aids` writes (as the run's shared default build has them) and
    `havoc-pnp scenarios`' (written once for the run)."""
    aids = [kit_build() / sheet.file for sheet in registry.sheets(("tables", "aid"))]
    return sorted([*aids, pnp_once("scenarios", file="scenarios.pdf")])


def test_text_tables_and_boxes_share_the_frames_edges(sheets) -> None:
    for path in sheets:
        for page in read_pages(path):
            right = page.width - MARGIN
            body = [c for c in page.chars if c.bottom < page.height - FOOT]
            where = (path.name, page.number)
            assert min(c.x0 for c in body) >= MARGIN - 0.5, where
            assert max(c.x1 for c in body) <= right + 0.5, where
            assert all(x0 >= MARGIN - 0.5 and x1 <= right + 0.5 for x0, x1, _ in page.rules)
            # the full-width rules (tables, boxes) all end on the frame's edges
            wide = [(x0, x1) for x0, x1, _ in page.rules if x1 - x0 > (right - MARGIN) * 0.9]
            assert all(abs(x0 - MARGIN) < 0.5 for x0, _ in wide), where
            assert all(abs(x1 - right) < 0.5 for _, x1 in wide), where


def test_no_descender_touches_a_rule(sheets) -> None:
    for path in sheets:
        for page in read_pages(path):
            for ch in page.chars:
                if ch.bottom > page.height - FOOT:
                    continue
                for x0, x1, top in page.rules:
                    if x0 <= ch.x0 and ch.x1 <= x1:
                        gap = top - ch.bottom
                        assert not -0.5 <= gap < 0.75, (path.name, page.number, ch.text, gap)
