"""Dark Blades scenario sheets: one page per scenario, from ``cards/dark-blades/scenarios/``.

Each sheet gives what the rulebook says (maps, sides and their pieces, set-up, first player,
reinforcements and when they arrive, special rules, victory) and, in marked boxes, what is the
kit's: the background in its own words and its readings where the text is silent. A page per
map follows, the map as large as the page allows with every set-up hex outlined and labelled
and its coordinate readable, and the hexes listed as `havoc scenario` lists them. The same
`Scenario` records feed `havoc scenario`.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Any

from reportlab.platypus import PageBreak, Table, TableStyle

from companion.dark_blades import pieces
from companion.dark_blades.maps import load_maps
from companion.dark_blades.scenario_marks import (
    STAR_NOTE,
    block_note,
    mark_line,
    marks_for,
    scenario_marks,
)
from companion.dark_blades.scenarios import Scenario, load_scenarios
from companion.data import Cards
from generator.dark_blades.scenario_maps import MapFigure, MapStack, legend
from generator.sheet import document as doc
from generator.sheet.document import PageSize, esc, grid, write_document

SIZE = 10.0  # a scenario sheet has room: body text at 10 pt
para = partial(doc.para, body=SIZE)
marked = partial(doc.marked, body=SIZE)
bullets = partial(doc.bullets, body=SIZE)

TITLE = "Dark Blades scenarios"
NOTE = "shaded boxes are the Havoc Kit's words, not the rulebook's."


def _count(force: Any) -> str:
    name = force.character.label or force.character.name
    return name if force.count == 1 else f"{force.count} × {name}"


def map_story(scenario: Scenario, width: float, cards: Cards | None) -> list[Any]:
    """The scenario's map(s) small, with its set-up areas, entry edges and exits marked (the
    kit's maps: marked as its design; nothing when the maps are left out, --source-only)."""
    if cards is None:
        return []
    found = scenario_marks(cards, scenario.key, {m.key: m for m in load_maps(cards, False)})
    if found is None:
        return []
    maps, marks = found
    note = "On the Havoc Kit's own stand-in maps (its design, not the rulebook's maps)"
    if len(maps) > 1:
        note += "; lay the Mill map above the Arena map (the kit's reading)"
    words = doc.marked(f"<b>{note}.</b> {legend(marks)}", "kit", body=8)
    figure = MapFigure(maps, marks, 0.56 * width)
    table = Table([[words, figure]], colWidths=[0.42 * width, 0.58 * width], hAlign="LEFT")
    table.spaceBefore = doc.BOX_PAD + 1  # the box's border runs BOX_PAD above its cell's text:
    return [table]  # clear of the line above's descenders (a box in a cell keeps no spaceBefore)


MAP_PAGE_TEXT = 150.0  # points of a one-map page kept for its heading and its list of hexes
KEY_W = 135.0  # beside a stack of two maps: the list of hexes
HEADING_H = 40.0  # a map page's heading, and room to spare


def map_pages(scenario: Scenario, width: float, height: float, cards: Cards | None) -> list[Any]:
    """One page of the scenario's maps, as large as the page allows, each set-up, entry and
    exit hex outlined and labelled, and every mark's hexes listed (below one map, beside two
    stacked; nothing when the maps are left out, --source-only)."""
    if cards is None:
        return []
    found = marks_for(cards, scenario.key)
    if found is None:
        return []
    maps, marks = found
    kinds = {"area": "sets up", "entry": "enters", "exit": "leaves"}
    lines = []
    for m in maps:
        mine = [k for k in marks if k.map == m.key]
        if mine and len(maps) > 1:
            lines.append(f"<b>{esc(m.name)} map:</b>")
        lines += [
            f"<b>{esc(k.label)}</b> ({kinds[k.kind]}) {esc(mark_line(k))}. <i>{esc(k.what)}</i>"
            for k in mine
        ]
    if any(k.reading for k in marks):
        lines.append(esc(STAR_NOTE) + ".")
    if block_note(marks):
        lines.append(esc(block_note(marks)))
    kit = any(m.is_kit for m in maps)
    note = "<b>Where (the Havoc Kit's reading of the text on its maps):</b><br/>"
    key = marked(note + "<br/>".join(lines), "kit", body=8)
    title = f"Scenario {scenario.number}: {scenario.title}: set-up hexes"
    if kit:
        title += " (the Havoc Kit's own stand-in maps, not the rulebook's)"
    story: list[Any] = [PageBreak(), para(title, "h2")]
    if len(maps) == 1:
        return [*story, MapStack(maps, marks, width, height - MAP_PAGE_TEXT), key]
    stack = MapStack(maps, marks, width - KEY_W, height - HEADING_H)
    table = Table([[stack, key]], colWidths=[stack.width, width - stack.width], hAlign="LEFT")
    table.setStyle(
        TableStyle(
            [
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LEFTPADDING", (0, 0), (0, 0), 0),
                ("RIGHTPADDING", (-1, 0), (-1, 0), 0),
                ("TOPPADDING", (0, 0), (-1, -1), 0),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
            ]
        )
    )
    table.spaceBefore = doc.BOX_PAD + 1  # the key's box reaches BOX_PAD above its cell
    return [*story, table]


