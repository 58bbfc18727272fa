"""`havoc roll`, `havoc crt`, `havoc missile`, `havoc table`: output, --json keys, refusals."""

from __future__ import annotations

import itertools
import json
import subprocess
import sys
import tomllib
from collections import Counter

import pytest

from tests.conftest import ROOT, assert_narrow

CARDS = ROOT / "cards" / "dark-blades"


def brute_at_least(count: int, sides: int, total: int) -> int:
    return sum(1 for f in itertools.product(range(1, sides + 1), repeat=count) if sum(f) >= total)


def test_roll_json_keys_and_exact_chance(havoc) -> None:
    result = havoc("roll", "2d6", "3d6-1", "--seed", "11", "--json")
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert [r["expression"] for r in data["rolls"]] == ["2d6", "3d6-1"]
    for r in data["rolls"]:
        assert {"expression", "dice", "modifier", "total", "chance_at_least"} <= set(r)
        assert r["total"] == sum(r["dice"]) + r["modifier"]
    two, three = data["rolls"]
    num, den = (int(x) for x in two["chance_at_least"].split("/"))
    assert num * 36 == brute_at_least(2, 6, two["total"]) * den
    assert three["modifier"] == -1
    num, den = (int(x) for x in three["chance_at_least"].split("/"))
    assert num * 216 == brute_at_least(3, 6, three["total"] + 1) * den


@pytest.mark.parametrize("faces", [(1, 1), (3, 4), (6, 6), (2, 5)])
def test_roll_takes_real_dice_and_gives_their_exact_chance(havoc, faces) -> None:
    args = ["roll", "2d6", *[x for f in faces for x in ("--die", str(f))]]
    data = json.loads(havoc(*args, "--json").output)["rolls"][0]
    assert data["dice"] == list(faces) and data["rolled"] is False
    total = sum(faces)
    num, den = (int(x) for x in (data["chance_at_least"] + "/1").split("/")[:2])
    assert num * 36 == brute_at_least(2, 6, total) * den
    text = havoc(*args).output
    assert text.startswith(f"{total} on 2d6 (given): {faces[0]} {faces[1]}\n")


def test_roll_refuses_dice_that_do_not_fit(havoc) -> None:
    for args, words in (
        (["2d6", "--die", "7", "--die", "1"], "--die 7: a d6 shows 1 to 6"),
        (["2d6", "--die", "3"], "more dice are needed than the 1 given"),
        (["d6", "--die", "3", "--die", "4"], "1 more than needed given (4)"),
    ):
        result = havoc("roll", *args)
        assert result.exit_code == 2 and words in result.output, result.output
    mixed = json.loads(havoc("roll", "2d6", "--die", "3", "--seed", "1", "--json").output)
    assert mixed["rolls"][0]["dice"][0] == 3 and mixed["rolls"][0]["rolled"] is True


def test_roll_seed_reproduces_and_text_shows_chance(havoc) -> None:
    first = havoc("roll", "4d6", "--seed", "99").output
    assert first == havoc("roll", "4d6", "--seed", "99").output
    assert "or more:" in first


def test_roll_answers_first_short_flags(havoc) -> None:
    text = havoc("roll", "2d6", "-d", "3", "-d", "4").output.splitlines()
    assert text[0] == "7 on 2d6 (given): 3 4"
    assert havoc("roll", "d6", "-d", "5").output.splitlines()[0] == "5 on d6 (given)"
    big = havoc("roll", "200d6", "-s", "1").output.splitlines()
    total = json.loads(havoc("roll", "200d6", "--seed", "1", "--json").output)["rolls"][0]
    assert big[0].startswith(f"{total['total']} on 200d6: ")


def test_stats_ranges_and_plurals_read_well(havoc) -> None:
    assert havoc("roll", "--stats", "1d4-6").output.splitlines()[0] == (
        "1d4-6: totals -5 to -2, 4 throws"
    )
    assert havoc("roll", "--stats", "d1").output.splitlines()[0] == "d1: always 1, 1 throw"
    assert havoc("roll", "--stats", "2d6").output.splitlines()[0] == "2d6: totals 2-12, 36 throws"


@pytest.mark.parametrize("extra", [("--seed", "3"), ("-s", "3"), ("--die", "4")])
def test_stats_alone_refuses_seed_and_die(havoc, extra) -> None:
    result = havoc("roll", "--stats", "2d6", *extra)
    assert result.exit_code == 2 and len(result.output.strip().splitlines()) == 1
    assert "--stats counts every throw and rolls nothing" in result.output
    both = havoc("roll", "d6", "--stats", "2d6", *extra)  # the seed or die goes to the d6
    assert both.exit_code == 0, both.output


