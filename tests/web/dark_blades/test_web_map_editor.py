"""The map editor (issue 35): a new map or a copy of one, hexes painted, the map loader's own
line as you go, saved into the server's cards folder (or downloaded), ready for `havoc los`."""

from __future__ import annotations

import re

from web_helpers import UMPIRE, visible

from companion.dark_blades.maps import load_map
from companion.data import Cards, default_cards_dir
from companion.web.app import create_app
from companion.web.dark_blades.map_editor import CSRF_KEY


def _form(html: str) -> dict[str, str]:
    text = re.search(r'<textarea id="text" name="text"[^>]*>(.*?)</textarea>', html, re.S)
    grid = re.search(r'name="grid" id="grid" value="([^"]*)"', html)
    import html as h

    return {"text": h.unescape(text.group(1)), "grid": grid.group(1)}


def _edit(client, **args) -> str:
    answer = client.get("/dark-blades/map-editor/edit", query_string=args)
    assert answer.status_code == 200, answer.get_data(as_text=True)
    return answer.get_data(as_text=True)


def test_a_new_map_painted_and_checked_by_the_loader(site) -> None:
    assert "Map editor" in visible(site.client.get("/dark-blades/map-editor/").get_data(True))
    form = _edit(site.client, name="Ford", width=6, height=4)
    fields = _form(form)
    assert fields["grid"] == "/".join(["......"] * 4)
    good = site.client.post(
        "/dark-blades/map-editor/check",
        data={**fields, "key": "ford", "grid": "tt..../....../..s.../......"},
    ).get_json()
    assert good == {"ok": True, "message": "ford.toml: a good map (6 x 4)", "sight": None}
    bad = site.client.post(
        "/dark-blades/map-editor/check",
        data={**fields, "key": "ford", "grid": "....../..zz../....../......"},
    ).get_json()
    assert bad["ok"] is False
    assert re.match(r"ford\.toml:\d+: rows: C2: code 'z' is not in \[legend\]", bad["message"])


def test_save_needs_a_cards_folder_and_writes_a_map_the_kit_reads(site, tmp_path) -> None:
    fields = _form(_edit(site.client, name="Ford", width=6, height=4))
    token = site.app.extensions["havoc_csrf"].token(CSRF_KEY)
    answer = site.client.post(
        "/dark-blades/map-editor/save", data={**fields, "key": "ford", "csrf": token}
    )
    assert answer.status_code == 400
    assert "no cards folder of your own" in visible(answer.get_data(as_text=True))
    got = site.client.post(
        "/dark-blades/map-editor/save",
        data={**fields, "key": "ford", "csrf": token, "download": "yes"},
    )
    assert got.status_code == 200 and 'filename="ford.toml"' in got.headers["Content-Disposition"]
    mine = tmp_path / "mine"
    mine.mkdir()
    app = create_app(game=tmp_path / "g.sqlite3", umpire_token=UMPIRE, testing=True, cards=mine)
    client = app.test_client()
    fields = _form(_edit(client, name="Ford", width=6, height=4))
    token = app.extensions["havoc_csrf"].token(CSRF_KEY)
    grid = "tt..../......" + "/..s.../......"
    answer = client.post(
        "/dark-blades/map-editor/save", data={**fields, "grid": grid, "key": "ford", "csrf": token}
    )
    assert answer.status_code == 200 and "Saved: ford.toml" in visible(answer.get_data(True))
    saved = load_map(mine / "dark-blades" / "maps" / "ford.toml", Cards(mine))
    assert saved.terrain[(0, 1)] == "tree" and saved.terrain[(2, 3)] == "slope"
    again = client.post(
        "/dark-blades/map-editor/save", data={**fields, "key": "ford", "csrf": token}
    )
    assert again.status_code == 400 and "tick Replace" in visible(again.get_data(True))


def test_an_existing_map_round_trips_unchanged(site) -> None:
    fields = _form(_edit(site.client, **{"from": "arena"}))
    arena = (default_cards_dir() / "dark-blades" / "maps" / "arena.toml").read_text("utf-8")
    assert fields["text"].replace("\r\n", "\n").strip() == arena.strip()
    token = site.app.extensions["havoc_csrf"].token(CSRF_KEY)
    got = site.client.post(
        "/dark-blades/map-editor/save",
        data={**fields, "key": "arena", "csrf": token, "download": "yes"},
    )
    assert got.get_data(as_text=True).strip() == arena.strip()


def test_bad_sizes_are_one_line_400(site) -> None:
    for width in ("0", "x", "27", "²"):
        answer = site.client.get(
            "/dark-blades/map-editor/edit", query_string={"width": width, "height": 4}
        )
        assert answer.status_code == 400
        assert "expected a whole number from 1 to 26" in visible(answer.get_data(True))


def test_a_line_of_sight_tried_on_the_drawing(site) -> None:
    fields = _form(_edit(site.client, name="Ford", width=6, height=4))
    url = "/dark-blades/map-editor/check"
    clear = site.client.post(url, data={**fields, "los_from": "A2", "los_to": "E2"}).get_json()
    assert clear["sight"].startswith("seen; A2->E2: range 4")
    grid = "....../..h.../....../......"  # a house between them
    blocked = site.client.post(
        url, data={**fields, "grid": grid, "los_from": "A2", "los_to": "E2"}
    ).get_json()
    assert blocked["sight"].startswith("NOT SEEN; A2->E2")
    bad = site.client.post(url, data={**fields, "los_from": "Z9", "los_to": "A1"}).get_json()
    assert bad["ok"] is True and bad["sight"].startswith("Line of sight:")
