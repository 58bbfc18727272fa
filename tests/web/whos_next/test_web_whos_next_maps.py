"""Who's Next start hexes: the umpire's page links each map page for the ring's player count;
only the count rides in the link, and no player's page shows it."""

from __future__ import annotations

import html as html_lib
import re
from urllib.parse import parse_qs, urlsplit

from web_helpers import NAMES, UMPIRE, Site, visible

from companion.dark_blades import hexgrid as hg
from companion.dark_blades.maps import load_maps, perimeter, start_hexes
from companion.data import Cards


def _map_links(html: str) -> list[str]:
    return [html_lib.unescape(u) for u in re.findall(r'href="(/whos-next/starts/[^"]*)"', html)]


def test_the_umpire_links_each_map_with_the_rings_start_hexes(site: Site) -> None:
    names = NAMES + ["Fay", "Gus"]
    site.new_game(names)
    page = site.client.get(f"/u/{site.umpire}/").get_data(as_text=True)
    links = _map_links(page)
    maps = load_maps(Cards())
    assert [urlsplit(u).path for u in links] == [f"/whos-next/starts/{m.key}" for m in maps]
    for url, m in zip(links, maps, strict=True):
        assert parse_qs(urlsplit(url).query) == {"p": [str(len(names))]}  # the count, no more
        shown = visible(site.client.get(url).get_data(as_text=True))
        wanted = [f"{i + 1}: {hg.name(h)}" for i, h in enumerate(start_hexes(m, len(names)))]
        assert f"round the edges: {', '.join(wanted)}" in shown, url
    assert "any order, never the ring's" in visible(page)


def test_no_players_page_shows_the_maps_or_the_count(site: Site) -> None:
    site.new_game()
    for path in site.links().values():
        html = site.client.get(path).get_data(as_text=True)
        assert "/whos-next/starts" not in html and "Start hexes" not in visible(html)


def test_the_dark_blades_map_page_has_no_whos_next_form(site: Site) -> None:
    page = site.client.get("/dark-blades/maps/mill?p=9").get_data(as_text=True)
    assert "Who's Next" not in page and "Start hexes" not in visible(page)
    assert 'name="p"' not in page and "p=9" not in page  # nor is the count carried on


def test_the_start_hexes_page_refuses_a_count_it_cannot_use(site: Site) -> None:
    for bad in ("x", "-1", "1e9", "99999"):
        answer = site.client.get(f"/whos-next/starts/mill?p={bad}")
        assert answer.status_code == 400 and "Refused:" in visible(answer.get_data(as_text=True))
    assert site.client.get("/whos-next/starts/nowhere?p=4").status_code == 404


def test_a_ring_too_big_for_every_edge_says_so(site: Site) -> None:
    edges = max(len(perimeter(m)) for m in load_maps(Cards()))
    site.new_game([f"P{i}" for i in range(edges + 1)])
    page = site.client.get(f"/u/{site.umpire}/").get_data(as_text=True)
    assert not _map_links(page)
    assert f"No map's edge has room for {edges + 1} start hexes." in visible(page)


def test_rulebook_only_has_no_kit_map_to_link(tmp_path) -> None:
    from companion.web.app import create_app

    app = create_app(game=tmp_path / "g.sqlite3", umpire_token=UMPIRE, source_only=True)
    site = Site(app, app.test_client(), tmp_path / "g.sqlite3", UMPIRE)
    site.new_game()
    page = site.client.get(f"/u/{UMPIRE}/").get_data(as_text=True)
    assert not _map_links(page) and "No maps (the kit's are its own design" in visible(page)
