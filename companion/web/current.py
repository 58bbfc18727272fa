"""What a page needs to know of the request it answers: the cards, and --source-only.

Blueprints import these (never `companion.web.app`), so the app can import every blueprint
with no import cycle.
"""

from __future__ import annotations

from flask import current_app, request

from companion.data import Cards


def source_only() -> bool:
    """Only the rulebooks' words on this page: the server was started so, or the page's switch
    (``?source_only=on``) asks for it."""
    return bool(current_app.config.get("SOURCE_ONLY")) or request.args.get("source_only") == "on"


def cards() -> Cards:
    """The cards for this request (the server's ``--cards`` overlay, else the kit's)."""

    return Cards(current_app.config["CARDS_DIR"])
