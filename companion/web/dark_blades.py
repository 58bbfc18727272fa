"""Dark Blades combat and missile look-ups as a few taps: the result first, then the chain
and the chances in the column. Every step is `companion.dark_blades.combat` (the same calls
as `havoc crt` and `havoc missile`); a cell the rules lost says so and where to fill it in.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, render_template, request

from companion import dice
from companion.dark_blades import combat as c
from companion.dark_blades.crt import MISSING, Crt, load_crt
from companion.dark_blades.missiles import load_weapons, strength_at
from companion.errors import HavocError, InputError
from companion.web.app import cards
from companion.web.dice_tables import seed_arg

bp = Blueprint("dark_blades", __name__, url_prefix="/dark-blades")
TERRAIN = (("0", "0: no effect"), ("+", "+: better"), ("-", "-: worse"))
FLAGS = ("magic_sword", "magic_ring", "fast_rider")


def _face(crt: Crt) -> tuple[int, bool]:
    text = request.args.get("die", "").strip()[:6]
    if not text:
        return c.parse_face(crt, None, dice.make_rng(seed_arg()))
    if not text.isdigit():
        raise InputError(f"die: expected a face like 7 (0 is ten), got {text!r}")
    return c.parse_face(crt, int(text), None)


def _result(crt: Crt, look: c.Lookup) -> dict[str, Any]:
    """The lookup as the page shows it: the result, the chain, the column's chances."""
    n = len(crt.faces)
    chances = [
        {
            "result": cell or MISSING,
            "missing": not cell,
            "meaning": crt.meaning(look.table, cell) if cell else "",
            "faces": dice.face_runs(faces, crt.faces),
            "chance": f"{len(faces)}/{n}",
            "percent": dice.percent(len(faces), n),
        }
        for cell, faces in look.chances
    ]
    return {
        "look": look,
        "column": crt.columns[look.column],
        "shifts": [(c.direction(s.columns), s.reason) for s in look.shifts],
        "chances": chances,
        "fill": None
        if look.cell
        else crt.fill.how(crt.cell_name(look.table, look.face, look.column)),
    }


def _lookup(
    crt: Crt, table: str, attack: list[int], defence: list[int], shifts: dict[str, Any]
) -> dict[str, Any]:
    results = c.table_by_name(crt, table)
    reason = c.no_shot(crt, results, shifts.get("cover"))
    if reason is not None:
        c.raw_odds(sum(attack), sum(defence))
        return {"no_shot": reason, "table": results}
    found = c.shifts_for(crt, results, **shifts)
    face, rolled = _face(crt)
    return _result(crt, c.lookup(crt, table, attack, defence, found, face, rolled))


@bp.get("/crt")
def crt() -> str:
    """Hand-to-hand (and missile) tables by strengths, terrain and magic items."""
    data = load_crt(cards())
    args = request.args
    answer, error = None, None
    if args.get("attack") or args.get("defence"):
        try:
            table = args.get("table", "")
            shifts: dict[str, Any] = {f: args.get(f) == "on" for f in FLAGS}
            if table in data.tables and data.tables[table].kind == "hand-to-hand":
                shifts["attacker_terrain"] = args.get("at", "0")
                shifts["defender_terrain"] = args.get("dt", "0")
            elif args.get("cover"):
                shifts["cover"] = args.get("cover")
            answer = _lookup(
                data,
                table,
                c.parse_strengths([args.get("attack", "")[:60]], "attack"),
                c.parse_strengths([args.get("defence", "")[:60]], "defence"),
                shifts,
            )
        except HavocError as e:
            error = str(e)
    return render_template(
        "crt.html", crt=data, args=args, answer=answer, error=error, terrain=TERRAIN
    )


@bp.get("/missile")
def missile() -> str:
    """A missile weapon at a range: its strength, then the missile table for the target."""
    data = load_crt(cards())
    _path, weapons = load_weapons(cards())
    args = request.args
    answer, error, about = None, None, None
    if args.get("range"):
        try:
            hexes_text = args.get("range", "").strip()[:6]
            if not hexes_text.isdigit() or int(hexes_text) < 1:
                raise InputError(f"range: expected hexes like 12, got {hexes_text!r}")
            name, band = strength_at(cards(), args.get("weapon", ""), int(hexes_text))
            about = f"{name} at {hexes_text} hexes ({band.band} range): strength {band.strength}"
            target = args.get("target", "infantry")
            if target not in ("infantry", "mounted"):
                raise InputError("target: infantry or mounted")
            defence = c.parse_strengths([args.get("defence", "")[:20]], "defence")
            if len(defence) > 1:
                raise InputError("defence: a missile is fired at one target (one defence)")
            shifts = {
                "cover": args.get("cover") or "none",
                "magic_ring": args.get("magic_ring") == "on",
                "fast_rider": args.get("fast_rider") == "on",
            }
            answer = _lookup(data, f"missile-vs-{target}", [band.strength], defence, shifts)
        except HavocError as e:
            error = str(e)
    return render_template(
        "missile.html",
        crt=data,
        weapons=weapons,
        args=args,
        answer=answer,
        about=about,
        error=error,
    )
