"""`havoc-pnp slips`: Who's Next slips from the saved ring, the umpire's sheet, the pieces; what
`build` makes of them and the player aid (declared in generator/whos_next/__init__.py)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from generator.commands.sheet_options import sheet_options
from generator.product import Made, Run
from generator.sheet.options import SheetOptions
from havoc_cli.kit import WHOLE, Kit, pass_kit

if TYPE_CHECKING:  # heavy modules load only when a command needs them
    from companion.data import Cards
from generator.commands.common import PnpCommand, out_dir_option, say


@click.command(cls=PnpCommand)
@sheet_options
@click.option(
    "--game",
    "-g",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    envvar="HAVOC_RING_GAME",
    help="The ring saved by `havoc ring new` (default: the companion's game file).",
)
@click.option("--names", default=None, metavar="A,B,...", help="Players, without a saved game.")
@click.option(
    "--changed-since",
    "since",
    type=WHOLE,
    default=None,
    metavar="N",
    help="Only the slips that changed hands after death number N.",
)
@click.option("--blank", type=WHOLE, default=None, metavar="N", help="Blank slips (default 8).")
@click.option(
    "--troop",
    default="Spearman",
    show_default=True,
    help="The players' troop type (the rules: any infantry without missiles).",
)
@out_dir_option()
@pass_kit
def slips(
    kit: Kit,
    sheet: SheetOptions,
    game: Path | None,
    names: str | None,
    since: int | None,
    blank: int | None,
    troop: str,
    out_dir: Path,
) -> None:
    """Who's Next: the players' slips from the saved ring, the umpire's sheet and the pieces.

    Writes whos-next-game-slips.pdf (beside the build's blank whos-next-slips.pdf),
    whos-next-umpire.pdf (UMPIRE ONLY) and whos-next-pieces.pdf. Without a saved game: blank
    slips (or, with --names, slips and pieces for those players).
    """
    from generator.whos_next.build import write_slips

    result = write_slips(
        out_dir,
        sheet,
        game=game,
        names=names,
        since=since,
        blank=blank,
        troop=troop,
        cards=kit.cards,
    )
    for stats, what in result.made:
        say(stats, what)
    for note in result.notes:
        click.echo(note)


def build_slips(run: Run) -> list[Made]:
    """Blank Who's Next slips (never a saved ring: building must not leak the umpire's secret)."""
    from generator.whos_next.build import write_blank_sample

    stats, what = write_blank_sample(run.folder(), run.sheet)
    return [run.made(stats, what + ".", what, kind="slips")]


def player_aid(path: Path, cards: Cards, page: Any, source_only: bool) -> tuple[int, str]:
    """The player aid, a reference sheet: (pages, what it is)."""
    from generator.whos_next.aid import write_whos_next_aid

    return write_whos_next_aid(path, cards, page), "Who's Next player aid"
