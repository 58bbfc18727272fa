"""`havoc los` and `havoc missile --map`: answer first, 40 columns, --json, bad input."""

from __future__ import annotations

import json

from tests.conftest import assert_narrow


def test_los_answers_first_in_40_columns_and_labels_the_kits_map(havoc) -> None:
    result = havoc("los", "arena", "K1", "K3")
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert lines[0] == "seen; K1->K3: range 2"
    assert "cover medium" in lines[1] and "K3/n" in result.output
    assert "kit's map, not the" in result.output
    assert_narrow(result.output)


def test_los_json_has_range_visible_blockers_and_cover(havoc) -> None:
    data = json.loads(havoc("los", "arena", "a1", "d4", "--json").output)
    assert data["range"] == 4 and data["visible"] is False
    assert data["blocked_by"] and all(b.startswith("tree ") for b in data["blocked_by"])
    data = json.loads(havoc("los", "arena", "K7", "K3", "--json").output)
    assert data["visible"] and data["cover"] == "none" and data["line"][0] == "K7"


def test_los_refuses_a_hex_off_the_map_and_the_kits_map_under_source_only(havoc) -> None:
    result = havoc("los", "arena", "Z4", "D4")
    assert result.exit_code == 2 and "not on The Arena (A1 to T14)" in result.output
    result = havoc("--source-only", "los", "arena", "K1", "K3")
    assert result.exit_code == 2 and "kit's own" in result.output


def test_missile_takes_range_and_cover_from_the_map_and_shows_how(havoc) -> None:
    typed = json.loads(
        havoc("missile", "bow", "2", "10", "i", "-c", "medium", "--die", "5", "--json").output
    )
    mapped = json.loads(
        havoc(
            "missile",
            "bow",
            "10",
            "i",
            "--die",
            "5",
            "--map",
            "arena",
            "--from",
            "K1",
            "--to",
            "K3",
            "--json",
        ).output
    )
    assert mapped["map"]["range"] == 2 and mapped["map"]["cover"] == "medium"
    for key in ("column", "result", "range", "shifts"):
        assert mapped[key] == typed[key]
    text = havoc(
        "missile", "bow", "10", "i", "--die", "5", "--map", "arena", "--from", "K1", "--to", "K3"
    ).output
    assert "from the map:" in text and "crosses the" in text
    assert_narrow(text)


def test_missile_with_no_line_of_sight_is_no_shot(havoc) -> None:
    result = havoc("missile", "bow", "10", "i", "--map", "arena", "--from", "A1", "--to", "D4")
    assert result.exit_code == 0 and result.output.startswith("NO SHOT")
    result = havoc("missile", "bow", "10", "i", "--map", "arena", "--from", "A1")
    assert result.exit_code == 2 and "--to HEX together" in result.output


def test_los_takes_a_horsemans_two_hexes_answer_first(havoc) -> None:
    result = havoc("los", "arena", "K1", "K3,K4")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "seen; K1->K3,K4: range 2"
    assert lines[1].startswith("cover medium (K3 slope")
    assert "K3: range 2, medium cover" in lines and "K4: range 3, no cover" in lines
    assert "rules: a horseman's HEAVIER hex counts" in lines
    assert "kit's reading: horse seen in either hex" in lines
    assert_narrow(result.output)
    data = json.loads(havoc("los", "arena", "K1", "K3,K4", "--json").output)
    assert data["to"] == "K3,K4" and data["range"] == 2 and data["cover"] == "medium"
    assert data["target_terrain"] == "slope,open"
    assert [(h["to"], h["cover"]) for h in data["hexes"]] == [("K3", "medium"), ("K4", "none")]
    assert json.loads(havoc("los", "arena", "K1", "K3", "--json").output)["hexes"] == []


def test_los_refuses_a_horseman_the_rules_rule_out(havoc) -> None:
    for hexes, expected in (
        ("K3,K5", "TO K3,K5: a mounted character occupies two neighbouring hexes"),
        ("G1,H1", "TO G1,H1: a mounted target cannot be in a tree hex"),
        ("K3,", "expected a column letter and a row number"),
    ):
        result = havoc("los", "arena", "K1", hexes)
        assert result.exit_code == 2 and expected in result.output, result.output
        assert len(result.output.strip().splitlines()) == 1


