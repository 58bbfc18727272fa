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
from companion.errors import InputError, display_path
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


def _cards_dir(ctx: click.Context) -> Path | None:
    """The user's ``--cards DIR`` as given, or None when the kit's own cards are used."""
    cards = cards_from(ctx)
    try:
        same = cards.root.resolve() == cards.default.resolve()
    except OSError:
        same = False
    return None if same else cards.root


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
@click.option(
    "--blank-values",
    is_flag=True,
    help="Empty value boxes, at least 5 mm tall, to fill in by hand (5/8in pieces or larger).",
)
@_output_option(COUNTERS_PDF)
@click.option(
    "--svg",
    "svg_dir",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="Also write one SVG per face into DIR (NAME-front.svg, NAME-back.svg); a rebuild "
    "removes the SVGs it wrote before for pieces no longer printed.",
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
    from dataclasses import replace

    from generator.sheet.render_svg import write_piece_svgs
    from generator.sheet.staging import Staging

    with Staging() as stage:  # the PDF and the SVGs land together, or nothing does
        if svg_dir is not None:
            stage.folder(svg_dir)  # checked before the PDF is written
        stats, pieces = _counters_pdf(
            cards_from(ctx), sheet, stage.path(output), roster, blank_values
        )
        written = write_piece_svgs(svg_dir, pieces, sheet, stage) if svg_dir else []
    _say(replace(stats, path=output), f"{len(pieces)} counters")
    if svg_dir is not None:
        click.echo(f"{display_path(svg_dir)}: {len(written)} SVG files")


@main.command()
@sheet_options
@_output_option(CALIBRATION_PDF)
@click.pass_context
def calibrate(ctx: click.Context, sheet: SheetOptions, output: Path) -> None:
    """A duplex test sheet: read your printer's --back-offset and check 100% scale."""
    from generator.calibrate import write_calibration_pdf
    from generator.howto import rebuild_command

    rebuild = rebuild_command(sheet, None, back_offset="DX,DY", cards=_cards_dir(ctx))
    stats = write_calibration_pdf(output, sheet, rebuild=rebuild)
    _say(stats, "calibration sheet")


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
    HOW-TO-PRINT.txt: what each file is and how to print and cut it. All or nothing: the files
    are written aside and moved into place together, so a failure leaves the last build."""
    from dataclasses import replace

    from generator.calibrate import write_calibration_pdf
    from generator.howto import Written, rebuild_command, write_how_to_print
    from generator.sheet.staging import Staging

    cards = _cards_dir(ctx)
    with Staging() as stage:
        stats, pieces = _counters_pdf(
            cards_from(ctx), sheet, stage.path(out_dir / COUNTERS_PDF), None, False
        )
        rebuild = rebuild_command(sheet, None, back_offset="DX,DY", cards=cards)
        calibration = write_calibration_pdf(
            stage.path(out_dir / CALIBRATION_PDF), sheet, rebuild=rebuild
        )
        stats = replace(stats, path=stage.final(stats.path))
        calibration = replace(calibration, path=stage.final(calibration.path))
        counters_what = (
            "Dark Blades counters, fronts and backs interleaved page by page"
            if sheet.duplex != "none"
            else "Dark Blades counters, fronts left and backs right of the fold"
        )
        note = write_how_to_print(
            stage.folder(out_dir),
            sheet,
            [
                Written(
                    calibration,
                    "Printer calibration: 100% scale and "
                    + ("the fold." if sheet.duplex == "none" else "the duplex back offset."),
                ),
                Written(stats, counters_what + ".", pieces),
            ],
            values_from=_values_from(cards_from(ctx)),
            cards=cards,
            named_out=out_dir,
        )
        stage.path(out_dir / note.name)  # staged in place: moved with the others
    _say(stats, f"{len(pieces)} counters")
    _say(calibration, "calibration sheet")
    click.echo(f"{display_path(out_dir / note.name)}: how to print, step by step")
