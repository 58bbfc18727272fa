"""Input files that are not what a data file should be (issue 17 item 13): a FIFO, a device,
a huge file, a huge CSV cell, TOML nested thousands deep. Each is one line, exit 2, at once."""

from __future__ import annotations

import os

import pytest

from companion.data import MAX_INPUT_BYTES, MAX_NESTING

ARMY_HEADER = "count,name,movement,attack,defense\n"


def _one_line(result, *words: str) -> None:
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.output, result.output
    assert all(word in lines[0] for word in words), lines[0]


def test_a_device_is_refused(havoc):
    _one_line(havoc("army", "/dev/zero"), "/dev/zero", "not a regular file")


def test_a_fifo_is_refused_without_hanging(havoc, tmp_path):
    fifo = tmp_path / "army.csv"
    os.mkfifo(fifo)
    _one_line(havoc("army", fifo), "not a regular file")


def test_a_file_too_large_is_refused(havoc, tmp_path):
    big = tmp_path / "army.csv"
    big.write_text(ARMY_HEADER + "1,Sir A,1,1,1\n" * (MAX_INPUT_BYTES // 13 + 1))
    _one_line(havoc("army", big), "too large")


def test_a_128_kb_cell_is_refused(havoc, tmp_path):
    army = tmp_path / "army.csv"
    army.write_text(ARMY_HEADER + "1," + "x" * 128 * 1024 + ",1,1,1\n")
    _one_line(havoc("army", army), "army.csv:2", "cell longer")


@pytest.mark.parametrize(
    "text",
    [
        "a = " + "[" * 5000 + "]" * 5000,  # tomllib itself runs out of stack
        "[" + ".".join(["a"] * 5000) + "]\nx = 1",  # parses, but nests 5,000 tables
    ],
)
def test_deeply_nested_toml_is_refused_and_the_listing_still_works(havoc, tmp_path, text):
    tables = tmp_path / "cards" / "dark-blades" / "tables"
    tables.mkdir(parents=True)
    (tables / "deep.toml").write_text(text)
    _one_line(
        havoc("--cards", tmp_path / "cards", "table", "deep"), f"nested more than {MAX_NESTING}"
    )
    listing = havoc("--cards", tmp_path / "cards", "table")
    assert "RecursionError" not in listing.output and "Traceback" not in listing.output
