"""The generic card-data readers: CSV columns and their messages, TOML errors, the overlay."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from companion import schema
from companion.csv_rosters import Column, read_csv
from companion.data import Cards, read_toml
from companion.errors import DataError
from companion.schema import Field, Table

COLUMNS = [
    Column("count", "count", required=True),
    Column("name", required=True, unique=True),
    Column("attack", "int"),
    Column("colour", "colour"),
    Column("side", "choice", choices=("good", "evil")),
]


def write(tmp_path: Path, text: str, name: str = "r.csv") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def error_of(path: Path, columns=COLUMNS) -> str:
    with pytest.raises(DataError) as info:
        read_csv(path, columns)
    message = str(info.value)
    assert "\n" not in message
    return message


def test_reads_values_types_and_line_numbers(tmp_path):
    path = write(
        tmp_path,
        "# comment\ncount,name,attack,colour,side\n2,Grast,7,red,good\n\n1,Fox,,#AbCdEf,evil\n",
    )
    rows = read_csv(path, COLUMNS)
    assert [r.line for r in rows] == [3, 5]
    assert rows[0]["count"] == 2 and rows[0]["attack"] == 7 and rows[0]["colour"] == "#c0161d"
    assert (
        rows[1]["attack"] is None and rows[1]["colour"] == "#abcdef" and rows[1]["side"] == "evil"
    )


def test_semicolon_spreadsheets_and_excel_bom(tmp_path):
    path = tmp_path / "r.csv"
    path.write_bytes("\ufeffcount;name;attack\n3;Goblin;4\n".encode())
    (row,) = read_csv(path, COLUMNS)
    assert row["name"] == "Goblin" and row["count"] == 3


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "count,name,attack\n1,A,x\n",
            "r.csv:2: column 'attack': expected a whole number, got 'x'",
        ),
        (
            "count,name\n0,A\n",
            "r.csv:2: column 'count': expected a positive whole number (how many to print), got '0'",
        ),
        (
            "count,name\n-2,A\n",
            "r.csv:2: column 'count': expected a positive whole number (how many to print), got '-2'",
        ),
        (
            "count,name\nmany,A\n",
            "r.csv:2: column 'count': expected a positive whole number, got 'many'",
        ),
        (
            "count,name,hp\n1,A,3\n",
            "r.csv:1: unknown column 'hp': expected columns are count, name, attack, colour, side",
        ),
        ("count,attack\n1,3\n", "r.csv:1: missing required column 'name'"),
        ("count,name\n1,\n", "r.csv:2: column 'name': a value is required"),
        ("count,name\n1,Grast\n1,grast\n", "r.csv:3: duplicate name 'grast' (first on line 2)"),
        (
            "count,name,colour\n1,A,blu\n",
            "r.csv:2: column 'colour': expected a colour like #1f4fa8",
        ),
        (
            "count,name,side\n1,A,neutral\n",
            "r.csv:2: column 'side': expected one of good, evil, got 'neutral'",
        ),
        ("count,name\n1,A,extra\n", "r.csv:2: 3 cells but the header on line 1 names 2"),
        ("# only a comment\n", "r.csv: empty file"),
        ("count,name,name\n1,A,B\n", "r.csv:1: column 'name' appears twice"),
    ],
)
def test_each_bad_cell_has_its_own_message(tmp_path, monkeypatch, text, expected):
    monkeypatch.chdir(tmp_path)
    assert error_of(write(tmp_path, text)).startswith(expected)


def test_missing_and_undecodable_files(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert error_of(tmp_path / "nope.csv") == "nope.csv: file not found"
    # 0x81 is no character in UTF-8 nor in Windows-1252: refused, saying what to do
    (tmp_path / "odd.csv").write_bytes(b"count,name\n1,Caf\x81\n")
    message = error_of(tmp_path / "odd.csv")
    assert message.startswith("odd.csv: not UTF-8 or Windows-1252 text")
    assert message.endswith('save it from your spreadsheet as "CSV UTF-8"')
    (tmp_path / "bad8.csv").write_bytes(
        b"\xef\xbb\xbfcount,name\n1,Caf\xe9\n"
    )  # BOM, then not UTF-8
    assert error_of(tmp_path / "bad8.csv").startswith("bad8.csv: not valid UTF-8 text")


ROSTER = "count;name;attack\n3;Goblin Chef \u00e9\u00e8 \u2013 \u20ac;4\n1;Orc;5\n"


@pytest.mark.parametrize(
    "encoding, separator, prefix",
    [
        ("utf-8", ";", b""),
        ("utf-8", ",", b"\xef\xbb\xbf"),  # Excel's "CSV UTF-8": a byte-order mark first
        ("utf-16", "\t", b""),  # Excel's "Unicode Text": BOM, tabs
        ("utf-16-le", "\t", b""),  # the same without a BOM
        ("utf-16-be", ";", b""),
        ("cp1252", ";", b""),  # Excel's "CSV (Comma delimited)" on Windows, a ; locale
        ("cp1252", ",", b"sep=,\r\n"),  # Excel's separator hint line
        ("utf-8", ",", b"sep=;\r\n"),  # the hint wins over the commas' count
    ],
)
def test_csv_as_spreadsheets_save_it(tmp_path, encoding, separator, prefix):
    text = ROSTER.replace(";", separator)
    if prefix.startswith(b"sep=;"):
        text = text.replace(",", ";")  # the hint says ;
    path = tmp_path / "r.csv"
    path.write_bytes(prefix + text.replace("\n", "\r\n").encode(encoding))
    goblin, orc = read_csv(path, COLUMNS)
    assert goblin["name"] == "Goblin Chef \u00e9\u00e8 \u2013 \u20ac" and goblin["count"] == 3
    assert (orc["name"], orc["attack"], orc.line) == (
        "Orc",
        5,
        3 if not prefix[:3] == b"sep" else 4,
    )


def test_a_column_may_be_spelled_two_ways(tmp_path):
    columns = [Column("name", required=True), Column("defense", "int", aliases=("defence",))]
    (row,) = read_csv(write(tmp_path, "name,Defence\nA,3\n"), columns)
    assert row["defense"] == 3
    both = write(tmp_path, "name,defence,defense\nA,3,4\n", "both.csv")
    assert "column 'defense' appears twice" in error_of(both, columns)


def test_toml_errors_carry_the_line(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    path = write(tmp_path, 'title = "x"\n\nrows = = 2\n', "t.toml")
    with pytest.raises(DataError) as info:
        read_toml(path)
    assert str(info.value).startswith("t.toml:3: not valid TOML")
    unclosed = write(tmp_path, 'title = "x"\n\nrows = [1, 2\n', "u.toml")
    with pytest.raises(DataError) as info:
        read_toml(unclosed)
    assert str(info.value) == "u.toml:3: not valid TOML: Unclosed array"


def test_toml_schema_errors_are_exact_lines(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    path = write(tmp_path, "title = 3\n", "t.toml")
    with pytest.raises(DataError, match=r"^t.toml:1: key 'title': expected text, got 3$"):
        schema.load(path, Table((Field("title", str),)))
    with pytest.raises(DataError, match=r"^t.toml: missing key 'die'$"):
        schema.load(path, Table((Field("title", int), Field("die", str))))
    optional = Table((Field("die", str, required=False), Field("rows", list, required=False)))
    with pytest.raises(
        DataError, match=r"^t.toml:1: unknown key 'title': expected one of die, rows$"
    ):
        schema.load(path, optional)


def test_toml_cache_sees_edits(tmp_path):
    path = write(tmp_path, "a = 1\n", "t.toml")
    assert read_toml(path) == {"a": 1}
    path.write_text("a = 22\n")
    import os

    os.utime(path, ns=(1, 1))  # a different mtime even on coarse clocks
    assert read_toml(path) == {"a": 22}


def test_user_cards_overlay_the_kits(tmp_path):
    kit = Cards()
    some_kit_file = next(
        p
        for p in kit.default.rglob("*")
        if p.is_file() and len(p.relative_to(kit.default).parts) > 1
    )  # a game's file (cards/README.md belongs to no game)
    rel = some_kit_file.relative_to(kit.default)
    game = rel.parts[0]
    name = "/".join(rel.parts[1:])
    mine = Cards(tmp_path)
    assert mine.path(game, name) == some_kit_file  # falls back to the kit's copy
    (tmp_path / game).mkdir()
    (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
    (tmp_path / rel).write_text("mine")
    assert mine.path(game, name) == tmp_path / rel
    with pytest.raises(DataError, match="missing file dark-blades/none.csv"):
        mine.path("dark-blades", "none.csv")


def test_cards_dir_must_exist(tmp_path):
    with pytest.raises(DataError, match="expected a directory of card data"):
        Cards(tmp_path / "missing")


def test_parsed_toml_is_kept_on_disk_and_checked(tmp_path, monkeypatch) -> None:
    """The disk cache (`data.cache_dir`): written whole, read back only for the same file,
    modification time and size; a damaged entry or an edit is parsed again; "off": none."""
    from companion import data

    cache = tmp_path / "cache"
    monkeypatch.setenv("HAVOC_CACHE_DIR", str(cache))
    file = tmp_path / "t.toml"
    file.write_text('a = 1\nb = ["x"]\n', encoding="utf-8")
    data._load_toml_cached.cache_clear()
    assert data.read_toml(file) == {"a": 1, "b": ["x"]}
    assert not cache.exists()  # just written: not kept (its stamp may not have moved yet)
    os.utime(file, ns=(10**18, 10**18))  # an older file
    data._load_toml_cached.cache_clear()
    assert data.read_toml(file) == {"a": 1, "b": ["x"]}
    kept = list(cache.iterdir())
    assert len(kept) == 1 and kept[0].suffix == ".marshal"
    data._load_toml_cached.cache_clear()
    assert data.read_toml(file) == {"a": 1, "b": ["x"]}  # from the disk
    file.write_text('a = 22\nb = ["x"]\n', encoding="utf-8")  # another size and time
    os.utime(file, ns=(10**18 + 1, 10**18 + 1))
    data._load_toml_cached.cache_clear()
    assert data.read_toml(file)["a"] == 22
    kept[0].write_bytes(b"not marshal data")
    data._load_toml_cached.cache_clear()
    assert data.read_toml(file)["a"] == 22
    assert not [p for p in cache.iterdir() if p.name.endswith(".part")]
    monkeypatch.setenv("HAVOC_CACHE_DIR", "off")
    assert data.cache_dir() is None
    data._load_toml_cached.cache_clear()


def test_a_cache_that_cannot_be_written_is_no_cache(tmp_path, monkeypatch) -> None:
    from companion import data

    blocker = tmp_path / "a-file"
    blocker.write_text("", encoding="utf-8")
    monkeypatch.setenv("HAVOC_CACHE_DIR", str(blocker / "below"))  # under a file: unwritable
    file = tmp_path / "t.toml"
    file.write_text("a = 1\n", encoding="utf-8")
    data._load_toml_cached.cache_clear()
    assert data.read_toml(file) == {"a": 1}
    data._load_toml_cached.cache_clear()


def test_a_checked_roster_is_kept_on_disk_for_its_columns(tmp_path, monkeypatch) -> None:
    """read_csv's rows come back from the disk cache only for the same file and the same
    declared columns; a refused file is refused every time (never cached)."""
    cache = tmp_path / "cache"
    monkeypatch.setenv("HAVOC_CACHE_DIR", str(cache))
    file = tmp_path / "r.csv"
    file.write_text("count,name\n2,Ann\n", encoding="utf-8")
    os.utime(file, ns=(10**18, 10**18))  # not just written: kept
    columns = [Column("count", "count", required=True), Column("name", required=True)]
    first = read_csv(file, columns)
    assert [(r["count"], r["name"], r.line) for r in first] == [(2, "Ann", 2)]
    assert len(list(cache.glob("csv-*.marshal"))) == 1
    again = read_csv(file, columns)
    assert [(r["count"], r["name"], r.line, r.path) for r in again] == [(2, "Ann", 2, file)]
    as_text = read_csv(file, [Column("count", required=True), Column("name", required=True)])
    assert as_text[0]["count"] == "2"  # other columns: read again, not the cached ints
    file.write_text("count,name\nx,Ann\n", encoding="utf-8")
    os.utime(file, ns=(10**18 + 1, 10**18 + 1))
    for _ in range(2):
        with pytest.raises(DataError, match="count"):
            read_csv(file, columns)
