"""What a page needs to know of the request it answers: the cards, --source-only, the
request's one open ring store, and whether it refused what it was asked (`refused`: the page
answers 400 with its one line).

Blueprints import these (never `companion.web.app`), so the app can import every blueprint
with no import cycle.
"""

from __future__ import annotations

from flask import current_app, g, request

from companion.data import Cards
from companion.errors import HavocError
from companion.whos_next.store import Store


def source_only() -> bool:
    """Only the rulebooks' words on this page: the server was started so, or the page's switch
    (``?source_only=on``) asks for it."""
    return bool(current_app.config.get("SOURCE_ONLY")) or request.args.get("source_only") == "on"


def cards() -> Cards:
    """The cards for this request (the server's ``--cards`` overlay, else the kit's)."""

    return Cards(current_app.config["CARDS_DIR"])


def game_store(create: bool = False) -> Store:
    """This request's one open `companion.whos_next.store.Store` on the server's game file
    (opened on first use, closed when the request ends); ``create``: make the file if needed."""
    store = g.get("havoc_store")
    if store is None:
        store = g.havoc_store = Store(current_app.config["GAME_PATH"], create=create, reuse=True)
    return store


def refused(error: HavocError) -> str:
    """The refusal's one line for the page, and mark this request refused: the app answers it
    with status 400 (the page still shows the form, filled in, under the line)."""
    g.havoc_refused = True
    return str(error)


def board_or_404(key: str, layout: bool = False):  # -> HexMap (imported only when asked)
    """The Dark Blades map, or with ``layout`` the layout (maps laid together), a page's
    address names; 404 when there is none."""
    from flask import abort

    from companion.dark_blades.layouts import find_layout
    from companion.dark_blades.maps import find_map
    from companion.errors import DataError, InputError

    find = find_layout if layout else find_map
    try:
        return find(cards(), key[:40], source_only())
    except (InputError, DataError):
        abort(404)
