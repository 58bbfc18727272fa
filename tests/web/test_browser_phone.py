"""The phone pages in a real phone browser (Chromium at 360 x 740, as test_browser.py): after a
look-up the form's button is on the first screen, and the new pages (deal, terrain, army rows,
a name that fits several) fit a phone in light and dark mode: no sideways scrolling, 44 px
targets, AA contrast. Screenshots go to $HAVOC_SCREENSHOTS if set. Slow; skips without
playwright or chromium.
"""

from __future__ import annotations

import pytest
import test_browser as real
from test_browser import CHROMIUM, PHONE, _check, _phone

served, browser, chromium = real.served, real.browser, real.chromium  # a served app, a Chromium

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(CHROMIUM is None, reason="no chromium on PATH (apt-get install chromium)"),
]

BUTTON_BOTTOM = """(selector) => {
  const b = document.querySelector(selector).getBoundingClientRect();
  return b.bottom + window.scrollY;
}"""


@pytest.mark.parametrize(
    ("path", "fill", "button"),
    [
        (
            "/dark-blades/crt",
            [("#attack", "8"), ("#defence", "3"), ("#die", "7")],
            "form button.primary",
        ),
        (
            "/dark-blades/missile",
            [("#range", "12"), ("#defence", "4"), ("#die", "5")],
            "form button.primary",
        ),
        ("/kniggits/exchange", [("#tokens", "2,1,1")], "form button.primary"),
    ],
)
def test_after_a_lookup_the_button_is_on_the_first_screen(served, browser, path, fill, button):
    page = _phone(browser)
    page.goto(served + path)
    if "crt" in path:
        page.select_option("#dt", "tree")
        page.check("input[name=magic_sword]")
    for selector, value in fill:
        page.fill(selector, value)
    page.click(button)
    page.wait_for_selector(".answer")
    assert page.evaluate("() => window.scrollY") == 0
    bottom = page.evaluate(BUTTON_BOTTOM, "form button.primary")
    assert bottom <= PHONE["height"], f"{path}: the button ends {bottom:.0f} px down"
    if "crt" in path:
        assert "with: defender in Tree (+), Magic Sword" in page.inner_text(".answer")
    _check(page, "lookup" + path.replace("/", "-"))


@pytest.mark.parametrize("dark", [False, True])
def test_the_new_pages_fit_a_phone(served, browser, dark):
    page = _phone(browser, dark=dark)
    mode = "-dark" if dark else ""
    page.goto(f"{served}/")
    page.click("text=Deal the spells")
    _check(page, "deal" + mode)
    page.click("button[name=deal]")
    assert "Dealt: 2 hands of 8" in page.inner_text(".answer")
    _check(page, "deal-links" + mode)
    page.click("text=Player 2: his private link")
    page.wait_for_selector(".link code")
    _check(page, "deal-qr" + mode)
    page.goto(page.inner_text(".link code").strip())
    assert page.inner_text(".answer").startswith("Player 2: 8 spell cards")
    _check(page, "deal-hand" + mode)
    page.goto(f"{served}/dark-blades/terrain")
    _check(page, "terrain" + mode)
    page.goto(f"{served}/dark-blades/terrain/window")
    _check(page, "terrain-window" + mode)
    page.goto(f"{served}/kniggits/army?sample=1")
    _check(page, "army-rows" + mode)
    page.click("text=Add a row")
    page.fill("#name7", "Sir Extra")
    page.fill("#movement7", "1")
    page.click("form button.primary")
    assert "NOT LEGAL" in page.inner_text(".answer") or "LEGAL" in page.inner_text(".answer")
    _check(page, "army-checked" + mode)
    page.goto(f"{served}/Spells/M")
    assert "could be" in page.inner_text(".answer")
    _check(page, "choose" + mode)


def test_five_modifiers_still_leave_the_button_on_the_first_screen(served, browser):
    page = _phone(browser)
    page.goto(
        f"{served}/dark-blades/crt?table=mounted-vs-infantry&attack=8&defence=3&die=7"
        "&at=open&at2=slope&dt=window&magic_sword=on&defender_state=wounded&defender_kind=troll"
    )
    said = page.inner_text(".answer")
    assert "attacker also in Slope" in said and "defender is a troll" in said
    bottom = page.evaluate(BUTTON_BOTTOM, "form button.primary")
    assert bottom <= PHONE["height"], f"the button ends {bottom:.0f} px down"


def test_the_fight_page_with_a_wounded_foot_defender_on_a_slope(served, browser):
    """Issue 21 §6: a row a piece (health, foot or mounted apart), each side's terrain; the
    answer first, the whole page within a phone's width."""
    page = _phone(browser)
    page.goto(f"{served}/dark-blades/fight")
    page.select_option("#a1", "Goblin")
    page.select_option("#d1", "Grast")
    page.select_option("#d1_health", "wounded")
    page.select_option("#d1_mount", "foot")
    page.select_option("#dt", "slope")
    page.fill("#die", "1")
    page.click("form button.primary")
    said = page.inner_text(".answer")
    assert "Defender killed (already wounded)" in said and "defender in Slope" in said
    assert "Grast (wounded, on foot) 5" in page.inner_text("body")
    _check(page, "fight-wounded-foot-slope")
