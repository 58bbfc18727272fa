"""`havoc crt`, `havoc missile`, `havoc terrain` at the table: the answer first, short to type,
notes only when they apply, and every reading of the kit's labelled as such (issue 6)."""

from __future__ import annotations

import json
import os
import tomllib

import pytest

from companion.data import default_cards_dir
from tests.conftest import ROOT, assert_narrow

CARDS = default_cards_dir() / "dark-blades"
CRT = tomllib.loads((CARDS / "crt.toml").read_text(encoding="utf-8"))
LONG = ("crt", "infantry-vs-infantry", "--attack", "8", "--defence", "3")


def lines(result) -> list[str]:
    assert result.exit_code == 0, result.output
    assert_narrow(result.output)
    return result.output.splitlines()


def test_the_answer_is_the_first_line(havoc) -> None:
    hit = lines(havoc("crt", "ii", "8", "3", "1"))
    assert hit[0] == "E  Defender wounded."
    assert "8÷3 = 2-1, die 1 (given)" in hit
    lost = lines(havoc("--source-only", "crt", "ii", "8", "3", "3"))
    assert lost[0] == "not in the source rules"
    assert "fill in: row 3, column 2-1 (-e)" in lost
    assert len(hit) <= 7 and len(lost) <= 6  # was 12 and 19 lines
    kit = lines(havoc("crt", "ii", "8", "3", "3"))
    assert kit[:2] == ["C  Defender retreats 1 hex★.", "  kit's completion: rulebook cell lost"]
    no_shot = lines(havoc("missile", "crossbow", "5", "5", "i", "-c", "inf"))
    assert no_shot[0] == "NO SHOT"


def test_short_forms_give_the_same_record(havoc) -> None:
    want = json.loads(havoc(*LONG, "--die", "1", "--json").output)
    for args in (
        ("crt", "ii", "8", "3", "1"),
        ("crt", "inf-inf", "-a", "8", "-d", "3", "--die", "1"),
        ("crt", "INFANTRY-VS-INFANTRY", "8", "--defense", "3", "--die", "1"),
        ("crt", "Infantry-vs-I", "8", "3", "--die", "1"),
    ):
        assert json.loads(havoc(*args, "--json").output) == want, args
    assert len("havoc crt ii 8 3") < len("havoc " + " ".join(LONG))


@pytest.mark.parametrize(
    "args,words",
    [
        (("crt", "ii", "8", "3", "--die", "1", "--die", "2"), "--die given twice"),
        (("crt", "ii", "8", "3", "1", "--die", "2"), "die given twice"),
        (("crt", "ii", "8", "3", "-d", "4"), "defence given twice"),
        (("crt", "nosuch"), "unknown results table 'nosuch'"),  # the name before the rest
        (("crt", "nosuch", "--die", "99"), "unknown results table"),
        (("crt", "m"), "could be"),  # mounted-vs-..., missile-vs-...
        (("crt", "ii", "8"), "give the attack and the defence"),
        (("missile", "cross", "10", "5", "i", "-r", "4"), "range given twice"),
        (("missile", "longbow", "10", "5", "i"), "unknown missile weapon 'longbow'"),
        (("missile", "cross", "10", "5"), "give i or m (havoc missile crossbow 10 8 i)"),
        (("missile", "cross"), "give the RANGE, the target's DEFENCE and i or m"),
        (
            ("missile", "bow", "--map", "arena", "--from", "K1", "--to", "K3"),
            "--map gives the range: give the target's DEFENCE and i or m",
        ),
        (("missile", "bow", "8", "--map", "arena", "--from", "K1", "--to", "K3"), "give i or m"),
        (("missile", "breath", "11", "5", "i"), "--range 11: out of range"),
        (("crt", "ii", "8", "3", "-D", "bridge"), "not in the source rules"),
        (("crt", "ii", "8", "3", "-A", "wall"), "has no wall row"),
    ],
)
def test_refusals_are_one_line_exit_2(havoc, args, words) -> None:
    result = havoc(*args)
    assert result.exit_code == 2, result.output
    assert words in result.output and len(result.output.strip().splitlines()) == 1


