"""Dark Blades piece types: the rulebook's flip system and the counters' looks, as checked data.

Reads ``cards/dark-blades/piece-types.toml``: which physical pieces each type (foot, mounted,
mule, dog) makes, their two faces and the values each face prints, the sides' colours, the
weapon words, and the rulebook's colour code for values (attack black, defence red, movement
blue). Every problem is one `DataError` naming the key.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.data import Column, expect, parse_cell, read_toml, require, unknown_keys
from companion.errors import CellError, DataError

ROLES = ("attack", "defence", "move")
VALUE_COLUMNS = (
    "attack",
    "defence",
    "move",
    "stunned_defence",
    "wounded_attack",
    "wounded_defence",
    "wounded_move",
    "mounted_attack",
    "mounted_defence",
    "mounted_move",
    "mounted_wounded_attack",
    "mounted_wounded_defence",
    "mounted_wounded_move",
)
# The rulebook's own limits on what a face may show (checks, not values):
# a stunned piece "may not move, fire or attack" and has only a low defence;
# killed/dead pieces and riderless/dead horses show no values.
ONLY_DEFENCE_STATES = frozenset({"STUNNED"})
NO_VALUE_STATES = frozenset({"KILLED", "DEAD", "RIDERLESS HORSE", "DEAD HORSE"})


def role(column: str) -> str:
    """``attack``, ``defence`` or ``move``: which colour-coded value a column holds."""
    for name in ROLES:
        if column.endswith(name):
            return name
    raise ValueError(f"not a value column: {column!r}")  # a programming error


@dataclass(frozen=True)
class Side:
    """How one side's counters look (colours from piece-types.toml)."""

    key: str
    title: str
    background: str
    band: str
    band_ink: str
    ink: str


@dataclass(frozen=True)
class FaceSpec:
    """One face of a piece type: the state word it prints and the value columns it shows."""

    state: str
    values: tuple[str, ...]


@dataclass(frozen=True)
class PieceSpec:
    """One physical counter a character of a type gets: its size and two faces."""

    key: str
    cols: int
    front: FaceSpec
    back: FaceSpec
    mounted: bool = False


@dataclass(frozen=True)
class PieceType:
    """A type (foot, mounted, mule, dog…): all the pieces it makes, ``also`` types included."""

    key: str
    description: str
    pieces: tuple[PieceSpec, ...]

    @property
    def columns(self) -> frozenset[str]:
        """Every value column some face of this type prints."""
        return frozenset(c for p in self.pieces for f in (p.front, p.back) for c in f.values)


def _colour(value: Any, path: Path, key: str) -> str:
    expect(value, str, path, key)
    try:
        return parse_cell(Column(key, "colour"), value.strip(), path, 0)
    except CellError as exc:  # the same refusal, of a TOML key rather than a CSV column
        raise DataError(f"key '{key}': {exc.reason}", path) from None


def _face(table: Any, path: Path, key: str) -> FaceSpec:
    expect(table, dict, path, key)
    unknown_keys(table, ("state", "values"), path, key)
    state = require(table, "state", str, path, key).strip()
    if not state:
        raise DataError(f"key '{key}.state': expected the word the face prints, got ''", path)
    values = require(table, "values", list, path, key)
    seen_roles: dict[str, str] = {}
    for value in values:
        expect(value, str, path, f"{key}.values")
        if value not in VALUE_COLUMNS:
            raise DataError(
                f"key '{key}.values': unknown value column {value!r}: expected some of "
                f"{', '.join(VALUE_COLUMNS)}",
                path,
            )
        if role(value) in seen_roles:
            raise DataError(
                f"key '{key}.values': {value!r} and {seen_roles[role(value)]!r} are both "
                f"{role(value)} values; a face prints one of each",
                path,
            )
        seen_roles[role(value)] = value
    upper = state.upper()
    if upper in ONLY_DEFENCE_STATES and any(role(v) != "defence" for v in values):
        raise DataError(
            f"key '{key}.values': a {state} face shows only a low defence (the rules: "
            "no movement, no attack), not " + ", ".join(v for v in values if role(v) != "defence"),
            path,
        )
    if upper in NO_VALUE_STATES and values:
        raise DataError(f"key '{key}.values': a {state} face shows no values", path)
    return FaceSpec(state, tuple(values))


