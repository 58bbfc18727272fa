"""Your own battles in a real phone browser (Chromium at 360 x 740, issue 35): a map drawn by
taps in the editor (a terrain, a wall on a hex side), checked by the loader as it is drawn and
saved into the cards folder; a campaign's battle recorded with a death and an heir. No sideways
scrolling, thumb-sized targets, AA contrast. Slow; skips without playwright or chromium."""

from __future__ import annotations

import sys
import threading
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import test_browser as real  # noqa: E402
from test_browser import CHROMIUM, UMPIRE, _check, _phone  # noqa: E402

from companion.dark_blades.maps import load_map  # noqa: E402
from companion.data import Cards  # noqa: E402
from companion.web.app import create_app  # noqa: E402
from companion.web.server import make_server  # noqa: E402

browser, chromium = real.browser, real.chromium

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(CHROMIUM is None, reason="no chromium on PATH (apt-get install chromium)"),
]


@pytest.fixture
def mine(tmp_path) -> Path:
    folder = tmp_path / "cards"
    folder.mkdir()
    return folder


@pytest.fixture
def served(tmp_path, mine):
    app = create_app(game=tmp_path / "game.sqlite3", umpire_token=UMPIRE, cards=mine)
    server = make_server(app, "127.0.0.1", 0)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.effective_port}"
    server.close()
    thread.join(timeout=5)


def _until(page, selector: str, wanted: str) -> str:
    """The element's text once it holds ``wanted`` (the page's CSP allows no eval, so Python
    polls instead of wait_for_function)."""
    for _ in range(100):
        text = page.inner_text(selector)
        if wanted in text:
            return text
        page.wait_for_timeout(100)
    raise AssertionError(f"{selector}: {text!r} never held {wanted!r}")


def test_a_map_drawn_by_taps_and_saved(served, browser, mine):
    page = _phone(browser)
    page.goto(served + "/dark-blades/map-editor/")
    _check(page, "map-editor-start")
    page.fill("#name", "Ford")
    page.fill("#width", "8")
    page.fill("#height", "6")
    page.click("text=Draw it")
    page.check('input[name="paint"][value="t"]')
    page.locator('g.hex[data-c="1"][data-r="1"]').tap()
    page.check('input[name="tool"][value="walls"]')
    box = page.locator('g.hex[data-c="3"][data-r="2"]').bounding_box()
    page.locator('g.hex[data-c="3"][data-r="2"]').tap(
        position={"x": box["width"] / 2, "y": box["height"] * 0.2}  # near its north side
    )
    assert _until(page, "#verdict", "OK: ford.toml").startswith("OK")
    assert page.input_value("#walls") == "D3/n"
    page.fill("#los_from", "B1")
    page.fill("#los_to", "B3")
    assert _until(page, "#sight", "B1->B3").startswith(
        "NOT SEEN"
    )  # the tree in B2 stands between them
    page.click("text=Save into your cards")
    assert "Saved: ford.toml" in page.inner_text("main")
    saved = load_map(mine / "dark-blades" / "maps" / "ford.toml", Cards(mine))
    assert saved.terrain[(1, 2)] == "tree" and len(saved.walls) == 1
    _check(page, "map-editor")


def test_a_campaign_battle_with_a_death_and_an_heir(served, browser):
    page = _phone(browser)
    page.goto(served + "/dark-blades/campaign/")
    page.fill("#scenarios", "raid, mule, mill")
    page.click("text=Start the campaign")
    fox = page.locator("label", has_text="The Black Fox").first.get_attribute("for")
    page.select_option(f"#{fox}", "dead")
    page.click("text=Record the battle")
    assert "The Black Fox is dead" in page.inner_text("main")
    _check(page, "campaign-dead-leader")
    page.fill("#heir1", "Vixen")
    page.click("text=The heir takes his place")
    text = page.inner_text("main")
    assert "The Black Fox (heir: Vixen)" in text and "is dead" not in text
    _check(page, "campaign")
