"""`havoc-pnp counters`, `spells`, `aids` and `scenarios`: the Dark Blades sheets and the
reference sheets of every game."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from companion.commands.clikit import Command, cards_from, source_only_from, source_only_option
from companion.errors import InputError, display_path
from generator.sheet.cards import card_sheet_options
from generator.sheet.options import SheetOptions, sheet_options

if TYPE_CHECKING:  # heavy modules load only when a command needs them
    from companion.data import Cards
    from generator.sheet.pieces import Piece
    from generator.sheet.render_pdf import PdfStats
from generator.commands.common import (
    out_dir_option,
    output_option,
    paper_option,
    said,
    say,
)

COUNTERS_PDF = "dark-blades-counters.pdf"
SPELLS_PDF = "dark-blades-spells.pdf"


def counters_pdf(
    cards: Cards,
    sheet: SheetOptions,
    out: Path,
    roster: Path | None,
    blank: bool,
    scenario: str | None = None,
) -> tuple[PdfStats, list[Piece]]:
    from generator.dark_blades import counters as dark_blades
    from generator.sheet.render_pdf import write_pieces_pdf

    if roster is not None and not roster.is_file():
        raise InputError("--roster: file not found", roster)
    warning = dark_blades.cards_warning(cards)
    if warning:
        click.echo(f"havoc-pnp: warning: {warning}", err=True)
    counts, title = None, ""
    if scenario is not None:
        from companion.dark_blades import pieces as roster_data
        from companion.dark_blades.scenarios import find_scenario, load_scenarios

        chosen = find_scenario(load_scenarios(cards, roster_data.load(cards, roster)), scenario)
        counts, title = chosen.roster(), f"Scenario {chosen.number}: {chosen.title}"
    pieces = dark_blades.counter_pieces(
        cards, roster=roster, blank_values=blank, piece_size=sheet.piece, counts=counts
    )
    note = dark_blades.footer_note(cards, roster, blank, title)
    heading = f"{dark_blades.TITLE}: {title}" if title else dark_blades.TITLE
    stats = write_pieces_pdf(out, pieces, sheet, heading, note)
    return stats, pieces


def values_from(cards: Cards) -> str:
    """The user's roster the counter values come from, or "" for the kit's own."""
    from companion.errors import display_path
    from generator.dark_blades import counters as dark_blades

    path = dark_blades.roster_path(cards)
    return "" if dark_blades.is_kit_file(path) else display_path(path)


@click.command(cls=Command)
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
@click.option(
    "--scenario",
    default=None,
    metavar="NAME",
    help="Only that scenario's pieces (raid, mule, mill, arena), as many as it uses; the "
    "file is then out/dark-blades-counters-NAME.pdf unless -o is given.",
)
@source_only_option
@output_option(COUNTERS_PDF)
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
    scenario: str | None,
    output: Path,
    svg_dir: Path | None,
) -> None:
    """Dark Blades counters: one PDF, fronts and backs interleaved page by page.

    The attack, defence and movement values are the kit's own (the rules print none):
    --source-only (or --blank-values) prints empty boxes to write your own in.
    """
    from dataclasses import replace

    blank_values = blank_values or source_only_from(ctx)
    if scenario is not None and output == Path("out") / COUNTERS_PDF:
        from companion.dark_blades import pieces as roster_data
        from companion.dark_blades.scenarios import find_scenario, load_scenarios

        cards = cards_from(ctx)
        key = find_scenario(load_scenarios(cards, roster_data.load(cards, roster)), scenario).key
        output = Path("out") / f"dark-blades-counters-{key}.pdf"
    from generator.sheet.render_svg import write_piece_svgs
    from generator.sheet.staging import Staging

    with Staging() as stage:  # the PDF and the SVGs land together, or nothing does
        if svg_dir is not None:
            stage.folder(svg_dir)  # checked before the PDF is written
        stats, pieces = counters_pdf(
            cards_from(ctx), sheet, stage.path(output), roster, blank_values, scenario
        )
        written = write_piece_svgs(svg_dir, pieces, sheet, stage) if svg_dir else []
    say(replace(stats, path=output), f"{len(pieces)} counters")
    if svg_dir is not None:
        click.echo(f"{display_path(svg_dir)}: {len(written)} SVG files")


def spells_pdf(
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


def default_card() -> tuple[str, float, float]:
    from generator.sheet.cards import DEFAULT_CARD, parse_card_size

    return parse_card_size(DEFAULT_CARD)


def card_sheet(ctx: click.Context, sheet: SheetOptions) -> SheetOptions:
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


@click.command(cls=Command)
@card_sheet_options
@source_only_option
@output_option(SPELLS_PDF)
@click.pass_context
def spells(
    ctx: click.Context,
    sheet: SheetOptions,
    card: tuple[str, float, float],
    output: Path,
) -> None:
    """Dark Blades spell cards: the 24-card deck, one back design; --duplex none gives the
    gutter-fold layout (fronts above the fold, backs below). --source-only: ruled write-in
    lines instead of the kit's texts."""
    source_only = source_only_from(ctx)
    stats, pieces = spells_pdf(cards_from(ctx), sheet, card, output, source_only)
    say(stats, f"{len(pieces)} spell cards")


