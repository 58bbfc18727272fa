"""The map page in a real phone browser (Chromium at 360 x 740, as test_browser.py): the picked
hexes in view on the first screen at 40 px a hex or more, one tap from the sight to the shot,
and no coordinate under a slope's ticks (the rendered text boxes against the tick segments).
Screenshots go to $HAVOC_SCREENSHOTS if set. Slow; skips without playwright or chromium.
"""

from __future__ import annotations

import re

import pytest
import test_browser as real
from test_browser import CHROMIUM, PHONE, SHOTS, _check, _phone

served, browser, chromium = real.served, real.browser, real.chromium  # a served app, a Chromium

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(CHROMIUM is None, reason="no chromium on PATH (apt-get install chromium)"),
]
ARENA = "/dark-blades/maps/arena"
PICKED = """() => {
  const out = [];
  const box = document.querySelector('.mapbox.whole');
  const v = box.getBoundingClientRect();
  for (const c of box.querySelectorAll('circle[data-pick]')) {
    const [x, y] = [c.getAttribute('cx'), c.getAttribute('cy')];
    const r = box.querySelector(`use[x="${x}"][y="${y}"]`).getBoundingClientRect();
    const whole = r.left >= v.left - 1 && r.right <= v.right + 1 && r.top >= v.top - 1
      && r.bottom <= v.bottom + 1;  // panned into the map's box, not cut by its edge
    out.push({pick: c.dataset.pick, left: r.left, top: r.top, right: r.right,
              bottom: r.bottom, width: r.width, whole: whole});
  }
  const answer = document.querySelector('#answer').getBoundingClientRect();
  return {hexes: out, answer: answer.top, pan: [box.scrollLeft, box.scrollTop]};
}"""
UNDER_TICKS = """() => {
  const out = [];
  for (const svg of document.querySelectorAll('svg.hexmap')) {
    const path = svg.querySelector('path.kt');
    if (!path) continue;
    const nums = path.getAttribute('d').match(/[\\d.]+/g).map(Number);
    const segs = [];
    for (let i = 0; i + 3 < nums.length; i += 4) segs.push(nums.slice(i, i + 4));
    for (const t of svg.querySelectorAll('text')) {
      if (!/^[A-Z]\\d+$/.test(t.textContent)) continue;
      const b = t.getBBox();
      for (const [ax, ay, bx, by] of segs) {
        for (let k = 0; k <= 20; k++) {
          const x = ax + (bx - ax) * k / 20, y = ay + (by - ay) * k / 20;
          if (x >= b.x && x <= b.x + b.width && y >= b.y && y <= b.y + b.height)
            out.push(t.textContent);
        }
      }
    }
    out.push('checked ' + segs.length);
  }
  return out;
}"""


def _first_screen(page, name: str) -> None:
    """What the phone shows before any scrolling, beside `_check`'s whole page."""
    if SHOTS is not None:
        page.screenshot(path=str(SHOTS / f"{name}-first-screen.png"))


def _in_view(page, name: str, shot: bool = False, far: bool = False) -> list[dict]:
    """The answer's top on the screen and the picked hexes in view on the whole map (the page
    opens at ``#answer``, the map under it; map.js pans the picked hexes into its box): on the
    screen after a tap; after Fire (``shot``) the answer first, the hexes in the map's box
    below it; ``far``: shooter and target too far apart for one box, the target in view."""
    found = page.evaluate(PICKED)
    assert 0 <= found["answer"] < PHONE["height"], f"{name}: the answer at {found['answer']}"
    hexes = found["hexes"]
    assert {h["pick"] for h in hexes} == {"S", "T"}, f"{name}: {hexes}"
    if far:
        hexes = [h for h in hexes if h["pick"] == "T"]
    for h in hexes:
        if shot:
            assert h["whole"] and h["width"] >= 40, f"{name}: {h}"
            continue
        assert h["width"] >= 40, f"{name}: a hex is {h['width']:.1f} px across"
        assert h["whole"], f"{name}: a picked hex is cut by the map box's edge: {h}"
        assert h["left"] >= 0 and h["right"] <= PHONE["width"], f"{name}: {h}"
        assert h["top"] >= 0 and h["bottom"] <= PHONE["height"], f"{name}: {h}"
    return hexes


def test_a_tap_keeps_the_map_where_it_was_panned(served, browser):
    page = _phone(browser)
    page.goto(f"{served}/dark-blades/maps/mill")
    page.evaluate("() => { const b = document.querySelector('.mapbox.whole');"
                  " b.scrollLeft = 300; b.scrollTop = 200; }")  # fmt: skip
    before = page.evaluate(PICKED)["pan"]  # as far as the box scrolls
    page.click('.mapbox.whole a[href="?f=K8#answer"]')
    assert page.url.endswith("?f=K8#answer")
    found = page.evaluate(PICKED)
    assert before[0] > 0 and abs(found["pan"][0] - before[0]) <= 2, (before, found)
    assert abs(found["pan"][1] - before[1]) <= 2, (before, found)
    assert abs(found["answer"]) < 2  # the answer on top, the map under it
    _first_screen(page, "map-tap-kept")


