"""The piece set, the roster and the scenarios are read once while their files are unchanged (the
phone's fight page asks for them on every request), and read again as soon as one changes."""

from __future__ import annotations

import csv
import io
import os
import shutil
from pathlib import Path

import pytest

from companion.dark_blades import pieces
from companion.dark_blades.scenarios import load_scenarios
from companion.data import Cards
from companion.errors import DataError


def _mine(tmp_path: Path) -> Cards:
    """A user's cards folder with copies of the kit's roster and one scenario."""
    kit = Cards()
    game = tmp_path / "cards" / "dark-blades"
    (game / "scenarios").mkdir(parents=True)
    shutil.copy(kit.path("dark-blades", "pieces.csv"), game / "pieces.csv")
    shutil.copy(kit.path("dark-blades", "scenarios/raid.toml"), game / "scenarios" / "raid.toml")
    return Cards(tmp_path / "cards")


def _edit_first_row(path: Path, **cells: str) -> None:
    """Set cells of the roster's first character (the lines before the header are comments)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    at = next(i for i, line in enumerate(lines) if not line.startswith("#"))
    header = next(csv.reader([lines[at]]))
    row = next(csv.reader([lines[at + 1]]))
    for column, value in cells.items():
        row[header.index(column)] = value
    out = io.StringIO()
    csv.writer(out, lineterminator="").writerow(row)
    lines[at + 1] = out.getvalue()
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    _touch_later(path)


def _touch_later(path: Path) -> None:
    info = path.stat()
    os.utime(path, ns=(info.st_atime_ns, info.st_mtime_ns + 1_000_000_000))


def test_the_same_set_while_nothing_changes(tmp_path: Path) -> None:
    cards = _mine(tmp_path)
    first = pieces.load(cards)
    assert pieces.load(cards) is first
    assert pieces.roster(cards) is pieces.roster(cards)
    assert load_scenarios(cards, first) == load_scenarios(cards, first)
    assert load_scenarios(cards, first) is not load_scenarios(cards, first)  # a caller's own dict


def test_an_edited_roster_is_read_again(tmp_path: Path) -> None:
    cards = _mine(tmp_path)
    first = pieces.load(cards)
    roster = pieces.roster(cards)
    path = tmp_path / "cards" / "dark-blades" / "pieces.csv"
    _edit_first_row(path, name="Zed")
    again = pieces.load(cards)
    assert again is not first and again.roster[0].name == "Zed"
    assert pieces.roster(cards) is not roster and pieces.roster(cards)[0].name == "Zed"


def test_a_broken_roster_is_refused_every_time_until_fixed(tmp_path: Path) -> None:
    cards = _mine(tmp_path)
    pieces.load(cards)
    path = tmp_path / "cards" / "dark-blades" / "pieces.csv"
    good = path.read_text(encoding="utf-8")
    path.write_text(good + "x,y\n", encoding="utf-8")
    _touch_later(path)
    for _ in range(2):
        with pytest.raises(DataError):
            pieces.load(cards)
    path.write_text(good, encoding="utf-8")
    _touch_later(path)
    assert pieces.load(cards).roster


def test_a_roster_figure_taken_away_is_noticed(tmp_path: Path) -> None:
    cards = _mine(tmp_path)
    path = tmp_path / "cards" / "dark-blades" / "pieces.csv"
    first = pieces.load(cards)
    figure = tmp_path / "cards" / "dark-blades" / "me.svg"
    figure.write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="5" '
        'height="5"/></svg>',
        encoding="utf-8",
    )
    _edit_first_row(path, art="me.svg")
    with_figure = pieces.load(cards)
    assert with_figure is not first and with_figure.own_art[with_figure.roster[0].name] == figure
    figure.unlink()
    with pytest.raises(DataError, match="me.svg"):
        pieces.load(cards)


def test_an_edited_scenario_is_read_again(tmp_path: Path) -> None:
    cards = _mine(tmp_path)
    ps = pieces.load(cards)
    before = load_scenarios(cards, ps)["raid"]
    path = tmp_path / "cards" / "dark-blades" / "scenarios" / "raid.toml"
    text = path.read_text(encoding="utf-8")
    title = f'title = "{before.title}"'
    assert title in text
    path.write_text(text.replace(title, 'title = "The Other Raid"'), encoding="utf-8")
    _touch_later(path)
    assert load_scenarios(cards, ps)["raid"].title == "The Other Raid"
    path.unlink()
    assert load_scenarios(cards, ps)["raid"].title == before.title  # the kit's again
