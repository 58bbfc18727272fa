"""`havoc-pnp`: print-and-play sheets. Thin click commands over the sheet engine.

Every command shares the sheet options (generator/sheet/options.py). Bad input, including
click's own
usage errors, is one line `havoc-pnp: error: ...` and exit status 2, never a traceback.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from companion import __version__
from companion.clikit import LazyGroup, cards_from, cards_option
from companion.errors import InputError
from generator.sheet.options import SheetOptions, sheet_options

if TYPE_CHECKING:  # heavy modules load only when a command needs them
    from companion.data import Cards
    from generator.sheet.pieces import Piece
    from generator.sheet.render_pdf import PdfStats

COUNTERS_PDF = "dark-blades-counters.pdf"
CALIBRATION_PDF = "calibration.pdf"


@click.group(
    cls=LazyGroup,
    prog="havoc-pnp",
    context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100},
)
@cards_option
@click.version_option(__version__, prog_name="havoc-pnp")
def main() -> None:
    """Havoc Kit print-and-play: counter sheets and a printer calibration page.

    \b
    Typical use:
      havoc-pnp calibrate               print it duplex, read DX,DY
      havoc-pnp counters --back-offset 1,-0.5
      havoc-pnp build --paper letter    everything into ./out/

    Every command takes the same sheet options (paper, margins, piece size, bleed, cut
    guides, duplex, back offset); see `havoc-pnp counters --help`.
    """


def _output_option(name: str) -> Any:
    """``-o/--output FILE``, out/NAME by default."""
    return click.option(
        "-o",
        "--output",
        type=click.Path(dir_okay=False, path_type=Path),
        default=Path("out") / name,
        show_default=True,
        help="The PDF to write (replaced in one step).",
    )


def _counters_pdf(
    cards: Cards, sheet: SheetOptions, out: Path, roster: Path | None, blank: bool
) -> tuple[PdfStats, list[Piece]]:
    from generator.dark_blades import counters as dark_blades
    from generator.sheet.render_pdf import write_pieces_pdf

    if roster is not None and not roster.is_file():
        raise InputError("--roster: file not found", roster)
    warning = dark_blades.cards_warning(cards)
    if warning:
        click.echo(f"havoc-pnp: warning: {warning}", err=True)
    pieces = dark_blades.counter_pieces(
        cards, roster=roster, blank_values=blank, piece_size=sheet.piece
    )
    note = dark_blades.footer_note(cards, roster, blank)
    stats = write_pieces_pdf(out, pieces, sheet, dark_blades.TITLE, note)
    return stats, pieces


def _values_from(cards: Cards) -> str:
    """The user's roster the counter values come from, or "" for the kit's own."""
    from companion.errors import display_path
    from generator.dark_blades import counters as dark_blades

    path = dark_blades.roster_path(cards)
    return "" if dark_blades.is_kit_file(path) else display_path(path)


def _say(stats: PdfStats, what: str) -> None:
    from companion.errors import display_path

    click.echo(
        f"{display_path(stats.path)}: {what}, {stats.pages} pages on {stats.sheets} "
        f"sheet{'s' if stats.sheets != 1 else ''}, {stats.bytes / 1024:.0f} KB"
    )


@main.command()
@sheet_options
@click.option(
    "--roster",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="Print this roster CSV instead of cards/dark-blades/pieces.csv.",
)
@click.option("--blank-values", is_flag=True, help="Empty value boxes, to fill in by hand.")
@_output_option(COUNTERS_PDF)
@click.option(
    "--svg",
    "svg_dir",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="Also write one SVG per face into DIR (NAME-front.svg, NAME-back.svg).",
)
@click.pass_context
def counters(
    ctx: click.Context,
    sheet: SheetOptions,
    roster: Path | None,
    blank_values: bool,
    output: Path,
    svg_dir: Path | None,
) -> None:
    """Dark Blades counters: one PDF, fronts and backs interleaved page by page."""
    stats, pieces = _counters_pdf(cards_from(ctx), sheet, output, roster, blank_values)
    _say(stats, f"{len(pieces)} counters")
    if svg_dir is not None:
        from companion.errors import display_path
        from generator.sheet.render_svg import write_piece_svgs

        written = write_piece_svgs(svg_dir, pieces, sheet)
        click.echo(f"{display_path(svg_dir)}: {len(written)} SVG files")


@main.command()
@sheet_options
@_output_option(CALIBRATION_PDF)
def calibrate(sheet: SheetOptions, output: Path) -> None:
    """A duplex test sheet: read your printer's --back-offset and check 100% scale."""
    from generator.calibrate import write_calibration_pdf

    stats = write_calibration_pdf(output, sheet)
    _say(stats, "calibration sheet")


