"""Generic rolled tables: every face of every cards/*/tables/*.toml, chains, user tables, errors."""

from __future__ import annotations

import random
import tomllib
from pathlib import Path

import pytest

from companion import tables as t
from companion.commands.tables import find
from companion.data import Cards, default_cards_dir
from companion.errors import DataError, InputError

TABLE_FILES = sorted(default_cards_dir().glob("*/tables/*.toml"))
D10 = (1, 2, 3, 4, 5, 6, 7, 8, 9, 0)


@pytest.fixture(scope="module")
def tables() -> dict[str, t.Table]:
    return t.load_tables(Cards())


def test_the_dark_blades_tables_are_found(tables: dict[str, t.Table]) -> None:
    names = {x.name for x in tables.values() if x.game == "dark-blades"}
    assert {
        "lake",
        "lake-crawl-out",
        "river",
        "river-crawl-out",
        "river-stepping-stones",
        "stepping-stones-wounded",
        "death-spell",
        "spell-resist",
        "magic-item-creation",
    } <= names
    assert len(tables) == len(TABLE_FILES)


@pytest.mark.parametrize("path", TABLE_FILES, ids=lambda p: f"{p.parent.parent.name}/{p.stem}")
def test_every_face_of_every_table_is_as_the_file_says(
    tables: dict[str, t.Table], path: Path
) -> None:
    raw = tomllib.loads(path.read_text(encoding="utf-8"))
    table = tables[f"{path.parent.parent.name}/{path.stem}"]
    for face in table.faces():
        expected = [r for r in raw["rows"] if face in r["faces"]]
        got = table.lookup(face)
        assert [r.result for r in got] == [r["result"] for r in expected]
        assert [r.next for r in got] == [r.get("next") for r in expected]


def test_the_lake_prints_six_twice(tables: dict[str, t.Table]) -> None:
    rows = tables["dark-blades/lake"].lookup(6)
    assert [r.faces for r in rows] == [(4, 5, 6), (6, 7, 8)]
    assert "6 appears in both rows" in tables["dark-blades/lake"].note


def test_rulebook_facts_independently(tables: dict[str, t.Table]) -> None:
    def covering(name: str, words: str) -> set[int]:
        table = tables[f"dark-blades/{name}"]
        return {f for f in table.faces() if any(words in r.result for r in table.lookup(f))}

    assert covering("death-spell", "Victim dies") == {1, 2, 3, 4, 5, 6}
    assert covering("death-spell", "own side") == {0}
    assert covering("spell-resist", "Affected") == {1, 2, 3, 4}  # 40% = 1-4 on a d10
    assert covering("magic-item-creation", "created") == {1, 2, 3}
    assert covering("stepping-stones-wounded", "falls in") == {1, 2, 3, 4, 5}
    assert covering("lake-crawl-out", "crawl out") == {1, 2, 3, 4}
    assert covering("river-crawl-out", "crawl out") == {1, 2}
    assert covering("river", "drown") == {9, 0}
    assert tables["dark-blades/river-stepping-stones"].uncovered() == (7, 8, 9, 0)
    assert "Wounded or stunned characters drown" in tables["dark-blades/lake-crawl-out"].note
    # The rules say it of the lake shore only: in the river it is the kit's reading, labelled.
    river = tables["dark-blades/river-crawl-out"]
    assert river.note is None and "drown" not in (river.applies or "")
    assert "lake shore" in river.reading and river.reading_short
    assert "drown" not in tables["dark-blades/river"].applies


def test_face_not_in_the_rules_gives_no_rows(tables: dict[str, t.Table]) -> None:
    step = t.chain(tables, tables["dark-blades/river-stepping-stones"], [8], None)[0][0]
    assert step.rows == ()
    assert step.missing.endswith("river-stepping-stones.toml")


