"""The phone map page: a Dark Blades map as SVG, tap the shooter then the target (plain links,
no JavaScript), and see range, line, cover and the missile result; Who's Next start hexes.

Thin: `companion.dark_blades.maps` and `sight` answer; the shot goes through `fire`, as
`havoc missile --map` does. Each hex is a link to the same page with ``f`` (shooter), ``t``
(target) and ``t2`` (a horseman's second hex, next to ``t``: the pair answers as
`havoc los MAP F T,T2` does) set; ``z`` zooms (the page scrolls to pan).
"""

from __future__ import annotations

from urllib.parse import urlencode

from flask import Blueprint, abort, render_template, request
from markupsafe import Markup

from companion.dark_blades import combat as c
from companion.dark_blades import hexgrid as hg
from companion.dark_blades.maps import find_map, load_maps, start_hexes
from companion.dark_blades.missiles import TARGETS, load_weapons
from companion.dark_blades.sight import (
    check_horse,
    horse_sight,
    line_of_sight,
    load_sight,
    part_words,
)
from companion.errors import HavocError, InputError
from companion.numbers import is_whole
from companion.web.current import cards, refused, source_only

bp = Blueprint("maps", __name__, url_prefix="/dark-blades/maps")
R = 12.0  # hex circumradius in SVG units: 20 columns come to about 360 px
ZOOMS = (1, 2, 3)
KEEP = {"w": 18, "d": 6, "k": 8, "p": 3}  # what each link carries on, and its longest value


@bp.get("/")
def listing() -> str:
    return render_template("maps.html", maps=load_maps(cards(), source_only()))


def _hex_arg(m, name: str):
    text = request.args.get(name, "").strip()[:4]
    return m.hex(text) if text else None


def _shot(sight, args, kind: str | None = None) -> dict | None:
    """The missile result for the shot, when a weapon and a defence are given."""
    from companion.dark_blades.completion import cell_source
    from companion.dark_blades.crt import load_crt
    from companion.dark_blades.requests import MissileRequest
    from companion.dark_blades.resolve import fire
    from companion.dark_blades.special import load_combat_rules

    defence = args.get("d", "").strip()[: KEEP["d"]]
    if not defence or not sight.can_fire:
        return None
    here = cards()
    data = load_crt(here)
    target = kind or args.get("k", "infantry").strip()
    if target not in TARGETS:
        raise InputError(f"target: expected {' or '.join(TARGETS)}")
    die = args.get("die", "").strip()[:6]
    if die and not is_whole(die):  # refused as the crt page refuses it, never rolled instead
        raise InputError(f"die: expected a face like 7 (0 is ten), got {die!r}")
    wanted = MissileRequest(
        weapon=args.get("w", "shortbow").strip()[: KEEP["w"]],
        hexes=sight.range,
        defence=tuple(c.parse_strengths([defence], "defence")),
        target=target,
        cover=sight.cover if sight.cover != "none" else None,
        die=int(die) if is_whole(die) else None,
    )
    record = fire(
        data,
        load_weapons(here),
        wanted,
        cell_source(here, data, source_only()),
        load_combat_rules(here),
    )
    if isinstance(record, c.NoShot):
        return {"result": "no shot", "meaning": record.reason}
    kit = record.face in getattr(record, "kit_faces", ())
    return {
        "result": record.cell or "lost",
        "meaning": record.meaning,
        "face": record.face,
        "column": record.columns[record.column] if record.columns else "",
        "kit": kit,
    }


