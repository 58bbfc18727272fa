"""Dice and every rolled table: the big result first, its exact chance, a short history.

The history rides along in the form itself (hidden fields), so the page keeps no state on the
server and needs no script; each line is signed by the server (an HMAC under the app's
per-process key), so the history holds only rolls the server made. A request's work is
bounded (`WEB_MAX_DICE`, `WEB_MAX_WORK`): a public page must not let one phone hog the CPU.
Rolls are `companion.dice`; tables are `companion.tables`.
"""

from __future__ import annotations

import hashlib
import hmac
from typing import TYPE_CHECKING, Any

from flask import Blueprint, abort, current_app, redirect, render_template, request, url_for

from companion import dice
from companion import tables as t
from companion.errors import HavocError, InputError
from companion.numbers import is_whole
from companion.text.fill_in import fill_in_how
from companion.web.current import cards, refused
from companion.web.paths import named
from companion.web.security import same

if TYPE_CHECKING:
    from werkzeug.wrappers import Response  # what redirect() gives

bp = Blueprint("dice_tables", __name__)
HISTORY = 6  # earlier rolls shown under the result
QUICK = ("d6", "2d6", "d10", "3d6", "d20", "d100")
WEB_MAX_DICE = 100  # dice in one web roll (the CLI takes `companion.dice.MAX_DICE`)
WEB_MAX_WORK = 20_000  # dice x possible totals for an expression of several terms
SIGNATURE = 16  # hex digits of a history line's signature


def _signature(line: str) -> str:
    key = current_app.config["SECRET_KEY"]
    text = b"dice-history\0" + line.encode("utf-8", "surrogatepass")
    return hmac.new(key, text, hashlib.sha256).hexdigest()[:SIGNATURE]


def signed(line: str) -> str:
    """A history line as the form carries it: the line, "|", the server's signature."""
    return f"{line}|{_signature(line)}"


def verified(value: str) -> str | None:
    """The line of a carried history value if the server signed it; None otherwise."""
    line, _, signature = value.rpartition("|")
    return line if line and same(signature, _signature(line)) else None


def _bounded(parsed: dice.Dice) -> dice.Dice:
    """Refuse an expression that would take this page more than a blink to count."""
    if parsed.count > WEB_MAX_DICE:
        raise InputError(
            f"{parsed.text!r}: at most {WEB_MAX_DICE} dice on this page "
            f"(`havoc roll` takes up to {dice.MAX_DICE})"
        )
    if not parsed.simple and parsed.count * parsed.spread > WEB_MAX_WORK:
        raise InputError(f"{parsed.text!r}: too many dice of different kinds for this page")
    return parsed


def seed_arg() -> int | None:
    """The form's optional seed: blank rolls at random; a whole number repeats a roll."""
    text = request.args.get("seed", "").strip()
    if not text:
        return None
    if not is_whole(text) or len(text) > 18:
        raise InputError(f"seed: expected a whole number, got {text[:20]!r}")
    return int(text)


@bp.get("/dice")
def roll() -> str:
    """Roll one expression (``?e=2d6``); earlier results come back in ``h``."""
    expression = (request.args.get("q") or request.args.get("e", "")).strip()[:80]
    carried = (verified(h[: 120 + SIGNATURE + 1]) for h in request.args.getlist("h")[:HISTORY])
    history = [line for line in carried if line is not None]
    result: dict[str, Any] | None = None
    error = None
    if expression:
        try:
            parsed = _bounded(dice.parse(expression))
            thrown = dice.roll(parsed, dice.make_rng(seed_arg()))
            ways, outcomes = thrown.ways_at_least, parsed.outcomes
            result = {
                "expression": parsed.text,
                "total": thrown.total,
                "faces": " ".join(thrown.faces),
                "chance": dice.fraction(ways, outcomes),
                "percent": dice.percent(ways, outcomes),
                "ten": any(
                    face.lstrip("-") == "0" and sides == 10
                    for face, (sides, _) in zip(thrown.faces, parsed.die_sides(), strict=True)
                ),
            }
        except HavocError as e:
            error = refused(e)
    carry = history
    if result is not None:
        line = f"{result['expression']}: {result['total']} ({result['faces']})"
        carry = [line, *history][:HISTORY]
    return render_template(
        "dice.html",
        expression=expression or "2d6",
        result=result,
        error=error,
        history=history,
        carry=[signed(line) for line in carry],
        quick=QUICK,
    )


def _chance(table: t.Table, row: t.TableRow) -> tuple[int, int]:
    ways = table.faces()
    return sum(ways[f] for f in row.faces), sum(ways.values())


@bp.get("/tables")
def listing() -> str:
    """Every rolled table the kit (and the user's --cards) holds, grouped by game."""
    tables = t.load_tables(cards())
    games: dict[str, list[t.Table]] = {}
    for table in sorted(tables.values(), key=lambda x: (x.game, x.name)):
        games.setdefault(table.game, []).append(table)
    return render_template("tables.html", games=games)


@bp.get("/tables/<game>/<name>")
def table(game: str, name: str) -> str | Response:
    """One table: roll it (following ``next`` tables) or look up a real die's face."""
    tables = t.load_tables(cards())
    start = tables.get(f"{game}/{name}")
    if start is None:  # by its start, word starts or initials, any case (lake-c, rss)
        in_game = {k.split("/", 1)[1]: k for k in tables if k.split("/", 1)[0] == game}
        if not in_game:
            abort(404)
        args: dict[str, Any] = request.args.to_dict()  # each key's first value, as ** gives
        short = named(
            name, in_game, "table", lambda n: url_for(".table", game=game, name=n, **args)
        )
        return redirect(url_for(".table", game=game, name=short, **args))
    steps: list[dict[str, Any]] = []
    error = None
    if "roll" in request.args or request.args.get("die", "").strip():
        try:
            given_text = request.args.get("die", "").strip()[:12]
            if given_text and not is_whole(given_text):
                raise InputError(f"die: expected a face like 4, got {given_text!r}")
            given = [int(given_text)] if given_text else []
            rng = dice.make_rng(seed_arg())
            found, _pending = t.chain(tables, start, given, rng)
            steps = [_step(s) for s in found]
        except HavocError as e:
            error = refused(e)
    rows = [
        {
            "faces": dice.face_runs(r.faces, list(start.faces())),
            "share": "{}/{}".format(*_chance(start, r)),
            "result": r.result,
        }
        for r in start.rows
    ]
    return render_template(
        "table.html", table=start, rows=rows, steps=steps, error=error, missing=t.MISSING
    )


def _step(step: t.Step) -> dict[str, Any]:
    table = step.table
    rows = []
    for row in step.rows:
        ways, outcomes = _chance(table, row)
        rows.append(
            {
                "faces": dice.face_runs(row.faces, list(table.faces())),
                "share": f"{ways}/{outcomes}",
                "percent": dice.percent(ways, outcomes),
                "result": row.result,
            }
        )
    return {
        "table": table,
        "face": step.face,
        "rolled": step.rolled,
        "rows": rows,
        "why_missing": step.why_missing,
        "fill": (
            fill_in_how(table.fill, f"a row with face {step.face}")
            if step.missing and table.fill
            else None
        ),
    }
