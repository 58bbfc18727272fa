"""Input files that are not what a data file should be (issue 17 item 13): a FIFO, a device,
a huge file, a huge CSV cell, TOML nested thousands deep. Each is one line, exit 2, at once."""

from __future__ import annotations

import os
from pathlib import Path

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


def test_a_directory_is_refused(havoc, tmp_path):
    (tmp_path / "cards" / "dark-blades" / "terrain.toml").mkdir(parents=True)
    _one_line(havoc("--cards", tmp_path / "cards", "terrain"), "terrain.toml", "a directory")
    (tmp_path / "army.csv").mkdir()
    _one_line(havoc("army", tmp_path / "army.csv"), "army.csv")


CARDS = Path(__file__).resolve().parents[2] / "cards"
DATA_FILES = sorted(
    str(p.relative_to(CARDS)) for p in CARDS.rglob("*") if p.suffix in (".toml", ".csv")
)
COMMANDS = [
    ["terrain"],
    ["crt", "ii", "8", "3", "-D", "tree"],
    ["fight", "thr", "gra:wounded", "7"],
    ["missile", "crossbow", "28", "10", "i"],
    ["spell", "magic-arrow"],
    ["deal", "--seed", "3"],
    ["scenario", "raid"],
    ["table"],
    ["setup", "--seed", "7"],
    ["attack", "shotgun", "2-square"],
    ["exchange", "high", "low", "-t", "2,1,1"],
    ["army", str(CARDS / "kniggits" / "army.csv")],
    ["roll", "2d6"],
]


@pytest.mark.slow
@pytest.mark.parametrize("name", DATA_FILES)
def test_any_data_file_as_a_directory_is_one_line_on_the_cli_and_a_page_on_the_web(
    havoc, tmp_path, name
):
    from companion.web.app import create_app

    cards = tmp_path / "cards"
    (cards / name).mkdir(parents=True)
    for args in COMMANDS:
        result = havoc("--cards", cards, *args)  # a traceback would propagate here
        assert result.exit_code in (0, 2), (args, result.output)
        if result.exit_code == 2:
            _one_line(result, name.rsplit("/", 1)[-1])
    app = create_app(game=tmp_path / "g.sqlite3", cards=cards, testing=True)
    app.config["PROPAGATE_EXCEPTIONS"] = False
    client = app.test_client()
    for rule in app.url_map.iter_rules():
        if rule.arguments or "GET" not in rule.methods:
            continue
        answer = client.get(rule.rule)
        assert answer.status_code < 500, (rule.rule, answer.status_code)
        assert "Traceback" not in answer.get_data(as_text=True)


def test_a_device_is_refused_by_both_clis_in_the_same_words(havoc, havoc_pnp, tmp_path):
    companion = havoc("army", "/dev/zero")
    _one_line(companion, "/dev/zero", "not a regular file")
    for args in (["kniggits", "--army", "/dev/zero"], ["counters", "--roster", "/dev/zero"]):
        generator = havoc_pnp(
            *args, "--out" if args[0] == "kniggits" else "--output", tmp_path / "o"
        )
        _one_line(generator, "/dev/zero")
        said = generator.output.split("error: ", 1)[1]
        assert said == companion.output.split("error: ", 1)[1], said
