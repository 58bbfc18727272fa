"""Pages kept for their address: a page that is a function of its address and the card files
it reads is made once and served again while every one of those files is unchanged.

`kept(make)` keys a page by its path and query, the server's cards and --source-only; it notes
what ``make`` reads (`companion.data.reading`: each file loaded, each file looked for and each
folder listed) and, when a page is asked again, looks at those files again (a few ``stat``
calls) before serving it. A page that rolled a die unseeded, or that read a file changed in the
last 2 s, is not kept; nor is an error page (``make`` raised). The map pages use it: a tap's
answer asked again (a phone reloaded, a shared link, the back button) is not worked out again.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import NamedTuple

from flask import current_app, g, request

from companion.data import Stamp, reading, unchanged

SIZE = 128  # pages kept (a map page is 30-90 KB: at most about 11 MB)


class Page(NamedTuple):
    stamps: tuple[Stamp, ...]  # the files it was made from, as they were
    body: bytes  # encoded once, as it is sent
    refused: bool  # the page refused what it was asked (`current.refused`): answered 400


_PAGES: dict[tuple, Page] = {}
_LOCK = threading.Lock()


def kept(make: Callable[[], str]) -> bytes:
    """The page for this request: kept from an earlier request while its files are unchanged,
    else ``make()`` (and kept when it may be)."""
    config = current_app.config
    key = (
        request.path,
        request.query_string,
        request.script_root,
        str(config.get("CARDS_DIR")),
        bool(config.get("SOURCE_ONLY")),
    )
    page = _PAGES.get(key)
    if page is not None and unchanged(page.stamps):
        if page.refused:
            g.havoc_refused = True
        return page.body
    with reading() as reads:
        body = make().encode()
    if reads.settled():
        with _LOCK:  # the server's threads share the pages
            if len(_PAGES) >= SIZE:
                _PAGES.pop(next(iter(_PAGES)), None)
            _PAGES[key] = Page(tuple(reads.stamps.values()), body, bool(g.get("havoc_refused")))
    return body


def clear() -> None:
    """Forget every kept page (tests that compare a page made afresh with a kept one)."""
    with _LOCK:
        _PAGES.clear()
