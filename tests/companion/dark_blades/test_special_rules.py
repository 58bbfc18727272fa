"""Rules that change what a results letter does to its defender (issue 14 §2): further injury
of a wounded or stunned defender, war dogs, pack mules, trolls, the advance after an emptied
hex and the printed star, each applied or stated with the rulebook's words."""

from __future__ import annotations

import json

import pytest

from companion.dark_blades.crt import load_crt
from companion.dark_blades.special import load_combat_rules, outcome
from companion.data import Cards
from tests.conftest import ROOT

CARDS = Cards()
CRT = load_crt(CARDS)
RULES = load_combat_rules(CARDS)
SEED = "shared/seeds/001_e01aae68a18ab05c.txt"  # the rulebook, beside the repository


def test_rule_texts_are_the_rulebooks() -> None:
    """The rules quoted are the rulebook's words (where its text sits beside the checkout)."""
    found = [p / SEED for p in (ROOT.parent, ROOT.parent.parent) if (p / SEED).exists()]
    if not found:
        pytest.skip("the rulebook text is not beside this checkout")
    text = found[0].read_text(encoding="utf-8")
    for name in RULES.rules:
        assert RULES.rules[name].rule in text, name


@pytest.mark.parametrize(
    ("table", "cell", "state", "want"),
    [
        ("infantry-vs-infantry", "E", "wounded", "Defender killed (already wounded)."),
        ("infantry-vs-infantry", "E", "stunned", "Defender killed (already stunned)."),
        ("infantry-vs-infantry", "E", "healthy", None),
        ("infantry-vs-infantry", "C", "wounded", None),  # a retreat is no injury
        ("mounted-vs-mounted", "H", "wounded", "Rider killed (already wounded), horse killed."),
        ("missile-vs-mounted", "C", "stunned", "Rider killed (already stunned), horse unharmed."),
    ],
)
def test_further_injury_kills(table: str, cell: str, state: str, want: str | None) -> None:
    got = outcome(RULES, CRT.tables[table], cell, state)
    assert got.text == want
    if want:
        assert RULES.rules["further-injury"] in got.rules


def test_a_stun_on_the_hurt_is_the_kits_reading_and_open_under_source_only() -> None:
    table = CRT.tables["infantry-vs-infantry"]
    kit = outcome(RULES, table, "D", "wounded")
    assert kit.text == "Defender killed (already wounded)."
    assert RULES.readings["stun-is-injury"] in kit.readings
    rules_only = outcome(RULES, table, "D", "wounded", source_only=True)
    assert rules_only.text is not None and rules_only.text.startswith("Open:")
    assert not rules_only.readings


def test_dogs_mules_trolls() -> None:
    ii, im = CRT.tables["infantry-vs-infantry"], CRT.tables["infantry-vs-mounted"]
    assert (
        outcome(RULES, ii, "D", kind="dog").text == "Dog killed (a stun or wound kills a war dog)."
    )
    assert outcome(RULES, ii, "E", kind="dog").text.startswith("Dog killed")
    assert outcome(RULES, ii, "C", kind="dog").text is None  # a retreat is a retreat
    assert outcome(RULES, im, "E", kind="mule").text.startswith("Mule retreats: its whole string")
    stunned = outcome(RULES, im, "D", kind="mule")  # "stunned and dismounted": a rider casualty
    assert stunned.text == "No effect on the mule (rider casualty)."
    assert RULES.readings["mule"] in stunned.readings
    assert outcome(RULES, im, "D", kind="mule", source_only=True).text.startswith("Open:")
    mm = CRT.tables["mounted-vs-mounted"]
    assert outcome(RULES, mm, "H", kind="mule").text == "Mule killed."  # horse killed
    assert outcome(RULES, mm, "I", kind="mule").text == "No effect on the mule (rider casualty)."
    troll = outcome(RULES, ii, "F", kind="troll")
    assert troll.text == "Troll killed: burn it this combat step."
    assert RULES.rules["troll"] in troll.rules
    assert RULES.rules["troll"] in outcome(RULES, ii, "D", kind="troll").rules


def test_advance_after_an_emptied_hex_hand_to_hand_only() -> None:
    ii = CRT.tables["infantry-vs-infantry"]
    assert RULES.rules["advance"] in outcome(RULES, ii, "F").rules
    assert RULES.rules["advance"] in outcome(RULES, ii, "C").rules
    assert RULES.rules["advance"] not in outcome(RULES, ii, "D").rules
    assert RULES.rules["advance"] not in outcome(RULES, ii, "B").rules
    shot = CRT.tables["missile-vs-infantry"]
    assert RULES.rules["advance"] not in outcome(RULES, shot, "C").rules


def test_the_star_is_never_bare(havoc) -> None:
    lines = havoc("crt", "mis-inf", "1", "2", "2").output.splitlines()
    assert lines[0].startswith("★  No effect (the kit's reading of the")
    assert "kit's reading: ★ cell = no effect" in lines
    data = json.loads(havoc("--source-only", "crt", "mis-inf", "1", "2", "2", "--json").output)
    assert data["result"] == "★" and data["outcome"].startswith("No letter printed here")
    assert [r["name"] for r in data["rules"]] == ["star"]


