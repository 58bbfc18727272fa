"""The Dark Blades spell deck: data read from cards/, kit texts marked, the deal, `havoc spell`
and `havoc deal`."""

from __future__ import annotations

import json
import shutil
import tomllib
from collections import Counter
from pathlib import Path

import pytest

from companion.dark_blades import spells as sp
from companion.data import Cards
from companion.errors import DataError
from tests.conftest import ROOT, assert_narrow

RULES = ROOT / "cards" / "dark-blades" / "spells.toml"
KIT = ROOT / "cards" / "dark-blades" / "spells-kit.toml"
ONE_EACH = {"Death", "Freeze", "Magic Arrow", "Zap"}
NAME_ONLY = {"Help", "Mire Feet", "Temporary Blindness"}


@pytest.fixture(scope="module")
def deck() -> sp.Deck:
    return sp.load(Cards())


def raw(path: Path) -> dict:
    return tomllib.loads(path.read_text(encoding="utf-8"))


def test_the_deck_is_24_cards_of_14_spells(deck):
    counts = Counter(deck.cards)
    assert len(deck.cards) == 24 and len(counts) == 14
    assert {n for n, c in counts.items() if c == 1} == ONE_EACH
    assert all(c == 2 for n, c in counts.items() if n not in ONE_EACH)
    assert deck.deal == 8 and deck.players == 2


def test_the_four_surviving_cards_are_the_rulebooks_word_for_word(deck):
    rows = {row["name"]: row for row in raw(RULES)["spells"]}
    for name in ONE_EACH:
        card = deck.spell(name).card()
        assert card.origins == {"rulebook"}
        for key in sp.FIELDS:
            assert card.texts[key].text == rows[name][key]
    death = deck.spell("Death").card().texts["effect"].text
    assert death.startswith("As die roll: 1, 2, 3, 4, 5, 6 - victim dies")


def test_the_transcription_holds_no_kit_text():
    """spells.toml carries only the rules' words: the kit's live in spells-kit.toml."""
    rows = raw(RULES)["spells"]
    kit = raw(KIT)["spells"]
    for row in rows:
        if row["name"] in NAME_ONLY:
            assert set(row) == {"name", "count"}  # the rules give only the name
        assert not (set(row) & set(kit.get(row["name"], {})) & set(sp.FIELDS))


def test_every_kit_text_is_marked_and_every_spell_is_complete(deck):
    for spell in deck.spells:
        card = spell.card()
        assert card.area is not None, spell.name
        assert all(card.texts[k] is not None for k in sp.FIELDS), spell.name
        for said in card.texts.values():
            if said.origin != "rulebook":
                assert said.source.startswith("spells-kit.toml")
        if spell.name in NAME_ONLY:
            assert {t.origin for t in card.texts.values()} == {"kit"}
            assert card.area_origin == "kit" and card.kit_own
            assert any("only the name" in n for n in card.footnotes())
        elif spell.name not in ONE_EACH:
            assert spell.rule_text is not None and spell.rule_text.origin == "rulebook"
            assert {t.origin for t in card.texts.values()} == {"kit-wording"}
            assert any("worded by the Havoc Kit" in n for n in card.footnotes())


def test_areas_the_rules_name_stay_the_rules(deck):
    expected = {
        "Death": "sight",
        "Freeze": "sight",
        "Magic Arrow": "directional",
        "Zap": "directional",
        "Fear": "b",
        "Fireburst": "b",
        "Move Freely": "b",
    }
    for spell in deck.spells:
        if spell.name in expected:
            assert (spell.area.key, spell.area_origin) == (expected[spell.name], "rulebook")
        else:
            assert spell.area_origin == "kit", spell.name
    # Magic Carpet's "touch" is inferred from its rule text, so it is the kit's (issue 14)
    carpet = next(s for s in deck.spells if s.name == "Magic Carpet")
    assert (carpet.area.key, carpet.area_origin) == ("touch", "kit")
    touch = deck.areas["touch"]
    assert "touched" not in touch.words and "A-F" in touch.words  # not Magic Carpet's words
    assert "kit's" in touch.diagram


def test_source_only_shows_no_kit_text(deck):
    for spell in deck.spells:
        card = spell.card(source_only=True)
        assert not card.origins & set(sp.KIT_ORIGINS), spell.name
        assert not card.footnotes()
        if spell.name in NAME_ONLY:
            assert all(v is None for v in card.texts.values()) and card.area is None
        if spell.name == "Heal":
            assert card.texts["effect"] == spell.rule_text and card.label("effect") == "Rule text"


