"""The Who's Next player aid: the ring, the slips, the d6 attack, the three-left rule, and
the kit's labelled scoring.

Text from ``templates/aids/whos-next.j2``; the attack table, the contest and the scoring come
from the companion's loaders over ``cards/whos-next/``.
"""

from __future__ import annotations

from pathlib import Path

from companion.data import Cards
from companion.whos_next.duel_scoring import load_attack_table, load_contest, load_scoring
from generator.sheet.document import PageSize, grid, write_document
from generator.sheet.markup import flowables, render_template

TITLE = "Who's Next player aid"
SIZE = 10.0


def write_whos_next_aid(path: Path, cards: Cards, page: PageSize) -> int:
    portrait = page.portrait
    attack = load_attack_table(cards)
    rows = [["d6", "Result"]]
    for face, (result, _effect) in sorted(attack.rows.items()):
        rows.append([str(face), result])
    text = render_template(
        "aids/whos-next.j2", {"contest": load_contest(cards), "scoring": load_scoring(cards)}
    )
    story = flowables(text, {"attack": grid(rows, [40, 160], size=SIZE)}, body=SIZE)
    return write_document(
        path,
        story,
        portrait,
        title=TITLE,
        subject="Who's Next: the ring, the slips, the attack, and the kit's scoring",
        note="shaded boxes are the Havoc Kit's, not the rulebook's.",
    )
