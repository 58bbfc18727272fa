"""The phone map page: a Dark Blades map as SVG, tap the shooter then the target (plain links;
`static/map.js` only keeps the map's pan across taps), and see range, line, cover and the
missile result, first on the screen.

Thin: the tapped hexes and the shot's fields go to the parsers `havoc los` and `havoc missile
--map` share, `companion.dark_blades.sight_request` and `shot_request` (`FIELDS`: each link's
key and the field it carries): the shooter by name (``s``: his roster weapon) or a weapon
(``w``), at the target by name (``n``) or a defence (``d``, of kind ``k``). Each hex is a link
to the same page with ``f`` (shooter), ``t`` (target) and ``t2`` (a horseman's second hex, next
to ``t``: the pair answers as `havoc los MAP F T,T2` does) set, the shot's fields carried on,
and ``#answer``: the page opens at the answer with the map under it. ``z`` zooms the whole map
(`HEX_PX`: 40 px a hex or more; the map pans in its box). The map is drawn once per map and
zoom (`_drawn`); a request fills in the links (`_links`) and the marks of the tap
(`_overlay`). A layout (maps laid together, ``/layout/KEY``) is the same page over the joined
maps, its hexes named ``mill:C4``. Who's Next's start hexes have their own page
(`companion.web.whos_next.starts`).
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple
from urllib.parse import urlencode

from flask import Blueprint, render_template, request
from markupsafe import Markup, escape

from companion.dark_blades import hexgrid as hg
from companion.dark_blades import named_shot, pieces, shot_request, sight_request
from companion.dark_blades.crt import Crt, load_crt
from companion.dark_blades.fight import VALUES_NOTE, sides_line
from companion.dark_blades.layouts import LayoutMap, load_layouts
from companion.dark_blades.map_marks import lip_ticks, name_edge
from companion.dark_blades.map_water import WATER
from companion.dark_blades.maps import GAME, map_files, read_maps
from companion.dark_blades.missiles import TARGETS, load_weapons
from companion.dark_blades.sight import HORSE_FIELD, part_words, steps_text
from companion.dark_blades.water import is_water
from companion.data import Cards, file_stamps
from companion.errors import DataError, FieldError, HavocError, InputError
from companion.numbers import is_whole
from companion.web import kept as kept_pages
from companion.web.current import HEX_TEXT, board_or_404, cards, page_line, refused, source_only
from companion.web.dark_blades.lookups import Answer, view

if TYPE_CHECKING:
    from collections.abc import Callable

bp = Blueprint("maps", __name__, url_prefix="/dark-blades/maps")
R = 12.0  # hex circumradius in SVG units: 20 columns come to about 360 px
ZOOMS = (1, 2, 3)
NAME = re.compile(r"[\w' .:-]+")  # a roster name as typed, with a state after a colon
KEEP = {
    "s": 40,
    "n": 40,
    "w": 18,
    "d": 6,
    "k": 8,
}  # what each link carries on, and its longest value
ASSUMED = "assumed: each healthy unless typed so (Grast:wounded, Goblin:stunned)"
LONGEST = {**KEEP, "die": 2, "z": 1}  # a longer value is refused, not cut short
WORDS = {  # the form's words for each field, in a refusal
    "s": "shooter",
    "n": "target (name)",
    "w": "weapon",
    "d": "defence",
    "k": "target on the tables",
    "die": "die",
    "z": "zoom",
}
FIELDS = {  # each key of the page's address and the field of `shot_request` it carries
    "s": "shooter",
    "n": "target_name",
    "w": "weapon",
    "d": "defence",
    "k": "target",
    "die": "die",
}
LABELS = {field: WORDS[key] for key, field in FIELDS.items()} | {
    "origin": "shooter's hex",
    HORSE_FIELD: "Target",
    "seed": "seed",
}


def _arg(args, key: str, default: str = "") -> str:
    """The field ``key`` as typed (spaces trimmed); one longer than the page takes is refused
    in the form's words, never cut short to a value nobody typed."""
    text = args.get(key, default).strip()
    if len(text) > LONGEST[key]:
        shown = text if len(text) <= 12 else text[:12] + "..."
        raise InputError(
            f"{WORDS[key]}: at most {LONGEST[key]} characters, got {shown!r} ({len(text)})"
        )
    return text


