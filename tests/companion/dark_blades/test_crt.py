"""Dark Blades lookups: every cell of cards/dark-blades/crt.toml, the odds, each shift, clamping."""

from __future__ import annotations

import shutil
import tomllib
from pathlib import Path

import pytest

from companion.dark_blades import combat as c
from companion.dark_blades.completion import cell_source
from companion.dark_blades.crt import Crt, load_crt
from companion.dark_blades.missiles import strength_at
from companion.data import Cards, default_cards_dir
from companion.errors import DataError, InputError

CRT_FILE = default_cards_dir() / "dark-blades" / "crt.toml"
RAW = tomllib.loads(CRT_FILE.read_text(encoding="utf-8"))
TABLES = [k for k, v in RAW.items() if isinstance(v, dict) and "rows" in v]
SIX = [
    "infantry-vs-infantry",
    "infantry-vs-mounted",
    "mounted-vs-mounted",
    "mounted-vs-infantry",
    "missile-vs-mounted",
    "missile-vs-infantry",
]


@pytest.fixture(scope="module")
def crt() -> Crt:
    return load_crt(Cards())


def strengths_for(column: str) -> tuple[int, int]:
    """An attack and a defence whose odds are exactly ``column``."""
    a, b = (int(x) for x in column.split("-"))
    return a, b


def test_the_six_tables_are_there(crt: Crt) -> None:
    assert sorted(TABLES) == sorted(SIX)
    assert list(crt.columns) == RAW["columns"]


@pytest.mark.parametrize("name", SIX)
def test_every_cell_is_looked_up_as_the_cards_file_says(crt: Crt, name: str) -> None:
    body = RAW[name]
    assert sorted(int(f) for f in body["rows"]) == sorted(RAW["faces"])
    for face_key, cells in body["rows"].items():
        face = int(face_key)
        assert len(cells) == len(RAW["columns"]), (name, face_key)
        for i, column in enumerate(RAW["columns"]):
            cell = cells[i]
            attack, defence = strengths_for(column)
            look = c.lookup(crt, name, [attack], [defence], [], face)
            assert crt.columns[look.column] == column
            if cell:
                assert look.cell == cell
                expected = body["key"].get(cell) or RAW["marks"][cell]
                assert look.meaning == expected
                assert look.fill_in is None
            else:
                assert look.cell == ""
                assert look.meaning == "not in the source rules"
                assert look.fill_in.endswith(f"crt.toml [{name}] row {face}, column {column}")


def test_rows_the_rules_kept(crt: Crt) -> None:
    # Independent of the file: the rules kept all of row 1 and three cells of row 2.
    for name in SIX:
        filled = {
            (face, col)
            for face in crt.faces
            for col in range(len(crt.columns))
            if crt.cell(crt.tables[name], face, col)
        }
        assert filled == {(1, i) for i in range(13)} | {(2, 0), (2, 1), (2, 2)}, name


def test_a_few_printed_cells_as_independent_checks(crt: Crt) -> None:
    assert c.lookup(crt, "infantry-vs-infantry", [8], [3], [], 1).cell == "E"
    assert c.lookup(crt, "infantry-vs-infantry", [8], [3], [], 1).meaning == "Defender wounded."
    look = c.lookup(crt, "missile-vs-infantry", [1], [2], [], 2)
    assert look.cell == "★"
    assert look.meaning == "★ — not defined by the printed key"
    look = c.lookup(crt, "infantry-vs-infantry", [1], [1], [], 2)
    assert look.cell == "C" and look.footnote.startswith("★ A retreating character")
    assert "dash" in crt.tables["mounted-vs-mounted"].note


def test_missing_cell_names_file_and_cell(crt: Crt) -> None:
    look = c.lookup(crt, "infantry-vs-infantry", [4], [1], [], 2)
    assert look.meaning == "not in the source rules"
    # relative to the cards root: the same in the source tree and in an installed wheel
    assert look.fill_in == "dark-blades/crt.toml [infantry-vs-infantry] row 2, column 4-1"


