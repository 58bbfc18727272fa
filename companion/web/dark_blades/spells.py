"""The Dark Blades spell deck on a phone: a list page, one page per spell, and the deal.

Thin over `companion.dark_blades.spells` (the deck `havoc spell` shows): each text carries its
origin, and the kit's texts (its own, or its wording of the rules) are marked KIT with the
card's footnotes saying whose they are. ``?source_only=on`` keeps only the rulebook's words,
as ``havoc spell --source-only``.

The deal (issue 25 item 7) is `havoc deal`'s shuffle under a seed no player sees: "Deal"
draws a fresh deal token, and the dealer's page gives each player a private link to his own
hand (a QR code on a page of its own, as the ring's links), HMACs under the server's key
(`companion.web.security.Hands`), so a player's link opens his hand and nothing else: no
number to change in the address, no seed to give `havoc deal`. The server keeps nothing; a
restart of the server ends the deal's links.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Blueprint, abort, current_app, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from companion.dark_blades import spells as sp
from companion.errors import FieldError, HavocError, InputError
from companion.numbers import is_whole
from companion.web.current import cards, refused
from companion.web.current import source_only as page_source_only
from companion.web.paths import named
from companion.web.security import Hands, looks_like_token, new_token
from companion.web.whos_next.pages import _loopback, _qr_svg

bp = Blueprint("spells", __name__, url_prefix="/dark-blades/spells")


def _source_only() -> bool:
    return page_source_only()


@bp.get("/")
def listing() -> str:
    """Every spell of the deck, how many cards of it, its area letter, KIT where the kit's."""
    deck = sp.load(cards())
    source_only = _source_only()
    rows = [(s, s.card(source_only)) for s in deck.spells]
    return render_template("spells.html", deck=deck, rows=rows, source_only=source_only)


def _number(field: str, default: int | None) -> int | None:
    """A small whole number from the form (blank: ``default``)."""
    text = request.args.get(field, "").strip()[:6]
    if not text:
        return default
    if not is_whole(text):
        raise FieldError(field, text, f"expected a whole number like 2, got {text!r}")
    return int(text)


def _hands() -> Hands:
    return current_app.extensions["havoc_hands"]


def _absolute(path: str) -> str:
    """``path`` as the phones reach it: the address `havoc serve` printed, else this host."""
    base = current_app.config.get("PUBLIC_URL") or request.host_url
    return base.rstrip("/") + path


def _canonical(number: str) -> bool:
    """A number as the links write it (1 to 99, no leading zero): one link per hand."""
    return is_whole(number) and len(number) <= 2 and str(int(number)) == number


def _dealt(deal: str, players: str, mac: str, wanted: Callable[[int], str]) -> tuple[Any, int]:
    """The deal a private link names, or 404 (a made-up or changed link opens nothing)."""
    if not looks_like_token(deal) or not _canonical(players):
        abort(404)
    n = int(players)
    if not _hands().valid(mac, wanted(n)):
        abort(404)
    deck = sp.load(cards())
    try:
        return sp.deal(deck, _hands().seed(deal), n), n
    except HavocError:
        abort(404)


@bp.get("/deal")
def deal() -> str | Response:
    """The deal's form: how many hands; "Deal" draws a fresh deal and opens the dealer's page."""
    deck = sp.load(cards())
    args = request.args
    error = None
    try:
        if args.get("player", "").strip() or args.get("seed", "").strip():
            raise InputError(
                "a hand opens only by its private link, from the dealer's page: deal again"
            )
        players = _number("players", deck.players)
        if "deal" in args:
            sp.deal(deck, 0, players)  # refuses a number of hands the deck cannot give
            token = new_token()
            mac = _hands().dealer(token, players or deck.players)
            return redirect(url_for(".dealer", deal=token, players=players, mac=mac))
    except HavocError as e:
        error = refused(e)
    return render_template("deal.html", deck=deck, args=args, error=error)


@bp.get("/deal/<deal>/<players>/<mac>")
def dealer(deal: str, players: str, mac: str) -> str:
    """The dealer's page: how the deal went, and a button per player to his hand's QR code."""
    dealt, n = _dealt(deal, players, mac, lambda n: _hands().dealer(deal, n))
    links = [
        url_for(".hand_qr", deal=deal, players=n, player=p, mac=_hands().hand(deal, n, p))
        for p in range(1, n + 1)
    ]
    return render_template("deal_links.html", deck=sp.load(cards()), dealt=dealt, links=links)


def _hand_of(deal: str, players: str, player: str, mac: str) -> tuple[Any, int]:
    if not _canonical(player):
        abort(404)
    p = int(player)
    dealt, n = _dealt(deal, players, mac, lambda n: _hands().hand(deal, n, p))
    if not 1 <= p <= n:
        abort(404)
    return dealt, p


@bp.get("/hand/<deal>/<players>/<player>/<mac>")
def hand(deal: str, players: str, player: str, mac: str) -> str:
    """One player's hand, and nothing that leads to another's (no seed, no player number)."""
    dealt, p = _hand_of(deal, players, player, mac)
    deck = sp.load(cards())
    held = dealt.hands[p - 1]
    cards_held = [(name, held.count(name)) for name in sorted(set(held), key=deck.names.index)]
    return render_template("hand.html", deck=deck, dealt=dealt, hand=cards_held, player=p)


@bp.get("/hand/<deal>/<players>/<player>/<mac>/qr")
def hand_qr(deal: str, players: str, player: str, mac: str) -> str:
    """A hand's link as a big QR code, for the dealer to show that player only."""

    _dealt_hand, p = _hand_of(deal, players, player, mac)
    link = _absolute(url_for(".hand", deal=deal, players=players, player=player, mac=mac))
    return render_template(
        "hand_qr.html", player=p, link=link, qr=_qr_svg(link), loopback=_loopback(link)
    )


@bp.get("/<path:name>")
def spell(name: str) -> str:
    """One spell card: area, effect, duration, notes, each marked when it is the kit's. The
    name goes in any case, by its start or initials (``fire``, ``tb``), as `havoc spell`."""
    deck = sp.load(cards())
    source_only = _source_only()
    only = "on" if source_only else None
    found = deck.spell(
        named(name, deck.names, "spell", lambda n: url_for(".spell", name=n, source_only=only))
    )
    card = found.card(source_only)
    rule_text = None
    if found.rule_text is not None and not card.rule_text_shown:
        rule_text = found.rule_text  # the rules' own description, beside the kit's wording
    said = [t for t in card.texts.values() if t is not None and t.origin != "kit"]
    if card.area_origin == "rulebook" and card.area_source:
        said.insert(0, sp.Said("", "rulebook", card.area_source))
    sources = list(dict.fromkeys(t.source for t in said if t.source))
    return render_template(
        "spell.html",
        sources=sources,
        spell=found,
        card=card,
        rule_text=rule_text,
        source_only=source_only,
    )
