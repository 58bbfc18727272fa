"""Scenario sheets show their maps small with set-up areas, entries and exits marked."""

from __future__ import annotations

from pathlib import Path

import pytest
from pdf_read import page_texts

from companion.dark_blades import hexgrid as hg
from companion.dark_blades.map_water import WATER
from companion.dark_blades.maps import load_maps
from companion.dark_blades.scenario_marks import scenario_marks
from companion.data import Cards
from generator.dark_blades.scenario_sheets import write_scenario_sheets
from generator.sheet.document import page_for
from tests.conftest import sweep

KEYS = ("arena", "mill", "mule-train", "raid")


def test_every_scenario_has_its_marks_on_the_kits_maps() -> None:
    cards = Cards()
    maps = {m.key: m for m in load_maps(cards)}
    for key in KEYS:
        found = scenario_marks(cards, key, maps)
        assert found is not None, key
        shown, marks = found
        assert marks and {m.map for m in marks} <= {m.key for m in shown}
    _, marks = scenario_marks(cards, "arena", maps)
    arena = maps["arena"]
    floor = next(p.hexes for p in arena.places if p.name == "the arena")
    assert next(m for m in marks if m.label == "DB").hexes == floor
    around = next(m for m in marks if m.label == "G")
    assert around.reading and all(arena.terrain[h] == "slope" for h in around.hexes)
    _, marks = scenario_marks(cards, "mule-train", maps)
    mill = maps["mill"]
    side = next(p.hexes for p in mill.places if p.name == "the mill side of the river")
    fox = next(m for m in marks if m.label == "F")
    assert fox.hexes <= side
    entry = next(m for m in marks if m.label == "DB")
    assert all(h[0] <= 3 and h[1] >= 12 for h in entry.hexes)  # bottom left
    exit_ = next(m for m in marks if m.kind == "exit")
    assert all(h[0] >= 16 and h[1] == 1 for h in exit_.hexes)  # top right
    assert {hg.name(h) for h in exit_.hexes} <= {hg.name((c, 1)) for c in range(20)}


def scenario_title(key: str) -> str:
    from companion.dark_blades import pieces
    from companion.dark_blades.scenarios import load_scenarios

    s = load_scenarios(Cards(), pieces.load(Cards()))[key]
    return f"Scenario {s.number}: {s.title}"


def test_no_set_up_area_or_entry_lies_on_water_and_the_areas_follow_the_texts() -> None:
    cards = Cards()
    maps = {m.key: m for m in load_maps(cards)}
    for key in KEYS:
        _, marks = scenario_marks(cards, key, maps)
        for mark in marks:
            wet = [hg.name(h) for h in mark.hexes if maps[mark.map].terrain[h] in WATER]
            assert not wet, (key, mark.label, wet)
    _, marks = scenario_marks(cards, "arena", maps)
    rescue = next(m for m in marks if m.label == "R")  # "Nearby, in the trees"
    mill = maps["mill"]
    side = next(p.hexes for p in mill.places if p.name == "the mill side of the river")
    assert rescue.hexes <= side and all(mill.terrain[h] == "tree" for h in rescue.hexes)
    _, marks = scenario_marks(cards, "raid", maps)
    fox = next(m for m in marks if m.label == "F")  # "the middle of side 5 between the scrub
    arena = maps["arena"]  # and the hillock"
    bottom = next(edge for edge, number in arena.edges.items() if number == 5)
    assert fox.hexes <= set(arena.edge_hexes(bottom)) and bottom == "bottom"
    places = {p.name: p.hexes for p in arena.places}
    scrub, hillock = (
        max(h[0] for h in places["the scrub"]),
        min(h[0] for h in places["the hillock"]),
    )
    assert all(scrub < h[0] < hillock for h in fox.hexes)
    middle = (arena.width - 1) / 2
    assert min(h[0] for h in fox.hexes) < middle < max(h[0] for h in fox.hexes)


@pytest.mark.parametrize("paper", sweep("a4", "letter"))
def test_a_text_page_and_a_page_of_maps_each(tmp_path: Path, paper) -> None:
    path = tmp_path / f"{paper}.pdf"
    assert write_scenario_sheets(path, Cards(), page_for(paper)) == 8
    texts = [" ".join(text.split()) for text in page_texts(path)]
    for at, key in enumerate(KEYS):
        assert "own stand-in maps (its design, not the rulebook" in texts[2 * at]
        heading = f"{scenario_title(key)}: set-up hexes (the Havoc Kit's own stand-in maps"
        assert texts[2 * at + 1].startswith(heading)


@pytest.mark.slow
@pytest.mark.parametrize("paper", sweep("a4", "letter"))
def test_every_set_up_hex_has_its_coordinate_and_label_readable(tmp_path: Path, paper) -> None:
    from pdf_read import pages

    from companion.dark_blades.scenario_marks import mark_line

    cards = Cards()
    path = tmp_path / f"{paper}.pdf"
    write_scenario_sheets(path, cards, page_for(paper))
    read = pages(path)
    maps = {m.key: m for m in load_maps(cards)}
    for key in KEYS:
        shown, marks = scenario_marks(cards, key, maps)
        for m in shown:
            mine = [k for k in marks if k.map == m.key]
            if not mine:
                continue
            heading = f"{scenario_title(key)}: set-up hexes"
            page = next(p for p in read if " ".join(p.text.split()).startswith(heading))
            assert f"{m.name} map (the Havoc Kit's own map design)" in page.text
            text = " ".join(page.text.split())
            for k in mine:
                assert " ".join(mark_line(k).split()) in text  # the hexes listed
                for h in k.hexes:
                    name = hg.name(h)
                    words = [w for w in page.words if w.text == name]
                    assert words, (key, name)
                    sizes = [
                        c.size
                        for c in page.chars
                        for w in words
                        if w.x0 - 0.1 <= c.x0 < w.x1 and abs(c.top - w.top) < 0.5
                    ]
                    assert min(sizes) >= 5.0 - 1e-6, (key, name, min(sizes))


def test_source_only_sheets_have_no_stand_in_map(tmp_path: Path) -> None:
    path = tmp_path / "so.pdf"
    write_scenario_sheets(path, Cards(), page_for("a4"), None, source_only=True)
    assert all("stand-in" not in text for text in page_texts(path))
