"""The phone swim page: answer first for a water hex, one refusal line (400) otherwise."""

from __future__ import annotations


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