def read_zoom(args) -> int:
    """The map's zoom: 1 (none given), 2 or 3; anything else is refused (the swim page's too)."""
    text = _arg(args, "z", "1") or "1"
    if not (is_whole(text) and int(text) in ZOOMS):
        raise InputError(f"zoom: expected {', '.join(map(str, ZOOMS))}, got {text!r}")
    return int(text)


@bp.get("/")
def listing() -> str:
    here = cards()
    maps, broken = read_maps(here, source_only())
    keys = {m.key for m in maps}
    unread = [(path.stem, page_line(error)) for path, error in broken]
    try:
        layouts = [lay for lay in load_layouts(here) if keys.issuperset(lay.maps)]
    except DataError as e:  # the maps still play, each on its own
        layouts, unread = [], [*unread, ("layouts.toml", page_line(e))]
    return render_template("maps.html", maps=maps, layouts=layouts, broken=unread)


@lru_cache(maxsize=64)
def _named(m) -> dict[str, Any]:
    """Each hex of the map by its name as the page writes it (``D13``, ``mill:D13``), once per
    map (maps are built once per file version)."""
    return {m.label(h): h for h in m.hexes()}


@lru_cache(maxsize=64)
def _around(m) -> dict[str, tuple[str, ...]]:
    """The names of each hex's neighbours on the map, by the hex's name, once per map."""
    return {
        name: tuple(m.label(n) for s in hg.SIDES if m.on_map(n := hg.neighbour(h, s)))
        for name, h in _named(m).items()
    }


class Shot(NamedTuple):
    """The shot as the page shows it: the look-up's answer (`lookups.view`), the tables, the
    two sides when named, the note on their values and what was used (the map's cover)."""

    answer: Answer
    crt: Crt
    sides: list[str] | None
    values_note: str
    used: list[str]


def _shot(here, sight, args) -> Shot | None:
    """The shot along the sight, once the page knows a target (``n``, his name, or ``d``, a
    defence), from the fields the page carries (`FIELDS`), parsed and fired by
    `companion.dark_blades.shot_request` as for `havoc missile --map`."""
    values: dict[str, Any] = {field: _arg(args, key) for key, field in FIELDS.items()}
    if not (values["defence"] or values["target_name"]) or not sight.open_shot:
        return None  # no target yet; range 1 is the weapon's to refuse
    if not values["shooter"]:
        values["weapon"] = values["weapon"] or "shortbow"  # the form's first weapon
    if len(sight.targets) == 2:
        values["target"] = ""  # two hexes tapped: the page says "Target: mounted"
    values["seed"] = args.get("seed", "").strip()[:20]
    data = load_crt(here)
    asked = shot_request.shot_request(here, data, sight, values, named_shot.by_name)
    record = shot_request.shot(here, data, asked, source_only())
    sides = None
    if asked.shooters:
        sides = sides_line(list(asked.shooters), list(asked.targets), missile=True)
        if not asked.targets:
            sides[1] = f"v defence {values['defence']} ({asked.request.target})"
    return Shot(
        answer=view(data, record, source_only()),
        crt=data,
        sides=sides,
        values_note=f"{VALUES_NOTE}; {ASSUMED}" if asked.shooters else "",
        used=[f"cover {sight.cover} (the map)"] if sight.cover != "none" else [],
    )


def _keep(args, weapons: list[str]) -> dict[str, str]:
    """The shot's and the start hexes' fields each link carries on: only values the page can
    use (a weapon's name, a defence of digits and commas, infantry or mounted, a number of
    players), so that 280 links stay light whatever the address holds."""
    good: dict[str, Callable[[str], object]] = {
        "s": NAME.fullmatch,
        "n": NAME.fullmatch,
        "w": lambda v: v.lower() in weapons,
        "d": lambda v: is_whole(v.replace(",", "")),
        "k": lambda v: v in TARGETS,
    }
    keep = {}
    for k, n in KEEP.items():
        value = args.get(k, "").strip()[:n]
        if value and good[k](value):
            keep[k] = value
    return keep


