"""The phone map page on a layout: the maps laid together, one board, hexes named mill:C4."""

from __future__ import annotations

import re

from web_helpers import Site

from companion.dark_blades.layouts import find_layout
from companion.data import Cards

PAGE = "/dark-blades/maps/layout/raid"


def _links(html: str) -> list[str]:
    return [u.removesuffix("#answer") for u in re.findall(r'<a href="([^"]*)"[^>]*><use', html)]


def test_the_layout_page_is_both_maps_with_hexes_named_by_map(site: Site) -> None:
    listing = site.client.get("/dark-blades/maps/").get_data(as_text=True)
    assert "/dark-blades/maps/layout/mill-arena" in listing
    assert "kit&#39;s reading: Mill map above Arena map" in listing
    page = site.client.get(PAGE).get_data(as_text=True)
    links = _links(page)
    assert len(links) == 2 * 20 * 14 and "?f=mill:C4" in links and "?f=arena:K3" in links
    assert 'class="jn"' in page  # the join drawn: the sides between mill 14 and arena 1
    joins = find_layout(Cards(), "raid").joins()
    assert len(joins) == 20 + 19  # each column's s side, and the diagonals of C E ... S (A: se)
    page = site.client.get(PAGE + "?f=mill:K12").get_data(as_text=True)
    assert "?f=mill:K12&t=arena:K3" in _links(page)


def test_a_shot_across_the_join_from_the_layout_page(site: Site) -> None:
    url = PAGE + "?f=mill:K12&t=arena:K3&w=crossbow&d=4&k=infantry&die=3"
    page = site.client.get(url).get_data(as_text=True)
    assert "Seen, range 5, cover medium" in page
    assert "line: mill:K12 mill:K13 mill:K14 arena:K1 arena:K2 arena:K3" in page
    assert "column 5-1" in page and "die 3" in page  # 30:4 = 7-1, two left for medium cover
    assert page.count("kit&#39;s reading: Mill map above Arena map") >= 2  # page and answer
    page = site.client.get(PAGE + "?f=mill:K12&t=arena:K3&t2=arena:K4").get_data(as_text=True)
    assert "arena:K3: range 5" in page and "arena:K4: range 6" in page


def test_a_bare_hex_on_a_layout_is_refused_in_the_pages_words(site: Site) -> None:
    response = site.client.get(PAGE + "?f=C4&t=arena:K3")
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    assert "Refused:</b> hex C4: on a layout, name the map: mill:C4 or arena:C4" in page
    response = site.client.get("/dark-blades/maps/mill?f=mill:C4&t=K3")
    assert response.status_code == 400
    assert "names a hex on a layout" in response.get_data(as_text=True)
    assert site.client.get("/dark-blades/maps/layout/nowhere").status_code == 404
    assert site.client.get(PAGE + "?source_only=on").status_code == 404


def test_layout_page_weight_stays_under_120_kb(site: Site) -> None:
    for url in (PAGE, PAGE + "?f=mill:K12&t=arena:K3&w=crossbow&d=10&k=mounted&p=9&z=3"):
        assert len(site.client.get(url).data) < 120 * 1024


def test_a_map_file_changed_while_serving_is_drawn_again(tmp_path) -> None:
    """The page keeps each map (and its drawing) between requests, and sees an edited file."""
    import os
    import shutil
    from pathlib import Path

    from companion.web.app import create_app

    folder = tmp_path / "dark-blades" / "maps"
    folder.mkdir(parents=True)
    kit = Path(__file__).parents[3] / "cards" / "dark-blades" / "maps" / "arena.toml"
    ford = folder / "ford.toml"
    shutil.copy(kit, ford)
    text = ford.read_text()
    ford.write_text(text.replace('name = "The Arena"', 'name = "The Ford"', 1))
    app = create_app(game=tmp_path / "g.sqlite3", cards=tmp_path, umpire_token="x" * 32)
    client = app.test_client()
    assert "<h1>The Ford</h1>" in client.get("/dark-blades/maps/ford").get_data(as_text=True)
    ford.write_text(text.replace('name = "The Arena"', 'name = "The Old Ford"', 1))
    os.utime(ford, ns=(1, 1))  # a different time, whatever the clock's grain
    page = client.get("/dark-blades/maps/ford").get_data(as_text=True)
    assert "<h1>The Old Ford</h1>" in page and "The Ford<" not in page


def test_the_drawing_names_each_map_just_inside_the_join(site: Site) -> None:
    """Which half is which: each map's key written on it near where it meets the other (the
    mill's above the join, the arena's below); one map's page names none."""
    page = site.client.get(PAGE).get_data(as_text=True)
    marks = {
        k: float(y) for y, k in re.findall(r'<text class="pk" x="[^"]*" y="([^"]*)">(\w+)<', page)
    }
    assert set(marks) == {"mill", "arena"}
    apart = 14 * 12 * 3**0.5  # the two maps' middles: 14 rows of hexes 12 units a side
    assert 0 < marks["arena"] - marks["mill"] < 0.6 * apart  # mill above, both near the join
    assert 'class="pk"' not in site.client.get("/dark-blades/maps/mill").get_data(as_text=True)
