"""Cthulhu Who? at the table: the set-up roller (seeded, as `havoc setup --seed N`: the same
seed gives the same set-up, each kind's figure and the kit's readings of the board below it),
the 2d6 attack look-up, placed on the set-up's garden when the squares are given (as `havoc
attack --setup S --from SQ --to SQ`), and a 4-square monster's move on that garden (as `havoc
crush --setup S --monster SQ --to SQ --at SQ=FIGURE`), over `companion.cthulhu_who`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from flask import Blueprint, render_template, request, url_for

from companion import dice as d
from companion.cthulhu_who import geometry as geo
from companion.cthulhu_who.attacks import CANNOT, CRUSH, ROLL, SILENT, attack_table
from companion.cthulhu_who.on_board import (
    board_attack,
    crush_fates,
    crushes_only,
    four_square_move,
    garden_of,
)
from companion.cthulhu_who.setup import KINDS, setup_tables
from companion.errors import HavocError, InputError
from companion.numbers import is_whole
from companion.web.current import cards, refused, source_only
from companion.web.dice_tables import seed_arg
from companion.web.figures import kind_figures

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


SQUARE_PX = 40  # a square of the phone's garden, in CSS pixels: a fingertip's tap


def _readings() -> list[Any]:
    """The kit's readings of the board, for the page ([] with rulebook words only)."""
    return [] if source_only() else list(geo.readings(cards()).items.values())


def _refused(error: HavocError, labels: dict[str, str]) -> tuple[str, bool]:
    """The refusal's line, and whether it is the kit's reading of the board that refuses."""
    if isinstance(error, geo.ReadingRefusal):
        return refused(error.labelled(geo.readings(cards())), labels), True
    return refused(error, labels), False


def garden_view(
    seed: int, boards: int, picks: dict[str, str], link: Callable[[str], str]
) -> dict[str, Any]:
    """The set-up's garden for the page: each square's place (row 1 at the foot, as printed),
    name, terrain and the address a tap on it opens; ``picks``: square name -> the letter
    drawn on it (A the attacker, T the target, M the monster, ...)."""
    garden = garden_of(cards(), seed, boards)
    terrain = geo.terrain_at(garden)
    squares = []
    for row in range(garden.rows):
        for col in range(garden.cols):
            name = geo.name((col, row))
            piece = terrain.get((col, row))
            squares.append(
                {
                    "name": name,
                    "x": col * SQUARE_PX,
                    "y": (garden.rows - 1 - row) * SQUARE_PX,
                    "kind": piece.kind if piece else None,
                    "href": None if piece else link(name),
                    "pick": picks.get(name, ""),
                }
            )
    width, height = garden.cols * SQUARE_PX, garden.rows * SQUARE_PX
    return {
        "seed": seed,
        "boards": boards,
        "squares": squares,
        "size": SQUARE_PX,
        "width": width,
        "height": height,
        "join": SQUARE_PX * 8 if boards == 2 else None,
        "openings": [(garden.rows - 1 - r) * SQUARE_PX for r in garden.openings()],
        "cols": [geo.column_letter(c) for c in range(garden.cols)],
        "kinds": sorted({t.kind for t in garden.terrain}, key=lambda k: k.name),
    }


def _query(**changed: str | None) -> str:
    """This page's address with ``changed`` fields set (None: dropped), the others kept."""
    args = {k: v for k, v in request.args.items() if v}
    for key, value in changed.items():
        if value is None:
            args.pop(key, None)
        else:
            args[key] = value
    values: dict[str, Any] = args
    return url_for(request.endpoint or "", **values)


def _tap(first: str, second: str) -> Callable[[str], str]:
    """A tap fills ``first`` (the attacker's or the monster's square), then ``second``; a tap
    when both are set starts again from ``first``. Each address ends in ``#answer``, as the
    map page's hexes do: the page opens at the answer with the garden under it (and
    `static/map.js`, if it runs, keeps a wide garden's pan), not at its top."""
    args = request.args
    has_first, has_second = args.get(first, "").strip(), args.get(second, "").strip()

    def link(name: str) -> str:
        if has_first and not has_second:
            return _query(**{second: name}) + "#answer"
        return _query(**{first: name, second: None}) + "#answer"

    return link


def _boards() -> int:
    return 2 if request.args.get("boards") == "2" else 1


