"""The kit's completion of the lost results cells: kept apart, marked, well-behaved, and
playing like a classic results table (issue 14 §1: diagonal bands, no identical neighbouring
columns, harm to the attacker fading out, kills spreading at high odds)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from companion.dark_blades.completion import (
    NO_EFFECT,
    UNIT,
    Method,
    derive,
    is_kill,
    load_completion,
    outcome_shares,
)
from companion.dark_blades.crt import load_crt
from companion.data import Cards
from companion.errors import DataError
from tests.conftest import ROOT

CARDS = Cards(None)
CRT = load_crt(CARDS)
KIT = load_completion(CARDS, CRT)
NAMES = sorted(CRT.tables)


def ranks(name: str) -> dict[int, list[int]]:
    kit = KIT.tables[name]
    rank = {cell: i for i, cell in enumerate(kit.ladder)}
    rank["★"] = rank[NO_EFFECT]
    return {face: [rank[c] for c in kit.rows[face]] for face in CRT.faces}


def test_every_table_is_completed() -> None:
    assert sorted(KIT.tables) == NAMES


@pytest.mark.parametrize("name", NAMES)
def test_surviving_cells_unchanged(name: str) -> None:
    printed = CRT.tables[name].rows
    kit = KIT.tables[name].rows
    kept = [(f, c) for f in CRT.faces for c in range(len(CRT.columns)) if printed[f][c]]
    assert len(kept) >= 13 + 3
    for face, col in kept:
        assert kit[face][col] == printed[face][col]
        assert KIT.cell(CRT, CRT.tables[name], face, col).kit is False


@pytest.mark.parametrize("name", NAMES)
def test_only_the_tables_own_letters_and_no_effect(name: str) -> None:
    table = CRT.tables[name]
    for face in CRT.faces:
        for col, cell in enumerate(KIT.tables[name].rows[face]):
            if not table.rows[face][col]:
                assert cell in table.key or cell == NO_EFFECT, (face, col, cell)
                shown = KIT.cell(CRT, table, face, col)
                assert shown.kit is True and shown.value == cell


@pytest.mark.parametrize("name", NAMES)
def test_down_a_column_never_better_for_the_attacker(name: str) -> None:
    grid = ranks(name)
    for col in range(len(CRT.columns)):
        column = [grid[f][col] for f in CRT.faces]
        assert column == sorted(column, reverse=True), (CRT.columns[col], column)


@pytest.mark.parametrize("name", NAMES)
def test_along_a_row_never_worse_as_odds_rise(name: str) -> None:
    grid = ranks(name)
    for face in CRT.faces:
        assert grid[face] == sorted(grid[face]), (face, grid[face])


@pytest.mark.parametrize("name", NAMES)
def test_columns_change_smoothly(name: str) -> None:
    """No column is a jump from its neighbours: between adjacent columns the average result
    moves at most 1.5 rungs, and no cell moves further than the printed cells themselves do."""
    grid, printed = ranks(name), CRT.tables[name].rows
    faces, width = CRT.faces, len(CRT.columns)
    printed_steps = [
        grid[f][c + 1] - grid[f][c]
        for f in faces
        for c in range(width - 1)
        if printed[f][c] and printed[f][c + 1]
    ]
    for col in range(width - 1):
        steps = [grid[f][col + 1] - grid[f][col] for f in faces]
        assert max(steps) <= max(printed_steps), (CRT.columns[col], steps)
        assert sum(steps) / len(steps) <= 1.5, (CRT.columns[col], steps)


@pytest.mark.parametrize("name", NAMES)
def test_grids_are_what_the_written_method_gives(name: str) -> None:
    kit = KIT.tables[name]
    assert derive(CRT.tables[name].rows, CRT.faces, kit.method) == kit.rows


def shares(name: str) -> list[tuple[int, int, int, int]]:
    """Per column: faces attacker-harmed / no effect / defender-harmed / killed."""
    kit = KIT.tables[name]
    return outcome_shares(CRT, CRT.tables[name], kit.rows, kit.ladder)


@pytest.mark.parametrize("name", NAMES)
def test_the_ladder_is_the_printed_rows_order(name: str) -> None:
    """Every printed row climbs the ladder from left to right (the evidence it follows)."""
    ladder = KIT.tables[name].ladder
    for face in CRT.faces:
        cells = [c for c in CRT.tables[name].rows[face] if c and c != "★"]
        positions = [ladder.index(c) for c in cells]
        assert positions == sorted(positions), (face, cells)


def test_infantry_v_mounted_stunned_below_retreat_as_row_1_shows() -> None:
    # Row 1 runs D D D E: "stunned and dismounted" ranks below "retreats 1 hex".
    ladder = KIT.tables["infantry-vs-mounted"].ladder
    assert CRT.tables["infantry-vs-mounted"].rows[1][3:5] == ("D", "E")
    assert ladder.index("D") < ladder.index("E")
    header = (ROOT / "cards" / "dark-blades" / "crt-completion.toml").read_text("utf-8")
    assert "Infantry v Mounted's row 1 runs D D D E" in header


@pytest.mark.parametrize("name", NAMES)
def test_no_two_neighbouring_columns_are_identical(name: str) -> None:
    rows = KIT.tables[name].rows
    for c in range(len(CRT.columns) - 1):
        left = [rows[f][c] for f in CRT.faces]
        right = [rows[f][c + 1] for f in CRT.faces]
        assert left != right, (CRT.columns[c], CRT.columns[c + 1])


@pytest.mark.parametrize("name", NAMES)
def test_harm_to_the_attacker_fades_out(name: str) -> None:
    by_column = dict(zip(CRT.columns, shares(name), strict=True))
    assert by_column["3-1"][0] <= 2
    for column in CRT.columns[CRT.columns.index("5-1") :]:
        assert by_column[column][0] == 0, column


@pytest.mark.parametrize("name", NAMES)
def test_kills_spread_as_the_odds_rise(name: str) -> None:
    table = CRT.tables[name]
    row_1 = table.rows[CRT.faces[0]]
    first = next(c for c, cell in enumerate(row_1) if is_kill(table.key[cell]))
    kills = [s[3] for s in shares(name)]
    assert kills[first + 2] >= 2, (CRT.columns[first + 2], kills)
    assert kills[-1] >= 4, kills
    assert kills == sorted(kills)


def test_the_first_printed_kills() -> None:
    # Independent of the code: where row 1 first shows a kill, so where 2 in 10 are due.
    firsts = {}
    for name, table in CRT.tables.items():
        row_1 = table.rows[CRT.faces[0]]
        firsts[name] = next(CRT.columns[c] for c, x in enumerate(row_1) if is_kill(table.key[x]))
    assert firsts == {
        "infantry-vs-infantry": "5-1",
        "infantry-vs-mounted": "7-1",
        "mounted-vs-mounted": "8-1",
        "mounted-vs-infantry": "4-1",
        "missile-vs-mounted": "8-1",
        "missile-vs-infantry": "4-1",
    }
    assert not is_kill("Defender's horse killed, rider dismounted and wounded.")


@pytest.mark.parametrize("name", [n for n in NAMES if CRT.tables[n].kind == "missile"])
def test_missiles_at_low_odds_mostly_miss(name: str) -> None:
    for column, (harmed, none, hurt, killed) in zip(CRT.columns[:3], shares(name), strict=False):
        assert none > harmed + hurt + killed, (column, none)


def test_derive_follows_the_diagonal() -> None:
    # One table of two columns, 4 rows; row 1 printed C F; slope 1 column per row.
    printed = {1: ("C", "F"), 2: ("", ""), 3: ("", ""), 0: ("", "")}
    ladder = ("A", "B", NO_EFFECT, "C", "D", "E", "F")
    method = Method(ladder, UNIT, UNIT, (2, 2))  # settings in millionths
    rows = derive(printed, (1, 2, 3, 0), method)
    assert rows[1] == ("C", "F")  # printed
    assert rows[2] == (NO_EFFECT, "C")  # row 1 one column to the left; left of 1-2: no effect
    assert rows[3] == ("B", NO_EFFECT)  # harm zone at 1-2 (2 faces): the mildest first
    assert rows[0] == ("A", "B")  # the worst at the bottom; 1 face at the next column
    halfway = derive(printed, (1, 2, 3, 0), Method(ladder, UNIT // 2, UNIT, (0, 0)))
    assert halfway[2] == ("C", "E")  # halfway from C to F: rung 4.5, a half rounds up


def _copy(tmp_path: Path) -> Path:
    target = tmp_path / "dark-blades"
    target.mkdir(parents=True)
    for name in ("crt.toml", "crt-completion.toml"):
        shutil.copy(ROOT / "cards" / "dark-blades" / name, target / name)
    return target


def test_a_printed_cell_filled_in_by_the_user_wins(tmp_path: Path) -> None:
    target = _copy(tmp_path)
    crt_file = target / "crt.toml"
    text = crt_file.read_text(encoding="utf-8")
    old = '"3" = [ "",  "",  "",'
    assert old in text
    crt_file.write_text(text.replace(old, '"3" = [ "F",  "",  "",', 1), encoding="utf-8")
    cards = Cards(tmp_path)
    crt = load_crt(cards)
    cell = load_completion(cards, crt).cell(crt, crt.tables["infantry-vs-infantry"], 3, 0)
    assert (cell.value, cell.kit) == ("F", False)


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (
            'ladder = ["A", "B", "–", "C", "D", "E", "F"]',
            'ladder = ["A", "B", "C", "D", "E", "F"]',
            "ladder': expected each of",
        ),
        (
            '"0" = ["A", "A", "A", "A", "–"',
            '"0" = ["Z", "A", "A", "A", "–"',
            "rows.0', column 1-2: expected one of",
        ),
        ("harm = [6, 4]", "harm = [6]", "harm': expected [faces at 1-2"),
        ("slope = 1.5", 'slope = "steep"', "slope': expected a number"),
    ],
)
def test_bad_completion_is_one_line_naming_the_key(
    tmp_path: Path, old: str, new: str, message: str
) -> None:
    target = _copy(tmp_path)
    path = target / "crt-completion.toml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    cards = Cards(tmp_path)
    with pytest.raises(DataError) as err:
        load_completion(cards, load_crt(cards))
    assert message in str(err.value)
    assert "crt-completion.toml" in str(err.value)
    assert "\n" not in str(err.value)


def test_lookup_marks_the_kits_cells(havoc) -> None:
    import json

    data = json.loads(havoc("crt", "ii", "8", "3", "3", "--json").output)
    column = CRT.columns.index("2-1")
    kit_cell = KIT.tables["infantry-vs-infantry"].rows[3][column]
    assert (data["result"], data["kit_completion"]) == (kit_cell, True)
    assert data["completion_file"] == "dark-blades/crt-completion.toml"
    kit_faces = {f for item in data["chances"] for f in item["kit_faces"]}
    assert kit_faces == {3, 4, 5, 6, 7, 8, 9, 0}  # 2-1 keeps its printed rows 1 and 2
    want: dict[str, set[int]] = {}
    for face in CRT.faces:
        want.setdefault(KIT.tables["infantry-vs-infantry"].rows[face][column], set()).add(face)
    assert {item["result"]: set(item["faces"]) for item in data["chances"]} == want
    printed = json.loads(havoc("crt", "ii", "8", "3", "1", "--json").output)
    assert (printed["result"], printed["kit_completion"]) == ("E", False)
    assert printed["completion_file"] == "dark-blades/crt-completion.toml"  # others in the column


def test_source_only_shows_no_kit_cell(havoc) -> None:
    import json

    for args in (["--source-only", "crt"], ["crt", "--source-only"]):
        data = json.loads(havoc(*args, "ii", "8", "3", "3", "--json").output)
        assert data["result"] is None and data["kit_completion"] is False
        assert all(not item["kit_faces"] for item in data["chances"])
    text = havoc("missile", "crossbow", "20", "10", "i", "6", "--source-only").output
    assert text.splitlines()[0] == "not in the source rules" and "kit's completion" not in text


def test_no_effect_is_the_kits_reading_of_the_dash(havoc) -> None:
    import json

    data = json.loads(havoc("missile", "crossbow", "20", "10", "i", "0", "--json").output)
    assert data["result"] == NO_EFFECT and data["kit_completion"] is True
    # Missile v Infantry prints no dash: the kit's own result, not a reading of a dash.
    assert data["meaning"] == "No effect (the kit's result; this table prints no dash)."
    mm = json.loads(havoc("crt", "mou-mou", "5", "1", "0", "--json").output)
    assert mm["result"] == NO_EFFECT  # Mounted v Mounted prints dashes
    assert mm["meaning"] == "No effect (the kit's reading of the printed dash)."


def test_settings_are_exact_millionths(tmp_path: Path) -> None:
    """slope = 1.25 is 1 250 000 millionths, exactly; more than six decimals is refused."""
    from companion.dark_blades.completion import _at_least_zero
    from companion.schema import Where

    where = Where(tmp_path / "x.toml").child("slope")
    assert _at_least_zero(1.25, where) == 1_250_000 and _at_least_zero(2, where) == 2 * UNIT
    assert _at_least_zero(0.1, where) == 100_000
    with pytest.raises(Exception, match="at most 6 decimals"):
        _at_least_zero(0.1234567, where)
