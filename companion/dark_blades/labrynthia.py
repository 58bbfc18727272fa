"""The Directory of Labrynthia: ``cards/dark-blades/labrynthia.toml``, the rulebook's states,
settlements and their populations, castles with their lords, soldiers and levies, as data.

Every entry keeps the rulebook's words (``printed``); the values picked out of them (population,
lord, soldiers, levy) are checked against those words when the file is read, so the file says
nothing the rulebook does not. An entry's ``kind`` is the kit's sorting. `find` looks a name up
(a state or a place, every entry of that name); `levied_by` and `castles_of` answer a campaign's
questions: which castle's soldiers stand for a settlement, what a castle can call on.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion import schema
from companion.data import Cards
from companion.names import pick
from companion.schema import Field, ListOf, Table, Where

GAME = "dark-blades"
FILE = "labrynthia.toml"
KINDS = ("capital", "settlement", "castle", "region", "site", "note")


@dataclass(frozen=True)
class Place:
    """One entry of a state in the Directory."""

    name: str
    state: str
    kind: str  # the kit's sorting, one of KINDS
    printed: str  # the rulebook's entry, word for word
    population: int | None = None
    races: str | None = None
    industry: str | None = None
    lord: str | None = None
    soldiers: int | None = None
    levy_from: tuple[str, ...] = ()
    mercenaries_from: tuple[str, ...] = ()


@dataclass(frozen=True)
class State:
    """A state of the isle: its own words (if any) and its entries in the printed order."""

    name: str
    printed: str | None
    places: tuple[Place, ...]

    @property
    def capital(self) -> Place | None:
        return next((p for p in self.places if p.kind == "capital"), None)

    @property
    def population(self) -> int:
        """The sum of the printed populations of its entries (the kit's sum)."""
        return sum(p.population or 0 for p in self.places)


@dataclass(frozen=True)
class Directory:
    """The whole Directory, with the Notes to the Directory."""

    path: Path
    source: str
    notes_source: str
    notes: tuple[str, ...]
    states: tuple[State, ...]

    def places(self) -> list[Place]:
        return [p for s in self.states for p in s.places]

    def castles(self) -> list[Place]:
        return [p for p in self.places() if p.kind == "castle"]

    def names(self) -> list[str]:
        """Every name to look up (states first), once each."""
        return list(
            dict.fromkeys([*(s.name for s in self.states), *(p.name for p in self.places())])
        )


def _in_printed(field: str, shown: str, values: dict[str, Any], where: Where) -> None:
    if shown not in values["printed"]:
        raise where.child(field).error(f"{shown!r} is not in the entry's printed words")


def _place(values: dict[str, Any], where: Where) -> dict[str, Any]:
    """A place's values, each checked against its printed words."""
    _in_printed("name", values["name"], values, where)
    if values["population"] is not None:
        _in_printed("population", f"{values['population']:,}", values, where)
    if values["soldiers"] is not None:
        _in_printed("soldiers", f"{values['soldiers']} soldiers", values, where)
    for key in ("races", "industry", "lord"):
        if values[key] is not None:
            _in_printed(key, values[key], values, where)
    for key in ("levy_from", "mercenaries_from"):
        for i, name in enumerate(values[key]):
            if name not in values["printed"]:
                raise (
                    where.child(key).child(i).error(f"{name!r} is not in the entry's printed words")
                )
    if values["kind"] != "castle" and (values["soldiers"] or values["levy_from"]):
        raise where.child("kind").error("an entry with soldiers or a levy is a castle")
    return values


def _count(value: int, where: Where) -> int:
    if value < 0:
        raise where.error(f"expected a whole number 0 or more, got {value}")
    return value


def _label(item: Any) -> str | None:
    return item.get("name") if isinstance(item, dict) else None


PLACE = Table(
    (
        Field("state", str),
        Field("name", str),
        Field("kind", str, choices=KINDS),
        Field("printed", str),
        Field("population", int, required=False, check=_count),
        Field("races", str, required=False),
        Field("industry", str, required=False),
        Field("lord", str, required=False),
        Field("soldiers", int, required=False, check=_count),
        Field("levy_from", ListOf(str), required=False, default=[]),
        Field("mercenaries_from", ListOf(str), required=False, default=[]),
    ),
    build=_place,
)
STATE = Table(
    (
        Field("name", str),
        Field("printed", str, required=False),
    )
)
DIRECTORY_FILE = Table(
    (
        Field("source", str),
        Field("notes_source", str),
        Field("notes", ListOf(str)),
        Field("states", ListOf(STATE, label=_label)),
        Field("places", ListOf(PLACE, label=_label)),
    )
)


def _build(data: dict[str, Any], path: Path) -> Directory:
    names = [s["name"] for s in data["states"]]
    for i, name in enumerate(names):
        if name in names[:i]:
            raise (
                Where(path)
                .child("states")
                .child(i)
                .child("name")
                .error(f"state {name!r} is listed twice")
            )
    places: dict[str, list[Place]] = {name: [] for name in names}
    for i, p in enumerate(data["places"]):
        if p["state"] not in places:
            raise (
                Where(path)
                .child("places")
                .child(i)
                .child("state")
                .error(f"expected one of the [[states]] ({', '.join(names)}), got {p['state']!r}")
            )
        levy, mercenaries = tuple(p["levy_from"]), tuple(p["mercenaries_from"])
        places[p["state"]].append(
            Place(**{**p, "levy_from": levy, "mercenaries_from": mercenaries})
        )
    states = []
    for i, s in enumerate(data["states"]):
        if not places[s["name"]] and not s["printed"]:
            raise Where(path).child("states").child(i).error("expected printed words or places")
        states.append(State(s["name"], s["printed"], tuple(places[s["name"]])))
    source, notes = data["notes_source"], tuple(data["notes"])
    return Directory(path, data["source"], source, notes, tuple(states))


def load_directory(cards: Cards) -> Directory:
    """Read and check ``cards/dark-blades/labrynthia.toml`` (once while it is unchanged)."""
    return schema.load(cards.path(GAME, FILE), DIRECTORY_FILE, _build)


@dataclass(frozen=True)
class Found:
    """What a name looks up: the state of that name (if any) and every place of that name."""

    name: str
    state: State | None
    places: tuple[Place, ...]


def find(directory: Directory, text: str) -> Found:
    """A state or place by name (whole, unique start, word starts or initials; any case)."""
    name = pick(text, directory.names(), "place in Labrynthia")
    state = next((s for s in directory.states if s.name == name), None)
    return Found(name, state, tuple(p for p in directory.places() if p.name == name))


def levied_by(directory: Directory, settlement: str) -> list[Place]:
    """The castles whose printed levy (or loyal mercenaries) come from ``settlement``."""
    return [
        c
        for c in directory.castles()
        if settlement in c.levy_from or settlement in c.mercenaries_from
    ]


def castles_of(directory: Directory, state: str) -> list[Place]:
    """A state's castles, in the printed order."""
    return [p for s in directory.states if s.name == state for p in s.places if p.kind == "castle"]


def population_of(directory: Directory, name: str) -> int | None:
    """The printed population of a settlement (the first entry of that name that has one)."""
    return next(
        (p.population for p in directory.places() if p.name == name and p.population is not None),
        None,
    )