def test_d10_ten_is_shown_as_zero(havoc) -> None:
    data = json.loads(havoc("roll", "40d10", "--seed", "1", "--json").output)["rolls"][0]
    assert 10 in data["dice"]
    assert [f for v, f in zip(data["dice"], data["faces"], strict=True) if v == 10] == ["0"] * (
        data["dice"].count(10)
    )
    text = havoc("roll", "40d10", "--seed", "1").output
    assert " 0 " in text and "0 is ten" in text


def test_stats_is_the_exact_distribution(havoc) -> None:
    data = json.loads(havoc("roll", "--stats", "3d6", "--json").output)["stats"][0]
    brute = Counter(sum(f) for f in itertools.product(range(1, 7), repeat=3))
    assert {d["total"]: d["ways"] for d in data["distribution"]} == dict(brute)
    assert data["outcomes"] == 216
    text = havoc("roll", "--stats", "2d6").output
    assert "16.7%" in text  # 7 on 2d6: 6/36


@pytest.mark.parametrize(
    "args,words",
    [
        (("99999999999d6",), "too many dice"),
        (("1000000d1000000",), "too many dice"),
        (("600d6", "600d6"), "at most 1000 in all"),
        (("--stats", "1000d6"), "possible totals"),
        (("2d6+1x",), "expected dice"),
    ],
)
def test_roll_refusals_exit_2_with_one_line(havoc, args, words) -> None:
    result = havoc("roll", *args)
    assert result.exit_code == 2
    assert words in result.output
    assert len(result.output.strip().splitlines()) == 1


def test_crt_rulebook_example_and_json_keys(havoc) -> None:
    result = havoc(
        "crt", "infantry-vs-infantry", "--attack", "8", "--defence", "3", "--die", "1", "--json"
    )
    data = json.loads(result.output)
    for key in (
        "column",
        "die",
        "result",
        "meaning",
        "attack",
        "defence",
        "raw_odds",
        "shifts",
        "chances",
    ):
        assert key in data
    assert data["raw_odds"] == "2-1" and data["column"] == "2-1"
    assert data["result"] == "E" and data["meaning"] == "Defender wounded."
    assert sum(int(c["chance"].split("/")[0]) for c in data["chances"]) == 10


@pytest.mark.parametrize("table", ["infantry-vs-infantry", "missile-vs-mounted"])
@pytest.mark.parametrize("column", ["1-2", "2-1", "5-1"])
def test_crt_chances_in_the_final_column_come_from_the_cards_file(havoc, table, column) -> None:
    """Each result's faces, as a fraction of the d10 and a percentage; blanks counted."""
    import tomllib

    from companion.data import default_cards_dir

    raw = tomllib.loads((default_cards_dir() / "dark-blades" / "crt.toml").read_text())
    index = raw["columns"].index(column)
    by_cell: dict[str, int] = Counter()
    for face in raw["faces"]:
        cells = raw[table]["rows"].get(str(face), [])
        by_cell[cells[index] if index < len(cells) else ""] += 1
    attack, defence = column.split("-")
    args = ("crt", table, "--attack", attack, "--defence", defence, "--die", "1", "--source-only")
    text = " ".join(havoc(*args).output.split())
    data = json.loads(havoc(*args, "--json").output)
    assert {c["result"] or "": int(c["chance"].split("/")[0]) for c in data["chances"]} == dict(
        by_cell
    )
    assert f"chance in {column}: " in text
    for cell, ways in by_cell.items():
        label = cell or "not in the source rules"
        assert f"{label} {ways}/10 (" in text, (label, text)
        item = next(c for c in data["chances"] if (c["result"] or "") == cell)
        assert item["percent"] == 100 * ways / 10


def test_crt_shifts_with_reasons(havoc) -> None:
    data = json.loads(
        havoc(
            "crt",
            "infantry-vs-infantry",
            "--attack",
            "8",
            "--defence",
            "3",
            "--attacker-terrain",
            "-",
            "--defender-terrain",
            "+",
            "--magic-sword",
            "--die",
            "1",
            "--json",
        ).output
    )
    assert [s["columns"] for s in data["shifts"]] == [-2, 2]
    assert all(s["reason"] for s in data["shifts"])
    assert data["column"] == "2-1"