@bp.get("/setup")
def setup() -> str:
    """One set-up: every die and the row it hit, then the pieces the game needs, and the
    kit's readings of the board."""
    tables = setup_tables(cards())
    shown, error, seed, garden = None, None, None, None
    if "roll" in request.args or request.args.get("seed", "").strip():
        try:
            seed = seed_arg()
            if seed is None:  # a fresh roll gets a seed of its own, shown, so it can be printed
                seed = d.make_rng(None).randrange(1, 10**6)
            one = tables.roll_many(random.Random(seed), 1)[0]
            printed = {w: r for r, w in dict(tables.weapon_rows).items()}
            shown = {
                "setup": one,
                "weapons": [
                    (die, weapon, printed[weapon])
                    for die, weapon in zip(one.dice.weapons, one.weapons, strict=True)
                ],
            }
            if not source_only():
                start = seed

                def attack_from(name: str) -> str:
                    values: dict[str, Any] = {"setup": start, "from": name}
                    return url_for("cthulhu_who.attack", **values)

                garden = garden_view(seed, 1, {}, attack_from)
        except HavocError as e:
            error = refused(e)
    return render_template(
        "setup.html",
        shown=shown,
        seed=seed,
        garden=garden,
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
    here = cards()
    return board_attack(here, geo.readings(here), who, whom, seed, _boards(), start, end)


def _tapped_garden(
    first: str, second: str, letters: tuple[str, str], blocks: bool = False
) -> dict[str, Any] | None:
    """The garden of the form's set-up, drawn to tap (None without a set-up, or under rulebook
    words only, or when the seed is not one); ``blocks``: each pick is a 4-square monster's
    2 x 2 block, named by its lowest square."""
    text = request.args.get("setup", "").strip()
    if not text or source_only() or not is_whole(text) or len(text) > 18:
        return None
    picks = {}
    for field, letter in zip((first, second), letters, strict=True):
        square = request.args.get(field, "").strip().upper()[:3]
        if square and blocks and len(square) >= 2 and square[1:].isascii() and square[1:].isdigit():
            corner = (ord(square[0]) - ord("A"), int(square[1:]) - 1)
            for q in geo.block(corner):
                picks[geo.name(q)] = letter
        elif square:
            picks[square] = letter
    return garden_view(int(text), _boards(), picks, _tap(first, second))


@bp.get("/attack")
def attack() -> str:
    """The 2d6 score an attacker needs against a target, its chance, and a roll; with the
    set-up's seed and two squares, first whether the garden allows it."""
    table = attack_table(cards())
    args = request.args
    answer: dict[str, Any] | None = None
    error, kit = None, False
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
            error, kit = _refused(e, SQUARES)
    return render_template(
        "attack.html",
        table=table,
        args=args,
        answer=answer,
        error=error,
        error_kit=kit,
        garden=_tapped_garden("from", "to", ("A", "T")),
    )


def _move(table: Any) -> Any:
    """The 4-square monster's move the form asks for (`companion.cthulhu_who.on_board`), its
    figures' fates from the attack ``table``."""
    args = request.args
    if source_only():
        raise InputError(KIT_BOARD)
    seed = _setup_seed(args.get("setup", "").strip())
    monster = args.get("monster", "").strip()[:4]
    if not monster:
        raise InputError("monster's square: give its block's lowest square (B3)")
    to = args.get("to", "").strip()[:4] or None
    given = [f.strip()[:40] for text in args.getlist("at")[:4] for f in text.split(",")]
    figures = tuple(f for f in given if f)[:8]  # bounded: a move enters 2 or 3 squares
    here = cards()
    return four_square_move(here, geo.readings(here), table, seed, _boards(), monster, to, figures)


@bp.get("/crush")
def crush() -> str:
    """A 4-square monster's move of 1 space on the set-up's garden: the squares it enters
    (every figure there crushed, its fate from the attack table), then the squares its
    collapse hits if it is killed there; the kit's readings of the board labelled as such."""
    args = request.args
    move, error, kit, fates = None, None, False, []
    if any(args.get(k, "").strip() for k in ("monster", "to", "at")):  # a seed alone: the form
        try:
            table = attack_table(cards())
            move, fates = _move(table), crush_fates(table)
        except HavocError as e:
            error, kit = _refused(e, MOVE)
    return render_template(
        "crush.html",
        args=args,
        move=move,
        fates=fates,
        error=error,
        error_kit=kit,
        garden=_tapped_garden("monster", "to", ("M", "\u2192"), blocks=True),
    )
