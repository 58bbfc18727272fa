"""Pages kept for their address: a page that is a function of its address and the files it
reads is made once and served again while every one of those files is unchanged.

`kept(make)` keys a page by its path and query, the server's cards (--cards, $HAVOC_CARDS) and
--source-only; it notes what ``make`` reads (`companion.data.reading`: each card file loaded,
each looked for and each folder listed) and, when the page is asked again, looks at those files
again (a few ``stat`` calls) before serving it. ``files`` are looked at by their identity as
well (device, inode, change time: a file put back by a copy that keeps its old time is another),
taken before the page is made: the Who's Next game file, whose every write changes it. A page
that rolled a die unseeded, or that read a file changed in the last 2 s, is not kept (a second
change in the same clock tick could leave the same time); nor is an error page (``make``
raised). The map pages and the player's page use it: a page asked again (a phone reloaded or
checking for news, a shared link, the back button) is not made again.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

from flask import current_app, g, request

from companion.data import RACY_NS, Stamp, default_cards_dir, reading, unchanged

SIZE = 128  # pages kept (a map page is 30-90 KB: at most about 11 MB)

Identity = tuple[int, int, int, int, int] | None  # device, inode, change and modified time, size


class Page(NamedTuple):
    stamps: tuple[Stamp, ...]  # the card files it was made from, as they were
    identities: tuple[Identity, ...]  # the ``files`` it was made from, as they were
    body: bytes  # encoded once, as it is sent
    refused: bool  # the page refused what it was asked (`current.refused`): answered 400


_PAGES: dict[tuple, Page] = {}
_LOCK = threading.Lock()


def _identity(path: Path) -> Identity:
    try:
        info = os.stat(path)
    except OSError:
        return None
    return info.st_dev, info.st_ino, info.st_ctime_ns, info.st_mtime_ns, info.st_size


def kept(make: Callable[[], str], files: tuple[Path, ...] = ()) -> bytes:
    """The page for this request: kept from an earlier request while the files it was made
    from are unchanged, else ``make()`` (and kept when it may be)."""
    config = current_app.config
    key = (
        request.path,
        request.query_string,
        request.script_root,
        str(config.get("CARDS_DIR")),
        str(default_cards_dir()),  # the kit's cards, or $HAVOC_CARDS's
        bool(config.get("SOURCE_ONLY")),
        tuple(map(str, files)),
    )
    identities = tuple(_identity(f) for f in files)  # before anything is read
    page = _PAGES.get(key)
    if page is not None and page.identities == identities and unchanged(page.stamps):
        if page.refused:
            g.havoc_refused = True
        return page.body
    with reading() as reads:
        body = make().encode()
    now = time.time_ns()
    if reads.settled() and all(i is None or now - max(i[2], i[3]) > RACY_NS for i in identities):
        refused = bool(g.get("havoc_refused"))
        with _LOCK:  # the server's threads share the pages
            if len(_PAGES) >= SIZE:
                _PAGES.pop(next(iter(_PAGES)), None)
            _PAGES[key] = Page(tuple(reads.stamps.values()), identities, body, refused)
    return body


def clear() -> None:
    """Forget every kept page (tests that compare a page made afresh with a kept one)."""
    with _LOCK:
        _PAGES.clear()
