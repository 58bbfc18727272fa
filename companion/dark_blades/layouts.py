"""Layouts: maps laid together and played as one board (``cards/dark-blades/layouts.toml``).

A layout names its maps and which edges meet (``mill:bottom`` meets ``arena:top``). It is built
into a `LayoutMap`: a `HexMap` whose terrain, walls, top lips and places are its maps' shifted
into one grid (and their water's flow and mill wheel, where the maps have them), so range, line
of sight and cover (`companion.dark_blades.sight`) run across a join exactly as on one map.
Its hexes are named with their map (``mill:C4``); a bare ``C4`` is refused with the maps it
could mean.

The grid's columns alternate half a hex up and down (`hexgrid`): a map placed beside another
must start on a column of the same kind as the first map's column A (an even number of columns
along), or its hexes would not mesh; maps placed above and below each other always mesh. Maps
are not turned: a bottom edge meets a top edge, a right edge a left edge, of the same length.
Every problem in the file is one `DataError` line: file, line, and what was expected.
"""

from functools import lru_cache
from pathlib import Path
from typing import Any, NamedTuple

from companion import schema
from companion.dark_blades import hexgrid as hg
from companion.dark_blades.hexgrid import Hex
from companion.dark_blades.map_water import aground, river_loop
from companion.dark_blades.maps import EDGES, HexMap, Place, load_map, map_files
from companion.dark_blades.readings import Reading, reading_schema
from companion.data import Cards
from companion.errors import InputError
from companion.names import matches, pick
from companion.schema import Field, ListOf, Table, Where

GAME = "dark-blades"
FACING = {"bottom": "top", "top": "bottom", "right": "left", "left": "right"}


class Join(NamedTuple):
    """``edge`` of one map meets ``meets`` of another: (map key, edge name) each."""

    edge: tuple[str, str]
    meets: tuple[str, str]


class Layout(NamedTuple):
    """One ``[[layout]]`` of layouts.toml, checked (its maps not yet read)."""

    path: Path
    index: int  # type: ignore[assignment]  # (shadows tuple.index) its place in the file, for errors
    key: str
    name: str
    maps: tuple[str, ...]
    scenarios: tuple[str, ...]
    joins: tuple[Join, ...]
    sources: tuple[tuple[str, str], ...]  # (scenario, the rulebook's words)
    reading: Reading

    def where(self, *keys: str | int) -> Where:
        at = Where(self.path).child("layout").child(self.index, self.key, self.index + 1)
        for k in keys:
            at = at.child(k, None, k + 1) if isinstance(k, int) else at.child(k)
        return at

    def source(self, scenario: str) -> str:
        """The rulebook's words for ``scenario`` on this layout ('' if it quotes none)."""
        return next((text for s, text in self.sources if s == scenario), "")


def _map_edge(value: str, where: Where) -> tuple[str, str]:
    name, _sep, edge = value.partition(":")
    if not name or edge not in EDGES:
        raise where.error(f"expected MAP:EDGE like mill:bottom (edges: {', '.join(EDGES)})")
    return name, edge


JOIN = Table((Field("edge", str, check=_map_edge), Field("meets", str, check=_map_edge)))
SOURCE = Table((Field("scenario", str), Field("text", str)))


def _key(value: str, where: Where) -> str:
    """A layout's key: what ``FILE#KEY`` and the page's address take."""
    if not value or not all(c.isalnum() or c in "-_" for c in value):
        raise where.error(f"expected a key of letters, digits and dashes like raid, got {value!r}")
    return value


LAYOUT = Table(
    (
        Field("key", str, check=_key),
        Field("name", str, check=schema.line),
        Field("maps", ListOf(str)),
        Field("scenarios", ListOf(str), False, []),
        Field("join", ListOf(JOIN, start=1)),
        Field("source", ListOf(SOURCE, start=1), False, []),  # a user's own: none
        Field("reading", reading_schema(lambda where: "layout")),
    )
)
FILE = Table((Field("layout", ListOf(LAYOUT, label=lambda d: d.get("key"), start=1)),))


