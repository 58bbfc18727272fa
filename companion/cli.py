"""`havoc`: the at-the-table companion. Thin click commands over the rules in companion/.

Each command lives in companion/commands/ and is imported only when used.
"""

from __future__ import annotations

from pathlib import Path

import click

from companion import __version__
from companion.clikit import WIDTH, LazyGroup

# Help text wraps to the companion's phone width in every subcommand (click inherits these).
CONTEXT = {
    "help_option_names": ["-h", "--help"],
    "terminal_width": WIDTH,
    "max_content_width": WIDTH,
}

COMMANDS = {
    "roll": "companion.commands.dice:roll",
    "crt": "companion.commands.combat:crt",
    "missile": "companion.commands.combat:missile",
    "table": "companion.commands.tables:table",
    "attack": "companion.commands.cthulhu:attack",
    "setup": "companion.commands.cthulhu:setup",
    "army": "companion.commands.kniggits:army",
    "exchange": "companion.commands.kniggits:exchange",
    "ring": "companion.commands.ring:ring",
}


@click.group(cls=LazyGroup, lazy=COMMANDS, context_settings=CONTEXT)
@click.option(
    "--cards",
    "cards_dir",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="Read game data from DIR instead of the kit's own cards/ (files missing there "
    "fall back to the kit's).",
)
@click.version_option(__version__, prog_name="havoc")
@click.pass_context
def main(ctx: click.Context, cards_dir: Path | None) -> None:
    """Havoc Kit companion: dice, tables, set-ups and the Who's Next ring."""
    ctx.obj = {"cards_dir": cards_dir}


def cards_from(ctx: click.Context):  # -> companion.data.Cards
    """The Cards for this invocation (``--cards DIR`` or the kit's)."""
    from companion.data import Cards

    root = ctx.find_root()
    obj = root.obj or {}
    if "cards" not in obj:
        obj["cards"] = Cards(obj.get("cards_dir"))
        root.obj = obj
    return obj["cards"]
