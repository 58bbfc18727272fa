"""Dark Blades piece types: the rulebook's flip system and the counters' looks, as checked data.

Reads ``cards/dark-blades/piece-types.toml``: which physical pieces each type (foot, mounted,
mule, dog) makes, their two faces and the values each face prints, the sides' colours, the
weapon words, and the rulebook's colour code for values (attack black, defence red, movement
blue). Every problem is one `DataError` naming the key.
"""

from pathlib import Path
from typing import Any, NamedTuple

from companion import schema
from companion.schema import Field, ListOf, MapOf, Table, Where, colour

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


class Side(NamedTuple):
    """How one side's counters look (colours from piece-types.toml)."""

    key: str
    title: str
    background: str
    band: str
    band_ink: str
    ink: str
    outline: bool = False  # the name band drawn as a heavy outline: a side told apart by shape
    figure: str = ""  # the figure's colour ("": the ink)
    box_line: float = 0.02  # the value boxes' outline, in counter widths


class FaceSpec(NamedTuple):
    """One face of a piece type: the state word it prints and the value columns it shows."""

    state: str
    values: tuple[str, ...]


class PieceSpec(NamedTuple):
    """One physical counter a character of a type gets: its size and two faces."""

    key: str
    cols: int
    front: FaceSpec
    back: FaceSpec
    mounted: bool = False


class PieceType(NamedTuple):
    """A type (foot, mounted, mule, dog…): all the pieces it makes, ``also`` types included."""

    key: str
    description: str
    pieces: tuple[PieceSpec, ...]

    @property
    def columns(self) -> frozenset[str]:
        """Every value column some face of this type prints."""
        return frozenset(c for p in self.pieces for f in (p.front, p.back) for c in f.values)


def _face(values: dict[str, Any], where: Where) -> FaceSpec:
    state = values["state"].strip()
    if not state:
        raise where.child("state").error("expected the word the face prints, got ''")
    shown = values["values"]
    at = where.child("values")
    seen_roles: dict[str, str] = {}
    for value in shown:
        if value not in VALUE_COLUMNS:
            raise at.error(
                f"unknown value column {value!r}: expected some of {', '.join(VALUE_COLUMNS)}"
            )
        if role(value) in seen_roles:
            raise at.error(
                f"{value!r} and {seen_roles[role(value)]!r} are both "
                f"{role(value)} values; a face prints one of each"
            )
        seen_roles[role(value)] = value
    upper = state.upper()
    if upper in ONLY_DEFENCE_STATES and any(role(v) != "defence" for v in shown):
        raise at.error(
            f"a {state} face shows only a low defence (the rules: no movement, no attack), not "
            + ", ".join(v for v in shown if role(v) != "defence")
        )
    if upper in NO_VALUE_STATES and shown:
        raise at.error(f"a {state} face shows no values")
    return FaceSpec(state, tuple(shown))


def _cols(cols: int, where: Where) -> int:
    if cols not in (1, 2):
        raise where.error(f"expected 1 or 2 (cells long), got {cols}")
    return cols


def _some_pieces(pieces: list[PieceSpec], where: Where) -> list[PieceSpec]:
    if not pieces:
        raise where.error("expected at least one piece")
    return pieces


def _value_colours(colours: dict[str, str], where: Where) -> dict[str, str]:
    """One colour per role, all different, none white (the value box)."""
    seen: dict[str, str] = {}
    for name in ROLES:
        colour, at = colours[name], where.child(name)
        if colour == "#ffffff":
            raise at.error("white does not show in the white value box")
        same = next((k for k, v in seen.items() if v == colour), None)
        if same:
            raise at.error(
                f"{colour} is also the {same} colour; the code tells the values apart by colour"
            )
        seen[name] = colour
    return seen


def _box_line(value: float, where: Where) -> float:
    if not 0.005 <= value <= 0.05:
        raise where.error(f"expected a line from 0.005 to 0.05 counter widths, got {value}")
    return value


def _some_sides(sides: dict[str, Side], where: Where) -> dict[str, Side]:
    if not sides:
        raise where.error("expected at least one side")
    return sides