def _game_samples(ctx: click.Context, sheet: SheetOptions, out_dir: Path) -> list[Any]:
    """`build`'s Kniggits set (the kit's defaults) and blank Who's Next slips."""
    from generator.howto import Written
    from generator.kniggits.build import write_kniggits
    from generator.whos_next.build import write_blank_sample

    written = []
    for item in write_kniggits(out_dir, sheet, cards_from(ctx)):
        _say(item.stats, item.what)
        written.append(Written(item.stats, f"Kniggits {item.what}; single-sided."))
    stats, what = write_blank_sample(out_dir, sheet)
    _say(stats, what)
    written.append(Written(stats, what + "; single-sided."))
    return written


@main.command()
@sheet_options
@click.option(
    "--out",
    "out_dir",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("out"),
    show_default=True,
    help="Directory for every file the kit makes.",
)
@click.pass_context
def build(ctx: click.Context, sheet: SheetOptions, out_dir: Path) -> None:
    """Everything the kit prints so far (counters, calibration sheet) into one directory, and
    HOW-TO-PRINT.txt: what each file is and how to print and cut it."""
    from companion.errors import display_path
    from generator.calibrate import write_calibration_pdf
    from generator.howto import Written, write_how_to_print

    stats, pieces = _counters_pdf(cards_from(ctx), sheet, out_dir / COUNTERS_PDF, None, False)
    _say(stats, f"{len(pieces)} counters")
    calibration = write_calibration_pdf(out_dir / CALIBRATION_PDF, sheet)
    _say(calibration, "calibration sheet")
    counters_what = (
        "Dark Blades counters, fronts and backs interleaved page by page"
        if sheet.duplex != "none"
        else "Dark Blades counters, fronts left and backs right of the fold"
    )
    note = write_how_to_print(
        out_dir,
        sheet,
        [
            Written(
                calibration,
                "Printer calibration: 100% scale and "
                + ("the fold." if sheet.duplex == "none" else "the duplex back offset."),
            ),
            Written(stats, counters_what + ".", pieces),
            *_game_samples(ctx, sheet, out_dir),
        ],
        values_from=_values_from(cards_from(ctx)),
    )
    click.echo(f"{display_path(note)}: how to print, step by step")


def _out_dir_option() -> Any:
    """``--out DIR``, out/ by default."""
    return click.option(
        "--out",
        "out_dir",
        type=click.Path(file_okay=False, path_type=Path),
        default=Path("out"),
        show_default=True,
        help="Directory for the PDFs (each replaced in one step).",
    )


@main.command()
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
    type=int,
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
    "--left-handed",
    "left_handed",
    type=int,
    multiple=True,
    metavar="N",
    help="Army N's player is left-handed (N from 1, in --army order): his knights hold the "
    "sword in the left hand. Repeatable.",
)
@_out_dir_option()
@click.pass_context
def kniggits(
    ctx: click.Context,
    sheet: SheetOptions,
    armies: tuple[Path, ...],
    scale: str,
    points: int | None,
    token_shape: str,
    token_size: str,
    left_handed: tuple[int, ...],
    out_dir: Path,
) -> None:
    """Kniggits: skill tokens, standing figures, army sheets, a true-scale ruler and obstacles.

    Writes kniggits-tokens.pdf, kniggits-figures.pdf, kniggits-armies.pdf and
    kniggits-ruler-obstacles.pdf. (--piece-size does not apply: see --token-size.)
    """
    from generator.kniggits.build import write_kniggits
    from generator.sheet.options import parse_piece_size

    try:
        size = parse_piece_size(token_size)
    except InputError as exc:
        raise InputError(str(exc).replace("--piece-size", "--token-size", 1)) from None
    made = write_kniggits(
        out_dir,
        sheet,
        cards_from(ctx),
        armies,
        scale=scale,
        shape=token_shape,  # type: ignore[arg-type]
        token_size=size,
        points=points,
        left_handed=left_handed,
    )
    for item in made:
        _say(item.stats, item.what)


@main.command()
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
@_out_dir_option()
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
    from generator.whos_next.build import write_slips

    result = write_slips(
        out_dir, sheet, game=game, names=names, since=since, blank=blank, troop=troop
    )
    for stats, what in result.made:
        _say(stats, what)
    for note in result.notes:
        click.echo(note)
