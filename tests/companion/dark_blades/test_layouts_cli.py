"""`havoc los --layout` and `havoc missile --layout`: maps laid together, hexes as mill:C4."""

from __future__ import annotations

import json

from tests.conftest import assert_narrow


def test_los_on_a_layout_answers_across_the_join_and_labels_the_layout(havoc) -> None:
    result = havoc("los", "--layout", "raid", "mill:C4", "arena:K3")
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert lines[0] == "seen; mill:C4->arena:K3: range 17"
    assert "mill:I14 arena:J1" in result.output  # the line runs on over the join
    assert "kit's reading: Mill map above Arena map" in lines
    assert "kit's map, not the rulebook's" in result.output
    assert_narrow(result.output)
    data = json.loads(havoc("los", "--layout", "raid", "mill:k14", "arena:k1", "--json").output)
    assert (data["from"], data["to"], data["range"]) == ("mill:K14", "arena:K1", 1)
    assert data["line"] == ["mill:K14", "arena:K1"]
    assert any(r["name"] == "layout" for r in data["kits_readings"])


def test_a_bare_hex_on_a_layout_and_a_map_hex_on_a_map_are_refused_in_one_line(havoc) -> None:
    result = havoc("los", "--layout", "raid", "C4", "arena:K3")
    assert result.exit_code == 2
    assert result.output.strip().endswith("hex C4: on a layout, name the map: mill:C4 or arena:C4")
    result = havoc("los", "mill", "mill:C4", "K3")
    assert result.exit_code == 2 and len(result.output.strip().splitlines()) == 1
    assert "MAP:HEX names a hex on a layout (give the layout)" in result.output
    for args in (
        ("los", "--layout", "raid", "arena", "mill:C4", "arena:K3"),
        ("los", "--layout", "raid", "mill:C4"),
        ("los", "--layout", "nowhere", "mill:C4", "arena:K3"),
        ("los", "arena", "K3"),
    ):
        result = havoc(*args)
        assert result.exit_code == 2 and len(result.output.strip().splitlines()) == 1, args
        assert "Traceback" not in result.output


def test_missile_takes_range_and_cover_from_a_layout(havoc) -> None:
    shot = ("missile", "crossbow", "4", "i", "--die", "3", "--json")
    data = json.loads(
        havoc(*shot, "--layout", "raid", "--from", "mill:K12", "--to", "arena:K3").output
    )
    assert data["map"]["range"] == 5 and data["map"]["cover"] == "medium"
    assert data["map"]["line"] == [
        "mill:K12",
        "mill:K13",
        "mill:K14",
        "arena:K1",
        "arena:K2",
        "arena:K3",
    ]
    typed = json.loads(
        havoc("missile", "crossbow", "5", "4", "i", "-c", "medium", "--die", "3", "--json").output
    )
    for key in ("column", "result", "range", "shifts"):
        assert data[key] == typed[key]
    both = havoc(
        *shot, "--map", "arena", "--layout", "raid", "--from", "mill:K1", "--to", "arena:K3"
    )
    assert both.exit_code == 2 and "give --map or --layout, not both" in both.output
    half = havoc(*shot, "--layout", "raid", "--from", "mill:K12")
    assert half.exit_code == 2 and "give --layout LAYOUT, --from HEX and --to HEX" in half.output


def test_a_horseman_astride_the_join_takes_the_heavier_cover(havoc) -> None:
    data = json.loads(
        havoc("los", "--layout", "raid", "mill:K10", "mill:K14,arena:K1", "--json").output
    )
    assert data["to"] == "mill:K14,arena:K1"
    assert [h["to"] for h in data["hexes"]] == ["mill:K14", "arena:K1"]