def test_crt_missing_cell(havoc) -> None:
    result = havoc(
        "--source-only",
        "crt",
        "infantry-vs-infantry",
        "--attack",
        "4",
        "--defence",
        "1",
        "--die",
        "2",
    )
    assert result.exit_code == 0
    assert result.output.splitlines()[0] == "not in the source rules"  # the answer first
    assert "fill in: row 2, column 4-1 (-e)" in result.output.splitlines()
    assert "copy the kit's file" not in result.output  # the how-to only under --explain
    result = havoc(
        "crt", "ii", "--attack", "4", "--defence", "1", "--die", "2", "-e", "--source-only"
    )
    assert "[infantry-vs-infantry] row 2, column 4-1" in " ".join(result.output.split())
    data = json.loads(
        havoc(
            "crt", "ii", "--attack", "4", "--defence", "1", "--die", "2", "--json", "--source-only"
        ).output
    )
    assert data["result"] is None and data["meaning"] == "not in the source rules"
    assert data["fill_in"] == "dark-blades/crt.toml [infantry-vs-infantry] row 2, column 4-1"
    # the kit's own file is never the place to edit (an upgrade replaces it): copy it first
    text = result.output
    assert "copy the kit's file" in text and "to YOUR-CARDS/dark-blades/crt.toml," in text
    assert "and run with --cards YOUR-CARDS" in text
    assert data["fill_in_how"].startswith("copy ") and "--cards YOUR-CARDS" in data["fill_in_how"]


def test_crt_missing_cell_in_the_users_copy(havoc, tmp_path) -> None:
    import shutil

    from companion.data import default_cards_dir

    shutil.copytree(default_cards_dir() / "dark-blades", tmp_path / "dark-blades")
    args = ("crt", "ii", "--attack", "4", "--defence", "1", "--die", "2", "--source-only")
    result = havoc("--cards", str(tmp_path), *args, "--explain")
    assert result.exit_code == 0
    assert "fill it in, in your copy:" in result.output and "YOUR-CARDS" not in result.output
    assert "dark-blades/crt.toml" in result.output
    data = json.loads(havoc("--cards", str(tmp_path), *args, "--json").output)
    assert data["fill_in"] == "dark-blades/crt.toml [infantry-vs-infantry] row 2, column 4-1"
    assert data["fill_in_how"].startswith("fill in [infantry-vs-infantry] row 2, column 4-1 in ")


def test_table_missing_face_says_copy_the_kits_file(havoc) -> None:
    result = havoc("table", "river-stepping-stones", "--die", "8")
    assert result.exit_code == 0 and result.output.startswith("not in the source rules\n")
    assert "fill in: a row with face 8 (-e)" in result.output.splitlines()
    result = havoc("table", "river-stepping-stones", "--die", "8", "--explain")
    lines = result.output.splitlines()
    assert "  YOUR-CARDS/dark-blades/tables/" in lines and "  a row with face 8" in lines
    data = json.loads(havoc("table", "river-stepping-stones", "--die", "8", "--json").output)
    assert data["steps"][0]["missing"] == "dark-blades/tables/river-stepping-stones.toml"
    assert "--cards YOUR-CARDS" in data["steps"][0]["missing_how"]


def test_crt_rolled_die_is_reproducible(havoc) -> None:
    args = (
        "crt",
        "missile-vs-infantry",
        "--attack",
        "3",
        "--defence",
        "1",
        "--seed",
        "8",
        "--json",
    )
    one, two = (json.loads(havoc(*args).output) for _ in range(2))
    assert one["die"] == two["die"] and one["rolled"] is True
    assert one["die"] in range(10)


@pytest.mark.parametrize(
    "args,words",
    [
        (("crt", "no-such-table", "--attack", "1", "--defence", "1"), "unknown results table"),
        (("crt", "infantry-vs-infantry", "--attack", "1"), "give the attack and the defence"),
        (
            ("crt", "infantry-vs-infantry", "--attack", "1", "--defence", "1", "--die", "11"),
            "0 is ten",
        ),
        (
            ("crt", "missile-vs-infantry", "--attack", "1", "--defence", "1", "--magic-sword"),
            "--magic-sword: not for missile-vs-infantry",
        ),
        (
            ("missile", "shortbow", "--range", "41", "--defence", "5", "--target", "infantry"),
            "--range 41: out of range",
        ),
    ],
)
def test_combat_refusals_exit_2(havoc, args, words) -> None:
    result = havoc(*args)
    assert result.exit_code == 2
    assert words in result.output


def test_missile_examples_and_json_keys(havoc) -> None:
    data = json.loads(
        havoc(
            "missile",
            "crossbow",
            "--range",
            "28",
            "--defence",
            "10",
            "--target",
            "infantry",
            "--die",
            "1",
            "--json",
        ).output
    )
    assert (data["weapon"], data["band"], data["strength"]) == ("Crossbow", "medium", 20)
    assert data["raw_odds"] == "2-1"
    for key in ("column", "die", "result", "meaning", "attack", "defence", "shifts", "chances"):
        assert key in data
    data = json.loads(
        havoc(
            "missile",
            "shortbow",
            "--range",
            "10",
            "--defence",
            "10",
            "--target",
            "mounted",
            "--cover",
            "light",
            "--die",
            "1",
            "--json",
        ).output
    )
    assert data["strength"] == 20 and data["raw_odds"] == "2-1" and data["column"] == "1-1"


