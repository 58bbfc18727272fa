"""The counters' figures on the phone pages: the same file as the printed counter, inline.

``piece_figure(name)`` (a Jinja global; templates/web/_figure.html wraps it in a macro) gives the
small inline ``<svg>`` of a roster piece's figure, found as the counter's is
(`companion.dark_blades.pieces.PieceSet.figure`: the row's ``art``, else the kit's figure for
its type or weapon), so a player finds "the goblin with the axe" on the table. Nothing when the
name is not in the roster. ``kind_figures(game, kinds)`` gives a game's figure for each kind of
piece (its ``figures.toml``: the Cthulhu Who? hero, cultist and monster). Pure Python
(companion/art.py): no reportlab, no svglib.
"""

from __future__ import annotations

from typing import cast

from flask import g
from markupsafe import Markup

from companion import art
from companion.dark_blades import fight, pieces
from companion.dark_blades.states import HEALTH, MOUNTS, Health
from companion.errors import HavocError
from companion.web.current import cards


def _pieces() -> pieces.PieceSet | None:
    """The roster in effect, read once per request (None if it cannot be read)."""
    if "havoc_piece_set" not in g:
        try:
            g.havoc_piece_set = pieces.load(cards())
        except HavocError:
            g.havoc_piece_set = None
    return g.havoc_piece_set


def piece_figure(who: object, state: str = "") -> Markup:
    """The inline figure of ``who`` (a roster name as `havoc fight` takes it, a Character, or a
    parsed fight's Fighter, on his horse or not as the request has it)
    in ``state`` (a fight page's state word: a mounted character is on his horse unless
    "foot" or stunned, as `companion.dark_blades.fight` has it); empty markup when there is
    none."""
    data = _pieces()
    if data is None or not who:
        return Markup("")
    name = str(getattr(who, "name", who)).strip()
    if hasattr(who, "mounted"):  # a fighter the page's request already parsed
        fighter = cast(fight.Fighter, who)
    else:
        health = Health(state) if state in HEALTH else Health.HEALTHY
        piece = fight.Chosen(name, health, state if state in MOUNTS else None)
        try:
            fighter = fight.side(data.roster, [piece], "piece")[0]
        except HavocError:
            return Markup("")
    character = next(c for c in data.roster if c.name == fighter.name)
    specs = data.types[character.type].pieces
    spec = next((s for s in specs if s.mounted == fighter.mounted), specs[0])
    path = data.figure(character, spec)
    if path is None:
        return Markup("")
    try:
        markup = art.inline(path, f"{character.label or character.name}: figure")
    except (HavocError, OSError, ValueError):
        return Markup("")
    return _small(markup)


def _small(markup: str) -> Markup:
    """An inline figure at the pages' small size (the stylesheet sizes it in ``em``)."""
    return Markup(markup.replace("<svg ", '<svg width="24" height="24" ', 1))


def kind_figures(game: str, kinds: tuple[str, ...]) -> dict[str, Markup]:
    """Kind -> the inline figure ``game``'s ``figures.toml`` names for it (as its printed
    pieces carry it); a kind with none, or whose file cannot be read, is left out."""
    try:
        found = art.game_figures(cards(), game, kinds)
    except HavocError:
        return {}
    out = {}
    for kind, path in found.items():
        try:
            out[kind] = _small(art.inline(path, f"{kind}: figure"))
        except (HavocError, OSError, ValueError):
            continue
    return out
