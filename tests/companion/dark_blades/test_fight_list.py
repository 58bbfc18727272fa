"""`havoc fight --list`: the pieces `havoc fight` knows, by side, in 40 columns and --json."""

from __future__ import annotations

import csv
import json

from tests.conftest import ROOT, assert_narrow

PIECES = ROOT / "cards" / "dark-blades" / "pieces.csv"


def _roster() -> list[dict[str, str]]:
    lines = [ln for ln in PIECES.read_text(encoding="utf-8").splitlines() if ln[:1] != "#"]
    return list(csv.DictReader(lines))


def test_the_list_names_every_piece_with_the_kits_values(havoc) -> None:
    result = havoc("fight", "--list")
    assert result.exit_code == 0, result.output
    assert_narrow(result.output)
    text = result.output.splitlines()
    assert "A/D values: the kit's (pieces.csv)" in text
    listed = dict(reversed(ln.split(None, 1)) for ln in text if ln.startswith("  "))
    for row in _roster():
        kind = {"foot": "", "mounted": " (horse)"}.get(row["type"], f" ({row['type']})")
        assert listed.pop(row["name"] + kind) == f"{row['attack'] or '-'}/{row['defence']}"
    assert not listed  # nothing but the roster
    assert text.index("Dark Blades' side:") < text.index("The Black Fox's side:")


def test_every_listed_name_fights(havoc) -> None:
    listed = json.loads(havoc("fight", "--list", "--json").output)
    assert listed["values"] == "kit"
    names = [p["name"] for p in listed["pieces"]]
    assert names == [row["name"] for row in _roster()]
    first = listed["pieces"][0]
    assert (first["attack"], first["defence"]) == (20, 16)  # Dark Blades, pieces.csv's row 1
    fought = havoc("fight", names[0], names[-2], "5", "--json")  # by the listed names
    assert fought.exit_code == 0, fought.output


def test_source_only_lists_no_values_and_names_are_refused_with_list(havoc) -> None:
    bare = havoc("--source-only", "fight", "--list")
    rows = [ln for ln in bare.output.splitlines() if ln.startswith("  ")]
    assert bare.exit_code == 0 and not any("/" in ln for ln in rows) and "Job" in rows[-3]
    data = json.loads(havoc("--source-only", "fight", "--list", "--json").output)
    assert data["values"] is None and {p["attack"] for p in data["pieces"]} == {None}
    mixed = havoc("fight", "--list", "thr")
    assert mixed.exit_code == 2 and mixed.output.count("\n") == 1
    assert "--list" in mixed.output
