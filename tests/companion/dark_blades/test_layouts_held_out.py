"""Layouts the kit has never seen (issue 33's held-out maps): a user's maps laid together, their
water checked across the joins as one map's is across its hexes; layout keys and names as the
pages and ``FILE#KEY`` need them; a join given twice refused; long map keys on the phone."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from companion.dark_blades.layouts import find_layout, layout_by_path
from companion.data import Cards
from companion.errors import DataError
from companion.web.app import create_app

LEGEND = '\n[legend]\n"." = "open"\nr = "river"\nl = "lake"\n'


def _map(cards: Path, key: str, rows: list[str], flow: str = "") -> None:
    typed = "\n".join(f"{n}  {' '.join(row)}" for n, row in enumerate(rows, start=1))
    path = cards / "dark-blades" / "maps" / f"{key}.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(
        f'name = "{key}"\ndesign = "transcribed"\nwidth = {len(rows[0])}\nheight = {len(rows)}\n'
        "edges = { top = 1, right = 2, bottom = 3, left = 4 }\n"
        f'rows = """\n{typed}\n"""\nflow = "{flow}"\n{LEGEND}'
    )


def _layout(cards: Path, key: str, maps: list[str], joins: list[tuple[str, str]],
            name: str | None = None) -> Path:  # fmt: skip
    text = f'[[layout]]\nkey = "{key}"\nname = "{name or key}"\nmaps = {maps!r}\n'.replace("'", '"')
    for edge, meets in joins:
        text += f'\n[[layout.join]]\nedge = "{edge}"\nmeets = "{meets}"\n'
    text += '\n[layout.reading]\nshort = "kit\'s reading: test"\ntext = "A test layout."\n'
    path = cards / "dark-blades" / "layouts.toml"
    path.write_text(text)
    return path


def _river(cards: Path, key: str, side: str) -> None:
    """A 2x4 map, its column B a river running off its edge by ``side`` (s or n)."""
    _map(cards, key, [".r"] * 4, f"B1:B4/{side}")


def test_a_river_running_off_one_map_onto_the_next_maps_land_is_refused(tmp_path: Path):
    _river(tmp_path, "ra", "s")
    _map(tmp_path, "la", [".."] * 4)
    path = _layout(tmp_path, "toland", ["ra", "la"], [("ra:bottom", "la:top")])
    with pytest.raises(DataError) as refused:
        find_layout(Cards(tmp_path), "toland")
    line = next(n for n, t in enumerate(path.read_text().splitlines(), 1) if "layout.join" in t)
    assert str(refused.value).endswith(
        f":{line}: key 'layout[1] (toland).join': ra:B4 runs onto open at la:B1 across the "
        "join (expected water downstream, or the board's edge)"
    )


def test_a_river_running_on_into_the_next_maps_water_is_one_river(tmp_path: Path) -> None:
    _river(tmp_path, "ra", "s")
    _river(tmp_path, "rb", "s")
    _layout(tmp_path, "long", ["ra", "rb"], [("ra:bottom", "rb:top")])
    board = find_layout(Cards(tmp_path), "long")
    start = board.hex("ra:B4")
    assert board.label(board.downstream(start)) == "rb:B1"


def test_a_river_running_in_a_circle_through_two_maps_is_refused(tmp_path: Path) -> None:
    _river(tmp_path, "ra", "s")  # runs south off its bottom ...
    _river(tmp_path, "rn", "n")  # ... into one that runs north off its top
    _layout(tmp_path, "cyc", ["ra", "rn"], [("ra:bottom", "rn:top")])
    with pytest.raises(DataError, match=r"ra:B4 -> rn:B1 -> ra:B4 runs in a circle across the "
                       r"join \(expected a river to run off the board's edge or into a lake\)"):  # fmt: skip
        find_layout(Cards(tmp_path), "cyc")


@pytest.mark.parametrize(
    ("key", "name", "says"),
    [
        ("", "x", "key 'layout[1].key': expected a key of letters, digits and dashes like raid, got ''"),
        ("a#b", "x", "expected a key of letters, digits and dashes like raid, got 'a#b'"),
        ("x", "a\\nb", ".name': expected a name on one line (no line breaks or tabs)"),
    ],
)  # fmt: skip
def test_a_layouts_key_and_name_are_what_its_address_and_page_can_say(tmp_path, key, name, says):
    for m in ("ra", "rb"):
        _river(tmp_path, m, "s")
    path = _layout(tmp_path, key, ["ra", "rb"], [("ra:bottom", "rb:top")], name=name)
    with pytest.raises(DataError, match=re.escape(says)):
        layout_by_path(Cards(tmp_path), str(path))


def test_the_same_join_given_twice_either_way_round_is_refused(tmp_path: Path) -> None:
    for m in ("ra", "rb"):
        _river(tmp_path, m, "s")
    for second in (("ra:bottom", "rb:top"), ("rb:top", "ra:bottom")):
        path = _layout(tmp_path, "x", ["ra", "rb"], [("ra:bottom", "rb:top"), second])
        with pytest.raises(DataError, match=r"join\[2\]': .* meets .* twice \(expected once\)"):
            layout_by_path(Cards(tmp_path), str(path))


def test_the_phone_takes_its_own_links_on_maps_with_long_keys(tmp_path: Path) -> None:
    _river(tmp_path, "riverside-meadow", "s")
    _river(tmp_path, "the-lower-fields", "s")
    _layout(tmp_path, "longkeys", ["riverside-meadow", "the-lower-fields"],
            [("riverside-meadow:bottom", "the-lower-fields:top")])  # fmt: skip
    client = create_app(game=tmp_path / "g.sqlite3", cards=tmp_path, testing=True).test_client()
    url = "/dark-blades/maps/layout/longkeys?f=riverside-meadow:A1&t=the-lower-fields:A4"
    page = client.get(url)
    assert page.status_code == 200, page.get_data(as_text=True)[:300]
    assert "riverside-meadow:A1&rarr;the-lower-fields:A4" in page.get_data(as_text=True)
    swim = client.get("/dark-blades/swim/layout/longkeys?h=riverside-meadow:B2&d=5,3")
    assert swim.status_code == 200 and "riverside-meadow:B2" in swim.get_data(as_text=True)


def test_a_broken_layouts_file_is_listed_and_the_maps_still_play(tmp_path: Path) -> None:
    _river(tmp_path, "ra", "s")
    (tmp_path / "dark-blades" / "layouts.toml").write_text("[[layout]\n")
    client = create_app(game=tmp_path / "g.sqlite3", cards=tmp_path, testing=True).test_client()
    listing = client.get("/dark-blades/maps/")
    body = listing.get_data(as_text=True)
    assert listing.status_code == 200 and ">ra</a>" in body
    assert re.search(r"<b>layouts\.toml</b>: [^<]*layouts\.toml:1: not valid TOML", body)
    assert client.get("/dark-blades/maps/ra").status_code == 200


def test_a_line_across_the_gap_of_an_l_shaped_layout_says_so(tmp_path: Path, havoc) -> None:
    for key in ("nw", "ne", "sw"):
        _map(tmp_path, key, ["...."] * 4)
    _layout(tmp_path, "ell", ["nw", "ne", "sw"], [("nw:right", "ne:left"), ("nw:bottom", "sw:top")])
    said = havoc("--cards", tmp_path, "los", "--layout", "ell", "ne:D4", "sw:D4")
    assert said.exit_code == 0, said.output
    line = next(x for x in said.output.splitlines() if x.startswith("line: "))
    assert line.startswith("line: ne:D4 ") and "(off the board)" in line and line.endswith("sw:D4")
    data = json.loads(havoc("--cards", tmp_path, "los", "--layout", "ell", "ne:D4", "sw:D4",
                            "--json").output)  # fmt: skip
    assert all(step for step in data["line_steps"])  # no empty step where no map lies
    assert data["line_steps"][0] == ["ne:D4"] and data["line_steps"][-1] == ["sw:D4"]
