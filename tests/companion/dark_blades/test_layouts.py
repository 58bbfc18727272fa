"""Layouts (layouts.py): maps laid together are one board, checked like one map made by hand."""

from __future__ import annotations

import copy
import random
import tomllib
from pathlib import Path

import pytest

from companion.dark_blades import hexgrid as hg
from companion.dark_blades.layouts import find_layout, load_layouts
from companion.dark_blades.maps import find_map, load_map
from companion.dark_blades.sight import line_of_sight, load_sight
from companion.data import Cards, kit_cards_dir
from companion.errors import DataError, InputError

KIT = kit_cards_dir() / "dark-blades"


def _tall_map(tmp_path: Path) -> Path:
    """The Mill map's rows typed above the Arena map's, as one 28-row map file, its lips (and
    walls) with the Arena's rows moved down 14: the board a player makes by hand, read by the
    one-map reader alone."""
    cards = Cards()
    mill, arena = find_map(cards, "mill"), find_map(cards, "arena")
    codes: dict[str, str] = {}
    for m in (mill, arena):
        for code, terrain in m.legend.items():
            assert codes.setdefault(terrain, code) == code
    rows = []
    for r in range(1, 29):
        m, row = (mill, r) if r <= 14 else (arena, r - 14)
        rows.append(f"{r} " + "".join(codes[m.terrain[(c, row)]] for c in range(20)))

    def sides(m, shift: int, pairs) -> str:
        return " ".join(f"{hg.name((h[0], h[1] + shift))}/{s}" for h, s in sorted(pairs))

    def wall_sides(m):
        return [(min(p), hg.side_between(min(p), max(p))) for p in m.walls]

    lips = sides(mill, 0, mill.lips) + " " + sides(arena, 14, arena.lips)
    walls = sides(mill, 0, wall_sides(mill)) + " " + sides(arena, 14, wall_sides(arena))
    legend = "\n".join(f'"{code}" = "{terrain}"' for terrain, code in codes.items())
    text = (
        'name = "Tall"\ndesign = "transcribed"\nwidth = 20\nheight = 28\n'
        "edges = { top = 5, right = 6, bottom = 3, left = 8 }\n"
        f'rows = """\n{chr(10).join(rows)}\n"""\nlips = "{lips.strip()}"\n'
        f'walls = "{walls.strip()}"\n[legend]\n{legend}\n'
    )
    path = tmp_path / "dark-blades" / "maps" / "tall.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


def test_the_raid_layout_lays_the_mill_above_the_arena() -> None:
    m = find_layout(Cards(), "raid")
    assert [(p.key, p.col, p.row) for p in m.pieces] == [("mill", 0, 0), ("arena", 0, 14)]
    assert (m.width, m.height, len(m.hexes())) == (20, 28, 560)
    for name in ("mule-train", "arena", "mill-arena", "The Water Mill above"):
        assert find_layout(Cards(), name) is m
    assert m.hex("mill:C4") == (2, 4) and m.hex("arena:k3") == (10, 17)
    assert m.label((10, 17)) == "arena:K3" and m.label((2, 4)) == "mill:C4"
    assert m.reading.short.startswith("kit's reading")


def test_neighbours_across_the_join_mesh_as_the_printed_columns_do() -> None:
    """Columns A, C ... sit half a hex lower: the Mill's A14 touches the Arena's A1 and B1;
    its B14 touches the Arena's B1 only (its other lower neighbours are A14 and C14)."""
    m = find_layout(Cards(), "raid")
    around = {s: m.label(hg.neighbour(m.hex("mill:A14"), s)) for s in ("s", "se")}
    assert around == {"s": "arena:A1", "se": "arena:B1"}
    around = {s: m.label(hg.neighbour(m.hex("mill:B14"), s)) for s in ("sw", "s", "se")}
    assert around == {"sw": "mill:A14", "s": "arena:B1", "se": "mill:C14"}
    assert hg.distance(m.hex("mill:K14"), m.hex("arena:K1")) == 1
    assert hg.distance(m.hex("mill:C4"), m.hex("arena:K3")) == 17