def test_table_list_and_lookups(havoc) -> None:
    listing = havoc("table").output
    for name in ("lake", "river", "death-spell", "spell-resist", "magic-item-creation", "attack"):
        assert name in listing
    data = json.loads(havoc("table", "--json").output)
    assert {"name", "game", "expression", "title"} <= set(data[0])
    lake = " ".join(havoc("table", "lake", "--die", "6").output.split())
    assert lake.startswith("4-6: Move two hexes downstream and one hex towards farthest bank.")
    assert "6-8: Move three hexes downstream." in lake
    assert "4-6: 3/10 (30.0%) 6-8: 3/10 (30.0%)" in lake
    chained = havoc("table", "lake-crawl-out", "--die", "7").output
    assert "next: roll on lake" in chained and "(who rolls, notes: --explain)" in chained
    assert "drown" in havoc("table", "lake-crawl-out", "--die", "7", "-e").output
    data = json.loads(
        havoc("table", "river-crawl-out", "--die", "5", "--die", "9", "--json").output
    )
    assert [s["table"] for s in data["steps"]] == ["river-crawl-out", "river"]
    assert data["steps"][1]["results"][0]["result"] == "They drown."
    gap = havoc("table", "river-stepping-stones", "--die", "7", "--explain").output
    assert "not in the source rules" in gap and "river-stepping-stones.toml" in gap
    assert havoc("table", "lake", "--die", "11").exit_code == 2


def test_short_names_by_word_start_and_every_match_when_ambiguous(havoc) -> None:
    # the README: "Names go by any unique start, word starts or initials"
    resist = json.loads(havoc("table", "res", "--die", "3", "--json").output)
    assert resist["steps"][0]["table"] == "spell-resist"
    refused = havoc("crt", "mi", "8", "3")
    assert refused.exit_code == 2
    listed = refused.output.split("could be ", 1)[1].split(":", 1)[0].split(", ")
    assert sorted(listed) == ["missile-vs-infantry", "missile-vs-mounted", "mounted-vs-infantry"]


def test_table_list_is_grouped_by_game(havoc, tmp_path) -> None:
    # A user's own game appears under its own heading, after the kit's games.
    mine = tmp_path / "zz-my-game" / "tables"
    mine.mkdir(parents=True)
    (mine / "mud.toml").write_text(
        'title = "Stuck in the mud"\ndie = "d6"\nsource = "mine"\n'
        '[[rows]]\nfaces = [1, 2, 3, 4, 5, 6]\nresult = "Stuck"\n'
    )
    lines = havoc("--cards", tmp_path, "table").output.splitlines()
    assert_narrow("\n".join(lines))
    headings = [line for line in lines if line and not line.startswith(" ")]
    assert headings == ["dark-blades:", "whos-next:", "zz-my-game:"]
    under = {}
    for line in lines:
        if line in headings:
            game = line.rstrip(":")
        elif line.startswith("  ") and not line.startswith("    "):
            under[line.split()[0]] = game
    assert under["lake"] == "dark-blades" and under["attack"] == "whos-next"
    assert under["mud"] == "zz-my-game"


CHECK_MODULES = """
import sys
from companion.cli import main
for args in (["roll", "2d6"], ["crt", "infantry-vs-infantry", "--attack", "8", "--defence",
             "3", "--die", "1"], ["table", "lake", "--die", "1"]):
    try:
        main(args, standalone_mode=False)
    except SystemExit:
        pass
heavy = sorted(m for m in sys.modules if m.split(".")[0] in ("reportlab", "svgwrite"))
print("HEAVY", heavy)
"""


