"""`havoc-pnp`: print-and-play sheets. Thin click commands over the sheet engine.

Every command shares the sheet options (generator/options.py). Bad input, including click's own
usage errors, is one line `havoc-pnp: error: ...` and exit status 2, never a traceback.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import click

from companion import __version__
from companion.clikit import LazyGroup
from companion.errors import EXIT_BAD_INPUT, InputError
from generator.options import SheetOptions, sheet_options

COUNTERS_PDF = "dark-blades-counters.pdf"
CALIBRATION_PDF = "calibration.pdf"


class PnpGroup(LazyGroup):
    """LazyGroup whose usage errors (unknown option, missing value) are one line, too."""

    def main(self, *args: Any, standalone_mode: bool = True, **kwargs: Any) -> Any:  # noqa: D102
        kwargs["prog_name"] = "havoc-pnp"  # also under test runners, which name it "main"
        if not standalone_mode:
            return super().main(*args, standalone_mode=False, **kwargs)
        try:
            result = super().main(*args, standalone_mode=False, **kwargs)
        except click.exceptions.Abort:
            click.echo("aborted", err=True)
            sys.exit(1)
        except click.ClickException as exc:
            ctx = exc.ctx if isinstance(exc, click.UsageError) else None
            hint = f" (see {ctx.command_path} --help)" if ctx is not None else ""
            message = " ".join(exc.format_message().split()).rstrip(".")
            click.echo(f"havoc-pnp: error: {message}{hint}", err=True)
            sys.exit(EXIT_BAD_INPUT if isinstance(exc, click.UsageError) else exc.exit_code)
        sys.exit(result if isinstance(result, int) else 0)


def cards_option(command: Any) -> Any:
    """``--cards DIR`` on a subcommand (the group accepts it too; the subcommand's wins)."""
    return click.option(
        "--cards",
        "cards_dir",
        type=click.Path(file_okay=False, path_type=Path),
        default=None,
        help="Read game data from DIR (files missing there fall back to the kit's).",
    )(command)


def _cards(ctx: click.Context, cards_dir: Path | None) -> Any:
    from companion.data import Cards

    root = (ctx.find_root().obj or {}).get("cards_dir")
    return Cards(cards_dir if cards_dir is not None else root)


@click.group(
    cls=PnpGroup,
    lazy={},
    context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100},
)
@click.option(
    "--cards",
    "cards_dir",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="Read game data from DIR instead of the kit's own cards/ (files missing there "
    "fall back to the kit's).",
)
@click.version_option(__version__, prog_name="havoc-pnp")
@click.pass_context
def main(ctx: click.Context, cards_dir: Path | None) -> None:
    """Havoc Kit print-and-play: counter sheets and a printer calibration page.

    \b
    Typical use:
      havoc-pnp calibrate               print it duplex, read DX,DY
      havoc-pnp counters --back-offset 1,-0.5
      havoc-pnp build --paper letter    everything into ./out/

    Every command takes the same sheet options (paper, margins, piece size, bleed, cut
    guides, duplex, back offset); see `havoc-pnp counters --help`.
    """
    ctx.obj = {"cards_dir": cards_dir}


def _counters_pdf(
    cards: Any, sheet: SheetOptions, out: Path, roster: Path | None, blank: bool
) -> tuple[Any, list[Any]]:
    from generator import dark_blades
    from generator.render_pdf import write_pieces_pdf

    if roster is not None and not roster.is_file():
        raise InputError("--roster: file not found", roster)
    pieces = dark_blades.counter_pieces(cards, roster=roster, blank_values=blank)
    stats = write_pieces_pdf(out, pieces, sheet, dark_blades.TITLE, dark_blades.FOOTER_NOTE)
    return stats, pieces


def _say(stats: Any, what: str) -> None:
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
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    default=Path("out") / COUNTERS_PDF,
    show_default=True,
    help="The PDF to write (replaced in one step).",
)
@click.option(
    "--svg",
    "svg_dir",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="Also write one SVG per face into DIR (NAME-front.svg, NAME-back.svg).",
)
@cards_option
@click.pass_context
def counters(
    ctx: click.Context,
    sheet: SheetOptions,
    roster: Path | None,
    blank_values: bool,
    output: Path,
    svg_dir: Path | None,
    cards_dir: Path | None,
) -> None:
    """Dark Blades counters: one PDF, fronts and backs interleaved page by page."""
    stats, pieces = _counters_pdf(_cards(ctx, cards_dir), sheet, output, roster, blank_values)
    _say(stats, f"{len(pieces)} counters")
    if svg_dir is not None:
        from companion.errors import display_path
        from generator.render_svg import write_piece_svgs

        written = write_piece_svgs(svg_dir, pieces, sheet)
        click.echo(f"{display_path(svg_dir)}: {len(written)} SVG files")


@main.command()
@sheet_options
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    default=Path("out") / CALIBRATION_PDF,
    show_default=True,
    help="The PDF to write.",
)
@cards_option
def calibrate(sheet: SheetOptions, output: Path, cards_dir: Path | None) -> None:
    """A duplex test sheet: read your printer's --back-offset and check 100% scale."""
    from generator.calibrate import write_calibration_pdf

    stats = write_calibration_pdf(output, sheet)
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
@cards_option
@click.pass_context
def build(ctx: click.Context, sheet: SheetOptions, out_dir: Path, cards_dir: Path | None) -> None:
    """Everything the kit prints so far (counters, calibration sheet) into one directory."""
    from generator.calibrate import write_calibration_pdf

    stats, pieces = _counters_pdf(
        _cards(ctx, cards_dir), sheet, out_dir / COUNTERS_PDF, None, False
    )
    _say(stats, f"{len(pieces)} counters")
    _say(write_calibration_pdf(out_dir / CALIBRATION_PDF, sheet), "calibration sheet")
