"""`havoc-pnp counters --scenario`: exactly that scenario's pieces; `--source-only` on
havoc-pnp: no kit value printed (blank boxes, write-in spell lines, rulebook cells only)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from pdf_read import pages as read_pages
from pdf_read import title as pdf_title

from companion.dark_blades import pieces
from companion.dark_blades.scenarios import load_scenarios
from companion.data import Cards
from generator.cli import main as pnp
from generator.dark_blades.counters import BLANK_NOTE, counter_pieces
from tests.conftest import run

CARDS = Cards(None)
PIECES = pieces.load(CARDS)
SCENARIOS = load_scenarios(CARDS, PIECES)


@pytest.mark.parametrize("key", list(SCENARIOS))
def test_exactly_the_scenarios_pieces(key: str) -> None:
    wanted = SCENARIOS[key].roster()
    printed = counter_pieces(CARDS, counts=wanted)
    per_character = Counter(
        tag.split(":", 1)[1] for p in printed for tag in p.tags if tag.startswith("character:")
    )
    for character in PIECES.roster:
        made = len(PIECES.types[character.type].pieces)
        assert per_character.get(character.name, 0) == wanted.get(character.name, 0) * made
    trolls = wanted.get("Troll", 0)
    flames = sum(1 for p in printed if "marker:Troll Flames" in p.tags)
    assert flames == trolls  # one flames/ashes marker per troll printed


@pytest.mark.parametrize("key", list(SCENARIOS))
def test_mounted_pieces_only_for_the_scenarios_riders(key: str) -> None:
    scenario = SCENARIOS[key]
    riders = scenario.riders()
    printed = counter_pieces(CARDS, counts=scenario.roster(), riders=riders)
    mounted = Counter(
        tag.split(":", 1)[1]
        for p in printed
        if any(t in p.tags for t in ("piece:mounted", "piece:wounded-mounted"))
        for tag in p.tags
        if tag.startswith("character:")
    )
    assert set(mounted) == set(riders)
    for character in PIECES.roster:
        specs = PIECES.types[character.type].pieces
        on_foot = sum(1 for spec in specs if not spec.mounted)
        made = len(specs) if character.name in riders else on_foot
        got = sum(1 for p in printed if f"character:{character.name}" in p.tags)
        assert got == scenario.roster().get(character.name, 0) * made, character.name


def test_who_rides_follows_the_texts() -> None:
    assert not SCENARIOS["arena"].riders() and not SCENARIOS["mill"].riders()  # both on foot
    raid = {side.name: side for side in SCENARIOS["raid"].sides}
    assert set(raid["Black Fox"].mounted) == {"The Black Fox", "Shaman"}
    assert not raid["Dark Blades"].mounted and "Sunfire" in raid["Dark Blades"].horses
    mule = SCENARIOS["mule-train"]
    assert "Quill" in mule.riders() and "Zatan" not in mule.riders()  # a dog does not ride


def test_a_rider_who_cannot_ride_is_one_line(tmp_path) -> None:
    from companion.dark_blades.scenarios import read_scenario
    from companion.data import DataError

    text = (CARDS.path("dark-blades", "scenarios/arena.toml")).read_text()
    bad = tmp_path / "arena.toml"
    bad.write_text(text.replace('name = "Opposition"', 'name = "Opposition"\nmounted = ["Goblin"]'))
    with pytest.raises(DataError, match=r"sides\[1\]\.mounted\[0\].*'Goblin' is not one"):
        read_scenario(bad, PIECES)


def test_arena_counters_print_no_horse(tmp_path) -> None:
    out = tmp_path / "arena.pdf"
    result = run(pnp, ["counters", "--scenario", "arena", "-o", str(out)])
    assert result.exit_code == 0, result.stderr
    words = " ".join(line for page in read_pages(out) for line in page.text_lines)
    assert "HEALTHY" in words and "MOUNTED" not in words and "HORSE" not in words
    raid = tmp_path / "raid.pdf"
    assert run(pnp, ["counters", "--scenario", "raid", "-o", str(raid)]).exit_code == 0
    assert "RIDERLESS" in " ".join(line for page in read_pages(raid) for line in page.text_lines)


def test_cli_scenario_file_name_and_footer(tmp_path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = run(pnp, ["counters", "--scenario", "RAID"])
    assert result.exit_code == 0, result.stderr
    path = tmp_path / "out" / "dark-blades-counters-raid.pdf"
    text = " ".join(read_pages(path)[0].text_lines)
    assert pdf_title(path).endswith("Scenario 4: The Raid")
    assert "Scenario 4: The Raid:" in text
    bad = run(pnp, ["counters", "--scenario", "siege"])
    assert bad.exit_code == 2 and "unknown scenario 'siege'" in bad.stderr


def test_cli_scenario_keeps_an_explicit_output_equal_to_the_default(tmp_path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    named = Path("out") / "dark-blades-counters.pdf"
    result = run(pnp, ["counters", "--scenario", "raid", "-o", str(named)])
    assert result.exit_code == 0, result.stderr
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == [named.name]
    assert pdf_title(tmp_path / named).endswith("Scenario 4: The Raid")


@pytest.mark.parametrize("where", ["group", "command"])
def test_source_only_counters_have_blank_values(tmp_path, where) -> None:
    out = tmp_path / "c.pdf"
    args = ["counters", "-o", str(out)]
    args = ["--source-only", *args] if where == "group" else [*args, "--source-only"]
    result = run(pnp, args)
    assert result.exit_code == 0, result.stderr
    text = " ".join(read_pages(out)[0].text_lines)
    assert " ".join(BLANK_NOTE.split()) in text


@pytest.mark.slow
def test_source_only_build_says_so_in_its_rebuild_command(tmp_path) -> None:
    result = run(pnp, ["--source-only", "build", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.stderr
    note = (tmp_path / "HOW-TO-PRINT.txt").read_text()
    assert "havoc-pnp build --source-only" in note
    assert "rulebook cells only" in result.stdout
