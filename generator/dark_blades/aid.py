"""The Dark Blades player aid: sequence of play, terrain, missiles, water, stacking, dead
bodies, mounting, windows, capture, the spell areas with their diagrams, and the Death spell,
spell resistance and magic item tables.

Rule prose from ``templates/aids/dark-blades.j2`` (short paraphrases of the rulebook); every
table and number from the companion's loaded ``cards/dark-blades/`` (terrain.toml, crt.toml,
missiles.toml, tables/*.toml, spells.toml + spells-kit.toml, scenarios/). The kit's readings
appear in shaded boxes or grey cells, labelled as the kit's.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from reportlab.lib.enums import TA_CENTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import KeepTogether, Paragraph, Spacer

from companion.dark_blades import spells as spell_deck
from companion.dark_blades.crt import Crt, load_crt
from companion.dark_blades.missiles import Missiles, load_weapons
from companion.dark_blades.scenarios import special_rules
from companion.dark_blades.special import load_combat_rules
from companion.dark_blades.terrain import TerrainTable, load_terrain
from companion.data import Cards
from companion.tables import Table, load_tables
from generator.dark_blades.area_flowable import AreaDiagram
from generator.sheet.document import (
    KIT_FILL,
    PageSize,
    esc,
    grid,
    marked,
    para,
    styles,
    write_document,
)
from generator.sheet.markup import flowables, render_template

TITLE = "Dark Blades player aid"
SIZE = 8.0
SIZES = (8.0, 7.75, 7.5, 7.25)  # the sheet takes the largest that prints an even page count
GAME = "dark-blades"
WATER = (
    "lake-crawl-out",
    "lake",
    "river-crawl-out",
    "river",
    "river-stepping-stones",
    "stepping-stones-wounded",
)
MAGIC = ("spell-resist", "death-spell", "magic-item-creation")
DIAGRAM = (72.0, 44.0)  # points: one area's diagram on the sheet
CAPTURE = "capture:"  # a scenario's special rule that starts so is the capture rule
KIT_AREA = "The kit's area (the rules name none)"


def faces_text(faces: tuple[int, ...]) -> str:
    """A row's die faces as the rulebook prints them: ``1, 2, 3`` (a d10's ten is 0)."""
    return ", ".join(str(f) for f in faces)


def terrain_rows(terrain: TerrainTable) -> list[list[str]]:
    """The Terrain Types table, header first, each printed row's cells word for word."""
    rows = [["Hex type", "Movement cost per hex", "Cover", "Terrain advantage"]]
    rows += [[t.printed, t.movement, t.cover, t.advantage] for t in terrain.rows.values()]
    return rows


def shift_rows(crt: Crt) -> list[list[str]]:
    """The printed Effect of Terrain on Combat rows (those that shift the odds)."""
    rows = [["Attacker in", "Defender in", "Result"]]
    rows += [[a, d, text] for (a, d), (cols, text) in crt.terrain.items() if cols != 0]
    return rows


def unshifted(crt: Crt) -> list[str]:
    """The pairings the printed shift table has no row for (the kit reads them as no shift)."""
    return [f"{a} v {d}" for (a, d), (cols, _text) in crt.terrain.items() if cols == 0]


def missile_rows(missiles: Missiles) -> list[list[str]]:
    """One row per weapon and range band: weapon, band, hexes, attack strength."""
    rows = [["Weapon", "Range", "Hexes", "Attack strength"]]
    for weapon in missiles.weapons.values():
        for band in weapon.bands:
            rows.append([weapon.name, band.band, f"{band.first}-{band.last}", str(band.strength)])
    return rows


def cover_rows(crt: Crt) -> list[list[str]]:
    rows = [["Target's cover", "Missile fire"]]
    rows += [[name, text] for name, (_cols, text) in crt.cover.items()]
    return rows


def rolled_rows(table: Table) -> list[list[str]]:
    """A rolled table as printed: its die, then each row's faces and result."""
    return [[table.die.upper(), "Result"]] + [[faces_text(r.faces), r.result] for r in table.rows]


def _cells(rows: list[list[str]], centred: int = 0, size: float = SIZE) -> list[list[Any]]:
    """Every cell a wrapping paragraph, the header row bold, the first ``centred`` columns
    centred."""
    out: list[list[Any]] = []
    for i, row in enumerate(rows):
        base = styles(size)["cell_bold" if i == 0 else "cell"]
        centre = ParagraphStyle(f"{base.name}_centred", base, alignment=TA_CENTER)
        out.append([Paragraph(esc(c), centre if j < centred else base) for j, c in enumerate(row)])
    return out


def _share(width: float, *parts: float) -> list[float]:
    """Column widths: ``parts`` (fractions) of ``width``."""
    return [width * p for p in parts]


