"""Dark Blades playing pieces as checked records: the roster, the markers and the flip system.

Reads ``cards/dark-blades/pieces.csv`` (one row per character or creature, first column how many),
``markers.csv`` and ``piece-types.toml`` (which physical pieces each type makes, their two faces
and the values each face prints, and the rulebook's colour code for those values). The
attack/defence/movement values are the Havoc Kit's own defaults — the rules print none — and
this module only checks that they are consistent with the type they belong to. Every problem is
one located `DataError`.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.data import (
    Cards,
    Column,
    Row,
    expect,
    parse_cell,
    read_csv,
    read_toml,
    require,
    unknown_keys,
)
from companion.errors import DataError

GAME = "dark-blades"
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
MAX_LABEL = 12
"""Longest name (or label) that prints legibly across a 5/8in counter."""
MAX_PIECES = 100_000
"""Most physical counters one roster (with its markers) may make: some 500 sheets of A4."""
MAX_VALUE = 999
"""Largest printed value: three digits are all a value box holds legibly."""

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


@dataclass(frozen=True)
class Character:
    """One roster row: a character or creature, ``count`` of them."""

    count: int
    name: str
    label: str
    side: str
    type: str
    weapon: str
    values: tuple[tuple[str, int], ...]
    notes: str
    line: int

    def value(self, column: str) -> int | None:
        """The value in ``column``, or None if the row leaves it blank."""
        return dict(self.values).get(column)


@dataclass(frozen=True)
class Marker:
    """One markers.csv row: ``count`` markers (per piece of ``per_piece`` if given)."""

    count: int
    name: str
    per_piece: str
    front: str
    front_note: str
    back: str
    back_note: str
    front_colour: str
    back_colour: str
    notes: str
    line: int


@dataclass(frozen=True)
class PieceSet:
    """Everything the counter sheet needs, checked."""

    sides: dict[str, Side]
    weapons: dict[str, str]
    missile_weapons: frozenset[str]
    types: dict[str, PieceType]
    roster: tuple[Character, ...]
    markers: tuple[Marker, ...]
    roster_path: Path
    value_colours: dict[str, str]
    """The rulebook's colour code: role (attack, defence, move) -> #rrggbb."""

    def weapon_word(self, character: Character, piece: PieceSpec) -> str:
        """The weapon word to print on ``piece`` (none for a missile weapon on a horse)."""
        if piece.mounted and character.weapon in self.missile_weapons:
            return ""
        return self.weapons.get(character.weapon, "")

    def marker_count(self, marker: Marker) -> int:
        """How many of ``marker`` to print (``count`` times the pieces it follows)."""
        if not marker.per_piece:
            return marker.count
        by_name = {c.name.casefold(): c for c in self.roster}
        piece = by_name.get(marker.per_piece.casefold())
        return 0 if piece is None else marker.count * piece.count


# --------------------------------------------------------------------------- piece-types.toml


def _colour(value: Any, path: Path, key: str) -> str:
    expect(value, str, path, key)
    try:
        return parse_cell(Column(key, "colour"), value.strip(), path, 0)
    except DataError as exc:
        message = exc.message.replace(f"column '{key}'", f"key '{key}'")
        raise DataError(message, path) from None


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


# --------------------------------------------------------------------------- pieces.csv


def roster_columns(
    sides: dict[str, Side], weapons: dict[str, str], types: dict[str, PieceType]
) -> list[Column]:
    """The declared columns of pieces.csv (choices come from piece-types.toml)."""
    return [
        Column("count", "count", required=True, maximum=MAX_PIECES),
        Column("name", required=True, unique=True),
        Column("label", default=""),
        Column("side", "choice", required=True, choices=tuple(sides)),
        Column("type", "choice", required=True, choices=tuple(types)),
        Column("weapon", "choice", choices=tuple(weapons), default=""),
        *(Column(c, "int", maximum=MAX_VALUE) for c in VALUE_COLUMNS),
        Column("notes", default=""),
    ]


def _read_roster(path: Path, columns: list[Column]) -> list[Row]:
    try:
        return read_csv(path, columns)
    except DataError as exc:
        # A column the kit does not have at all, but that someone may well try: say why.
        for name in ("stunned_attack", "stunned_move"):
            if exc.message.startswith(f"unknown column '{name}'"):
                raise DataError(
                    f"column '{name}': a stunned piece has no attack and no movement, only a "
                    "low defence (the rules); use stunned_defence",
                    path,
                    exc.line,
                ) from None
        raise


