"""The Cthulhu Who? player aid: the set-up tables in rolling order, action points, the
attack scores with each range's exact 2d6 chance, and the kit's readings of the board.

Text from ``templates/aids/cthulhu-who.j2``; every table and number from the companion's loaded
``cards/cthulhu-who/`` (the set-up roller's tables, the attack table, the action points).
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

from companion.cthulhu_who.actions import load_actions
from companion.cthulhu_who.attacks import CANNOT, CRUSH, SILENT, attack_table
from companion.cthulhu_who.geometry import readings
from companion.cthulhu_who.setup import setup_tables
from companion.data import Cards
from generator.sheet.document import PageSize, grid, write_document
from generator.sheet.markup import flowables, render_template

TITLE = "Cthulhu Who? player aid"
SIZE = 9.0


def chance_text(chance: Fraction, sides: int = 36) -> str:
    """``15/36 (42%)``: a 2d6 chance over 36, and its percentage to the nearest whole."""
    count = chance * sides
    percent = round(chance * 100)
    return f"{count}/{sides} ({percent}%)"


def _tables(cards: Cards, width: float) -> dict[str, Any]:
    setup = setup_tables(cards)
    attacks = attack_table(cards)
    actions = load_actions(cards)
    faces = list(setup.faces)
    size_cols = [f"{d}: {setup.sizes[d].name} ({setup.sizes[d].squares})" for d in faces]

    def by_size(cells: dict[tuple[int, int], int]) -> Any:
        rows = [["Die", *size_cols]]
        rows += [[str(d), *(str(cells[s, d]) for s in faces)] for d in faces]
        return grid(rows, [30] + [(width - 30) / len(faces)] * len(faces), header_cols=1, size=SIZE)

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
            [30, 90, 60],
            size=SIZE,
        ),
        "monsters": by_size(setup.monsters),
        "cultists": by_size(setup.cultists),
        "heroes": grid(heroes, [30] + [60] * len(setup.bands), header_cols=1, size=SIZE),
        "weapons": grid([["Die", "Weapon"], *map(list, setup.weapon_rows)], [30, 90], size=SIZE),
        "actions": grid(
            [["Action points", "Buys"]] + [[str(c), w] for c, w in actions.rows],
            [80, 300],
            size=SIZE,
        ),
        "attacks": grid(
            scores,
            [name_w] + [(width - name_w) / len(attacks.targets)] * len(attacks.targets),
            header_cols=1,
            extra=[("ALIGN", (1, 1), (-1, -1), "CENTER")],
            size=SIZE,
        ),
    }


def write_cthulhu_aid(path: Path, cards: Cards, page: PageSize, source_only: bool = False) -> int:
    """Write the player aid; returns its page count. The kit's readings of the board close
    it, boxed as the kit's words (left out with ``source_only``)."""
    portrait = page.portrait
    shown = [] if source_only else list(readings(cards).items.values())
    context = {"actions": load_actions(cards), "readings": shown}
    text = render_template("aids/cthulhu-who.j2", context)
    story = flowables(text, _tables(cards, portrait.frame_width), body=SIZE)
    return write_document(
        path,
        story,
        portrait,
        title=TITLE,
        subject="Cthulhu Who?: set-up tables, action points and attack scores with their chances",
        note="the rules' tables, but the 4-square monster row is the kit's reading of the "
        "rules' text"
        + ("" if source_only else ", and so are the board's readings (boxed)")
        + "; the chances are exact for 2d6.",
    )
