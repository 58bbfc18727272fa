"""`havoc-pnp counters --scenario`: exactly that scenario's pieces; `--source-only` on
havoc-pnp: no kit value printed (blank boxes, write-in spell lines, rulebook cells only)."""

from __future__ import annotations

from collections import Counter

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
