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
