"""The area-of-effect diagrams: every area the deck uses has one, and it stays in its box."""

from __future__ import annotations

import pytest

from companion.dark_blades import spells as sp
from generator.dark_blades import areas
from generator.sheet.fonts import text_width
from generator.sheet.pieces import Circle, Line, Polygon, Rect, Text

BOXES = [(0, 0, 164, 68), (10, 20, 110, 25), (0, 0, 150, 40)]


def extent(op) -> tuple[float, float, float, float]:
    if isinstance(op, Polygon):
        xs, ys = zip(*op.points, strict=True)
        return min(xs), min(ys), max(xs), max(ys)
    if isinstance(op, Circle):
        return op.cx - op.r, op.cy - op.r, op.cx + op.r, op.cy + op.r
    if isinstance(op, Line):
        return min(op.x1, op.x2), min(op.y1, op.y2), max(op.x1, op.x2), max(op.y1, op.y2)
    if isinstance(op, Rect):
        return op.x, op.y, op.x + op.w, op.y + op.h
    assert isinstance(op, Text)
    width = text_width(op.text, op.font, op.size)
    left = {"start": op.x, "middle": op.x - width / 2, "end": op.x - width}[op.anchor]
    return left, op.y - op.size * 0.25, left + width, op.y + op.size * 0.75


def test_every_area_of_the_deck_has_a_diagram():
    deck = sp.load()
    assert set(deck.areas) <= set(areas.DRAW)
    assert areas.diagram("no-such-area", 0, 0, 10, 10) == []


@pytest.mark.parametrize("key", sorted(areas.DRAW))
@pytest.mark.parametrize("box", BOXES)
def test_a_diagram_stays_inside_its_box(key, box):
    x, y, w, h = box
    ops = areas.diagram(key, x, y, w, h)
    assert ops
    for op in ops:
        x0, y0, x1, y1 = extent(op)
        slack = 1.5 if isinstance(op, Text) else 0.6  # a label's descent; a stroke's half width
        assert x - slack <= x0 and x1 <= x + w + slack, (key, op)
        assert y - slack <= y0 and y1 <= y + h + slack, (key, op)
        if isinstance(op, Text):
            assert op.size >= areas.LABEL_MIN


def test_the_diagrams_write_their_counts_and_letters():
    def words(key: str) -> list[str]:
        return [op.text for op in areas.diagram(key, 0, 0, 164, 68) if isinstance(op, Text)]

    assert "20" in words("directional") and "S" in words("directional")
    assert {"up to 17", "3", "T", "S"} <= set(words("a"))
    assert {"8", "S"} <= set(words("b"))
    assert set("ABCDEF") <= set(words("touch"))
    assert "Y" in words("allies")


@pytest.mark.parametrize("key", sorted(areas.DRAW))
@pytest.mark.parametrize("box", BOXES)
def test_the_casters_letter_sits_inside_its_black_hex(key, box):
    """The white S stays inside the black hex, even on Code B's grid of tiny hexes."""
    ops = areas.diagram(key, *box)
    for index, op in enumerate(ops):
        if not (isinstance(op, Text) and op.text == "S" and op.colour == areas.PAPER):
            continue
        hexagon = ops[index - 1]
        assert isinstance(hexagon, Polygon) and hexagon.fill == areas.INK
        xs = [x for x, _ in hexagon.points]
        ys = [y for _, y in hexagon.points]
        cx, cy = sum(xs) / 6, sum(ys) / 6
        inner = (max(xs) - min(xs)) / 2  # a pointy-topped hex's inradius
        half_width = text_width("S", "Helvetica-Bold", op.size) / 2
        cap = 0.72 * op.size
        assert abs(op.x - cx) + half_width <= inner, (key, box)
        assert op.y - 0.02 * op.size >= cy - inner and op.y + cap <= cy + inner, (key, box)
