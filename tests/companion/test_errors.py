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
