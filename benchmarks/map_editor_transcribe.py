"""Figures for the map editor (issue 35): a map transcribed by taps at 360 px, then its line of
sight compared with the hand-typed file of the same map.

Serves the kit's pages on loopback with a fresh cards folder, opens the editor in Debian's
Chromium (Playwright) at 360 x 740, starts a new map of the source map's size, and taps as a
player would: a terrain in the palette, then each hex of that terrain (open ground is the new
map's ground already), then each wall, slope lip and flow side with its tool (a tap near the
side) and each wheel hex; saves into the cards folder. Then it loads the saved file with the
map loader and compares `line_of_sight` (sight and cover) for every pair of hexes of both maps.
Prints the taps, the seconds, the loader's last word and the disagreements.
Run: python benchmarks/map_editor_transcribe.py [MAP] [--shot FILE]   (MAP: arena, mill ...)
"""

from __future__ import annotations

import argparse
import itertools
import math
import shutil
import tempfile
import threading
import time
from pathlib import Path

PHONE = {"width": 360, "height": 740}


def main() -> None:
    from playwright.sync_api import sync_playwright
    from werkzeug.serving import make_server

    from companion.dark_blades import hexgrid as hg
    from companion.dark_blades import map_editor as me
    from companion.dark_blades.maps import find_map, load_map
    from companion.dark_blades.sight import line_of_sight, load_sight
    from companion.data import Cards
    from companion.web.app import create_app

    parser = argparse.ArgumentParser()
    parser.add_argument("map", nargs="?", default="arena")
    parser.add_argument("--shot", default=None)
    args = parser.parse_args()
    source = find_map(Cards(), args.map)
    marks = me.marks_of(source)
    with tempfile.TemporaryDirectory() as folder:
        mine = Path(folder) / "cards"
        mine.mkdir()
        app = create_app(game=Path(folder) / "g.sqlite3", umpire_token="u" * 32, cards=mine)
        server = make_server("127.0.0.1", 0, app, threaded=True)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{server.server_port}/dark-blades/map-editor/"
        taps = 0
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=shutil.which("chromium"))
            page = browser.new_page(viewport=PHONE)
            start = time.monotonic()
            page.goto(base)
            page.fill("#name", f"{source.name} (drawn)")
            page.fill("#width", str(source.width))
            page.fill("#height", str(source.height))
            page.click("text=Draw it")
            taps += 4
            codes = {t: c for c, t in me.legend_for(Cards(mine)).items()}
            by_terrain: dict[str, list] = {}
            for h, t in source.terrain.items():
                if t != "open":
                    by_terrain.setdefault(t, []).append(h)
            for terrain, hexes in by_terrain.items():
                page.check(f'input[name="paint"][value="{codes[terrain]}"]')
                taps += 1
                for c, r in hexes:
                    page.locator(f'g.hex[data-c="{c}"][data-r="{r - 1}"]').click()
                    taps += 1

            def side_tap(tool: str, token: str) -> None:
                nonlocal taps
                name, side = token.split("/")
                c, r = hg.parse_hex(name)
                g = page.locator(f'g.hex[data-c="{c}"][data-r="{r - 1}"]')
                box = g.bounding_box()
                angle = {"n": -90, "ne": -30, "se": 30, "s": 90, "sw": 150, "nw": -150}[side]
                scale = box["width"] / 32.0
                x = box["width"] / 2 + 0.5 * 16 * scale * math.cos(math.radians(angle))
                y = box["height"] / 2 + 0.5 * 16 * scale * math.sin(math.radians(angle))
                g.click(position={"x": x, "y": y})
                taps += 1

            for tool in ("walls", "lips", "flow"):
                if marks[tool]:
                    page.check(f'input[name="tool"][value="{tool}"]')
                    taps += 1
                    for token in marks[tool]:
                        side_tap(tool, token)
            if marks["wheel"]:
                page.check('input[name="tool"][value="wheel"]')
                taps += 1
                for name in marks["wheel"]:
                    c, r = hg.parse_hex(name)
                    page.locator(f'g.hex[data-c="{c}"][data-r="{r - 1}"]').click()
                    taps += 1
            page.wait_for_timeout(600)
            said = page.inner_text("#verdict")
            page.click("text=Save into your cards")
            taps += 1
            seconds = time.monotonic() - start
            if args.shot:
                page.screenshot(path=args.shot, full_page=True)
            browser.close()
        server.shutdown()
        drawn = load_map(mine / "dark-blades" / "maps" / f"{me_key(source.name)}.toml", Cards(mine))
        rules = load_sight(Cards())
        hexes = sorted(source.terrain)
        pairs = differ = 0
        for a, b in itertools.permutations(hexes, 2):
            one = line_of_sight(source, rules, a, b)
            two = line_of_sight(drawn, rules, a, b)
            pairs += 1
            if (one.visible, one.cover) != (two.visible, two.cover):
                differ += 1
    print(f"{source.key}: {source.width} x {source.height}, {taps} taps, {seconds:.1f} s at 360 px")
    print(f"  loader: {said}")
    print(f"  line of sight: {pairs} pairs, {differ} differ from the hand-typed file")


def me_key(name: str) -> str:
    import re

    return re.sub(r"[^a-z0-9]+", "-", f"{name} (drawn)".casefold()).strip("-")[:40]


if __name__ == "__main__":
    main()
