"""Kniggits at the table: one sword blow against one shield, and the army check, over
`companion.kniggits.rules` (the same calls as `havoc exchange` and `havoc army`).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from flask import Blueprint, render_template, request

from companion.data import read_limited
from companion.errors import HavocError, InputError
from companion.numbers import is_whole
from companion.web.current import cards, refused

if TYPE_CHECKING:
    from companion.kniggits.rules import ArmyCheck, KniggitRules

bp = Blueprint("kniggits", __name__, url_prefix="/kniggits")
MAX_ARMY_TEXT = 8000


@bp.get("/exchange")
def exchange() -> str:
    """A's sword against B's shield; with B striking back (``b_sword``), both blows at once,
    each with the tokens from before; with tokens, what each can still do. The fields keep
    their first names (``attack``, ``defend``, ``tokens``: one blow at B)."""
    from companion.kniggits import rules as kr
    from companion.text import kniggits as words

    r = kr.rules(cards())
    args = request.args
    answer, error = None, None
    if args.get("attack") and args.get("defend"):
        try:
            answer = kr.clash(
                r,
                kr.Fighter("A", args["attack"][:10], args.get("a_shield", kr.NONE)[:10],
                           _tokens(r, "a_tokens")),
                kr.Fighter("B", args.get("b_sword", kr.NONE)[:10], args["defend"][:10],
                           _tokens(r, "tokens")),
            )  # fmt: skip
        except HavocError as e:
            error = refused(e, LABELS)
    return render_template(
        "exchange.html",
        rules=r,
        words=words,
        heights=list(r.heights),
        attacks=[*r.heights, kr.FUMBLE],
        defends=[*r.heights, kr.NONE, kr.FUMBLE],
        args=args,
        answer=answer,
        both=answer is not None and answer.blows[1] is not None,
        error=error,
    )


LABELS = {
    "A sword": "A's sword",
    "B sword": "B's sword",
    "A shield": "A's shield",
    "B shield": "B's shield",
    "a_tokens": "A's tokens",
}


def _tokens(r: KniggitRules, field: str) -> dict[str, int] | None:
    """A fighter's tokens typed as M,A,D (blank: not given)."""
    from companion.errors import FieldError
    from companion.kniggits.rules import parse_tokens

    text = request.args.get(field, "").strip()[:40]
    if not text:
        return None
    try:
        return parse_tokens(text, r)
    except FieldError as e:
        raise FieldError(field, e.value, e.reason) from None


@bp.route("/army", methods=["GET", "POST"])
def army() -> str:
    """Check an army: a row per kind of kniggit (name, how many, tokens of each colour), no
    CSV to type; "Add a row" sends the form back with one more (``rows``). CSV pasted into
    the form (``army``) is still read; the kit's sample army fills the rows on ``?sample=1``."""
    from companion.kniggits.rules import MAX_POINTS, rules

    r = rules(cards())
    form = request.form
    points_text = (form.get("points") or "").strip()[:20]
    text = form.get("army") if request.method == "POST" else None
    rows = _rows(r, form) if request.method == "POST" else []
    if not rows and request.args.get("sample"):
        rows = _sample_rows(r)
    wanted = _count(form.get("rows") or request.args.get("rows"), len(rows) + BLANK_ROWS)
    wanted = min(MAX_ROWS, max(len(rows), wanted + (1 if "add" in form else 0)))
    rows += [dict.fromkeys(("count", "name", *r.colours), "")] * (wanted - len(rows))
    check, error = None, None
    if request.method == "POST" and "add" not in form:
        try:
            budget = _points(points_text, MAX_POINTS)
            if text is None:
                check = _check_rows(r, rows, budget)
            else:
                check = _check_text(r, text[:MAX_ARMY_TEXT], budget)
        except HavocError as e:
            error = refused(e)
    from companion.text import kniggits as words

    return render_template(
        "army.html",
        rules=r,
        words=words,
        rows=rows,
        text=text or "",
        points=points_text,
        check=check,
        error=error,
        can_add=len(rows) < MAX_ROWS,
    )


BLANK_ROWS = 3  # blank rows under the filled ones
MAX_ROWS = 40


def _count(text: str | None, default: int) -> int:
    """How many rows the form shows (``rows``, 1 to MAX_ROWS; blank: ``default``)."""
    text = (text or "").strip()[:3]
    wanted = int(text) if is_whole(text) else default
    return max(1, min(MAX_ROWS, wanted))


def _points(text: str, most: int) -> int | None:
    """The form's agreed points (blank: None, the rules' total); anything else is refused."""
    if not text:
        return None
    if not is_whole(text) or len(text) > len(str(most)) or int(text) > most:
        raise InputError(
            f"Points agreed: a whole number from 0 to {most:,}, or blank; got {text!r}"
        )
    return int(text)


def _rows(r: KniggitRules, form: Any) -> list[dict[str, str]]:
    """The form's rows as typed (a row left wholly blank is dropped)."""
    rows = []
    for i in range(MAX_ROWS):
        row = {k: (form.get(f"{k}{i}") or "").strip()[:60] for k in ("count", "name", *r.colours)}
        if any(row.values()):
            rows.append(row)
    return rows


def _sample_rows(r: KniggitRules) -> list[dict[str, str]]:
    """The kit's sample army (cards/kniggits/army.csv) as form rows."""
    import csv

    sample = read_limited(cards().path("kniggits", "army.csv")).decode("utf-8", "replace")
    lines = [line for line in sample.splitlines() if line and not line.startswith("#")]
    return [
        {k: row.get(k, "") or "" for k in ("count", "name", *r.colours)}
        for row in csv.DictReader(lines)
    ]


YOURS = Path("your army")  # where a typed army's errors say it is


def _check_rows(r: KniggitRules, rows: list[dict[str, str]], budget: int | None) -> ArmyCheck:
    """The army check on the form's rows (a blank count is one kniggit, a blank token count
    none); a refused cell names its row and the form's label ("kniggit 2, Movement: ...")."""
    from companion.csv_rosters import rows_of
    from companion.errors import CellError
    from companion.kniggits.rules import army_columns, check_army

    typed = [
        {"count": row["count"] or "1", "name": row["name"], **{c: row[c] or "0" for c in r.colours}}
        for row in rows
        if any(row.values())
    ]
    try:
        return check_army(rows_of(typed, army_columns(r), YOURS), r, budget)
    except CellError as e:
        raise InputError(f"kniggit {e.line}, {e.column.capitalize()}: {e.reason}") from None
    except HavocError as e:
        if e.line is None:
            raise
        raise InputError(f"kniggit {e.line}, {e.message}") from None


def _check_text(r: KniggitRules, text: str, budget: int | None) -> ArmyCheck:
    """The army check on an army file's text pasted into the form (its errors name "your
    army" and the line)."""
    from companion.csv_rosters import parse_csv
    from companion.kniggits.rules import army_columns, check_army

    return check_army(parse_csv(text, army_columns(r), YOURS), r, budget, None)
