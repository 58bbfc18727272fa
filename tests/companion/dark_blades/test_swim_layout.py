"""`havoc swim --layout` and the phone swim page on a layout: the swimmer is carried across the
joined maps by the same rules, every hex named with its map; a bare hex is refused in one line."""

from __future__ import annotations

import json


def test_swim_on_a_layout_names_its_maps(havoc) -> None:
    on_map = json.loads(havoc("swim", "mill", "G8", "5", "3", "--json").output)
    laid = json.loads(havoc("swim", "--layout", "raid", "mill:G8", "5", "3", "--json").output)
    assert laid["path"] == [f"mill:{h}" for h in on_map["path"]]  # the same water, named
    text = havoc("swim", "--layout", "raid", "mill:G8", "5", "3").output
    assert text.startswith("CRUSHED in the mill wheel at mill:I8")
    assert "kit's reading: Mill map above Arena map" in text


def test_a_bare_hex_on_a_layout_is_one_line(havoc) -> None:
    result = havoc("swim", "--layout", "raid", "G8", "5")
    assert result.exit_code == 2 and len(result.output.strip().splitlines()) == 1
    assert "mill:G8 or arena:G8" in result.output


def test_a_map_given_with_a_layout_is_refused_as_los_refuses_it(havoc) -> None:
    result = havoc("swim", "--layout", "raid", "mill", "mill:G8", "5", "3")
    assert result.exit_code == 2
    assert result.output.strip().endswith(
        "with --layout give HEX and the dice only, not a map ('mill')"
    )


def test_the_phone_swim_page_on_a_layout() -> None:
    from companion.web.app import create_app

    client = create_app().test_client()
    page = client.get("/dark-blades/swim/layout/raid?h=mill:G8&d=5+3")
    assert page.status_code == 200 and "mill:I8" in page.get_data(as_text=True)
    assert client.get("/dark-blades/swim/layout/raid?h=G8").status_code == 400
    whole = client.get("/dark-blades/maps/layout/raid").get_data(as_text=True)
    assert "/dark-blades/swim/layout/" in whole  # the map page's swim link stays on the layout