RESULTS_PDF = "dark-blades-results-tables.pdf"
SCENARIOS_PDF = "dark-blades-scenarios.pdf"
AID_PDFS = {
    "cthulhu-who": "cthulhu-who-aid.pdf",
    "dark-blades": "dark-blades-reference.pdf",
    "kniggits": "kniggits-aid.pdf",
    "whos-next": "whos-next-aid.pdf",
}


def write_aids(
    cards: Cards, page: Any, out_dir: Path, source_only: bool
) -> list[tuple[Path, int, str]]:
    """Every reference sheet: (file, pages, what it is)."""
    from functools import partial

    from generator.cthulhu_who.aid import write_cthulhu_aid
    from generator.dark_blades.aid import write_dark_blades_aid
    from generator.dark_blades.results_tables import write_results_tables
    from generator.kniggits.aid import write_kniggits_aid
    from generator.whos_next.aid import write_whos_next_aid

    written = []
    results = out_dir / RESULTS_PDF
    pages = write_results_tables(results, cards, page, source_only=source_only)
    what = "Dark Blades combat results tables" + (
        " (rulebook cells only)" if source_only else " (grey cells: the kit's completion)"
    )
    written.append((results, pages, what))
    for game, writer, what in (
        ("cthulhu-who", write_cthulhu_aid, "Cthulhu Who? player aid"),
        (
            "dark-blades",
            partial(write_dark_blades_aid, source_only=source_only),
            "Dark Blades quick reference" + (" (rulebook only)" if source_only else ""),
        ),
        ("kniggits", write_kniggits_aid, "Kniggits reference card"),
        ("whos-next", write_whos_next_aid, "Who's Next reference card"),
    ):
        path = out_dir / AID_PDFS[game]
        written.append((path, writer(path, cards, page), what))
    return written


@click.command(cls=Command)
@paper_option
@source_only_option
@out_dir_option("Directory for the reference sheets.")
@click.pass_context
def aids(ctx: click.Context, paper: str, out_dir: Path) -> None:
    """Reference sheets: the Dark Blades combat results tables and quick reference, and a
    player aid for Cthulhu Who?, Kniggits and Who's Next."""
    from generator.sheet.document import page_for

    page = page_for(paper)
    source_only = source_only_from(ctx)
    for path, pages, what in write_aids(cards_from(ctx), page, out_dir, source_only):
        said(path, pages, what)


@click.command(cls=Command)
@click.argument("names", nargs=-1, metavar="[NAME]...")
@paper_option
@output_option(SCENARIOS_PDF)
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
    said(output, pages, "Dark Blades scenario sheets")
