"""Cthulhu Who? at the table: the set-up roller (seeded, as `havoc setup --seed N`: the same
seed gives the same set-up) and the 2d6 attack look-up, over `companion.cthulhu_who`.
"""

from __future__ import annotations

import random
from typing import Any

from flask import Blueprint, render_template, request

from companion import dice as d
from companion.errors import HavocError
from companion.web.current import cards, refused
from companion.web.dice_tables import seed_arg

bp = Blueprint("cthulhu_who", __name__, url_prefix="/cthulhu-who")


@bp.get("/setup")
def setup() -> str:
    """One set-up: every die and the row it hit, then the pieces the game needs."""
    from companion.cthulhu_who.setup import setup_tables

    tables = setup_tables(cards())
    shown, error, seed = None, None, None
    if "roll" in request.args or request.args.get("seed", "").strip():
        try:
            seed = seed_arg()
            one = tables.roll_many(random.Random(seed), 1)[0]
            printed = {w: r for r, w in dict(tables.weapon_rows).items()}
            shown = {
                "setup": one,
                "weapons": [
                    (die, weapon, printed[weapon])
                    for die, weapon in zip(one.dice.weapons, one.weapons, strict=True)
                ],
            }
        except HavocError as e:
            error = refused(e)
    return render_template("setup.html", shown=shown, seed=seed, error=error)


@bp.get("/attack")
def attack() -> str:
    """The 2d6 score an attacker needs against a target, its chance, and a roll."""
    from companion.cthulhu_who.attacks import CANNOT, CRUSH, ROLL, SILENT, attack_table

    table = attack_table(cards())
    args = request.args
    answer: dict[str, Any] | None = None
    error = None
    if args.get("attacker") and args.get("target"):
        try:
            seed = seed_arg()  # refused before any of the answer is filled in
            who = table.attacker(args["attacker"][:60])
            whom = table.target(args["target"][:60])
            score = who.scores[whom]
            ways = round(score.chance() * 36)
            answer = {
                "who": who.name,
                "whom": whom,
                "kind": {CANNOT: "cannot", CRUSH: "crush", ROLL: "roll", SILENT: "silent"}[
                    score.kind
                ],
                "needs": score.text,
                "chance": f"{ways}/36",
                "percent": d.percent(ways, 36),
                "notes": table.notes(who, whom),
            }
            if score.kind == ROLL:
                thrown = d.roll(d.parse("2d6"), d.make_rng(seed))
                answer["roll"] = (thrown.values, thrown.total, score.kills(thrown.total))
        except HavocError as e:
            error = refused(e)
    return render_template("attack.html", table=table, args=args, answer=answer, error=error)
