"""Map files' water: every water hex's flow and the mill wheel, checked on load (map_water.py),
and the kit's mill map redrawn so that T'Mill's Dark Blades must cross water to the mill."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.dark_blades import hexgrid as hg
from companion.dark_blades.map_water import WATER
from companion.dark_blades.maps import find_map, load_map
from companion.data import Cards
from companion.errors import DataError

HEAD = """name = "Test"
design = "transcribed"
width = 4
height = 3
edges = { top = 1, right = 2, bottom = 3, left = 4 }
rows = \"\"\"
1 . r . .
2 . r l .
3 . r . .
\"\"\"
"""
LEGEND = """
[legend]
"." = "open"
r = "river"
l = "lake"
"""
FLOW = 'flow = """\nB1:B3/s\nC2/nw\n"""\n'


def _load(tmp_path: Path, extra: str):
    path = tmp_path / "dark-blades" / "maps" / "test.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(HEAD + extra + LEGEND)
    return load_map(path, Cards(tmp_path))


def test_flow_blocks_and_single_hexes_give_each_water_hex_its_side(tmp_path: Path) -> None:
    m = _load(tmp_path, FLOW + 'wheel = "B2"\n')
    assert m.flow == {(1, 1): "s", (1, 2): "s", (1, 3): "s", (2, 2): "nw"}
    assert m.downstream((2, 2)) == (1, 2) and not m.on_map(m.downstream((1, 3)))
    assert m.wheel == frozenset({(1, 2)})
    assert m.downstream((0, 1)) is None  # land has no flow


def test_a_map_without_a_flow_block_still_loads(tmp_path: Path) -> None:
    m = _load(tmp_path, "")
    assert m.flow == {} and m.wheel == frozenset()


@pytest.mark.parametrize(
    ("extra", "line", "words"),
    [
        ('flow = """\nB1:B3/s\nC2/up\n"""\n', 13, "expected a hex or block and the side"),
        ('flow = """\nB1:B3/s A2/s\nC2/nw\n"""\n', 12, "A2 is open, expected a water hex"),
        ('flow = """\nB1:B3/s\nC2/nw B2/s\n"""\n', 13, "B2 is given a flow twice"),
        ('flow = """\nB1:B3/s\nC2/ne\n"""\n', 13, "C2 runs onto open at D2"),
        ('flow = """\nB1:B3/s\n"""\n', 8, "C2 is lake with no flow"),
        (FLOW + 'wheel = "A1"\n', 15, "wheel: A1 is open, expected a water hex"),
    ],
)
def test_a_wrong_flow_or_wheel_is_one_line_naming_the_file_and_line(
    tmp_path: Path, extra: str, line: int, words: str
) -> None:
    with pytest.raises(DataError) as caught:
        _load(tmp_path, extra)
    message = str(caught.value)
    assert f"test.toml:{line}:" in message and words in message and "\n" not in message


def _reach(m, start, passable) -> set:
    seen: set = set()
    todo = [start]
    while todo:
        h = todo.pop()
        if h in seen or not m.on_map(h) or not passable(m.terrain[h]):
            continue
        seen.add(h)
        todo.extend(hg.neighbour(h, s) for s in hg.SIDES)
    return seen


def test_the_kits_maps_give_every_water_hex_a_flow_that_leaves_the_map() -> None:
    for key in ("mill", "arena"):
        m = find_map(Cards(), key)
        water = {h for h, kind in m.terrain.items() if kind in WATER}
        assert set(m.flow) == water
        for h in water:  # no loop: every current ends off the map's edge
            seen = [h]
            while m.on_map(seen[-1]):
                seen.append(m.downstream(seen[-1]))
                assert len(seen) <= len(water) + 1


def test_in_t_mill_the_dark_blades_side_must_cross_water_to_reach_the_mill() -> None:
    m = find_map(Cards(), "mill")
    mill = next(p.hexes for p in m.places if p.name == "the mill")
    entry = (19, 1)  # T1, the top right hand corner
    dry = _reach(m, entry, lambda kind: kind not in WATER)
    assert not dry & mill
    on_foot = _reach(m, entry, lambda kind: kind not in ("lake", "river"))  # bridges, stones
    assert mill <= on_foot
    mon_ogers = _reach(m, (0, 5), lambda kind: kind not in WATER)  # A5, the left hand side
    assert mill <= mon_ogers


def test_the_mule_train_crosses_the_river_and_goes_through_the_woods_to_the_top_right() -> None:
    m = find_map(Cards(), "mill")
    woods = next(p.hexes for p in m.places if p.name == "the woods")
    south = (10, 14)  # K14: where the arena map joins below
    dry = _reach(m, south, lambda kind: kind not in WATER)
    assert (19, 1) not in dry  # the river is in the way
    over = _reach(m, south, lambda kind: kind not in ("lake", "river"))
    assert (19, 1) in over and woods & over
