"""The phone map page: tap shooter then target by plain links; range, cover, the shot."""

from __future__ import annotations

import re

from web_helpers import Site


def _links(html: str) -> list[str]:
    """The hex links' addresses, less the fragment each ends with (``#answer``: the page opens
    at the answer, the map under it)."""
    found = re.findall(r'<a href="([^"]*)"[^>]*><use', html)
    assert all(u.endswith("#answer") for u in found)
    return [u.removesuffix("#answer") for u in found]


def test_tapping_the_shooter_then_the_target_are_plain_links(site: Site) -> None:
    page = site.client.get("/dark-blades/maps/arena").get_data(as_text=True)
    assert "Tap the shooter" in page and "kit's own design" in page
    links = _links(page)
    assert len(links) == 20 * 14 and "?f=K1" in links
    page = site.client.get("/dark-blades/maps/arena?f=K1").get_data(as_text=True)
    assert "?f=K1&t=K3" in _links(page)
    page = site.client.get("/dark-blades/maps/arena?f=K1&t=K3").get_data(as_text=True)
    assert "Seen, range 2, cover medium" in page and "K3/n" in page
    assert "<script" not in page.replace('<script src="/static/map.js" defer></script>', "")


def test_the_shot_uses_the_maps_range_and_cover(site: Site) -> None:
    url = "/dark-blades/maps/arena?f=K1&t=K3&w=shortbow&d=10&k=infantry&die=5"
    page = site.client.get(url).get_data(as_text=True)
    assert "column 1-2, die 5 (given)" in page  # 20 / 10 = 2-1, two columns down for medium cover
    blocked = site.client.get("/dark-blades/maps/arena?f=A1&t=D4&d=10").get_data(as_text=True)
    assert "Not seen" in blocked and "tree B2" in blocked and "(die" not in blocked


def test_page_weight_stays_under_60_kb(site: Site) -> None:
    for url in (
        "/dark-blades/maps/arena",
        "/dark-blades/maps/mill?f=K1&t=K3&w=crossbow&d=10&k=mounted&p=9&z=3",
    ):
        assert len(site.client.get(url).data) < 60 * 1024


def test_whos_next_start_hexes_are_spread_evenly_round_the_edges(site: Site) -> None:
    from companion.dark_blades import hexgrid as hg
    from companion.dark_blades.maps import find_map, perimeter
    from companion.data import Cards

    ring = [hg.name(h) for h in perimeter(find_map(Cards(), "mill"))]
    assert len(ring) == 2 * 20 + 2 * 14 - 4
    for players in (4, 7, 13):
        page = site.client.get(f"/whos-next/starts/mill?p={players}").get_data(as_text=True)
        listed = re.search(r"evenly spaced round the edges: (.*?)</p>", page).group(1)
        names = [item.split(": ")[1] for item in listed.split(", ")]
        assert len(set(names)) == players
        at = [ring.index(n) for n in names]
        gaps = [(b - a) % len(ring) for a, b in zip(at, at[1:] + at[:1], strict=False)]
        assert max(gaps) - min(gaps) <= 1


def test_bad_input_is_refused_in_one_line_and_unknown_maps_are_404(site: Site) -> None:
    page = site.client.get("/dark-blades/maps/arena?f=Z1&t=K3").get_data(as_text=True)
    assert "Refused:</b> hex &#39;Z1&#39;: not on The Arena" in page
    assert site.client.get("/dark-blades/maps/nowhere").status_code == 404
    assert site.client.get("/dark-blades/maps/arena?source_only=on").status_code == 404


def test_a_zoom_or_a_field_the_page_cannot_take_is_refused_not_cut_short(site: Site) -> None:
    shot = "/dark-blades/maps/mill?f=K1&t=K3&w=crossbow"
    cases = {
        f"{shot}&d=10&z=" + "9" * 5000: "zoom: at most 1 characters",  # int() would refuse it
        f"{shot}&d=10&z=x": "zoom: expected 1, 2, 3, got &#39;x&#39;",
        f"{shot}&d=10&z=4": "zoom: expected 1, 2, 3, got &#39;4&#39;",
        f"{shot}&d=1234567": "defence: at most 6 characters, got &#39;1234567&#39; (7)",
        f"{shot}&d=10&die=777": "die: at most 2 characters, got &#39;777&#39; (3)",
        "/dark-blades/maps/layout/raid?z=" + "9" * 5000: "zoom: at most 1 characters",
    }
    for url, line in cases.items():
        answer = site.client.get(url)
        page = answer.get_data(as_text=True)
        assert answer.status_code == 400, (url[:80], answer.status_code)
        assert f"Refused:</b> {line}" in page, url[:80]
    for url in (f"{shot}&d=10&z=2", f"{shot}&d=10&die=7", "/dark-blades/maps/layout/raid?z=3"):
        assert site.client.get(url).status_code == 200, url


def test_the_map_page_names_the_line_as_the_command_line_does(site: Site, havoc) -> None:
    import json

    page = site.client.get("/dark-blades/maps/arena?f=B1&t=D1").get_data(as_text=True)
    text = json.loads(havoc("los", "arena", "B1", "D1", "--json").output)["line_text"]
    assert f"<small>line: {text}</small>" in page and "C0" not in page


def test_every_hex_link_is_named_by_its_coordinate_and_terrain(site: Site) -> None:
    """A screen reader says each hex (Lighthouse's link-name audit): its coordinate (the
    link's text) and, for a hex with terrain, the terrain too (its label), as the map gives."""
    from companion.dark_blades.maps import find_map
    from companion.data import Cards

    page = site.client.get("/dark-blades/maps/arena?f=K1").get_data(as_text=True)
    links = re.findall(
        r'<a href="\?f=K1&t=([A-Z]\d+)#answer"([^>]*)><use[^>]*/><text[^>]*>([^<]*)<', page
    )
    # the shooter's own hex, tapped again, drops him
    links += re.findall(r'<a href="\?#answer"([^>]*)><use[^>]*/><text[^>]*>(K1)<', page)
    links = [(t[1], t[0], t[1]) if len(t) == 2 else t for t in links]
    arena = find_map(Cards(), "arena", False)
    assert len(links) == arena.width * arena.height
    said = {}
    for target, label, text in links:
        assert text == target
        named = re.fullmatch(r' aria-label="([A-Z]\d+) ([a-z-]+)"', label)
        said[target] = named[2] if named else "open"
        assert not named or named[1] == target
    terrain = {arena.label(h): arena.terrain[h] for h in arena.hexes()}
    assert said == terrain and {"open", "tree", "slope", "house"} <= set(said.values())
