"""The phone pages show the counter's own figure beside a piece's name."""

from __future__ import annotations

import re

from companion.dark_blades import pieces as db
from companion.data import Cards


def _path_data(name: str, mounted: bool = False) -> str:
    data = db.load(Cards())
    character = next(c for c in data.roster if c.name == name)
    spec = next(s for s in data.types[character.type].pieces if s.mounted == mounted)
    text = data.figure(character, spec).read_text(encoding="utf-8")
    return text.split(' d="', 1)[1].split('"', 1)[0]


def test_the_fight_page_shows_both_counters_figures(site):
    html = site.client.get(
        "/dark-blades/fight?a1=Thrugg+Lumpthew&a1_mount=mounted&d1=Goblin&die=7"
    ).get_data(as_text=True)
    figures = re.findall(r'<svg width="24" height="24" class="figure"[^>]*>.*?</svg>', html)
    assert len(figures) == 2
    assert _path_data("Thrugg Lumpthew", mounted=True) in figures[0]  # on his horse, as asked
    assert _path_data("Goblin") in figures[1] and 'aria-label="Goblin: figure"' in figures[1]
    foot = site.client.get("/dark-blades/fight?a1=Thrugg+Lumpthew&d1=Goblin&die=7").get_data(
        as_text=True
    )
    assert _path_data("Thrugg Lumpthew") in foot  # on foot unless asked: his club
    assert _path_data("Thrugg Lumpthew", mounted=True) not in foot


def test_a_scenario_lists_each_force_with_its_figure(site):
    html = site.client.get("/dark-blades/scenarios/arena").get_data(as_text=True)
    forces = re.findall(r'<span class="force">(.*?)</span>', html)
    assert forces and all('class="figure"' in f for f in forces)
    assert any(_path_data("Gargoyle") in f for f in forces)
    assert any(_path_data("Black Dwarf") in f for f in forces)
