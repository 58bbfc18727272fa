"""The map editor on the phone and the laptop (/dark-blades/map-editor/): start from a size or
an existing map, tap hexes to paint terrain, every change checked by the map loader itself (the
same one-line messages as `havoc los`), then save the kit's map file into the server's cards
folder (``havoc serve --cards DIR``) or download it.

The map being drawn lives in the page (its file text and the painted grid, in the form), not on
the server: `companion.dark_blades.map_editor` paints the grid into the text and checks it.
Saving is a POST with the form's CSRF token; a refusal shows the editor again with its one
line (400), the drawing kept.
"""

from __future__ import annotations

import math
import re
from functools import lru_cache
from typing import Any

from flask import Blueprint, abort, current_app, jsonify, render_template, request
from markupsafe import Markup, escape
from werkzeug.wrappers import Response

from companion.dark_blades import hexgrid as hg
from companion.dark_blades import map_editor as me
from companion.dark_blades.maps import HexMap, map_files
from companion.dark_blades.sight import line_of_sight, load_sight
from companion.dark_blades.water import load_rules, swim
from companion.errors import FieldError, HavocError, InputError
from companion.numbers import is_whole
from companion.web.current import cards, refused

bp = Blueprint("map_editor", __name__, url_prefix="/dark-blades/map-editor")
CSRF_KEY = "dark-blades-map-editor"
LABELS = {"width": "Columns", "height": "Rows", "key": "File name", "from": "Map"}
R = 16.0  # a hex's radius on the page, px: 32 px across, a finger's width


def _csrf_token() -> str:
    return str(current_app.extensions["havoc_csrf"].token(CSRF_KEY))


def _check_csrf() -> None:
    if not current_app.extensions["havoc_csrf"].valid(CSRF_KEY, request.form.get("csrf")):
        abort(403)


def _maps() -> dict[str, Any]:

    return {p.stem: p for p in map_files(cards())}


@bp.get("/")
def start() -> str:
    """Start: a size, or an existing map."""
    return render_template("map_editor_start.html", maps=list(_maps()), form={}, error=None)


def _whole(field: str, most: int) -> int:
    text = (request.args.get(field) or "").strip()[:4]
    if not is_whole(text) or not 1 <= int(text) <= most:
        raise FieldError(field, text, f"expected a whole number from 1 to {most}")
    return int(text)


@bp.get("/edit")
def edit() -> str | tuple[str, int]:
    """The editor, on a new map (``name``, ``width``, ``height``) or a copy of ``from``."""

    try:
        chosen = (request.args.get("from") or "").strip()[:40]
        if chosen:
            known = _maps()
            if chosen not in known:
                raise FieldError("from", chosen, f"expected one of {', '.join(known)}")
            text = known[chosen].read_text(encoding="utf-8")
            checked = me.check(text, cards(), f"{chosen}.toml")
            key = chosen
        else:
            width, height = _whole("width", hg.MAX_COLUMNS), _whole("height", 99)
            name = (request.args.get("name") or "").strip()[:60] or "My map"
            text = me.new_map(name, width, height, cards())
            key = _key_of(name)
            checked = None
    except HavocError as error:
        line = refused(error, LABELS)
        return render_template(
            "map_editor_start.html", maps=list(_maps()), form=request.args, error=line
        ), 400
    return _editor(text, key, checked=checked)


def _key_of(name: str) -> str:

    key = re.sub(r"[^a-z0-9]+", "-", name.casefold()).strip("-")[:40]
    return key or "my-map"


def _editor(
    text: str,
    key: str,
    error: str | None = None,
    said: str | None = None,
    checked: HexMap | None = None,
) -> str:
    """The editor's page on ``text`` (``checked``: the map it makes, if already read)."""
    grid, legend = me.read_grid(text)
    try:
        marks = me.marks_of(checked or me.check(text, cards(), f"{key}.toml"))
    except HavocError:  # a drawing the loader refuses: its marks as the form sent them
        marks = {k: request.form.get(k, "").split() for k in me.MARKS}
    return render_template(
        "map_editor.html",
        text=text,
        grid=grid,
        legend=legend,
        codes=list(legend),
        hexes=_hexes_svg(tuple(grid), tuple(legend.items())),
        size=_size(grid),
        key=key,
        marks=marks,
        radius=R,
        csrf=_csrf_token(),
        can_save=current_app.config.get("CARDS_DIR") is not None,
        error=error,
        said=said,
    )


# The six corners of a flat-topped hex of radius R, from its centre (east first, clockwise).
_CORNERS = tuple(
    (R * math.cos(math.radians(60 * k)), R * math.sin(math.radians(60 * k))) for k in range(6)
)