def _own_pieces(table: dict[str, Any], path: Path, prefix: str) -> list[PieceSpec]:
    pieces = require(table, "pieces", list, path, prefix)
    if not pieces:
        raise DataError(f"key '{prefix}.pieces': expected at least one piece", path)
    out = []
    for index, piece in enumerate(pieces, start=1):
        where = f"{prefix}.pieces[{index}]"
        expect(piece, dict, path, where)
        unknown_keys(piece, ("key", "cols", "mounted", "front", "back"), path, where)
        cols = require(piece, "cols", int, path, where)
        if cols not in (1, 2):
            raise DataError(f"key '{where}.cols': expected 1 or 2 (cells long), got {cols}", path)
        out.append(
            PieceSpec(
                require(piece, "key", str, path, where),
                cols,
                _face(require(piece, "front", dict, path, where), path, f"{where}.front"),
                _face(require(piece, "back", dict, path, where), path, f"{where}.back"),
                expect(piece.get("mounted", False), bool, path, f"{where}.mounted"),
            )
        )
    return out


@dataclass(frozen=True)
class TypesFile:
    """What piece-types.toml holds."""

    sides: dict[str, Side]
    weapons: dict[str, str]
    missile_weapons: frozenset[str]
    types: dict[str, PieceType]
    value_colours: dict[str, str]
    """The rulebook's colour code: role (attack, defence, move) -> #rrggbb."""


def _value_colours(doc: dict[str, Any], path: Path) -> dict[str, str]:
    """[value_colours]: one colour per role, all different, none white (the value box)."""
    table = require(doc, "value_colours", dict, path)
    unknown_keys(table, ROLES, path, "value_colours")
    colours: dict[str, str] = {}
    for name in ROLES:
        where = f"value_colours.{name}"
        colour = _colour(require(table, name, str, path, "value_colours"), path, where)
        if colour == "#ffffff":
            raise DataError(f"key '{where}': white does not show in the white value box", path)
        same = next((k for k, v in colours.items() if v == colour), None)
        if same:
            raise DataError(
                f"key '{where}': {colour} is also the {same} colour; the code tells the "
                "values apart by colour",
                path,
            )
        colours[name] = colour
    return colours


def load_types(path: Path) -> TypesFile:
    """Read piece-types.toml: the sides' looks, the weapon words and the piece types."""
    doc = read_toml(path)
    unknown_keys(doc, ("missile_weapons", "value_colours", "sides", "weapons", "types"), path)
    value_colours = _value_colours(doc, path)
    sides: dict[str, Side] = {}
    for key, table in require(doc, "sides", dict, path).items():
        where = f"sides.{key}"
        expect(table, dict, path, where)
        fields = ("title", "background", "band", "band_ink", "ink")
        unknown_keys(table, fields, path, where)
        title = require(table, "title", str, path, where)
        colours = [
            _colour(require(table, f, str, path, where), path, f"{where}.{f}") for f in fields[1:]
        ]
        sides[key] = Side(key, title, *colours)
    if not sides:
        raise DataError("key 'sides': expected at least one side", path)
    weapons: dict[str, str] = {}
    for key, word in require(doc, "weapons", dict, path).items():
        weapons[key] = expect(word, str, path, f"weapons.{key}")
    missile = expect(doc.get("missile_weapons", []), list, path, "missile_weapons")
    for weapon in missile:
        if weapon not in weapons:
            raise DataError(
                f"key 'missile_weapons': {weapon!r} is not one of the [weapons] "
                f"({', '.join(weapons)})",
                path,
            )
    raw_types = require(doc, "types", dict, path)
    own: dict[str, list[PieceSpec]] = {}
    descriptions: dict[str, str] = {}
    also: dict[str, str] = {}
    for key, table in raw_types.items():
        where = f"types.{key}"
        expect(table, dict, path, where)
        unknown_keys(table, ("description", "also", "pieces"), path, where)
        descriptions[key] = expect(table.get("description", ""), str, path, f"{where}.description")
        if "also" in table:
            also[key] = expect(table["also"], str, path, f"{where}.also")
        own[key] = _own_pieces(table, path, where)
    types: dict[str, PieceType] = {}
    for key, pieces in own.items():
        extra = also.get(key)
        if extra is not None:
            if extra not in own or extra == key:
                raise DataError(
                    f"key 'types.{key}.also': expected another type "
                    f"({', '.join(k for k in own if k != key)}), got {extra!r}",
                    path,
                )
            if extra in also:
                raise DataError(
                    f"key 'types.{key}.also': {extra!r} itself has 'also'; one level only", path
                )
            pieces = pieces + own[extra]
        keys = [p.key for p in pieces]
        dupes = sorted({k for k in keys if keys.count(k) > 1})
        if dupes:
            raise DataError(f"key 'types.{key}': two pieces with key {dupes[0]!r}", path)
        types[key] = PieceType(key, descriptions[key], tuple(pieces))
    return TypesFile(sides, weapons, frozenset(missile), types, value_colours)
