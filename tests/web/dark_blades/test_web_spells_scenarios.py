"""The spell-card and scenario pages show the cards/ texts as `havoc spell` and `havoc
scenario` do, the kit's texts marked KIT, and the rulebook-only switch drops every kit text."""

from __future__ import annotations

import json
from urllib.parse import quote

from companion.dark_blades import pieces
from companion.dark_blades import spells as sp
from companion.dark_blades.scenarios import load_scenarios
from companion.data import Cards


def test_the_spell_list_names_every_spell_and_marks_the_kits(site, havoc):
    listing = json.loads(havoc("spell", "--json").output)
    page = site.text("/dark-blades/spells/")
    assert f"{listing['cards']} cards, {len(listing['spells'])} spells" in page
    deck = sp.load(Cards())
    for entry in listing["spells"]:
        card = deck.spell(entry["name"]).card()
        mark = " KIT" if card.kit_own else ""
        assert f"{entry['count']} × {entry['name']} [{card.area.letter}]{mark} " in page
    index = site.client.get("/").get_data(as_text=True)
    assert 'href="/dark-blades/spells/"' in index and 'href="/dark-blades/scenarios/"' in index


def test_each_spell_page_shows_its_texts_with_kit_marks(site, havoc):
    deck = sp.load(Cards())
    kinds = set()
    for spell in deck.spells:
        record = json.loads(havoc("spell", spell.name, "--json").output)
        page = site.text(f"/dark-blades/spells/{quote(spell.name)}")
        assert page.startswith(f"{spell.name} {spell.count} card")
        for key in ("effect", "duration", "notes"):
            said = record[key]
            label = key.capitalize()
            if said is None:
                assert f"{label} not in the source rules lost" in page
                continue
            mark = "KIT " if said["origin"] in sp.KIT_ORIGINS else ""
            assert f"{mark}{label} {said['text']}" in page
            if not mark:
                assert f"KIT {label} " not in page
            kinds.add(said["origin"])
        area_mark = "KIT " if record["area"]["origin"] == "kit" else ""
        assert f"{area_mark}Area [{record['area']['letter']}] {record['area']['name']}" in page
        for note in record["footnotes"]:
            assert note in page
    assert kinds == {"rulebook", "kit-wording", "kit"}  # every kind of text was seen


def test_rulebook_words_only_drops_every_kit_text(site, havoc):
    deck = sp.load(Cards())
    for spell in deck.spells:
        record = json.loads(havoc("spell", spell.name, "--source-only", "--json").output)
        page = site.text(f"/dark-blades/spells/{quote(spell.name)}?source_only=on")
        assert "KIT" not in page
        assert "The rulebook's words only: no text of the kit's." in page
        for key in ("effect", "duration", "notes"):
            if record[key] is not None:
                assert record[key]["text"] in page
    assert "KIT" not in site.text("/dark-blades/spells/?source_only=on")


def test_an_unknown_spell_or_scenario_is_not_found(site):
    assert site.client.get("/dark-blades/spells/Nope").status_code == 404
    assert site.client.get("/dark-blades/scenarios/nope").status_code == 404


def test_each_scenario_page_shows_what_havoc_scenario_shows(site, havoc):
    scenarios = load_scenarios(Cards(), pieces.load(Cards()))
    listing = site.text("/dark-blades/scenarios/")
    for key, s in scenarios.items():
        assert f"{s.number}. {s.title}" in listing
        record = json.loads(havoc("scenario", key, "--json").output)
        page = site.text(f"/dark-blades/scenarios/{key}")
        assert page.startswith(f"{record['title']} Scenario {record['number']}.")
        assert f"First player: {record['first_player']}" in page
        for side in record["sides"]:
            turn = f", enters turn {side['enters_turn']}" if side["enters_turn"] else ""
            count = sum(p["count"] for p in side["pieces"])
            assert f"{side['name']}: {count} pieces{turn}" in page
            assert f"Set-up: {side['setup']}" in page
        assert record["maps"] in page and record["mounted"] in page
        for text in record["special"] + record["victory"]:
            assert text in page
        for text in record["kit_readings"]:
            assert f"KIT {text}" in page  # every kit's reading marked
        assert f"KIT Background (the kit's own words) {record['background']}" in page
        where = record["where"]
        assert page.index("KIT Where (hexes, on the kit's maps)") < page.index("pieces")
        for mark in where["marks"]:  # every set-up area, entry and exit, as havoc lists it
            star = "*" if mark["reading"] else ""
            place = {"area": "", "entry": "enter at ", "exit": "leave at "}[mark["kind"]]
            line = f"{mark['name']}{star}: {mark['runs']}, {place}{mark['place']}"
            assert line in page.replace(" ,", ",")  # (tags read as spaces)
        marked = len(record["kit_readings"]) + 2  # the readings, the background, the hexes
        assert page.count("KIT") == marked  # nothing else is marked


def test_source_only_scenario_page_has_no_kit_hexes(site, havoc):
    page = site.text("/dark-blades/scenarios/mill?source_only=on")
    assert "Where (hexes" not in page and "their hexes are left out" in page