def test_defender_state_on_the_cli(havoc) -> None:
    lines = havoc("crt", "ii", "8", "3", "1", "--defender-state", "wou").output.splitlines()
    assert lines[:2] == ["E  Defender killed (already wounded).", "  (E: Defender wounded.)"]
    assert "rule: already hurt: further injury kills" in lines
    data = json.loads(
        havoc(
            "missile", "crossbow", "20", "10", "i", "1", "--defender-kind", "dog", "--json"
        ).output
    )
    assert data["outcome"] == "Dog killed (a stun or wound kills a war dog)."
    bad = havoc("crt", "ii", "8", "3", "1", "--defender-state", "dizzy")
    assert bad.exit_code != 0 and "defender state" in bad.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("crt", "mou-inf", "20", "3", "1", "-A", "tree"), "mounted attacker cannot be in a tree"),
        (("crt", "inf-mou", "20", "3", "1", "-D", "window,open"), "cannot be in a window"),
        (("crt", "ii", "20", "3", "1", "-A", "slope,open"), "on foot and stands on one hex"),
        (("missile", "crossbow", "10", "8", "m", "-c", "slope,tree"), "cannot be in a tree"),
        (("missile", "crossbow", "10", "8", "i", "-c", "slope,open"), "stands on one hex"),
    ],
)
def test_illegal_positions_are_refused_with_the_rule(havoc, args, message) -> None:
    result = havoc(*args)
    assert result.exit_code != 0 and message in result.output, result.output
    assert "Traceback" not in result.output


def test_a_horsemans_two_hexes_take_the_heavier_cover(havoc) -> None:
    two = json.loads(
        havoc("missile", "crossbow", "10", "8", "m", "1", "-c", "open,slope", "--json").output
    )
    one = json.loads(
        havoc("missile", "crossbow", "10", "8", "m", "1", "-c", "slope", "--json").output
    )
    assert two["column"] == one["column"] and two["shifts"] == one["shifts"]


def test_the_breath_and_the_ring_are_labelled_readings(havoc) -> None:
    kit = json.loads(havoc("missile", "breath", "5", "8", "i", "1", "-R", "--json").output)
    assert "ring-on-missiles" in [r["name"] for r in kit["kits_readings"]]
    assert [s["columns"] for s in kit["shifts"]] == [-1]
    rules_only = json.loads(
        havoc("--source-only", "missile", "breath", "5", "8", "i", "1", "-R", "--json").output
    )
    assert rules_only["shifts"] == [] and rules_only["kits_readings"] == []
    assert rules_only["left_open"] == ["open: magic ring (rules silent; not applied)"]


def test_source_only_leaves_a_window_defender_open(havoc) -> None:
    data = json.loads(
        havoc("--source-only", "crt", "ii", "8", "3", "1", "-D", "window", "--json").output
    )
    assert data["shifts"] == [] and data["left_open"][0].startswith("open: terrain 0 v window")


def test_source_only_leaves_the_magic_item_die_open(havoc) -> None:
    """The rule says "throw the die": the d10 is the kit's reading, so --source-only says the
    rules leave it open instead of rolling a d10 (issue 14 §4)."""
    text = havoc("--source-only", "table", "magic-item-creation", "--die", "3").output
    assert text.splitlines()[0] == "open: the rules do not name the die"
    assert "1 2 3: The item is created" in text
    kit = havoc("table", "magic-item-creation", "--die", "3").output
    assert kit.startswith("The item is created") and "kit's reading: the die is the d10" in kit
    data = json.loads(havoc("--source-only", "table", "magic-item-creation", "--json").output)
    assert data["open"].startswith("The rule says")


def test_an_undecided_kill_lets_no_one_advance_yet() -> None:
    """--source-only leaves "a stun on the stunned" open: the advance after a kill is not said."""
    table = CRT.tables["infantry-vs-infantry"]
    open_ = outcome(RULES, table, "D", "stunned", source_only=True)
    assert open_.text.startswith("Open:") and RULES.rules["advance"] not in open_.rules
    decided = outcome(RULES, table, "D", "stunned")
    assert decided.text == "Defender killed (already stunned)."
    assert RULES.rules["advance"] in decided.rules  # killed: the hex is empty


def test_attacker_results_fall_on_the_one_attacker() -> None:
    from companion.dark_blades.special import Hit

    table = CRT.tables["infantry-vs-infantry"]
    assert outcome(RULES, table, "A").text is None  # attacker unknown: as printed
    dog = outcome(RULES, table, "A", attacker=Hit("healthy", "dog"))
    assert dog.text.startswith("Attacking dog killed") and dog.short == "dog dead"
    hurt = outcome(RULES, table, "A", attacker=Hit("wounded", "character"))
    assert hurt.text == "Attacker killed (already wounded)."
    boxed = outcome(RULES, table, "B", attacker=Hit("healthy", "character", True))
    assert boxed.text == "Attacker wounded instead: cannot retreat (boxed in)."
    assert RULES.rules["advance"] not in boxed.rules
