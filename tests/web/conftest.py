"""Fixtures for the phone pages: an app over a temporary game file (see web_helpers)."""

from __future__ import annotations

from pathlib import Path

import pytest
from web_helpers import UMPIRE, Site

from companion.web.app import create_app


@pytest.fixture
def site(tmp_path: Path) -> Site:
    game = tmp_path / "game.sqlite3"
    app = create_app(game=game, umpire_token=UMPIRE, testing=True)
    return Site(app, app.test_client(), game, UMPIRE)
