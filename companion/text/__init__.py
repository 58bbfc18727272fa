"""Text for the terminal it is printed on: the width, terminal cells, wrapping, long paths.

The width (issue 25 item 9) is the terminal's, `COLUMNS` first (as shells and click set it),
capped at 80 (longer lines read badly); 40 where the terminal is narrower or unknown (a pipe,
a file, a phone's terminal app that reports nothing): the kit's answers are laid out for 40.
Plain Python (no click): the rules format their answers with these, the commands print them.
The package's modules are the presentation both front ends share, one per game that needs it
(`companion.text.dark_blades`: a lookup's lines; `companion.text.whos_next`: the umpire's
screen); they read the rules' records, the rules never import them.
"""

from __future__ import annotations

import os
import textwrap
from collections.abc import Mapping

from companion.columns import PHONE, cells

__all__ = [
    "NARROW",
    "WIDEST",
    "WIDTH",
    "cells",
    "fit",
    "path_lines",
    "terminal_width",
    "wrap",
]

NARROW = PHONE  # the phone width every answer is laid out for; the least a line may take
WIDEST = 80  # the most, on a wide terminal


def terminal_width(environ: Mapping[str, str] = os.environ, fd: int = 1) -> int:
    """The columns to wrap to: ``COLUMNS`` (ASCII digits) or the terminal on ``fd``, capped
    at `WIDEST`; `NARROW` where it is narrower or unknown."""
    text = environ.get("COLUMNS", "").strip()
    if text.isascii() and text.isdigit() and len(text) <= 5:
        columns = int(text)
    else:
        try:
            columns = os.get_terminal_size(fd).columns
        except (OSError, ValueError):
            columns = 0  # not a terminal
    return NARROW if columns < NARROW else min(columns, WIDEST)


WIDTH = terminal_width()  # no output line wider than this


def _wrap_cells(text: str, indent: str, width: int) -> list[str]:
    """Greedy word wrap measured in terminal columns; a word wider than a line is cut."""
    lines: list[str] = []
    current = text[: len(text) - len(text.lstrip(" "))]  # a leading indent is kept
    for word in text.split():
        prefix = indent if lines else ""
        joined = f"{current} {word}" if current.strip() else current + word
        if cells(prefix + joined) <= width:
            current = joined
            continue
        if cells(indent + word) > width and current.strip():  # too long for any line:
            word = f"{current} {word}"  # start cutting it on this one
        elif current.strip():
            lines.append(prefix + current)
            prefix = indent
        current = ""
        while cells(prefix + word) > width:
            cut, used = 0, cells(prefix)
            while cut < len(word) and used + cells(word[cut]) <= width:
                used += cells(word[cut])
                cut += 1
            cut = max(cut, 1)
            lines.append(prefix + word[:cut])
            word, prefix = word[cut:], indent
        current = word
    if current.strip() or not lines:
        lines.append((indent if lines else "") + current)
    return lines


def wrap(text: str, indent: str = "", width: int = WIDTH) -> str:
    """Wrap ``text`` to the companion's width; continuation lines get ``indent``.

    Measured in terminal columns: a wide character (e.g. a CJK name) counts 2.
    """
    if text.isprintable() and text == text.rstrip() and cells(text) <= width:
        return text  # one line already (what textwrap gives it, spaces inside kept)
    if cells(text) != len(text):  # wide characters: textwrap would count them as one
        return "\n".join(_wrap_cells(text, indent, width))
    room = width - len(indent)  # a word longer than a line breaks after an arrow (A1->B2)
    text = " ".join(w.replace("->", "-> ") if len(w) > room else w for w in text.split(" "))
    return "\n".join(
        textwrap.wrap(text, width=width, subsequent_indent=indent, break_on_hyphens=False) or [""]
    )


def fit(lines: list[str], indent: str = "  ") -> str:
    """Join output lines, wrapping any wider than the companion's width (``indent`` after)."""
    out = [part for line in lines for part in line.split("\n")]
    return "\n".join(line if cells(line) <= WIDTH else wrap(line, indent) for line in out)


def path_lines(path: str, indent: str = "  ", width: int = WIDTH) -> list[str]:
    """A file path split after "/" so each line fits ``width`` (a name longer stays whole)."""
    lines: list[str] = []
    current = ""
    for part in path.replace("/", "/\n").splitlines():
        if current and cells(indent + current + part) > width:
            lines.append(indent + current)
            current = ""
        current += part
    if current:
        lines.append(indent + current)
    return lines
