"""Every terrain a Dark Blades map may use is drawn on the phone's map page: a stream and water
as the river (the swim rules roll them as the river, cards/dark-blades/water.toml), every other
terrain in a pattern unlike open ground's plain white and, past the common ones, its name in
the hex (colour never alone); the key names each terrain the map uses, and only those."""

from __future__ import annotations

import html as html_lib
import re
import string
from pathlib import Path

import pytest

from companion.dark_blades.maps import SIDE_ONLY
from companion.dark_blades.terrain import load_terrain
from companion.data import Cards, default_cards_dir
from companion.web.app import create_app

BROOK = """name = "Brook"
design = "kit"
width = 4
height = 3
edges = { top = 1, right = 2, bottom = 3, left = 4 }
rows = \"\"\"
    A B C D
 1  . a e v
 2  . a e v
 3  . a e v
\"\"\"
flow = \"\"\"
B1:B3/s C1:C3/s D1:D3/s
\"\"\"

[legend]
"." = "open"
a = "stream"
e = "water"
v = "river"
"""
TERRAINS = load_terrain(Cards()).names()  # the printed rows and the unlisted ones
HEXES = [kind for kind in TERRAINS if kind not in SIDE_ONLY]  # a wall runs along hex sides


def _every_terrain_map() -> str:
    """A map one row high, each terrain of terrain.toml in a hex of its own, and a wall."""
    codes = dict(zip(string.ascii_lowercase, HEXES, strict=False))
    assert len(codes) == len(HEXES)
    columns = string.ascii_uppercase[: len(codes)]
    legend = "\n".join(f'{code} = "{kind}"' for code, kind in codes.items())
    return (
        f'name = "Every"\ndesign = "kit"\nwidth = {len(codes)}\nheight = 1\n'
        "edges = { top = 1, right = 2, bottom = 3, left = 4 }\n"
        f'rows = """\n    {" ".join(columns)}\n 1  {" ".join(codes)}\n"""\n'
        f'walls = "A1/se"\n\n[legend]\n{legend}\n'
    )


@pytest.fixture
def client(tmp_path: Path):
    folder = tmp_path / "dark-blades" / "maps"
    folder.mkdir(parents=True)
    (folder / "brook.toml").write_text(BROOK)
    (folder / "every.toml").write_text(_every_terrain_map())
    app = create_app(game=tmp_path / "g.sqlite3", cards=tmp_path, umpire_token="x" * 32)
    return app.test_client()


def _get(client, url: str) -> str:
    answer = client.get(url)
    assert answer.status_code == 200, url
    return answer.get_data(as_text=True)


def _hexes(page: str) -> dict[str, tuple[str, str, str]]:
    """Each drawn hex by its name: (terrain, class, the word written in it, or "")."""
    out = {}
    drawn = re.findall(r'<a href="[^"]*"(?: aria-label="(\w+) ([\w-]+)")?><use href="#h" '
                       r'x="([\d.]+)" y="([\d.]+)"(?: class="(\w+)")?/><text[^>]*>(\w+)</text>',
                       page)  # fmt: skip
    words = {(x, y): w for x, y, w in re.findall(
        r'<text class="nm" x="([\d.]+)" y="([\d.]+)">([^<]*)</text>', page)}  # fmt: skip
    for _said, kind, x, y, cls, name in drawn:
        word = next((w for (wx, wy), w in words.items()
                     if wx == x and abs(float(wy) - float(y) - 2) < 0.05), "")  # fmt: skip
        out[name] = (kind or "open", cls, word)
    return out


def _fills() -> dict[str, str]:
    """The phone map's hex classes and the fill style.css gives each."""
    css = (default_cards_dir().parent / "templates/web/static/style.css").read_text("utf-8")
    out = {}
    for selectors, fill in re.findall(r"([^{}]+)\{fill:([^;}]+)\}", css):
        for selector in selectors.split(","):
            if m := re.fullmatch(r"\.hexmap \.(\w+)", selector.strip()):
                out[m.group(1)] = fill
    return out


