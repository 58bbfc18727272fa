"""A real phone browser: Debian's Chromium driven by Playwright at 360 x 740, through a whole
five-player Who's Next game (the umpire and each player in their own browser context), one
combat look-up and one set-up roll; no sideways scrolling, touch targets of 44 px or more,
text contrast WCAG AA in light and dark mode. Screenshots go to $HAVOC_SCREENSHOTS if set.

Skips cleanly without the playwright package or a `chromium` on PATH (.ci/run installs both).
"""

from __future__ import annotations

import os
import re
import shutil
import threading
from pathlib import Path

import pytest

from companion.web.app import create_app
from companion.web.server import make_server

sync_api = pytest.importorskip("playwright.sync_api")
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(CHROMIUM is None, reason="no chromium on PATH (apt-get install chromium)"),
]
PHONE = {"width": 360, "height": 740}
NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve"]
UMPIRE = "Zq3" + "x" * 26 + "9Kp"

# Interactive things a thumb must hit (checkboxes and radios count by their label).
TARGETS = (
    "button, select, textarea, input:not([type=hidden]):not([type=checkbox]):not([type=radio]),"
    " label.check, .menu a, a.button, header a, details summary"
)
MEASURE = """(selector) => {
  const small = [];
  for (const el of document.querySelectorAll(selector)) {
    const r = el.getBoundingClientRect();
    if (r.width && r.height && (r.height < 44 || r.width < 44)) small.push(el.outerHTML.slice(0, 80));
  }
  return {overflow: document.documentElement.scrollWidth - window.innerWidth, small: small};
}"""
COLOURS = """() => {
  const out = [];
  const bg = getComputedStyle(document.body).backgroundColor;
  for (const el of document.querySelectorAll('main p, main li, main label, main td, .primary, main a')) {
    const s = getComputedStyle(el);
    let back = s.backgroundColor;
    if (back === 'rgba(0, 0, 0, 0)') back = bg;
    out.push([el.tagName + '.' + el.className, s.color, back]);
  }
  return out;
}"""


def _rgb(text: str) -> tuple[float, ...]:
    return tuple(float(x) for x in re.findall(r"[\d.]+", text)[:3])


def _luminance(rgb: tuple[float, ...]) -> float:
    def channel(c: float) -> float:
        c /= 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(fg: str, bg: str) -> float:
    a, b = sorted((_luminance(_rgb(fg)), _luminance(_rgb(bg))), reverse=True)
    return (a + 0.05) / (b + 0.05)


@pytest.fixture
def served(tmp_path):
    app = create_app(game=tmp_path / "game.sqlite3", umpire_token=UMPIRE)
    server = make_server(app, "127.0.0.1", 0)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.effective_port}"
    server.close()
    thread.join(timeout=5)


@pytest.fixture(scope="module")
def chromium():
    """One Chromium per test module (a launch costs about 2 s of CPU)."""
    with sync_api.sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield launched
        launched.close()


@pytest.fixture
def browser(chromium):
    """The module's Chromium; each test's phones (browser contexts) are closed after it."""
    yield chromium
    for context in chromium.contexts:
        context.close()


def _phone(browser, dark: bool = False):
    context = browser.new_context(
        viewport=PHONE,
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
        color_scheme="dark" if dark else "light",
    )
    return context.new_page()


SHOTS = Path(os.environ["HAVOC_SCREENSHOTS"]) if os.environ.get("HAVOC_SCREENSHOTS") else None


def _check(page, name: str) -> None:
    """No sideways scrolling, thumb-sized targets, AA contrast; a screenshot if asked. Measured
    once the page a click led to has loaded (on a busy machine a click returns as the new page
    commits, before it has a document to measure)."""
    page.wait_for_load_state("load")
    found = page.evaluate(MEASURE, TARGETS)
    assert found["overflow"] <= 0, f"{name}: {found['overflow']} px sideways scrolling"
    assert not found["small"], f"{name}: touch targets under 44 px: {found['small']}"
    for what, fg, bg in page.evaluate(COLOURS):
        assert contrast(fg, bg) >= 4.5, f"{name}: {what} contrast {contrast(fg, bg):.2f}"
    if SHOTS is not None:
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def _victim(page) -> str | None:
    page.reload()
    text = page.inner_text("main")
    if "DEAD" in text or "WON" in text:
        return None
    return page.inner_text(".answer .big").strip()


