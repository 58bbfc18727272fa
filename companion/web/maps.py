"""The phone map page: a Dark Blades map as SVG, tap the shooter then the target (plain links,
no JavaScript), and see range, line, cover and the missile result; Who's Next start hexes.

Thin: `companion.dark_blades.maps` and `sight` answer; the shot goes through `fire`, as
`havoc missile --map` does. Each hex is a link to the same page with ``f`` (shooter) and ``t``
(target) set; ``z`` zooms (the page scrolls to pan).
"""

from __future__ import annotations

from flask import Blueprint, abort, render_template, request

from companion.dark_blades import combat as c
from companion.dark_blades import hexgrid as hg
from companion.dark_blades.maps import find_map, load_maps, start_hexes
from companion.errors import HavocError, InputError
from companion.numbers import is_whole
from companion.web.current import cards, source_only

bp = Blueprint("maps", __name__, url_prefix="/dark-blades/maps")
R = 12.0  # hex circumradius in SVG units: 20 columns come to about 360 px
ZOOMS = (1, 2, 3)


@bp.get("/")
def listing() -> str:
    return render_template("maps.html", maps=load_maps(cards(), source_only()))


def _hex_arg(m, name: str):
    text = request.args.get(name, "").strip()[:4]
    return m.hex(text) if text else None


def _shot(m, sight, args) -> dict | None:
    """The missile result for the shot, when a weapon and a defence are given."""
    from companion.dark_blades.completion import cell_source
    from companion.dark_blades.crt import load_crt
    from companion.dark_blades.missiles import TARGETS, load_weapons
    from companion.dark_blades.requests import MissileRequest
    from companion.dark_blades.resolve import fire
    from companion.dark_blades.special import load_combat_rules

    defence = args.get("d", "").strip()[:6]
    if not defence or not sight.can_fire:
        return None
    here = cards()
    data = load_crt(here)
    target = args.get("k", "infantry")
    if target not in TARGETS:
        raise InputError(f"target: expected {' or '.join(TARGETS)}")
    die = args.get("die", "").strip()[:2]
    wanted = MissileRequest(
        weapon=args.get("w", "shortbow")[:20],
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


@bp.get("/<key>")
def page(key: str) -> str:
    here = cards()
    try:
        m = find_map(here, key[:40], source_only())
    except InputError:
        abort(404)
    args = request.args
    error, sight, shot, starts = None, None, None, []
    try:
        origin, target = _hex_arg(m, "f"), _hex_arg(m, "t")
        if origin is not None and target is not None:
            from companion.dark_blades.sight import line_of_sight, load_sight

            sight = line_of_sight(m, load_sight(here), origin, target)
            shot = _shot(m, sight, args)
        players = args.get("p", "").strip()[:3]
        if players:
            if not is_whole(players):
                raise InputError(f"players: expected a number, got {players!r}")
            starts = start_hexes(m, int(players))
    except (HavocError, ValueError) as e:
        error, origin, target = str(e), None, None
    zoom = args.get("z", "1")
    zoom = int(zoom) if is_whole(zoom) and int(zoom) in ZOOMS else 1
    keep = {k: args[k] for k in ("w", "d", "k", "z", "p") if args.get(k)}
    hexes = []
    for h in m.hexes():
        x, y = hg.centre(h, R)
        hexes.append((hg.name(h), round(x + R, 1), round(y + R, 1), m.terrain[h]))
    line = {hg.name(h) for h in sight.line} if sight else set()
    segments = []
    for kind, sides in (("wl", _sides(m.building_walls | m.walls)), ("k", sorted(m.lips))):
        for h, side in sides:
            pts = hg.corners(h, R)
            i, j = hg.SIDE_CORNERS[side]
            (x1, y1), (x2, y2) = pts[i], pts[j]
            segments.append(
                (round(x1 + R, 1), round(y1 + R, 1), round(x2 + R, 1), round(y2 + R, 1), kind)
            )
    return render_template(
        "map.html",
        m=m,
        hexes=hexes,
        width=round(1.5 * R * (m.width - 1) + 2 * R, 1),
        height=round(R * hg.SQRT3 * (m.height + 0.5), 1),
        r=R,
        origin=hg.name(origin) if origin else "",
        target=hg.name(target) if target else "",
        sight=sight,
        line=line,
        shot=shot,
        starts={hg.name(h): i + 1 for i, h in enumerate(starts)},
        keep=keep,
        zoom=zoom,
        error=error,
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
