"""`Cards.glob` keeps a folder's listing while the folder is unchanged (the phone's map page
lists the maps folder on every tap): a map added, removed or renamed is seen at once, and a
folder changed in the last two seconds is listed afresh every time."""

from __future__ import annotations

import os
import time
from pathlib import Path

from companion.data import Cards

OLD = time.time() - 60  # a folder last changed a minute ago: its listing may be kept


def _cards(tmp_path: Path, *names: str) -> tuple[Cards, Path]:
    folder = tmp_path / "dark-blades" / "maps"
    folder.mkdir(parents=True)
    for name in names:
        (folder / name).write_text("", encoding="utf-8")
    os.utime(folder, (OLD, OLD))
    return Cards(tmp_path), folder


def _mine(cards: Cards, root: Path) -> list[str]:
    return [p.name for p in cards.glob("dark-blades/maps/*.toml") if root in p.parents]


def test_a_map_added_or_removed_is_seen_at_once(tmp_path):
    cards, folder = _cards(tmp_path, "ford.toml")
    assert _mine(cards, tmp_path) == ["ford.toml"]
    (folder / "bridge.toml").write_text("", encoding="utf-8")
    assert _mine(cards, tmp_path) == ["bridge.toml", "ford.toml"]
    (folder / "ford.toml").rename(folder / "wood.toml")
    assert _mine(cards, tmp_path) == ["bridge.toml", "wood.toml"]
    (folder / "bridge.toml").unlink()
    assert _mine(cards, tmp_path) == ["wood.toml"]


def test_the_listing_is_kept_while_the_folder_is_unchanged(tmp_path):
    cards, folder = _cards(tmp_path, "ford.toml")
    assert _mine(cards, tmp_path) == ["ford.toml"]
    (folder / "hidden.toml").write_text("", encoding="utf-8")
    os.utime(folder, (OLD, OLD))  # as if the folder had not changed: the kept listing answers
    assert _mine(cards, tmp_path) == ["ford.toml"]
    os.utime(folder, (OLD + 1, OLD + 1))
    assert _mine(cards, tmp_path) == ["ford.toml", "hidden.toml"]


def test_a_folder_changed_in_the_last_two_seconds_is_listed_afresh(tmp_path):
    cards, folder = _cards(tmp_path, "ford.toml")
    now = time.time()
    os.utime(folder, (now, now))
    assert _mine(cards, tmp_path) == ["ford.toml"]
    (folder / "bridge.toml").write_text("", encoding="utf-8")
    os.utime(folder, (now, now))  # an edit within the clock's step leaves the time as it was
    assert _mine(cards, tmp_path) == ["bridge.toml", "ford.toml"]


def test_a_missing_folder_lists_nothing_and_then_what_appears(tmp_path):
    cards = Cards(tmp_path)
    assert _mine(cards, tmp_path) == []
    folder = tmp_path / "dark-blades" / "maps"
    folder.mkdir(parents=True)
    (folder / "ford.toml").write_text("", encoding="utf-8")
    os.utime(folder, (OLD, OLD))
    assert _mine(cards, tmp_path) == ["ford.toml"]