def test_the_deal_is_seeded_and_uses_the_whole_deck(deck):
    a, b = sp.deal(deck, 42), sp.deal(deck, 42)
    assert a == b
    assert [len(h) for h in a.hands] == [8, 8] and len(a.rest) == 8
    assert Counter(c for h in a.hands for c in h) + Counter(a.rest) == Counter(deck.cards)
    assert sp.deal(deck, 43) != a


def test_a_kit_text_may_not_replace_a_surviving_card(tmp_path):
    mine = tmp_path / "dark-blades"
    mine.mkdir()
    (mine / "spells-kit.toml").write_text('[spells.Zap]\neffect = "Something else."\n')
    with pytest.raises(DataError) as error:
        sp.load(Cards(tmp_path))
    assert "spells-kit.toml" in str(error.value) and "spells.Zap.effect" in str(error.value)


def test_a_users_kit_file_replaces_the_kits(tmp_path):
    mine = tmp_path / "dark-blades"
    mine.mkdir()
    text = KIT.read_text(encoding="utf-8").replace(
        "Milder than Freeze, which stops every action.", "My own note."
    )
    (mine / "spells-kit.toml").write_text(text, encoding="utf-8")
    card = sp.load(Cards(tmp_path)).spell("Temporary Blindness").card()
    assert card.texts["notes"].text == "My own note." and card.texts["notes"].origin == "kit"


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        ('[spells.Nothing]\neffect = "x"\n', "spells.Nothing': no such spell"),
        ('[spells.Help]\narea = "z"\n', "unknown area 'z'"),
        ('[spells.Help]\ncolour = "red"\n', "unknown key 'spells.Help.colour'"),
        ('[spells.Help]\neffect = ""\n', "expected text, got an empty string"),
    ],
)
def test_bad_kit_data_is_one_located_line(tmp_path, havoc, content, expected):
    mine = tmp_path / "dark-blades"
    mine.mkdir()
    (mine / "spells-kit.toml").write_text(content)
    result = havoc("--cards", tmp_path, "spell", "help")
    assert result.exit_code == 2
    assert expected in result.output and "spells-kit.toml" in result.output
    assert len(result.output.strip().splitlines()) == 1 and "Traceback" not in result.output


def test_the_deck_size_must_add_up(tmp_path, havoc):
    mine = tmp_path / "dark-blades"
    mine.mkdir()
    shutil.copy(RULES, mine / "spells.toml")
    path = mine / "spells.toml"
    path.write_text(path.read_text().replace("deck_size = 24", "deck_size = 25"))
    result = havoc("--cards", tmp_path, "deal")
    assert result.exit_code == 2 and "add up to 24" in result.output


# --------------------------------------------------------------------------- the CLI


def test_havoc_spell_shows_the_card_narrow(havoc):
    result = havoc("spell", "mag-ar")
    assert result.exit_code == 0
    assert_narrow(result.output)
    first = result.output.splitlines()[0]
    assert first == "Magic Arrow (1 card)"
    assert "Area: Directional [D]" in result.output and "[KIT]" not in result.output
    joined = " ".join(result.output.split())
    assert "Automatic hit on any one character within 20 hexes" in joined


def test_havoc_spell_marks_kit_texts(havoc, deck):
    result = havoc("spell", "tb")
    assert result.exit_code == 0
    assert_narrow(result.output)
    assert result.output.startswith("Temporary Blindness")
    assert result.output.count("[KIT]") == 4  # area, effect, duration, notes
    assert "the rules give only the name" in " ".join(result.output.split())


def test_havoc_spell_json_marks_origins(havoc):
    data = json.loads(havoc("spell", "help", "--json").output)
    assert data["effect"]["origin"] == "kit" and data["area"]["origin"] == "kit"
    assert data["kit"] == ["kit"] and data["footnotes"]
    zap = json.loads(havoc("spell", "zap", "--json").output)
    assert zap["kit"] == [] and zap["effect"]["origin"] == "rulebook"


