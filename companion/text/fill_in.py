"""Where to fill in what the source rules lost (`companion.fill_in.FillIn`), as lines of the
companion's width: `havoc crt` for a lost cell, `havoc table` for a missing row.
"""

from __future__ import annotations

from companion.errors import display_path
from companion.fill_in import YOURS, FillIn
from companion.text import WIDTH, path_lines, wrap


def fill_in_how(fill: FillIn, cell: str) -> str:
    """What to do about a lost cell (or a missing row) in one line, naming the file and the
    ``cell``: the ``fill_in_how`` of --json and the phone's "How to fill it in"."""
    if fill.own:
        return f"fill in {cell} in {display_path(fill.path)}"
    return (
        f"copy {display_path(fill.path)} to {YOURS}/{fill.relative}, fill in {cell} there "
        f"and run with --cards {YOURS}"
    )


def fill_in_lines(fill: FillIn, cell_lines: list[str], what: str = "fill it in") -> list[str]:
    """Where to fill in a lost cell (`companion.fill_in.FillIn`) as lines of the companion's
    width; ``cell_lines`` name the cell, indented."""
    shown = display_path(fill.path)
    if fill.own:
        return [f"{what}, in your copy:", *path_lines(shown), *cell_lines]
    target = f"{YOURS}/{fill.relative}"
    to = [f"to {target},"] if len(target) + 4 <= WIDTH else ["to", *path_lines(target + ",")]
    return [
        f"{what}: copy the kit's file",
        *path_lines(shown),
        *to,
        "fill in there",
        *cell_lines,
        wrap(f"and run with --cards {YOURS}", "  "),
    ]
