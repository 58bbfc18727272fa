"""The Cthulhu Who? phone pages on the garden in a real phone browser (Chromium at 360 px, as
test_browser.py): the set-up page with the kit's readings opened, and the attack page filled in
from the set-up's seed and two squares. Fit, targets, contrast; screenshots to
$HAVOC_SCREENSHOTS if set. Slow; skips without playwright or chromium."""

from __future__ import annotations

import pytest
import test_browser as real
from test_browser import CHROMIUM, PHONE, _check, _phone

served, browser, chromium = real.served, real.browser, real.chromium  # a served app, a Chromium

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(CHROMIUM is None, reason="no chromium on PATH (apt-get install chromium)"),
]


def test_setup_readings_and_an_attack_on_its_garden(served, browser):
    page = _phone(browser)
    page.goto(f"{served}/cthulhu-who/setup?seed=1")
    for summary in page.query_selector_all("details.kitnote summary"):
        summary.click()
    main = page.inner_text("main")
    assert "The board: the kit's readings (not the rulebook's)" in main
    assert "Diagonals count." in main  # opened: the reading in full
    _check(page, "cthulhu-setup-readings")
    page.click("text=Attack on this garden")
    assert page.input_value("#setup") == "1"
    page.select_option("#attacker", "Hero/Pistol")
    page.select_option("#target", "Cultist")
    page.fill("#from", "C2")
    page.fill("#to", "E4")
    page.click("form button.primary")
    page.wait_for_selector(".answer")
    answer = page.inner_text(".answer")
    assert answer.startswith("NOT ALLOWED") and "blocks the line" in answer
    _check(page, "cthulhu-attack-blocked")
    page.fill("#from", "B2")
    page.fill("#to", "D4")
    page.click("form button.primary")
    page.wait_for_selector(".answer")
    assert "Only if no figure on C3" in page.inner_text(".answer")
    _check(page, "cthulhu-attack-clear")
    dark = _phone(browser, dark=True)
    dark.goto(page.url)
    _check(dark, "cthulhu-attack-clear-dark")


def test_the_setups_figures_and_a_4_square_monsters_move_on_its_garden(served, browser):
    page = _phone(browser)
    page.goto(f"{served}/cthulhu-who/setup?seed=1")
    labels = page.eval_on_selector_all(
        "li svg.figure", "figures => figures.map(f => f.getAttribute('aria-label'))"
    )
    assert labels == ["monster: figure", "cultist: figure", "hero: figure"]  # as the sheet
    _check(page, "cthulhu-setup-figures")
    assert page.query_selector("text=4-square monster's move on this garden") is None  # a Dog
    page.goto(f"{served}/cthulhu-who/setup?seed=6")  # seed 6 rolls a House: 4 squares
    page.click("text=4-square monster's move on this garden")
    assert page.input_value("#setup") == "6"
    page.fill("#monster", "B3")
    page.fill("#to", "B4")
    page.fill("#at", "B5=hero")
    page.click("form button.primary")
    page.wait_for_selector(".answer")
    answer = page.inner_text(".answer")
    assert answer.startswith("B5, C5") and "Hero on B5: crushed" in answer
    assert "A3, B3, C3, D3, D4, A5, D5, A6, B6, C6" in page.inner_text("main")
    _check(page, "cthulhu-crush")
    dark = _phone(browser, dark=True)
    dark.goto(page.url)
    _check(dark, "cthulhu-crush-dark")
    page.fill("#to", "A3")  # garden 6: the wall on A4
    page.click("form button.primary")
    assert "has terrain on A4 (Wall)" in page.inner_text(".flash.error")
    _check(page, "cthulhu-crush-refused")
    page.goto(f"{served}/cthulhu-who/attack?attacker=4-Square+Monster&target=Hero&setup=6")
    _check(page, "cthulhu-attack-crush")
    page.click("text=Its move on the garden")
    assert page.input_value("#setup") == "6" and page.url.endswith("/cthulhu-who/crush?setup=6")


GARDEN = """() => {
  const g = document.querySelector('#garden').getBoundingClientRect();
  const a = document.querySelector('#answer');
  return {top: g.top, bottom: g.bottom, answer: a ? a.getBoundingClientRect().top : null};
}"""


def test_a_tap_on_the_garden_keeps_the_answer_and_the_garden_on_the_first_screen(served, browser):
    """Set-up 526032 on a 360 x 740 phone: a tap opened the page at its top, the garden pushed
    down to y 919, then 1106; now at #answer, the answer on top and the garden under it."""
    page = _phone(browser)
    page.goto(f"{served}/cthulhu-who/crush?setup=526032")
    assert page.inner_text("h1") == "Cthulhu Who? 4-square monster's move"
    for square in ("C5", "D5"):  # the monster's block, then where it moves
        with page.expect_navigation():
            page.tap(f'#garden a[aria-label^="{square}"]')
        page.wait_for_load_state()
        assert page.url.endswith("#answer")
        found = page.evaluate(GARDEN)
        assert found["answer"] is not None and abs(found["answer"]) < 2, found
        assert 0 <= found["top"] and found["bottom"] <= PHONE["height"], (square, found)
    assert page.inner_text(".answer").startswith("E5, E6")
    _check(page, "cthulhu-crush-tapped")
    page.goto(f"{served}/cthulhu-who/attack?attacker=Hero%2FPistol&target=Cultist&setup=526032")
    assert page.inner_text("h1") == "Cthulhu Who? attack score"
    for square in ("B2", "D4"):  # the attacker's square, then the target's
        with page.expect_navigation():
            page.tap(f'#garden a[aria-label^="{square}"]')
    found = page.evaluate(GARDEN)
    assert abs(found["answer"]) < 2 and found["bottom"] <= PHONE["height"], found
    _check(page, "cthulhu-attack-tapped")
