"""Kniggits at the table: one sword blow against one shield, and the army check, over
`companion.kniggits.rules` (the same calls as `havoc exchange` and `havoc army`).
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from flask import Blueprint, render_template, request

from companion.errors import HavocError
from companion.numbers import is_whole
from companion.web.current import cards

if TYPE_CHECKING:
    from companion.kniggits.rules import ArmyCheck, KniggitRules

bp = Blueprint("kniggits", __name__, url_prefix="/kniggits")
MAX_ARMY_TEXT = 8000


@bp.get("/exchange")
def exchange() -> str:
    """Attack height against shield height; with tokens, what the defender can still do."""
    from companion.kniggits.rules import FUMBLE, NONE, parse_tokens, rules
    from companion.kniggits.rules import exchange as resolve

    r = rules(cards())
    args = request.args
    answer, error = None, None
    if args.get("attack") and args.get("defend"):
        try:
            tokens_text = args.get("tokens", "").strip()[:40]
            start = parse_tokens(tokens_text, r) if tokens_text else None
            answer = resolve(r, args["attack"][:10], args["defend"][:10], start)
        except HavocError as e:
            error = str(e)
    return render_template(
        "exchange.html",
        rules=r,
        heights=list(r.heights),
        attacks=[*r.heights, FUMBLE],
        defends=[*r.heights, NONE, FUMBLE],
        args=args,
        answer=answer,
        error=error,
    )


@bp.route("/army", methods=["GET", "POST"])
def army() -> str:
    """Check an army (CSV pasted into the form; the kit's sample army to start from)."""
    from companion.kniggits.rules import rules

    r = rules(cards())
    sample = cards().path("kniggits", "army.csv")
    text = request.form.get("army") if request.method == "POST" else None
    points_text = (request.form.get("points") or "").strip()[:8]
    check, error = None, None
    if text is not None:
        try:
            budget = int(points_text) if is_whole(points_text) else None
            check = _check(text[:MAX_ARMY_TEXT], r, budget)
        except HavocError as e:
            error = str(e)
    else:
        text = sample.read_text(encoding="utf-8")
    return render_template(
        "army.html", rules=r, text=text, points=points_text, check=check, error=error
    )


def _check(text: str, r: KniggitRules, budget: int | None) -> ArmyCheck:
    """The army check on ``text`` (written to a private temporary file the checker reads);
    errors name "your army" instead of the temporary file."""
    from companion.kniggits.rules import check_army

    fd, name = tempfile.mkstemp(suffix=".csv", prefix="havoc-army-")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        try:
            return check_army(Path(name), r, budget)
        except HavocError as e:
            e.path = "your army" if e.path is not None else None
            raise HavocError(str(e)) from None
    finally:
        os.unlink(name)
