"""Dark Blades scenarios: ``cards/dark-blades/scenarios/*.toml``, one file per scenario.

Each file holds what the rulebook says of a scenario (maps, sides, set-up, first player,
reinforcements, special rules, victory), the background in the kit's own words, and the kit's
readings where the text is silent (``kit_readings``). A side's pieces name rows of the roster
(``pieces.csv``, by name or label): ``"NAME"``, ``"N NAME"`` or ``"all NAME"`` (every one the
roster prints). A user's own scenario is one more file: no code change.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.dark_blades.pieces import GAME, Character, PieceSet
from companion.data import Cards, expect, read_toml, require, unknown_keys
from companion.errors import DataError

SCENARIO_DIR = "scenarios"
_KEYS = (
    "number",
    "title",
    "source",
    "background",
    "maps",
    "first_player",
    "mounted",
    "special",
    "victory",
    "kit_readings",
    "sides",
)
_SIDE_KEYS = ("name", "pieces", "setup", "enters_turn")
_COUNTED = re.compile(r"^(?:(all)|(\d{1,4}))\s+(.+)$", re.IGNORECASE)


@dataclass(frozen=True)
class Force:
    """So many of one roster character on a side."""

    character: Character
    count: int
    all_of_them: bool  # "all NAME": the roster's count, whatever it is


@dataclass(frozen=True)
class Side:
    name: str
    forces: tuple[Force, ...]
    setup: str
    enters_turn: int | None  # None: on the map from the start

    @property
    def pieces(self) -> int:
        return sum(f.count for f in self.forces)


@dataclass(frozen=True)
class Scenario:
    """One scenario: the rulebook's facts, the kit's background and readings."""

    key: str  # the file name without .toml: `havoc scenario KEY`
    number: int
    title: str
    source: str
    background: str  # the kit's own words
    maps: str
    first_player: str
    mounted: str
    special: tuple[str, ...]
    victory: tuple[str, ...]
    kit_readings: tuple[str, ...]
    sides: tuple[Side, ...]
    path: Path

    def roster(self) -> dict[str, int]:
        """Roster name -> how many counters of it the scenario uses (all sides together)."""
        out: dict[str, int] = {}
        for side in self.sides:
            for force in side.forces:
                out[force.character.name] = out.get(force.character.name, 0) + force.count
        return out


def scenario_files(cards: Cards) -> dict[str, Path]:
    """Every scenario file, the user's first (a user's file hides the kit's of the same name)."""
    return {p.stem: p for p in cards.glob(f"{GAME}/{SCENARIO_DIR}/*.toml")}


def load_scenarios(cards: Cards, pieces: PieceSet) -> dict[str, Scenario]:
    """All scenarios, checked against the roster, in their printed order."""
    found = [read_scenario(path, pieces) for path in scenario_files(cards).values()]
    return {s.key: s for s in sorted(found, key=lambda s: (s.number, s.key))}


@dataclass(frozen=True)
class SpecialRules:
    """A scenario's number, title and special rules, read without its pieces (a reference sheet
    quotes them even when a user's roster lacks some scenario's characters)."""

    number: int
    title: str
    special: tuple[str, ...]


def special_rules(cards: Cards) -> list[SpecialRules]:
    """Every scenario's special rules, in the scenarios' order."""
    found = []
    for path in scenario_files(cards).values():
        data = read_toml(path)
        found.append(
            SpecialRules(
                require(data, "number", int, path),
                require(data, "title", str, path).strip(),
                _strings(data, "special", path),
            )
        )
    return sorted(found, key=lambda s: (s.number, s.title))


def find_scenario(scenarios: dict[str, Scenario], name: str) -> Scenario:
    """A scenario by file name or title: whole, unique prefix, word starts or initials."""
    from companion.names import pick

    keys = {key.casefold() for key in scenarios}
    titles = {s.title: k for k, s in scenarios.items() if s.title.casefold() not in keys}
    chosen = pick(name, [*scenarios, *titles], "scenario")
    return scenarios[titles.get(chosen, chosen)]


def read_scenario(path: Path, pieces: PieceSet) -> Scenario:
    data = read_toml(path)
    unknown_keys(data, _KEYS, path)
    texts = {k: require(data, k, str, path).strip() for k in _KEYS[1:7]}
    lists = {k: _strings(data, k, path) for k in ("special", "victory", "kit_readings")}
    number = require(data, "number", int, path)
    sides = tuple(
        _side(expect(entry, dict, path, f"sides[{i}]"), i, path, pieces)
        for i, entry in enumerate(require(data, "sides", list, path))
    )
    if not sides:
        raise DataError("key 'sides': expected at least one [[sides]] table", path)
    return Scenario(key=path.stem, number=number, **texts, **lists, sides=sides, path=path)


def _strings(data: dict[str, Any], key: str, path: Path) -> tuple[str, ...]:
    if key not in data:
        return ()
    items = expect(data[key], list, path, key)
    return tuple(expect(item, str, path, f"{key}[{i}]").strip() for i, item in enumerate(items))


def _side(entry: dict[str, Any], i: int, path: Path, pieces: PieceSet) -> Side:
    where = f"sides[{i}]"
    unknown_keys(entry, _SIDE_KEYS, path, where)
    name = require(entry, "name", str, path, where).strip()
    setup = require(entry, "setup", str, path, where).strip()
    turn = entry.get("enters_turn")
    if turn is not None and (not isinstance(turn, int) or isinstance(turn, bool) or turn < 1):
        raise DataError(f"key '{where}.enters_turn': expected a turn number (1 or more)", path)
    forces = tuple(
        _force(
            expect(text, str, path, f"{where}.pieces[{j}]"), f"{where}.pieces[{j}]", path, pieces
        )
        for j, text in enumerate(require(entry, "pieces", list, path, where))
    )
    return Side(name, tuple(forces), setup, turn)


def _force(text: str, where: str, path: Path, pieces: PieceSet) -> Force:
    match = _COUNTED.match(text.strip())
    all_of_them = bool(match and match.group(1))
    count = int(match.group(2)) if match and match.group(2) else 1
    name = match.group(3) if match else text.strip()
    wanted = name.casefold()
    for character in pieces.roster:
        if wanted in (character.name.casefold(), (character.label or "").casefold()):
            break
    else:
        raise DataError(
            f"key '{where}': no piece named {name!r} in {pieces.roster_path.name} "
            "(expected a name or label of the roster)",
            path,
        )
    if all_of_them:
        count = character.count
    elif count < 1 or count > character.count:
        raise DataError(
            f"key '{where}': {count} {character.name}, but the roster prints "
            f"{character.count} (raise its count in {pieces.roster_path.name})",
            path,
        )
    return Force(character, count, all_of_them)
