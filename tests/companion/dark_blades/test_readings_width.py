"""A cards folder is valid or invalid whatever the terminal's width (issue 29 item 4): a
reading's short line is checked against the data's own limit (40 columns, the phone's), not
against `COLUMNS`. Each run is a child process: the terminal's width is read once, on import."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from companion.dark_blades.readings import SHORT_COLUMNS
from companion.data import default_cards_dir

HAVOC = [sys.executable, "-c", "from companion.cli import main; main()"]
OLD = 'short = "kit\'s reading: shift true odds, clamp"'


def _run(columns: int, cards: Path) -> tuple[int, str, str]:
    env = {**os.environ, "COLUMNS": str(columns)}
    args = ["--cards", str(cards), "crt", "ii", "8", "3", "--die", "5", "--json"]
    out = subprocess.run([*HAVOC, *args], capture_output=True, text=True, env=env)
    return out.returncode, out.stdout, out.stderr


def _cards(tmp_path: Path, short: str) -> Path:
    root = tmp_path / "cards"
    shutil.copytree(default_cards_dir() / "dark-blades", root / "dark-blades")
    path = root / "dark-blades" / "crt.toml"
    text = path.read_text(encoding="utf-8")
    assert OLD in text
    path.write_text(text.replace(OLD, f'short = "{short}"', 1), encoding="utf-8")
    return root


def test_a_long_reading_is_refused_at_every_width(tmp_path: Path) -> None:
    short = "kit's reading: shift true odds, then clamp to the end"  # 54 columns: fits 80, not 40
    assert SHORT_COLUMNS < len(short) <= 80
    cards = _cards(tmp_path, short)
    narrow, wide = _run(40, cards), _run(120, cards)
    assert narrow == wide
    code, out, err = wide
    assert code == 2 and out == ""
    assert "crt.toml:285: key 'readings.off-table.short'" in err and "at most 40 columns" in err


def test_a_reading_that_fits_is_accepted_at_every_width(tmp_path: Path) -> None:
    cards = _cards(tmp_path, "kit's reading: true odds, clamp at end")  # 38 columns
    narrow, wide = _run(40, cards), _run(120, cards)
    assert narrow[0] == wide[0] == 0 and narrow[2] == wide[2] == ""
    assert narrow[1] == wide[1] and json.loads(narrow[1])["die"] == 5