def _tables(
    cards: Cards, width: float, source_only: bool = False, size: float = SIZE
) -> dict[str, Any]:
    terrain, crt, missiles = load_terrain(cards), load_crt(cards), load_weapons(cards)
    rolled = load_tables(cards)
    built: dict[str, Any] = {
        "terrain": grid(
            _cells(terrain_rows(terrain), size=size),
            _share(width, 0.22, 0.38, 0.14, 0.26),
            size=size,
        ),
        "shifts": grid(
            _cells(shift_rows(crt), centred=2, size=size),
            [65, 65, 150],
            size=size,
        ),
        "missiles": grid(
            _cells(missile_rows(missiles), size=size),
            _share(min(width, 320.0), 0.34, 0.2, 0.2, 0.26),
            size=size,
        ),
        "cover": grid(_cells(cover_rows(crt), size=size), [85, width - 85], size=size),
        "areas": _areas(cards, width, source_only, size),
    }
    for name in (*WATER, *MAGIC):
        optional = "optional rule, " if name == "magic-item-creation" else ""
        built[name] = _rolled(rolled[f"{GAME}/{name}"], width, optional, size)
    return built


def _rolled(table: Table, width: float, optional: str = "", size: float = SIZE) -> Any:
    """A rolled table kept on one page: its heading and what it applies to above, its note
    below."""
    parts = [para(f"{table.title} ({optional}{table.die})", "h2", size)]
    if table.applies:
        parts.append(para(table.applies, "body", size))
    parts.append(grid(_cells(rolled_rows(table), size=size), [80, width - 80], size=size))
    if table.note:
        parts.append(para(f"Note: {table.note}", "body", size))
    parts.append(Spacer(1, 4))  # keeps a shaded box below clear of the table's rules
    return KeepTogether(parts)


def _areas(cards: Cards, width: float, source_only: bool = False, size: float = SIZE) -> Any:
    """Every area of effect: its diagram, then its letter and name in bold and the rules' words
    (or the kit's, on grey, labelled; left out with ``source_only``)."""
    deck = spell_deck.load(cards)
    rows: list[list[Any]] = [_cells([["Diagram", "Area: what it covers"]], size=size)[0]]
    extra: list[tuple] = [("VALIGN", (0, 0), (-1, -1), "TOP")]
    shown = [a for a in deck.areas.values() if not (source_only and a.origin != "rulebook")]
    for i, area in enumerate(shown, start=1):
        said = esc(area.text or area.words or "The rules give only the name.")
        if area.origin != "rulebook":
            said = f"{esc(KIT_AREA)}: {said}"
            extra.append(("BACKGROUND", (0, i), (-1, i), KIT_FILL))
        elif area.diagram and not source_only:
            said = f"{said} KIT diagram: {esc(area.diagram)}"
        name = f"<b>{esc(area.letter)}&nbsp;&nbsp;{esc(area.name)}.</b>"
        rows.append([AreaDiagram(area.key, *DIAGRAM), marked(f"{name} {said}", "cell", size)])
    return grid(rows, [DIAGRAM[0] + 6, width - DIAGRAM[0] - 6], extra=extra, size=size)


def _sentence(text: str) -> str:
    text = text.strip()
    return text[:1].upper() + text[1:]


def context(cards: Cards) -> dict[str, Any]:
    """What the template reads: the companion's loaded data, nothing copied."""
    rolled = load_tables(cards)
    captures = [
        (s, _sentence(rule[len(CAPTURE) :]))
        for s in special_rules(cards)
        for rule in s.special
        if rule.casefold().startswith(CAPTURE)
    ]
    crt = load_crt(cards)
    return {
        "terrain": load_terrain(cards),
        "crt": crt,
        "unshifted": unshifted(crt),
        "missiles": load_weapons(cards),
        "water": [rolled[f"{GAME}/{n}"] for n in WATER],
        "magic": {n: rolled[f"{GAME}/{n}"] for n in MAGIC},
        "captures": captures,
        "combat_readings": load_combat_rules(cards).readings,
    }


def write_dark_blades_aid(
    path: Path, cards: Cards, page: PageSize, source_only: bool = False
) -> int:
    """Write the player aid; returns its page count. With ``source_only`` the kit's
    readings (the template's ``>`` boxes) and the kit's own spell area are left out.

    Printed duplex, so the sheet is set at the largest of SIZES that gives an even page count
    (four pages on A4 and on Letter for the kit's data), else at SIZE."""
    portrait = page.portrait
    text = render_template("aids/dark-blades.j2", {**context(cards), "source_only": source_only})
    if source_only:
        text = "\n".join(line for line in text.splitlines() if not line.lstrip().startswith(">"))
    kit = "rulebook only" if source_only else "shaded: the kit's readings"

    def write(size: float) -> int:
        tables = _tables(cards, portrait.frame_width, source_only, size)
        return write_document(
            path,
            flowables(text, tables, body=size),
            portrait,
            title=TITLE,
            subject="Dark Blades: sequence of play, terrain, missiles, water, stacking, capture, "
            "spell areas, Death, spell resistance and magic items",
            note=kit,
        )

    first = write(SIZES[0])
    if first % 2 == 0:
        return first
    for size in SIZES[1:]:
        pages = write(size)
        if pages % 2 == 0 and pages <= first:
            return pages
    return write(SIZES[0])
