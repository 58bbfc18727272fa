"""The kit's one error type: how it shows where the problem is."""

from __future__ import annotations

import os

from companion.errors import DataError, display_path


def test_location_forms(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert str(DataError("bad", tmp_path / "a.csv", 3)) == "a.csv:3: bad"
    assert str(DataError("bad", tmp_path / "a.csv")) == "a.csv: bad"
    assert str(DataError("bad")) == "bad"


def test_paths_outside_the_working_directory_stay_absolute(tmp_path, monkeypatch):
    (tmp_path / "here").mkdir()
    monkeypatch.chdir(tmp_path / "here")
    assert display_path(tmp_path / "x.toml") == str(tmp_path / "x.toml")


def test_a_symlink_loop_is_shown_not_raised(tmp_path):
    os.symlink(tmp_path / "b", tmp_path / "a")
    os.symlink(tmp_path / "a", tmp_path / "b")
    assert display_path(tmp_path / "a").endswith("a")


def test_a_name_refusal_carries_every_candidate():
    import pytest

    from companion.errors import AmbiguousName, UnknownName
    from companion.names import pick

    many = [f"lake-{n}" for n in range(12)]
    with pytest.raises(AmbiguousName) as ambiguous:
        pick("lake", many, "table")
    assert ambiguous.value.matches == tuple(many)  # all twelve, though the line shows eight
    assert str(ambiguous.value).endswith("lake-7 (and 4 more): type more of it")
    with pytest.raises(UnknownName) as unknown:
        pick("sea", many, "table")
    assert unknown.value.choices == tuple(many) and unknown.value.text == "sea"


def test_an_option_refusal_can_name_another_option():
    from companion.errors import InputError, OptionError

    error = OptionError("--piece-size", "too small")
    renamed = error.renamed("--square")
    assert str(error) == "--piece-size: too small"
    assert (str(renamed), renamed.reason) == ("--square: too small", "too small")
    assert isinstance(renamed, InputError)