def test_notes_only_when_they_apply(havoc) -> None:
    fast = CRT["missile-vs-mounted"]["note"].split()[0:4]  # "If a mounted opponent"
    out = havoc("missile", "cross", "28", "10", "m", "--die", "1").output
    assert " ".join(fast) not in out  # the fast-rider note: not asked for, not shown
    assert " ".join(fast) in " ".join(
        havoc("missile", "cross", "28", "10", "m", "-e").output.split()
    )
    out = havoc("crt", "mounted-vs-mounted", "3", "1", "1").output
    assert "dash" not in out  # the dash note: no dash in this cell
    out = havoc("crt", "ii", "1", "1", "2").output  # C: Defender retreats 1 hex★
    assert out.count("★ see the footnote: --explain") == 1
    assert "A retreating character" not in out
    assert "A retreating character" in havoc("crt", "ii", "1", "1", "2", "-e").output
    assert "footnote" not in havoc("crt", "ii", "8", "3", "1").output


def test_wording(havoc) -> None:
    assert "Shortbow, 1 hex (short): 20" in havoc("missile", "shortbow", "1", "5", "i").output
    assert "12 hexes" in havoc("missile", "shortbow", "12", "5", "i", "--die", "1").output
    # mutual advantage: no shift, never "left 0 columns"
    out = havoc("crt", "ii", "8", "3", "1", "-A", "door", "-D", "window").output
    assert "0 column" not in out and "no shift: terrain door + v window +" in out
    out = havoc("crt", "ii", "8", "3", "1", "-A", "+", "-D", "+").output
    assert "0 column" not in out and "shift" not in out


def test_off_table_odds_are_labelled_the_kits_reading(havoc) -> None:
    short = CRT["readings"]["off-table"]["short"]
    assert short.startswith("kit's reading") and len(short) <= 40
    out = lines(havoc("crt", "ii", "30", "1", "1"))
    assert short in out and "30÷1 = 30-1 → 12-1, die 1 (given)" in out
    out = lines(havoc("crt", "ii", "1", "2", "1", "-R"))  # 1-2, then the Ring: past the end
    assert short in out and "column 1-2 (end), die 1 (given)" in out
    assert short not in havoc("crt", "ii", "8", "3", "1").output
    data = json.loads(havoc("crt", "ii", "30", "1", "1", "--json").output)
    assert data["kits_readings"][0]["name"] == "off-table"
    assert data["kits_readings"][0]["text"] == CRT["readings"]["off-table"]["text"]
    assert CRT["readings"]["off-table"]["text"] in " ".join(
        havoc("crt", "ii", "30", "1", "1", "-e").output.replace("\n  ", " ").split("\n")
    )


def test_missile_readings_are_labelled(havoc) -> None:
    ring = CRT["readings"]["ring-on-missiles"]["short"]
    assert ring in lines(havoc("missile", "cross", "10", "5", "i", "1", "-R"))
    assert ring not in havoc("crt", "ii", "8", "3", "1", "-R").output  # hand-to-hand: the rule
    data = json.loads(havoc("missile", "cross", "10", "5", "i", "1", "-R", "--json").output)
    assert data["shifts"][0]["kits_reading"] == CRT["readings"]["ring-on-missiles"]["text"]
    terrain = CRT["readings"]["no-terrain-on-missiles"]["short"]
    result = havoc("crt", "missile-vs-infantry", "8", "3", "-D", "+")
    assert result.exit_code == 2 and terrain in result.output


def test_no_shot_when_adjacent(havoc) -> None:
    for weapon in ("shortbow", "crossbow", "bow"):
        out = lines(havoc("missile", weapon, "1", "10", "i"))
        assert out[0] == "NO SHOT" and "adjacent" in out[1]
        data = json.loads(havoc("missile", weapon, "1", "10", "i", "--json").output)
        assert data["no_shot"] is True and "adjacent to an enemy" in data["rule"]
    assert lines(havoc("missile", "shortbow", "2", "10", "i", "--die", "1"))[0] != "NO SHOT"
    assert lines(havoc("missile", "breath", "1", "10", "i", "--die", "1"))[0] != "NO SHOT"


def test_gargoyles_breath(havoc) -> None:
    data = json.loads(havoc("missile", "breath", "10", "10", "i", "--die", "1", "--json").output)
    assert (data["weapon"], data["strength"], data["table"]) == (
        "Gargoyle's Breath",
        20,
        "infantry-vs-infantry",
    )
    assert data["result"] == "E" and data["void"] is None
    # 1-2 odds, face 2 on Infantry Against Mounted is C, "Attacker retreats 1 hex": no effect
    data = json.loads(havoc("missile", "breath", "5", "40", "m", "--die", "2", "--json").output)
    assert data["table"] == "infantry-vs-mounted" and data["result"] == "B"
    assert data["meaning"].startswith("Attacker") and "adverse" in data["void"]
    assert [r["name"] for r in data["kits_readings"]] == ["breath-adverse_reading"]
    out = lines(havoc("missile", "breath", "5", "40", "m", "--die", "2"))
    assert " ".join(" ".join(out[:2]).split()) == (
        "B No effect on the Gargoyle (Attacker retreats 2 hexes★.)"
    )
    assert "kit's reading: Attacker results void" in out
    cover = havoc("missile", "breath", "5", "10", "i", "-c", "light")
    assert cover.exit_code == 2 and "kit's reading: no cover on the Breath" in cover.output


