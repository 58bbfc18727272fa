"""The reference sheets' mark-up: ``::: columns`` sets tables side by side where they fit the
frame (else one under the other), ``::: keep`` holds a block on one page."""

from __future__ import annotations

import pytest
from reportlab.platypus import KeepTogether, Paragraph, Table

from generator.sheet.document import grid
from generator.sheet.markup import COLUMN_GAP, TEXT_COLUMN, flowables

TEXT = """### Left
[[a]]
::: next
### Right
[[b]]
"""


def tables(a: float, b: float) -> dict[str, Table]:
    return {"a": grid([["x", "y"]], [a / 2, a / 2]), "b": grid([["z"]], [b])}


def test_columns_side_by_side_where_they_fit() -> None:
    story = flowables("::: columns\n" + TEXT + "::: end\nafter", tables(100, 200), width=400)
    table, after = story
    assert isinstance(table, Table) and isinstance(after, Paragraph)
    assert table._colWidths == [100, COLUMN_GAP, 400 - 100 - COLUMN_GAP]
    left, gap, right = table._cellvalues[0]
    assert [type(f) for f in left] == [Paragraph, Table] and gap == ""
    assert left[0].text == "Left" and right[0].text == "Right"


@pytest.mark.parametrize("b, width", [(300, 400), (10, 100 + COLUMN_GAP + TEXT_COLUMN - 1)])
def test_columns_one_under_the_other_where_they_do_not(b: float, width: float) -> None:
    story = flowables("::: columns\n" + TEXT + "::: end\n", tables(100, b), width=width)
    assert [type(f) for f in story] == [Paragraph, Table, Paragraph, Table]
    assert [f.text for f in story if isinstance(f, Paragraph)] == ["Left", "Right"]


def test_keep_holds_its_block_together() -> None:
    story = flowables("before\n\n::: keep\n## Head\n- rule\n[[a]]\n::: end\n", tables(10, 10))
    assert isinstance(story[0], Paragraph) and isinstance(story[1], KeepTogether)
    assert len(story) == 2 and len(story[1]._content) == 3


@pytest.mark.parametrize(
    "text",
    [
        "::: columns\nx\n",
        "::: next\n",
        "::: end\n",
        "::: keep\nx\n::: next\n::: end\n",
        "::: columns\n::: keep\n::: end\n::: end\n",
    ],  # fmt: skip
)
def test_a_block_out_of_order_is_a_template_bug(text: str) -> None:
    with pytest.raises(ValueError, match=":::"):
        flowables(text, {}, width=400)