def test_a_whole_game_on_phones(served, browser):
    umpire = _phone(browser)
    umpire.goto(f"{served}/u/{UMPIRE}/")
    _check(umpire, "umpire-new")
    umpire.fill("#names", "\n".join(NAMES))
    umpire.click("text=Draw the ring")
    assert "5 of 5 alive" in umpire.inner_text("main")
    _check(umpire, "umpire")

    links: dict[str, str] = {}
    shows = umpire.eval_on_selector_all("ul.links a", "links => links.map(a => a.href)")
    for i, show in enumerate(shows):  # each player's QR page, keyed by his own token
        umpire.goto(show)
        name = umpire.inner_text("h1").removesuffix("'s private link")
        links[name] = umpire.inner_text(".link code").strip()
        if i == 0:
            _check(umpire, "umpire-slip")
    assert sorted(links) == sorted(NAMES)
    assert all(link.startswith(f"{served}/p/") for link in links.values())

    players = {}
    for i, (name, link) in enumerate(links.items()):
        page = _phone(browser, dark=i % 2 == 1)
        page.goto(link)
        players[name] = page
    _check(players["Ann"], "player-light")
    _check(players["Bob"], "player-dark")

    alive = list(NAMES)
    while len(alive) > 1:
        killer = alive[0]
        victim = _victim(players[killer])
        assert victim in alive and victim != killer
        for other in alive:  # nobody's page shows anything but his own victim
            shown = players[other].inner_text("main")
            assert not [
                n for n in NAMES if n in shown and n not in (other, _victim(players[other]))
            ]
        umpire.goto(f"{served}/u/{UMPIRE}/")
        umpire.select_option("#killer", label=killer)
        umpire.select_option("#victim", label=victim)
        umpire.click("text=Kill (checks the victim)")
        assert f"{victim} is dead, killed by {killer}" in umpire.inner_text("main")
        alive.remove(victim)
        players[victim].reload()
        assert "DEAD" in players[victim].inner_text("main")
    winner = players[alive[0]]
    winner.reload()
    assert "WON" in winner.inner_text("main")
    assert f"{alive[0]} is the last one standing" in umpire.inner_text("main")
    _check(umpire, "umpire-over")
    _check(players[next(n for n in NAMES if n != alive[0])], "player-dead")


def test_a_combat_lookup_and_a_setup_roll(served, browser):
    page = _phone(browser)
    page.goto(f"{served}/")
    _check(page, "index")
    page.click("text=Combat results")
    page.fill("#attack", "8")
    page.fill("#defence", "3")
    page.select_option("#dt", "+")
    page.fill("#die", "1")
    page.click("text=Look up")
    assert page.inner_text(".answer .big").strip() == "E"
    _check(page, "crt")
    dark = _phone(browser, dark=True)
    dark.goto(page.url)
    _check(dark, "crt-dark")
    page.goto(f"{served}/cthulhu-who/setup")
    page.fill("#seed", "7")
    page.click("text=Roll with this seed")
    assert "Every die" in page.inner_text("main")
    _check(page, "setup")
    page.goto(f"{served}/dice")
    page.click("button[value='2d6']")
    page.click("button[value='d10']")
    assert "Earlier" in page.inner_text("main")
    _check(page, "dice")


