"""Cthulhu Who? at the table: the set-up roller (seeded, as `havoc setup --seed N`: the same
seed gives the same set-up, each kind's figure and the kit's readings of the board below it),
the 2d6 attack look-up, placed on the set-up's garden when the squares are given (as `havoc
attack --setup S --from SQ --to SQ`), and a 4-square monster's move on that garden (as `havoc
crush --setup S --monster SQ --to SQ --at SQ=FIGURE`), over `companion.cthulhu_who`.
"""

from __future__ import annotations

import random
from typing import Any

from flask import Blueprint, render_template, request

from companion import dice as d
from companion.errors import HavocError, InputError
from companion.numbers import is_whole
from companion.web.current import cards, refused, source_only
from companion.web.dice_tables import seed_arg

SQUARES = {"from": "attacker's square", "to": "target's square"}  # the board's two fields
MOVE = {  # the move's fields, as the crush page's form names them
    "monster": "monster's square",
    "to": "square it moves to",
    "at": "figures in the squares it enters",
}
KIT_BOARD = (  # under rulebook words only, the board's answers are refused, as the CLI does
    "squares: how the board is counted is the kit's reading, not the rulebook's; "
    "untick rulebook words only"
)

bp = Blueprint("cthulhu_who", __name__, url_prefix="/cthulhu-who")


def _readings() -> list[Any]:
    """The kit's readings of the board, for the page ([] with rulebook words only)."""
    from companion.cthulhu_who.geometry import readings

    return [] if source_only() else list(readings(cards()).items.values())


@bp.get("/setup")
def setup() -> str:
    """One set-up: every die and the row it hit, then the pieces the game needs, and the
    kit's readings of the board."""
    from companion.cthulhu_who.setup import KINDS, setup_tables
    from companion.web.figures import kind_figures

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
    return render_template(
        "setup.html",
        shown=shown,
        seed=seed,
        error=error,
        readings=_readings(),
        figures=kind_figures("cthulhu-who", KINDS) if shown else {},
    )


def _setup_seed(text: str) -> int:
    if not is_whole(text) or len(text) > 18:
        raise InputError(f"set-up: expected the seed printed on the sheet, got {text[:20]!r}")
    return int(text)


def _board(who: Any, whom: str) -> Any:
    """The attack on the set-up's garden, or None when no squares are given."""
    from companion.cthulhu_who.geometry import readings
    from companion.cthulhu_who.on_board import board_attack, crushes_only

    args = request.args
    start, end = args.get("from", "").strip()[:4], args.get("to", "").strip()[:4]
    if not start and not end:
        return None
    if not start or not end:
        raise InputError("squares: give both the attacker's and the target's square")
    if source_only():
        raise InputError(KIT_BOARD)
    if crushes_only(who):
        raise InputError(f"squares: a {who.name} does not attack; its move crushes")
    seed = _setup_seed(args.get("setup", "").strip())
    boards = 2 if args.get("boards") == "2" else 1
    here = cards()
    return board_attack(here, readings(here), who, whom, seed, boards, start, end)


@bp.get("/attack")
def attack() -> str:
    """The 2d6 score an attacker needs against a target, its chance, and a roll; with the
    set-up's seed and two squares, first whether the garden allows it."""
    from companion.cthulhu_who.attacks import CANNOT, CRUSH, ROLL, SILENT, attack_table

    table = attack_table(cards())
    args = request.args
    answer: dict[str, Any] | None = None
    error = None
    if args.get("attacker") and args.get("target"):
        try:
            seed = seed_arg()  # first: a bad seed refuses the page (400), never half an answer
            who = table.attacker(args["attacker"][:60])
            whom = table.target(args["target"][:60])
            score = who.scores[whom]
            board = _board(who, whom)
            ways = score.ways()
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
                "board": board,
                "allowed": board is None or board.shot.allowed,
            }
            if score.kind == ROLL and answer["allowed"]:
                thrown = d.roll(d.parse("2d6"), d.make_rng(seed))
                answer["roll"] = (thrown.values, thrown.total, score.kills(thrown.total))
        except HavocError as e:
            answer = None
            error = refused(e, SQUARES)
    return render_template("attack.html", table=table, args=args, answer=answer, error=error)


def _move(table: Any) -> Any:
    """The 4-square monster's move the form asks for (`companion.cthulhu_who.on_board`), its
    figures' fates from the attack ``table``."""
    from companion.cthulhu_who.geometry import readings
    from companion.cthulhu_who.on_board import four_square_move

    args = request.args
    if source_only():
        raise InputError(KIT_BOARD)
    seed = _setup_seed(args.get("setup", "").strip())
    boards = 2 if args.get("boards") == "2" else 1
    monster = args.get("monster", "").strip()[:4]
    if not monster:
        raise InputError("monster's square: give its block's lowest square (B3)")
    to = args.get("to", "").strip()[:4] or None
    given = [f.strip()[:40] for text in args.getlist("at")[:4] for f in text.split(",")]
    figures = tuple(f for f in given if f)[:8]  # bounded: a move enters 2 or 3 squares
    here = cards()
    return four_square_move(here, readings(here), table, seed, boards, monster, to, figures)


@bp.get("/crush")
def crush() -> str:
    """A 4-square monster's move of 1 space on the set-up's garden: the squares it enters
    (every figure there crushed, its fate from the attack table), then the squares its
    collapse hits if it is killed there; the kit's readings of the board labelled as such."""
    from companion.cthulhu_who.attacks import attack_table
    from companion.cthulhu_who.on_board import crush_fates

    args = request.args
    move, error, fates = None, None, []
    if any(args.get(k, "").strip() for k in ("monster", "to", "at")):  # a seed alone: the form
        try:
            table = attack_table(cards())
            move, fates = _move(table), crush_fates(table)
        except HavocError as e:
            error = refused(e, MOVE)
    return render_template("crush.html", args=args, move=move, fates=fates, error=error)