def _build(data: dict[str, Any], path: Path) -> tuple[Layout, ...]:
    out: list[Layout] = []
    taken: set[str] = set()
    for i, raw in enumerate(data["layout"]):
        lay = Layout(
            path,
            i,
            raw["key"],
            raw["name"],
            tuple(raw["maps"]),
            tuple(raw["scenarios"]),
            tuple(Join(j["edge"], j["meets"]) for j in raw["join"]),
            tuple((s["scenario"], s["text"]) for s in raw["source"]),
            raw["reading"],
        )
        for name in (lay.key, *lay.scenarios):
            if name in taken:
                raise lay.where("key").error(f"{name!r} names two layouts (expected one)")
            taken.add(name)
        if len(lay.maps) < 2 or len(set(lay.maps)) != len(lay.maps):
            raise lay.where("maps").error("expected two or more maps, each once")
        sides: set[frozenset[tuple[str, str]]] = set()
        for j, join in enumerate(lay.joins):
            pair = frozenset((join.edge, join.meets))
            if pair in sides:
                raise lay.where("join", j).error(
                    f"{':'.join(join.edge)} meets {':'.join(join.meets)} twice (expected once)"
                )
            sides.add(pair)
            if join.edge[0] == join.meets[0]:
                raise lay.where("join", j, "meets").error(
                    f"{join.edge[0]} meets itself (expected another map of maps)"
                )
            for part in ("edge", "meets"):
                name = getattr(join, part)[0]
                if name not in lay.maps:
                    raise lay.where("join", j, part).error(
                        f"map {name!r} is not in maps ({', '.join(lay.maps)})"
                    )
        for j, (scenario, _text) in enumerate(lay.sources):
            if scenario not in lay.scenarios:
                raise lay.where("source", j, "scenario").error(
                    f"expected one of scenarios ({', '.join(lay.scenarios) or 'none given'})"
                )
        out.append(lay)
    return tuple(out)


def load_layouts(cards: Cards) -> tuple[Layout, ...]:
    """Read and check layouts.toml (once while it is unchanged); its maps are read on use."""
    return schema.load(cards.path(GAME, "layouts.toml"), FILE, _build)


class Piece(NamedTuple):
    """One map of a layout, and where its A1 lies in the layout's grid (column and row shift)."""

    key: str
    map: HexMap
    col: int
    row: int

    def holds(self, h: Hex) -> bool:
        return 0 <= h[0] - self.col < self.map.width and 1 <= h[1] - self.row <= self.map.height


class LayoutMap(HexMap):
    """A layout as one board: a `HexMap` over the layout's grid, hexes named ``mill:C4``."""

    def __init__(self, layout: Layout, pieces: tuple[Piece, ...]) -> None:
        terrain: dict[Hex, str] = {}
        walls: set[frozenset[Hex]] = set()
        lips: set[tuple[Hex, str]] = set()
        places: list[Place] = []
        flow: dict[Hex, str] = {}  # the water's flow and the mill wheel, where maps have them
        wheel: set[Hex] = set()
        for p in pieces:

            def move(h: Hex, p: Piece = p) -> Hex:
                return h[0] + p.col, h[1] + p.row

            terrain.update({move(h): kind for h, kind in p.map.terrain.items()})
            walls.update(frozenset(move(h) for h in side) for side in p.map.walls)
            lips.update((move(h), side) for h, side in p.map.lips)
            places.extend(
                Place(f"{p.key}: {pl.name}", frozenset(map(move, pl.hexes)), pl.note)
                for pl in p.map.places
            )
            flow.update({move(h): side for h, side in getattr(p.map, "flow", {}).items()})
            wheel.update(map(move, getattr(p.map, "wheel", ())))
        super().__init__(
            key=layout.key,
            path=layout.path,
            name=layout.name,
            design="kit" if any(p.map.is_kit for p in pieces) else "transcribed",
            note=layout.reading.text,
            width=max(p.col + p.map.width for p in pieces),
            height=max(p.row + p.map.height for p in pieces),
            edges={},
            terrain=terrain,
            walls=frozenset(walls),
            lips=frozenset(lips),
            places=tuple(places),
        )
        self.flow = flow
        self.wheel = frozenset(wheel)
        self.layout = layout
        self.pieces = pieces
        self.reading: Reading = layout.reading

    def __repr__(self) -> str:
        return f"LayoutMap({self.key!r}, {', '.join(p.key for p in self.pieces)})"

    def joins(self) -> set[frozenset[Hex]]:
        """The sides between hexes of two of its maps, where they meet."""
        out = set()
        for h in self.hexes():
            here = self.piece(h)[0].key
            for side in hg.SIDES:
                n = hg.neighbour(h, side)
                if self.on_map(n) and self.piece(n)[0].key != here:
                    out.add(frozenset((h, n)))
        return out

    def on_map(self, h: Hex) -> bool:
        return h in self.terrain

    def hexes(self) -> list[Hex]:
        """Every hex of every map, column by column of the layout's grid."""
        return sorted(self.terrain)

    def piece(self, h: Hex) -> tuple[Piece, Hex]:
        """The map a hex of the layout's grid lies on, and the hex on that map."""
        for p in self.pieces:
            if p.holds(h):
                return p, (h[0] - p.col, h[1] - p.row)
        raise InputError(f"hex {h}: not on {self.name}")

    def label(self, h: Hex) -> str:
        """``mill:C4``: the map's key and the hex's name on that map. A hex just off the board
        (a line along an outer edge runs half off it) is named as from the nearest map."""
        if h in self.terrain:
            p, local = self.piece(h)
            return f"{p.key}:{hg.name(local)}"
        p = min(self.pieces, key=lambda q: _gap(q, h))
        col, row = h[0] - p.col, h[1] - p.row
        if 0 <= col < hg.MAX_COLUMNS and row >= 0:
            return f"{p.key}:{hg.name((col, row))}"
        return f"off the board ({p.key})"

    def hex(self, text: str) -> Hex:
        """A hex as typed with its map (``mill:c4``, the map by any unique start), checked."""
        raw = text.strip()
        keys = [p.key for p in self.pieces]
        map_text, sep, hex_text = raw.rpartition(":")
        if not sep:
            h = hg.parse_hex(raw)
            shown = hg.name(h) if h is not None else raw
            if h is None:
                shown = "C4"
            choices = " or ".join(f"{k}:{shown}" for k in keys)
            raise InputError(f"hex {raw}: on a layout, name the map: {choices}")
        found = matches(map_text, keys)
        if len(found) != 1:
            raise InputError(
                f"hex {raw}: map {map_text!r} is not on {self.key} (expected {' or '.join(keys)})"
            )
        p = self.pieces[keys.index(found[0])]
        local = hg.parse_hex(hex_text)
        if local is None:
            raise InputError(f"hex {raw}: expected MAP:HEX like {p.key}:C4")
        if not p.map.on_map(local):
            last = hg.name((p.map.width - 1, p.map.height))
            raise InputError(f"hex {raw}: not on {p.map.name} (A1 to {last})")
        return local[0] + p.col, local[1] + p.row

    def edge_hexes(self, edge: str) -> list[Hex]:
        """The hexes along one outer edge of the layout, in order (of its maps on that edge)."""
        return [h for h in super().edge_hexes(edge) if h in self.terrain]


