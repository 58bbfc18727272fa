"""`havoc fight`: lookups by the pieces' names (issue 14 §3) give the same record as `havoc crt`
with the roster's values, the table from the pieces' kinds and the defender's rules."""

from __future__ import annotations

import json

import pytest

from companion.dark_blades import fight, pieces
from companion.data import Cards
from companion.errors import InputError

ROSTER = pieces.load(Cards()).roster
BY_NAME = {c.name: dict(c.values) for c in ROSTER}


def record(havoc, *args: str) -> dict:
    result = havoc("fight", *args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_same_as_havoc_crt_with_the_rosters_values(havoc) -> None:
    thrugg, grast = BY_NAME["Thrugg Lumpthew"], BY_NAME["Grast"]
    got = record(havoc, "thr:mounted", "gra:wounded:mounted", "7")
    attack, defence = thrugg["mounted_attack"], grast["mounted_wounded_defence"]
    asked = ("crt", "mou-mou", str(attack), str(defence), "7", "--defender-state", "wounded")
    want = json.loads(havoc(*asked, "--json").output)
    assert got["table"] == "mounted-vs-mounted"
    assert (got["attack"], got["defence"]) == (attack, defence)
    for key in ("raw_odds", "column", "result", "meaning", "chances"):
        assert got[key] == want[key], key
    assert got["defender_state"] == "wounded" and got["values"] == "kit"
    assert [d["name"] for d in got["defenders"]] == ["Grast"]


def test_the_answer_comes_first_and_says_the_values_are_the_kits(havoc) -> None:
    lines = havoc("fight", "thr:foot", "gob", "1").output.splitlines()
    want = json.loads(havoc("fight", "thr:foot", "gob", "1", "--json").output)
    assert lines[0].startswith(f"{want['result']}  ")
    assert "values: the kit's (pieces.csv)" in lines
    assert all(len(line) <= 40 for line in lines)
    assert want["table"] == "infantry-vs-infantry"
    assert want["attack"] == BY_NAME["Thrugg Lumpthew"]["attack"]


def test_several_a_side_combine_and_the_owner_picks(havoc) -> None:
    goblin = BY_NAME["Goblin"]["attack"]
    one = record(havoc, "gob,gob", "gra:foot", "1")
    two = record(havoc, "gob", "gra:foot", "1", "-a", "gob")
    assert one["attack_strengths"] == two["attack_strengths"] == [goblin, goblin]
    assert "several" in [r["name"] for r in one["rules"]]


def test_dogs_mules_and_trolls_get_their_rules(havoc) -> None:
    mule = record(havoc, "gob", "pack", "1")
    assert mule["table"] == "infantry-vs-mounted"  # a mule is a mounted target
    assert mule["defender_kind"] == "mule"
    dog = record(havoc, "gob", "zat", "1")
    assert dog["table"] == "infantry-vs-infantry" and dog["defender_kind"] == "dog"
    troll = record(havoc, "gra:foot", "troll", "1")
    assert troll["defender_kind"] == "troll"


def test_missile_fire_by_name(havoc) -> None:
    got = record(havoc, "lab:foot", "gob", "2", "-r", "12")
    want = json.loads(havoc("missile", "bow", "12", "7", "i", "2", "--json").output)
    assert BY_NAME["Goblin"]["defence"] == 7
    assert got["result"] == want["result"] and got["strength"] == want["strength"]
    mounted = havoc("fight", "lab:mounted", "gob", "-r", "12")
    assert mounted.exit_code != 0 and "mounted characters may not fire" in mounted.output


def test_mixed_mounted_and_foot_attackers_take_the_kits_reading(havoc) -> None:
    """Horsemen and men on foot who combine: the table of the kind bringing the greater part of
    the attack strength (the infantry table on a tie), labelled as the kit's reading."""
    gra = BY_NAME["Grast"]["mounted_attack"]
    gob = BY_NAME["Goblin"]["attack"]
    assert gra > gob  # one rider outweighs one goblin; enough goblins outweigh him
    goblins = gra // gob + 1
    rider = record(havoc, "gob,gra:mounted", "thr", "1")
    foot = record(havoc, ",".join(["gob"] * goblins + ["gra:mounted"]), "thr", "1")
    assert rider["table"] == "mounted-vs-infantry" and foot["table"] == "infantry-vs-infantry"
    assert rider["attack"] == gra + gob and foot["attack"] == gra + goblins * gob
    for got in (rider, foot):
        names = [r["name"] for r in got["kits_readings"]]
        assert "mixed-attackers" in names
        assert any("combine" in r["rule"] for r in got["rules"])
    alone = record(havoc, "gob,gob", "thr", "1")
    assert "mixed-attackers" not in [r["name"] for r in alone["kits_readings"]]
    text = havoc("fight", "gob,gra:mounted", "thr", "1").output
    assert "kit's reading: mixed: stronger's table" in text


def _face(got: dict, starts: str) -> int:
    """A die face of the final column whose result's meaning starts so."""
    return next(c["faces"][0] for c in got["chances"] if c["meaning"].startswith(starts))


def test_a_retreat_on_a_bridge_or_the_stones_falls_in(havoc) -> None:
    """ "Any character in combat receiving a retreat result falls in": the outcome says so,
    with the swim command, and each side's rule is listed whatever the die."""
    plain = record(havoc, "thr", "gra", "1")
    retreat = _face(plain, "Defender retreats")
    assert plain["outcome"] is None or "falls in" not in plain["outcome"]
    for where, rule in (("bridge", "Bridges must be crossed"), ("st", "Stepping stones")):
        got = record(havoc, "thr", "gra", str(retreat), "--defender-on", where)
        assert got["result"] == record(havoc, "thr", "gra", str(retreat))["result"]
        assert "Defender falls in" in got["outcome"] and "havoc swim" in got["outcome"]
        assert any(r["rule"].startswith(rule) for r in got["rules"])
        other = record(havoc, "thr", "gra", "1", "--defender-on", where)
        assert any(r["rule"].startswith(rule) for r in other["rules"])
    back = _face(record(havoc, "gra", "thr", "1"), "Attacker retreats")
    got = record(havoc, "gra", "thr", str(back), "--attacker-on", "bridge")
    assert got["outcome"].startswith("Attacker falls in")
    dazed = _face(record(havoc, "gob", "gra:boxed:stunned", "1"), "Defender retreats")
    boxed = record(havoc, "gob", "gra:boxed:stunned", str(dazed), "--defender-on", "bridge")
    assert "falls in" in boxed["outcome"] and "stunned already" in boxed["outcome"]


def test_stunned_drowns_and_wounded_rolls_on_the_stones(havoc) -> None:
    """On the stones, a stun drowns, a wound falls in on 1-5 (the kit's reading: by this
    combat, labelled); --source-only quotes the rule and decides nothing."""
    plain = record(havoc, "thr", "gra", "1")
    wound = _face(plain, "Defender wounded")
    got = record(havoc, "thr", "gra", str(wound), "--defender-on", "stepping-stones")
    assert "1-5 falls in and drowns" in got["outcome"]
    assert "stones-hurt" in [r["name"] for r in got["kits_readings"]]
    hurt = record(havoc, "thr", "gra:wounded", str(wound), "--defender-on", "stepping-stones")
    assert hurt["outcome"] == "Defender killed (already wounded)."  # further injury first
    bridge = record(havoc, "thr", "gra", str(wound), "--defender-on", "bridge")
    assert bridge["outcome"] is None  # only the stones drown the hurt
    strict = havoc("--source-only", "fight", "thr", "gra", str(wound), "--defender-on", "st")
    assert strict.exit_code == 0 and "drowns" not in strict.output.split("\n")[0]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("gob:stunned", "gra"), "stunned: may not attack"),
        (("xyz", "gra"), "unknown attacker name 'xyz'"),
        (("zat:wounded", "gra"), "only alive and dead"),
        (("thr", "gob,gra:mounted"), "mix mounted and foot"),  # defenders: one table
        (("gob,gra:mounted,gob:stunned", "thr"), "stunned: may not attack"),
        (("gob",), "give an attacker and a defender"),
        (("thr", "gra:mounted", "--defender-on", "bridge"), "on foot only"),
        (("thr", "gra", "--defender-on", "lake"), "unknown footing 'lake'"),
        (("lab:foot", "gob", "-r", "3", "--defender-on", "bridge"), "hand-to-hand only"),
        (("gob", "thr", "-r", "3"), "Goblin: his weapon, sword (pieces.csv), is not a missile"),
        (("troll", "thr", "-r", "3"), "Troll: his weapon, claws (pieces.csv), is not a missile"),
        (("sarah", "thr", "-r", "3"), "Sarah: has no weapon (pieces.csv)"),
    ],
)
def test_refusals_are_one_line(havoc, args: tuple[str, ...], message: str) -> None:
    result = havoc("fight", *args)
    assert result.exit_code != 0 and message in result.output
    assert "Traceback" not in result.output


