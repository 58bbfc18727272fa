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
from generator.sheet.cards import card_sheet_options
from generator.sheet.options import SheetOptions, sheet_options

if TYPE_CHECKING:  # heavy modules load only when a command needs them
    from companion.data import Cards
    from generator.sheet.pieces import Piece
    from generator.sheet.render_pdf import PdfStats

COUNTERS_PDF = "dark-blades-counters.pdf"
CALIBRATION_PDF = "calibration.pdf"
SPELLS_PDF = "dark-blades-spells.pdf"


@click.group(
    cls=LazyGroup,
    prog="havoc-pnp",
    context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100},
)
@cards_option
@click.version_option(__version__, prog_name="havoc-pnp")
def main() -> None:
    """Havoc Kit print-and-play: counter sheets, spell cards and a printer calibration page.

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


def _spells_pdf(
    cards: Cards, sheet: SheetOptions, card: tuple[str, float, float], out: Path, source_only: bool
) -> tuple[PdfStats, list[Piece]]:
    from companion.dark_blades import spells as deck_data
    from generator.dark_blades import spells as spell_cards
    from generator.sheet.cards import impose_cards, write_cards_pdf

    _, w, h = card
    pieces = spell_cards.spell_cards(deck_data.load(cards), w, h, source_only)
    pages = impose_cards(pieces, w, h, sheet)
    subject = f"{card[0]} cards; {sheet.describe().split(', ', 2)[-1]}"
    note = spell_cards.footer_note(source_only)
    return write_cards_pdf(out, pages, sheet, spell_cards.TITLE, subject, note), pieces


def _default_card() -> tuple[str, float, float]:
    from generator.sheet.cards import DEFAULT_CARD, parse_card_size

    return parse_card_size(DEFAULT_CARD)


def _card_sheet(ctx: click.Context, sheet: SheetOptions) -> SheetOptions:
    """`build`'s sheet for the cards: its options, but the cards' 1/4in margin unless --margin
    was given (nine poker cards need it on Letter)."""
    import dataclasses

    from generator.sheet.cards import CARD_MARGIN
    from generator.sheet.options import parse_margins

    if ctx.get_parameter_source("margin") != click.core.ParameterSource.DEFAULT:
        return sheet
    top, right, bottom, left = parse_margins(CARD_MARGIN)
    return dataclasses.replace(
        sheet, margin_top=top, margin_right=right, margin_bottom=bottom, margin_left=left
    )


@main.command()
@card_sheet_options
@click.option(
    "--source-only",
    is_flag=True,
    help="Only the rulebook's texts: ruled write-in lines instead of the kit's.",
)
@_output_option(SPELLS_PDF)
@click.pass_context
def spells(
    ctx: click.Context,
    sheet: SheetOptions,
    card: tuple[str, float, float],
    source_only: bool,
    output: Path,
) -> None:
    """Dark Blades spell cards: the 24-card deck, one back design; --duplex none gives the
    gutter-fold layout (fronts above the fold, backs below)."""
    stats, pieces = _spells_pdf(cards_from(ctx), sheet, card, output, source_only)
    _say(stats, f"{len(pieces)} spell cards")


@main.command()
@sheet_options
@_output_option(CALIBRATION_PDF)
def calibrate(sheet: SheetOptions, output: Path) -> None:
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
@click.pass_context
def build(ctx: click.Context, sheet: SheetOptions, out_dir: Path) -> None:
    """Everything the kit prints so far (counters, spell cards, calibration sheet) into one
    directory, and HOW-TO-PRINT.txt: what each file is and how to print and cut it."""
    from companion.errors import display_path
    from generator.calibrate import write_calibration_pdf
    from generator.howto import Written, write_how_to_print

    stats, pieces = _counters_pdf(cards_from(ctx), sheet, out_dir / COUNTERS_PDF, None, False)
    _say(stats, f"{len(pieces)} counters")
    calibration = write_calibration_pdf(out_dir / CALIBRATION_PDF, sheet)
    _say(calibration, "calibration sheet")
    card_sheet = _card_sheet(ctx, sheet)
    spells_stats, spell_pieces = _spells_pdf(
        cards_from(ctx), card_sheet, _default_card(), out_dir / SPELLS_PDF, False
    )
    _say(spells_stats, f"{len(spell_pieces)} spell cards")
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
            Written(
                spells_stats,
                "Dark Blades spell cards, "
                + (
                    "fronts above the fold and backs below it (gutter-fold)."
                    if sheet.duplex == "none"
                    else "fronts and backs interleaved page by page."
                ),
                notes=(
                    f"{len(spell_pieces)} poker-size cards (2.5 x 3.5 in). Other sizes:",
                    "havoc-pnp spells --card-size bridge (or mini, 63x88mm)",
                    *(
                        (f"Printed with {card_sheet.arguments()['margin']} margins.",)
                        if card_sheet is not sheet
                        else ()
                    ),
                    *(
                        (
                            "Cut out each strip of fronts and backs, fold it along the dashed",
                            "line between the rows, glue, then cut the cards apart.",
                        )
                        if sheet.duplex == "none"
                        else ()
                    ),
                ),
            ),
        ],
        values_from=_values_from(cards_from(ctx)),
    )
    click.echo(f"{display_path(note)}: how to print, step by step")


# --------------------------------------------------------------------------- reference sheets

RESULTS_PDF = "dark-blades-results-tables.pdf"
SCENARIOS_PDF = "dark-blades-scenarios.pdf"
AID_PDFS = {
    "cthulhu-who": "cthulhu-who-aid.pdf",
    "kniggits": "kniggits-aid.pdf",
    "whos-next": "whos-next-aid.pdf",
}

paper_option = click.option(
    "--paper",
    default="A4",
    show_default=True,
    metavar="PAPER",
    help="A4, Letter, or WxH such as 8.5x11in (at least 5x7in).",
)
source_only_option = click.option(
    "--source-only",
    is_flag=True,
    help="Only what the rulebooks give: the kit's completions are left blank.",
)


def write_aids(
    cards: Cards, paper: str, out_dir: Path, source_only: bool
) -> list[tuple[Path, int, str]]:
    """Every reference sheet: (file, pages, what it is)."""
    from generator.cthulhu_who.aid import write_cthulhu_aid
    from generator.dark_blades.results_tables import write_results_tables
    from generator.kniggits.aid import write_kniggits_aid
    from generator.sheet.document import page_for
    from generator.whos_next.aid import write_whos_next_aid

    page = page_for(paper)
    written = []
    results = out_dir / RESULTS_PDF
    pages = write_results_tables(results, cards, page, source_only=source_only)
    what = "Dark Blades combat results tables" + (
        " (rulebook cells only)" if source_only else " (grey cells: the kit's completion)"
    )
    written.append((results, pages, what))
    for game, writer, what in (
        ("cthulhu-who", write_cthulhu_aid, "Cthulhu Who? player aid"),
        ("kniggits", write_kniggits_aid, "Kniggits reference card"),
        ("whos-next", write_whos_next_aid, "Who's Next reference card"),
    ):
        path = out_dir / AID_PDFS[game]
        written.append((path, writer(path, cards, page), what))
    return written


def _said(path: Path, pages: int, what: str) -> None:
    from companion.errors import display_path

    size = path.stat().st_size / 1024
    click.echo(
        f"{display_path(path)}: {what}, {pages} page{'s' if pages != 1 else ''}, {size:.0f} KB"
    )


@main.command()
@paper_option
@source_only_option
@click.option(
    "--out",
    "out_dir",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("out"),
    show_default=True,
    help="Directory for the reference sheets.",
)
@click.pass_context
def aids(ctx: click.Context, paper: str, source_only: bool, out_dir: Path) -> None:
    """Reference sheets: the Dark Blades combat results tables, and a player aid for Cthulhu
    Who?, Kniggits and Who's Next."""
    for path, pages, what in write_aids(cards_from(ctx), paper, out_dir, source_only):
        _said(path, pages, what)


@main.command()
@click.argument("names", nargs=-1, metavar="[NAME]...")
@paper_option
@_output_option(SCENARIOS_PDF)
@click.pass_context
def scenarios(ctx: click.Context, names: tuple[str, ...], paper: str, output: Path) -> None:
    """Dark Blades scenario sheets, one page each (NAME: raid, mule, mill, arena; none: all)."""
    from companion.dark_blades import pieces
    from companion.dark_blades.scenarios import find_scenario, load_scenarios
    from generator.dark_blades.scenario_sheets import write_scenario_sheets
    from generator.sheet.document import page_for

    cards = cards_from(ctx)
    page = page_for(paper)
    known = load_scenarios(cards, pieces.load(cards))
    keys = [find_scenario(known, n).key for n in names]
    pages = write_scenario_sheets(output, cards, page, keys or None)
    _said(output, pages, "Dark Blades scenario sheets")
