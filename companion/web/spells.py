"""The Dark Blades spell deck on a phone: a list page, one page per spell, and the deal.

Thin over `companion.dark_blades.spells` (the deck `havoc spell` shows): each text carries its
origin, and the kit's texts (its own, or its wording of the rules) are marked KIT with the
card's footnotes saying whose they are. ``?source_only=on`` keeps only the rulebook's words,
as ``havoc spell --source-only``.

The deal is `havoc deal --seed N`'s: the seed (drawn when blank) names the shuffle, and each
player opens only his own hand (``?seed=N&player=P``), on his own phone, as ``havoc deal
--seed N --player P``; no page shows two hands, and the server keeps nothing.
"""

from __future__ import annotations

from flask import Blueprint, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from companion.dark_blades import spells as sp
from companion.numbers import is_whole
from companion.web.current import cards, refused
from companion.web.current import source_only as page_source_only
from companion.web.dice_tables import seed_arg
from companion.web.paths import named

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
    from companion.errors import InputError

    text = request.args.get(field, "").strip()[:6]
    if not text:
        return default
    if not is_whole(text):
        raise InputError(f"--{field}: expected a whole number like 2, got {text!r}")
    return int(text)


@bp.get("/deal")
def deal() -> str | Response:
    """Deal: the seed and a link to each player's own hand; with ``player``, that hand only."""
    from companion.errors import HavocError, InputError

    deck = sp.load(cards())
    args = request.args
    error, dealt, hand, player = None, None, None, None
    try:
        players = _number("players", deck.players)
        if "deal" in args and not args.get("seed", "").strip():
            drawn = sp.deal(deck, None, players)  # a fresh seed, named in the address
            return redirect(url_for(".deal", seed=drawn.seed, players=players))
        if args.get("seed", "").strip():
            dealt = sp.deal(deck, seed_arg(), players)
            player = _number("player", None)
            if player is not None:
                if not 1 <= player <= len(dealt.hands):
                    raise InputError(f"--player: expected 1 to {len(dealt.hands)}, got {player}")
                cards_held = dealt.hands[player - 1]
                hand = [
                    (name, cards_held.count(name))
                    for name in sorted(set(cards_held), key=deck.names.index)
                ]
    except HavocError as e:
        error, dealt, hand = refused(e), None, None
    return render_template(
        "deal.html", deck=deck, dealt=dealt, hand=hand, player=player, args=args, error=error
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