def test_names_by_start_words_or_initials() -> None:
    assert fight.find(ROSTER, "thr", "x").name == "Thrugg Lumpthew"
    assert fight.find(ROSTER, "bf", "x").name == "The Black Fox"
    assert fight.find(ROSTER, "elite axe", "x").name == "Mon-Oger Elite Axe"
    with pytest.raises(InputError, match="could be"):
        fight.find(ROSTER, "mon-oger elite", "x")


def test_on_foot_unless_asked_or_the_scenario_starts_him_mounted(havoc) -> None:
    """Issue 21 §4: Dark Blades fights the Dworc on foot (the Arena: "both sides on foot")."""
    assert record(havoc, "db", "dworc", "7")["table"] == "infantry-vs-infantry"
    assert record(havoc, "db:mounted", "dworc", "7")["table"] == "mounted-vs-infantry"
    raid = record(havoc, "bf", "db", "7", "--scenario", "raid")  # "The 'Fox' ... on horses"
    assert raid["table"] == "mounted-vs-infantry" and raid["scenario"] == "The Raid"
    assert record(havoc, "bf:foot", "db", "7", "--scenario", "raid")["table"].startswith("inf")
    assert record(havoc, "bf", "db", "7", "--scenario", "arena")["table"].startswith("inf")
    shaman = record(havoc, "gob", "shaman", "7", "--scenario", "the raid")
    assert shaman["defenders"][0]["mounted"] is True
    bad = havoc("fight", "bf", "db", "--scenario", "nowhere")
    assert bad.exit_code == 2 and bad.output.count("\n") == 1 and "--scenario" in bad.output


