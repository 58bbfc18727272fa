"""Dark Blades terrain types: ``cards/dark-blades/terrain.toml``, the rulebook's table as data.

Each printed row (slope, tree, house interior, window, door, open ground) gives its movement
cost, cover and terrain advantage. `advantage` turns what a player types for
``--attacker-terrain``/``--defender-terrain`` — ``+``, ``0``, ``-`` or terrain names, several
for a mounted character's two hexes (the rules: the most disadvantageous counts) — into the
``+ 0 -`` that `companion.dark_blades.combat` shifts by. A terrain the rules mention without a
row (bridge, water, wall ...) is "not in the source rules".
"""

from pathlib import Path
from typing import Any, NamedTuple

from companion import schema
from companion.dark_blades.readings import Reading, reading_schema
from companion.data import MISSING, Cards
from companion.errors import DataError, FieldError, InputError
from companion.names import pick
from companion.schema import Field, ListOf, Table, Where

GAME = "dark-blades"
SYMBOLS = ("-", "0", "+")  # worst first: a mounted character takes the worst of his two hexes


# The records below are NamedTuples, not dataclasses: they are on `havoc los`'s import path
# (maps check their terrain names here), and a dataclass costs about a millisecond to declare.


class Terrain(NamedTuple):
    """One printed row of the Terrain Types table."""

    name: str
    printed: str
    movement: str
    cover: str
    advantage: str  # the printed cell
    as_attacker: str  # + 0 -
    as_defender: str
    reading: Reading | None = None
    reading_for: str = "both"  # attacker, defender or both: when the reading applies
    cover_rule: str | None = None  # the Cover section's words on this terrain
    from_inside: str | None = None  # + 0 - for a defender attacked from inside the building
    from_inside_why: str | None = None  # why (the printed cell's condition)


class TerrainTable(NamedTuple):
    """terrain.toml, checked: the printed rows by name and the terrains with no row."""

    path: Path
    source: str
    note: str | None
    rows: dict[str, Terrain]
    unlisted: tuple[str, ...]

    def names(self) -> list[str]:
        """Every name a player may type (printed rows first), for picking and completion."""
        return [*self.rows, *self.unlisted]


class Advantage(NamedTuple):
    """What ``--attacker-terrain``/``--defender-terrain`` came to."""

    symbol: str  # + 0 -
    terrains: tuple[Terrain, ...]  # the rows named (empty for a bare + 0 -)
    readings: tuple[Reading, ...]
    note: str = ""  # why a terrain's + 0 - is not its usual one (attacked from inside)

    @property
    def label(self) -> str:
        """``+`` or ``tree +`` or ``tree/open 0``: what the chain shows."""
        if not self.terrains:
            return self.symbol
        inside = " (from inside)" if self.note else ""
        return f"{'/'.join(t.name for t in self.terrains)} {self.symbol}{inside}"


def load_terrain(cards: Cards) -> TerrainTable:
    """Read and check ``cards/dark-blades/terrain.toml`` (once while it is unchanged)."""
    return schema.load(cards.path(GAME, "terrain.toml"), TERRAIN_FILE, _build)


def _name(name: str, where: Where) -> str:
    if not name or name != name.strip().casefold() or " " in name or name in SYMBOLS:
        raise where.error("expected a lower-case word like slope")
    return name


def _row(values: dict[str, Any], where: Where) -> Terrain:
    reading = values["reading"]
    if reading is not None:
        reading = reading._replace(name=f"terrain-{values['name']}")
    return Terrain(**{**values, "reading": reading})


ROW = Table(
    (
        Field("name", str, check=_name),
        Field("printed", str),
        Field("movement", str),
        Field("cover", str),
        Field("advantage", str),
        Field("as_attacker", str, choices=SYMBOLS[::-1]),
        Field("as_defender", str, choices=SYMBOLS[::-1]),
        Field("reading", reading_schema(lambda _where: ""), required=False),
        Field("reading_for", str, False, "both", choices=("attacker", "defender", "both")),
        Field("cover_rule", str, required=False),
        Field("from_inside", str, required=False, choices=SYMBOLS[::-1]),
        Field("from_inside_why", str, required=False),
    ),
    build=_row,
)
TERRAIN_FILE = Table(
    (
        Field("source", str),
        Field("note", str, required=False),
        Field("unlisted", ListOf(str), required=False, default=[]),
        Field("terrain", ListOf(ROW)),
    )
)
ROW_KEYS = tuple(f.name for f in ROW.fields[:7])


def _build(data: dict[str, Any], path: Path) -> TerrainTable:
    rows: dict[str, Terrain] = {}
    for i, row in enumerate(data["terrain"]):
        if row.name in rows:
            raise (
                Where(path)
                .child("terrain")
                .child(i)
                .child("name")
                .error(f"{row.name!r} is listed twice")
            )
        rows[row.name] = row
    unlisted = tuple(data["unlisted"])
    for i, name in enumerate(unlisted):
        if name in rows:
            raise Where(path).child("unlisted").child(i).error(f"{name!r} has a row in the table")
    return TerrainTable(path, data["source"], data["note"], rows, unlisted)


