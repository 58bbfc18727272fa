"""The Cthulhu Who? player aid: the set-up tables in rolling order, action points, the
attack scores with each range's exact 2d6 chance, and the kit's readings of the board.

Text from ``templates/aids/cthulhu-who.j2``; every table and number from the companion's loaded
``cards/cthulhu-who/`` (the set-up roller's tables, the attack table, the action points).
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

from reportlab.pdfbase.pdfmetrics import stringWidth

from companion.cthulhu_who.actions import load_actions
from companion.cthulhu_who.attacks import CANNOT, CRUSH, SILENT, attack_table
from companion.cthulhu_who.geometry import readings
from companion.cthulhu_who.setup import setup_tables
from companion.data import Cards
from generator.sheet.document import PageSize, grid, write_document
from generator.sheet.fonts import BOLD, REGULAR, pdf_font
from generator.sheet.markup import COLUMN_GAP, flowables, render_template

TITLE = "Cthulhu Who? player aid"
SIZES = (9.0, 8.5, 8.0)  # body type: the largest that sets the aid on PAGES pages
PAGES = 2  # one sheet, both sides


def chance_text(chance: Fraction, sides: int = 36) -> str:
    """``15/36 (42%)``: a 2d6 chance over 36, and its percentage to the nearest whole."""
    count = chance * sides
    percent = round(chance * 100)
    return f"{count}/{sides} ({percent}%)"


SIZES_W = (24.0, 48.0, 44.0)  # the monster-size table: die, monster, squares
DIE_W, COL_MIN = 30.0, 55.0  # a die-down table's die column; its narrowest other column


def _fit(texts: list[str], size: float, bold: bool = False) -> float:
    """A column as wide as the widest of ``texts`` at ``size``, with the cells' padding."""
    font = pdf_font(BOLD if bold else REGULAR)
    return max(stringWidth(t, font, size) for t in texts) + 8


def _header(text: str, width: float, size: float) -> str:
    """``text`` on one line where it fits a column ``width`` wide, else broken before its
    bracket (``4: Elephant`` over ``(2)``)."""
    if stringWidth(text, pdf_font(BOLD), size) + 6 <= width:
        return text
    return text.replace(" (", "\n(")


def _tables(cards: Cards, width: float, size: float) -> dict[str, Any]:
    setup = setup_tables(cards)
    attacks = attack_table(cards)
    actions = load_actions(cards)
    faces = list(setup.faces)
    # the monsters table beside the size table where its columns keep their narrowest
    beside = width - sum(SIZES_W) - COLUMN_GAP
    across = beside if beside - DIE_W >= COL_MIN * len(faces) else width

    def by_size(cells: dict[tuple[int, int], int], across: float) -> Any:
        col = (across - DIE_W) / len(faces)
        names = [f"{d}: {setup.sizes[d].name} ({setup.sizes[d].squares})" for d in faces]
        broken = [_header(n, col, size) for n in names]
        if any("\n" in b for b in broken):  # all headers alike: each over two lines
            broken = [n.replace(" (", "\n(") for n in names]
        rows = [["Die", *broken]]
        rows += [[str(d), *(str(cells[s, d]) for s in faces)] for d in faces]
        return grid(rows, [DIE_W] + [col] * len(faces), header_cols=1, size=size)

    heroes = [["Die", *(b.label for b in setup.bands)]]
    heroes += [[str(d), *(str(setup.heroes[i, d]) for i in range(len(setup.bands)))] for d in faces]
    scores = [["Attacker", *attacks.targets]]
    for attacker in attacks.attackers:
        row = [attacker.name]
        for target in attacks.targets:
            score = attacker.scores[target]
            if score.kind == CANNOT:
                row.append("–")
            elif score.kind == CRUSH:
                row.append("crush, no roll")
            elif score.kind == SILENT:
                row.append("not in the rules")
            else:
                row.append(f"{score.text}\n{chance_text(score.chance())}")
        scores.append(row)
    name_w = 90
    return {
        "sizes": grid(
            [["Die", "Monster", "Squares"]]
            + [[str(d), setup.sizes[d].name, str(setup.sizes[d].squares)] for d in faces],
            list(SIZES_W),
            size=size,
        ),
        "monsters": by_size(setup.monsters, across),
        "cultists": by_size(setup.cultists, width),
        "heroes": grid(heroes, [DIE_W] + [50] * len(setup.bands), header_cols=1, size=size),
        "weapons": grid([["Die", "Weapon"], *map(list, setup.weapon_rows)], [30, 80], size=size),
        "actions": grid(
            [["Action points", "Buys"]] + [[str(c), w] for c, w in actions.rows],
            [
                _fit(["Action points"], size, True),
                _fit(["Buys"] + [w for _, w in actions.rows], size),
            ],
            size=size,
        ),
        "attacks": grid(
            scores,
            [name_w] + [(width - name_w) / len(attacks.targets)] * len(attacks.targets),
            header_cols=1,
            extra=[("ALIGN", (1, 1), (-1, -1), "CENTER")],
            size=size,
        ),
    }


def write_cthulhu_aid(path: Path, cards: Cards, page: PageSize, source_only: bool = False) -> int:
    """Write the player aid; returns its page count. The kit's readings of the board close
    it, boxed as the kit's words (left out with ``source_only``)."""
    portrait = page.portrait
    shown = [] if source_only else list(readings(cards).items.values())
    context = {"actions": load_actions(cards), "readings": shown}
    text = render_template("aids/cthulhu-who.j2", context)
    width = portrait.frame_width
    for size in SIZES:  # the largest type that keeps it to one sheet; else the smallest
        story = flowables(text, _tables(cards, width, size), body=size, width=width)
        pages = write_document(
            path,
            story,
            portrait,
            title=TITLE,
            subject="Cthulhu Who?: set-up tables, action points and attack scores with their "
            "chances",
            note="the rules' tables, but the 4-square monster row is the kit's reading of the "
            "rules' text"
            + ("" if source_only else ", and so are the board's readings (boxed)")
            + "; the chances are exact for 2d6.",
        )
        if pages <= PAGES:
            break
    return pages
