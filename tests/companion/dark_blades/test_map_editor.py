"""The map editor's rules (issue 35): the drawing is checked by the map loader itself, its
marks (walls, lips, flow, wheel) written back so the map reads the same."""

from __future__ import annotations

import pytest

from companion.dark_blades import map_editor as me
from companion.dark_blades.maps import find_map
from companion.data import Cards
from companion.errors import DataError, InputError


@pytest.mark.parametrize("key", ["arena", "mill"])
def test_a_maps_marks_written_back_read_the_same(key) -> None:
    cards = Cards()
    m = find_map(cards, key)
    text = m.path.read_text(encoding="utf-8")
    bare = me.with_marks(text, {k: [] for k in me.MARKS})
    assert "lips =" not in bare and "flow =" not in bare
    again = me.check(me.with_marks(bare, me.marks_of(m)), cards, f"{key}.toml")
    assert (again.walls, again.lips, again.flow, again.wheel) == (m.walls, m.lips, m.flow, m.wheel)
    assert again.terrain == m.terrain


def test_a_new_map_painted_with_a_wall_and_refusals_in_the_loaders_words() -> None:
    cards = Cards()
    text = me.new_map("Ford", 4, 3, cards)
    grid, legend = me.read_grid(text)
    assert grid == ["...."] * 3 and legend["."] == "open"
    walled = me.with_marks(me.paint(text, ["t...", "....", "...."]), {"walls": ["B2/n"]})
    m = me.check(walled, cards)
    assert m.terrain[(0, 1)] == "tree" and len(m.walls) == 1
    with pytest.raises(DataError, match=r"^my-map\.toml:\d+: "):
        me.check(me.with_marks(text, {"flow": ["A1/s"]}), cards)  # open ground takes no flow
    with pytest.raises(InputError, match="same number of hexes"):
        me.paint(text, ["....", "..."])
    with pytest.raises(InputError, match="expected 1 to 26 columns"):
        me.new_map("x", 27, 3, cards)


def test_a_note_with_a_line_like_a_table_or_a_key_is_left_whole() -> None:
    """Marks go before the first real table, never into a multi-line note whose line starts
    with ``[`` or ``walls =``; a repaint changes rows, width and height only."""
    cards = Cards()
    text = me.new_map("Ford", 4, 3, cards).replace(
        'design = "transcribed"\n',
        'design = "transcribed"\nnote = """From my copy.\n[1] Edges as printed.\nwalls = A1/n\n"""\n',
    )
    walled = me.with_marks(text, {"walls": ["B2/n"], "flow": []})
    m = me.check(walled, cards)
    assert m.note == "From my copy.\n[1] Edges as printed.\nwalls = A1/n\n" and len(m.walls) == 1
    painted = me.paint(walled, ["t....", ".....", "....."])
    again = me.check(painted, cards)
    assert (again.width, again.note, len(again.walls)) == (5, m.note, 1)


@pytest.mark.parametrize("quoted", ["'A1/se'", "'''\nA1/se\n'''", '"A1/se" # the gate'])
def test_marks_in_any_toml_quoting_are_replaced_not_given_twice(quoted: str) -> None:
    cards = Cards()
    text = me.new_map("Ford", 4, 3, cards).replace("\n[legend]", f"\nwalls = {quoted}\n[legend]")
    assert len(me.check(text, cards).walls) == 1
    m = me.check(me.with_marks(text, {"walls": ["A1/se", "B2/n"]}), cards)
    assert len(m.walls) == 2
    bare = me.with_marks(text, {"walls": []})
    assert "walls" not in bare and not me.check(bare, cards).walls


def test_a_map_saved_under_a_kit_maps_name_needs_replace(tmp_path) -> None:
    cards = Cards(tmp_path)
    text = me.new_map("My mill", 4, 3, cards)
    with pytest.raises(InputError, match="mill.toml is the name of one of the kit's maps"):
        me.save(text, cards, "mill")
    assert not (tmp_path / "dark-blades" / "maps" / "mill.toml").exists()
    assert me.save(text, cards, "mill", replace=True).exists()
    assert me.save(text, cards, "my-mill").name == "my-mill.toml"


def test_a_file_name_too_long_is_refused_not_cut(tmp_path) -> None:
    cards = Cards(tmp_path)
    with pytest.raises(InputError, match=r"'a{41}': expected .* \(40 at most\)"):
        me.save(me.new_map("x", 2, 2, cards), cards, "a" * 41)
