"""The phone swim page: a Dark Blades character in the water on a map, answer first: where the
current takes him, the hexes he is carried through, each roll and the kit's readings.

Thin: `companion.dark_blades.maps` finds the map, `companion.dark_blades.water` answers, as
`havoc swim MAP HEX [DIE...]` does. ``h`` the hex, ``d`` real dice's faces (blank: rolled;
``seed`` repeats a roll), ``hurt`` wounded or stunned; ``f`` the hex tapped on the map page
(filled in when it is water). Its own view beside the map page, which links here.
"""

from __future__ import annotations

from flask import Blueprint, abort, render_template, request

from companion.dark_blades import hexgrid as hg
from companion.dark_blades.maps import find_map
from companion.dark_blades.water import HURT, is_water, load_rules, swim
from companion.errors import HavocError, InputError
from companion.numbers import is_whole
from companion.web.current import cards, refused, source_only
from companion.web.dice_tables import seed_arg

bp = Blueprint("swim", __name__, url_prefix="/dark-blades/swim")
MAX_DICE = 3  # the first roll, roll again, the stepping stones


def _faces(text: str) -> list[int]:
    parts = text.replace(",", " ").split()
    if len(parts) > MAX_DICE or not all(is_whole(p) and len(p) <= 2 for p in parts):
        raise InputError(f"dice: expected up to {MAX_DICE} faces like 5 3, got {text[:20]!r}")
    return [int(p) for p in parts]


@bp.get("/<key>")
def page(key: str) -> str:
    here = cards()
    try:
        m = find_map(here, key[:40], source_only())
    except InputError:
        abort(404)
    args = request.args
    hex_text = args.get("h", "").strip()[:4]
    tapped = hg.parse_hex(args.get("f", "").strip()[:4])  # from the map page: the tapped hex
    filled = hex_text or (hg.name(tapped) if tapped and is_water(m, tapped) else "")
    dice_text = args.get("d", "").strip()[:12]
    hurt = args.get("hurt", "").strip()[:8] or None
    answer, error, seed = None, None, None
    if hex_text:
        try:
            seed = seed_arg()
            if hurt is not None and hurt not in HURT:
                raise InputError(f"hurt: expected {' or '.join(HURT)}")
            answer = swim(m, load_rules(here), m.hex(hex_text), _faces(dice_text), seed, hurt)
        except HavocError as e:
            error = refused(e)
    water = [hg.name(h) for h in m.hexes() if is_water(m, h)]
    return render_template(
        "swim.html",
        m=m,
        s=answer,
        error=error,
        hex=filled.upper(),
        dice=dice_text,
        hurt=hurt or "",
        hurts=HURT,
        seed=seed if seed is not None else "",
        water=sorted(water, key=lambda n: (n[0], int(n[1:]))),
        names=hg.name,
        source_only=source_only(),
    )
