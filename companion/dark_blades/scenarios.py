"""Dark Blades scenarios: ``cards/dark-blades/scenarios/*.toml``, one file per scenario.

Each file holds what the rulebook says of a scenario (maps, sides, set-up, first player,
reinforcements, special rules, victory), the background in the kit's own words, and the kit's
readings where the text is silent (``kit_readings``). A side's pieces name rows of the roster
(``pieces.csv``, by name or label): ``"NAME"``, ``"N NAME"`` or ``"all NAME"`` (every one the
roster prints). A side's ``mounted`` names the pieces that start on horseback and ``horses``
those that start dismounted with their horses on the map (``"all"``: every piece of the side
that can ride); the rest are on foot. A side's ``may_not_attack`` names roster pieces it may not
attack, by the special rule numbered ``may_not_attack_rule`` (1: the first of ``special``):
`havoc fight --scenario` refuses such an attack, quoting the rule. A user's own scenario is one
more file: no code change.
"""

from __future__ import annotations

import os
import re
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion import schema
from companion.dark_blades.pieces import GAME, Character, PieceSet
from companion.data import Cards, file_stamps
from companion.errors import DataError
from companion.names import pick
from companion.schema import Field, ListOf, Table, Where

SCENARIO_DIR = "scenarios"
_TEXTS = ("title", "source", "background", "maps", "first_player", "mounted")
_LISTS = ("special", "victory", "kit_readings")
_COUNTED = re.compile(r"^(?:(all)|(\d{1,4}))\s+(.+)$", re.IGNORECASE)


@dataclass(frozen=True)
class Force:
    """So many of one roster character on a side."""

    character: Character
    count: int
    all_of_them: bool  # "all NAME": the roster's count, whatever it is


@dataclass(frozen=True)
class Side:
    """One side of a scenario: its forces, where they set up and when they enter."""

    name: str
    forces: tuple[Force, ...]
    setup: str
    enters_turn: int | None  # None: on the map from the start
    mounted: tuple[str, ...] = ()  # roster names: start on horseback
    horses: tuple[str, ...] = ()  # roster names: start dismounted, their horses on the map
    may_not_attack: tuple[str, ...] = ()  # roster names this side may not attack
    may_not_attack_rule: str = ""  # the special rule that says so, as printed

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

    @property
    def is_kits(self) -> bool:
        """Whether the file is the kit's own (its background and readings the kit's words);
        False for a user's file, whose words are the user's."""
        from companion.data import default_cards_dir

        return self.path.resolve().is_relative_to(default_cards_dir().resolve())

    @property
    def whose(self) -> str:
        """Whose words the background and readings are: "the kit's" or "this file's"."""
        return "the kit's" if self.is_kits else "this file's"

    def roster(self) -> dict[str, int]:
        """Roster name -> how many counters of it the scenario uses (all sides together)."""
        out: dict[str, int] = {}
        for side in self.sides:
            for force in side.forces:
                out[force.character.name] = out.get(force.character.name, 0) + force.count
        return out

    def riders(self) -> frozenset[str]:
        """Roster names whose mounted counters the scenario needs: those that start mounted
        or have their horses on the map. Everyone else is on foot throughout."""
        return frozenset(n for side in self.sides for n in (*side.mounted, *side.horses))


def scenario_files(cards: Cards) -> dict[str, Path]:
    """Every scenario file, the user's first (a user's file hides the kit's of the same name)."""
    return {p.stem: p for p in cards.glob(f"{GAME}/{SCENARIO_DIR}/*.toml")}


def load_scenarios(cards: Cards, pieces: PieceSet) -> dict[str, Scenario]:
    """All scenarios, checked against the roster, in their printed order: read again only when
    a scenario file changes, comes or goes, or for another piece set (`pieces.load` gives the
    same set while its files are unchanged)."""
    files = scenario_files(cards)
    key = (id(pieces), file_stamps(*files.values()))
    with _LOCK:
        found = _READ.get(key)
    if found is not None:
        return dict(found[1])
    read = [read_scenario(path, pieces) for path in files.values()]
    out = {s.key: s for s in sorted(read, key=lambda s: (s.number, s.key))}
    with _LOCK:
        if len(_READ) >= 8:
            _READ.pop(next(iter(_READ)))
        _READ[key] = (pieces, out)  # the set held: its id is not reused while cached
    return dict(out)


_READ: dict[tuple, tuple[PieceSet, dict[str, Scenario]]] = {}
_LOCK = threading.Lock()  # the web server's threads share the cache


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
        data = schema.load(path, SCENARIO)
        found.append(SpecialRules(data["number"], data["title"], data["special"]))
    return sorted(found, key=lambda s: (s.number, s.title))


def is_scenario_file(name: str) -> bool:
    """Whether ``name`` is a path to a scenario file (``.toml`` or with a folder in it) rather
    than a scenario's name."""
    return name.strip().casefold().endswith(".toml") or "/" in name or os.sep in name


def find_scenario(
    scenarios: dict[str, Scenario], name: str, pieces: PieceSet | None = None
) -> Scenario:
    """A scenario by file name or title: whole, unique prefix, word starts or initials; or,
    given ``pieces``, a path to a scenario file (read and checked as the kit's are: an error
    names the file, the line and the key)."""
    if pieces is not None and is_scenario_file(name):
        path = Path(name.strip())
        if not path.is_file():
            raise DataError("no such scenario file", path)
        return read_scenario(path, pieces)
    keys = {key.casefold() for key in scenarios}
    titles = {s.title: k for k, s in scenarios.items() if s.title.casefold() not in keys}
    chosen = pick(name, [*scenarios, *titles], "scenario")
    return scenarios[titles.get(chosen, chosen)]


