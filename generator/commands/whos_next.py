"""`havoc-pnp slips`: Who's Next slips from the saved ring, the umpire's sheet, the pieces."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from companion.commands.clikit import Command
from generator.sheet.options import SheetOptions, sheet_options

if TYPE_CHECKING:  # heavy modules load only when a command needs them
    pass
from generator.commands.common import out_dir_option, say


@click.command(cls=Command)
@sheet_options
@click.option(
    "--game",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    envvar="HAVOC_RING_GAME",
    help="The ring saved by `havoc ring new` (default: the companion's game file).",
)
@click.option("--names", default=None, metavar="A,B,...", help="Players, without a saved game.")
@click.option(
    "--changed-since",
    "since",
    type=int,
    default=None,
    metavar="N",
    help="Only the slips that changed hands after death number N.",
)
@click.option("--blank", type=int, default=None, metavar="N", help="Blank slips (default 8).")
@click.option(
    "--troop",
    default="Spearman",
    show_default=True,
    help="The players' troop type (the rules: any infantry without missiles).",
)
@out_dir_option()
def slips(
    sheet: SheetOptions,
    game: Path | None,
    names: str | None,
    since: int | None,
    blank: int | None,
    troop: str,
    out_dir: Path,
) -> None:
    """Who's Next: the players' slips from the saved ring, the umpire's sheet and the pieces.

    Writes whos-next-slips.pdf, whos-next-umpire.pdf (UMPIRE ONLY) and whos-next-pieces.pdf.
    Without a saved game: blank slips (or, with --names, slips and pieces for those players).
    """
    from companion.commands.clikit import cards_from
    from generator.whos_next.build import write_slips

    cards = cards_from(click.get_current_context())
    result = write_slips(
        out_dir, sheet, game=game, names=names, since=since, blank=blank, troop=troop, cards=cards
    )
    for stats, what in result.made:
        say(stats, what)
    for note in result.notes:
        click.echo(note)
