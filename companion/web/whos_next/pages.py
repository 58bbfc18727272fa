"""Who's Next on phones: the umpire's pages (secret link) and each player's private page.

Every URL here starts with a token: ``/u/UMPIRE/...`` for the umpire, ``/p/PLAYER`` for a
player. Unknown and wrong tokens get the same 404 as any missing page. Every change is a POST
that needs the umpire's token and the form's CSRF token, names players by seat (never by a
name taken from the request), goes through `companion.whos_next.store.Store` (one SQLite
transaction each, shared with the CLI) and redirects back (POST/redirect/GET).
"""

from __future__ import annotations

import functools
import io
import ipaddress
import re
import threading
from collections.abc import Callable
from functools import lru_cache
from typing import Any
from urllib.parse import urlsplit

import segno
from flask import (
    Blueprint,
    abort,
    current_app,
    redirect,
    render_template,
    request,
    url_for,
)
from markupsafe import Markup, escape
from werkzeug.wrappers import Response

from companion.dark_blades.maps import perimeter, read_maps
from companion.dice import DiceSource
from companion.errors import FieldError, HavocError
from companion.numbers import is_whole
from companion.text.whos_next import MARK, after_death, died, game_over, throw, tie, undone
from companion.web.current import cards, game_store, page_line, source_only
from companion.web.kept import kept
from companion.web.security import looks_like_token, same
from companion.whos_next.duel_scoring import (
    load_attack_table,
    load_contest,
    load_scoring,
    scores,
    winner,
)
from companion.whos_next.game_file import NoGame, ReplaceRefused
from companion.whos_next.ring import Undecided, alive, cycle

bp = Blueprint("whos_next", __name__)
MAX_NAMES_TEXT = (
    16_000  # characters in the new-game box (percent-encoded, it fits MAX_CONTENT_LENGTH)
)
KEPT_MESSAGES = 20  # the umpire's unread messages kept at most
INLINE_LINKS = 100  # players whose links the umpire page lists itself (more: a links page)
LINKS_PER_PAGE = 500
SLIPS_PER_PAGE = 24  # QR codes on one page of "All links, to print" (each takes ~15 ms)


class Messages:
    """The umpire's messages after a POST, kept on the server until his next page shows them
    (never in a cookie: they name the ring's secrets)."""

    def __init__(self) -> None:

        self._lock = threading.Lock()
        self._waiting: list[tuple[str, str]] = []

    def add(self, text: str, category: str = "message") -> None:
        with self._lock:
            self._waiting = [*self._waiting, (category, text)][-KEPT_MESSAGES:]

    def take(self) -> list[tuple[str, str]]:
        with self._lock:
            waiting, self._waiting = self._waiting, []
        return waiting


@bp.record_once
def _setup(state: Any) -> None:
    state.app.extensions["havoc_messages"] = Messages()


def flash(text: str, category: str = "message") -> None:
    """A message for the umpire's next page (kept server-side, see `Messages`)."""
    current_app.extensions["havoc_messages"].add(text, category)


def _page(template: str, **context: Any) -> str:
    """An umpire's page, with the messages waiting for him."""
    return render_template(
        template, messages=current_app.extensions["havoc_messages"].take(), **context
    )


def _umpire(token: str) -> str:
    if not looks_like_token(token) or not same(token, current_app.config["UMPIRE_TOKEN"]):
        abort(404)
    return token


def _csrf(token: str) -> None:
    if not current_app.extensions["havoc_csrf"].valid(token, request.form.get("csrf")):
        abort(403)


def _has_game() -> bool:
    try:
        return game_store().has_game()
    except NoGame:
        return False


def _seat_name(players: tuple[str, ...], field: str, value: str | None = None) -> str:
    """The player in the seat the form names (a 400 for anything else)."""
    value = request.form.get(field, "") if value is None else value
    if not is_whole(value) or len(value) > 6 or int(value) >= len(players):
        abort(400)
    return players[int(value)]


def _link(player_token: str) -> str:
    """A player's link as phones reach it: the address `havoc serve` printed, else this
    request's own host."""
    base = current_app.config.get("PUBLIC_URL") or request.host_url
    return base.rstrip("/") + url_for("whos_next.player", token=player_token)


@lru_cache(maxsize=2048)
def _qr_svg(text: str, scale: int = 6) -> str:
    """``text`` as an SVG QR code (mask 0: a valid code, without segno trying all eight)."""

    out = io.BytesIO()
    segno.make(text, error="m", mask=0).save(
        out, kind="svg", scale=scale, xmldecl=False, svgns=True, omitsize=True
    )
    return out.getvalue().decode("utf-8")