@pytest.mark.parametrize(
    "attack,defence,odds",
    [
        (8, 3, "2-1"),
        (6, 10, "1-2"),
        (10, 10, "1-1"),
        (9, 10, "1-2"),
        (3, 10, "1-4"),
        (37, 3, "12-1"),
    ],
)
def test_raw_odds(attack: int, defence: int, odds: str) -> None:
    assert c.raw_odds(attack, defence) == odds


def test_rulebook_missile_examples() -> None:
    name, band = strength_at(Cards(), "crossbow", 28)
    assert (name, band.band, band.strength) == ("Crossbow", "medium", 20)
    assert c.raw_odds(band.strength, 10) == "2-1"
    name, band = strength_at(Cards(), "shortbow", 15)
    assert (band.band, band.strength) == ("short", 20)
    assert c.raw_odds(band.strength, 10) == "2-1"


def test_several_attackers_or_defenders_combine(crt: Crt) -> None:
    look = c.lookup(crt, "infantry-vs-infantry", [5, 3], [2, 2], [], 1)
    assert look.raw_odds == "2-1"
    assert c.parse_strengths(("5,3", "2"), "attack") == [5, 3, 2]
    with pytest.raises(InputError):
        c.parse_strengths(("5,x",), "attack")


# The printed terrain table, spelled out: (attacker, defender) → columns (right positive).
PRINTED_TERRAIN = {
    ("-", "+"): -2,
    ("-", "0"): -1,
    ("0", "+"): -1,
    ("0", "-"): 1,
    ("+", "0"): 1,
    ("+", "-"): 2,
    ("+", "+"): 0,
    ("-", "-"): 0,
}


@pytest.mark.parametrize("pair,columns", sorted(PRINTED_TERRAIN.items()))
def test_terrain_shifts(crt: Crt, pair: tuple[str, str], columns: int) -> None:
    table = crt.tables["infantry-vs-infantry"]
    shifts = c.shifts_for(crt, table, attacker_terrain=pair[0], defender_terrain=pair[1])
    assert sum(s.columns for s in shifts) == columns
    look = c.lookup(crt, "infantry-vs-infantry", [4], [1], shifts, 1)  # 4-1 is index 4
    assert look.column == 4 + columns


def test_terrain_is_for_hand_to_hand(crt: Crt) -> None:
    with pytest.raises(InputError, match="cover"):
        c.shifts_for(crt, crt.tables["missile-vs-infantry"], attacker_terrain="+")


def test_cover(crt: Crt) -> None:
    table = crt.tables["missile-vs-infantry"]
    assert [s.columns for s in c.shifts_for(crt, table, cover="light")] == [-1]
    assert [s.columns for s in c.shifts_for(crt, table, cover="medium")] == [-2]
    assert c.shifts_for(crt, table, cover="none") == []
    with pytest.raises(InputError, match="no shot"):
        c.shifts_for(crt, table, cover="infinite")
    assert c.no_shot(crt, table, "infinite") == RAW["cover"]["infinite"]["text"]
    assert c.no_shot(crt, table, "light") is None and c.no_shot(crt, table, None) is None
    with pytest.raises(InputError, match="missile"):
        c.shifts_for(crt, crt.tables["infantry-vs-infantry"], cover="light")
    # The rulebook's example: light cover turns a 4-1 attack into a 3-1 attack.
    look = c.lookup(
        crt, "missile-vs-infantry", [4], [1], c.shifts_for(crt, table, cover="light"), 1
    )
    assert crt.columns[look.column] == "3-1"