def test_missile_takes_a_horsemans_two_hexes_from_the_map(havoc) -> None:
    """--to K3,K4: a mounted target (said or not), range to the nearer hex, the heavier cover:
    the same roll as typing them (-c slope,open: the heavier counts)."""
    typed = json.loads(
        havoc("missile", "bow", "2", "10", "m", "-c", "slope,open", "--die", "5", "--json").output
    )
    for target in ((), ("m",)):
        mapped = json.loads(
            havoc(
                "missile", "bow", "10", *target, "--die", "5", "--json",
                "--map", "arena", "--from", "K1", "--to", "K3,K4",
            ).output
        )  # fmt: skip
        assert mapped["map"]["to"] == "K3,K4" and mapped["map"]["cover"] == "medium"
        for key in ("table", "column", "result", "range"):
            assert mapped[key] == typed[key], key
        assert [s["columns"] for s in mapped["shifts"]] == [s["columns"] for s in typed["shifts"]]
    text = havoc(
        "missile", "bow", "10", "--die", "5", "--map", "arena", "--from", "K1", "--to", "K3,K4"
    ).output
    assert "from the map:" in text and "K4: range 3, no cover" in text
    assert_narrow(text)
    result = havoc("missile", "bow", "10", "i", "--map", "arena", "--from", "K1", "--to", "K3,K4")
    assert result.exit_code == 2 and "a target on foot stands on one hex" in result.output


def test_missile_with_a_map_takes_one_number_the_defence(havoc) -> None:
    """With --map the map gives the range: RANGE DEFENCE typed out of habit (``4 8``) would
    read as a defence of 4 and a die of 8, so two numbers are refused; the die is --die."""
    where = ("--map", "arena", "--from", "G7", "--to", "K5")
    result = havoc("missile", "crossbow", "4", "8", "i", *where)
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [
        "havoc: error: --map gives the range: one number, the DEFENCE (a die: --die N), got '4 8 i'"
    ]
    mapped = json.loads(
        havoc("missile", "crossbow", "8", "i", "--die", "8", *where, "--json").output
    )
    typed = json.loads(havoc("missile", "crossbow", "4", "8", "8", "i", "--json").output)
    assert mapped["range"] == 4 == typed["range"]
    for key in ("column", "result", "strength"):
        assert mapped[key] == typed[key], key


def test_a_line_names_only_hexes_on_the_map(havoc) -> None:
    """Along the map's top edge the far side's hexes (C0) are off the map: the line says
    "(edge)" and never names them; through a corner, "(corner)"."""
    result = havoc("los", "arena", "B1", "D1")
    assert result.exit_code == 0 and "line: B1 C1 (edge) D1\n" in result.output
    assert "C0" not in result.output
    data = json.loads(havoc("los", "arena", "B1", "D1", "--json").output)
    assert data["line"] == ["B1", "C1", "D1"] and data["line_steps"] == [["B1"], ["C1"], ["D1"]]
    assert data["line_text"] == "B1 C1 (edge) D1"
    corner = json.loads(havoc("los", "arena", "A1", "B6", "--json").output)
    assert corner["line_text"] == "A1 A2 B3 (corner) A3 B4 A4 (corner) B5 B6"
    assert ["B3", None] in corner["line_steps"] or [None, "B3"] in corner["line_steps"]
    inside = json.loads(havoc("los", "arena", "A1", "E1", "--json").output)
    assert inside["line_text"] == "A1 B2|B1 C1 D2|D1 E1"  # both sides on the map: both named


def test_a_map_by_its_path_for_los_missile_and_swim(havoc, tmp_path, monkeypatch) -> None:
    """A map file in a temporary folder is taken by its path wherever a map name is; the same
    map under the kit's name answers the same; a path that is not there is one line, exit 2."""
    import shutil
    from pathlib import Path

    kit = Path(__file__).parents[3] / "cards" / "dark-blades" / "maps"
    shutil.copy(kit / "arena.toml", tmp_path / "ford.toml")
    shutil.copy(kit / "mill.toml", tmp_path / "wheel.toml")
    monkeypatch.chdir(tmp_path)
    for path in ("./ford.toml", "ford.toml", str(tmp_path / "ford.toml")):
        mine = havoc("los", path, "D3", "G3", "--json")
        assert mine.exit_code == 0, mine.output
        assert json.loads(mine.output) == json.loads(
            havoc("los", "arena", "D3", "G3", "--json").output
        )
    shot = ("missile", "crossbow", "10", "i", "--from", "K1", "--to", "K3", "--die", "4")
    assert havoc(*shot, "--map", "./ford.toml").output == havoc(*shot, "--map", "arena").output
    swum = havoc("swim", "./wheel.toml", "C9", "--seed", "7")
    assert swum.exit_code == 0 and swum.output == havoc("swim", "mill", "C9", "--seed", "7").output
    gone = havoc("los", "./nope.toml", "D3", "G3")
    assert gone.exit_code == 2 and "map file './nope.toml': not found" in gone.output
    assert "Traceback" not in gone.output
