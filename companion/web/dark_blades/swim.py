"""The phone swim page: a Dark Blades character in the water on a map, answer first: where the
current takes him, the hexes he is carried through, each roll and the kit's readings.

Thin: the fields go to `companion.dark_blades.swim_request`, the parser `havoc swim MAP HEX
[DIE...]` shares, which answers (a refused field named by the form's label, `LABELS`).
``h`` the hex, ``d`` real dice's faces (blank: rolled; ``seed`` repeats a roll), ``hurt``
wounded or stunned; ``f`` the hex tapped on the map page (filled in when it is water). Its own
view beside the map page, which links here. The whole map is drawn as the map page draws it
(``z`` its zoom, `maps.HEX_PX` a hex, in the map page's panning box and script), under the
answer; before a swim, right under the title and panned to the water (``data-home``: the middle
of the water, as a share of the map's width and height), each water hex a link that fills in
the swimmer's hex (``f``, then the form). A swim asked again with its dice or seed is kept for
its address (`companion.web.kept`); a swim rolled is worked out on every request.
"""

from __future__ import annotations

import math
from urllib.parse import urlencode

from flask import Blueprint, render_template, request

from companion.dark_blades import hexgrid as hg
from companion.dark_blades import swim_request
from companion.dark_blades.states import HURT
from companion.dark_blades.water import is_water
from companion.errors import HavocError, InputError
from companion.web.current import HEX_TEXT, board_or_404, cards, refused, source_only
from companion.web.dark_blades.maps import ZOOMS, R, map_size, px_wide, read_zoom
from companion.web.kept import kept

bp = Blueprint("swim", __name__, url_prefix="/dark-blades/swim")
LABELS = {"hex": "Hex", "die": "Dice", "hurt": "Hurt", "seed": "Seed"}  # the form's labels
ANGLES = {"n": -90, "ne": -30, "se": 30, "s": 90, "sw": 150, "nw": 210}  # y down


def _drawing(m, path: tuple, zoom: int) -> dict:
    """The whole map as the map page draws it at ``zoom`` (its size, `maps.map_size`, and width
    on the phone, `maps.px_wide`): each hex (name, x, y, water kind or "", the name the page
    writes, ``mill:G8`` on a layout), each flow's arrow (x1, y1, x2, y2, dashed), the swimmer's
    path as points, the wheel's hexes, and the middle of the water (``home``: a share of the
    width and of the height) where the map opens."""
    hexes, arrows = [], []
    for h in m.hexes():
        x, y = hg.centre(h, R)
        x, y = round(x + R, 1), round(y + R, 1)
        kind = m.terrain[h] if is_water(m, h) else ""
        hexes.append((hg.name(h), x, y, kind, m.label(h)))
        side = m.flow.get(h)
        if side is not None:
            a = math.radians(ANGLES[side])
            dx, dy = 5.5 * math.cos(a), 5.5 * math.sin(a)
            arrows.append((round(x - dx, 1), round(y - dy, 1), round(x + dx, 1), round(y + dy, 1),
                           m.terrain[h] == "lake"))  # fmt: skip
    at = {n: (x, y) for n, x, y, *_ in hexes}
    width, height = map_size(m)
    wet = [(x, y) for _, x, y, kind, _ in hexes if kind] or [(width / 2, height / 2)]
    xs, ys = [x for x, _ in wet], [y for _, y in wet]
    home = f"{(min(xs) + max(xs)) / 2 / width:.3f},{(min(ys) + max(ys)) / 2 / height:.3f}"
    return {
        "hexes": hexes,
        "arrows": arrows,
        "points": [at[hg.name(h)] for h in path],
        "wheel": [at[hg.name(h)] for h in m.wheel],
        "view": f"0 0 {width} {height}",
        "px": px_wide(width, zoom),
        "home": home,
    }


@bp.get("/<key>")
def page(key: str) -> bytes:
    return kept(lambda: _page(cards(), board_or_404(key)))


@bp.get("/layout/<key>")
def layout_page(key: str) -> bytes:
    """On a layout (maps laid together): hexes with their map, ``mill:G8``."""
    return kept(lambda: _page(cards(), board_or_404(key, layout=True)))


def _tapped(m, text: str):
    """The hex tapped on the map page, or None."""
    try:
        return m.hex(text) if text else None
    except InputError:
        return None


def _page(here, m) -> str:
    args = request.args
    hex_text = args.get("h", "").strip()[:HEX_TEXT]
    tapped = _tapped(m, args.get("f", "").strip()[:HEX_TEXT])  # from the map page: the tapped hex
    filled = hex_text or (m.label(tapped) if tapped and is_water(m, tapped) else "")
    dice_text = args.get("d", "").strip()[:12]
    hurt = args.get("hurt", "").strip()[:8] or None
    answer, error, seed = None, None, None
    try:
        zoom = read_zoom(args)
    except InputError as e:
        zoom, error = 1, refused(e)
    if hex_text:
        try:
            values = {"hex": hex_text, "die": dice_text, "hurt": hurt, "seed": args.get("seed")}
            asked = swim_request.swim_request(m, values)
            seed, answer = asked.seed, swim_request.swim_answer(here, asked)
        except HavocError as e:
            error = error or refused(e, LABELS)
    water = [m.label(h) for h in sorted(m.hexes()) if is_water(m, h)]
    kept = {"h": hex_text, "d": dice_text, "hurt": hurt or "", "seed": seed}  # the same swim
    kept |= {"f": args.get("f", "").strip()[:HEX_TEXT]} if not hex_text else {}
    query = [(k, v) for k, v in kept.items() if v not in (None, "")]
    zooms = {z: "?" + urlencode([*query, *([("z", z)] if z > 1 else [])]) for z in ZOOMS}
    return render_template(
        "swim.html",
        m=m,
        s=answer,
        error=error,
        hex=filled if ":" in filled else filled.upper(),
        dice=dice_text,
        hurt=hurt or "",
        hurts=HURT,
        seed=seed if seed is not None else "",
        water=water,
        names=m.label,
        source_only=source_only(),
        draw=_drawing(m, _marked(m, answer, tapped), zoom),
        tap=f"&z={zoom}#swim" if zoom > 1 else "#swim",  # a water hex's link, after its name
        zoom=zoom,
        zooms=zooms,
    )


def _marked(m, answer, tapped) -> tuple:
    """The hexes the map marks: the swimmer's path (S to E) once he swam, and the kit's reading
    of it left out under --source-only; before that the water hex tapped (S)."""
    if answer is not None:
        return answer.path if not source_only() else ()
    return (tapped,) if tapped is not None and is_water(m, tapped) else ()
