"""Figures for a second look-up on a phone: how far the form sits below the answer.

Serves the kit's pages on loopback, opens each look-up page in Debian's Chromium (Playwright)
at a 360 x 740 viewport, fills the form as a player would, taps its submit button, and measures
on the answer page: the distance from the answer's top to the bottom of the form's submit
button, the scroll needed to bring that button into view (the page opens at its top), and the
swipes that takes (one swipe taken as 600 px: most of a 740 px screen). The taps for a second
look-up are the fields changed plus the submit button; where the modifiers sit under the button
(their own button at their foot), the scroll to that one too. Prints one line per page.
Run: python benchmarks/phone_swipes.py [--shots DIR]
"""

from __future__ import annotations

import argparse
import math
import shutil
import tempfile
import threading
from pathlib import Path

PHONE = {"width": 360, "height": 740}
SWIPE = 600  # px one thumb swipe scrolls, most of the screen's 740

# (name, path, [(action, selector, value)], submit selector, taps for a second look-up)
LOOKUPS = [
    (
        "crt",
        "/dark-blades/crt",
        [
            ("fill", "#attack", "8"),
            ("fill", "#defence", "3"),
            ("select", "#dt", "tree"),
            ("check", "input[name=magic_sword]", ""),
            ("fill", "#die", "7"),
        ],
        "form button.primary",
        "defence field, Look up",
    ),
    (
        "missile",
        "/dark-blades/missile",
        [
            ("select", "#weapon", "crossbow"),
            ("fill", "#range", "12"),
            ("fill", "#defence", "4"),
            ("fill", "#die", "5"),
        ],
        "form button.primary",
        "range field, Fire",
    ),
    (
        "kniggits-exchange",
        "/kniggits/exchange",
        [("check", "input[name=attack][value=high]", ""), ("fill", "#tokens", "2,1,1")],
        "form button.primary",
        "a height, Strike",
    ),
    (
        "cthulhu-attack",
        "/cthulhu-who/attack",
        [("select", "#target", "2-square Monster")],
        "form button.primary",
        "target, Attack",
    ),
    ("dice", "/dice", [("fill", "#e", "3d6")], "form button.primary", "Roll (or a quick die)"),
]


def _serve(tmp: Path) -> tuple[str, object, threading.Thread]:
    from companion.web.app import create_app
    from companion.web.server import make_server

    app = create_app(game=tmp / "game.sqlite3")
    server = make_server(app, "127.0.0.1", 0)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    return f"http://127.0.0.1:{server.effective_port}", server, thread


def measure(page, base: str, lookup, shots: Path | None) -> dict[str, object]:
    """One look-up submitted, then the distances on the answer page (CSS px)."""
    name, path, steps, submit, taps = lookup
    page.goto(base + path)
    for action, selector, value in steps:
        if action == "fill":
            page.fill(selector, value)
        elif action == "select":
            page.select_option(selector, value)
        else:
            page.check(selector)
    page.click(submit)
    page.wait_for_selector(".answer")
    box = page.evaluate(
        """(submit) => {
          const a = document.querySelector('.answer').getBoundingClientRect();
          const b = document.querySelector(submit).getBoundingClientRect();
          const m = document.querySelector('fieldset.mods button');
          return {answer: a.top + scrollY, button: b.bottom + scrollY,
                  mods: m ? m.getBoundingClientRect().bottom + scrollY : null,
                  height: document.documentElement.scrollHeight};
        }""",
        submit,
    )
    scroll = max(0.0, box["button"] - PHONE["height"])
    if shots is not None:
        page.screenshot(path=str(shots / f"swipe-{name}.png"), full_page=True)
    return {
        "page": name,
        "answer_to_button": round(box["button"] - box["answer"]),
        "scroll": round(scroll),
        "swipes": math.ceil(scroll / SWIPE),
        "page_height": round(box["height"]),
        "taps": taps,
        "mods_scroll": None if box["mods"] is None else round(max(0.0, box["mods"] - 740)),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shots", type=Path, default=None, help="save full-page screenshots")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    if args.shots is not None:
        args.shots.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        base, server, thread = _serve(Path(tmp))
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(
                    executable_path=shutil.which("chromium"), args=["--no-sandbox"]
                )
                page = browser.new_context(
                    viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True
                ).new_page()
                print("page: answer top -> submit bottom px; scroll px; swipes; page px; taps")
                for lookup in LOOKUPS:
                    m = measure(page, base, lookup, args.shots)
                    print(
                        f"{m['page']}: {m['answer_to_button']} px; scroll {m['scroll']} px; "
                        f"{m['swipes']} swipe(s); page {m['page_height']} px; "
                        f"taps: {m['taps']}"
                        + (
                            f"; a modifier changed: scroll {m['mods_scroll']} px to its button"
                            if m["mods_scroll"] is not None
                            else ""
                        )
                    )
                browser.close()
        finally:
            server.close()
            thread.join(timeout=5)


if __name__ == "__main__":
    main()