def test_companion_never_imports_reportlab_or_svgwrite() -> None:
    done = subprocess.run(
        [sys.executable, "-c", CHECK_MODULES], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert "HEAVY []" in done.stdout
    assert "Defender wounded." in done.stdout  # the commands really ran


def test_no_shot_is_a_result_not_an_error(havoc) -> None:
    """Infinite cover: the rules forbid the shot. That is the answer, exit 0, also in JSON."""
    reason = tomllib.loads((CARDS / "crt.toml").read_text(encoding="utf-8"))["cover"]["infinite"]
    args = ("missile", "crossbow", "--range", "5", "--defence", "5", "--target", "infantry")
    result = havoc(*args, "--cover", "infinite")
    assert result.exit_code == 0, result.output
    assert_narrow(result.output)
    assert result.output.splitlines()[0] == "NO SHOT"  # the answer first
    assert " ".join(reason["text"].split()) in " ".join(result.output.split())
    data = json.loads(havoc(*args, "--cover", "infinite", "--json").output)
    assert data["result"] is None and data["no_shot"] is True
    assert data["reason"] == reason["text"] and data["weapon"] == "Crossbow"
    assert (
        json.loads(havoc(*args, "--cover", "light", "--die", "1", "--json").output)["no_shot"]
        is False
    )
    crt = ("crt", "missile-vs-mounted", "--attack", "3", "--defence", "1", "--cover", "infinite")
    assert json.loads(havoc(*crt, "--json").output)["no_shot"] is True
    # other refusals stay errors
    assert havoc(*crt, "--die", "11").exit_code == 2
    wrong_table = havoc(
        "crt",
        "infantry-vs-infantry",
        "--attack",
        "3",
        "--defence",
        "1",
        "--cover",
        "infinite",
        "--json",
    )
    assert wrong_table.exit_code == 2 and "missile fire only" in wrong_table.output


def test_roll_takes_spaces_capitals_and_several_terms(havoc) -> None:
    result = havoc("roll", "2d6 + 1", "2D6+1d4-1", "--die", "3", "--die", "4")
    assert result.exit_code == 2  # not enough real dice: refused, not guessed
    faces = ["3", "4", "5", "1", "2"]
    result = havoc("roll", "2d6 + 1", "2D6+1d4-1", *[a for f in faces for a in ("--die", f)])
    assert result.exit_code == 0, result.output
    assert_narrow(result.output)
    assert "8 on 2d6+1 (given): 3 4 +1" in result.output.splitlines()
    assert "7 on 2D6+1d4-1 (given): 5 1 2 -1" in result.output.splitlines()
    data = json.loads(
        havoc("roll", "2d6-1d4", "--die", "6", "--die", "6", "--die", "4", "--json").output
    )
    (r,) = data["rolls"]
    assert r["dice"] == [6, 6, 4] and r["faces"] == ["6", "6", "-4"] and r["total"] == 8
    # 2d6-1d4 >= 8: (6,6) with 1-4 -> 12-d4 >= 8 always: 4 ways; (5,6),(6,5) 11-d4 >= 8: 3 each;
    # (4,6),(5,5),(6,4) 10-d4 >= 8: 2 each; 9: (3,6),(4,5),(5,4),(6,3) 1 each -> 4+6+6+4 = 20
    assert r["chance_at_least"] == "5/36"


@pytest.mark.parametrize(
    "args",
    [
        ("crt", "infantry-vs-infantry", "--attack", "3", "--defence", "1"),
        ("missile", "shortbow", "--range", "3", "--defence", "1", "--target", "infantry"),
        ("table", "lake"),
    ],
)
def test_die_10_on_a_d10_is_the_face_0(havoc, args) -> None:
    ten = json.loads(havoc(*args, "--die", "10", "--json").output)
    zero = json.loads(havoc(*args, "--die", "0", "--json").output)
    assert ten == zero
    face = ten["steps"][0]["die"] if "steps" in ten else ten["die"]
    assert face == 0
    text = havoc(*args, "--die", "10").output
    assert "0 (given; 0 is ten)" in text and " 10 " not in text


def test_a_users_table_gap_is_not_called_the_rules(havoc, tmp_path) -> None:
    table = tmp_path / "my-game" / "tables" / "weather.toml"
    table.parent.mkdir(parents=True)
    table.write_text(
        'title = "Weather"\ndie = "d6"\nsource = "our club"\n'
        '[[rows]]\nfaces = [1, 2, 3]\nresult = "Rain"\n',
        encoding="utf-8",
    )
    result = havoc("--cards", str(tmp_path), "table", "weather", "--die", "5")
    assert result.exit_code == 0, result.output
    assert_narrow(result.output)
    assert "not in the source rules" not in result.output
    assert " ".join(result.output.split()).startswith(
        "not in this table (my-game/tables/weather.toml)"
    )
    data = json.loads(
        havoc("--cards", str(tmp_path), "table", "weather", "--die", "5", "--json").output
    )
    assert data["steps"][0]["missing_why"] == "not in this table (my-game/tables/weather.toml)"
    kit = json.loads(havoc("table", "river-stepping-stones", "--die", "8", "--json").output)
    assert kit["steps"][0]["missing_why"] == "not in the source rules"
