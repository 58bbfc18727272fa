"""Dark Blades playing pieces as checked records: the roster and the markers, with their types.

Reads ``cards/dark-blades/pieces.csv`` (one row per character or creature, first column how many)
and ``markers.csv``, checked against the piece types of ``piece-types.toml`` (read by
`companion.dark_blades.piece_types`: which physical pieces each type makes and the values each face
prints). The
attack/defence/movement values are the Havoc Kit's own defaults — the rules print none — and
this module only checks that they are consistent with the type they belong to. Every problem is
one located `DataError`.
"""

import threading
from functools import lru_cache
from pathlib import Path
from typing import Any, NamedTuple

from companion.csv_rosters import Column, Row, read_csv
from companion.dark_blades.piece_types import (
    VALUE_COLUMNS,
    PieceSpec,
    PieceType,
    Side,
    TypesFile,
    load_types,
)
from companion.data import Cards, file_stamps
from companion.errors import DataError, UnknownColumn

GAME = "dark-blades"
MAX_LABEL = 12
"""Longest name (or label) that prints legibly across a 5/8in counter."""
MAX_PIECES = 100_000
"""Most physical counters one roster (with its markers) may make: some 500 sheets of A4."""
MAX_VALUE = 999
"""Largest printed value: three digits are all a value box holds legibly."""


class Character(NamedTuple):
    """One roster row: a character or creature, ``count`` of them."""

    count: int  # type: ignore[assignment]  # a NamedTuple field may shadow tuple.count
    name: str
    label: str
    side: str
    type: str
    weapon: str
    values: tuple[tuple[str, int], ...]
    notes: str
    line: int
    art: str = ""
    """The ``art`` cell: one of the kit's figures (a key) or the owner's SVG/PNG, or blank."""

    def value(self, column: str) -> int | None:
        """The value in ``column``, or None if the row leaves it blank."""
        return dict(self.values).get(column)


class Marker(NamedTuple):
    """One markers.csv row: ``count`` markers (per piece of ``per_piece`` if given)."""

    count: int  # type: ignore[assignment]  # a NamedTuple field may shadow tuple.count
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
    needs: tuple[str, ...] = ()  # roster names: printed only with one of them (none: always)


class PieceSet(TypesFile):
    """Everything the counter sheet needs, checked: piece-types.toml plus roster and markers."""

    def __init__(
        self,
        roster: tuple[Character, ...],
        markers: tuple[Marker, ...],
        roster_path: Path,
        art_files: dict[str, Path] | None = None,
        own_art: dict[str, Path] | None = None,
        **types: Any,
    ) -> None:
        super().__init__(**types)
        self.roster = roster
        self.markers = markers
        self.roster_path = roster_path
        self.art_files = art_files or {}
        """The kit's figures: art key -> file (cards/art/manifest.csv)."""
        self.own_art = own_art or {}
        """Roster name -> the file its ``art`` cell names (checked)."""

    def with_roster(self, roster: tuple[Character, ...]) -> "PieceSet":
        """The same set with another roster (a scenario's pieces, its counts)."""
        kept = {k: v for k, v in vars(self).items() if k != "roster"}
        return PieceSet(roster=roster, **kept)

    def figure(self, character: Character, piece: PieceSpec) -> Path | None:
        """The figure drawn on ``piece`` of ``character``: the row's own art, else the kit's
        figure for its rider, type or weapon (piece-types.toml [figures]); None if neither."""
        own = self.own_art.get(character.name)
        if own is not None:
            return own
        key = self.figures.key(character.type, character.weapon, piece.mounted)
        return self.art_files.get(key)

    def weapon_word(self, character: Character, piece: PieceSpec) -> str:
        """The weapon word to print on ``piece`` (none for a missile weapon on a horse)."""
        if piece.mounted and character.weapon in self.missile_weapons:
            return ""
        return self.weapons.get(character.weapon, "")

    def marker_count(self, marker: Marker) -> int:
        """How many of ``marker`` to print (``count`` times the pieces it follows); none
        when the roster holds none of the pieces it ``needs`` (a scenario's counters)."""
        by_name = {c.name.casefold(): c for c in self.roster}
        if marker.needs and not any(n.casefold() in by_name for n in marker.needs):
            return 0
        if not marker.per_piece:
            return marker.count
        piece = by_name.get(marker.per_piece.casefold())
        return 0 if piece is None else marker.count * piece.count


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
        Column("art", default=""),
    ]


def _read_roster(path: Path, columns: list[Column]) -> list[Row]:
    try:
        return read_csv(path, columns)
    except UnknownColumn as exc:
        # A column the kit does not have at all, but that someone may well try: say why.
        if exc.column in ("stunned_attack", "stunned_move"):
            raise DataError(
                f"column '{exc.column}': a stunned piece has no attack and no movement, only a "
                "low defence (the rules); use stunned_defence",
                path,
                exc.line,
            ) from None
        raise