def test_a_line_across_the_join_is_the_line_on_one_map_made_by_hand(tmp_path: Path) -> None:
    cards = Cards()
    rules = load_sight(cards)
    m = find_layout(cards, "raid")
    tall = load_map(_tall_map(tmp_path), Cards(tmp_path))
    assert tall.terrain == m.terrain and tall.lips == m.lips and tall.walls == m.walls
    s = line_of_sight(m, rules, m.hex("mill:C4"), m.hex("arena:K3"))
    t = line_of_sight(tall, rules, tall.hex("C4"), tall.hex("K17"))
    assert s.line == t.line and [m.label(h) for h in s.line][11:] == [
        "mill:H13",
        "mill:I13",
        "mill:I14",
        "arena:J1",
        "arena:J2",
        "arena:K2",
        "arena:K3",
    ]
    assert (s.range, s.visible, s.cover) == (t.range, t.visible, t.cover) == (17, True, "medium")
    assert s.why == "slope: medium, crosses the top lip at arena:K3/n"
    rng = random.Random(21)
    top = [h for h in m.hexes() if h[1] <= 14]
    bottom = [h for h in m.hexes() if h[1] > 14]
    seen = set()
    for _ in range(1500):
        a, b = rng.choice(top), rng.choice(bottom)
        s, t = line_of_sight(m, rules, a, b), line_of_sight(tall, rules, a, b)
        got = (s.range, s.visible, s.cover, s.line, s.along_side, len(s.blocked_by))
        assert got == (t.range, t.visible, t.cover, t.line, t.along_side, len(t.blocked_by))
        seen.add((s.visible, s.cover))
    assert {(False, "none"), (True, "none"), (True, "medium"), (True, "light")} <= seen


def test_walls_and_buildings_across_a_join_count_as_on_one_map(tmp_path: Path) -> None:
    base = tmp_path / "dark-blades"
    (base / "maps").mkdir(parents=True)
    head = 'name = "NAME"\ndesign = "transcribed"\nwidth = 4\nheight = 3\n'
    head += "edges = { top = 1, right = 2, bottom = 3, left = 4 }\n"
    legend = '[legend]\n"." = "open"\nh = "house"\n'
    up = 'rows = """\n1 ....\n2 ....\n3 .h..\n"""\nwalls = "D3/s"\n'
    down = 'rows = """\n1 .h..\n2 ....\n3 ....\n"""\n'
    (base / "maps" / "up.toml").write_text(head.replace("NAME", "Up") + up + legend)
    (base / "maps" / "down.toml").write_text(head.replace("NAME", "Down") + down + legend)
    (base / "layouts.toml").write_text(
        LAYOUT.format(maps='["up", "down"]', edge="up:bottom", meets="down:top")
    )
    cards = Cards(tmp_path)
    m = find_layout(cards, "two")
    assert m.buildings[m.hex("up:B3")] == m.buildings[m.hex("down:B1")]  # one building
    rules = load_sight(cards)
    s = line_of_sight(m, rules, m.hex("up:D1"), m.hex("down:D3"))
    assert not s.visible and s.blocked_by == ("wall up:D3/s",)  # the wall on the join
    s = line_of_sight(m, rules, m.hex("up:B1"), m.hex("down:B3"))
    assert not s.visible and "building up:B3" in s.blocked_by


LAYOUT = """[[layout]]
key = "two"
name = "Two maps"
maps = {maps}
scenarios = ["test"]

[[layout.join]]
edge = "{edge}"
meets = "{meets}"

[[layout.source]]
scenario = "test"
text = "the words"

[layout.reading]
short = "kit's reading: up above down"
text = "The kit's."
"""


def _small_maps(tmp_path: Path, width: int = 4) -> None:
    base = tmp_path / "dark-blades" / "maps"
    base.mkdir(parents=True, exist_ok=True)
    row = "." * width
    for key in ("up", "down", "odd"):
        w = width if key != "odd" else width + 1
        text = (
            f'name = "{key}"\ndesign = "transcribed"\nwidth = {w}\nheight = 3\n'
            "edges = { top = 1, right = 2, bottom = 3, left = 4 }\n"
            f'rows = """\n1 {"." * w}\n2 {"." * w}\n3 {"." * w}\n"""\n'
            '[legend]\n"." = "open"\n'
        )
        (base / f"{key}.toml").write_text(text)
    assert row


@pytest.mark.parametrize(
    ("maps", "edge", "meets", "line", "message"),
    [
        ('["up", "down"]', "up:bottom", "down:left", 9, "expected down:top (maps are not"),
        ('["up", "down"]', "up:botom", "down:top", 8, "expected MAP:EDGE like mill:bottom"),
        ('["up", "down"]', "up:bottom", "side:top", 9, "map 'side' is not in maps (up, down)"),
        ('["up", "odd"]', "up:bottom", "odd:top", 9, "up:bottom is 4 hexes long, odd:top 5"),
        ('["odd", "up"]', "odd:right", "up:left", 9, "up's columns would not mesh with odd's"),
        ('["up", "up"]', "up:bottom", "up:top", 4, "expected two or more maps, each once"),
        ('["up", "down"]', "up:bottom", "up:top", 9, "up meets itself"),
        ('["up", "nowhere"]', "up:bottom", "nowhere:top", 4, "map 'nowhere' (maps[2]) is not"),
    ],
)
def test_a_bad_layout_is_one_line_with_file_and_line(
    tmp_path: Path, maps: str, edge: str, meets: str, line: int, message: str
) -> None:
    _small_maps(tmp_path)
    path = tmp_path / "dark-blades" / "layouts.toml"
    path.write_text(LAYOUT.format(maps=maps, edge=edge, meets=meets))
    with pytest.raises(DataError) as caught:
        find_layout(Cards(tmp_path), "two")
    text = str(caught.value)
    assert "\n" not in text and message in text
    assert text.startswith(f"{path}:{line}: ")