def test_magic_items_and_fast_rider(crt: Crt) -> None:
    foot = crt.tables["infantry-vs-infantry"]
    shot = crt.tables["missile-vs-mounted"]
    assert [s.columns for s in c.shifts_for(crt, foot, magic_sword=True)] == [2]
    with pytest.raises(InputError, match="^magic sword: not for"):
        c.shifts_for(crt, shot, magic_sword=True)
    assert [s.columns for s in c.shifts_for(crt, foot, magic_ring=True)] == [-1]
    assert [s.columns for s in c.shifts_for(crt, shot, magic_ring=True)] == [-1]
    assert [s.columns for s in c.shifts_for(crt, shot, fast_rider=True)] == [-1]
    with pytest.raises(InputError, match="^fast rider: not for"):
        c.shifts_for(crt, crt.tables["missile-vs-infantry"], fast_rider=True)


def test_clamping_at_both_ends(crt: Crt) -> None:
    look = c.lookup(crt, "infantry-vs-infantry", [100], [1], [], 1)
    assert crt.columns[look.column] == "12-1" and "above the table" in look.start_note
    look = c.lookup(crt, "infantry-vs-infantry", [1], [100], [], 1)
    assert crt.columns[look.column] == "1-2" and "below the table" in look.start_note
    sword = c.shifts_for(crt, crt.tables["infantry-vs-infantry"], magic_sword=True)
    look = c.lookup(crt, "infantry-vs-infantry", [11], [1], sword, 1)
    assert crt.columns[look.column] == "12-1" and look.end_note
    ring = c.shifts_for(crt, crt.tables["infantry-vs-infantry"], magic_ring=True)
    look = c.lookup(crt, "infantry-vs-infantry", [1], [2], ring, 1)
    assert crt.columns[look.column] == "1-2" and look.end_note


def test_shifts_count_from_the_true_odds_then_clamp(crt: Crt) -> None:
    """The kit's reading (issue 14): a 1-10 attack with the Magic Sword is 1-8, still off the
    table, so 1-2, never 2-1; 1-3 with the Sword is 1-1 (one left of 1-2, two right)."""
    sword = c.shifts_for(crt, crt.tables["infantry-vs-infantry"], magic_sword=True)
    kit = cell_source(Cards(), crt)
    look = c.lookup(crt, "infantry-vs-infantry", [1], [10], sword, 1, cells=kit)
    assert (look.start_column, look.column_label) == ("1-2", "1-2")
    assert [r.name for r in look.readings] == ["off-table"]
    look = c.lookup(crt, "infantry-vs-infantry", [1], [3], sword, 1, cells=kit)
    assert look.column_label == "1-1"
    look = c.lookup(crt, "infantry-vs-infantry", [14], [1], [c.Shift("x", -2)], 1, cells=kit)
    assert look.column_label == "12-1"  # 14-1 is two right of 12-1: back to 12-1
    inside = c.lookup(crt, "infantry-vs-infantry", [8], [1], sword, 1, cells=kit)
    assert inside.readings == [] and inside.column_label == "10-1"


def test_chances_cover_every_face_once(crt: Crt) -> None:
    look = c.lookup(crt, "infantry-vs-infantry", [2], [1], [], 1)
    faces = [f for _, fs in look.chances for f in fs]
    assert sorted(faces) == sorted(crt.faces)
    assert dict(look.chances)["E"] == (1,) and dict(look.chances)["D"] == (2,)


def test_die_faces(crt: Crt) -> None:
    assert c.parse_face(crt, 0, None) == (0, False)
    assert c.parse_face(crt, 10, None) == (0, False)  # a d10's ten is its printed 0
    with pytest.raises(InputError, match="0 is ten"):
        c.parse_face(crt, 11, None)
    import random

    face, rolled = c.parse_face(crt, None, random.Random(1))
    assert rolled and face in crt.faces


def copy_cards(tmp_path: Path) -> Path:
    root = tmp_path / "cards"
    shutil.copytree(default_cards_dir() / "dark-blades", root / "dark-blades")
    return root