def find(table: TerrainTable, text: str) -> Terrain:
    """A printed row by name (unique start, any case); unlisted terrains are refused as gaps."""
    name = pick(text, table.names(), "terrain")
    if name not in table.rows:
        raise InputError(
            f"terrain '{name}': {MISSING} (the Terrain Types table has no {name} row; "
            "give +, 0 or -)"
        )
    return table.rows[name]


def cover_kind(table: TerrainTable, terrain: Terrain, kinds: list[str]) -> str:
    """The row's printed cover type as one of the cover kinds of crt.toml (none, light ...)."""
    kind = terrain.cover.strip().casefold()
    if kind not in kinds:
        raise DataError(
            f"terrain {terrain.name!r}: cover {terrain.cover!r} is not one of {', '.join(kinds)}",
            table.path,
        )
    return kind


def advantage(
    table: TerrainTable | None, text: str, role: str, field: str, inside: bool = False
) -> Advantage:
    """``+``/``0``/``-``, or terrain names joined by commas (a mounted character's two hexes:
    the most disadvantageous counts), for ``role`` "attacker" or "defender"; a refusal is a
    `FieldError` of ``field``. ``inside``: the attacker is inside the building, so a defender's
    terrain whose printed cell depends on it (the window: "+ (if defending through window,
    otherwise 0)") takes its ``from_inside`` value, with why, and not the kit's reading."""
    text = text.strip()
    if text in SYMBOLS:
        return Advantage(text, (), ())
    if table is None:
        raise FieldError(field, text, f"expected +, 0 or -, got {text!r}")
    parts = [p for p in text.split(",") if p.strip()]
    if not parts:
        raise FieldError(field, text, "expected +, 0, - or a terrain like slope")
    try:
        terrains = tuple(find(table, p) for p in parts)
    except InputError as exc:
        raise FieldError(field, text, exc.message) from None
    indoors = {t.name for t in terrains if inside and role == "defender" and t.from_inside}
    symbols = [_symbol(t, role, t.name in indoors) for t in terrains]
    symbol = min(symbols, key=SYMBOLS.index)
    readings = tuple(
        t.reading
        for t in terrains
        if t.reading is not None and t.reading_for in (role, "both") and t.name not in indoors
    )
    note = "; ".join(t.from_inside_why or "" for t in terrains if t.name in indoors)
    return Advantage(symbol, terrains, readings, note)


def _symbol(terrain: Terrain, role: str, indoors: bool) -> str:
    """The + 0 - of ``terrain`` for ``role``; ``indoors``: its ``from_inside`` value."""
    if role == "attacker":
        return terrain.as_attacker
    return (terrain.from_inside or terrain.as_defender) if indoors else terrain.as_defender


def cover_of(table: TerrainTable, kinds: list[str], value: str) -> tuple[str, Terrain | None]:
    """A cover kind (``light``) as it is, or a terrain row (``tree``, by any unique start) as
    its printed cover type and the row, as ``havoc missile -c tree`` and the web page take it.
    A horseman's two hexes (``slope,tree``): "totally in cover of the HEAVIER type" (the rules'
    Cover section), ``kinds`` running from the lightest to the heaviest."""
    if value in kinds:
        return value, None
    rows = [find(table, part) for part in value.split(",") if part.strip()]
    if not rows:
        raise FieldError("cover", value, f"expected a cover kind or a terrain, got {value!r}")
    if len(rows) > 1:  # only a horseman covers two hexes
        check_position(tuple(rows), True, "target", "cover")
    row = max(rows, key=lambda r: kinds.index(cover_kind(table, r, kinds)))
    return cover_kind(table, row, kinds), row


def check_position(terrains: tuple[Terrain, ...], mounted: bool, who: str, field: str) -> None:
    """Refuse a position the rules rule out, with the rule: a horseman in a hex impassable to
    horses (tree, window, house interior), an infantryman on two hexes, a horseman on three."""
    if not terrains:
        return
    if not mounted and len(terrains) > 1:
        raise FieldError(
            field,
            None,
            f"the {who} is on foot and stands on one hex, not "
            f"{len(terrains)} (only a mounted character occupies two)",
        )
    if mounted and len(terrains) > 2:
        why = f"a mounted character occupies two hexes, not {len(terrains)}"
        raise FieldError(field, None, why)
    if mounted:
        for t in terrains:
            if "impassable to horse" in t.movement.casefold():
                raise FieldError(
                    field,
                    t.name,
                    f"a mounted {who} cannot be in a {t.name} hex (Terrain Types: "
                    f"{t.printed}: {t.movement})",
                )


def cover_hexes(value: str | None, target: str) -> None:
    """Refuse two hexes of cover for a target on foot (only a horseman occupies two)."""
    if value and "," in value and target != "mounted":
        raise FieldError(
            "cover",
            value,
            "a target on foot stands on one hex (only a mounted character occupies two)",
            echo=True,
        )
