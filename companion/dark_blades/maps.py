"""Dark Blades hex maps: ``cards/dark-blades/maps/*.toml``, read, checked and ready to query.

A map file gives its size, edge numbers, a legend of one-character terrain codes (each naming a
terrain of ``terrain.toml``), a ``rows`` block typed row by row as on the printed map, the wall
hex sides and the slopes' top lips (``D4/ne``: hex D4, its north-east side), and named places
(``H6:M11`` is the block of columns H to M, rows 6 to 11). ``design = "kit"`` marks the Havoc
Kit's own stand-in maps (left out by ``--source-only``); ``"transcribed"`` a user's copy of a
printed map. The format is described with an example in cards/README.md.

Every problem is one `DataError` line: file, line, and what was expected.
"""

import os
import re
from collections.abc import Callable
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any, NamedTuple

from companion import schema
from companion.dark_blades import hexgrid as hg
from companion.dark_blades.hexgrid import Hex
from companion.dark_blades.map_water import read_flow, read_wheel
from companion.dark_blades.readings import Reading
from companion.dark_blades.terrain import load_terrain
from companion.data import Cards, read_toml
from companion.errors import DataError, InputError
from companion.names import matches, pick
from companion.schema import Field, ListOf, MapOf, Table, Where

GAME = "dark-blades"
DESIGNS = ("kit", "transcribed")
EDGES = ("top", "right", "bottom", "left")
BUILDING = ("house", "window", "door")  # the hexes of a building (its walls are its outline)
APERTURES = ("window", "door")
SIDE_ONLY = ("wall",)  # terrain.toml names it, but on a map a wall runs along hex sides (walls)
MAX_ROWS = 99
Side = frozenset[Hex]  # a hex side: the two hexes it lies between (one may be off the map)


