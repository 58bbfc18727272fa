"""The phone swim page: answer first for a water hex, one refusal line (400) otherwise."""

from __future__ import annotations

import re


def test_the_swim_page_answers_first_with_the_path(site) -> None:
    page = site.client.get("/dark-blades/swim/mill?h=G8&d=5+3").get_data(as_text=True)
    answer, form = page.index("Crushed in the mill wheel at I8"), page.index('name="h"')
    assert answer < form and "G8 &rarr; H8 &rarr; I8" in page
    assert "kit&#39;s reading: into the wheel" in page


def test_the_swim_page_refuses_land_and_bad_dice_with_400(site) -> None:
    response = site.client.get("/dark-blades/swim/mill?h=A1&d=3")
    assert response.status_code == 400
    assert "A1 is open, not water" in response.get_data(as_text=True)
    assert site.client.get("/dark-blades/swim/mill?h=G8&d=x").status_code == 400
    extra = site.client.get("/dark-blades/swim/mill?h=G8&d=5+3+1")
    assert extra.status_code == 400
    assert "“Dice”: 3 faces given, the swim rolls 2: leave out 1" in extra.get_data(as_text=True)
    assert site.client.get("/dark-blades/swim/nowhere").status_code == 404


def test_the_map_page_links_to_the_swim_page_with_the_tapped_hex(site) -> None:
    page = site.client.get("/dark-blades/maps/mill?f=G8").get_data(as_text=True)
    assert "/dark-blades/swim/mill?f=G8" in page and "G8 is water: swim from G8" in page
    land = site.client.get("/dark-blades/maps/mill?f=A1").get_data(as_text=True)
    assert '?f=A1">' not in land.split("In the water?")[0][-200:]  # no swim from dry land
    assert '/dark-blades/swim/mill">In the water? Swim</a>' in land
    layout = site.client.get("/dark-blades/maps/layout/raid?f=mill:G8").get_data(as_text=True)
    assert 'swim/layout/mill-arena?f=mill:G8">mill:G8 is water: swim from mill:G8' in layout
    swim = site.client.get("/dark-blades/swim/mill?f=G8").get_data(as_text=True)
    assert 'value="G8"' in swim and "Crushed" not in swim and "Crawls out" not in swim


def _svg(page: str) -> str:
    return re.search(r'<svg class="hexmap swim"[^>]*>', page).group(0)


def test_the_swim_map_is_drawn_at_the_map_pages_hex_size_for_each_zoom(site) -> None:
    """The whole map, a hex `HEX_PX` wide at each zoom as on the map page, in its panning box
    under the answer; the zoom links keep the swim (hex, dice, seed) and the form the zoom."""
    from companion.web.dark_blades.maps import HEX_PX, R

    for z in (1, 2, 3):
        page = site.client.get(f"/dark-blades/swim/mill?h=G8&d=5+3&z={z}").get_data(as_text=True)
        svg = _svg(page)
        view = [float(v) for v in re.search(r'viewBox="([^"]+)"', svg).group(1).split()]
        width = int(re.search(r' width="(\d+)"', svg).group(1))
        assert view[:2] == [0, 0] and width == round(view[2] * HEX_PX[z] / (2 * R))
        assert width * 2 * R / view[2] >= 40  # a hex 40 px across at least
        assert '<div class="mapbox whole" id="whole"><svg class="hexmap swim"' in page
        assert '<script src="/static/map.js" defer></script>' in page
    assert 'href="?h=G8&amp;d=5+3&amp;z=2#answer">2x</a>' in page
    rolled = site.client.get("/dark-blades/swim/mill?h=G8&seed=4").get_data(as_text=True)
    assert 'href="?h=G8&amp;seed=4&amp;z=3#answer">3x</a>' in rolled  # the same roll zoomed
    assert '<input type="hidden" name="z" value="3">' in page
    assert 'data-pick="S"' in page and 'data-pick="E"' in page  # map.js pans them into view
    bad = site.client.get("/dark-blades/swim/mill?h=G8&d=5+3&z=9")
    assert bad.status_code == 400 and "zoom: expected 1, 2, 3" in bad.get_data(as_text=True)


