"""Helpers every `havoc-pnp` command shares: output options, the report lines, --paper."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from companion.errors import display_path

if TYPE_CHECKING:  # heavy modules load only when a command needs them
    from generator.sheet.render_pdf import PdfStats
    from havoc_cli.kit import Kit


def output_option(name: str) -> Any:
    """``-o/--output FILE``, out/NAME by default; a file there that is not a PDF is refused."""
    return click.option(
        "-o",
        "--output",
        type=click.Path(dir_okay=False, path_type=Path),
        default=Path("out") / name,
        show_default=True,
        callback=_replaceable_pdf,
        help="The PDF to write (replaced in one step; a file there that is not a PDF is not).",
    )


def _replaceable_pdf(_ctx: click.Context, _param: click.Parameter, value: Path) -> Path:
    """-o's path, unless a file the kit did not write (not a PDF) is there."""
    from generator.sheet.files import not_a_pdf

    why = not_a_pdf(value)
    if why is not None:
        raise click.BadParameter(why)
    return value


def out_dir_option(
    help: str = "Directory for the PDFs (each replaced in one step).",  # noqa: A002
) -> Any:
    """``--out DIR``, out/ by default."""
    return click.option(
        "--out",
        "out_dir",
        type=click.Path(file_okay=False, path_type=Path),
        default=Path("out"),
        show_default=True,
        help=help,
    )


def cards_dir(kit: Kit) -> Path | None:
    """The user's ``--cards DIR`` as given, or None when the kit's own cards are used."""
    cards = kit.cards
    try:
        same = cards.root.resolve() == cards.default.resolve()
    except OSError:
        same = False
    return None if same else cards.root


def say(stats: PdfStats, what: str) -> None:
    """The one line printed for each file a command writes: where, what, pages on sheets, size."""

    click.echo(
        f"{display_path(stats.path)}: {what}, {stats.pages} page{'s' if stats.pages != 1 else ''}"
        f" on {stats.sheets} "
        f"sheet{'s' if stats.sheets != 1 else ''}, {stats.bytes / 1024:.0f} KB"
    )


paper_option = click.option(
    "--paper",
    default="A4",
    show_default=True,
    metavar="PAPER",
    help="A4, Letter, or WxH such as 8.5x11in (at least 5x7in).",
)


def own_margin(sheet: Any, margin_given: bool, margin: str) -> Any:
    """``sheet`` with a product's own default ``margin`` (``1/4in`` for the cards' crop marks,
    the maps' tiles) unless the user gave --margin."""
    import dataclasses

    from generator.sheet.options import parse_margins

    if margin_given:
        return sheet
    top, right, bottom, left = parse_margins(margin)
    return dataclasses.replace(
        sheet, margin_top=top, margin_right=right, margin_bottom=bottom, margin_left=left
    )
