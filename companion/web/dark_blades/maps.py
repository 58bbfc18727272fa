"""The phone map page: a Dark Blades map as SVG, tap the shooter then the target (plain links, no
JavaScript), and see range, line, cover and the missile result; Who's Next start hexes.

Thin: the tapped hexes and the shot's fields go to the parsers `havoc los` and `havoc missile
--map` share, `companion.dark_blades.sight_request` and `shot_request` (`FIELDS`: each link's
key and the field it carries): the shooter by name (``s``: his roster weapon) or a weapon
(``w``), at the target by name (``n``) or a defence (``d``, of kind ``k``). Each hex is a link
to the same page with ``f`` (shooter), ``t`` (target) and ``t2`` (a horseman's second hex, next
to ``t``: the pair answers as `havoc los MAP F T,T2` does) set, and the shot's fields carried
on; ``z`` zooms the whole map (the page scrolls to pan). Above it, a close-up of the picked
hexes at `CROP_HEX` px a hex (`_crops`), and the slopes' ticks with the coordinates clear of
them (`map_marks`). A layout (maps laid together, ``/layout/KEY``) is the same page over the
joined maps, its hexes named ``mill:C4``.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any
from urllib.parse import urlencode

from flask import Blueprint, render_template, request
from markupsafe import Markup

from companion.dark_blades import hexgrid as hg
from companion.dark_blades import pieces, shot_request, sight_request
from companion.dark_blades.crt import load_crt
from companion.dark_blades.fight import VALUES_NOTE, sides_line
from companion.dark_blades.layouts import load_layouts
from companion.dark_blades.map_marks import lip_ticks, name_edge
from companion.dark_blades.maps import load_maps, start_hexes
from companion.dark_blades.missiles import TARGETS, load_weapons
from companion.dark_blades.sight import HORSE_FIELD, part_words, steps_text
from companion.dark_blades.water import is_water
from companion.errors import FieldError, HavocError, InputError
from companion.numbers import is_whole
from companion.web.current import board_or_404, cards, refused, source_only
from companion.web.dark_blades.lookups import view

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
    "p": 3,
}  # what each link carries on, and its longest value
ASSUMED = "assumed: each healthy unless typed so (Grast:wounded, Goblin:stunned)"
LONGEST = {**KEEP, "die": 2, "z": 1}  # a longer value is refused, not cut short
WORDS = {  # the form's words for each field, in a refusal
    "s": "shooter",
    "n": "target (name)",
    "w": "weapon",
    "d": "defence",
    "k": "target on the tables",
    "p": "players",
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


def _zoom(args) -> int:
    """The map's zoom: 1 (none given), 2 or 3; anything else is refused."""
    text = _arg(args, "z", "1") or "1"
    if not (is_whole(text) and int(text) in ZOOMS):
        raise InputError(f"zoom: expected {', '.join(map(str, ZOOMS))}, got {text!r}")
    return int(text)


@bp.get("/")
def listing() -> str:
    here = cards()
    maps = load_maps(here, source_only())
    keys = {m.key for m in maps}
    layouts = [lay for lay in load_layouts(here) if keys.issuperset(lay.maps)]
    return render_template("maps.html", maps=maps, layouts=layouts)


HEX_TEXT = 16  # the longest hex a link carries: ``D13``, or on a layout ``mill:D13``


def _parser(m):
    """A hex name as the page's links carry it (``D13``, ``mill:D13``) → hex, or None."""

    def parse(text: str):
        try:
            return m.hex(text)
        except InputError:
            return None

    return parse


