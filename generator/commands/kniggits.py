"""`havoc-pnp kniggits`: skill tokens, standing figures, army sheets, the ruler and obstacles;
what `build` makes of them and the player aid (declared in generator/kniggits/__init__.py)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from companion.kniggits.rules import MAX_POINTS, MAX_TOKENS
from generator.commands.sheet_options import sheet_options
from generator.product import Made, Run
from generator.sheet.options import SheetOptions
from havoc_cli.kit import WHOLE, Kit, Whole, pass_kit

if TYPE_CHECKING:  # heavy modules load only when a command needs them
    from companion.data import Cards
from generator.commands.common import PnpCommand, build_note_kept, out_dir_option, say


@click.command(cls=PnpCommand)
@sheet_options
@click.option(
    "--army",
    "armies",
    multiple=True,
    type=click.Path(dir_okay=False, path_type=Path),
    help="An army CSV (see `havoc army`); repeat for each army. Tokens, figures and sheets "
    "then match what the armies bought.",
)
@click.option(
    "--scale",
    type=click.Choice(["half", "normal", "double"]),
    default="normal",
    show_default=True,
    help="Ruler and obstacles: half for small figures, double for big ones (the rules).",
)
@click.option(
    "--points",
    type=Whole(0, MAX_POINTS),
    default=None,
    help="The agreed points total for the army sheets (default: the rules' suggested 50).",
)
@click.option(
    "--token-shape",
    type=click.Choice(["round", "square"]),
    default="round",
    show_default=True,
    help="Skill tokens round or square.",
)
@click.option("--token-size", default="1/2in", show_default=True, help="Skill token size.")
@click.option(
    "--tokens",
    "tokens",
    type=Whole(1, MAX_TOKENS),
    default=None,
    metavar="N",
    help="Print N tokens of each colour (default: at least the rules' 40 of each, more where "
    "the armies bought more).",
)
@click.option(
    "--left-handed",
    "left_handed",
    type=WHOLE,
    multiple=True,
    metavar="N",
    help="Army N's player is left-handed (N from 1, in --army order): his knights hold the "
    "sword in the left hand. Repeatable.",
)
@out_dir_option()
@pass_kit
def kniggits(
    kit: Kit,
    sheet: SheetOptions,
    armies: tuple[Path, ...],
    scale: str,
    points: int | None,
    token_shape: str,
    token_size: str,
    left_handed: tuple[int, ...],
    tokens: int | None,
    out_dir: Path,
) -> None:
    """Kniggits: skill tokens, standing figures, army sheets, a true-scale ruler and obstacles.

    Writes kniggits-tokens.pdf, kniggits-figures.pdf, kniggits-armies.pdf and
    kniggits-ruler-obstacles.pdf. (--piece-size does not apply: see --token-size.)
    """
    from generator.kniggits.build import (
        ARMIES_PDF,
        FIGURES_PDF,
        TABLE_PDF,
        TOKENS_PDF,
        write_kniggits,
    )
    from generator.sheet.options import parse_piece_size

    size = parse_piece_size(token_size, "--token-size")
    files = [out_dir / name for name in (TOKENS_PDF, FIGURES_PDF, ARMIES_PDF, TABLE_PDF)]
    with build_note_kept(files, "--out DIR"):
        made = write_kniggits(
            out_dir,
            sheet,
            kit.cards,
            armies,
            scale=scale,
            shape=token_shape,  # type: ignore[arg-type]
            token_size=size,
            points=points,
            left_handed=left_handed,
            tokens=tokens,
        )
    for item in made:
        say(item.stats, item.what)


def build_kniggits(run: Run) -> list[Made]:
    """`build`'s Kniggits set: the kit's default tokens, figures, army sheets, ruler and
    obstacles."""
    from generator.kniggits.build import (
        ARMIES_PDF,
        FIGURES_PDF,
        TABLE_PDF,
        TOKENS_PDF,
        write_kniggits,
    )

    kinds = {TOKENS_PDF: "tokens", FIGURES_PDF: "figures", ARMIES_PDF: "armies", TABLE_PDF: "ruler"}
    return [
        run.made(item.stats, f"Kniggits {item.what}.", item.what, kind=kinds[item.stats.path.name])
        for item in write_kniggits(run.folder(), run.sheet, run.cards)
    ]


def player_aid(path: Path, cards: Cards, page: Any, source_only: bool) -> tuple[int, str]:
    """The player aid, a reference sheet: (pages, what it is)."""
    from generator.kniggits.aid import write_kniggits_aid

    return write_kniggits_aid(path, cards, page), "Kniggits player aid"