def _taps(
    names: list[str], origin: str, target: str, second: str, parse=hg.parse_hex
) -> dict[str, tuple[str, str, str]]:
    """Where tapping each hex leads, as (shooter, target, second target hex): the shooter
    first, then the target; with a target chosen, a hex next to it becomes a horseman's second
    hex (tapping that again drops it) and any other hex is a new target. The shooter's own
    hex, tapped again, drops the shooter (and the target with him)."""
    if not origin:
        return {n: (n, "", "") for n in names}
    if not target:
        return {n: (origin, n, "") if n != origin else ("", "", "") for n in names}
    at = parse(target)
    taps = {}
    for n in names:
        h = parse(n)
        if n == origin:
            taps[n] = ("", "", "")
        elif n == second or n == target:
            taps[n] = (origin, target, "")
        elif n != origin and at is not None and h is not None and hg.distance(at, h) == 1:
            taps[n] = (origin, target, n)
        else:
            taps[n] = (origin, n, "")
    return taps


def _address(f: str, t: str, t2: str, rest: str) -> Markup:
    """A link's query string: the hexes tapped (hex names need no quoting), then ``rest``, the
    fields carried on, quoted once per page (`_carried`). Its ``&`` go unescaped: every name
    after one is a letter or two and ``=`` (``&t=``), which HTML reads as text, so 280 hex
    links stay light."""
    taps = [f"{k}={v}" for k, v in (("f", f), ("t", t), ("t2", t2)) if v]
    return Markup("?" + "&".join([*taps, rest] if rest else taps))


def _carried(keep: dict[str, str], zoom: int = 1, quoted: str | None = None) -> str:
    """The fields each link carries on (`_keep`) and the zoom (left out at 1x), quoted
    (``quoted``: the fields already quoted, for the page's other zooms)."""
    if quoted is None:
        quoted = urlencode(list(keep.items()), safe=",:")
    zoomed = f"z={zoom}" if zoom > 1 else ""
    return "&".join(part for part in (quoted, zoomed) if part)


def _answer(m, here, args) -> dict:
    """The page's answer: the hexes tapped, the sight and the shot, the start hexes, and the
    one refusal line (a pair the rules rule out drops its second hex; the first still answers).
    """
    out: dict[str, Any] = {"error": None, "sight": None, "shot": None}
    f, t, t2 = (args.get(k, "").strip()[:HEX_TEXT] for k in ("f", "t", "t2"))
    origin: hg.Hex | None = None
    targets: tuple[hg.Hex, ...] = ()
    try:
        origin = m.hex(f) if f else None
        if f and t:
            asked = _sight_request(here, m, f, t, t2, out)
            targets = asked.targets
            out["sight"] = sight_request.sight(here, asked)
    except (HavocError, ValueError) as e:
        out["error"] = refused(e, LABELS)
    if out["sight"] is not None:
        try:
            out["shot"] = _shot(here, out["sight"], args)
        except (HavocError, ValueError) as e:
            out["error"] = refused(e, LABELS)
    shown = (origin, *targets, None, None)[:3]
    out["f"], out["t"], out["t2"] = (m.label(h) if h else "" for h in shown)
    return out


def _sight_request(here, m, f: str, t: str, t2: str, out: dict) -> sight_request.SightRequest:
    """The tapped hexes as `sight_request` parses them; a horseman's pair the rules rule out
    (not neighbours, a hex impassable to horses) is said in ``out`` and drops its second hex:
    the first still answers."""
    values = {"origin": f, HORSE_FIELD: [t, t2]}
    try:
        return sight_request.sight_request(here, m, values)
    except FieldError as e:
        if not t2 or e.field != HORSE_FIELD:
            raise
        out["error"] = refused(e, LABELS)
    return sight_request.sight_request(here, m, {**values, HORSE_FIELD: [t]})