def _shot(here, sight, args) -> dict | None:
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
    asked = shot_request.shot_request(here, data, sight, values)
    record = shot_request.shot(here, data, asked, source_only())
    sides = None
    if asked.shooters:
        sides = sides_line(list(asked.shooters), list(asked.targets), missile=True)
        if not asked.targets:
            sides[1] = f"v defence {values['defence']} ({asked.request.target})"
    return {
        "answer": view(data, record, source_only()),
        "crt": data,
        "sides": sides,
        "values_note": f"{VALUES_NOTE}; {ASSUMED}" if asked.shooters else "",
        "used": [f"cover {sight.cover} (the map)"] if sight.cover != "none" else [],
    }


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
        "p": is_whole,
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
    hex (tapping that again drops it) and any other hex is a new target."""
    if not origin:
        return {n: (n, "", "") for n in names}
    if not target:
        return {n: (origin, n, "") for n in names}
    at = parse(target)
    taps = {}
    for n in names:
        h = parse(n)
        if n == second or n == target:
            taps[n] = (origin, target, "")
        elif n != origin and at is not None and h is not None and hg.distance(at, h) == 1:
            taps[n] = (origin, target, n)
        else:
            taps[n] = (origin, n, "")
    return taps


def _query(f: str, t: str, t2: str, keep: dict[str, str]) -> Markup:
    """A link's query string. Its ``&`` go unescaped: every name after one is a letter or two
    and ``=`` (``&t=``), which HTML reads as text, so 280 hex links stay light (`urlencode`
    quotes every value)."""
    pairs = [("f", f), ("t", t), ("t2", t2), *keep.items()]
    return Markup("?" + urlencode([(k, v) for k, v in pairs if v], safe=",:"))


def _answer(m, here, args) -> dict:
    """The page's answer: the hexes tapped, the sight and the shot, the start hexes, and the
    one refusal line (a pair the rules rule out drops its second hex; the first still answers).
    """
    out: dict[str, Any] = {"error": None, "sight": None, "shot": None, "starts": []}
    f, t, t2 = (args.get(k, "").strip()[:HEX_TEXT] for k in ("f", "t", "t2"))
    origin: hg.Hex | None = None
    targets: tuple[hg.Hex, ...] = ()
    try:
        if f and t:
            asked = _sight_request(here, m, f, t, t2, out)
            origin, targets = asked.origin, asked.targets
            out["sight"] = sight_request.sight(here, asked)
        elif f:
            origin = m.hex(f)
    except (HavocError, ValueError) as e:
        out["error"] = refused(e, LABELS)
    if out["sight"] is not None:
        try:
            out["shot"] = _shot(here, out["sight"], args)
        except (HavocError, ValueError) as e:
            out["error"] = refused(e, LABELS)
    try:
        players = _arg(args, "p")
        if players:
            if not is_whole(players):
                raise InputError(f"players: expected a number, got {players!r}")
            out["starts"] = start_hexes(m, int(players))
    except (HavocError, ValueError) as e:
        out["error"] = refused(e)
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
    tenth = round(value, 1)
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
            segments.append(
                (round(x1 + R, 1), round(y1 + R, 1), round(x2 + R, 1), round(y2 + R, 1), kind)
            )
            if kind == "k":
                for (a, b), (c2, d) in lip_ticks((x1, y1), (x2, y2), hg.centre(h, R)):
                    segments.append(
                        (round(a + R, 1), round(b + R, 1), round(c2 + R, 1), round(d + R, 1), "kt")
                    )
    return hexes, segments


CROP_HEX = 42  # a hex's width in the close-up, in CSS px: 40 or more (issue 21)
CROP_WIDTH = 328  # the close-up's widest: a 360 px phone less the page's margins
CROP_HEIGHT = 300  # and its tallest, so that the answer and both hexes fit the first screen


def _window(points: list, width: float, height: float, size: tuple) -> tuple:
    """A viewBox (x, y, w, h) of ``width`` x ``height`` around ``points``, kept on the map."""
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    x = min(max(cx - width / 2, 0), max(size[0] - width, 0))
    y = min(max(cy - height / 2, 0), max(size[1] - height, 0))
    return round(x, 1), round(y, 1), round(min(width, size[0]), 1), round(min(height, size[1]), 1)


def _crops(hexes: list, segments: list, picked: list[str], size: tuple) -> list[dict]:
    """The close-ups around the picked hexes (the shooter, the target's one or two): one view
    if they fit a phone's width at `CROP_HEX` px a hex, else one around the shooter and one
    around the target. Each: its viewBox, its width in px and the hexes and marks it shows."""
    at = {n: (x, y) for n, x, y, *_ in hexes}
    groups = [[at[n] for n in picked if n in at]]
    if not groups[0]:
        return []
    scale = CROP_HEX / (2 * R)
    wide, high = CROP_WIDTH / scale, CROP_HEIGHT / scale
    xs, ys = [p[0] for p in groups[0]], [p[1] for p in groups[0]]
    if max(xs) - min(xs) + 4 * R > wide or max(ys) - min(ys) + 4 * R > high:
        groups = [groups[0][:1], groups[0][1:]]
    out = []
    for group in groups:
        across = max(p[0] for p in group) - min(p[0] for p in group)
        span = max(p[1] for p in group) - min(p[1] for p in group)
        box = _window(group, min(wide, across + 8 * R), span + 2 * hg.SQRT3 * R + 2 * R, size)
        out.append(
            {
                "box": box,
                "width": round(box[2] * scale),
                "hexes": [h for h in hexes if _inside(box, h[1], h[2], R)],
                "segments": [g for g in segments if _inside(box, g[0], g[1], R)],
            }
        )
    return out


def _inside(box: tuple, x: float, y: float, margin: float) -> bool:
    return box[0] - margin <= x <= box[0] + box[2] + margin and (
        box[1] - margin <= y <= box[1] + box[3] + margin
    )


@bp.get("/<key>")
def page(key: str) -> str:
    return _page(cards(), board_or_404(key))


@bp.get("/layout/<key>")
def layout_page(key: str) -> str:
    """A layout: its maps laid together, one board (hexes named ``mill:C4``)."""
    return _page(cards(), board_or_404(key, layout=True))


def _page(here, m) -> str:
    args = request.args
    a = _answer(m, here, args)
    f, t, t2, sight = a["f"], a["t"], a["t2"], a["sight"]
    weapons = load_weapons(here)
    try:
        zoom = _zoom(args)
    except InputError as e:
        zoom, a["error"] = 1, a["error"] or refused(e)
    keep = _keep(args, [w.lower() for w in weapons.names()])
    unzoomed = dict(keep)
    if zoom > 1:
        keep["z"] = str(zoom)
    hexes, segments = _drawing(m)
    taps = _taps([n for n, *_ in hexes], f, t, t2, _parser(m))
    width = round(1.5 * R * (m.width - 1) + 2 * R, 1)
    height = round(R * hg.SQRT3 * m.height + R, 1)  # the lower columns' last hexes drawn whole
    picked = [n for n in (f, t, t2) if n]
    return render_template(
        "map.html",
        m=m,
        hexes=hexes,
        links={n: _query(*tap, keep) for n, tap in taps.items()},
        at={n: (x, y) for n, x, y, *_ in hexes},
        width=width,
        height=height,
        crops=_crops(hexes, segments, picked, (width, height)),
        names=_roster_names(here) if sight and sight.can_fire else [],
        r=R,
        origin=f,
        target=t,
        second=t2,
        targets=[n for n in (t, t2) if n],
        sight=sight,
        parts=part_words(sight) if sight else [],
        line={m.label(h) for h in sight.line} if sight else set(),
        shot=a["shot"],
        starts={m.label(h): i + 1 for i, h in enumerate(a["starts"])},
        keep=keep,
        weapons=list(weapons.weapons),
        resets={
            "new shooter": _query("", "", "", keep),
            "new target": _query(f, "", "", keep) if t else "",
            "one-hex target": _query(f, t, "", keep) if t2 else "",
        },
        zooms={
            z: _query(f, t, t2, {**unzoomed, "z": str(z)} if z > 1 else unzoomed) for z in ZOOMS
        },
        zoom=zoom,
        error=a["error"],
        line_text=steps_text(m, sight.steps) if sight else "",
        in_water=_in_water(m, f),
        segments=segments,
    )


def _in_water(m, name: str) -> bool:
    """Whether the tapped shooter's hex is water (the swim link starts from it only then)."""
    h = _parser(m)(name) if name else None
    return h is not None and is_water(m, h)


def _roster_names(here) -> list[str]:
    """The roster's names, offered as the shooter and the target (a typed name by any unique
    start, as `havoc fight` takes it)."""
    return [ch.name for ch in pieces.load(here).roster]


def _sides(pairs) -> list:
    """Each side (a pair of hexes) as (hex, side name) from its first hex."""
    out = []
    for pair in sorted(pairs, key=sorted):
        a, b = sorted(pair)
        side = hg.side_between(a, b)
        if side is not None:
            out.append((a, side))
    return out
