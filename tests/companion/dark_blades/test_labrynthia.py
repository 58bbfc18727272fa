"""The Directory of Labrynthia as data (`cards/dark-blades/labrynthia.toml`) and `havoc
labrynthia`: the rulebook's words kept, every value checked against them (issue 35)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from companion.dark_blades import labrynthia as lab
from companion.data import Cards, default_cards_dir
from tests.conftest import assert_narrow

SEED = next(Path("/work/shared/seeds").glob("001_*.txt"), None)


def test_the_directory_holds_every_castle_with_its_lord_soldiers_and_levy() -> None:
    d = lab.load_directory(Cards())
    castles = {c.name: (c.lord, c.soldiers, c.levy_from) for c in d.castles()}
    assert castles["Castle Domor"] == ("Baron Dill", 20, ("Cardwyn Bay",))
    assert castles["Arrowshot Castle"] == (
        "Sir Simon de Garre Delieu",
        30,
        ("Garre Delieu", "Pierre St Avril"),
    )
    assert sum(c.soldiers or 0 for c in d.castles()) == 20 + 12 + 32 + 18 + 15 + 30 + 20
    assert [s.name for s in d.states][:3] == ["Asiera", "Cardwyn", "Coffe"]
    assert lab.population_of(d, "Iqui") == 1800
    assert [c.name for c in lab.levied_by(d, "Myre")] == ["Cardwyn Castle"]


def test_every_printed_entry_is_the_rulebooks_words() -> None:
    if SEED is None:  # the rulebook's text is not on this machine
        return
    text = SEED.read_text(encoding="utf-8")
    d = lab.load_directory(Cards())
    for place in d.places():
        words = place.printed.split(": ", 1)[1] if place.kind == "castle" else place.printed
        assert words.split(". ")[0] in text, place.name
    for note in d.notes:
        assert note in text


def _copy(tmp_path):
    mine = tmp_path / "dark-blades"
    mine.mkdir()
    shutil.copy(default_cards_dir() / "dark-blades" / "labrynthia.toml", mine)
    return mine / "labrynthia.toml"


def test_a_value_the_words_do_not_give_is_refused_naming_file_line_key(havoc, tmp_path) -> None:
    path = _copy(tmp_path)
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("population = 158", "population = 185"), encoding="utf-8")
    result = havoc("--cards", tmp_path, "labrynthia", "myre")
    assert result.exit_code == 2
    line = text.splitlines().index("population = 158") + 1
    assert f"labrynthia.toml:{line}:" in result.output
    assert "population" in result.output and "'185' is not in the entry's printed words" in (
        result.output
    )
    assert "Traceback" not in result.output


def test_a_settlement_answers_which_castle_stands_for_it(havoc) -> None:
    result = havoc("labrynthia", "myre")
    assert result.exit_code == 0, result.output
    assert_narrow(result.output)
    lines = result.output.splitlines()
    assert lines[0] == "Myre (Cardwyn): population 158"
    assert "levy of Cardwyn Castle, Sir Barney, 12" in lines[1]


def test_a_castle_says_the_levy_size_is_not_given(havoc) -> None:
    result = havoc("labrynthia", "castle dom")
    assert result.exit_code == 0, result.output
    assert_narrow(result.output)
    assert result.output.startswith("Castle Domor (Cardwyn): Baron Dill\n  20 soldiers\n")
    assert "levy size: not in the source rules" in result.output


def test_json_and_a_state_and_the_castles(havoc) -> None:
    data = json.loads(havoc("labrynthia", "honna", "--json").output)
    assert data["state"]["name"] == "Honna"
    rikard = next(p for p in data["state"]["places"] if p["name"] == "Castle Rikard")
    assert rikard["levy_from"] == ["Iqui", "Sharne"] and rikard["kind"] == "castle"
    iqui = next(p for p in data["state"]["places"] if p["name"] == "Iqui")
    assert iqui["levied_by"] == ["Castle Rikard"]
    listing = havoc("labrynthia", "--castles")
    assert listing.exit_code == 0 and "levy sizes: not in the source rules" in listing.output
    assert_narrow(listing.output)
    states = json.loads(havoc("labrynthia", "--json").output)["states"]
    assert len(states) == 12


def test_an_unknown_name_is_one_line(havoc) -> None:
    result = havoc("labrynthia", "atlantis")
    assert result.exit_code == 2
    assert "unknown place in Labrynthia 'atlantis'" in result.output
    assert len(result.output.strip().splitlines()) == 1