def _place(layout: Layout, maps: dict[str, HexMap]) -> tuple[Piece, ...]:
    """Each map's shift in the layout's grid, worked out from the joins (the first map at A1),
    checked: facing edges of one length, columns that mesh, no overlap, every map joined."""
    at: dict[str, tuple[int, int]] = {layout.maps[0]: (0, 0)}
    todo = list(enumerate(layout.joins))
    while todo:
        progress = False
        for item in list(todo):
            j, join = item
            (a, ea), (b, eb) = join.edge, join.meets
            if a not in at and b not in at:
                continue
            todo.remove(item)
            progress = True
            where = layout.where("join", j, "meets")
            if FACING[ea] != eb:
                raise where.error(
                    f"{a}:{ea} meets {b}:{eb}: expected {b}:{FACING[ea]} (maps are not turned)"
                )
            if a not in at:  # place a from b: the same join read the other way round
                (a, ea), (b, eb) = (b, eb), (a, ea)
            ma, mb = maps[a], maps[b]
            side = "width" if ea in ("top", "bottom") else "height"
            if getattr(ma, side) != getattr(mb, side):
                raise where.error(
                    f"{a}:{ea} is {getattr(ma, side)} hexes long, {b}:{eb} "
                    f"{getattr(mb, side)} (expected edges of one length)"
                )
            c, r = at[a]
            shift = {
                "bottom": (c, r + ma.height),
                "top": (c, r - mb.height),
                "right": (c + ma.width, r),
                "left": (c - mb.width, r),
            }[ea]
            if shift[0] % 2:
                raise where.error(
                    f"{a}:{ea} meets {b}:{eb}: {b}'s columns would not mesh with {a}'s (its "
                    "column A would stand where an odd column's half-hex offset is; "
                    "expected maps an even number of columns wide)"
                )
            if b in at and at[b] != shift:
                raise where.error(f"{b} is already placed elsewhere by an earlier join")
            at[b] = shift
        if not progress:
            break
    for name in layout.maps:
        if name not in at:
            raise layout.where("maps").error(f"map {name!r} joins no other map of the layout")
    c0 = min(c for c, _ in at.values())
    r0 = min(r for _, r in at.values())
    pieces = tuple(Piece(k, maps[k], at[k][0] - c0, at[k][1] - r0) for k in layout.maps)
    for i, p in enumerate(pieces):
        for q in pieces[i + 1 :]:
            if _cross(p, q):
                raise layout.where("join").error(f"maps {p.key} and {q.key} overlap")
    return pieces


def _gap(p: Piece, h: Hex) -> int:
    """How many columns and rows ``h`` lies outside map ``p``."""
    dc = max(p.col - h[0], h[0] - (p.col + p.map.width - 1), 0)
    dr = max(p.row + 1 - h[1], h[1] - (p.row + p.map.height), 0)
    return dc + dr


