"""The odds page: exact distributions of a Cthulhu Who? set-up, as bar charts with fractions.

Every number comes from the companion's enumeration (`setup_distribution`, all faces**4 rolls
of the four step dice; a weapon is one die per hero), never from the rolled sheets.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from companion.cthulhu_who.setup import SetupTables, setup_distribution
from generator.sheet.canvas_kit import text
from generator.sheet.options import SheetOptions

CHARTS = (
    ("monster_size", "Monster size"),
    ("monsters", "Number of monsters"),
    ("cultists", "Number of cultists"),
    ("danger", "Danger score"),
    ("heroes", "Number of heroes"),
    ("weapon", "Each hero's weapon"),
)
BAR_GREY = (0.35, 0.35, 0.35)


def chart_rows(tables: SetupTables) -> dict[str, list[tuple[str, Fraction]]]:
    """Each chart's bars: (value, exact chance), in the companion's order."""
    dist = setup_distribution(tables)
    out = {}
    for key, _ in CHARTS:
        rows = []
        for value, chance in dist[key].items():
            label = str(value)
            if key == "monster_size":
                squares = next(s.squares for s in tables.sizes.values() if s.name == value)
                label = f"{value} ({squares} sq)"
            rows.append((label, chance))
        out[key] = rows
    return out


def draw_stats(canvas: Any, options: SheetOptions, tables: SetupTables) -> None:
    """The odds page (the caller closes the page)."""
    x0, y0, x1, y1 = options.usable
    c = canvas
    total = len(tables.faces) ** 4
    text(c, x0, y1 - 14, "Cthulhu Who? set-ups: the exact odds", 14, bold=True)
    text(
        c,
        x0,
        y1 - 28,
        f"Enumerated over all {total:,} rolls of the four set-up dice (size, monsters, "
        "cultists, heroes), from the rules' tables; a weapon is one die per hero. "
        "Fraction and percent on each bar.",
        8,
        max_width=x1 - x0,
    )
    rows = chart_rows(tables)
    gap = 14.0
    col_w = (x1 - x0 - gap) / 2
    top = y1 - 44
    cursor = {0: top, 1: top}
    for index, (key, title) in enumerate(CHARTS):
        side = 0 if index in (0, 1, 2) else 1
        if key == "danger":
            side = 1
        x = x0 + side * (col_w + gap)
        y = cursor[side]
        text(c, x, y - 10, title, 10.5, bold=True)
        y -= 24
        best = max(p for _, p in rows[key])
        label_w, value_w = 78.0, 92.0
        bar_room = col_w - label_w - value_w
        for label, chance in rows[key]:
            text(c, x + label_w - 4, y, label, 8, anchor="end", max_width=label_w - 4)
            length = bar_room * float(chance / best)
            c.setFillColorRGB(*BAR_GREY)
            c.rect(x + label_w, y - 1.5, max(length, 0.6), 8.5, stroke=0, fill=1)
            percent = f"{100 * float(chance):.2f}%"
            text(c, x + label_w + length + 4, y, f"{chance}  {percent}", 8)
            y -= 12.5
        cursor[side] = y - 14
    text(
        c,
        x0,
        y0 + 4,
        "Source: cards/cthulhu-who/setup.toml (the rulebook's tables).",
        7.5,
        grey=True,
    )
