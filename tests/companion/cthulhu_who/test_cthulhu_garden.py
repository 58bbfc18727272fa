"""The garden: terrain on every row of every board, never sealing a start row or splitting it."""

from __future__ import annotations

import random

import pytest

from companion.cthulhu_who.garden import (
    SIDE,
    Garden,
    Terrain,
    garden_for,
    garden_settings,
    join_openings,
    load_garden_settings,
    place_terrain,
)
from companion.data import Cards
from companion.errors import DataError


@pytest.fixture(scope="module")
def settings():
    return garden_settings(Cards())


@pytest.mark.parametrize("boards", [1, 2])
def test_every_row_of_every_board_has_terrain_and_the_garden_is_one_piece(settings, boards):
    for seed in range(300):
        garden = garden_for(settings, seed, boards)
        assert garden.cols == SIDE * boards
        counts = garden.per_row()
        assert len(counts) == SIDE * boards
        assert all(settings.per_row_min <= n <= settings.per_row_max for n in counts.values())
        free = garden.free()
        for row in garden.start_rows:
            assert any((c, row) in free for c in range(garden.cols))
        assert len(garden.regions()) == 1
        assert len(free) + len(garden.terrain) == garden.cols * garden.rows
        assert garden.problems(settings) == []


def test_same_seed_same_garden_and_seeds_differ(settings):
    assert garden_for(settings, 7, 2) == garden_for(settings, 7, 2)
    assert garden_for(settings, 7, 1).terrain != garden_for(settings, 8, 1).terrain


def test_the_join_is_walled_except_its_two_innermost_squares(settings):
    assert join_openings(1) == ()
    assert join_openings(2) == (3, 4)
    empty = Garden(2, (), 0)
    for row in range(SIDE):
        crosses = (8, row) in set(empty.steps((7, row)))
        assert crosses == (row in (3, 4))
    # a line of terrain down board 1 beside the join, except its openings, still leaves a way
    # round; close the openings as well and the garden falls in two
    kind = settings.kinds[0]
    column = tuple(Terrain(7, r, kind) for r in range(SIDE) if r not in (3, 4))
    assert len(Garden(2, column, 0).regions()) == 1
    sealed = column + (Terrain(7, 3, kind), Terrain(7, 4, kind))
    assert len(Garden(2, sealed, 0).regions()) == 2


def test_problems_name_a_sealed_start_row_and_a_split_garden(settings):
    kind = settings.kinds[0]
    start = tuple(Terrain(c, 0, kind) for c in range(SIDE))
    found = Garden(1, start, 0).problems()
    assert "start row 1 is sealed" in found
    wall = tuple(Terrain(c, 4, kind) for c in range(SIDE))
    found = Garden(1, wall, 0).problems()
    assert "the terrain cuts the garden in two" in found
    assert any(p.startswith("board 1 row 1: 0 terrain") for p in found)


def test_kinds_come_from_the_file_labelled_as_the_kits(settings):
    assert "kit" in settings.source.lower()
    names = {k.name for k in settings.kinds}
    assert names == {"Tree", "Bush", "Pond", "Statue", "Wall"}
    letters = [k.letter for k in settings.kinds]
    assert len(set(letters)) == len(letters)
    used = {t.kind.name for s in range(50) for t in garden_for(settings, s, 1).terrain}
    assert used == names


def _write(tmp_path, text):
    path = tmp_path / "garden.toml"
    path.write_text(text)
    return path


BASE = """[garden]
source = "mine"
per_row_min = {low}
per_row_max = {high}
[[garden.kinds]]
name = "Tree"
letter = "T"
shape = "{shape}"
colour = "#117733"
"""


@pytest.mark.parametrize(
    "low, high, shape, message",
    [
        (0, 2, "circle", "garden.per_row_min"),
        (2, 1, "circle", "garden.per_row_max"),
        (1, 7, "circle", "garden.per_row_max"),
        (1, 2, "blob", "garden.kinds[1].shape"),
    ],
)
def test_bad_settings_name_the_key(tmp_path, low, high, shape, message):
    path = _write(tmp_path, BASE.format(low=low, high=high, shape=shape))
    with pytest.raises(DataError) as info:
        load_garden_settings(path)
    assert message in str(info.value)
    assert "garden.toml" in str(info.value)


def test_a_users_settings_are_used(tmp_path):
    path = _write(tmp_path, BASE.format(low=3, high=3, shape="square"))
    mine = load_garden_settings(path)
    garden = place_terrain(mine, 1, random.Random(1))
    assert set(garden.per_row().values()) == {3}
    assert {t.kind.shape for t in garden.terrain} == {"square"}