def test_havoc_spell_source_only_shows_no_kit_value(havoc, deck):
    for name in deck.names:
        text = havoc("spell", name, "--source-only").output
        assert "[KIT]" not in text and "KIT:" not in text
        data = json.loads(havoc("spell", name, "--source-only", "--json").output)
        assert data["kit"] == [] and data["source_only"] is True
        for key in sp.FIELDS:
            assert data[key] is None or data[key]["origin"] == "rulebook"
        assert data["area"] is None or data["area"]["origin"] == "rulebook"
    assert "Effect: not in the source rules" in havoc("spell", "help", "--source-only").output


def test_havoc_spell_lists_the_deck(havoc):
    result = havoc("spell")
    assert result.exit_code == 0 and result.output.startswith("24 cards, 14 spells")
    assert_narrow(result.output)
    data = json.loads(havoc("spell", "--json").output)
    assert data["cards"] == 24 and sum(s["count"] for s in data["spells"]) == 24


def test_havoc_deal(havoc, deck):
    result = havoc("deal", "--seed", "5")
    assert result.exit_code == 0
    assert_narrow(result.output)
    assert result.output.startswith("8 cards each, seed 5")
    assert "Face down: 8 cards" in result.output
    data = json.loads(havoc("deal", "--seed", "5", "--json", "--show-rest").output)
    dealt = sp.deal(deck, 5)
    assert [h["cards"] for h in data["hands"]] == [list(h) for h in dealt.hands]
    assert data["rest"] == list(dealt.rest) and data["face_down"] == 8
    hidden = json.loads(havoc("deal", "--seed", "5", "--json").output)
    assert "rest" not in hidden  # face down unless asked
    one = json.loads(havoc("deal", "--seed", "5", "--player", "2", "--json").output)
    assert [h["player"] for h in one["hands"]] == [2]
    assert havoc("deal", "--player", "3").exit_code == 2


def test_havoc_deal_without_a_seed_names_one_that_repeats_it(havoc):
    first = json.loads(havoc("deal", "--json").output)
    again = json.loads(havoc("deal", "--json", "--seed", first["seed"]).output)
    assert again["hands"] == first["hands"]


def test_magic_arrow_first_in_line_unless_shielded(havoc) -> None:
    """Issue 14: the Magic Arrow hits the first opposition character in line, unless shielded,
    on the CLI (the rules' text after the card reference's) and on the Shield card."""
    arrow = " ".join(havoc("spell", "magic arrow").output.split())
    assert "Rule (Magic, 4. The Spells): Automatically hits the first character" in arrow
    assert 'unless he/she is under a "shield" spell' in arrow
    assert "first character (opposition)" in arrow
    shield = " ".join(havoc("spell", "shield").output.split())
    assert "[KIT] Notes:" in shield and "cannot be hit by the Magic Arrow" in shield


def test_the_magic_arrow_card_rule_is_the_rule_texts_own_words(deck) -> None:
    """The words printed under "Rule:" on the Magic Arrow card come from the rule text, each
    part word for word, and are the rulebook's (kept under --source-only)."""
    arrow = deck.spell("Magic Arrow")
    for card in (arrow.card(), arrow.card(source_only=True)):
        assert card.rule is not None and card.rule.origin == "rulebook"
        assert card.rule.source == "Magic, 4. The Spells"
    parts = [p.strip() for p in arrow.card_rule.text.split("…")]
    assert len(parts) == 2 and all(p in arrow.rule_text.text for p in parts)
    assert 'unless he/she is under a "shield" spell' in parts[0]
    assert "first character (opposition)" in parts[1]
    assert [s.name for s in deck.spells if s.card_rule is not None] == ["Magic Arrow"]


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        ("it must be the first character", "it must be the nearest character", "rule_text's own"),
        ('card_rule = "Automatically', 'card_rule = "… Automatically', "got ''"),
    ],
)
def test_a_card_rule_not_taken_from_the_rule_text_is_refused(tmp_path, havoc, old, new, expected):
    mine = tmp_path / "dark-blades"
    mine.mkdir()
    text = RULES.read_text(encoding="utf-8")
    at = text.index("card_rule = ")
    text = text[:at] + text[at:].replace(old, new, 1)
    (mine / "spells.toml").write_text(text, encoding="utf-8")
    result = havoc("--cards", tmp_path, "spell", "magic arrow")
    assert result.exit_code == 2 and expected in result.output, result.output
    assert "spells.toml" in result.output and "card_rule" in result.output
    assert len(result.output.strip().splitlines()) == 1
