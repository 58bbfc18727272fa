"""What a page needs to know of the request it answers: the cards, --source-only, the
request's one open ring store, and whether it refused what it was asked (`refused`: the page
answers 400 with its one line).

Blueprints import these (never `companion.web.app`), so the app can import every blueprint
with no import cycle.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from flask import abort, current_app, g, request

from companion.dark_blades.layouts import find_layout
from companion.dark_blades.maps import find_map
from companion.data import Cards
from companion.errors import FieldError, HavocError, InputError, display_path
from companion.whos_next.store import Store

if TYPE_CHECKING:  # the maps load only on a map page
    from companion.dark_blades.maps import HexMap


# The longest hex a page reads from its address (a longer one is cut): ``D13``, or on a layout
# ``MAP:D13`` with the map's key (a file's name) up to 75 characters.
HEX_TEXT = 80


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


# The pages' names of the rules' fields (`companion.errors.FieldError.field`); a page with its
# own words for a field passes them to `refused` or `page_line`.
LABELS = {
    "attack": "Attack",
    "defence": "Defence",
    "die": "Die",
    "seed": "Seed",
    "cover": "Cover",
    "range": "Range",
    "target": "Target",
    "weapon": "Weapon",
    "attacker_terrain": "Attacker's terrain",
    "defender_terrain": "Defender's terrain",
    "magic_sword": "Magic Sword",
    "magic_ring": "Magic Ring",
    "fast_rider": "Fast rider",
    "tokens": "Tokens",
    "defend": "Shield",
    "points": "Points",
    "players": "Players",
    "player": "Player",
    "hurt": "Hurt",
    "setup": "Set-up",
    "boards": "Boards",
}


def page_line(error: HavocError | ValueError, labels: Mapping[str, str] | None = None) -> str:
    """The refusal's one line in the page's words: a refused field (`FieldError`) named by its
    label (``labels`` first, then the pages' usual `LABELS`), anything else as it is."""
    if not isinstance(error, FieldError):
        return _public(error) if isinstance(error, HavocError) else str(error)
    words = {**LABELS, **(labels or {})}
    label = words.get(error.field, error.field.replace("_", " "))
    return error.said(f"\u201c{label}\u201d")


def _public(error: HavocError) -> str:
    """A refusal's line without the server's folders (issue 30 item 9): a file under the cards
    folder named from there (``dark-blades/pieces.csv:12``), any other by its name only."""
    folders = [Path(p) for p in (current_app.config.get("CARDS_DIR"), cards().default) if p]
    message = error.message
    for folder in folders:
        for text in {str(folder), str(folder.resolve()), display_path(folder)}:
            if len(text) > 1:
                message = message.replace(text + "/", "").replace(text, "cards")
    if error.path is None:
        return message
    shown = Path(error.path).name
    for folder in folders:
        try:
            shown = str(Path(error.path).resolve().relative_to(folder.resolve()))
            break
        except (ValueError, OSError, RuntimeError):
            continue
    where = shown if error.line is None else f"{shown}:{error.line}"
    return f"{where}: {message}"


def refused(error: HavocError | ValueError, labels: Mapping[str, str] | None = None) -> str:
    """The refusal's one line for the page (`page_line`), and mark this request refused: the
    app answers it with status 400 (the page still shows the form, filled in, under the line)."""
    g.havoc_refused = True
    return page_line(error, labels)


def board_or_404(key: str, layout: bool = False) -> HexMap:
    """The Dark Blades map, or with ``layout`` the layout (maps laid together), a page's
    address names; 404 when there is none."""

    find = find_layout if layout else find_map
    try:
        return find(cards(), key[:40], source_only())
    except InputError:
        abort(404)  # a broken file's own error (DataError) is the page's answer, said in one line