def _stripped(text: str, _where: Where) -> str:
    return text.strip()


def _texts(items: list[str], _where: Where) -> tuple[str, ...]:
    return tuple(item.strip() for item in items)


def _turn(turn: Any, where: Where) -> int:
    if not isinstance(turn, int) or isinstance(turn, bool) or turn < 1:
        raise where.error("expected a turn number (1 or more)")
    return turn


def _some_sides(sides: list[dict[str, Any]], where: Where) -> list[dict[str, Any]]:
    if not sides:
        raise where.error("expected at least one [[sides]] table")
    return sides


SIDE = Table(
    (
        Field("name", str, check=_stripped),
        Field("pieces", ListOf(str)),
        Field("setup", str, check=_stripped),
        Field("enters_turn", object, required=False, check=_turn),
        Field("mounted", ListOf(str), required=False, default=[]),
        Field("horses", ListOf(str), required=False, default=[]),
        Field("may_not_attack", ListOf(str), required=False, default=[]),
        Field("may_not_attack_rule", int, required=False),
    )
)
SCENARIO = Table(
    (
        Field("number", int),
        *(Field(k, str, check=_stripped) for k in _TEXTS),
        *(Field(k, ListOf(str), required=False, default=[], check=_texts) for k in _LISTS),
        Field("sides", ListOf(SIDE), check=_some_sides),
    )
)
"""A scenario file; its sides' pieces are checked against the roster by `read_scenario`."""


def read_scenario(path: Path, pieces: PieceSet) -> Scenario:
    """One scenario file (its shape checked once while it is unchanged), its pieces found in
    the roster."""
    data = schema.load(path, SCENARIO)
    sides = []
    for i, side in enumerate(data["sides"]):
        at = Where(path).child("sides").child(i).child("pieces")
        forces = tuple(_force(text, at.child(j), pieces) for j, text in enumerate(side["pieces"]))
        here = Where(path).child("sides").child(i)
        riders = {
            key: _riders(side[key], forces, pieces, here.child(key))
            for key in ("mounted", "horses")
        }
        spared, rule = _spared(side, data["special"], pieces, here)
        sides.append(
            Side(
                side["name"],
                forces,
                side["setup"],
                side["enters_turn"],
                riders["mounted"],
                riders["horses"],
                spared,
                rule,
            )
        )
    fields = {k: data[k] for k in (*_TEXTS, *_LISTS)}
    return Scenario(key=path.stem, number=data["number"], **fields, sides=tuple(sides), path=path)


def _force(text: str, where: Where, pieces: PieceSet) -> Force:
    match = _COUNTED.match(text.strip())
    all_of_them = bool(match and match.group(1))
    count = int(match.group(2)) if match and match.group(2) else 1
    name = match.group(3) if match else text.strip()
    wanted = name.casefold()
    for character in pieces.roster:
        if wanted in (character.name.casefold(), (character.label or "").casefold()):
            break
    else:
        raise where.error(
            f"no piece named {name!r} in {pieces.roster_path.name} "
            "(expected a name or label of the roster)"
        )
    if all_of_them:
        count = character.count
    elif count < 1 or count > character.count:
        raise where.error(
            f"{count} {character.name}, but the roster prints "
            f"{character.count} (raise its count in {pieces.roster_path.name})"
        )
    return Force(character, count, all_of_them)


def _spared(
    side: dict[str, Any], special: tuple[str, ...], pieces: PieceSet, where: Where
) -> tuple[tuple[str, ...], str]:
    """A side's ``may_not_attack`` as roster names, with the special rule that says so."""
    names = side["may_not_attack"]
    number = side.get("may_not_attack_rule")
    if not names:
        return (), ""
    if number is None or not 1 <= number <= len(special):
        raise where.child("may_not_attack_rule").error(
            f"expected the number of the special rule that says so (1 to {len(special)})"
        )
    out = []
    for j, name in enumerate(names):
        wanted = name.strip().casefold()
        found = [
            c.name
            for c in pieces.roster
            if wanted in (c.name.casefold(), (c.label or "").casefold())
        ]
        if not found:
            raise (
                where.child("may_not_attack")
                .child(j)
                .error(f"no piece named {name!r} in {pieces.roster_path.name}")
            )
        out.append(found[0])
    return tuple(out), special[number - 1]


def _riders(
    names: list[str], forces: tuple[Force, ...], pieces: PieceSet, where: Where
) -> tuple[str, ...]:
    """A side's ``mounted`` or ``horses`` list as roster names: each one of the side's pieces
    whose type has a mounted piece; ``"all"``: every such piece of the side."""
    can_ride = [
        f.character
        for f in forces
        if any(spec.mounted for spec in pieces.types[f.character.type].pieces)
    ]
    out: list[str] = []
    for j, name in enumerate(names):
        wanted = name.strip().casefold()
        if wanted == "all":
            out += [c.name for c in can_ride]
            continue
        found = [c for c in can_ride if wanted in (c.name.casefold(), (c.label or "").casefold())]
        if not found:
            known = ", ".join(c.label or c.name for c in can_ride) or "none on this side"
            raise where.child(j).error(
                f"{name!r} is not one of this side's pieces that can ride (expected {known})"
            )
        out.append(found[0].name)
    return tuple(dict.fromkeys(out))