def _character(row: Row, types: dict[str, PieceType]) -> Character:
    piece_type = types[row["type"]]
    used = piece_type.columns
    for column in VALUE_COLUMNS:
        value = row[column]
        if column in used and value is None:
            raise row.error(
                f"column '{column}': a {piece_type.key} piece prints this value; fill it in "
                "(or print with --blank-values and write it by hand)"
            )
        if column not in used and value is not None:
            shown = ", ".join(c for c in VALUE_COLUMNS if c in used)
            raise row.error(
                f"column '{column}': a {piece_type.key} piece has no face that prints it "
                f"(piece-types.toml: it prints {shown}); leave the cell blank"
            )
    label = row["label"]
    if len(label) > MAX_LABEL:
        raise row.error(
            f"column 'label': {label!r} is too long for a counter ({len(label)} characters, "
            f"at most {MAX_LABEL})"
        )
    printed = label or row["name"]
    if len(printed) > MAX_LABEL:
        raise row.error(
            f"name {printed!r} is too long for a counter ({len(printed)} characters): give a "
            f"label of at most {MAX_LABEL}"
        )
    values = tuple((c, row[c]) for c in VALUE_COLUMNS if row[c] is not None)
    return Character(
        count=row["count"],
        name=row["name"],
        label=row["label"],
        side=row["side"],
        type=row["type"],
        weapon=row["weapon"],
        values=values,
        notes=row["notes"],
        line=row.line,
    )


def load_roster(
    path: Path, sides: dict[str, Side], weapons: dict[str, str], types: dict[str, PieceType]
) -> tuple[Character, ...]:
    """Read and check pieces.csv against the types, sides and weapons."""
    rows = _read_roster(path, roster_columns(sides, weapons, types))
    if not rows:
        raise DataError("no pieces: expected at least one row under the header", path)
    total = 0
    for row in rows:
        total += row["count"] * len(types[row["type"]].pieces)
        if total > MAX_PIECES:
            raise row.error(_too_many(total, "roster"))
    return tuple(_character(row, types) for row in rows)


def _too_many(total: int, what: str) -> str:
    return (
        f"column 'count': at most {MAX_PIECES:,} counters in all; with this row the {what} "
        f"makes {total:,}"
    )


# --------------------------------------------------------------------------- markers.csv

MARKER_COLOUR = "#f4f1e8"
"""A marker face with no colour of its own: light and neutral, apart from both sides."""

MARKER_COLUMNS = [
    Column("count", "count", required=True, maximum=MAX_PIECES),
    Column("name", required=True, unique=True),
    Column("per_piece", default=""),
    Column("front", required=True),
    Column("front_note", default=""),
    Column("back", required=True),
    Column("back_note", default=""),
    Column("front_colour", "colour", default=MARKER_COLOUR),
    Column("back_colour", "colour", default=MARKER_COLOUR),
    Column("notes", default=""),
]


def load_markers(
    path: Path, roster: tuple[Character, ...], strict: bool = True, pieces: int | None = None
) -> tuple[Marker, ...]:
    """Read markers.csv; ``per_piece`` must name a roster row.

    With ``strict`` False (the markers and the roster come from different places, e.g. the
    kit's markers with a user's own roster) a ``per_piece`` the roster lacks just means none of
    that marker (a roster without trolls needs no flames). ``pieces`` is how many counters the
    roster makes (its counts if not given); with the markers they stay within MAX_PIECES.
    """
    counts = {c.name.casefold(): c.count for c in roster}
    total = sum(c.count for c in roster) if pieces is None else pieces
    out = []
    for row in read_csv(path, MARKER_COLUMNS):
        per = row["per_piece"]
        if per and per.casefold() not in counts and strict:
            raise row.error(
                f"column 'per_piece': {per!r} is not a name in the pieces roster "
                "(one marker per piece of that name)"
            )
        total += row["count"] * (counts.get(per.casefold(), 0) if per else 1)
        if total > MAX_PIECES:
            raise row.error(_too_many(total, "roster with its markers"))
        for column in ("front", "back"):
            if len(row[column]) > MAX_LABEL:
                raise row.error(
                    f"column '{column}': {row[column]!r} is too long for a counter "
                    f"({len(row[column])} characters, at most {MAX_LABEL})"
                )
        out.append(
            Marker(
                count=row["count"],
                name=row["name"],
                per_piece=per,
                front=row["front"],
                front_note=row["front_note"],
                back=row["back"],
                back_note=row["back_note"],
                front_colour=row["front_colour"],
                back_colour=row["back_colour"],
                notes=row["notes"],
                line=row.line,
            )
        )
    return tuple(out)


def load(cards: Cards, roster: Path | None = None) -> PieceSet:
    """The whole checked piece set; ``roster`` replaces the cards' pieces.csv."""
    kinds = load_types(cards.path(GAME, "piece-types.toml"))
    sides, weapons, types = kinds.sides, kinds.weapons, kinds.types
    roster_path = Path(roster) if roster is not None else cards.path(GAME, "pieces.csv")
    characters = load_roster(roster_path, sides, weapons, types)
    markers_path = cards.path(GAME, "markers.csv")
    same_place = markers_path.parent.resolve() == roster_path.parent.resolve()
    made = sum(c.count * len(types[c.type].pieces) for c in characters)
    markers = load_markers(markers_path, characters, strict=same_place, pieces=made)
    return PieceSet(
        sides,
        weapons,
        kinds.missile_weapons,
        types,
        characters,
        markers,
        roster_path,
        kinds.value_colours,
    )
