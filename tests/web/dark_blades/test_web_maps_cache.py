"""The map page's caches (issue 33 item 4: the map drawn once per map and zoom, the links and the
marks of a tap added per request): a page served from them is the page drawn afresh, each hex
link is the one worked out hex by hex, and an edited map file is never served stale."""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path
from urllib.parse import parse_qsl, urlencode, urlsplit

import pytest
from web_helpers import Site

from companion.web.app import create_app
from companion.web.dark_blades import maps

KIT_MAPS = Path(__file__).parents[3] / "cards" / "dark-blades" / "maps"
SHOT = "w=crossbow&d=10&k=infantry&die=4"
PAGES = [
    "/dark-blades/maps/arena",
    "/dark-blades/maps/arena?f=K1",
    "/dark-blades/maps/arena?f=K1&t=K3&z=2",
    "/dark-blades/maps/arena?f=K1&t=K3&t2=K4&z=3",
    f"/dark-blades/maps/mill?f=K1&t=K3&{SHOT}",
    f"/dark-blades/maps/mill?f=B2&t=S13&{SHOT}&z=2",
    "/dark-blades/maps/mill?f=A1&n=Grast&s=Zatan:wounded",
    "/dark-blades/maps/layout/raid?f=mill:K12&t=arena:K3",
    f"/dark-blades/maps/layout/raid?f=mill:K12&t=arena:K3&t2=arena:K4&{SHOT}&z=2",
]


@pytest.mark.parametrize("url", PAGES)
def test_a_page_from_the_caches_is_the_page_drawn_afresh(site: Site, url: str) -> None:
    maps.clear_caches()
    fresh = site.client.get(url)
    again = site.client.get(url)
    assert fresh.status_code == again.status_code == 200
    assert again.get_data(as_text=True) == fresh.get_data(as_text=True)
    maps.clear_caches()
    assert site.client.get(url).get_data(as_text=True) == fresh.get_data(as_text=True)


@pytest.mark.parametrize("url", PAGES)
def test_each_hex_link_is_the_tap_worked_out_hex_by_hex(site: Site, url: str) -> None:
    """The links filled in per request against `_taps` and one `urlencode` for every hex (what
    the page did before the drawn map was kept)."""
    from companion.dark_blades.missiles import load_weapons
    from companion.web.current import board_or_404, cards

    page = site.client.get(url).get_data(as_text=True)
    path, query = urlsplit(url)[2:4]
    args = dict(parse_qsl(query))
    with site.app.test_request_context(url):
        layout = "/layout/" in path
        m = board_or_404(path.rsplit("/", 1)[1], layout=layout)
        names = [m.label(h) for h in m.hexes()]
        keep = maps._keep(args, [w.lower() for w in load_weapons(cards()).names()])
        if args.get("z", "1") != "1":
            keep["z"] = args["z"]
        taps = maps._taps(names, args.get("f", ""), args.get("t", ""), args.get("t2", ""), m.hex)
    hrefs = re.findall(r'<a href="([^"]*)#answer"[^>]*><use ', page)
    assert len(hrefs) == len(names)
    expected = []
    for n in names:
        pairs = [*zip(("f", "t", "t2"), taps[n], strict=True), *keep.items()]
        expected.append("?" + urlencode([(k, v) for k, v in pairs if v], safe=",:"))
    assert hrefs == expected


def test_an_edited_map_file_is_drawn_again_not_served_stale(tmp_path: Path) -> None:
    """A user's map (--cards) changed while the server runs: the drawing, its links' names and
    the answer follow the file; a map file added later is found."""
    folder = tmp_path / "dark-blades" / "maps"
    folder.mkdir(parents=True)
    ford = folder / "ford.toml"
    text = (KIT_MAPS / "arena.toml").read_text(encoding="utf-8")
    ford.write_text(text, encoding="utf-8")
    app = create_app(game=tmp_path / "g.sqlite3", cards=tmp_path, umpire_token="x" * 32)
    client = app.test_client()
    url = "/dark-blades/maps/ford?f=A1&t=D1"
    before = client.get(url).get_data(as_text=True)
    assert "Seen, range 3" in before and 'aria-label="B1 tree"' not in before
    row = " 1  . . . . . . t t . . . . . . . . . . . ."
    assert row in text
    ford.write_text(text.replace(row, " 1  . t . . . . t t . . . . . . . . . . . ."), "utf-8")
    os.utime(ford, ns=(1, 1))  # a different time, whatever the clock's grain
    after = client.get(url).get_data(as_text=True)
    assert 'aria-label="B1 tree"' in after and "Not seen" in after and "tree B1" in after
    maps.clear_caches()
    assert client.get(url).get_data(as_text=True) == after
    assert client.get("/dark-blades/maps/ford2").status_code == 404
    shutil.copy(ford, folder / "ford2.toml")
    assert 'aria-label="B1 tree"' in client.get("/dark-blades/maps/ford2").get_data(as_text=True)


def test_two_servers_over_different_cards_keep_their_own_maps(tmp_path: Path) -> None:
    """The caches are keyed on each map's files: a second app over other cards, with a map of
    the same key, is drawn from its own file."""
    pages = []
    for i, name in enumerate(("The Ford", "The Other Ford")):
        root = tmp_path / str(i)
        (root / "dark-blades" / "maps").mkdir(parents=True)
        text = (KIT_MAPS / "arena.toml").read_text(encoding="utf-8")
        (root / "dark-blades" / "maps" / "ford.toml").write_text(
            text.replace('name = "The Arena"', f'name = "{name}"', 1), encoding="utf-8"
        )
        app = create_app(game=root / "g.sqlite3", cards=root, umpire_token="x" * 32)
        pages.append(app.test_client().get("/dark-blades/maps/ford").get_data(as_text=True))
    assert "<h1>The Ford</h1>" in pages[0] and "<h1>The Other Ford</h1>" in pages[1]
