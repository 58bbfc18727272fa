"""`havoc`: the at-the-table companion. Thin click commands over the rules in companion/.

Each command lives in companion/commands/ and is imported only when used.
"""

from __future__ import annotations

import click

from companion import __version__
from companion.commands.clikit import LazyGroup, cards_option, source_only_option
from companion.text import WIDTH

# Help text wraps to the companion's phone width in every subcommand (click inherits these).
CONTEXT = {
    "help_option_names": ["-h", "--help"],
    "terminal_width": WIDTH,
    "max_content_width": WIDTH,
}

COMMANDS = {
    "roll": "companion.commands.dice:roll",
    "crt": "companion.commands.dark_blades:crt",
    "missile": "companion.commands.dark_blades:missile",
    "table": "companion.commands.tables:table",
    "terrain": "companion.commands.dark_blades:terrain",
    "attack": "companion.commands.cthulhu_who:attack",
    "setup": "companion.commands.cthulhu_who:setup",
    "army": "companion.commands.kniggits:army",
    "exchange": "companion.commands.kniggits:exchange",
    "ring": "companion.commands.whos_next:ring",
    "scenario": "companion.commands.scenarios:scenario",
    "spell": "companion.commands.spells:spell",
    "deal": "companion.commands.spells:deal",
    "serve": "companion.commands.serve:serve",
}


@click.group(cls=LazyGroup, lazy=COMMANDS, prog="havoc", context_settings=CONTEXT)
@cards_option
@source_only_option
@click.version_option(__version__, prog_name="havoc")
def main() -> None:
    """Havoc Kit companion: dice, tables, set-ups and the Who's Next ring."""