def _n(value: float) -> float | int:
    """A coordinate to 0.1 px, written without a trailing .0 (the page is lighter)."""
    tenth = round(float(value), 1)
    return int(tenth) if tenth.is_integer() else tenth


def _drawing(m) -> tuple[list, list]:
    """The hexes as (name, x, y, terrain, the y of its coordinate) and the walls, top lips and
    the lips' ticks as segments (`map_marks`: the coordinate is kept clear of the ticks)."""
    hexes = []
    for h in m.hexes():
        x, y = hg.centre(h, R)
        label = y + R + {"top": -6, "bottom": 8.5, "middle": 1.2}[name_edge(m.lips, h)]
        hexes.append((m.label(h), _n(x + R), _n(y + R), m.terrain[h], _n(label)))
    segments = []
    kinds = [("wl", _sides(m.building_walls | m.walls)), ("k", sorted(m.lips))]
    joins = m.joins()  # a layout's: where its maps meet
    if joins:
        kinds.append(("jn", _sides(joins)))
    for kind, sides in kinds:
        for h, side in sides:
            pts = hg.corners(h, R)
            i, j = hg.SIDE_CORNERS[side]
            (x1, y1), (x2, y2) = pts[i], pts[j]
            segments.append((_n(x1 + R), _n(y1 + R), _n(x2 + R), _n(y2 + R), kind))
            if kind == "k":
                for (a, b), (c2, d) in lip_ticks((x1, y1), (x2, y2), hg.centre(h, R)):
                    segments.append((_n(a + R), _n(b + R), _n(c2 + R), _n(d + R), "kt"))
    return hexes, segments


HEX_PX = {1: 40, 2: 52, 3: 64}  # a hex's width on the phone at each zoom, in CSS px (>= 40)


class Style(NamedTuple):
    """How the phone map draws a terrain: its class (a pattern of `map.html`'s defs, by
    style.css), the key's words for it, and whether its name is written in the hex (colour
    never alone: the pattern or the word tells it in grey too)."""

    cls: str
    key: str
    named: bool = False


BUILDING = "hatched grey, walls black"
STYLES = {  # in the key's order
    "open": Style("", "plain white"),
    "tree": Style("t", "rings on green"),
    "slope": Style(
        "s",
        "strokes on tan, its top lip a brown line with ticks down the slope (a coordinate "
        "under the lip moves to the hex's foot)",
    ),
    "house": Style("h", BUILDING),
    "window": Style("w", BUILDING, named=True),
    "door": Style("d", BUILDING, named=True),
    "river": Style("r", "waves on blue"),
    "lake": Style("l", "waves on blue"),
    "stepping-stones": Style("n", "grey dots on blue"),
    "bridge": Style("b", "plain tan"),
    "bushes": Style("u", "green dots", named=True),
    "scrub": Style("c", "tufts on pale tan", named=True),
    "hillock": Style("m", "brown contour arcs", named=True),
    "courtyard": Style("y", "paving squares", named=True),
    "bars": Style("x", "a dark grid", named=True),
}
# Every other water a map may use (`map_water.WATER`: a stream, water) is drawn as the river:
# the swim rules roll it as the river (cards/dark-blades/water.toml).
STYLES |= {kind: STYLES["river"] for kind in WATER if kind not in STYLES}
OTHER = Style("q", "grey dots", named=True)  # a terrain of the user's own cards
LINK = "\x00{}\x01"  # a hex link's place in the drawn map: its hex's name between the two


def map_size(m) -> tuple[float | int, float | int]:
    """The map's width and height in SVG units (the lower columns' last hexes drawn whole)."""
    return _n(1.5 * R * (m.width - 1) + 2 * R), _n(R * hg.SQRT3 * m.height + R)


def px_wide(width: float, zoom: int) -> int:
    """The drawn map's width on the phone in CSS px, ``width`` SVG units across at ``zoom``:
    a hex `HEX_PX` wide (the swim page draws its map the same)."""
    return round(width * HEX_PX[zoom] / (2 * R))