def test_a_counter_word_resolves_with_its_reading(havoc) -> None:
    data = json.loads(havoc("missile", "bow", "20", "10", "i", "--die", "1", "--json").output)
    assert data["weapon"] == "Shortbow" and data["typed"] == "bow" and data["strength"] == 10
    assert data["kits_readings"][0]["short"] == "kit's reading: a bow is a shortbow"
    assert "kit's reading: a bow is a shortbow" in havoc("missile", "bow", "20", "10", "i").output
    assert "kit's reading" not in havoc("missile", "shortbow", "20", "10", "i", "--die", "1").output


# The rulebook's Terrain Types rows, spelled out independently of terrain.toml:
# (movement cost, cover, advantage) as printed.
PRINTED = {
    "Slope": ("2", "Medium", "-"),
    "Tree": ("Impassable to horsemen; 2 - foot", "Light", "+"),
    "House Interior": ("Impassable to horses (except door hexes); 1 - foot", "None", "0"),
    "Window in Building Wall": (
        "Impassable to horses; 3 - foot",
        "Medium",
        "+ (if defending through window, otherwise 0)",
    ),
    "Door in Building Wall": ("1", "Medium", "+"),
    "Open Ground": ("1", "None", "0"),
}


def test_the_terrain_table_is_the_rulebooks(havoc) -> None:
    data = json.loads(havoc("terrain", "--json").output)
    rows = {t["printed"]: (t["movement"], t["cover"], t["advantage"]) for t in data["terrain"]}
    assert rows == PRINTED
    for name in ("bridge", "stepping-stones", "water", "wall", "bushes", "hillock", "bars"):
        assert name in data["unlisted"]
        out = lines(havoc("terrain", name))
        assert out[0] == "not in the source rules"
    window = json.loads(havoc("terrain", "win", "--json").output)
    assert window["kits_reading"]["short"] == "kit's reading: window defender is +"
    assert_narrow(havoc("terrain").output)
    assert_narrow(havoc("terrain", "-e").output)


@pytest.mark.parametrize(
    "attacker,defender,columns",
    [
        ("tree", "slope", 2),  # + v -
        ("slope", "tree", -2),  # - v +
        ("open", "door", -1),  # 0 v +
        ("house", "slope", 1),  # 0 v -
        ("window", "open", 0),  # an attacker in a window is not defending: 0 v 0
        ("open", "window", -1),  # the kit's reading: the defender defends through it
        ("open,slope", "open", -1),  # mounted: the most disadvantageous of his two hexes
        ("T", "SL", 2),  # names by start, any case
    ],
)
def test_terrain_names_shift_as_the_table_says(havoc, attacker, defender, columns) -> None:
    table = "mou-inf" if "," in attacker else "ii"  # only a horseman stands on two hexes
    args = ("crt", table, "4", "1", "1", "-A", attacker, "-D", defender, "--json")
    data = json.loads(havoc(*args).output)
    assert sum(s["columns"] for s in data["shifts"]) == columns
    assert data["column"] == CRT["columns"][CRT["columns"].index("4-1") + columns]
    readings = [r["name"] for r in data["kits_readings"]]
    assert ("terrain-window" in readings) == (defender == "window")


def test_sources_and_readmes_do_not_over_claim() -> None:
    for name in ("crt.toml", "missiles.toml", "terrain.toml"):
        text = (CARDS / name).read_text(encoding="utf-8")
        assert "1986" not in text and "Standard Games" not in text, name
    for path in (CARDS / "README.md", CARDS / "pieces.csv", ROOT / "README.md"):
        text = " ".join(path.read_text(encoding="utf-8").split())
        assert "about 10" not in text and "shortbow at short range" not in text, path
        assert "only Quill and the Shaman cast spells" not in text, path
    notes = (CARDS / "pieces.csv").read_text(encoding="utf-8")
    assert "in the scenarios only Quill and the Shaman are spellcasters" in notes
    assert "Labern the bow" in notes and "the kit's reading is a shortbow" in notes