def test_an_attacking_dog_dies_of_a_wound(havoc) -> None:
    """ "Treat any 'stun' or 'wounded' result to the dog as 'dead'", attacking too."""
    got = record(havoc, "zatan", "gob", "7")  # A: Attacker wounded
    assert got["result"] == "A" and got["meaning"] == "Attacker wounded."
    assert got["outcome"].startswith("Attacking dog killed")
    assert "dog" in [r["name"] for r in got["rules"]]
    chance = {c["result"]: c["effect"] for c in got["chances"]}
    assert chance["A"] == "dog dead"
    assert record(havoc, "gob", "gra:foot", "7")["outcome"] is None  # a character: as printed


def test_a_wounded_attacker_wounded_again_dies(havoc) -> None:
    got = record(havoc, "gob:wounded", "gra:foot", "0")  # 2 v 12: A at 1-2 on a 0
    assert got["result"] == "A" and got["outcome"] == "Attacker killed (already wounded)."


@pytest.mark.parametrize(
    ("args", "rule"),
    [
        (("db:sword", "gob"), '"Dark Blades" cannot use the magic sword'),
        (("db", "gob", "-S"), '"Dark Blades" cannot use the magic sword'),
        (("gob", "bf:ring"), 'The "Black Fox" will not wear this ring'),
        (("gob", "bf", "-R"), 'The "Black Fox" will not wear this ring'),
    ],
)
def test_magic_items_refuse_their_named_holders(havoc, args: tuple[str, ...], rule: str) -> None:
    result = havoc("fight", *args, "1")
    assert result.exit_code == 2 and rule in result.output
    assert "Optional Rules" in result.output and result.output.count("\n") == 1