def test_every_lookup_page_fits_a_phone(served, browser):
    page = _phone(browser)
    page.goto(f"{served}/")
    links = page.eval_on_selector_all(".menu a", "els => els.map(e => e.getAttribute('href'))")
    assert len(links) >= 8
    extra = [
        "/tables/dark-blades/lake?roll=1",
        "/dark-blades/missile?weapon=crossbow&range=28&defence=10&target=infantry&cover=light",
        "/cthulhu-who/attack?attacker=Hero/Shotgun&target=2-square",
        "/kniggits/exchange?attack=high&defend=low&tokens=2,1,1",
    ]
    for link in links + extra:
        page.goto(served + link)
        _check(page, "page" + re.sub(r"[^a-z0-9]+", "-", link.split("?")[0]))


def test_a_spell_card_and_a_scenario_on_a_phone(served, browser):
    page = _phone(browser)
    page.goto(f"{served}/")
    page.click("text=Spell cards")
    _check(page, "spells")
    page.click("text=Help")
    main = page.inner_text("main")
    assert main.startswith("Help") and "KIT" in main
    _check(page, "spell-help")
    dark = _phone(browser, dark=True)
    dark.goto(page.url)
    _check(dark, "spell-help-dark")
    page.goto(f"{served}/")
    page.click("text=Scenarios")
    page.click("text=The Raid")
    main = page.inner_text("main")
    assert "First player:" in main and "Background (the kit's own words)" in main
    _check(page, "scenario-raid")
    dark.goto(page.url)
    _check(dark, "scenario-raid-dark")


def test_a_kit_cell_and_the_breath_on_a_phone(served, browser):
    page = _phone(browser)
    page.goto(f"{served}/dark-blades/crt")
    page.fill("#attack", "8")
    page.fill("#defence", "3")
    page.select_option("#at", "tree")
    page.select_option("#dt", "window")
    page.fill("#die", "7")
    page.click("text=Look up")
    assert "KIT" in page.inner_text(".answer")
    _check(page, "crt-kit")
    dark = _phone(browser, dark=True)
    dark.goto(page.url)
    _check(dark, "crt-kit-dark")
    page.check("input[name=source_only]")
    page.click("text=Look up")
    assert "KIT" not in page.inner_text(".answer") and "?" in page.inner_text(".answer .big")
    _check(page, "crt-rulebook-only")
    page.goto(f"{served}/dark-blades/missile")
    page.select_option("#weapon", "breath")
    page.fill("#range", "2")
    page.fill("#defence", "10")
    page.fill("#die", "5")
    page.click("form button.primary")  # the Fire button (the page's heading says "Missiles")
    assert page.inner_text(".answer .big").strip()  # an answer, not the form again
    assert "Gargoyle's Breath" in page.inner_text("main")
    _check(page, "missile-breath")


def test_a_players_page_updates_itself_within_seconds_of_a_kill(served, browser):
    """No meta refresh (Lighthouse's complaint, and a 20 s wait): live.js fetches the page again
    and replaces the polite live region, so a screen reader hears the new victim; the page is
    never reloaded (a mark set on the window survives)."""
    umpire = _phone(browser)
    umpire.goto(f"{served}/u/{UMPIRE}/")
    umpire.fill("#names", "\n".join(NAMES))
    umpire.click("text=Draw the ring")
    shows = umpire.eval_on_selector_all("ul.links a", "links => links.map(a => a.href)")
    umpire.goto(shows[0])
    name = umpire.inner_text("h1").removesuffix("'s private link")
    page = _phone(browser)
    page.goto(umpire.inner_text(".link code").strip())
    assert page.locator('meta[http-equiv="refresh"]').count() == 0  # only inside <noscript>
    assert page.get_attribute(".answer", "aria-live") == "polite"
    victim = page.inner_text(".answer .big").strip()
    page.evaluate("window.stillHere = true")
    umpire.goto(f"{served}/u/{UMPIRE}/")
    umpire.select_option("#killer", label=name)
    umpire.select_option("#victim", label=victim)
    umpire.click("text=Kill (checks the victim)")
    page.wait_for_function(
        "v => document.querySelector('.answer .big').textContent.trim() !== v",
        arg=victim,
        timeout=10_000,
    )
    assert page.inner_text(".answer .big").strip() not in (victim, name)
    assert page.evaluate("window.stillHere") is True  # updated in place, not reloaded