def test_weapons_the_rules_do_not_give_are_labelled_the_kits() -> None:
    import csv

    given = {
        "Dark Blades",
        "Quill",
        "Shaman",
        "Laberne",
        "Gargoyle",
        "Mon-Oger Elite Pole-Arm",
        "Mon-Oger Elite Axe",
        "Mon-Oger Sword",
    }
    text = (CARDS / "pieces.csv").read_text(encoding="utf-8")
    rows = csv.DictReader(line for line in text.splitlines() if not line.startswith("#"))
    for row in rows:
        if row["name"] not in given:
            assert "the kit's" in row["notes"], row["name"]


def test_shell_completion_offers_names(havoc, monkeypatch) -> None:
    from companion.cli import main
    from tests.conftest import run

    def complete(words: str) -> list[str]:
        env = {"_HAVOC_COMPLETE": "bash_complete", "COMP_WORDS": words}
        env["COMP_CWORD"] = str(len(words.split()) - (0 if words.endswith(" ") else 1))
        for key, value in env.items():
            monkeypatch.setenv(key, value)
        try:
            result = run(main, [])
        finally:
            for key in env:
                monkeypatch.delenv(key)
        return [line.split(",", 1)[1] for line in result.output.splitlines()]

    assert complete("havoc crt inf") == ["infantry-vs-infantry", "infantry-vs-mounted"]
    assert complete("havoc missile b") == ["breath", "bow"]
    assert complete("havoc crt ii 8 3 -D s") == ["slope"]
    assert "river-crawl-out" in complete("havoc table ri")
    assert os.environ.get("_HAVOC_COMPLETE") is None


def test_the_table_list_shows_a_short_form_that_works(havoc) -> None:
    listed = [line for line in lines(havoc("crt")) if not line.startswith(" ")]
    tables = [k for k, v in CRT.items() if isinstance(v, dict) and "rows" in v]
    assert [line.split()[0] for line in listed] == tables
    for line in listed:
        name, short = line.split()[0], line.split()[1].strip("()")
        data = json.loads(havoc("crt", short, "4", "1", "1", "--json").output)
        assert data["table"] == name


def test_terrain_json_keys_are_the_documented_ones(havoc) -> None:
    from tests.companion.test_cli_common import documented_keys

    documented = documented_keys(havoc("terrain", "--help").output)
    assert set(json.loads(havoc("terrain", "--json").output)) == documented


def test_a_broken_table_file_breaks_only_that_table(havoc, tmp_path) -> None:
    mine = tmp_path / "dark-blades" / "tables"
    mine.mkdir(parents=True)
    (mine / "quicksand.toml").write_text('title = "Quicksand"\ndie = "d6"\n', encoding="utf-8")
    listing = havoc("--cards", tmp_path, "table")
    out = lines(listing)
    assert "  quicksand (BROKEN)" in out and "    missing key 'rows'" in out
    assert "  lake (d10)" in out
    data = json.loads(havoc("--cards", tmp_path, "table", "--json").output)
    assert {"name": "quicksand", "game": "dark-blades"}.items() <= data[-1].items()
    assert "missing key 'rows'" in data[-1]["error"]
    assert lines(havoc("--cards", tmp_path, "table", "lake", "--die", "1"))[0].startswith("Move")
    refused = havoc("--cards", tmp_path, "table", "quick")
    assert refused.exit_code == 2 and "quicksand.toml: missing key 'rows'" in refused.output


@pytest.mark.parametrize(
    "terrain,columns,kind",
    [("tree", -1, "light"), ("slope", -2, "medium"), ("W", -2, "medium"), ("house", 0, None)],
)
def test_cover_by_terrain_takes_the_tables_cover_type(havoc, terrain, columns, kind) -> None:
    args = ("missile", "crossbow", "10", "10", "i", "1", "-c", terrain)
    data = json.loads(havoc(*args, "--json").output)
    assert sum(s["columns"] for s in data["shifts"]) == columns
    if kind:
        (shift,) = data["shifts"]
        assert f"cover {kind} (" in shift["reason"] and "Terrain Types" in shift["reason"]
        assert f"{kind} cover (" in havoc(*args).output
    if terrain == "slope":  # the rulebook's Cover section: only over the top lip
        text = " ".join(havoc(*args, "-e").output.split())
        assert "crossing the top lip of the slope" in text


def test_cover_by_terrain_is_for_missiles_only(havoc) -> None:
    result = havoc("crt", "ii", "8", "3", "-c", "tree")
    assert result.exit_code == 2 and "missile fire only" in result.output
    result = havoc("missile", "breath", "5", "10", "i", "-c", "tree")
    assert result.exit_code == 2 and "kit's reading: no cover on the Breath" in result.output
