"""Paths the system refuses (issue 30 item 5): a name over 255 bytes in --cards, -o, --svg,
export --out, kniggits --army, --game, on every command of both CLIs: one line, exit 2, never a
traceback, nothing written. And `havoc serve --game ""` (the current folder) is refused."""

from __future__ import annotations

from pathlib import Path

import click
import pytest

from companion.cli import main as havoc_main
from generator.cli import main as pnp_main

LONG = "a" * 300


def _commands(group: click.Group) -> list[str]:
    return group.list_commands(click.Context(group))


def _one_line(result, why: bool = True) -> bool:
    """The answer is one line, exit 2; True when it names the path's fault (``why``: must)."""
    assert result.exit_code == 2, (result.output, result.exception)
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert result.output.count("\n") == 1, result.output
    named = "longer than the system allows" in result.output or "too long" in result.output
    assert named or not why, result.output
    return named


@pytest.mark.parametrize("where", ["group", "command"])
def test_every_command_refuses_a_cards_path_too_long(tmp_path: Path, havoc, havoc_pnp, where):
    cards = tmp_path / LONG
    named = tried = 0
    for run, group in ((havoc, havoc_main), (havoc_pnp, pnp_main)):
        for name in _commands(group):
            if name == "ring" and where == "group":
                continue  # `havoc --cards X ring` is the ring's help
            args = ["--cards", cards, name] if where == "group" else [name, "--cards", cards]
            tried += 1
            named += _one_line(run(*args), why=False)  # or a missing argument, named first
    assert tried >= 26 and named >= tried // 2, (named, tried)


@pytest.mark.parametrize(
    "args",
    [
        ["counters", "-o", "{long}.pdf"],
        ["counters", "-o", "{long}/c.pdf"],
        ["counters", "-o", "{dir}/c.pdf", "--svg", "{long}"],
        ["export", "tgc", "--out", "{long}"],
        ["kniggits", "--army", "{long}.csv", "--out", "{dir}/k"],
    ],
    ids=["-o", "-o folder", "--svg", "export --out", "--army"],
)
def test_paper_refuses_a_name_too_long(tmp_path: Path, havoc_pnp, args):
    long = str(tmp_path / LONG)
    result = havoc_pnp(*(a.format(long=long, dir=tmp_path) for a in args))
    _one_line(result)
    assert [p.name for p in tmp_path.iterdir()] == []  # nothing written


def test_the_companion_refuses_a_name_too_long(tmp_path: Path, havoc):
    long = tmp_path / LONG
    for args in (["ring", "status", "-g", long], ["ring", "new", "A", "B", "C", "-g", long]):
        _one_line(havoc(*args))
    result = havoc("serve", "--game", long, "--port", "0")  # refused before it listens
    assert result.exit_code == 2 and result.output.count("\n") == 1, result.output


def test_serve_refuses_an_empty_game_path(havoc):
    result = havoc("serve", "--game", "", "--port", "0")
    assert result.exit_code == 2 and result.output.count("\n") == 1
    assert '--game "": give the game file' in result.output
