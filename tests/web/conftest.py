"""Fixtures for the phone pages: an app over a temporary game file (see web_helpers).

Making a Flask app costs about 25 ms of CPU (werkzeug compiles a URL builder for each of its 60
routes), and the phone-page tests ask for about 400 of them. So each test process makes the
app once, and `site` gives every test that app made new: its configuration as `create_app`
left it (a new game file, a new secret key), and a new instance of each piece of state it keeps
(the CSRF key, the spell deals' key, the umpire's messages). A test that needs other options
(its own cards, `source_only`) calls `create_app` itself.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from web_helpers import UMPIRE, Site

from companion.web import kept
from companion.web.app import create_app
from companion.web.security import Csrf, Hands
from companion.web.whos_next.pages import Messages

# Every piece of state the app keeps between requests, and how to make it new. An app that
# keeps another is refused (below), so a new one cannot leak from test to test unnoticed.
FRESH_STATE: dict[str, Callable[[], Any]] = {
    "havoc_csrf": Csrf,
    "havoc_hands": Hands,
    "havoc_messages": Messages,
}


@pytest.fixture(scope="session")
def _shared_app(tmp_path_factory: pytest.TempPathFactory) -> tuple[Flask, dict[str, Any]]:
    """This test process's one app, and its configuration as `create_app` made it."""
    app = create_app(
        game=tmp_path_factory.mktemp("shared-app") / "unused.sqlite3",
        umpire_token=UMPIRE,
        testing=True,
    )
    kept = set(app.extensions) - set(FRESH_STATE)
    assert not kept, f"tests/web/conftest.py: say how to make {sorted(kept)} new in FRESH_STATE"
    return app, dict(app.config)


@pytest.fixture
def site(tmp_path: Path, _shared_app: tuple[Flask, dict[str, Any]]) -> Site:
    """The app over a new game file (`tmp_path/game.sqlite3`), as new as `create_app` makes it."""
    app, config = _shared_app
    game = tmp_path / "game.sqlite3"
    app.config.clear()
    app.config.update(config, GAME_PATH=game, SECRET_KEY=secrets.token_bytes(32))
    for name, make in FRESH_STATE.items():
        app.extensions[name] = make()
    kept.clear()  # no page kept for its address by an earlier test: each test's pages are made
    return Site(app, app.test_client(), game, UMPIRE)