@lru_cache(maxsize=64)
def _drawn(m, zoom: int) -> str:
    """The whole map at ``zoom`` as SVG markup, drawn once per map (maps are built once per
    file version) and zoom: what never changes with a tap. Each hex is a link whose address
    is left as its name between ``\\x00`` and ``\\x01`` (`LINK`, filled in per request by
    `_links`). The SVG is left open: the picked hexes and the line (`_overlay`) go last, over
    the hexes, and close it."""
    width, height = map_size(m)
    hexes, segments = _drawing(m)
    px = px_wide(width, zoom)
    out = [
        f'<svg class="hexmap" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}"'
        f' width="{px}" role="img" aria-label="{escape(m.name)}">'
    ]
    for name, x, y, kind, ly in hexes:
        c = STYLES.get(kind, OTHER).cls
        cls = f' class="{c}"' if c else ""
        said = f' aria-label="{name} {kind}"' if kind != "open" else ""
        out.append(
            f'<a href="{LINK.format(name)}#answer"{said}><use href="#h" x="{x}" y="{y}"{cls}/>'
            f'<text x="{x}" y="{ly}">{name.rpartition(":")[2]}</text></a>'
        )
    for _name, x, y, kind, _ly in hexes:
        if STYLES.get(kind, OTHER).named:
            out.append(f'<text class="nm" x="{x}" y="{_n(y + 2)}">{escape(kind)}</text>')
    for key, x, y in _piece_marks(m):  # a layout: each map's key across its middle
        out.append(f'<text class="pk" x="{x}" y="{y}">{escape(key)}</text>')
    for kind in ("wl", "k", "kt", "jn"):
        d = "".join(f"M{a},{b}L{c},{e}" for a, b, c, e, k in segments if k == kind)
        if d:
            out.append(f'<path class="{kind}" d="{d}"/>')
    return "".join(out)