def test_the_swim_map_comes_before_the_folded_water_list(site) -> None:
    """The answer first, the map right under it, then the form; the water hexes folded in a
    details under the map; with no answer yet the map right under the title (the water on the
    first screen), then the form, then the list."""
    page = site.client.get("/dark-blades/swim/mill?h=G8&d=5+3").get_data(as_text=True)
    answer, svg = page.index("Crushed in the mill wheel"), page.index('<svg class="hexmap swim"')
    form, water = page.index('name="h"'), page.index("<summary>Water hexes (")
    assert answer < svg < form < water
    empty = site.client.get("/dark-blades/swim/mill").get_data(as_text=True)
    title, svg = empty.index("<h1>In the water"), empty.index("hexmap swim")
    assert title < svg < empty.index('name="h"') < empty.index("Water hexes (")
    assert '<details class="water"><summary>Water hexes (' in empty


def test_the_swim_maps_labels_take_the_map_pages_size(site) -> None:
    """No size set in the swim map's markup: its labels take the map page's (style.css's
    ``.hexmap text``), never the 3.2-unit labels once drawn 2.9 px high on a phone."""
    page = site.client.get("/dark-blades/swim/mill?h=G8&d=5+3").get_data(as_text=True)
    svg = page[
        page.index('<svg class="hexmap swim"') : page.index("</svg>", page.index("hexmap swim"))
    ]
    assert "<text" in svg and "font-size" not in svg
    css = site.client.get("/static/style.css").get_data(as_text=True)
    sizes = re.findall(r"\.hexmap text\{[^}]*font-size:([\d.]+)px", css)
    assert sizes and float(sizes[-1]) >= 4  # 4 units: 6.7 CSS px at 1x


def _home(page: str) -> tuple[float, float]:
    x, y = re.search(r'data-home="([\d.]+),([\d.]+)"', _svg(page)).groups()
    return float(x), float(y)


def test_before_a_swim_each_water_hex_is_a_named_link_that_fills_in_the_swimmer(site) -> None:
    """Before a swim the water hexes are links (named by hex and water, for a screen reader)
    to the page with the swimmer's hex filled in, at the form; dry land is no link; the hex
    tapped is marked S; the map opens at the middle of its water (``data-home``)."""
    from companion.dark_blades.maps import find_map
    from companion.dark_blades.water import is_water
    from companion.data import Cards

    page = site.client.get("/dark-blades/swim/mill").get_data(as_text=True)
    svg = page[page.index('<svg class="hexmap swim"') : page.index("</svg>")]
    links = dict(re.findall(r'<a href="\?f=([^"#&]+)#swim" aria-label="([^"]+)">', svg))
    m = find_map(Cards(), "mill")
    water = {m.label(h): m.terrain[h] for h in m.hexes() if is_water(m, h)}
    assert links == {name: f"{name} {kind}" for name, kind in water.items()}
    assert svg.count("<a ") == len(water)
    x, y = _home(page)
    cols = sorted({hex_name[0] for hex_name in water})
    assert 0 < x < 1 and 0 < y < 1
    assert abs(x - (ord(cols[0]) + ord(cols[-1]) - 2 * ord("A")) / 2 / (m.width - 1)) < 0.1
    tapped = site.client.get("/dark-blades/swim/mill?f=K3&z=2").get_data(as_text=True)
    assert 'value="K3"' in tapped and 'data-pick="S"' in tapped and 'data-pick="E"' not in tapped
    assert 'href="?f=K4&amp;z=2#swim"' in tapped  # the zoom carried on
    dry = site.client.get("/dark-blades/swim/mill?f=A1").get_data(as_text=True)
    assert 'value=""' in dry and 'data-pick="S"' not in dry
    swum = site.client.get("/dark-blades/swim/mill?h=G8&d=5+3").get_data(as_text=True)
    assert '#swim"' not in swum and '<a href="?f=' not in swum  # the answer's map: no taps


def test_a_layouts_water_links_name_the_map(site) -> None:
    page = site.client.get("/dark-blades/swim/layout/mill-arena").get_data(as_text=True)
    assert '<a href="?f=mill:K3#swim" aria-label="mill:K3 lake">' in page
    tapped = site.client.get("/dark-blades/swim/layout/mill-arena?f=mill:K3").get_data(as_text=True)
    assert 'value="mill:K3"' in tapped and 'data-pick="S"' in tapped
