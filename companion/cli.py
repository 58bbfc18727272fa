"""`havoc`: the at-the-table companion. Thin click commands over the rules in companion/.

Each command lives in companion/commands/ and is imported only when used: the shared ones are
listed here, each game's in its package (`companion.registry`).
"""

from __future__ import annotations

import click

from companion import __version__
from companion.text import WIDTH
from havoc_cli.kit import LazyGroup, cards_option, source_only_option

# Help text wraps to the companion's phone width in every subcommand (click inherits these).
CONTEXT = {
    "help_option_names": ["-h", "--help"],
    "terminal_width": WIDTH,
    "max_content_width": WIDTH,
}

# The commands every game shares; each game declares its own in its package (`GAME.commands`,
# companion/<game>/__init__.py), read through `companion.registry` only when needed.
CORE = {
    "roll": "companion.commands.dice:roll",
    "table": "companion.commands.tables:table",
    "serve": "companion.commands.serve:serve",
}


@click.group(
    cls=LazyGroup,
    lazy=CORE,
    more="companion.registry:havoc_commands",
    prog="havoc",
    context_settings=CONTEXT,
)
@cards_option
@source_only_option
@click.version_option(__version__, prog_name="havoc")
def main() -> None:
    """Havoc Kit companion: dice, tables, set-ups and the Who's Next ring."""