def scenario_story(
    scenario: Scenario, width: float, cards: Cards | None = None, height: float = 0.0
) -> list[Any]:
    """One scenario's page, and (``height``: the frame's) a page for each of its maps."""
    story: list[Any] = [
        para(f"Scenario {scenario.number}: {scenario.title}", "title"),
        marked(
            f"<b>Background ({'the Havoc Kit' if scenario.is_kits else 'this file'}'s own words, "
            "not the rulebook's):</b> " + esc(scenario.background),
            "kit",
        ),
        para("Maps", "h2"),
        para(scenario.maps),
        *map_story(scenario, width, cards),
        para("Who moves first", "h2"),
        para(f"{scenario.first_player} is the first player. {scenario.mounted}"),
        para("The sides", "h2"),
    ]
    rows: list[list[Any]] = [["Side", "Pieces", "Set-up"]]
    for side in scenario.sides:
        listed = ", ".join(_count(f) for f in side.forces)
        rows.append(
            [
                marked(f"<b>{esc(side.name)}</b><br/>{side.pieces} pieces", "cell"),
                para(listed, "cell"),
                para(side.setup, "cell"),
            ]
        )
    story.append(grid(rows, [0.2 * width, 0.45 * width, 0.35 * width], size=SIZE))
    later = [s for s in scenario.sides if s.enters_turn]
    if later:
        story.append(para("Reinforcements", "h2"))
        story += bullets([f"Turn {s.enters_turn}: {s.name} ({s.setup})" for s in later])
    if scenario.special:
        story += [para("Special rules", "h2"), *bullets(scenario.special)]
    story += [para("Victory", "h2"), *bullets(scenario.victory)]
    if scenario.kit_readings:
        story.append(
            marked(
                f"<b>{'The Havoc Kit' if scenario.is_kits else 'This file'}'s readings "
                "(the rulebook is silent here):</b><br/>"
                + "<br/>".join(f"•&nbsp;{esc(r)}" for r in scenario.kit_readings),
                "kit",
            )
        )
    story.append(
        para(
            f"Counters for exactly this scenario: havoc-pnp counters --scenario {scenario.key}. "
            f"At the table: havoc scenario {scenario.key}. Source: {scenario.source}.",
            "small",
        )
    )
    if height:
        story += map_pages(scenario, width, height, cards)
    story.append(PageBreak())
    return story


def write_scenario_sheets(
    path: Path,
    cards: Cards,
    page: PageSize,
    names: list[str] | None = None,
    source_only: bool = False,
    more: tuple[Scenario, ...] = (),
) -> int:
    """Write one page per scenario (``names``: file keys; None: all; ``more``: scenarios read
    from files of the user's own, by their keys); returns the page count."""
    scenarios = {**load_scenarios(cards, pieces.load(cards)), **{s.key: s for s in more}}
    chosen = [scenarios[n] for n in names] if names else list(scenarios.values())
    portrait = page.portrait
    story: list[Any] = []
    for scenario in chosen:
        frame = portrait.height - 2 * doc.MARGIN
        story += scenario_story(
            scenario, portrait.frame_width, None if source_only else cards, frame
        )
    if story:
        story.pop()  # no blank page after the last scenario
    title = TITLE if not names else f"{TITLE}: " + ", ".join(s.title for s in chosen)
    return write_document(
        path,
        story,
        portrait,
        title=title,
        subject="Dark Blades scenario sheets: sides, set-up, reinforcements, special rules",
        note=NOTE,
    )
