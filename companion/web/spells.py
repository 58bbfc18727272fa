"""The Dark Blades spell deck on a phone: a list page and one page per spell.

Thin over `companion.dark_blades.spells` (the deck `havoc spell` shows): each text carries its
origin, and the kit's texts (its own, or its wording of the rules) are marked KIT with the
card's footnotes saying whose they are. ``?source_only=on`` keeps only the rulebook's words,
as ``havoc spell --source-only``.
"""

from __future__ import annotations

from flask import Blueprint, abort, render_template

from companion.dark_blades import spells as sp
from companion.errors import InputError
from companion.web.current import cards
from companion.web.current import source_only as page_source_only

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


@bp.get("/<path:name>")
def spell(name: str) -> str:
    """One spell card: area, effect, duration, notes, each marked when it is the kit's."""
    deck = sp.load(cards())
    try:
        found = deck.spell(name[:60])
    except InputError:
        abort(404)
    source_only = _source_only()
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
