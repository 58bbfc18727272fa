"""Each Dark Blades scenario as the table programs lay it out: its board (the scenario's map, or
the layout of maps it is played on), its set-up areas, entries and exits
(`companion.dark_blades.scenario_marks`, the kit's reading where the text is vague), each side's
counters (the ones `havoc-pnp counters --scenario` prints: its characters, mounted pieces only
for its riders) with the turn it enters, and the scenario sheet's text. Read from the scenario
files, never copied: a user's own scenario is exported as the kit's are.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.dark_blades import pieces as db
from companion.dark_blades.layouts import load_layouts
from companion.dark_blades.maps import HexMap, load_maps
from companion.dark_blades.scenario_marks import Mark, scenario_marks, where_lines
from companion.dark_blades.scenarios import Scenario, load_scenarios
from companion.data import Cards
from generator.dark_blades.counters import counter_pieces
from generator.sheet.pieces import Piece


@dataclass(frozen=True)
class SideSetUp:
    """One side of a scenario: its name, its counters, the turn it enters (None: at the start)
    and its set-up words as printed."""

    name: str
    pieces: tuple[Piece, ...]
    enters_turn: int | None
    setup: str
    forces: tuple[tuple[str, int, bool], ...] = ()  # (roster name, how many, rides)

    @property
    def words(self) -> str:
        """The side's place in its board's margin, named as its zone there: ``To set up: Dark
        Blades``, or ``Turn 2 reinforcements: Dark Blades`` for a side that enters later."""
        if self.enters_turn:
            return f"Turn {self.enters_turn} reinforcements: {self.name}"
        return f"To set up: {self.name}"


@dataclass(frozen=True)
class SetUp:
    """One scenario laid out: ``board`` the key of its board (a map's or a layout's key, as
    `vassal.board_images` names them), its marks (on a layout, each on its map: ``mark.map``)."""

    key: str
    title: str
    board: str
    hexmap: HexMap
    maps: tuple[str, ...]
    marks: tuple[Mark, ...]
    sides: tuple[SideSetUp, ...]
    markers: tuple[Piece, ...]
    text: str
    number: int = 0


def set_ups(
    cards: Cards, piece_size: float, source_only: bool, boards: dict[str, HexMap]
) -> list[SetUp]:
    """Every scenario whose board is among ``boards`` (maps and layouts by key), in printed
    order."""

    pieces_set = db.load(cards)
    maps: dict[str, HexMap] = {m.key: m for m in load_maps(cards, source_only)}
    layouts = {tuple(lay.maps): lay.key for lay in load_layouts(cards)}
    out = []
    for scenario in load_scenarios(cards, pieces_set).values():
        found = scenario_marks(cards, scenario.key, maps)
        if found is None:
            continue
        on, marks = found
        keys = tuple(m.key for m in on)
        board = keys[0] if len(keys) == 1 else layouts.get(keys, "")
        if board not in boards:
            continue
        hexmap = boards[board]
        made = counter_pieces(
            cards,
            blank_values=source_only,
            piece_size=piece_size,
            counts=scenario.roster(),
            riders=scenario.riders(),
        )
        sides = []
        for side in scenario.sides:
            names = {f.character.name for f in side.forces}
            wanted = {f.character.name: f.count for f in side.forces}
            mine = [p for p in made if _character(p) in names]
            mine = _take(mine, wanted)
            riders = scenario.riders()
            forces = tuple((f.character.name, f.count, f.character.name in riders)
                           for f in side.forces)  # fmt: skip
            sides.append(SideSetUp(side.name, tuple(mine), side.enters_turn, side.setup, forces))
        markers = tuple(p for p in made if "marker" in p.tags)
        text = sheet_text(scenario, on, marks)
        out.append(
            SetUp(
                scenario.key,
                scenario.title,
                board,
                hexmap,
                keys,
                tuple(marks),
                tuple(sides),
                markers,
                text,
                scenario.number,
            )  # fmt: skip
        )
    return out


def _character(piece: Piece) -> str:
    return next((t.split(":", 1)[1] for t in piece.tags if t.startswith("character:")), "")


def _take(pieces: list[Piece], wanted: dict[str, int]) -> list[Piece]:
    """The side's share of each character's counters (a character on two sides is split by
    the counts each side names; the printed copies are numbered, so take them in order)."""
    seen: dict[str, set[str]] = {}
    out = []
    for p in pieces:
        name = _character(p)
        copy = p.name.rsplit(" ", 1)[-1] if p.name[-1].isdigit() else "1"
        copies = seen.setdefault(name, set())
        if copy not in copies and len(copies) >= wanted[name]:
            continue
        copies.add(copy)
        out.append(p)
    return out


def sheet_text(scenario: Scenario, maps: list[HexMap], marks: list[Mark]) -> str:
    """The scenario sheet's text as plain lines: the rulebook's set-up, reinforcements, special
    rules and victory, the kit's readings said as the kit's, and where each side sets up."""
    lines = [f"Dark Blades, scenario {scenario.number}: {scenario.title}", scenario.source, ""]
    lines += ["Background (the kit's words): " + scenario.background, ""]
    lines += ["Maps: " + scenario.maps, "First player: " + scenario.first_player]
    lines += ["Mounted: " + scenario.mounted, "", "Sides:"]
    for side in scenario.sides:
        forces = ", ".join(
            f"{f.count} {f.character.name}" if f.count > 1 else f.character.name
            for f in side.forces
        )
        when = f"enters on turn {side.enters_turn}" if side.enters_turn else "at the start"
        lines.append(f"- {side.name} ({when}): {forces}. Set-up: {side.setup}")
    if scenario.special:
        lines += ["", "Special rules:"] + [f"{i}. {t}" for i, t in enumerate(scenario.special, 1)]
    if scenario.victory:
        lines += ["", "Victory:"] + [f"- {t}" for t in scenario.victory]
    if scenario.kit_readings:
        lines += ["", "The kit's readings (not the rulebook's):"]
        lines += [f"- {t}" for t in scenario.kit_readings]
    lines += ["", *where_lines(maps, marks)]
    return "\n".join(lines) + "\n"
