"""A Kniggits battle on the phone: started from two checked armies (by name, or pasted),
then the turn and its phases, each exchange, every kniggit's tokens and state, the win, undo.

The battle lives in `companion.kniggits.store.BattleStore` (SQLite, one transaction per
change) in a file next to the Who's Next game file; the rules are
`companion.kniggits.battle`. Every change is a POST with the form's CSRF token and the step
the page showed (``seen``: a form sent twice is refused, not fought twice), then a redirect
back (POST/redirect/GET). A refusal shows the battle page again with its one line (400).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from flask import Blueprint, abort, current_app, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from companion.errors import FieldError, HavocError, InputError
from companion.numbers import is_whole
from companion.web.current import cards, refused

bp = Blueprint("kniggits_battle", __name__, url_prefix="/kniggits/battle")
CSRF_KEY = "kniggits-battle"
MAX_ARMY_TEXT = 8000
LABELS = {
    "army": "Army",
    "attacker": "Attacker",
    "defender": "Defender",
    "first": "Moves first",
    "A sword": "Attacker's sword",
    "B shield": "Defender's shield",
    "B sword": "Defender's sword",
    "A shield": "Attacker's shield",
}


def _path() -> Path:
    """The battle file: the server's ``KNIGGITS_BATTLE`` or next to its Who's Next game."""
    from companion.kniggits.store import FILE_NAME

    given = current_app.config.get("KNIGGITS_BATTLE")
    return Path(given) if given else Path(current_app.config["GAME_PATH"]).parent / FILE_NAME


def _store(create: bool = False) -> Any:
    from companion.kniggits.store import BattleStore

    path = _path()
    if create and not path.parent.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
    return BattleStore(path, create=create)


def _csrf_token() -> str:
    return str(current_app.extensions["havoc_csrf"].token(CSRF_KEY))


def _check_csrf() -> None:
    if not current_app.extensions["havoc_csrf"].valid(CSRF_KEY, request.form.get("csrf")):
        abort(403)


def _armies() -> dict[str, Path]:
    """The army files the server knows, by name: the kit's sample (``army``) and every CSV
    under ``kniggits/armies/`` of the cards (the user's ``--cards`` first)."""
    found = {p.stem: p for p in cards().glob("kniggits/armies/*.csv")}
    found.setdefault("army", cards().path("kniggits", "army.csv"))
    return dict(sorted(found.items()))


def _battle() -> Any:
    """The battle as it stands, or None when there is none."""
    from companion.kniggits.rules import rules
    from companion.kniggits.store import NoBattle

    try:
        with _store() as store:
            return store.load(rules(cards()))
    except NoBattle:
        return None


@bp.get("/")
def page() -> str:
    """The battle, or the form to start one."""
    battle = _battle()
    if battle is None:
        return _new_page()
    return _battle_page(battle)


@bp.get("/new")
def new_form() -> str:
    return _new_page()


def _new_page(error: str | None = None, form: Any = None) -> str:
    from companion.kniggits.rules import rules

    r = rules(cards())
    return render_template(
        "battle_new.html",
        rules=r,
        armies=list(_armies()),
        csrf=_csrf_token(),
        form=form or {},
        in_progress=_in_progress(),
        error=error,
    )


def _in_progress() -> bool:
    battle = _battle()
    return battle is not None and battle.winner() is None


def _battle_page(battle: Any, error: str | None = None) -> str:
    from companion.kniggits.battle import DRAW, PHASE_NAMES, PHASES, outcome
    from companion.text import kniggits as words

    won = battle.winner()
    mover = battle.sides[battle.player].kniggits
    ready = [i for i, k in enumerate(mover) if battle.standing(k).can_attack]
    undone = request.args.get("undone", "")
    return render_template(
        "battle.html",
        attacker=battle.last.attacker[1] if battle.last else (ready or [0])[0],
        undone=int(undone) if is_whole(undone) and len(undone) < 6 else None,
        b=battle,
        rules=battle.rules,
        words=words,
        csrf=_csrf_token(),
        phases=PHASES,
        phase_names=PHASE_NAMES,
        won=won,
        draw=DRAW,
        over=outcome(battle, won) if won is not None else "",
        error=error,
    )


@bp.post("/new")
def new() -> Response | tuple[str, int]:
    """Start a battle from two armies: each by name (a file the server knows) or pasted."""
    from companion.kniggits.battle import setup_from_armies
    from companion.kniggits.rules import rules

    _check_csrf()
    form = request.form
    r = rules(cards())
    try:
        budget = _whole(form.get("points", ""), "points", 1_000_000)
        checked = [
            (
                (form.get(f"name{i}") or form.get(f"army{i}") or "").strip()[:40],
                _army(r, i, budget),
            )
            for i in (0, 1)
        ]
        first = _whole(form.get("first", "0"), "first", 1) or 0
        setup = setup_from_armies(r, checked, first)
        with _store(create=True) as store:
            store.new(r, setup, force=form.get("force") == "yes")
    except HavocError as error:
        return _new_page(refused(error, LABELS), form), 400
    return redirect(url_for("kniggits_battle.page"))


def _whole(text: str, field: str, most: int) -> int | None:
    text = text.strip()[:12]
    if not text:
        return None
    if not is_whole(text) or len(text) > len(str(most)) or int(text) > most:
        raise FieldError(field, text, f"expected a whole number from 0 to {most:,}")
    return int(text)


def _army(r: Any, i: int, budget: int | None) -> Any:
    """Army ``i`` checked: the pasted CSV if any, else the named army file."""
    from companion.csv_rosters import parse_csv, read_csv
    from companion.kniggits.rules import army_columns, check_army

    text = (request.form.get(f"csv{i}") or "").strip()
    if text:
        if len(text) > MAX_ARMY_TEXT:
            raise FieldError("army", "", f"army {i + 1}: at most {MAX_ARMY_TEXT:,} characters")
        rows = parse_csv(text, army_columns(r), Path(f"army {i + 1}"))
        return check_army(rows, r, budget, None)
    name = (request.form.get(f"army{i}") or "").strip()
    known = _armies()
    if name not in known:
        raise FieldError(
            "army", name, f"army {i + 1}: expected one of {', '.join(known)} or a pasted CSV"
        )
    return check_army(read_csv(known[name], army_columns(r)), r, budget, known[name])


def _change(action: Any) -> Response | tuple[str, int]:
    """A battle change: CSRF checked, ``seen`` read, the action run in the store; refused,
    the battle page with its one line."""
    from companion.kniggits.rules import rules
    from companion.kniggits.store import NoBattle

    _check_csrf()
    seen = request.form.get("seen", "")
    if not is_whole(seen) or len(seen) > 6:
        abort(400)
    r = rules(cards())
    try:
        with _store() as store:
            action(store, r, int(seen))
    except NoBattle:
        return redirect(url_for("kniggits_battle.page"))
    except HavocError as error:
        line = refused(error, LABELS)
        battle = _battle()
        if battle is None:
            return _new_page(line), 400
        return _battle_page(battle, line), 400
    return redirect(url_for("kniggits_battle.page"))


@bp.post("/phase")
def phase() -> Response | tuple[str, int]:
    """On to the next phase (after fighting: the other player's turn)."""
    return _change(lambda store, r, seen: store.add(r, {"op": "phase"}, seen))


@bp.post("/fight")
def fight() -> Response | tuple[str, int]:
    """One exchange: the attacker (by index on his side) against the defender (by index on
    the other side); the defender strikes back when his sword is given."""

    def act(store: Any, r: Any, seen: int) -> None:
        battle = store.load(r)
        player = battle.player
        event = {
            "op": "fight",
            "a": [player, _index("attacker")],
            "b": [1 - player, _index("defender")],
            "a_sword": request.form.get("a_sword", "")[:10],
            "b_shield": request.form.get("b_shield", "")[:10],
            "b_sword": request.form.get("b_sword", "none")[:10],
            "a_shield": request.form.get("a_shield", "none")[:10],
        }
        store.add(r, event, seen)

    return _change(act)


def _index(field: str) -> int:
    text = request.form.get(field, "")
    if not is_whole(text) or len(text) > 4:
        raise InputError(f"{LABELS[field]}: choose a kniggit")
    return int(text)


@bp.post("/undo")
def undo() -> Response | tuple[str, int]:
    """Undo the last step (the one the page showed last); the page then says so."""
    answer = _change(lambda store, r, seen: store.undo(r, seen))
    if isinstance(answer, Response) and answer.status_code == 302:
        return redirect(url_for("kniggits_battle.page", undone=request.form["seen"]))
    return answer
