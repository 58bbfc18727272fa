"""A Dark Blades campaign on the phone: started from scenarios in order, each battle recorded
(who was wounded, captured or died; everyone else lived), the rulebook's two ways back for a
dead leader offered as the players' choice, the next scenario's roster, captives freed, undo.

The campaign lives in `companion.dark_blades.campaign_store.CampaignStore` (SQLite, one
transaction a change) next to the Who's Next game file, the same file `havoc campaign` keeps
when both use the default; the rules are `companion.dark_blades.campaign`. Every change is a
POST with the form's CSRF token and the step the page showed (``seen``: a form sent twice is
refused), then a redirect back. A refusal shows the page again with its one line (400).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from flask import Blueprint, abort, current_app, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from companion.errors import FieldError, HavocError, InputError
from companion.numbers import is_whole
from companion.web.current import cards, refused

bp = Blueprint("dark_blades_campaign", __name__, url_prefix="/dark-blades/campaign")
CSRF_KEY = "dark-blades-campaign"
LABELS = {"scenarios": "Scenarios", "title": "Title", "heir": "Heir", "caster": "Caster"}
MAX_TEXT = 200


def _path() -> Path:
    """The campaign file: the server's ``DARK_BLADES_CAMPAIGN`` or next to its Who's Next game."""
    from companion.dark_blades.campaign_store import FILE_NAME

    given = current_app.config.get("DARK_BLADES_CAMPAIGN")
    return Path(given) if given else Path(current_app.config["GAME_PATH"]).parent / FILE_NAME


def _store(create: bool = False) -> Any:
    from companion.dark_blades.campaign_store import CampaignStore

    path = _path()
    if create and not path.parent.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
    return CampaignStore(path, create=create)


def _context() -> Any:
    from companion.dark_blades import pieces
    from companion.dark_blades.campaign import load_rules
    from companion.dark_blades.campaign_store import Context
    from companion.dark_blades.scenarios import load_scenarios

    ps = pieces.load(cards())
    return Context(load_rules(cards()), load_scenarios(cards(), ps), ps)


def _csrf_token() -> str:
    return str(current_app.extensions["havoc_csrf"].token(CSRF_KEY))


def _check_csrf() -> None:
    if not current_app.extensions["havoc_csrf"].valid(CSRF_KEY, request.form.get("csrf")):
        abort(403)


def _campaign(cx: Any) -> Any:
    from companion.dark_blades.campaign_store import NoCampaign

    try:
        with _store() as store:
            return store.load(cx)
    except NoCampaign:
        return None


@bp.get("/")
def page() -> str:
    """The campaign, or the form to start one."""
    cx = _context()
    c = _campaign(cx)
    if c is None:
        return _new_page(cx)
    return _page(cx, c)


@bp.get("/new")
def new_form() -> str:
    cx = _context()
    return _new_page(cx)


def _new_page(cx: Any, error: str | None = None, form: Any = None) -> str:
    return render_template(
        "campaign_new.html",
        scenarios=cx.scenarios,
        rules=cx.rules,
        csrf=_csrf_token(),
        form=form or {},
        kept=_campaign(cx) is not None,
        error=error,
    )


def _page(cx: Any, c: Any, error: str | None = None) -> str:
    from companion.dark_blades.campaign import dead_leaders, next_roster

    scenario = cx.scenarios[c.next_key] if c.next_key else None
    fielded = next_roster(c, scenario) if scenario else {}
    casters = [ch.name for ch in cx.pieces.roster if ch.weapon == "spells"]
    undone = request.args.get("undone", "")
    return render_template(
        "campaign.html",
        c=c,
        cx=cx,
        scenario=scenario,
        fielded=fielded,
        names=list(fielded),
        waiting=dead_leaders(c, cx.rules, cx.pieces),
        casters=[n for n in casters if c.out_of(n) < 1],
        held=[n for n, k in c.captured.items() if k],
        csrf=_csrf_token(),
        undone=undone if undone in ("1",) else None,
        error=error,
    )


@bp.post("/new")
def new() -> Response | tuple[str, int]:
    """Start a campaign: the scenarios in order, by name or file key, commas between."""
    from companion.dark_blades.campaign import Setup
    from companion.dark_blades.scenarios import find_scenario

    _check_csrf()
    cx = _context()
    form = request.form
    try:
        text = (form.get("scenarios") or "").strip()
        if len(text) > MAX_TEXT:
            raise FieldError("scenarios", "", f"at most {MAX_TEXT} characters")
        names = [n.strip() for n in text.replace("\n", ",").split(",") if n.strip()]
        if not names:
            raise FieldError("scenarios", text, "name at least one scenario, e.g. raid, mule")
        keys = tuple(find_scenario(cx.scenarios, n).key for n in names)
        title = (form.get("title") or "").strip()[:60] or "Campaign"
        with _store(create=True) as store:
            store.new(cx, Setup(title, keys), force=form.get("force") == "yes")
    except HavocError as error:
        return _new_page(cx, refused(error, LABELS), form), 400
    return redirect(url_for("dark_blades_campaign.page"))


def _change(make: Any, undo: bool = False) -> Response | tuple[str, int]:
    """A campaign change: CSRF checked, ``seen`` read, the event made and stored; refused,
    the page with its one line."""
    from companion.dark_blades.campaign_store import NoCampaign

    _check_csrf()
    seen = request.form.get("seen", "")
    if not is_whole(seen) or len(seen) > 6:
        abort(400)
    cx = _context()
    try:
        with _store() as store:
            if undo:
                store.undo(cx, int(seen))
            else:
                store.add(cx, make(store.load(cx), cx), int(seen))
    except NoCampaign:
        return redirect(url_for("dark_blades_campaign.page"))
    except HavocError as error:
        line = refused(error, LABELS)
        c = _campaign(cx)
        return (_new_page(cx, line) if c is None else _page(cx, c, line)), 400
    if undo:
        return redirect(url_for("dark_blades_campaign.page", undone="1"))
    return redirect(url_for("dark_blades_campaign.page"))


def _count(field: str, most: int) -> int:
    text = (request.form.get(field) or "").strip()[:6]
    if not text:
        return 0
    if not is_whole(text) or int(text) > most:
        raise InputError(f"{field}: expected a whole number from 0 to {most}")
    return int(text)


@bp.post("/record")
def record() -> Response | tuple[str, int]:
    """The battle just played: per piece of the next scenario, its fate (one piece: a choice;
    several: how many died, were wounded, captured); the winner."""
    from companion.dark_blades.campaign import FATES, next_roster

    def make(c: Any, cx: Any) -> dict[str, Any]:
        if c.next_key is None:
            raise InputError("the campaign is over: every scenario has been played")
        scenario = cx.scenarios[c.next_key]
        fates = []
        for i, (name, have) in enumerate(next_roster(c, scenario).items()):
            if have == 1:
                fate = request.form.get(f"fate{i}", "lived")
                if fate in FATES:
                    fates.append({"name": name, "fate": fate, "count": 1})
                elif fate != "lived":
                    raise InputError(f"{name}: expected lived, {', '.join(FATES)}")
            elif have > 1:
                for fate in FATES:
                    n = _count(f"{fate}{i}", have)
                    if n:
                        fates.append({"name": name, "fate": fate, "count": n})
        sides = [s.name for s in scenario.sides]
        winner = (request.form.get("winner") or "").strip()
        if winner and winner not in (*sides, "draw"):
            raise InputError(f"winner: expected one of {', '.join(sides)} or draw")
        return {"op": "record", "winner": winner or None, "fates": fates}

    return _change(make)


@bp.post("/heir")
def heir() -> Response | tuple[str, int]:
    """An heir takes a dead leader's place (the players' choice)."""

    def make(c: Any, cx: Any) -> dict[str, Any]:
        name = (request.form.get("heir") or "").strip()[:60]
        if not name:
            raise FieldError("heir", "", "name the heir")
        return {"op": "heir", "name": request.form.get("leader", "")[:60], "heir": name}

    return _change(make)


@bp.post("/restore")
def restore() -> Response | tuple[str, int]:
    """A caster restores a dead leader to life (the players' choice)."""

    def make(c: Any, cx: Any) -> dict[str, Any]:
        caster = (request.form.get("caster") or "").strip()[:60]
        if not caster:
            raise FieldError("caster", "", "choose the caster")
        return {"op": "restore", "name": request.form.get("leader", "")[:60], "caster": caster}

    return _change(make)


@bp.post("/free")
def free() -> Response | tuple[str, int]:
    """A captive goes free (the kit's: the rulebook says nothing of captives)."""
    return _change(lambda c, cx: {"op": "free", "name": request.form.get("name", "")[:60]})


@bp.post("/undo")
def undo() -> Response | tuple[str, int]:
    """Take back the last change."""
    return _change(None, undo=True)