def _keep(args, weapons: list[str]) -> dict[str, str]:
    """The shot's and the start hexes' fields each link carries on: only values the page can
    use (a weapon's name, a defence of digits and commas, infantry or mounted, a number of
    players), so that 280 links stay light whatever the address holds."""
    good = {
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


def _taps(names: list[str], origin: str, target: str, second: str) -> dict[str, tuple]:
    """Where tapping each hex leads, as (shooter, target, second target hex): the shooter
    first, then the target; with a target chosen, a hex next to it becomes a horseman's second
    hex (tapping that again drops it) and any other hex is a new target."""
    if not origin:
        return {n: (n, "", "") for n in names}
    if not target:
        return {n: (origin, n, "") for n in names}
    at = hg.parse_hex(target)
    taps = {}
    for n in names:
        h = hg.parse_hex(n)
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
    return Markup("?" + urlencode([(k, v) for k, v in pairs if v], safe=","))


def _answer(m, here, args) -> dict:
    """The page's answer: the hexes tapped, the sight and the shot, the start hexes, and the
    one refusal line (a pair the rules rule out drops its second hex; the first still answers).
    """
    out = {"error": None, "sight": None, "shot": None, "starts": []}
    try:
        origin, target, second = (_hex_arg(m, k) for k in ("f", "t", "t2"))
    except (HavocError, ValueError) as e:
        out["error"], origin, target, second = refused(e), None, None, None
    if origin is None or target is None:
        target = second = None
    if origin is not None and target is not None:
        rules = load_sight(here)
        if second is not None:
            try:
                check_horse(m, here, (target, second), "target")
            except HavocError as e:
                out["error"], second = refused(e), None
        if second is not None:
            out["sight"] = horse_sight(m, rules, origin, (target, second))
        else:
            out["sight"] = line_of_sight(m, rules, origin, target)
        try:
            out["shot"] = _shot(out["sight"], args, "mounted" if second else None)
        except (HavocError, ValueError) as e:
            out["error"] = refused(e)
    try:
        players = args.get("p", "").strip()[: KEEP["p"]]
        if players:
            if not is_whole(players):
                raise InputError(f"players: expected a number, got {players!r}")
            out["starts"] = start_hexes(m, int(players))
    except (HavocError, ValueError) as e:
        out["error"] = refused(e)
    out["f"], out["t"], out["t2"] = (hg.name(h) if h else "" for h in (origin, target, second))
    return out


def _drawing(m) -> tuple[list, list]:
    """The hexes as (name, x, y, terrain) and the walls and top lips as segments."""
    hexes = []
    for h in m.hexes():
        x, y = hg.centre(h, R)
        hexes.append((hg.name(h), round(x + R, 1), round(y + R, 1), m.terrain[h]))
    segments = []
    for kind, sides in (("wl", _sides(m.building_walls | m.walls)), ("k", sorted(m.lips))):
        for h, side in sides:
            pts = hg.corners(h, R)
            i, j = hg.SIDE_CORNERS[side]
            (x1, y1), (x2, y2) = pts[i], pts[j]
            segments.append(
                (round(x1 + R, 1), round(y1 + R, 1), round(x2 + R, 1), round(y2 + R, 1), kind)
            )
    return hexes, segments


@bp.get("/<key>")
def page(key: str) -> str:
    here = cards()
    try:
        m = find_map(here, key[:40], source_only())
    except InputError:
        abort(404)
    args = request.args
    a = _answer(m, here, args)
    f, t, t2, sight = a["f"], a["t"], a["t2"], a["sight"]
    weapons = load_weapons(here)
    zoom = args.get("z", "1")
    zoom = int(zoom) if is_whole(zoom) and int(zoom) in ZOOMS else 1
    keep = _keep(args, [w.lower() for w in weapons.names()])
    unzoomed = dict(keep)
    if zoom > 1:
        keep["z"] = str(zoom)
    hexes, segments = _drawing(m)
    taps = _taps([n for n, *_ in hexes], f, t, t2)
    return render_template(
        "map.html",
        m=m,
        hexes=hexes,
        links={n: _query(*tap, keep) for n, tap in taps.items()},
        at={n: (x, y) for n, x, y, _ in hexes},
        width=round(1.5 * R * (m.width - 1) + 2 * R, 1),
        height=round(R * hg.SQRT3 * (m.height + 0.5), 1),
        r=R,
        origin=f,
        target=t,
        second=t2,
        targets=[n for n in (t, t2) if n],
        sight=sight,
        parts=part_words(sight) if sight else [],
        line={hg.name(h) for h in sight.line} if sight else set(),
        shot=a["shot"],
        starts={hg.name(h): i + 1 for i, h in enumerate(a["starts"])},
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
        line_names=[hg.name(h) for h in sight.line] if sight else [],
        segments=segments,
    )


def _sides(pairs) -> list:
    """Each side (a pair of hexes) as (hex, side name) from its first hex."""
    out = []
    for pair in sorted(pairs, key=sorted):
        a, b = sorted(pair)
        side = hg.side_between(a, b)
        if side is not None:
            out.append((a, side))
    return out
