"""The Dark Blades combat results tables as reference sheets a group can play from.

All six tables, each with its key beside it and, under it, the chance of each outcome on one
d10 for every odds column (computed by the companion's `CellSource.chances`, the same cells the
`havoc crt` lookup reads). A first section gives how odds are found and every column shift
(terrain, cover, Magic Sword, Magic Ring, fast rider) from ``crt.toml``, and the rulebook's
words on several attackers or defenders from ``combat-rules.toml``. Cells the rulebook gives
are bold on white; the kit's completion of lost cells is regular type on grey, with a legend on
every page; with ``source_only`` lost cells stay blank.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from companion.dark_blades.completion import NO_EFFECT, CellSource, cell_source, no_effect_meaning
from companion.dark_blades.crt import Crt, ResultsTable, load_crt
from companion.dark_blades.special import CombatRules, load_combat_rules
from companion.data import Cards
from generator.sheet.document import (
    KIT_FILL,
    PageSize,
    colour,
    esc,
    grid,
    marked,
    para,
    write_document,
)
from generator.sheet.fonts import BOLD, pdf_font

TITLE = "Dark Blades combat results tables"
# beside a chance that counts the kit's completed cells: a footnote dagger, never a letter
# ("3/10k" read as "3 in 10,000")
KIT_COUNT = "\u2020"
LEGEND_KIT = (
    "<b>Bold on white</b>: the rulebook's cell. Regular type on grey: the Havoc Kit's own "
    "completion: the rulebook's cell is lost (cards/dark-blades/crt-completion.toml; "
    "replace it with the printed tables if you have them). \u2013 = no effect (the kit's "
    "reading of the dash Mounted v Mounted prints; the kit's own result in the other tables)."
)
LEGEND_SOURCE = (
    "Only the rulebook's cells are printed (--source-only): blank cells are lost from the "
    "copy the kit transcribed; write them in from the printed tables if you have them."
)


def footer_note(source_only: bool) -> str:
    """What the footer says about whose cells are printed."""
    if source_only:
        return "the rulebook's cells only; blank cells are lost."
    return "grey cells are the Havoc Kit's completion, not the rulebook's."


STAR = "*"  # the printed star (★): the embedded typeface has no ★, so it is set as *


def shown(value: str) -> str:
    return STAR if value == "★" else value


def table_story(source: CellSource, table: ResultsTable, number: int, width: float) -> list[Any]:
    """One table: heading; the grid and, beside it, the chances; the key under both."""
    from reportlab.platypus import KeepTogether, Table, TableStyle

    crt = source.crt
    bold = pdf_font(BOLD)
    n_cols = len(crt.columns)
    first, column = 30.0, (width - 2 * 30.0 - 16) / (2 * n_cols)
    rows: list[list[str]] = [["Die", *crt.columns]]
    extra: list[tuple] = [("ALIGN", (1, 0), (-1, -1), "CENTER")]
    for r, face in enumerate(crt.faces, start=1):
        row = [str(face)]
        for c in range(n_cols):
            cell = source.cell(table, face, c)
            row.append(shown(cell.value))
            if cell.kit:
                extra.append(("BACKGROUND", (c + 1, r), (c + 1, r), colour(KIT_FILL)))
            elif cell.value:
                extra.append(("FONT", (c + 1, r), (c + 1, r), bold, 9.5))
        rows.append(row)
    cells = grid(rows, [first] + [column] * n_cols, header_cols=1, extra=extra, size=9)
    chances = _chances(source, table, first, column)
    pair = Table([[cells, chances]], colWidths=[first + column * n_cols + 16, None])
    pair.setStyle(
        TableStyle(
            [
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (-1, -1), 0),
            ]
        )
    )
    key = [
        f"<b>{esc(letter)}</b>&nbsp;{esc(text.replace('★', STAR))}"
        for letter, text in table.key.items()
    ]
    used = {source.cell(table, f, c).value for f in crt.faces for c in range(n_cols)}
    if NO_EFFECT in used:
        key.append(f"<b>{NO_EFFECT}</b>&nbsp;{esc(no_effect_meaning(table))}")
    if "★" in used:
        key.append(f"<b>{STAR}</b>&nbsp;The printed star: the key does not define it.")
    parts = [
        para(f"{number}. {table.title}", "h1"),
        pair,
        marked("Key: " + " &nbsp; ".join(key), "cell"),
    ]
    if table.note:
        parts.append(para(f"Note: {table.note}", "cell"))
    return [KeepTogether(parts)]


def _chances(source: CellSource, table: ResultsTable, first: float, column: float) -> Any:
    """Outcome by odds column: how many of the ten die faces give it ("3/10"; "3/10\u2020"
    when the kit's completed cells are among them)."""
    crt = source.crt
    per_column = [source.chances(table, c) for c in range(len(crt.columns))]
    order = [NO_EFFECT, "★", *table.key, ""]
    present = {chance.value for chances in per_column for chance in chances}
    letters = [v for v in order if v in present]
    rows = [["d10", *crt.columns]]
    extra: list[tuple] = [("ALIGN", (1, 0), (-1, -1), "CENTER")]
    for r, letter in enumerate(letters, start=1):
        row = [shown(letter) or "lost"]
        for c, chances in enumerate(per_column, start=1):
            n = sum(len(ch.faces) for ch in chances if ch.value == letter)
            kit = any(ch.kit_faces for ch in chances if ch.value == letter)
            # a count that takes in the kit's cells: grey, and a dagger (never colour alone)
            row.append(f"{n}/{len(crt.faces)}{KIT_COUNT if kit else ''}" if n else "")
            if kit:
                extra.append(("BACKGROUND", (c, r), (c, r), colour(KIT_FILL)))
        rows.append(row)
    return grid(
        rows,
        [first] + [column] * len(crt.columns),
        header_cols=1,
        extra=extra,
        size=7,
    )


SEVERAL = ("combine-defence", "combine-attack", "several")  # Multiple Combat, in the rules' order


def several_story(rules: CombatRules) -> list[Any]:
    """Several characters in one combat: the rulebook's Multiple Combat words, from
    combat-rules.toml (strengths combine; the controlling player chooses who suffers)."""
    said = [rules.rules[name] for name in SEVERAL]
    sections = ", ".join(dict.fromkeys(r.section for r in said))
    words = " ".join(esc(r.rule) for r in said)
    return [
        marked(f"<b>Several attackers or defenders</b> (the rulebook, {esc(sections)}): {words}")
    ]


def shifts_story(crt: Crt, rules: CombatRules | None = None) -> list[Any]:
    """How odds are found (and, with ``rules``, how several characters combine), and every
    column shift, from crt.toml."""
    from reportlab.platypus import KeepTogether

    odds = [
        para("Odds and column shifts", "h1"),
        para(
            "Odds: the attacker's strength divided by the defender's, rounded down to the "
            "nearest listed odds (8 against 3 is 2-1). Roll one d10 (0 is the last row)."
        ),
        marked(
            f"<b>Kit's reading</b> (the rules do not say): {esc(crt.reading('off-table').text)}",
            "kit",
        ),
    ]
    if rules is not None:
        odds += several_story(rules)
    story: list[Any] = [KeepTogether(odds)]  # how odds are found, on one page
    terrain = [["Attacker", "Defender", "Shift"]]
    for (att, dfd), (_cols, text) in crt.terrain.items():
        terrain.append([att, dfd, text])
    story += [
        para("Effect of terrain on combat (hand-to-hand)", "h2"),
        grid(terrain, [52, 52, 260]),
    ]
    story += [
        para("+ advantage, 0 neutral, - disadvantage.", "small"),
        marked(
            "<b>Kit's reading</b> (the rules do not say): "
            + esc(crt.reading("no-terrain-on-missiles").text),
            "kit",
        ),
    ]
    cover = [["Target", "Missile tables"]]
    for name, (_columns, text) in crt.cover.items():  # columns None: may not be fired upon
        cover.append([name, text])
    story += [para("Firing on targets in cover", "h2"), grid(cover, [60, 304])]
    other = [["Shift", "Tables", "Effect"]]
    for name, (_cols, tables, text) in crt.shifts.items():
        readings = crt.shift_readings.get(name, {})
        named = [f"{t} (kit's reading)" if t in readings else t for t in tables]
        other.append([name, marked(esc(", ".join(named)), "cell"), marked(esc(text), "cell")])
    story += [para("Other shifts", "h2"), grid(other, [62, 120, 490])]
    return story


def write_results_tables(
    path: Path, cards: Cards, page: PageSize, source_only: bool = False
) -> int:
    """Write the results-table sheets; returns the page count."""
    crt = load_crt(cards)
    source = cell_source(cards, crt, source_only)
    landscape = page.landscape
    width = landscape.frame_width
    story: list[Any] = [
        para(TITLE, "title"),
        marked(LEGEND_SOURCE if source_only else LEGEND_KIT, "kit"),
        para(
            "Beside each table: the chance of each result on one d10 in each odds column, "
            "in faces of the ten (3/10: three faces in ten). "
            f"{KIT_COUNT} on grey (3/10{KIT_COUNT}): the count takes in the kit's completed "
            "cells.",
            "small",
        ),
    ]
    footnotes = list(crt.footnotes.values())
    for number, table in enumerate(crt.tables.values(), start=1):
        story += table_story(source, table, number, width)
    story += [para(note.replace("★", STAR), "small") for note in footnotes]
    story += shifts_story(crt, load_combat_rules(cards))
    return write_document(
        path,
        story,
        landscape,
        title=TITLE + (" (rulebook cells only)" if source_only else ""),
        subject="Dark Blades: the six combat results tables, column shifts and chances",
        note=footer_note(source_only),
    )
