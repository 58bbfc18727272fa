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
    assert lines[:2] == ["Trouble at T'Mill (scenario 2)", "Where (hexes, on the kit's maps):"]
    assert "First player: Dark Blades" in lines
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


def test_hex_runs_write_columns_and_blocks_and_read_back() -> None:
    from companion.dark_blades import hexgrid as hg
    from companion.dark_blades.scenario_marks import hex_runs, parse_runs

    def hexes(*names: str) -> frozenset:
        return frozenset(hg.parse_hex(n) for n in names)

    assert hex_runs(hexes("E1", "E2", "E3", "E4", "F1", "F2")) == "E1-E4 F1-F2"
    block = frozenset((c, r) for c in range(13) for r in range(1, 5))
    assert hex_runs(block) == "A1-M4"
    assert hex_runs(hexes("K7")) == "K7"
    assert hex_runs(hexes("T1", "S1", "T2", "A9")) == "A9 S1 T1-T2"
    assert hex_runs(hexes("E1", "E3")) == "E1 E3"  # a gap parts a run
    for spec in (block, hexes("E1", "E3", "F2", "G2", "H1", "H2")):
        assert parse_runs(hex_runs(spec)) == spec


def test_a_block_over_columns_is_explained_once() -> None:
    from companion.dark_blades import hexgrid as hg
    from companion.dark_blades.scenario_marks import Mark, block_note

    def mark(*names: str) -> Mark:
        return Mark("mill", "area", "X", frozenset(hg.parse_hex(n) for n in names), "", False)

    assert block_note([mark("E1", "E2")]) == ""  # down one column: plain
    assert block_note([mark("B14", "C14", "D14")]) == "(B14-D14: columns B to D, row 14)"
    two = mark("A1", "A2", "B1", "B2")
    assert block_note([mark("K7"), two]) == "(A1-B2: columns A to B, rows 1 to 2)"


def _listed(text: str) -> dict[str, frozenset]:
    """`havoc scenario`'s where-list read back: name -> hexes (the wrapped lines rejoined)."""
    from companion.dark_blades.scenario_marks import parse_runs

    block = text.split("\n\n")[0]
    out = {}
    for item in block.replace("\n  ", " ").split("\n"):
        if item.startswith("- "):
            name, rest = item[2:].split(": ", 1)
            out[name.rstrip("*")] = parse_runs(rest.split(",")[0])
    return out


@pytest.mark.parametrize("key", ["arena", "mill", "mule-train", "raid"])
def test_every_mark_is_listed_as_its_hexes_first(havoc, key: str) -> None:
    from companion.dark_blades.scenario_marks import marks_for

    _maps, marks = marks_for(Cards(), key)
    result = havoc("scenario", key)
    assert result.exit_code == 0
    assert_narrow(result.stdout)
    listed = _listed(result.stdout)
    assert listed == {m.name: m.hexes for m in marks}
    assert result.stdout.index("Where (hexes") < result.stdout.index("First player")
    for m in marks:  # the kit's choice of hexes is starred and the star explained
        star = f"- {m.name}*:" if m.reading else f"- {m.name}:"
        assert star in result.stdout
    if any(m.reading for m in marks):
        assert "* where exactly: the kit's reading" in result.stdout
    data = json.loads(havoc("scenario", key, "--json").stdout)
    from companion.dark_blades import hexgrid as hg

    got = {
        k["name"]: frozenset(hg.parse_hex(h) for h in k["hexes"]) for k in data["where"]["marks"]
    }
    assert got == listed


def test_source_only_lists_no_kit_hexes(havoc) -> None:
    text = havoc("scenario", "arena", "--source-only").stdout
    assert "Where (hexes" not in text and "hexes left out" in " ".join(text.split())
    data = json.loads(havoc("scenario", "arena", "--json", "--source-only").stdout)
    assert data["where"] is None


@pytest.mark.parametrize(
    ("key", "words"),
    [
        ("arena", ('"Should not move", "may not be moved"', '"Defeated"', "Where a replacement")),
        ("mill", ("How long:", '"Holds the mill"')),
    ],
)
def test_the_texts_silences_answered_as_kit_readings(havoc, key: str, words) -> None:
    text = havoc("scenario", key).stdout
    readings = " ".join(text.split("Kit's readings (not the rulebook's):")[1].split())
    for word in words:
        assert word in readings
    quiet = " ".join(havoc("scenario", key, "--source-only").stdout.split())
    assert not any(word in quiet for word in words)
