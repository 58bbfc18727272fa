"""Scenario sheets: a page per scenario with the rulebook's facts and the kit's words marked,
then a page of its maps with their set-up hexes."""

from __future__ import annotations

import pytest
from pdf_read import pages as read_pages

from companion.dark_blades import pieces
from companion.dark_blades.scenarios import load_scenarios
from companion.data import Cards
from generator.dark_blades.scenario_sheets import write_scenario_sheets
from generator.sheet.document import MIN_SIZE, PageSize
from generator.sheet.options import PAPERS

CARDS = Cards(None)
SCENARIOS = load_scenarios(CARDS, pieces.load(CARDS))


@pytest.fixture(scope="module")
def sheets(tmp_path_factory):
    path = tmp_path_factory.mktemp("sc") / "scenarios.pdf"
    pages = write_scenario_sheets(path, CARDS, PageSize(*PAPERS["letter"]))
    read = read_pages(path)
    texts = [p.text for p in read if not _map_page(p.text)]  # the scenarios' own pages
    chars = [(p.width, p.height, p.chars, _map_page(p.text)) for p in read]
    return path, pages, texts, chars


def _map_page(text: str) -> bool:
    return ": set-up hexes (the Havoc Kit's own stand-in maps" in " ".join(text.split()[:30])


def norm(text: str) -> str:
    return " ".join(text.split())


def test_one_page_per_scenario_with_its_facts(sheets) -> None:
    _, pages, texts, _ = sheets
    assert len(SCENARIOS) == len(texts) == 4 < pages
    for text, s in zip(texts, SCENARIOS.values(), strict=True):
        assert text.startswith(f"Scenario {s.number}: {s.title}")
        assert f"{s.first_player} is the first player" in text
        for line in [*s.victory, *s.special, *s.kit_readings, s.background]:
            assert norm(line) in text, line
        for side in s.sides:
            assert f"{side.pieces} pieces" in text
            for force in side.forces:
                assert (force.character.label or force.character.name) in text
        assert "the Havoc Kit's own words, not the rulebook's" in text


def test_reinforcements_show_their_turn(sheets) -> None:
    texts = sheets[2]
    assert "Reinforcements" in texts[2] and "Turn 3: Dark Blades (Back-Up)" in texts[2]
    assert "Turn 2: Dark Blades" in texts[1]
    assert "Reinforcements" not in texts[3]


def test_readable_and_inside_the_printable_area(sheets) -> None:
    for width, height, chars, a_map in sheets[3]:
        for ch in chars:  # a map page: its coordinates at 5 pt, the smallest on it
            assert ch.size >= (5.0 if a_map else MIN_SIZE) - 0.01, ch
            assert 18 <= ch.x0 and ch.x1 <= width - 18, ch
            assert 18 <= ch.top and ch.bottom <= height - 18, ch


def test_one_scenario_and_deterministic(sheets, tmp_path) -> None:
    one = tmp_path / "raid.pdf"
    assert (
        write_scenario_sheets(one, CARDS, PageSize(*PAPERS["letter"]), ["raid"]) == 2
    )  # + its maps
    again = tmp_path / "all.pdf"
    write_scenario_sheets(again, CARDS, PageSize(*PAPERS["letter"]))
    assert again.read_bytes() == sheets[0].read_bytes()
