"""companion/schema.py: declared TOML schemas, their one-line located errors, load-once caching."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from companion import schema
from companion.data import Cards, default_cards_dir
from companion.errors import DataError
from companion.schema import Field, ListOf, MapOf, Table, Where, key_line

DOC = """\
title = "x"

[[rows]]
faces = [1, 2]
result = "A"

[[rows]]
faces = [3]
result = "B"

[cover.light]
columns = 1
"""

ROW = Table((Field("faces", ListOf(int)), Field("result", str, choices=("A", "B"))))
COVER = Table((Field("columns", int), Field("no_shot", bool, required=False, default=False)))
DOC_SCHEMA = Table(
    (Field("title", str), Field("rows", ListOf(ROW)), Field("cover", MapOf(COVER))),
)


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "doc.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_good_file_is_checked_into_values_with_defaults(tmp_path: Path) -> None:
    got = schema.load(write(tmp_path, DOC), DOC_SCHEMA)
    assert got["rows"][1] == {"faces": [3], "result": "B"}
    assert got["cover"] == {"light": {"columns": 1, "no_shot": False}}


@pytest.mark.parametrize(
    "old,new,line,words",
    [
        ("faces = [3]", 'faces = [3, "x"]', 8, "key 'rows[1].faces[1]': expected a whole number"),
        ('result = "B"', 'result = "C"', 9, "key 'rows[1].result': expected A or B, got 'C'"),
        ('result = "B"', 'result = "B"\nresutl = 1', 10, "unknown key 'rows[1].resutl'"),
        ("columns = 1", "columns = true", 12, "key 'cover.light.columns': expected a whole"),
        ("columns = 1", "", 11, "missing key 'cover.light.columns'"),
        ('title = "x"', "", None, "missing key 'title'"),
    ],
)
def test_every_error_is_one_line_with_file_line_and_key(
    tmp_path: Path, old: str, new: str, line: int | None, words: str
) -> None:
    path = write(tmp_path, DOC.replace(old, new, 1))
    with pytest.raises(DataError) as info:
        schema.load(path, DOC_SCHEMA)
    assert info.value.line == line
    assert words in info.value.message
    assert "\n" not in str(info.value) and "doc.toml" in str(info.value)


def test_key_line_finds_keys_tables_and_array_items(tmp_path: Path) -> None:
    path = write(tmp_path, DOC)
    assert key_line(path, ("rows", 1, "result")) == 9
    assert key_line(path, ("rows", 0)) == 3
    assert key_line(path, ("cover", "light", "columns")) == 12
    assert key_line(path, ("cover", "heavy")) == 11  # not written: the nearest table around it
    assert Where(path).child("title").line() == 1


def test_a_file_is_checked_once_until_it_changes(tmp_path: Path, monkeypatch) -> None:
    calls: list[Path] = []
    real = schema.validate
    monkeypatch.setattr(schema, "validate", lambda p, s, d: calls.append(p) or real(p, s, d))
    path = write(tmp_path, DOC)
    first = schema.load(path, DOC_SCHEMA)
    assert schema.load(path, DOC_SCHEMA) is first and len(calls) == 1
    path.write_text(DOC.replace('"x"', '"y"'), encoding="utf-8")
    os.utime(path, ns=(1, 1))  # a new modification time, whatever the clock's resolution
    assert schema.load(path, DOC_SCHEMA)["title"] == "y" and len(calls) == 2


def test_a_broken_file_is_not_cached(tmp_path: Path) -> None:
    path = write(tmp_path, DOC.replace("columns = 1", "columns = 'one'"))
    with pytest.raises(DataError):
        schema.load(path, DOC_SCHEMA)
    path.write_text(DOC, encoding="utf-8")
    os.utime(path, ns=(2, 2))
    assert schema.load(path, DOC_SCHEMA)["cover"]["light"]["columns"] == 1


def _count_crt_validations(monkeypatch) -> list[Path]:
    schema.clear_cache()
    calls: list[Path] = []
    real = schema.validate

    def spy(path: Path, declared, data):
        if path.name == "crt.toml":
            calls.append(path)
        return real(path, declared, data)

    monkeypatch.setattr(schema, "validate", spy)
    return calls


def test_havoc_crt_validates_crt_toml_once(havoc, monkeypatch) -> None:
    """The README's promise: loaded and validated once (it was twice per `havoc crt` call)."""
    calls = _count_crt_validations(monkeypatch)
    result = havoc("crt", "ii", "8", "3")
    assert result.exit_code == 0, result.output
    assert len(calls) == 1


def test_a_users_crt_toml_replaces_the_kits(havoc, monkeypatch, tmp_path: Path) -> None:
    """--cards: the user's copy is the one read (the kit's only for its readings), and a
    mistake in it is the user's file's one-line error."""
    root = tmp_path / "cards"
    shutil.copytree(default_cards_dir() / "dark-blades", root / "dark-blades")
    mine = root / "dark-blades" / "crt.toml"
    calls = _count_crt_validations(monkeypatch)
    assert havoc("--cards", root, "crt", "ii", "8", "3", "1").exit_code == 0
    assert [p.resolve() for p in calls].count(mine.resolve()) == 1
    text = mine.read_text(encoding="utf-8")
    mine.write_text(text.replace('kind = "hand-to-hand"', 'kind = "magic"', 1), encoding="utf-8")
    os.utime(mine, ns=(3, 3))
    result = havoc("--cards", root, "crt", "ii", "8", "3", "1")
    assert result.exit_code == 2
    assert "crt.toml:32: key 'infantry-vs-infantry.kind': expected hand-to-hand or missile" in (
        result.output
    )
    assert Cards(root).path("dark-blades", "crt.toml") == mine