@lru_cache(maxsize=16)
def _hexes_svg(grid: tuple[str, ...], legend: tuple[tuple[str, str], ...]) -> Markup:
    """Each hex of the drawing as the page's SVG, drawn once per grid and legend: a group a hex
    (flat-topped, in columns; columns A, C, E ... half a hex lower, as
    `companion.dark_blades.hexgrid` lays them) holding its polygon and its code, named for a
    screen reader by its coordinate and terrain."""
    names = dict(legend)
    h = math.sqrt(3) * R
    out = []
    for r, row in enumerate(grid, start=1):
        for c, code in enumerate(row):
            x = R + c * 1.5 * R
            y = h / 2 + (r - 1) * h + (h / 2 if c % 2 == 0 else 0)
            points = " ".join(f"{x + dx:.1f},{y + dy:.1f}" for dx, dy in _CORNERS)
            shown = escape(code)
            label = escape(f"{hg.name((c, r))} {names.get(code, code)}")
            out.append(
                f'<g class="hex" data-c="{c}" data-r="{r - 1}" data-code="{shown}" role="button"'
                f' tabindex="0" aria-label="{label}"><polygon points="{points}"/>'
                f'<text x="{x:.1f}" y="{y + 4:.1f}" text-anchor="middle">{shown}</text></g>'
            )
    return Markup("".join(out))


def _size(grid: list[str]) -> tuple[float, float]:
    width = len(grid[0]) if grid else 1
    return R * (1.5 * width + 0.5), math.sqrt(3) * R * (len(grid) + 0.5)


def _painted() -> str:
    """The form's map text with its painted grid."""

    text = request.form.get("text", "")
    if len(text) > me.MAX_TEXT:
        raise InputError(f"the map file is over {me.MAX_TEXT:,} characters")
    grid = [row for row in request.form.get("grid", "").split("/") if row]
    text = me.paint(text, grid) if grid else text
    marks = {k: request.form[k][:20_000].split() for k in me.MARKS if k in request.form}
    return me.with_marks(text, marks) if marks else text


@bp.post("/check")
def check() -> tuple[Response, int]:
    """The map loader's word on the drawing: {ok, message}; with ``los_from`` and ``los_to``
    also the line of sight between them on the drawing (``sight``), as `havoc los` judges it."""

    key = _key_of(request.form.get("key", ""))
    try:
        m = me.check(_painted(), cards(), f"{key}.toml")
    except HavocError as error:
        return jsonify(ok=False, message=str(error), sight=None, swim=None), 200
    message = f"{key}.toml: a good map ({m.width} x {m.height})"
    return jsonify(ok=True, message=message, sight=_sight(m), swim=_swim(m)), 200


def _swim(m: Any) -> str | None:
    """A swim tried from ``swim_hex`` on the drawing (dice seeded by ``swim_seed``, 1 if not
    given), as `havoc swim` rolls it: where the current takes him, in one line."""

    at = (request.form.get("swim_hex") or "").strip()[:4]
    if not at:
        return None
    seed_text = (request.form.get("swim_seed") or "1").strip()[:9]
    try:
        if not is_whole(seed_text):
            raise FieldError("swim_seed", seed_text, "seed: expected a whole number")
        s = swim(m, load_rules(cards()), m.hex(at), seed=int(seed_text))
    except HavocError as error:
        return f"Swim: {error}"
    carried = " ".join(m.label(h) for h in s.path)
    return f"Swim from {m.label(s.start)} (seed {seed_text}): {s.outcome}; carried {carried}"


def _sight(m: Any) -> str | None:
    """The line of sight asked for on the drawing, in one line (or why not)."""

    a = (request.form.get("los_from") or "").strip()[:4]
    b = (request.form.get("los_to") or "").strip()[:4]
    if not a or not b:
        return None
    try:
        s = line_of_sight(m, load_sight(cards()), m.hex(a), m.hex(b))
    except HavocError as error:
        return f"Line of sight: {error}"
    head = f"{m.label(s.origin)}->{m.label(s.target)}: range {s.range}"
    kits = "".join(f"; {r.short}" for r in s.readings)  # labelled, as on the map page
    if not s.visible:
        return f"NOT SEEN; {head}; blocked by {', '.join(s.blocked_by)}{kits}"
    return f"seen; {head}; cover {s.cover} ({s.why}){kits}"


@bp.post("/save")
def save() -> str | tuple[str, int] | Response:
    """Save into the server's cards folder, or (``download``) send the file."""

    _check_csrf()
    key = (request.form.get("key") or "").strip()[:80]  # a longer one is refused, not cut
    text = request.form.get("text", "")[: me.MAX_TEXT + 1]
    try:
        text = _painted()
        if request.form.get("download"):
            me.check(text, cards(), f"{_key_of(key)}.toml")
            return Response(
                text,
                mimetype="application/toml",
                headers={"Content-Disposition": f'attachment; filename="{_key_of(key)}.toml"'},
            )
        out = me.save(text, cards(), key, replace=request.form.get("replace") == "yes")
    except HavocError as error:
        line = refused(error, LABELS)
        try:
            return _editor(text, key, line), 400
        except Exception:  # noqa: BLE001 - a text the editor cannot even draw: start again
            return render_template(
                "map_editor_start.html", maps=list(_maps()), form={}, error=line
            ), 400
    said = f"Saved: {out.name} in your cards (havoc --cards DIR los {key} FROM TO)."
    return _editor(text, key, said=said)