# --------------------------------------------------------------------------- umpire


@bp.get("/u/<token>/")
def umpire(token: str) -> str:
    """The whole game: the ring, the forms, the deaths, the scores and the players' links."""
    _umpire(token)

    csrf = current_app.extensions["havoc_csrf"].token(token)
    if not _has_game():
        return _page("umpire_new.html", token=token, csrf=csrf, replace=None, limit=MAX_NAMES_TEXT)
    store = game_store()
    state = store.load()
    links = store.links()
    order = cycle(state, alive(state)[0]) if state.victims else []
    living = alive(state)
    seats = {name: seat for seat, name in enumerate(state.players)}
    scoring = load_scoring(cards())
    standings = scores(state, scoring)
    last = state.winner()
    return _page(
        "umpire.html",
        token=token,
        csrf=csrf,
        state=state,
        ring=[(p, state.victims[p]) for p in order],
        living=living,
        options=_options([(seats[p], p) for p in living]),
        html={p: str(escape(p)) for p in state.players},
        seats=seats,
        standings=standings,
        scoring=scoring,
        winner=last,
        over=game_over(last, standings[0].name) if last else [],
        links=links,
        inline_links=INLINE_LINKS,
        start_maps=_start_maps(len(state.players)),
    )


def _start_maps(players: int) -> tuple[list[tuple[str, str, bool]], str]:
    """The Dark Blades maps whose edges hold ``players`` start hexes, as (key, name, is the
    kit's design), for the umpire's links to each map page's start hexes (``?p=N``: only the
    count rides in the link, never a name or the ring), and a line when there is none."""

    try:
        maps, _broken = read_maps(cards(), source_only())  # the maps list says what is broken
    except HavocError as e:  # terrain.toml itself
        return [], f"Maps: {e}"
    if not maps:
        return [], "No maps (the kit's are its own design, left out rulebook-only)."
    fit = [(m.key, m.name, m.is_kit) for m in maps if players <= len(perimeter(m))]
    return fit, "" if fit else f"No map's edge has room for {players} start hexes."


def _options(players: list[tuple[int, str]]) -> tuple[Markup, Markup]:
    """The alive players as a select's options, twice: the first and the second selected
    (built once here: the umpire page shows them in four selects; each name escaped once)."""
    shown = [(seat, escape(name)) for seat, name in players]
    first = Markup("".join(f'<option value="{seat}">{name}</option>' for seat, name in shown))
    second = Markup(
        "".join(
            f'<option value="{seat}"{" selected" if i == 1 else ""}>{name}</option>'
            for i, (seat, name) in enumerate(shown)
        )
    )
    return first, second


@bp.post("/u/<token>/links")
def issue_links(token: str) -> Response:
    """Draw the players' private links a game from an older kit lacks (viewing never writes)."""
    _umpire(token)
    _csrf(token)
    try:
        game_store().issue_links()
    except HavocError as error:
        flash(str(error), "error")
    return redirect(url_for("whos_next.umpire", token=token))


@bp.get("/u/<token>/new")
def umpire_new(token: str) -> str:
    """The form to draw a new ring (replacing a game, in progress or finished, asks for a
    tick: `Store.new_game` refuses either without ``force``)."""
    _umpire(token)
    csrf = current_app.extensions["havoc_csrf"].token(token)
    return _page(
        "umpire_new.html",
        token=token,
        csrf=csrf,
        replace=_replaced(),
        stamp=_stamp(),
        limit=MAX_NAMES_TEXT,
    )


def _stamp() -> str | None:
    """The saved game the form would replace (sent back with it: a second send is asked
    again, not replacing the ring the first one drew)."""
    return game_store().stamp() if _has_game() else None


def _replaced() -> str | None:
    """What a new ring would replace: None, "in progress" or "over"."""
    if not _has_game():
        return None
    return "over" if game_store().load().winner() is not None else "in progress"


def _loopback(link: str) -> bool:
    """True when ``link`` names this computer itself: no phone can open it."""

    host = urlsplit(link).hostname or ""
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


