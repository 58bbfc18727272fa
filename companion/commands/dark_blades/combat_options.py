"""The options and small parsers `havoc crt` and `havoc fight` share (``-A``, ``-D``, ``-S``; a
value given once; a whole number), apart from `companion.commands.dark_blades.crt` so that `havoc
fight` does not import the missile command's modules to start.
"""

from __future__ import annotations

from typing import Any

import click
from click.shell_completion import CompletionItem

from companion.dark_blades import terrain as ter
from companion.errors import InputError
from companion.names import complete
from companion.numbers import is_whole
from havoc_cli.kit import cards_from, stacked

SYMBOLS = ("+", "0", "-")


def complete_terrain(ctx: click.Context, _param: click.Parameter, incomplete: str) -> list[Any]:

    names = [*SYMBOLS, *ter.load_terrain(cards_from(ctx)).rows]
    return [CompletionItem(n) for n in complete(names, incomplete)]


def whole_number(text: str, what: str) -> int:
    if not is_whole(text) or len(text) > 6:
        raise InputError(f"{what}: expected a whole number, got {text!r}")
    return int(text)


def given_once(option: tuple[str, ...] | str | int | None, positional: Any, what: str) -> Any:
    """A value given either as an option or positionally, not both."""
    given = option not in (None, ())
    if given and positional is not None:
        raise InputError(f"{what} given twice (as an option and as an argument); give it once")
    return option if given else positional


melee_options = stacked(  # the melee column shifts `crt` and `fight` share: -A, -D and -S
    click.option(
        "-A",
        "--attacker-terrain",
        default="0",
        metavar="T",
        shell_complete=complete_terrain,
        help="+, 0, - or a terrain (tree; mounted: tree,open).",
    ),
    click.option(
        "-D",
        "--defender-terrain",
        default="0",
        metavar="T",
        shell_complete=complete_terrain,
        help="+, 0, - or a terrain (slope, window ...).",
    ),
    click.option("-S", "--magic-sword", is_flag=True, help="Attacker holds the Magic Sword."),
)