def test_a_d10_has_no_face_ten(tables: dict[str, t.Table]) -> None:
    assert tuple(tables["dark-blades/lake"].faces()) == D10
    with pytest.raises(InputError, match="not 10"):
        tables["dark-blades/lake"].lookup(10)


def test_crawl_out_chains_into_the_lake(tables: dict[str, t.Table]) -> None:
    start = tables["dark-blades/lake-crawl-out"]
    steps, pending = t.chain(tables, start, [7, 2], None)
    assert [s.table.name for s in steps] == ["lake-crawl-out", "lake"]
    assert steps[1].rows[0].faces == (1, 2, 3) and pending is None
    steps, pending = t.chain(tables, start, [7], None)
    assert len(steps) == 1 and pending == "lake"
    steps, pending = t.chain(tables, start, [1], None)
    assert len(steps) == 1 and pending is None
    with pytest.raises(InputError, match="left over"):
        t.chain(tables, start, [1, 5], None)


def test_rolled_chain_is_reproducible(tables: dict[str, t.Table]) -> None:
    start = tables["dark-blades/river-crawl-out"]
    first = t.chain(tables, start, [], random.Random(5))
    again = t.chain(tables, start, [], random.Random(5))
    assert [(s.table.name, s.face) for s in first[0]] == [(s.table.name, s.face) for s in again[0]]
    for step in first[0]:
        assert step.rolled and step.face in D10


def write(root: Path, game: str, name: str, text: str) -> Path:
    path = root / game / "tables" / f"{name}.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


GOOD = """
title = "Weather"
die = "2d6"
source = "kit default"
[[rows]]
faces = [2, 3, 4, 5, 6]
result = "Rain"
next = "mud"
[[rows]]
faces = [7, 8, 9, 10, 11, 12]
result = "Sun"
"""
MUD = """
title = "Mud"
die = "d6"
source = "kit default"
[[rows]]
faces = [1, 2, 3]
result = "Stuck"
"""


def test_a_users_table_works_without_code(tmp_path: Path) -> None:
    write(tmp_path, "my-game", "weather", GOOD)
    write(tmp_path, "my-game", "mud", MUD)
    tables = t.load_tables(Cards(tmp_path))
    assert "dark-blades/lake" in tables  # the kit's tables stay behind the user's
    weather = find(tables, "weather")
    steps, pending = t.chain(tables, weather, [4, 2], None)
    assert [(s.table.name, s.rows[0].result) for s in steps] == [
        ("weather", "Rain"),
        ("mud", "Stuck"),
    ]
    assert pending is None
    steps, _ = t.chain(tables, weather, [4, 5], None)
    assert steps[1].rows == ()  # 5 on the mud table is not covered
    steps, _ = t.chain(tables, weather, [9], random.Random(0))
    assert [s.rows[0].result for s in steps] == ["Sun"]


def test_ambiguous_bare_name(tmp_path: Path) -> None:
    write(tmp_path, "my-game", "lake", MUD)
    tables = t.load_tables(Cards(tmp_path))
    with pytest.raises(InputError, match="several games"):
        find(tables, "lake")
    assert find(tables, "my-game/lake").title == "Mud"


@pytest.mark.parametrize(
    "change,words",
    [
        (("title =", "titel ="), "unknown key 'titel'"),
        (('die = "2d6"', 'die = "2q6"'), "key 'die'"),
        (("faces = [2, 3,", "faces = [1, 2, 3,"), "1 is not a face of 2d6"),
        (('next = "mud"', 'next = "swamp"'), "no table 'swamp'"),
        (('result = "Sun"', 'result = "Sun"\nodds = 3'), "unknown key 'rows\\[1\\].odds'"),
        (('source = "kit default"', ""), "missing key 'source'"),
        (('result = "Sun"', 'result = " "'), "key 'rows\\[1\\].result': blank"),
    ],
)
def test_bad_table_is_one_located_error(
    tmp_path: Path, change: tuple[str, str], words: str
) -> None:
    write(tmp_path, "my-game", "weather", GOOD.replace(*change))
    write(tmp_path, "my-game", "mud", MUD)
    with pytest.raises(DataError, match=words) as info:
        t.load_tables(Cards(tmp_path))
    assert "weather.toml" in str(info.value)