def _character(
    row: Row, types: dict[str, PieceType], printed_by: dict[str, frozenset[str]]
) -> Character:
    piece_type = types[row["type"]]
    used = printed_by[piece_type.key]
    for column in VALUE_COLUMNS:
        value = row[column]
        if column in used and value is None:
            raise row.error(
                f"column '{column}': a {piece_type.key} piece prints this value; fill it in "
                "(or print the value boxes blank and write it by hand)"
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
        art=row["art"],
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
    printed_by = {key: t.columns for key, t in types.items()}  # once a type, not once a row
    return tuple(_character(row, types, printed_by) for row in rows)


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
    Column("needs", default=""),
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
        needs = tuple(n.strip() for n in row["needs"].split("|") if n.strip())
        for name in needs:
            if name.casefold() not in counts and strict:
                raise row.error(
                    f"column 'needs': {name!r} is not a name in the pieces roster "
                    "(names joined by |: the marker prints only with one of them)"
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
                needs=needs,
            )
        )
    return tuple(out)


def roster(cards: Cards) -> tuple[Character, ...]:
    """The cards' checked roster alone (pieces.csv against piece-types.toml), without the
    markers: all a lookup by name needs. Read again only when either file changes."""
    files = (cards.path(GAME, "piece-types.toml"), cards.path(GAME, "pieces.csv"))
    return _roster(*files, file_stamps(*files))


@lru_cache(maxsize=8)
def _roster(types_path: Path, path: Path, _stamps: tuple) -> tuple[Character, ...]:
    kinds = load_types(types_path)
    return load_roster(path, kinds.sides, kinds.weapons, kinds.types)


def load(cards: Cards, roster: Path | None = None) -> PieceSet:
    """The whole checked piece set; ``roster`` replaces the cards' pieces.csv. The same set
    while its files are unchanged (piece-types.toml, the roster, markers.csv, the art
    manifest and the roster's own figures): the phone's pages ask for it on every request."""
    from companion import art  # the figures: not on `havoc fight`'s path (it reads `roster`)

    roster_path = Path(roster) if roster is not None else cards.path(GAME, "pieces.csv")
    files = (cards.path(GAME, "piece-types.toml"), roster_path, cards.path(GAME, "markers.csv"),
             art.manifest_path(cards))  # fmt: skip
    key = (*file_stamps(*files), str(cards.root), str(cards.default))
    with _LOCK:
        found = _LOADED.get(key)
    if found is not None and found[1] == file_stamps(*found[0].own_art.values()):
        return found[0]
    made = _read(cards, roster_path, art)
    with _LOCK:
        if len(_LOADED) >= 8:
            _LOADED.pop(next(iter(_LOADED)))
        _LOADED[key] = (made, file_stamps(*made.own_art.values()))
    return made


# The piece sets read, by their files' stamps: each with its roster's own figures' stamps.
_LOADED: dict[tuple, tuple[PieceSet, tuple]] = {}
_LOCK = threading.Lock()  # the web server's threads share the cache


def _read(cards: Cards, roster_path: Path, art: Any) -> PieceSet:
    """`load`'s work: read and check every file (``art``: the `companion.art` module, which
    `load` imports only when it is called)."""
    kinds = load_types(cards.path(GAME, "piece-types.toml"))
    sides, weapons, types = kinds.sides, kinds.weapons, kinds.types
    characters = load_roster(roster_path, sides, weapons, types)
    markers_path = cards.path(GAME, "markers.csv")
    same_place = markers_path.parent.resolve() == roster_path.parent.resolve()
    made = sum(c.count * len(types[c.type].pieces) for c in characters)
    markers = load_markers(markers_path, characters, strict=same_place, pieces=made)
    manifest = art.load_manifest(cards)
    types_path = cards.path(GAME, "piece-types.toml")
    for where, key in kinds.figures.keys():
        if key not in manifest:
            raise DataError(
                f"key '{where}': {key!r} is not one of the kit's figures "
                f"({', '.join(sorted(manifest))}; {art.MANIFEST} in cards/{art.ART_DIR}/)",
                types_path,
            )
    own: dict[str, Path] = {}
    for character in characters:
        if character.art:
            try:
                own[character.name] = art.resolve(character.art, roster_path, manifest)
            except ValueError as exc:
                raise DataError(f"column 'art': {exc}", roster_path, character.line) from None
    return PieceSet(
        **vars(kinds),
        roster=characters,
        markers=markers,
        roster_path=roster_path,
        art_files={key: credit.file for key, credit in manifest.items()},
        own_art=own,
    )
