"""The phone map page at buildings: the firing rules' refusals, quoted, as `havoc los` says
them; a target next to the shooter is no shot, unless the weapon reaches one hex."""

from __future__ import annotations

from web_helpers import Site


def _page(site: Site, query: str) -> str:
    return site.client.get(f"/dark-blades/maps/arena?{query}").get_data(as_text=True)


def test_in_at_one_window_and_out_at_another_is_not_seen_with_the_rule(site: Site) -> None:
    page = _page(site, "f=Q4&t=T2&w=crossbow&d=8&die=5")
    assert "Not seen" in page and "blocked by building S2" in page
    assert "may see into a tree or building hex, but not through it" in page
    assert "(die 5" not in page  # nothing rolled
    interior = _page(site, "f=P4&t=R3")
    assert "in at door Q3; the firer is not inside" in interior
    assert "Characters wishing to fire into the interior of a building" in interior


def test_an_adjacent_target_is_no_shot_unless_the_weapon_reaches_one_hex(site: Site) -> None:
    bare = _page(site, "f=K1&t=K2")
    assert "Seen, no shot" in bare and "adjacent to the target" in bare
    assert "adjacent to an enemy character in the firing step" in bare
    bow = _page(site, "f=K1&t=K2&w=crossbow&d=8&die=5")
    assert "range 1: adjacent to the target" in bow and "(die 5" not in bow
    breath = _page(site, "f=K1&t=K2&w=breath&d=8&die=3")
    assert "column 2-1, die 3" in breath  # 20 / 8: the Breath reaches 1 hex
