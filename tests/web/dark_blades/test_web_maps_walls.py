"""The phone's map page behind walls (issue 33 §6), in `havoc los`'s words: a garden wall and a
room's wall hide what lies behind them (the kit's readings, tagged KIT), a horseman half behind
a wall is "Seen at" his other hex with no shot, and the map editor's line says the same. The
hexes are counted by hand on the yard of tests/companion/dark_blades/test_sight_walls.py."""

from __future__ import annotations

import html as html_lib
import re
from pathlib import Path

import pytest
from web_helpers import visible

from companion.web.app import create_app
from tests.companion.dark_blades.test_sight_walls import YARD

PAGE = "/dark-blades/maps/yard"


@pytest.fixture
def client(tmp_path: Path):
    folder = tmp_path / "dark-blades" / "maps"
    folder.mkdir(parents=True)
    (folder / "yard.toml").write_text(YARD)
    app = create_app(game=tmp_path / "g.sqlite3", cards=tmp_path, umpire_token="x" * 32)
    return app.test_client()


def _page(client, query: str) -> tuple[str, str]:
    answer = client.get(f"{PAGE}?{query}")
    assert answer.status_code == 200
    html = answer.get_data(as_text=True)
    return html, visible(html)


def _kit_tags(html: str) -> list[str]:
    """Each kit's reading the page shows, by its short line (each tagged KIT)."""
    found = re.findall(r'<span class="tag kit">KIT</span> ([^<]*)</summary>', html)
    return [html_lib.unescape(f) for f in found]


def test_behind_a_garden_wall_the_page_says_not_seen_and_offers_no_shot(client, havoc) -> None:
    html, text = _page(client, "f=D2&t=D7")
    assert "Not seen D2→D7, range 5; blocked by wall D4/s" in text
    assert "kit's reading: nothing seen past a wall" in _kit_tags(html)
    assert "infinite cover and may not be fired upon" in text  # the rule quoted
    assert 'class="fire"' not in html  # no Fire form
    _html, before = _page(client, "f=D2&t=D4")  # this side of the wall
    assert "Seen, range 2, cover none" in before


def test_a_rooms_wall_inside_the_house_hides_as_on_the_command_line(
    client, havoc, tmp_path: Path
) -> None:
    html, text = _page(client, "f=F2&t=F5")
    assert "Not seen F2→F5, range 3; blocked by interior wall F3/s" in text
    assert "kit's reading: a room's wall blocks" in _kit_tags(html)
    cli = havoc("--cards", tmp_path, "los", "yard", "F2", "F5").output.splitlines()
    assert cli[1] == "blocked by interior wall F3/s"


def test_along_a_wall_and_through_the_corner_where_one_ends_the_page_labels_it(client) -> None:
    for query in ("f=B3&t=D3", "f=H2&t=I6"):
        html, text = _page(client, query)
        assert "Seen, range" in text, query
        assert "kit's reading: line along a hex side" in _kit_tags(html), query
    along, _text = _page(client, "f=B3&t=D3")
    assert "kit's reading: wall along line: no block" in _kit_tags(along)
    _html, corner = _page(client, "f=H2&t=I6")
    assert "(corner)" in corner  # the line's text marks the hex on one side only
    assert "other side: wall H3/s" in corner  # as `havoc los` says it


def test_a_horseman_half_behind_the_wall_is_seen_at_his_other_hex(client, havoc, tmp_path) -> None:
    html, text = _page(client, "f=D2&t=D5&t2=E5")
    assert "Seen at E5, no shot D2→D5,E5, range 3; cover infinite (D5 behind wall D4/s)" in text
    cli = havoc("--cards", tmp_path, "los", "yard", "D2", "D5,E5").output.splitlines()
    for line in ("D5: range 3, not seen (wall D4/s)", "E5: range 4, no cover"):
        assert line in cli and line in text
    assert "kit's reading: horse seen in either hex" in _kit_tags(html)
    assert 'class="fire"' not in html
    _html, both = _page(client, "f=D2&t=D5&t2=D6")
    assert "Not seen D2→D5,D6" in both


def test_the_map_editors_line_says_the_wall_hides_with_the_reading(tmp_path: Path) -> None:
    app = create_app(game=tmp_path / "g.sqlite3", testing=True, cards=tmp_path)
    client = app.test_client()
    form = client.get(
        "/dark-blades/map-editor/edit", query_string={"name": "Ford", "width": 6, "height": 4}
    ).get_data(as_text=True)
    text = re.search(r'<textarea id="text" name="text"[^>]*>(.*?)</textarea>', form, re.S)
    grid = re.search(r'name="grid" id="grid" value="([^"]*)"', form)
    fields = {"text": html_lib.unescape(text.group(1)), "grid": grid.group(1)}
    check = "/dark-blades/map-editor/check"
    walled = {**fields, "walls": "C2/s", "los_from": "C1", "los_to": "C4"}
    answer = client.post(check, data=walled).get_json()
    assert answer["sight"] == (
        "NOT SEEN; C1->C4: range 3; blocked by wall C2/s; kit's reading: nothing seen past a wall"
    )
    open_ = client.post(check, data={**walled, "walls": ""}).get_json()
    assert open_["sight"].startswith("seen; C1->C4: range 3")