def test_a_map_no_join_reaches_is_refused(tmp_path: Path) -> None:
    _small_maps(tmp_path)
    path = tmp_path / "dark-blades" / "layouts.toml"
    path.write_text(LAYOUT.format(maps='["up", "down", "odd"]', edge="up:bottom", meets="down:top"))
    with pytest.raises(DataError, match=r"layouts.toml:4: .*map 'odd' joins no other map"):
        find_layout(Cards(tmp_path), "two")


def test_side_by_side_maps_of_even_width_mesh(tmp_path: Path) -> None:
    _small_maps(tmp_path)
    path = tmp_path / "dark-blades" / "layouts.toml"
    path.write_text(LAYOUT.format(maps='["down", "up"]', edge="down:left", meets="up:right"))
    m = find_layout(Cards(tmp_path), "two")
    assert [(p.key, p.col, p.row) for p in m.pieces] == [("down", 4, 0), ("up", 0, 0)]
    assert m.label(hg.neighbour(m.hex("up:D1"), "se")) == "down:A1"
    assert m.label(hg.neighbour(m.hex("down:A2"), "nw")) == "up:D2"


def test_hexes_on_a_layout_name_their_map_and_a_bare_hex_is_refused() -> None:
    m = find_layout(Cards(), "raid")
    with pytest.raises(InputError) as caught:
        m.hex("c4")
    assert str(caught.value) == "hex c4: on a layout, name the map: mill:C4 or arena:C4"
    assert m.hex("m:C4") == m.hex("mill:C4")
    with pytest.raises(InputError, match="map 'x' is not on mill-arena"):
        m.hex("x:C4")
    with pytest.raises(InputError, match=r"hex mill:Z9: not on The Water Mill \(A1 to T14\)"):
        m.hex("mill:Z9")
    with pytest.raises(InputError) as caught:
        find_map(Cards(), "mill").hex("mill:C4")
    assert "names a hex on a layout (give the layout)" in str(caught.value)
    assert "give C4 alone" in str(caught.value)


def test_source_only_refuses_a_layout_of_the_kits_maps() -> None:
    with pytest.raises(
        InputError, match="kit's own design, left out with the rulebook's words only"
    ):
        find_layout(Cards(), "raid", source_only=True)


def test_every_layouts_scenarios_are_scenarios_on_its_maps_top_to_bottom() -> None:
    """scenario-maps.toml draws each scenario's maps in order: top to bottom on its layout."""
    sheets = tomllib.loads((KIT / "scenario-maps.toml").read_text())
    order = {s["key"]: s["maps"] for s in sheets["scenario"]}
    for lay in load_layouts(Cards()):
        m = find_layout(Cards(), lay.key)
        top_down = [p.key for p in sorted(m.pieces, key=lambda p: (p.row, p.col))]
        assert lay.scenarios and all(order[s] == top_down for s in lay.scenarios)
        assert all(lay.source(s) for s in lay.scenarios)  # each quotes its scenario's words


def test_the_maps_water_flow_and_mill_wheel_move_with_their_map(tmp_path: Path) -> None:
    """Where a map knows its water's flow and its mill wheel, the layout has them moved into
    its grid (for `havoc swim` on a layout)."""
    from companion.dark_blades.layouts import LayoutMap, Piece

    _small_maps(tmp_path)
    path = tmp_path / "dark-blades" / "layouts.toml"
    path.write_text(LAYOUT.format(maps='["up", "down"]', edge="up:bottom", meets="down:top"))
    cards = Cards(tmp_path)
    plain = find_layout(cards, "two")
    up, down = (p.map for p in plain.pieces)
    watery = copy.copy(down)  # the loaded map is shared (cached): a copy takes the water
    watery.flow = {(1, 2): "se"}
    watery.wheel = frozenset({(1, 2)})
    m = LayoutMap(plain.layout, (Piece("up", up, 0, 0), Piece("down", watery, 0, 3)))
    assert m.flow == {m.hex("down:B2"): "se"} and m.wheel == {m.hex("down:B2")}
    assert plain.flow == {} and plain.wheel == frozenset()