class Place(NamedTuple):
    """A named place of a map (``the mill``): its hexes and a note.

    (A NamedTuple, and `HexMap` a plain class, not dataclasses: they are on `havoc los`'s import
    path, and a dataclass costs about a millisecond to declare.)
    """

    name: str
    hexes: frozenset[Hex]
    note: str = ""

    @property
    def label(self) -> Hex:
        """Where the name is printed: the middle hex of the place (the first in reading order)."""
        cols = sorted(h[0] for h in self.hexes)
        rows = sorted(h[1] for h in self.hexes)
        mid = (cols[len(cols) // 2], rows[len(rows) // 2])
        if mid in self.hexes:
            return mid
        return min(self.hexes, key=lambda h: (h[1], h[0]))


class HexMap:
    """One map, checked: every hex on it has a terrain name (a row or unlisted terrain of
    terrain.toml). Built once per file (`load_map`) and not changed after: what it works out
    (buildings, walls, slopes) is kept on first use."""

    def __init__(
        self,
        key: str,  # the file's name without .toml: what `havoc los KEY` takes
        path: Path,
        name: str,
        design: str,
        note: str,
        width: int,
        height: int,
        edges: dict[str, int],
        terrain: dict[Hex, str],
        walls: frozenset[Side],
        lips: frozenset[tuple[Hex, str]],  # (slope hex, side): the slope's top lip
        places: tuple[Place, ...] = (),
        legend: dict[str, str] | None = None,
        flow: dict[Hex, str] | None = None,  # water hex → the side its water leaves by
        wheel: frozenset[Hex] = frozenset(),  # the mill wheel's hexes
    ) -> None:
        self.key = key
        self.path = path
        self.name = name
        self.design = design
        self.note = note
        self.width = width
        self.height = height
        self.edges = edges
        self.terrain = terrain
        self.walls = walls
        self.lips = lips
        self.places = places
        self.legend = dict(legend or {})
        self.flow = dict(flow or {})
        self.wheel = wheel

    reading: Reading | None = None  # a layout's: which edges meet is the kit's reading

    def __repr__(self) -> str:
        return f"HexMap({self.key!r}, {self.name!r}, {self.width}x{self.height})"

    def joins(self) -> set[frozenset[Hex]]:
        """The sides where two maps of a board meet (each a pair of hexes): none on one map."""
        return set()

    @property
    def is_kit(self) -> bool:
        return self.design == "kit"

    def on_map(self, h: Hex) -> bool:
        return 0 <= h[0] < self.width and 1 <= h[1] <= self.height

    def label(self, h: Hex) -> str:
        """A hex as the answers print it (``D13``): every printed hex goes through here, so a
        board of several maps may name its hexes its own way."""
        return hg.name(h)

    def neighbour(self, h: Hex, side: str) -> Hex:
        """The hex across ``side`` of ``h`` (it may lie off the map)."""
        return hg.neighbour(h, side)

    def downstream(self, h: Hex) -> Hex | None:
        """The hex the water of ``h`` runs into (perhaps off the map); None: not water."""
        side = self.flow.get(h)
        return None if side is None else self.neighbour(h, side)

    def hexes(self) -> list[Hex]:
        """Every hex, column by column."""
        return [(c, r) for c in range(self.width) for r in range(1, self.height + 1)]

    def hex(self, text: str) -> Hex:
        """A hex as typed (``d13``), checked to lie on this map."""
        h = hg.parse_hex(text)
        if h is None and ":" in text:
            bare = text.rpartition(":")[2].strip()
            raise InputError(
                f"hex {text.strip()}: MAP:HEX names a hex on a layout (give the layout); "
                f"on {self.name}, give {bare or 'the hex'} alone"
            )
        if h is None:
            raise InputError(f"hex {text!r}: expected a column letter and a row number, like D13")
        if not self.on_map(h):
            last = hg.name((self.width - 1, self.height))
            raise InputError(f"hex {text!r}: not on {self.name} (A1 to {last})")
        return h

    @cached_property
    def buildings(self) -> dict[Hex, int]:
        """Each building hex → the number of its building (connected building hexes)."""
        out: dict[Hex, int] = {}
        for start in self.hexes():
            if start in out or self.terrain[start] not in BUILDING:
                continue
            number = len(set(out.values()))
            todo = [start]
            while todo:
                h = todo.pop()
                if h in out:
                    continue
                out[h] = number
                for side in hg.SIDES:
                    n = hg.neighbour(h, side)
                    if self.on_map(n) and self.terrain[n] in BUILDING and n not in out:
                        todo.append(n)
        return out

    @cached_property
    def building_walls(self) -> frozenset[Side]:
        """The outline of every building, less the outer sides of its windows and doors: the
        sides a house hex shares with a hex outside its building. The outer sides of a window or
        door hex are its aperture (the kit's reading ``aperture-sides`` of sight.toml, as the
        map tiles draw them)."""
        out = set()
        for h, number in self.buildings.items():
            if self.terrain[h] in APERTURES:
                continue
            for side in hg.SIDES:
                n = hg.neighbour(h, side)
                if self.buildings.get(n) != number:
                    out.add(frozenset((h, n)))
        return frozenset(out)

    @cached_property
    def interior_walls(self) -> frozenset[Side]:
        """The map's walls between two hexes of one building (a room's wall inside it)."""
        inside = self.buildings
        return frozenset(
            pair
            for pair in self.walls
            if len({inside.get(h, -1 - i) for i, h in enumerate(pair)}) == 1
        )

    @cached_property
    def blocking_sides(self) -> dict[tuple[Hex, str], str]:
        """(hex, side) → "building wall", "interior wall" (one of the map's walls between two
        hexes of one building) or "wall" (a garden or courtyard wall), seen from both hexes of
        each side; a building's own outline is its building wall whatever the map's walls say."""
        out: dict[tuple[Hex, str], str] = {}
        kinds = (
            ("wall", self.walls - self.interior_walls),
            ("interior wall", self.interior_walls),
            ("building wall", self.building_walls),
        )
        for kind, sides in kinds:
            for pair in sides:
                a, b = sorted(pair)
                side = hg.side_between(a, b)
                if side is not None:
                    out[(a, side)] = kind
                    out[(b, hg.OPPOSITE[side])] = kind
        return out

    def slope_region(self, h: Hex) -> frozenset[Hex]:
        """The slope hexes joined to ``h`` (the slope it lies on; empty off a slope)."""
        return self._slopes.get(h, frozenset())

    @cached_property
    def _slopes(self) -> dict[Hex, frozenset[Hex]]:
        out: dict[Hex, frozenset[Hex]] = {}
        for start in self.hexes():
            if start in out or self.terrain[start] != "slope":
                continue
            seen: set[Hex] = set()
            todo = [start]
            while todo:
                x = todo.pop()
                if x in seen or not self.on_map(x) or self.terrain[x] != "slope":
                    continue
                seen.add(x)
                todo.extend(hg.neighbour(x, s) for s in hg.SIDES)
            region = frozenset(seen)
            out.update(dict.fromkeys(region, region))
        return out

    def edge_hexes(self, edge: str) -> list[Hex]:
        """The hexes along one edge, in order (left to right, top to bottom)."""
        if edge == "top":
            return [(c, 1) for c in range(self.width)]
        if edge == "bottom":
            return [(c, self.height) for c in range(self.width)]
        col = 0 if edge == "left" else self.width - 1
        return [(col, r) for r in range(1, self.height + 1)]


def side_key(h: Hex, side: str) -> Side:
    return frozenset((h, hg.neighbour(h, side)))


# --------------------------------------------------------------------------- reading the file

_SIDE = re.compile(r"^([A-Za-z]\d{1,3})/([NESWnesw]{1,2})$")  # the side checked in SIDES (any case)
_BLOCK = re.compile(r"^([A-Za-z]\d{1,3}):([A-Za-z]\d{1,3})$")


def _block_lines(path: Path, key: str) -> int:
    """The file line of the first line inside the ``key = \"\"\"`` block (0 if not found).

    It reads the file again: called only when an error names a line, not on every load.
    """
    line = schema.key_line(path, (key,)) or 0
    if not line:
        return 0
    text = path.read_text(encoding="utf-8").splitlines()[line - 1].rstrip()
    return line + 1 if text.endswith(('"' * 3, "'" * 3)) else line


def _grid(
    text: str, width: int, height: int, legend: dict[str, str], path: Path
) -> tuple[dict[Hex, str], dict[int, int]]:
    """The ``rows`` block: an optional header of column letters, then one line per row: its
    number, then one code per hex (spaces between codes are optional)."""

    def at(offset: int) -> int:  # the file line of the block's line ``offset`` (for errors)
        return _block_lines(path, "rows") + offset

    terrain: dict[Hex, str] = {}
    lines: dict[int, int] = {}  # row number → its line in the block (0: the first)
    row = 0
    letters = " ".join(hg.LETTERS[:width])
    for offset, raw in enumerate(text.split("\n")):
        body = raw.split("#", 1)[0].strip()
        if not body:
            continue
        if row == 0 and not body[0].isdigit() and body.replace(" ", "").isalpha():
            if body.split() != letters.split():
                raise DataError(
                    f"rows: the header should name the columns {letters}, got {body!r}",
                    path,
                    at(offset),
                )
            continue
        match = re.match(r"^(\d+)\s+(.*)$", body)
        if match is None:
            raise DataError(
                f"rows: expected a row number, then {width} terrain codes, got {body!r}",
                path,
                at(offset),
            )
        row += 1
        lines[row] = offset
        if int(match.group(1)) != row:
            raise DataError(
                f"rows: expected row {row} next, got row {match.group(1)}", path, at(offset)
            )
        codes = match.group(2).replace(" ", "")
        if len(codes) != width:
            raise DataError(
                f"rows: row {row} has {len(codes)} hexes, expected {width} "
                f"(columns A to {hg.LETTERS[width - 1]})",
                path,
                at(offset),
            )
        for col, code in enumerate(codes):
            if code not in legend:
                raise DataError(
                    f"rows: {hg.name((col, row))}: code {code!r} is not in [legend] "
                    f"(expected one of {' '.join(legend)})",
                    path,
                    at(offset),
                )
            if legend[code] in SIDE_ONLY:
                raise DataError(
                    f"rows: {hg.name((col, row))} is {legend[code]}: a wall runs along hex "
                    f"sides (expected it in walls = like {hg.name((col, row))}/ne)",
                    path,
                    at(offset),
                )
            terrain[(col, row)] = legend[code]
        if row > height:
            raise DataError(f"rows: row {row} is more than height = {height}", path, at(offset))
    if row != height:
        raise DataError(
            f"rows: {row} rows typed, expected height = {height}",
            path,
            _block_lines(path, "rows") or None,
        )
    return terrain, lines


def _sides(text: str, key: str, width: int, height: int, path: Path) -> list[tuple[Hex, str, int]]:
    """A ``walls``/``lips`` block: hex sides like ``D4/ne``, separated by spaces or lines; each
    with its line in the block (0: the first; for errors)."""
    out: list[tuple[Hex, str, int]] = []
    for offset, raw in enumerate(text.split("\n")):
        for token in raw.split("#", 1)[0].split():
            match = _SIDE.match(token)  # not re.IGNORECASE: it takes 1 ms to compile
            h = hg.parse_hex(match.group(1)) if match else None
            if match is None or h is None or match.group(2).lower() not in hg.SIDES:
                raise DataError(
                    f"{key}: expected a hex and a side like D4/ne "
                    f"(sides: {' '.join(hg.SIDES)}), got {token!r}",
                    path,
                    _block_lines(path, key) + offset or None,
                )
            if not (0 <= h[0] < width and 1 <= h[1] <= height):
                raise DataError(
                    f"{key}: {token} is not on the map",
                    path,
                    _block_lines(path, key) + offset or None,
                )
            out.append((h, match.group(2).lower(), offset))
    return out


def _hexes(spec: str, width: int, height: int, where: Where) -> frozenset[Hex]:
    """``"H6:M11 N8"``: blocks (columns H to M, rows 6 to 11) and single hexes."""
    out: set[Hex] = set()
    for token in spec.split():
        block = _BLOCK.match(token)
        ends = [hg.parse_hex(t) for t in (block.groups() if block else (token,))]
        if any(e is None for e in ends):
            raise where.error(f"expected hexes like H6 or blocks like H6:M11, got {token!r}")
        (c1, r1), (c2, r2) = ends[0], ends[-1]  # type: ignore[misc]
        for c in range(min(c1, c2), max(c1, c2) + 1):
            for r in range(min(r1, r2), max(r1, r2) + 1):
                if not (0 <= c < width and 1 <= r <= height):
                    raise where.error(f"{token}: {hg.name((c, r))} is not on the map")
                out.add((c, r))
    if not out:
        raise where.error("expected at least one hex")
    return frozenset(out)


def _edge_numbers(value: dict[str, Any], where: Where) -> dict[str, int]:
    for edge, number in value.items():
        if not 1 <= number <= 8:
            raise where.child(edge).error(f"expected an edge number from 1 to 8, got {number}")
    return value


def _place_label(place: dict[str, Any]) -> str | None:
    """A place's name as its errors show it: only a printable one (an error is one line)."""
    name = place.get("name")
    return name if isinstance(name, str) and name.isprintable() else None


PLACE = Table(
    (Field("name", str, check=schema.line), Field("hexes", str), Field("note", str, False, ""))
)
MAP_FILE = Table(
    (
        Field("name", str, check=schema.line),
        Field("design", str, choices=DESIGNS),
        Field("note", str, required=False, default=""),
        Field("width", int, check=lambda v, w: _size(v, w, hg.MAX_COLUMNS)),
        Field("height", int, check=lambda v, w: _size(v, w, MAX_ROWS)),
        Field("edges", Table(tuple(Field(e, int) for e in EDGES)), check=_edge_numbers),
        Field("rows", str),
        Field("walls", str, required=False, default=""),
        Field("lips", str, required=False, default=""),
        Field("flow", str, required=False, default=""),
        Field("wheel", str, required=False, default=""),
        Field("legend", MapOf(str)),
        Field("places", ListOf(PLACE, label=_place_label), False, []),
    )
)


def _size(value: int, where: Where, most: int) -> int:
    """A `Field` check for the map's width or height: 1 to ``most`` hexes."""
    if not 1 <= value <= most:
        raise where.error(f"expected a size from 1 to {most}, got {value}")
    return value


def _build(data: dict[str, Any], path: Path, names: list[str]) -> HexMap:
    where = Where(path)
    legend = data["legend"]
    for code, terrain in legend.items():
        if len(code) != 1 or code.isspace() or code == "#":
            raise where.child("legend").child(code).error("expected a one-character code")
        if terrain not in names:
            raise (
                where.child("legend")
                .child(code)
                .error(f"expected a terrain of terrain.toml ({', '.join(names)}), got {terrain!r}")
            )
    width, height = data["width"], data["height"]
    terrain, row_lines = _grid(data["rows"], width, height, legend, path)
    walls = frozenset(
        side_key(h, s) for h, s, _ in _sides(data["walls"], "walls", width, height, path)
    )
    lips = _sides(data["lips"], "lips", width, height, path)
    for h, s, offset in lips:
        if terrain[h] != "slope":
            raise DataError(
                f"lips: {hg.name(h)}/{s}: {hg.name(h)} is {terrain[h]}, expected a slope hex",
                path,
                _block_lines(path, "lips") + offset or None,
            )
    _check_apertures(terrain, row_lines, path)
    flow, wheel = _water(data, terrain, row_lines, width, height, path)
    places = []
    for i, p in enumerate(data["places"]):
        hexes = _hexes(p["hexes"], width, height, where.child("places").child(i).child("hexes"))
        places.append(Place(p["name"], hexes, p["note"]))
    return HexMap(
        key=path.stem,
        path=path,
        name=data["name"],
        design=data["design"],
        note=data["note"],
        width=width,
        height=height,
        edges=dict(data["edges"]),
        terrain=terrain,
        walls=walls,
        lips=frozenset((h, s) for h, s, _ in lips),
        places=tuple(places),
        legend=dict(legend),
        flow=flow,
        wheel=wheel,
    )


def _water(
    data: dict[str, Any],
    terrain: dict[Hex, str],
    row_lines: dict[int, int],
    width: int,
    height: int,
    path: Path,
) -> tuple[dict[Hex, str], frozenset[Hex]]:
    """The ``flow`` and ``wheel`` keys (`companion.dark_blades.map_water`)."""

    def on(h: Hex) -> bool:
        return 0 <= h[0] < width and 1 <= h[1] <= height

    def row_line(row: int) -> int:
        start = _block_lines(path, "rows")
        return start + row_lines[row] if start else 0

    flow = read_flow(data["flow"], terrain, on, path, lambda k: _block_lines(path, k), row_line)
    wheel_line = lambda: schema.key_line(path, ("wheel",)) or 0  # noqa: E731 - on errors only
    return flow, read_wheel(data["wheel"], terrain, on, path, wheel_line)


def _check_apertures(terrain: dict[Hex, str], row_lines: dict[int, int], path: Path) -> None:
    """A window or door is a hex in a building's wall: it must touch a hex outside it.

    ``row_lines``: each row's line in the ``rows`` block (0: its first line)."""
    for h, kind in terrain.items():
        if kind in APERTURES and all(terrain.get(hg.neighbour(h, s)) in BUILDING for s in hg.SIDES):
            raise DataError(
                f"rows: {hg.name(h)} is a {kind} with building hexes all round "
                "(expected it in the building's outer wall)",
                path,
                _block_lines(path, "rows") + row_lines[h[1]] or None,
            )


@lru_cache(maxsize=16)
def _builder(names: tuple[str, ...]) -> Callable[[dict[str, Any], Path], HexMap]:
    """One build function per list of terrain names: `schema.load` keys its cache on it, so a
    new function on every call would read and check the file again on every query."""
    return lambda data, p: _build(data, p, list(names))


def load_map(path: Path, cards: Cards) -> HexMap:
    """Read and check one map file (once while it and terrain.toml are unchanged)."""
    table = load_terrain(cards)
    return schema.load(path, MAP_FILE, _builder(tuple(table.names())), depends=(table.path,))


def map_files(cards: Cards) -> list[Path]:
    """Every map file: the user's (under ``--cards``) first, then the kit's."""
    return cards.glob(f"{GAME}/maps/*.toml")


def load_maps(cards: Cards, source_only: bool = False) -> list[HexMap]:
    """Every map, in file order; ``source_only`` leaves out the kit's own designs. A broken
    file is refused (the first, in file order): what prints every map needs them all."""
    maps, broken = read_maps(cards, source_only)
    if broken:
        raise broken[0][1]
    return maps


def read_maps(
    cards: Cards, source_only: bool = False
) -> tuple[list[HexMap], list[tuple[Path, DataError]]]:
    """Every map that loads, in file order (``source_only``: less the kit's designs), and each
    file that does not with its refusal: a list of the maps shows the good ones and says what
    is wrong with the others (a broken map breaks only itself)."""
    maps: list[HexMap] = []
    broken: list[tuple[Path, DataError]] = []
    for path in map_files(cards):
        try:
            m = load_map(path, cards)
        except DataError as e:
            broken.append((path, e))
            continue
        if not (source_only and m.is_kit):
            maps.append(m)
    return maps, broken


def _heads(cards: Cards, source_only: bool) -> list[tuple[str, str | None, Path]] | None:
    """Each map file's key, name and path (``source_only``: less the kit's designs), from the
    parsed files without checking them; a file that is not valid TOML is named by its key
    alone (its error is given when it is asked for). None when a file's name or design is
    amiss (the caller checks every map to word it)."""
    heads: list[tuple[str, str | None, Path]] = []
    for path in map_files(cards):
        try:
            data = read_toml(path)
        except DataError:
            heads.append((path.stem, None, path))
            continue
        name, design = data.get("name"), data.get("design")
        if not isinstance(name, str) or design not in DESIGNS:
            return None
        if not (source_only and design == "kit"):
            heads.append((path.stem, name, path))
    return heads


def map_by_path(cards: Cards, text: str, source_only: bool = False) -> HexMap:
    """A map file given by its path as typed (a command line's ``./ford.toml``), checked as the
    cards' maps are; a file that is not there is refused in one line."""
    path = Path(text).expanduser()
    if not path.is_file():
        raise InputError(f"map file {text!r}: not found (a map's name, or a .toml file)")
    m = load_map(path, cards)
    if source_only and m.is_kit:
        raise InputError(f"map file {text!r}: the kit's own design, left out rulebook-only")
    return m


def is_file_path(text: str) -> bool:
    """A map or layouts file given by its path as typed (``./ford.toml``, ``two.toml#raid``),
    not a name."""
    file_text = text.rpartition("#")[0] or text
    return file_text.endswith(".toml") or "/" in text or os.sep in text


def map_named(cards: Cards, text: str, source_only: bool = False) -> HexMap:
    """A map by its name (`find_map`) or, typed as a path, its file (`map_by_path`)."""
    if is_file_path(text):
        return map_by_path(cards, text, source_only)
    return find_map(cards, text, source_only)


def find_map(cards: Cards, text: str, source_only: bool = False) -> HexMap:
    """A map by its file name or its name (any unique start, any case).

    Only the map picked is checked and built: a query does not pay for the other maps, and a
    broken map breaks only itself. No single match, or a file whose name or design is amiss:
    every map is checked (`read_maps`) and the answer found among those that load; a broken
    file asked for by its file name gives its own refusal, and a name found nowhere is refused
    with the first broken file's line too (it may be the map meant).
    """
    heads = _heads(cards, source_only)
    if heads:
        names = {key: path for key, _name, path in heads}
        keys = {key.casefold() for key in names}  # "Ford" in ford.toml: the same map, once
        names.update({n: path for _key, n, path in heads if n and n.casefold() not in keys})
        found = matches(text, names)
        if len(found) == 1:
            return load_map(names[found[0]], cards)
    maps, broken = read_maps(cards, source_only)
    for path, error in broken:  # the broken file asked for by its name: its own refusal
        if text.strip().casefold() == path.stem.casefold():
            raise error
    if not maps:
        why = " (the rulebook's words only leave out the kit's own maps)" if source_only else ""
        raise broken[0][1] if broken else InputError(f"map {text!r}: no maps{why}")
    by_name = {m.key: m for m in maps}
    keys = {key.casefold() for key in by_name}
    by_name.update({m.name: m for m in maps if m.name.casefold() not in keys})
    try:
        return by_name[pick(text, list(by_name), "map")]
    except InputError as e:
        if source_only and any(text.casefold() in m.key for m in read_maps(cards)[0]):
            raise InputError(
                f"map {text!r}: the kit's own design, left out with the rulebook's words only "
                "(the rulebook's maps are not in the text; transcribe yours: cards/README.md)"
            ) from None
        if broken:  # it may be the map that cannot be read: say so, in the same line
            raise InputError(f"{e}; and {broken[0][1]}") from None
        raise


def perimeter(m: HexMap) -> list[Hex]:
    """The hexes along the map's edges once each, clockwise from the top-left corner."""
    ring = (
        m.edge_hexes("top")
        + m.edge_hexes("right")[1:]
        + m.edge_hexes("bottom")[::-1][1:]
        + m.edge_hexes("left")[::-1][1:-1]
    )
    return list(dict.fromkeys(ring))


def start_hexes(m: HexMap, players: int) -> list[Hex]:
    """Who's Next: ``players`` start hexes evenly spaced around the map's edges ("the players
    start at the edge of any of the maps, evenly spaced out")."""
    ring = perimeter(m)
    if not 1 <= players <= len(ring):
        raise InputError(f"players: expected 1 to {len(ring)} on {m.name}, got {players}")
    return [ring[(i * len(ring)) // players] for i in range(players)]