def _key(page: str) -> str:
    return html_lib.unescape(re.search(r'<p class="key"><small>(.*?)</small>', page).group(1))


def test_stream_and_water_hexes_are_drawn_as_the_river(client) -> None:
    hexes = _hexes(_get(client, "/dark-blades/maps/brook"))
    river = hexes["D1"][1]
    assert river and _fills()[river] == "url(#pr)"  # waves on blue
    for name in ("B1", "B2", "B3"):
        assert hexes[name][:2] == ("stream", river), name
    for name in ("C1", "C2", "C3"):
        assert hexes[name][:2] == ("water", river), name
    assert hexes["A1"] == ("open", "", "")  # open ground stays plain
    key = _key(_get(client, "/dark-blades/maps/brook"))
    assert "river, stream, water = waves on blue" in key


def test_every_terrain_is_styled_unlike_open_ground_and_named_in_the_key(client) -> None:
    page = _get(client, "/dark-blades/maps/every")
    hexes = _hexes(page)
    fills = _fills()
    defined = set(re.findall(r'<pattern id="(\w+)"', page))
    seen = {kind for kind, _cls, _word in hexes.values()}
    assert seen == set(HEXES) and set(SIDE_ONLY) <= set(TERRAINS) - seen
    looks = {}
    for kind, cls, word in hexes.values():
        if kind == "open":
            assert not cls and not word
            continue
        assert cls in fills, kind  # a fill of its own, not the white of open ground
        pattern = re.fullmatch(r"url\(#(\w+)\)", fills[cls])
        assert pattern is None or pattern.group(1) in defined, (kind, fills[cls])
        looks.setdefault((fills[cls], word), []).append(kind)
    water_alike = {"river", "lake", "stream", "water"}  # waves on blue, all of them
    for kinds in looks.values():
        assert len(kinds) == 1 or set(kinds) <= water_alike, kinds  # told apart in grey too
    key = _key(page)
    for kind in TERRAINS:
        assert re.search(rf"(^|[ ,;]){re.escape(kind)}[,= ]", key), kind


def test_the_key_names_only_the_terrains_on_the_map(client) -> None:
    key = _key(_get(client, "/dark-blades/maps/brook"))
    assert "tree" not in key and "slope" not in key and "scrub" not in key
    arena = _key(_get(client, "/dark-blades/maps/arena"))  # the kit's map: scrub and a hillock
    assert "scrub = " in arena and "hillock = " in arena and "river" not in arena


def test_the_swim_page_draws_stream_and_water_as_the_river(client) -> None:
    page = _get(client, "/dark-blades/swim/brook")
    uses = re.findall(r'<use href="#sh" x="[\d.]+" y="[\d.]+" class="(\w+)"/>', page)
    assert len(uses) == 12
    assert uses.count("swr") == 9 and uses.count("swn") == 3  # three columns of water, one dry


def test_a_terrain_of_the_users_own_cards_is_drawn_and_named(tmp_path: Path) -> None:
    """A terrain the kit has no style for (here "marsh", added to the user's terrain.toml) is
    dotted grey with its name in the hex, and in the key."""
    kit = (default_cards_dir() / "dark-blades" / "terrain.toml").read_text("utf-8")
    game = tmp_path / "dark-blades"
    (game / "maps").mkdir(parents=True)
    (game / "terrain.toml").write_text(kit.replace('"bars", ', '"bars", "marsh", '))
    (game / "maps" / "fen.toml").write_text(
        BROOK.replace('name = "Brook"', 'name = "Fen"')
        .replace('a = "stream"', 'a = "marsh"')
        .replace("B1:B3/s ", "")
    )
    app = create_app(game=tmp_path / "g.sqlite3", cards=tmp_path, umpire_token="x" * 32)
    page = _get(app.test_client(), "/dark-blades/maps/fen")
    hexes = _hexes(page)
    kind, cls, word = hexes["B2"]
    assert (kind, word) == ("marsh", "marsh") and _fills()[cls] == "url(#pq)"
    assert "marsh = grey dots; marsh = also the name written in the hex" in _key(page)
