"""The umpire's screen lines: secrets marked on every screen line, plurals and ordinals."""

from __future__ import annotations

import pytest

from companion.text import WIDTH, cells
from companion.text.whos_next import MARK, Line, ordinal, plural, render


@pytest.mark.parametrize(
    "number, text",
    [(1, "1st"), (2, "2nd"), (3, "3rd"), (4, "4th"), (11, "11th"), (12, "12th"), (13, "13th")]
    + [(21, "21st"), (22, "22nd"), (101, "101st"), (111, "111th"), (10_000, "10000th")],
)
def test_ordinal(number, text):
    assert ordinal(number) == text


def test_plural():
    assert plural(1, "player") == "1 player"
    assert plural(2, "player") == "2 players"
    assert plural(0, "die", "dice") == "0 dice"


@pytest.mark.parametrize(
    "name", ["Bartholomew Fitzwilliam-Smythe", "龍之介龍之介龍之介龍之介龍之介"]
)
def test_a_secret_is_marked_on_every_screen_line_and_fits(name):
    text = f"{name}, who hunted {name}, takes his slip (kit's ruling: not {name}'s victim)."
    lines = render([Line("Public news.", False), Line(text, True), Line(name * 2, False)])
    assert lines[0] == "Public news."
    secret = [line for line in lines if line.startswith(MARK)]
    assert len(secret) >= 3
    assert " ".join(line[len(MARK) :] for line in secret).replace(" ", "") == text.replace(" ", "")
    assert all(cells(line) <= WIDTH for line in lines), lines
    assert not any(line.startswith(MARK) for line in lines[len(secret) + 1 :])