FACE = Table((Field("state", str), Field("values", ListOf(str))), build=_face)
PIECE = Table(
    (
        Field("key", str),
        Field("cols", int, check=_cols),
        Field("front", FACE),
        Field("back", FACE),
        Field("mounted", bool, required=False, default=False),
    ),
    build=lambda v, _where: PieceSpec(v["key"], v["cols"], v["front"], v["back"], v["mounted"]),
)
TYPE = Table(
    (
        Field("description", str, required=False, default=""),
        Field("also", str, required=False),
        Field("pieces", ListOf(PIECE, start=1), check=_some_pieces),
    )
)
SIDE = Table(
    (
        Field("title", str),
        *(Field(f, str, check=colour) for f in ("background", "band", "band_ink", "ink")),
        Field("outline", bool, required=False, default=False),
        Field(
            "figure", str, required=False, default="", check=lambda v, w: colour(v, w) if v else v
        ),
        Field("box_line", float, required=False, default=0.02, check=_box_line),
    ),
    build=lambda v, where: Side(where.name, **v),
)
FIGURES = Table(
    (
        Field("mounted", str, required=False, default=""),
        Field("types", MapOf(str), required=False, default={}),
        Field("weapons", MapOf(str), required=False, default={}),
    ),
    build=lambda v, _where: Figures(v["mounted"], dict(v["types"]), dict(v["weapons"])),
)
TYPES_FILE = Table(
    (
        Field(
            "value_colours",
            Table(tuple(Field(r, str, check=colour) for r in ROLES)),
            check=_value_colours,
        ),
        Field("sides", MapOf(SIDE), check=_some_sides),
        Field("light_sides", MapOf(SIDE), required=False, default={}),
        Field("weapons", MapOf(str)),
        Field("missile_weapons", ListOf(str), required=False, default=[]),
        Field("types", MapOf(TYPE)),
        Field("figures", FIGURES, required=False),
    )
)
"""piece-types.toml."""


class Figures(NamedTuple):
    """piece-types.toml's [figures]: the kit's figure (an art key, cards/art/manifest.csv) for a
    roster row that names none in its ``art`` column: a piece with a rider (``mounted``), else
    the row's type's, else its weapon's."""

    mounted: str
    types: dict[str, str]
    weapons: dict[str, str]

    def key(self, piece_type: str, weapon: str, mounted: bool) -> str:
        """The art key for a piece ("" when the table gives none)."""
        if mounted and self.mounted:
            return self.mounted
        return self.types.get(piece_type) or self.weapons.get(weapon, "")

    def keys(self) -> list[tuple[str, str]]:
        """(where, key) for every figure the table names: to check them against the manifest."""
        out = [("figures.mounted", self.mounted)] if self.mounted else []
        out += [(f"figures.types.{k}", v) for k, v in self.types.items()]
        return out + [(f"figures.weapons.{k}", v) for k, v in self.weapons.items()]


class TypesFile:
    """What piece-types.toml holds (a plain class, not a dataclass: it is on `havoc fight`'s
    import path; `companion.dark_blades.pieces.PieceSet` extends it)."""

    def __init__(
        self,
        sides: dict[str, Side],
        weapons: dict[str, str],
        missile_weapons: frozenset[str],
        types: dict[str, PieceType],
        value_colours: dict[str, str],
        light_sides: dict[str, Side] | None = None,
        figures: Figures | None = None,
    ) -> None:
        self.sides = sides
        self.light_sides = light_sides or {}
        """The sides' looks for ``--counter-style light`` (little ink), by the same keys."""
        self.weapons = weapons
        self.missile_weapons = missile_weapons
        self.types = types
        self.value_colours = value_colours
        """The rulebook's colour code: role (attack, defence, move) -> #rrggbb."""
        self.figures = figures or Figures("", {}, {})
        """The kit's default figure per piece (its design, not the rulebook's)."""


def load_types(path: Path) -> TypesFile:
    """Read piece-types.toml (once while it is unchanged): the sides' looks, the weapon words
    and the piece types."""
    return schema.load(path, TYPES_FILE, _build)


def _build(doc: dict[str, Any], path: Path) -> TypesFile:
    weapons = doc["weapons"]
    missile = doc["missile_weapons"]
    for weapon in missile:
        if weapon not in weapons:
            raise (
                Where(path)
                .child("missile_weapons")
                .error(f"{weapon!r} is not one of the [weapons] ({', '.join(weapons)})")
            )
    own = {key: table["pieces"] for key, table in doc["types"].items()}
    types: dict[str, PieceType] = {}
    for key, table in doc["types"].items():
        pieces, extra = own[key], table["also"]
        at = Where(path).child("types").child(key)
        if extra is not None:
            if extra not in own or extra == key:
                raise at.child("also").error(
                    f"expected another type ({', '.join(k for k in own if k != key)}), "
                    f"got {extra!r}"
                )
            if doc["types"][extra]["also"] is not None:
                raise at.child("also").error(f"{extra!r} itself has 'also'; one level only")
            pieces = pieces + own[extra]
        keys = [p.key for p in pieces]
        dupes = sorted({k for k in keys if keys.count(k) > 1})
        if dupes:
            raise at.error(f"two pieces with key {dupes[0]!r}")
        types[key] = PieceType(key, table["description"], tuple(pieces))
    light = dict(doc["light_sides"])
    for key in light:
        if key not in doc["sides"]:
            raise (
                Where(path)
                .child("light_sides")
                .child(key)
                .error(f"expected one of the [sides] ({', '.join(doc['sides'])})")
            )
    figures = doc["figures"] or Figures("", {}, {})
    return TypesFile(
        dict(doc["sides"]),
        dict(weapons),
        frozenset(missile),
        types,
        doc["value_colours"],
        light,
        figures,
    )