def test_d10_ten_must_be_written_zero(tmp_path: Path) -> None:
    write(tmp_path, "my-game", "x", MUD.replace('"d6"', '"d10"').replace("[1, 2, 3]", "[10]"))
    with pytest.raises(DataError, match="written 0"):
        t.load_tables(Cards(tmp_path))


def test_path_lines_fit() -> None:
    from companion.text import path_lines

    lines = path_lines("cards/dark-blades/tables/river-stepping-stones.toml")
    assert all(len(line) <= 40 for line in lines)
    assert "".join(line.strip() for line in lines).endswith("river-stepping-stones.toml")


def test_a_loop_in_user_data_stops(tmp_path: Path) -> None:
    loop = MUD.replace('result = "Stuck"', 'result = "Again"\nnext = "mud"').replace(
        "[1, 2, 3]", "[1, 2, 3, 4, 5, 6]"
    )
    write(tmp_path, "my-game", "mud", loop)
    tables = t.load_tables(Cards(tmp_path))
    steps, pending = t.chain(tables, find(tables, "mud"), [], random.Random(1))
    assert len(steps) == t.MAX_CHAIN and pending == "mud"


def test_a_misspelt_table_name_gets_a_suggestion(tables: dict[str, t.Table]) -> None:
    with pytest.raises(InputError, match="no table 'deth-spell' \\(did you mean death-spell\\?"):
        find(tables, "deth-spell")
    with pytest.raises(InputError, match=r"no table 'zzz' \(`havoc table` lists them\)"):
        find(tables, "zzz")


def test_sources_cite_only_the_rules_text(tables: dict[str, t.Table]) -> None:
    """A source names the rulebook section; the kit's own readings live in `reading`."""
    for table in (x for x in tables.values() if x.game == "dark-blades"):
        assert table.source.startswith("Dark Blades rulebook"), table.name
        assert "kit" not in table.source.lower(), table.name
    creation = tables["dark-blades/magic-item-creation"]
    assert "d10" in creation.reading_short and "ten-sided" in creation.reading


def test_one_broken_table_breaks_only_itself(tmp_path: Path) -> None:
    write(tmp_path, "dark-blades", "lake", MUD.replace("title", "titel"))  # the user's bad copy
    write(tmp_path, "my-game", "weather", GOOD)
    write(tmp_path, "my-game", "mud", MUD)
    broken: dict[str, DataError] = {}
    tables = t.load_tables(Cards(tmp_path), broken)
    assert list(broken) == ["dark-blades/lake"] and "titel" in str(broken["dark-blades/lake"])
    assert "dark-blades/river" in tables and "my-game/weather" in tables
    with pytest.raises(DataError, match="titel"):
        find(tables, "lake", broken)  # asked for by name: its own error
    # lake-crawl-out still loads; rolling on into the broken lake raises the lake's error
    crawl = find(tables, "lake-crawl-out", broken)
    assert t.chain(tables, crawl, [1], None, broken)[0][0].rows[0].result.startswith("They may")
    with pytest.raises(DataError, match="titel"):
        t.chain(tables, crawl, [7], random.Random(1), broken)
    with pytest.raises(DataError, match="titel"):
        t.load_tables(Cards(tmp_path))  # without `broken`, the first error is raised


def test_names_by_start_and_any_case(tables: dict[str, t.Table]) -> None:
    assert find(tables, "LAKE").name == "lake"  # whole name beats a longer one starting so
    assert find(tables, "lake-c").name == "lake-crawl-out"
    assert find(tables, "Death").name == "death-spell"
    assert find(tables, "rss").name == "river-stepping-stones"  # initials
    with pytest.raises(InputError, match="could be"):
        find(tables, "river-")
