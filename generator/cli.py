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
SETUPS_PDF = "cthulhu-who-setups.pdf"
SETUPS_BUILD_SEED = 1  # `build`'s small batch of Cthulhu Who? set-ups starts at this seed


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


def _setups_pdf(
    cards: Cards,
    sheet: SheetOptions,
    out: Path,
    count: int,
    seed: int,
    boards: int,
    stats: bool,
    square: str,
) -> PdfStats:
    """Cthulhu Who? set-up sheets (generator/cthulhu_who/setups.py), a progress bar on a
    terminal for large batches."""
    import dataclasses
    import sys

    from generator.cthulhu_who.setups import write_setups_pdf
    from generator.sheet.units import parse_length

    size = parse_length(square, "--square", "1in or 2in (2in for 28 mm figures)")
    try:
        sheet = dataclasses.replace(sheet, piece=size)
    except InputError as error:  # the engine names its own option: here it is --square
        raise InputError(error.message.replace("--piece-size", "--square")) from None
    if count >= 20 and sys.stderr.isatty():
        with click.progressbar(
            length=count, label="set-up sheets", file=click.get_text_stream("stderr")
        ) as bar:
            return write_setups_pdf(out, cards, sheet, count, seed, boards, stats, bar.update)
    return write_setups_pdf(out, cards, sheet, count, seed, boards, stats)


@main.command()
@sheet_options
@click.option("-n", "count", type=int, default=1, show_default=True, help="How many set-ups.")
@click.option(
    "--seed",
    type=int,
    default=None,
    metavar="S",
    help="Set-up i has seed S+i-1: `havoc setup --seed S` shows the first. Default: random.",
)
@click.option(
    "--boards",
    type=click.IntRange(1, 2),
    default=1,
    show_default=True,
    help="1: the 8 x 8 garden; 2: two boards side by side (16 x 8).",
)
@click.option(
    "--square",
    default="1in",
    show_default=True,
    metavar="SIZE",
    help="Board square and piece size: 1in, 2in (28 mm figures) or e.g. 25mm.",
)
@click.option("--stats", is_flag=True, help="Add a page of the exact set-up odds.")
@_output_option(SETUPS_PDF)
@click.pass_context
def setups(
    ctx: click.Context,
    sheet: SheetOptions,
    count: int,
    seed: int | None,
    boards: int,
    square: str,
    stats: bool,
    output: Path,
) -> None:
    """Cthulhu Who? set-ups ready to play: the rolls, the garden, exactly the pieces.

    One sheet per set-up (more where the pieces need it), then the full-size board tiled
    over as many pages as the paper needs. Pieces print at the board's --square size
    (--piece-size is not used here).
    """
    import secrets

    if ctx.get_parameter_source("piece_size") == click.core.ParameterSource.COMMANDLINE:
        raise InputError("--piece-size: set-up pieces are printed at --square (the board's)")
    chosen = seed is None
    if seed is None:
        seed = secrets.randbelow(1_000_000)
    result = _setups_pdf(cards_from(ctx), sheet, output, count, seed, boards, stats, square)
    _say(result, f"{count} Cthulhu Who? set-up{'s' if count != 1 else ''} from seed {seed}")
    if chosen:
        click.echo(f"seed {seed} was drawn at random: --seed {seed} prints these again")


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
    from generator.cthulhu_who.setups import DEFAULT_BATCH

    written_setups: list[Written] = []
    try:
        setups_stats = _setups_pdf(
            cards_from(ctx),
            sheet,
            out_dir / SETUPS_PDF,
            DEFAULT_BATCH,
            SETUPS_BUILD_SEED,
            1,
            True,
            "1in",
        )
    except InputError as error:  # paper too small for a set-up sheet: build the rest
        click.echo(f"havoc-pnp: warning: {SETUPS_PDF} not built: {error}", err=True)
    else:
        _say(setups_stats, f"{DEFAULT_BATCH} Cthulhu Who? set-ups")
        written_setups.append(
            Written(
                setups_stats,
                f"Cthulhu Who? set-ups, seeds {SETUPS_BUILD_SEED}-"
                f"{SETUPS_BUILD_SEED + DEFAULT_BATCH - 1}, 1in squares.",
                notes=(
                    "Each: the rolls, the garden, exactly its pieces (double-sided).",
                    "Then the 8 x 8 board in tiles, and the exact odds.",
                    "More: havoc-pnp setups -n N --seed S.",
                ),
            )
        )
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
            *written_setups,
        ],
        values_from=_values_from(cards_from(ctx)),
    )
    click.echo(f"{display_path(note)}: how to print, step by step")