def test_magic_items_by_holder(havoc) -> None:
    sword = record(havoc, "gra:sword", "gob", "1")
    assert [s["reason"].split(" (")[0] for s in sword["shifts"]] == ["Magic Sword"]
    assert sword["attackers"][0]["sword"] is True
    ring = record(havoc, "gob", "gra:ring", "1")
    assert ring["shifts"][0]["columns"] == -1 and ring["defenders"][0]["ring"] is True
    both = record(havoc, "db,gra", "gob", "-S", "1")  # Grast may hold it
    assert both["shifts"][0]["columns"] == 2
    for args, said in (
        (("gob", "gra:sword"), "give :sword to an attacker"),
        (("gob:ring", "gra"), "give :ring to a defender"),
        (("gra:sword,hoh:sword", "gob"), "only one Magic Sword"),
        (("lab:sword", "gob", "-r", "5"), "hand-to-hand combat only"),
    ):
        result = havoc("fight", *args)
        assert result.exit_code == 2 and said in result.output, args


def test_a_retreat_that_cannot_be_made_wounds(havoc) -> None:
    """ "If unable to retreat, the character is wounded instead", then further injury."""
    boxed = record(havoc, "gob", "gra:boxed", "1")  # 6 v 12 = 1-2: C, Defender retreats
    assert boxed["result"] == "C"
    assert boxed["outcome"] == "Defender wounded instead: cannot retreat (boxed in)."
    assert "retreat" in [r["name"] for r in boxed["rules"]] and not boxed["kits_readings"]
    hurt = record(havoc, "gob", "gra:boxed:wounded", "2")  # 6 v 5 = 1-1: C
    assert hurt["outcome"].startswith("Defender killed: cannot retreat (boxed in)")
    assert {"retreat", "further-injury"} <= {r["name"] for r in hurt["rules"]}
    stunned = record(havoc, "gob", "gra:stunned", "2")  # stunned "may not move": the kit's
    assert stunned["outcome"].startswith("Defender killed: cannot retreat (stunned)")
    assert "stunned-cannot-retreat" in [r["name"] for r in stunned["kits_readings"]]
    chance = {c["result"]: c["effect"] for c in stunned["chances"]}
    assert chance["C"] == "dead (kit)" and chance["E"] == "dead" and chance["B"] is None
    open_ = record(havoc, "gob", "gra:stunned", "2", "--source-only")
    assert open_["outcome"].startswith("Open: the rules do not say if a stunned")
    free = record(havoc, "gob", "gra", "1")  # 6 v 12: C, he may retreat
    assert free["outcome"] is None and free["result"] == "C"


def test_the_chance_line_says_what_each_result_does_here(havoc) -> None:
    lines = havoc("fight", "gob", "gra:stunned", "2").output.splitlines()
    text = " ".join(lines)
    assert "E→dead 1/10" in text and "C→dead (kit)" in text
    assert "kit's reading: stunned cannot retreat" in lines
    assert all(len(line) <= 40 for line in lines)


def test_mule_train_the_black_fox_side_may_not_attack_the_mules(havoc, tmp_path) -> None:
    """Mule Train's special rule: "The Black Fox player may not attempt to kill the mules"."""
    for args in (
        ("elv", "pack mule", "3"),
        ("troll,elv", "pack mule", "3"),
        ("elv", "mule", "-r", "4"),
    ):
        result = havoc("fight", *args, "--scenario", "mule")
        assert result.exit_code == 2 and result.output.count("\n") <= 1, result.output
        assert "may not attack the Pack Mule" in result.output
        assert "may not attempt to kill the mules" in result.output
    assert havoc("fight", "elv", "pack mule", "3").exit_code == 0  # no scenario: no such rule
    assert havoc("fight", "zatan", "pack mule", "3", "--scenario", "mule").exit_code == 0
    assert havoc("fight", "elv", "thr", "3", "--scenario", "mule").exit_code == 0
    import shutil

    from tests.conftest import ROOT

    mine = tmp_path / "dark-blades" / "scenarios"
    mine.mkdir(parents=True)
    text = (ROOT / "cards/dark-blades/scenarios/mule-train.toml").read_text(encoding="utf-8")
    (mine / "mule-train.toml").write_text(
        text.replace("may_not_attack_rule = 3", "may_not_attack_rule = 9"), encoding="utf-8"
    )
    bad = havoc("--cards", tmp_path, "fight", "elv", "pack mule", "3", "--scenario", "mule")
    assert bad.exit_code == 2 and "may_not_attack_rule" in bad.output
    assert "expected the number of the special rule that says so (1 to 3)" in bad.output
    shutil.rmtree(mine)
