"""Finding a map by name (maps.find_map): only the map asked for is checked and built, once."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from companion import schema
from companion.dark_blades.maps import find_map, load_map
from companion.dark_blades.sight import load_sight
from companion.data import Cards
from companion.errors import DataError, InputError


def _cards(tmp_path: Path) -> Path:
    """A user's cards with the kit's two maps copied in (so they can be broken)."""
    maps = tmp_path / "dark-blades" / "maps"
    shutil.copytree(Cards().default / "dark-blades" / "maps", maps)
    return maps


def test_a_broken_map_breaks_only_itself(tmp_path: Path) -> None:
    maps = _cards(tmp_path)
    mill = maps / "mill.toml"
    mill.write_text(mill.read_text().replace("\nheight = 14\n", "\nheight = 15\n"))
    cards = Cards(tmp_path)
    assert find_map(cards, "arena").name == "The Arena"
    with pytest.raises(DataError, match=r"mill\.toml:\d+: rows: 14 rows typed, expected height"):
        find_map(cards, "mill")


def test_a_map_broken_below_its_name_is_not_parsed_to_find_another(tmp_path: Path) -> None:
    """A map file that is not valid TOML is found by its file name alone: it breaks only
    itself (worded with its line when it is asked for)."""
    maps = _cards(tmp_path)
    mill = maps / "mill.toml"
    lines = mill.read_text().splitlines()
    lines[-1] += " = = oops"
    mill.write_text("\n".join(lines) + "\n")
    cards = Cards(tmp_path)
    assert find_map(cards, "arena").name == "The Arena"
    with pytest.raises(DataError, match=rf"mill\.toml:{len(lines)}: not valid TOML"):
        find_map(cards, "mill")  # asked for by its file name: its own refusal
    # by a name it cannot be read for: unknown among the maps read, and why it was not read
    with pytest.raises(InputError, match=rf"unknown map 'water'.*; and .*mill\.toml:{len(lines)}"):
        find_map(cards, "water")


def test_a_map_whose_name_is_not_text_breaks_only_itself(tmp_path: Path) -> None:
    maps = _cards(tmp_path)
    mill = maps / "mill.toml"
    mill.write_text(mill.read_text().replace('\nname = "The Water Mill"\n', "\nname = 3\n"))
    assert find_map(Cards(tmp_path), "arena").name == "The Arena"
    with pytest.raises(DataError, match=r"mill\.toml:\d+: key 'name': expected text, got 3"):
        find_map(Cards(tmp_path), "mill")


def test_an_unknown_or_ambiguous_map_is_refused_with_every_name() -> None:
    cards = Cards()
    with pytest.raises(InputError, match="arena"):
        find_map(cards, "nowhere")
    with pytest.raises(InputError, match="could be The Arena, The Water Mill"):
        find_map(cards, "the")  # "The Arena" and "The Water Mill"


def test_a_map_and_the_sight_rules_are_checked_once_per_process_while_unchanged() -> None:
    schema.clear_cache()
    cards = Cards()
    first = find_map(cards, "arena")
    assert find_map(cards, "arena") is first
    assert load_map(first.path, cards) is first
    assert load_sight(cards) is load_sight(cards)  # sight.toml too


@pytest.mark.parametrize("typed", ["ford", "Ford", "FO"])
def test_a_map_named_as_its_file_is_one_map_not_two(tmp_path: Path, typed: str) -> None:
    """A map the editor saved as "Ford" in ford.toml: its name and its file name are the same
    map, not an ambiguity ("could be ford, Ford")."""
    maps = _cards(tmp_path)
    text = (maps / "arena.toml").read_text().replace('name = "The Arena"', 'name = "Ford"', 1)
    (maps / "ford.toml").write_text(text)
    assert find_map(Cards(tmp_path), typed).key == "ford"
