"""`havoc` wraps to the terminal it prints on (issue 25 item 9): COLUMNS first, else the
terminal's own width, capped at 80; 40 where the terminal is narrower or unknown (a pipe, a
phone's terminal app). Each run is a child process: the width is read once, on import."""

from __future__ import annotations

import fcntl
import os
import pty
import struct
import subprocess
import sys
import termios

import pytest

from companion.text import NARROW, WIDEST, terminal_width

pytestmark = pytest.mark.slow  # child processes, one per width

HAVOC = [sys.executable, "-c", "from companion.cli import main; main()"]


def _env(columns: str | None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "COLUMNS"}
    return env if columns is None else {**env, "COLUMNS": columns}


def _piped(columns: str | None, *args: str) -> list[str]:
    out = subprocess.run([*HAVOC, *args], capture_output=True, text=True, env=_env(columns))
    assert out.returncode == 0, out.stderr
    return out.stdout.splitlines()


def _on_a_terminal(cols: int, *args: str) -> list[str]:
    """The output of ``havoc ARGS`` on a pseudo-terminal ``cols`` wide, COLUMNS unset."""
    main, child = pty.openpty()
    fcntl.ioctl(child, termios.TIOCSWINSZ, struct.pack("HHHH", 50, cols, 0, 0))
    proc = subprocess.Popen([*HAVOC, *args], stdout=child, stderr=child, env=_env(None))
    os.close(child)
    chunks = []
    try:
        while True:
            try:
                data = os.read(main, 4096)
            except OSError:  # the child closed its end
                break
            if not data:
                break
            chunks.append(data)
    finally:
        proc.wait(timeout=30)
        os.close(main)
    return b"".join(chunks).decode().replace("\r\n", "\n").splitlines()


def _widest(lines: list[str]) -> int:
    return max(len(line) for line in lines)


def test_the_width_is_columns_capped_at_80_and_40_when_narrow_or_unknown():
    with open(os.devnull, "w") as not_a_terminal:
        fd = not_a_terminal.fileno()
        assert terminal_width({}, fd) == NARROW == 40
        assert terminal_width({"COLUMNS": "120"}, fd) == WIDEST == 80
        assert terminal_width({"COLUMNS": "60"}, fd) == 60
        assert terminal_width({"COLUMNS": "30"}, fd) == 40
        for odd in ("", "x", "٣٠٠", "-100", "1e3"):
            assert terminal_width({"COLUMNS": odd}, fd) == 40, odd


def test_help_on_a_wide_laptop_terminal_fits_it_and_keeps_the_default_on_one_line():
    lines = _on_a_terminal(120, "serve", "--help")
    assert NARROW < _widest(lines) <= WIDEST
    assert any("--port INTEGER" in line and "[default: 8600]" in line for line in lines)
    narrow = _on_a_terminal(36, "serve", "--help")  # a phone: the kit's 40 columns
    assert _widest(narrow) <= NARROW


@pytest.mark.parametrize(("columns", "widest"), [("120", 80), ("60", 60), ("40", 40), (None, 40)])
def test_columns_is_respected_for_help_and_answers(columns, widest):
    for args in (["serve", "--help"], ["spell", "magic-arrow"], ["crt", "ii", "8", "3"]):
        lines = _piped(columns, *args)
        assert _widest(lines) <= widest, (columns, args)
    assert _widest(_piped(columns, "spell", "magic-arrow")) > widest - 10  # the room is used
