"""Dark Blades scenarios: the four files read against the roster, and `havoc scenario`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.dark_blades import pieces
from companion.dark_blades.scenarios import find_scenario, load_scenarios
from companion.data import Cards
from companion.errors import DataError
from tests.conftest import ROOT, assert_narrow

CARDS = Cards(None)
PIECES = pieces.load(CARDS)
SCENARIOS = load_scenarios(CARDS, PIECES)


def test_the_four_scenarios_in_printed_order() -> None:
    assert [(s.number, s.title) for s in SCENARIOS.values()] == [
        (1, "The Arena"),
        (2, "Trouble at T'Mill"),
        (3, "Mon-Oger Mule Train"),
        (4, "The Raid"),
    ]


def test_counts_the_rules_print_are_met() -> None:
    arena = SCENARIOS["arena"].roster()
    assert (arena["Goblin"], arena["Black Dwarf"]) == (7, 8)
    mill = SCENARIOS["mill"].roster()
    mon_ogers = sum(n for name, n in mill.items() if name.startswith("Mon-Oger"))
    assert mon_ogers == 21  # "all 21 Mon-Ogers"
    raid = SCENARIOS["raid"].roster()
    assert raid["Mon-Oger Sword"] == 4 and raid["Mon-Oger War Dog"] == 2
    assert SCENARIOS["mule-train"].roster()["Pack Mule"] == 4


def test_every_scenario_piece_is_in_the_roster_and_within_its_count() -> None:
    counts = {c.name: c.count for c in PIECES.roster}
    for scenario in SCENARIOS.values():
        for name, n in scenario.roster().items():
            assert 1 <= n <= counts[name], (scenario.key, name)


def test_kit_words_are_kept_apart() -> None:
    for s in SCENARIOS.values():
        assert s.background and "rulebook" in s.source.lower()
    assert any("kit" in r.lower() for r in SCENARIOS["mill"].kit_readings)


@pytest.mark.parametrize(
    ("typed", "key"),
    [("raid", "raid"), ("MULE", "mule-train"), ("arena", "arena"), ("the-raid", "raid")],
)
def test_find_by_name_or_title(typed: str, key: str) -> None:
    assert find_scenario(SCENARIOS, typed).key == key


def _user_cards(tmp_path: Path, name: str, text: str) -> Cards:
    folder = tmp_path / "dark-blades" / "scenarios"
    folder.mkdir(parents=True)
    (folder / name).write_text(text, encoding="utf-8")
    return Cards(tmp_path)


SKIRMISH = """number = 5
title = "Skirmish"
source = "my own"
background = "Two patrols meet."
maps = "Any one map."
first_player = "Dark Blades"
mounted = "On foot."
victory = ["Last side standing wins."]
[[sides]]
name = "Patrol"
pieces = ["Grast", "2 Goblin"]
setup = "West edge."
"""


def test_a_users_scenario_is_one_more_file(tmp_path: Path, havoc) -> None:
    cards = _user_cards(tmp_path, "skirmish.toml", SKIRMISH)
    found = load_scenarios(cards, pieces.load(cards))
    assert list(found)[-1] == "skirmish" and len(found) == 5
    result = havoc("--cards", tmp_path, "scenario", "skir")
    assert result.exit_code == 0, result.stderr
    assert result.stdout.startswith("Skirmish (scenario 5)")


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (
            '"2 Goblin"',
            '"2 Gobbo"',
            "key 'sides[0].pieces[1]': no piece named 'Gobbo' in pieces.csv",
        ),
        ('"2 Goblin"', '"9 Goblin"', "key 'sides[0].pieces[1]': 9 Goblin, but the roster prints 7"),
        ("number = 5", "number = 'five'", "key 'number': expected a whole number"),
    ],
)
def test_bad_scenario_is_one_line(tmp_path: Path, havoc, old: str, new: str, message: str) -> None:
    _user_cards(tmp_path, "skirmish.toml", SKIRMISH.replace(old, new))
    with pytest.raises(DataError) as err:
        cards = Cards(tmp_path)
        load_scenarios(cards, pieces.load(cards))
    assert message in str(err.value)
    result = havoc("--cards", tmp_path, "scenario", "raid")
    assert result.exit_code == 2
    assert len(result.stderr.strip().splitlines()) == 1
    assert "skirmish.toml" in result.stderr


def test_havoc_scenario_text(havoc) -> None:
    listing = havoc("scenario")
    assert listing.exit_code == 0
    assert listing.stdout.splitlines()[3].startswith("4. The Raid")
    result = havoc("scenario", "mill")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[:2] == ["Trouble at T'Mill (scenario 2)", "First player: Dark Blades"]
    assert "Kit's readings (not the rulebook's):" in lines
    assert "Background (the kit's own words):" in lines
    assert_narrow(result.stdout)


def test_havoc_scenario_json(havoc) -> None:
    data = json.loads(havoc("scenario", "raid", "--json").stdout)
    assert data["first_player"] == "Black Fox"
    assert data["background_is_kits"] is True
    fox = data["sides"][1]
    assert {"name": "Mon-Oger Sword", "count": 4, "all": False} in fox["pieces"]


def test_unknown_scenario_names_the_choices(havoc) -> None:
    result = havoc("scenario", "siege")
    assert result.exit_code == 2
    assert "unknown scenario 'siege'" in result.stderr


def test_scenario_files_ship_with_the_kit() -> None:
    shipped = sorted(p.name for p in (ROOT / "cards" / "dark-blades" / "scenarios").glob("*.toml"))
    assert shipped == ["arena.toml", "mill.toml", "mule-train.toml", "raid.toml"]


def test_the_group_switch_source_only_reaches_scenario_and_spell(havoc) -> None:
    """`havoc --source-only` (the group switch) is honoured by `scenario` and `spell` too."""
    kit = havoc("scenario", "raid").output
    assert "Kit's readings (not the rulebook's):" in kit and "Background" in kit
    for args in (("--source-only", "scenario", "raid"), ("scenario", "raid", "--source-only")):
        text = havoc(*args).output
        assert "Kit's readings" not in text and "Background (the kit's own words)" not in text
        assert "--source-only: the rulebook's words" in " ".join(text.split())
    assert "[KIT]" in havoc("spell", "fear").output
    assert "[KIT]" not in havoc("--source-only", "spell", "fear").output


def test_scenario_readings_now_marked() -> None:
    from companion.data import default_cards_dir

    folder = default_cards_dir() / "dark-blades" / "scenarios"
    raid = (folder / "raid.toml").read_text(encoding="utf-8")
    setup = [line for line in raid.splitlines() if line.startswith("setup = ")]
    assert not any("side 5" in line for line in setup)  # not merged into a set-up
    mule = (folder / "mule-train.toml").read_text(encoding="utf-8")
    assert "each lead a mule" not in mule and "each of the four leading one mule" in mule
    assert "do not name Dark Blades himself" in mule
    assert "who moves Job and Sarah" in (folder / "mill.toml").read_text(encoding="utf-8")
