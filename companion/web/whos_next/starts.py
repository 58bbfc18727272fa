"""Who's Next start hexes on the phone: a Dark Blades map's edge hexes, evenly spaced, one for
each player (``/whos-next/starts/KEY?p=N``), linked from the umpire's page; their own page, so
the Dark Blades map page shows only Dark Blades."""

from __future__ import annotations

from flask import Blueprint, render_template, request

from companion.dark_blades.maps import start_hexes
from companion.errors import HavocError, InputError
from companion.numbers import is_whole
from companion.web.current import board_or_404, refused

bp = Blueprint("whos_next_starts", __name__, url_prefix="/whos-next/starts")


@bp.get("/<key>")
def page(key: str) -> str:
    """The start hexes on the map ``key`` for the number of players the address gives."""
    m = board_or_404(key)
    players = request.args.get("p", "").strip()
    starts, error = [], None
    try:
        if len(players) > 3 or (players and not is_whole(players)):
            raise InputError(
                f"players: expected a number of at most 3 digits, got {players[:12]!r}"
            )
        if players:
            starts = start_hexes(m, int(players))
    except (HavocError, ValueError) as e:
        error = refused(e)
    return render_template(
        "starts.html", m=m, players=players, starts=[m.label(h) for h in starts], error=error
    )
