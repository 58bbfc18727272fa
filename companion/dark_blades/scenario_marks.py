"""Where each scenario's set-up areas, entry edges and exit points lie on the maps:
``cards/dark-blades/scenario-maps.toml``, the kit's reading of the scenario texts on its maps.

Each mark names a map, a kind (area, entry, exit), a short label, its hexes and the rulebook's
words (`what`); `reading` marks where the text is vague and the kit chose the hexes.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion import schema
from companion.dark_blades.hexgrid import Hex
from companion.dark_blades.maps import HexMap, _hexes
from companion.data import Cards
from companion.schema import Field, ListOf, Table, Where

GAME = "dark-blades"
KINDS = ("area", "entry", "exit")


@dataclass(frozen=True)
class Mark:
    map: str
    kind: str
    label: str
    hexes: frozenset[Hex]
    what: str
    reading: bool


MARK = Table(
    (
        Field("map", str),
        Field("kind", str, choices=KINDS),
        Field("label", str),
        Field("hexes", str),
        Field("what", str),
        Field("reading", bool, False, False),
    )
)
FILE = Table(
    (
        Field(
            "scenario",
            ListOf(
                Table(
                    (
                        Field("key", str),
                        Field("maps", ListOf(str)),
                        Field("mark", ListOf(MARK), False, []),
                    )
                )
            ),
        ),
    )
)


def _build(data: dict[str, Any], path: Path) -> dict[str, Any]:
    return {s["key"]: s for s in data["scenario"]}


def scenario_marks(
    cards: Cards, key: str, maps: dict[str, HexMap]
) -> tuple[list[HexMap], list[Mark]] | None:
    """The maps (in order) and marks of scenario ``key`` on ``maps`` (by file key); None when
    the file has no entry for it or one of its maps is missing (e.g. --source-only)."""
    path = cards.path(GAME, "scenario-maps.toml")
    table = schema.load(path, FILE, _build)
    entry = table.get(key)
    if entry is None or any(name not in maps for name in entry["maps"]):
        return None
    where = Where(path).child("scenario")
    marks = []
    for i, raw in enumerate(entry["mark"]):
        m = maps.get(raw["map"])
        at = where.child(key).child("mark").child(i)
        if m is None or raw["map"] not in entry["maps"]:
            raise at.child("map").error(f"expected one of {', '.join(entry['maps'])}")
        hexes = _hexes(raw["hexes"], m.width, m.height, at.child("hexes"))
        marks.append(
            Mark(raw["map"], raw["kind"], raw["label"], hexes, raw["what"], raw["reading"])
        )
    return [maps[n] for n in entry["maps"]], marks


def scenario_maps(cards: Cards) -> dict[str, list[str]]:
    """Each scenario's maps (file keys), in order: the first laid above the next."""
    table = schema.load(cards.path(GAME, "scenario-maps.toml"), FILE, _build)
    return {key: list(entry["maps"]) for key, entry in table.items()}
