"""The Kniggits player aid: buying, moving, turning, the exchange grid, fleeing.

Text from ``templates/aids/kniggits.j2`` with every number from ``cards/kniggits/rules.toml``
(through the companion's `KniggitRules`); the exchange grid is built from the rules' heights.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from companion.data import Cards
from companion.kniggits.rules import KniggitRules, rules
from generator.sheet.document import PageSize, grid, write_document
from generator.sheet.markup import flowables, render_template

TITLE = "Kniggits player aid"
SIZE = 10.0
COLOUR_NAMES = {"movement": "Movement", "attack": "Attack", "defense": "Defense"}


def exchange_rows(r: KniggitRules) -> list[list[str]]:
    """Attack height down, shield height across: what the defender loses."""
    heights = list(r.heights)
    rows = [["Sword \\ shield", *heights, "no shield"]]
    for attack in heights:
        lost = f"loses 1 {COLOUR_NAMES.get(r.heights[attack], r.heights[attack])}"
        rows.append([attack, *("blocked" if d == attack else lost for d in heights), lost])
    return rows


def _exchange(r: KniggitRules, width: float) -> Any:
    rows = exchange_rows(r)
    first = 90.0
    return grid(
        rows,
        [first] + [(width - first) / (len(rows[0]) - 1)] * (len(rows[0]) - 1),
        header_cols=1,
        extra=[("ALIGN", (1, 0), (-1, -1), "CENTER")],
        size=SIZE,
    )


def write_kniggits_aid(path: Path, cards: Cards, page: PageSize) -> int:
    portrait = page.portrait
    r = rules(cards)
    text = render_template("aids/kniggits.j2", {"r": r})
    story = flowables(text, {"exchange": _exchange(r, portrait.frame_width)}, body=SIZE)
    return write_document(
        path,
        story,
        portrait,
        title=TITLE,
        subject="Kniggits: buying, moving, turning, the sword-and-shield exchange, fleeing",
        note="numbers from cards/kniggits/rules.toml.",
    )