def _cross(p: Piece, q: Piece) -> bool:
    """The two maps' rectangles share a hex."""
    return (
        p.col < q.col + q.map.width
        and q.col < p.col + p.map.width
        and p.row < q.row + q.map.height
        and q.row < p.row + p.map.height
    )


@lru_cache(maxsize=16)
def _combined(layout: Layout, maps: tuple[HexMap, ...]) -> LayoutMap:
    """One `LayoutMap` per layout and maps (the maps are loaded once per file version)."""
    board = LayoutMap(layout, _place(layout, dict(zip(layout.maps, maps, strict=True))))
    _check_water(board)
    return board


def _check_water(board: LayoutMap) -> None:
    """Each map's water checked across the joins as a map file's is across its hexes: water
    that runs off one map's edge into the next runs into water there (or off the board), and
    no river runs in a circle through the maps."""
    where = board.layout.where("join")
    for h, side in board.flow.items():
        down = aground(h, side, board.terrain, board.on_map)
        if down is not None:
            raise where.error(
                f"{board.label(h)} runs onto {board.terrain[down]} at {board.label(down)} "
                "across the join (expected water downstream, or the board's edge)"
            )
    loop = river_loop(board.flow, board.terrain, board.on_map)
    if loop:
        raise where.error(
            f"{' -> '.join(board.label(h) for h in loop)} runs in a circle across the join "
            "(expected a river to run off the board's edge or into a lake)"
        )


def find_layout(cards: Cards, text: str, source_only: bool = False) -> LayoutMap:
    """A layout by its key, its name or a scenario played on it (any unique start, any case),
    built with its maps (``source_only``: refused when one is the kit's own design)."""
    layouts = load_layouts(cards)
    names: dict[str, Layout] = {}
    for lay in layouts:
        for name in (lay.key, lay.name, *lay.scenarios):
            names.setdefault(name, lay)
    lay = names[pick(text, list(names), "layout")]
    return _built(cards, lay, _card_maps(cards), source_only)


def _card_maps(cards: Cards) -> dict[str, Path]:
    """Each map file of the cards by its key (the user's first)."""
    files: dict[str, Path] = {}
    for path in map_files(cards):
        files.setdefault(path.stem, path)
    return files


def _built(cards: Cards, lay: Layout, files: dict[str, Path], source_only: bool) -> LayoutMap:
    """``lay`` built with its maps, each read from ``files`` by its key."""
    maps = []
    for i, key in enumerate(lay.maps):
        if key not in files:
            raise lay.where("maps").error(
                f"map {key!r} (maps[{i + 1}]) is not a map file (maps: {', '.join(files)})"
            )
        m = load_map(files[key], cards)
        if source_only and m.is_kit:
            raise InputError(
                f"layout {lay.key!r}: map {key!r} is the kit's own design, left out with the "
                "rulebook's words only (transcribe yours: cards/README.md)"
            )
        maps.append(m)
    return _combined(lay, tuple(maps))


def layout_by_path(cards: Cards, text: str, source_only: bool = False) -> LayoutMap:
    """A layouts file given by its path as typed (a command line's ``./two.toml``; of a file
    holding several, ``./two.toml#KEY``), checked as the cards' layouts.toml is. Its maps are
    found by key beside the file (``KEY.toml``, ``maps/KEY.toml``), then among the cards'
    maps. A file that is not there is refused in one line."""
    path = Path(text).expanduser()
    key = ""
    if not path.is_file() and "#" in text:
        file_text, _sep, key = text.rpartition("#")
        path = Path(file_text).expanduser()
    if not path.is_file():
        raise InputError(f"layout file {text!r}: not found (a layout's name, or a .toml file)")
    layouts = schema.load(path, FILE, _build)
    if key:
        names = {lay.key: lay for lay in layouts}
        lay = names[pick(key, list(names), f"layout in {path.name}")]
    elif len(layouts) == 1:
        lay = layouts[0]
    else:
        keys = ", ".join(lay.key for lay in layouts)
        raise InputError(
            f"layout file {text!r}: {len(layouts)} layouts ({keys}); give one as {text}#KEY"
        )
    in_cards = _card_maps(cards)
    files = dict(in_cards)
    for i, key in enumerate(lay.maps):
        beside = (path.parent / f"{key}.toml", path.parent / "maps" / f"{key}.toml")
        found = [p for p in beside if p.is_file() and p.resolve() != path.resolve()]
        if found:
            files[key] = found[0]
        elif key not in files:
            raise lay.where("maps").error(
                f"map {key!r} (maps[{i + 1}]): no {key}.toml beside {path.name} nor in its "
                f"maps/ folder, and no map {key!r} in the cards ({', '.join(in_cards)})"
            )
    return _built(cards, lay, files, source_only)