def test_one_tap_from_the_sight_to_the_shot_with_both_hexes_in_view(served, browser):
    page = _phone(browser)
    page.goto(f"{served}{ARENA}")
    page.click('a[href="?f=K1#answer"]')  # the shooter's hex on the whole map
    page.click('a[href="?f=K1&t=K3#answer"]')  # then the target's
    assert page.inner_text(".answer").startswith("Seen, range 2, cover medium")
    _in_view(page, "sight")
    _check(page, "map-sight")
    page.fill("#s", "Black Dwarf")
    page.fill("#n", "Mon-Oger Sword")
    page.fill("#die", "3")
    page.click("form.fire button.primary")  # the one tap
    main = page.inner_text("main")
    assert "Black Dwarf v Mon-Oger Sword 10" in main
    assert "Crossbow at 2 hexes (short range): strength 30" in main
    assert "odds 30÷10 = 3-1" in main and "column 1-1" in main and "die 3 (given)" in main
    assert re.search(r"s=Black(\+|%20)Dwarf", page.url)
    hexes = _in_view(page, "shot", shot=True)
    _check(page, "map-shot")
    _first_screen(page, "map-shot")
    print(f"\nmap-shot: {page.url}; hex {hexes[0]['width']:.1f} px across at 360 px")


@pytest.mark.parametrize(
    ("query", "name"),
    [
        ("f=A1&t=T14", "map-far"),  # corner to corner: panned to both
        ("f=K10&t=K13&t2=K14", "map-horseman"),  # K14: the bottom row, drawn whole
        ("f=T1&t=M6&s=elv&d=10&die=5", "map-diagonal"),
    ],
)
def test_the_picked_hexes_are_in_view_at_40_px_a_hex(served, browser, query, name):
    page = _phone(browser)
    page.goto(f"{served}{ARENA}?{query}#answer")  # as a tap leads
    _in_view(page, name, shot="s=" in query, far=name == "map-far")
    _check(page, name)
    _first_screen(page, name)


def test_the_shot_from_the_map_in_dark_mode(served, browser):
    page = _phone(browser, dark=True)
    page.goto(f"{served}{ARENA}?f=K1&t=K3&s=Black+Dwarf&n=Goblin&die=8#answer")
    assert "Black Dwarf v Goblin" in page.inner_text("main")
    _in_view(page, "map-shot-dark", shot=True)
    _check(page, "map-shot-dark")
    _first_screen(page, "map-shot-dark")


def test_no_coordinate_is_drawn_under_a_tick(served, browser):
    page = _phone(browser)
    page.goto(f"{served}{ARENA}?f=K3&t=K4")  # the lips of J4, K3 and L4
    found = page.evaluate(UNDER_TICKS)
    checked = [x for x in found if x.startswith("checked ")]
    assert checked and int(checked[0].split()[1]) >= 9, found
    assert not [x for x in found if not x.startswith("checked ")], found


WATER_FILLS = """() => {
  const out = {};
  for (const u of document.querySelectorAll('svg.swim use')) {
    const fill = getComputedStyle(u).fill;
    (out[u.getAttribute('class')] ||= new Set()).add(fill);
  }
  return Object.fromEntries(Object.entries(out).map(([k, v]) => [k, [...v]]));
}"""


def test_the_swim_map_shows_its_water(served, browser):
    """The river, the lake, the stones and the bridge are drawn in their fills in a real browser
    (the map page's white hex fill once covered them all), and dry land stays white."""
    page = _phone(browser)
    page.goto(f"{served}/dark-blades/swim/mill?h=C9&d=5+5")
    assert "Crushed in the mill wheel" in page.inner_text(".answer")
    fills = page.evaluate(WATER_FILLS)
    assert fills["swn"] == ["rgb(255, 255, 255)"], fills
    for kind, pattern in (("swr", "#swr"), ("swl", "#swl"), ("sws", "#sws")):
        assert all(pattern in f for f in fills[kind]), (kind, fills)
    assert fills["swb"] == ["rgb(232, 214, 184)"], fills
    _check(page, "swim-water")
    _first_screen(page, "swim-water")


WATER_ON_SCREEN = """() => {
  const box = document.querySelector('.mapbox.whole').getBoundingClientRect();
  const top = Math.max(box.top, 0), bottom = Math.min(box.bottom, window.innerHeight);
  let wet = 0;
  for (const u of document.querySelectorAll('svg.swim use.swr, svg.swim use.swl')) {
    const r = u.getBoundingClientRect();
    if (r.left >= box.left && r.right <= box.right && r.top >= top && r.bottom <= bottom) wet++;
  }
  return wet;
}"""


def test_the_swim_page_opens_on_its_water_and_a_tap_fills_in_the_swimmer(served, browser):
    """Before a swim, the first screen shows the map panned to its water (map.js, data-home),
    not the dry corner it once opened at 642 px down; tapping a water hex fills in the
    swimmer's hex with the form in view."""
    page = _phone(browser)
    page.goto(f"{served}/dark-blades/swim/mill")
    assert page.evaluate(WATER_ON_SCREEN) >= 10
    _first_screen(page, "swim-before")
    page.click('a[aria-label="K3 lake"]')
    page.wait_for_load_state()
    assert page.input_value("#h") == "K3"
    for field in ("#h", "#d"):
        box = page.locator(field).bounding_box()
        assert 0 <= box["y"] and box["y"] + box["height"] <= PHONE["height"], (field, box)
    _first_screen(page, "swim-tapped")