def _piece_marks(m) -> list[tuple[str, float | int, float | int]]:
    """On a layout, each map's key, written a little inside the join where it meets the
    others (where a player looks to tell which map is which); none on one map."""
    if not isinstance(m, LayoutMap):
        return []
    joins = m.joins()
    marks = []
    for p in m.pieces:
        mid = hg.centre((p.col + p.map.width // 2, p.row + (p.map.height + 1) // 2), R)
        edge = [hg.centre(h, R) for pair in joins for h in pair if p.holds(h)]
        ex, ey = (sum(c) / len(edge) for c in zip(*edge, strict=True)) if edge else mid
        x, y = ex + 0.45 * (mid[0] - ex), ey + 0.45 * (mid[1] - ey)
        marks.append((p.key, _n(x + R), _n(y + R)))
    return marks


@lru_cache(maxsize=64)
def _key(m) -> Markup:
    """`_terrain_key` as the page writes it (``tree = rings on green; ``), once per map."""
    return Markup(
        "".join(f"{escape(kinds)} = {escape(words)}; " for kinds, words in _terrain_key(m))
    )


def _terrain_key(m) -> list[tuple[str, str]]:
    """The key to the terrains this map uses (`_key` keeps it): (the terrains, how they are drawn),
    terrains drawn alike together, in `STYLES`' order (the user's own terrains last); then the
    terrains whose name is written in the hex, and the walls along hex sides."""
    present = set(m.terrain.values())
    order = [*STYLES, *sorted(present - STYLES.keys())]
    key: dict[str, list[str]] = {}
    for kind in order:
        if kind in present:
            key.setdefault(STYLES.get(kind, OTHER).key, []).append(kind)
    out = [(", ".join(kinds), words) for words, kinds in key.items()]
    named = [kind for kind in order if kind in present and STYLES.get(kind, OTHER).named]
    if named:
        out.append((", ".join(named), "also the name written in the hex"))
    if m.walls:  # a garden or courtyard wall: along hex sides, never a hex (`SIDE_ONLY`)
        out.append(("a wall between hexes", "a heavy black line"))
    return out


@lru_cache(maxsize=64)
def _cut(m, zoom: int) -> tuple[tuple[str, ...], dict[str, int]]:
    """The drawn map cut at its hex links, once per map and zoom: ``(text, "", name, "",
    text, "", name, "", ..., text)``, the two empty places around each hex's name left for its
    address's start and end (`_links`); and where each hex's name is in it, by the name."""
    start, end = LINK.split("{}")
    pieces: list[str] = []
    at: dict[str, int] = {}
    rest = _drawn(m, zoom)
    while (i := rest.find(start)) >= 0:
        j = rest.index(end, i)
        name = rest[i + len(start) : j]
        pieces += [rest[:i], ""]
        at[name] = len(pieces)
        pieces += [name, ""]
        rest = rest[j + len(end) :]
    pieces.append(rest)
    return tuple(pieces), at


def _links(m, zoom: int, f: str, t: str, t2: str, rest: str) -> list[str]:
    """The drawn map with each hex's link filled in (`_taps`; ``rest``: the fields carried on,
    `_carried`), as pieces to join. Every hex leads the same way (a new shooter, or a new
    target): its address one prefix, the hex's name and one suffix, put in all at once into
    the places `_cut` left; then the target, his second hex and the hexes next to the target
    are worked out one by one and their addresses put in place of theirs."""
    cut, at = _cut(m, zoom)
    pieces = list(cut)
    count = len(at)
    pieces[1::4] = [f"?f={f}&t=" if f else "?f="] * count
    pieces[3::4] = [f"&{rest}" if rest else ""] * count
    if f:  # the shooter's hex; with a target, his hexes and those next to him
        near = [f, t, t2, *_around(m)[t]] if t in at else [f]
        for name, tap in _taps([h for h in near if h in at], f, t, t2, _named(m).get).items():
            i = at[name]
            pieces[i - 1 : i + 2] = [_address(*tap, rest), "", ""]
    return pieces


def _overlay(at: dict, origin: str, targets: list[str], line: set[str], sight) -> str:
    """The per-request marks over the drawn map: the line's hexes outlined, the sight line,
    and the shooter (S) and target (T) circled; none of them catches a tap."""
    out = ['<g class="ov">']
    for name in sorted(line & at.keys()):  # a line along the edge names hexes off the map
        x, y = at[name]
        out.append(f'<use href="#h" x="{x}" y="{y}" class="on"/>')
    if sight and origin in at:
        o = at[origin]
        for n in targets:
            out.append(
                f'<line x1="{o[0]}" y1="{o[1]}" x2="{at[n][0]}" y2="{at[n][1]}" stroke="#d00"'
                ' stroke-width=".8" stroke-dasharray="2 1"/>'
            )
    for name, mark in [(origin, "S"), *((n, "T") for n in targets)]:
        if name in at:
            x, y = at[name]
            out.append(
                f'<circle class="st" cx="{x}" cy="{y}" r="4" data-pick="{mark}"/>'
                f'<text x="{x}" y="{_n(y + 1.2)}">{mark}</text>'
            )
    out.append("</g>")
    return "".join(out)


@lru_cache(maxsize=64)
def _centres(m) -> dict[str, tuple]:
    """Each hex's centre on the drawn map, by its name."""
    return {name: (x, y) for name, x, y, *_ in _drawing(m)[0]}


def _board(here, key: str, layout: bool = False):
    """The map (or with ``layout`` the layout) ``key`` names (`board_or_404`), found again
    only when a file it is found and built from changed: the map files (their names, times and
    sizes), terrain.toml and for a layout layouts.toml. A map is a new object when it is built
    again, so the caches keyed on it (`_drawn`) never serve an old drawing."""
    names = ("terrain.toml", "layouts.toml") if layout else ("terrain.toml",)
    files = [*map_files(here), *(here.path(GAME, name) for name in names)]
    return _found(key, layout, source_only(), file_stamps(*files))


@lru_cache(maxsize=32)
def _found(key: str, layout: bool, only: bool, stamps: tuple) -> Any:
    """`board_or_404` for the request's cards and switch, whose files are as ``stamps`` says
    and whose switch is ``only``: what the answer depends on, so it is kept by them."""
    return board_or_404(key, layout)


@bp.get("/<key>")
def page(key: str) -> bytes:
    here = cards()
    return kept_pages.kept(lambda: _page(here, _board(here, key)))


@bp.get("/layout/<key>")
def layout_page(key: str) -> bytes:
    """A layout: its maps laid together, one board (hexes named ``mill:C4``)."""
    here = cards()
    return kept_pages.kept(lambda: _page(here, _board(here, key, layout=True)))


def _page(here, m) -> str:
    args = request.args.to_dict()  # each field's first value, as `.get` gives it
    a = _answer(m, here, args)
    f, t, t2, sight = a["f"], a["t"], a["t2"], a["sight"]
    # the weapons only when a page uses them: the form (a shot to fire) or a weapon carried on
    weapons = load_weapons(here) if (sight and sight.can_fire) or args.get("w") else None
    try:
        zoom = read_zoom(args)
    except InputError as e:
        zoom, a["error"] = 1, a["error"] or refused(e)
    keep = _keep(args, [w.lower() for w in weapons.names()] if weapons else [])
    quoted = _carried(keep)
    rest = _carried(keep, zoom, quoted)
    targets = [n for n in (t, t2) if n]
    line = {m.label(h) for h in sight.line} if sight else set()
    links = _links(m, zoom, f, t, t2, rest)
    drawn = "".join([*links, _overlay(_centres(m), f, targets, line, sight), "</svg>"])
    return render_template(
        "map.html",
        m=m,
        pieces=m.pieces if isinstance(m, LayoutMap) else None,  # a layout's maps
        drawn=Markup(drawn),
        roster=_roster(here) if sight and sight.can_fire else "",
        origin=f,
        target=t,
        second=t2,
        targets=targets,
        sight=sight,
        parts=part_words(sight) if sight else [],
        shot=a["shot"],
        keep=keep,
        weapons=list(weapons.weapons) if weapons else [],
        resets={
            "new shooter": _address("", "", "", rest),
            "new target": _address(f, "", "", rest) if t else "",
            "one-hex target": _address(f, t, "", rest) if t2 else "",
        },
        zooms={z: _address(f, t, t2, _carried(keep, z, quoted)) for z in ZOOMS},
        zoom=zoom,
        error=a["error"],
        line_text=steps_text(m, sight.steps) if sight else "",
        in_water=_in_water(m, f),
        sides=hg.SIDES,
        key=_key(m),
    )


def _in_water(m, name: str) -> bool:
    """Whether the tapped shooter's hex is water (the swim link starts from it only then)."""
    h = _named(m).get(name) if name else None
    return h is not None and is_water(m, h)


def _roster(here) -> Markup:
    """The roster's names as the options offered for the shooter and the target (a typed name
    by any unique start, as `havoc fight` takes it), made once per version of its files."""
    files = (here.path(pieces.GAME, "piece-types.toml"), here.path(pieces.GAME, "pieces.csv"))
    return _options(here.root, file_stamps(*files))


@lru_cache(maxsize=8)
def _options(root: Path, stamps: tuple) -> Markup:
    """`_roster` for the cards at ``root``, whose roster files are as ``stamps`` says."""
    names = (ch.name for ch in pieces.roster(Cards(root)))
    return Markup("".join(f'<option value="{escape(n)}">' for n in names))


def clear_caches() -> None:
    """Forget every map found, drawn and marked, the roster's options and the pages kept for
    their address (tests compare a page drawn afresh with the same page served from these)."""
    for cached in (_found, _drawn, _key, _cut, _named, _around, _centres, _options):
        cached.cache_clear()
    kept_pages.clear()


def _sides(pairs) -> list:
    """Each side (a pair of hexes) as (hex, side name) from its first hex."""
    out = []
    for pair in sorted(pairs, key=sorted):
        a, b = sorted(pair)
        side = hg.side_between(a, b)
        if side is not None:
            out.append((a, side))
    return out