@bp.get("/u/<token>/slips")
def umpire_slips(token: str) -> str:
    """Every player's link and QR code on one page, to print and cut apart."""
    _umpire(token)
    links = game_store().links() if _has_game() else {}
    if not links:
        abort(404)
    page, pages, shown = _paged(list(links.values()), SLIPS_PER_PAGE)
    slips = [(name, _link(t), _qr_svg(_link(t), scale=3)) for name, t in shown]
    loopback = _loopback(_link("x"))
    return render_template(
        "umpire_slips.html", token=token, slips=slips, loopback=loopback, page=page, pages=pages
    )


def _paged(items: list[Any], per_page: int) -> tuple[int, int, list[Any]]:
    """(page, pages, the items on it) for ``?page=N`` (a page out of range: 404)."""
    text = request.args.get("page", "1")
    pages = max(1, -(-len(items) // per_page))
    if not is_whole(text) or len(text) > 6 or not 1 <= int(text) <= pages:
        abort(404)
    page = int(text)
    return page, pages, items[(page - 1) * per_page : page * per_page]


@bp.get("/u/<token>/links")
def links_page(token: str) -> str:
    """Every player's "show QR" button, a page at a time (big rings)."""
    _umpire(token)
    links = game_store().links() if _has_game() else {}
    if not links:
        abort(404)
    page, pages, shown = _paged(list(links.values()), LINKS_PER_PAGE)
    return render_template("umpire_links.html", token=token, links=shown, page=page, pages=pages)


@bp.post("/u/<token>/new")
def new_game(token: str) -> Response | tuple[str, int]:
    """Draw the ring; refused, the form comes back with the names as typed and one line."""
    _umpire(token)
    _csrf(token)
    text = request.form.get("names", "")
    names = [n for n in re.split(r"[\r\n,]", text) if n.strip()]
    force = request.form.get("force") == "yes"
    order = request.form.get("order") == "yes"
    try:
        from companion.errors import InputError
        from companion.whos_next.ring import check_names

        if len(text) > MAX_NAMES_TEXT:
            raise InputError(
                f"the names are {len(text):,} characters long: at most {MAX_NAMES_TEXT:,}"
            )
        check_names(names)
        replacing = request.form.get("replacing", "")[:40] or None
        drawn, replaced = game_store(create=True).new_game(
            names, force=force, order=order, replacing=replacing
        )
        how = "Ring as arranged" if order else "Ring drawn"
        message = (replaced + ". " if replaced else "") + f"{how}: {len(drawn.players)} players."
        flash(message[0].upper() + message[1:])
    except HavocError as error:
        why = page_line(error)
        if isinstance(error, ReplaceRefused):  # the page offers a tick, not the CLI's --force
            why = f"{error.what()}: tick \u201cReplace\u201d to replace it"
        page = _page(
            "umpire_new.html",
            token=token,
            csrf=current_app.extensions["havoc_csrf"].token(token),
            replace=_replaced(),
            stamp=_stamp(),
            names=text,
            order=order,
            error=why,
            limit=MAX_NAMES_TEXT,
        )
        return page, 400
    return redirect(url_for("whos_next.umpire", token=token))


def _umpire_action(
    words: dict[str, str] | None = None,
) -> Callable[[Callable[[], None]], Callable[[str], Response]]:
    """An umpire's form post: the umpire's token and the form's CSRF token checked, the action
    run, a refusal (`HavocError`) shown as its one line (a field named in the page's ``words``),
    then back to the umpire page, whatever happened."""

    def decorate(action: Callable[[], None]) -> Callable[[str], Response]:
        @functools.wraps(action)
        def view(token: str) -> Response:
            _umpire(token)
            _csrf(token)
            try:
                action()
            except HavocError as error:
                flash(page_line(error, words), "error")
            return redirect(url_for("whos_next.umpire", token=token))

        return view

    return decorate


@bp.post("/u/<token>/kill")
@_umpire_action()
def kill() -> None:
    """The killer (by seat) killed his victim (by seat): the store checks it is his victim."""

    store = game_store()
    players = store.load().players
    if "pair" in request.form:  # a one-tap button: "KILLER:VICTIM" by seat
        k, _, v = request.form["pair"].partition(":")
        killer, victim = _seat_name(players, "pair", k), _seat_name(players, "pair", v)
    else:
        killer, victim = _seat_name(players, "killer"), _seat_name(players, "victim")
    contest_at = load_contest(cards()).contest_at  # a bad duel.toml: nothing written
    _told(store.kill(killer, victim), contest_at)


@bp.post("/u/<token>/duel")
@_umpire_action({"die": "Dice rolled at the table"})
def duel() -> None:
    """ATTACKER attacks DEFENDER on the attack table (cards/whos-next): the dice rolled at the
    table when the form gives them (``dice``: "5", or "5 3" when both roll, attacker first),
    else the server rolls. Faces too few, too many or off the die: refused, nothing written."""

    table = load_attack_table(cards())
    source = DiceSource(_table_dice(), None)
    how = "rolled" if source.rng is not None else "die"
    store = game_store()
    players = store.load().players
    attacker, defender = _seat_name(players, "attacker"), _seat_name(players, "defender")
    try:
        outcome = store.duel(
            attacker,
            defender,
            table.effect,
            lambda: source.next(table.sides)[0],
            check=source.finish,
            contest_at=table.contest_at,
            more=source.has_more,
        )
    except Undecided as error:
        if not error.tie:
            raise  # one die where both roll: refused in one line
        tied = "; ".join(throw(attacker, defender, t).text for t in error.throws)
        flash(f"{attacker} attacks {defender}: {tied}. {tie(error)[-1].text}")
        return
    throws = outcome.death.rolls
    if len(throws) == 1 and len(throws[0]) == 1:
        rolled = f'{how} {throws[0][0]}: "{table.result(throws[0][0])}"'
    else:  # the contest: both roll, ties throw again
        rolled = f"{how} " + "; ".join(f"{a} v {b}" for a, b in throws)
    flash(f"{attacker} attacks {defender}: {rolled}.")
    _told(outcome, table.contest_at)


def _table_dice() -> list[int]:
    """The faces typed in the duel form's ``dice`` field (blank: none; the server rolls)."""

    text = request.form.get("dice", "")[:40]
    words = text.replace(",", " ").split()
    if len(words) > 12 or not all(is_whole(w) and len(w) <= 3 for w in words):
        why = f"expected faces like 5, or 5 3 when both roll; got {text!r}"
        raise FieldError("die", text, why)
    return [int(w) for w in words]


@bp.post("/u/<token>/undo")
@_umpire_action()
def undo() -> None:
    """Undo the death the form names (an undo names the death it undoes: a repeat is refused,
    not a second undo)."""

    number = request.form.get("number", "")
    if not is_whole(number) or len(number) > 6:
        abort(400)
    outcome = game_store().undo(int(number))
    _say(undone(outcome.death, outcome.alive))


def _say(lines: list[Any]) -> None:
    """`companion.text.whos_next` lines as the umpire's messages: the safe ones together,
    then each secret one marked as the screen marks it (UMPIRE ONLY)."""

    safe = " ".join(line.text for line in lines if not line.secret)
    if safe:
        flash(safe)
    for line in lines:
        if line.secret:
            flash(MARK + line.text, "secret")


def _told(outcome: Any, contest_at: int) -> None:
    """A death as the CLI's screen words it: who died, how the game stands, and who takes
    the dead player's slip (the rules' or the kit's ruling, said so; secret)."""

    death = outcome.death
    champion = None
    if outcome.winner is not None:
        champion = winner(game_store().load(), load_scoring(cards()))
    _say([died(death), *after_death(death, outcome.alive, outcome.winner, contest_at, champion)])


# --------------------------------------------------------------------------- player


@bp.get("/p/<token>", strict_slashes=False)
def player(token: str) -> bytes:
    """Only this player's current victim, or that he is dead (refreshes itself): kept while the
    game file is unchanged (the page asks again every few seconds, on every phone)."""
    if not looks_like_token(token):
        abort(404)
    return kept(lambda: _player(token), files=(current_app.config["GAME_PATH"],))


def _player(token: str) -> str:
    try:
        who = game_store().player(token)
    except NoGame:
        who = None
    if who is None:
        abort(404)
    champion = scoring = None
    if who.over:
        from companion.whos_next.duel_scoring import load_scoring, winner

        scoring = load_scoring(cards())
        champion = winner(game_store().load(), scoring)
    return render_template("player.html", who=who, champion=champion, scoring=scoring)


@bp.get("/p/<token>/qr", strict_slashes=False)
def player_qr(token: str) -> str:
    """A player's own link as a big QR code, for the umpire to show him: keyed by the player's
    token (never the umpire's), it shows his name and his link only, and links nowhere."""
    if not looks_like_token(token):
        abort(404)
    try:
        who = game_store().player(token)
    except NoGame:
        who = None
    if who is None:
        abort(404)
    link = _link(token)
    return render_template(
        "player_qr.html", name=who.name, link=link, qr=_qr_svg(link), loopback=_loopback(link)
    )