def test_a_filled_in_cell_is_used(tmp_path: Path) -> None:
    root = copy_cards(tmp_path)
    path = root / "dark-blades" / "crt.toml"
    text = path.read_text(encoding="utf-8")
    old = '"2" = ["B", "C", "D",  "",'
    assert old in text
    path.write_text(text.replace(old, '"2" = ["B", "C", "D", "F",', 1), encoding="utf-8")
    crt = load_crt(Cards(root))
    assert c.lookup(crt, "infantry-vs-infantry", [3], [1], [], 2).cell == "F"


@pytest.mark.parametrize(
    "old,new,words",
    [
        ('"1" = ["C", "E"', '"1" = ["Q", "E"', "'Q' is not in the table's key"),
        ('kind = "hand-to-hand"', 'kind = "magic"', "expected hand-to-hand or missile"),
        ('die = "d10"', 'die = "d10x"', "key 'die'"),
        ('"12-1"]', '"12-1", "11-1"]', "lowest to highest"),
        (
            '"1" = ["C", "E", "E", "E", "E", "F",',
            '"1" = ["C", "E", "E", "E", "F",',
            "key 'infantry-vs-infantry.rows.1': 12 cells for 13 columns",
        ),
        ('"2" = ["B", "C", "D",  "",', '"2" = ["B", "C", "D",  "", "",', "14 cells for 13"),
        (
            '"0" = [ "",  "",  "",  "",  "",  "",  "",  "",  "",  "",  "",  "",  ""]\n',
            "\n",
            "key 'infantry-vs-infantry.rows': no row for die face 0",
        ),
        ("faces = [1, 2, 3, 4, 5, 6, 7, 8, 9, 0]", "faces = [1, 2, 3, 4, 6, 7, 8, 9, 0]", "once"),
        ('attacker = "0"\ndefender = "0"', 'attacker = "0"\ndefender = "+"', "listed twice"),
    ],
)
def test_bad_data_is_one_located_error(tmp_path: Path, old: str, new: str, words: str) -> None:
    root = copy_cards(tmp_path)
    path = root / "dark-blades" / "crt.toml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(DataError, match=words) as info:
        load_crt(Cards(root))
    assert "crt.toml" in str(info.value)


def test_a_users_older_copy_keeps_the_kits_readings(tmp_path: Path) -> None:
    """A crt.toml copied before the readings existed still labels them (the kit's own)."""
    root = copy_cards(tmp_path)
    path = root / "dark-blades" / "crt.toml"
    text = path.read_text(encoding="utf-8")
    text = text[
        : text.index(
            "# ------------------------------------------------------------------ the kit's"
        )
    ]
    text = text.replace('readings = { missile = "ring-on-missiles" }', "")
    path.write_text(text, encoding="utf-8")
    crt = load_crt(Cards(root))
    assert "readings" not in tomllib.loads(text)
    assert crt.reading("off-table").text == RAW["readings"]["off-table"]["text"]
    ring = c.shifts_for(crt, crt.tables["missile-vs-infantry"], magic_ring=True)
    assert ring[0].reading.name == "ring-on-missiles"
    kit = cell_source(Cards(root), crt)
    look = c.lookup(crt, "infantry-vs-infantry", [30], [1], [], 1, cells=kit)
    assert [r.name for r in look.readings] == ["off-table"]
    rules_only = c.lookup(crt, "infantry-vs-infantry", [30], [1], [], 1)
    assert rules_only.cell == "" and rules_only.meaning == c.OFF_TABLE_OPEN  # left open


def test_readings_must_say_they_are_the_kits(tmp_path: Path) -> None:
    root = copy_cards(tmp_path)
    path = root / "dark-blades" / "crt.toml"
    text = path.read_text(encoding="utf-8")
    short = RAW["readings"]["off-table"]["short"]
    path.write_text(text.replace(short, "odds clamped"), encoding="utf-8")
    with pytest.raises(DataError, match="readings.off-table.short"):
        load_crt(Cards(root))
    path.write_text(text.replace(short, short + " and then some more words"), encoding="utf-8")
    with pytest.raises(DataError, match="at most 40 columns"):
        load_crt(Cards(root))
