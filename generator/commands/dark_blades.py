"""`havoc-pnp counters`, `spells` and `scenarios`: the Dark Blades sheets; what `build` makes of
them, and the Dark Blades reference sheets (declared in generator/dark_blades/__init__.py)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from companion.errors import InputError, display_path
from generator.commands.sheet_options import card_sheet_options, sheet_options
from generator.dark_blades import COUNTERS_PDF, SCENARIOS_PDF, SPELLS_PDF
from generator.product import Made, Run
from generator.sheet.options import SheetOptions
from havoc_cli.kit import Kit, pass_kit, source_only_option

if TYPE_CHECKING:  # heavy modules load only when a command needs them
    from companion.data import Cards
    from generator.sheet.pieces import Piece
    from generator.sheet.render_pdf import PdfStats
from generator.commands.common import (
    PnpCommand,
    build_note_kept,
    given,
    output_option,
    paper_option,
    say,
)


def counters_pdf(
    cards: Cards,
    sheet: SheetOptions,
    out: Path,
    roster: Path | None,
    blank: bool,
    scenario: str | None = None,
    style: str = "dark",
    art: bool = True,
) -> tuple[PdfStats, list[Piece]]:
    from generator.dark_blades import counters as dark_blades
    from generator.sheet.render_pdf import write_pieces_pdf

    if roster is not None and not roster.exists():  # else refused as the companion says
        raise InputError("--roster: file not found", roster)
    warning = dark_blades.cards_warning(cards)
    if warning:
        click.echo(f"havoc-pnp: warning: {warning}", err=True)
    counts, riders, title = None, None, ""
    if scenario is not None:
        from companion.dark_blades import pieces as roster_data
        from companion.dark_blades.scenarios import find_scenario, load_scenarios

        loaded = roster_data.load(cards, roster)
        chosen = find_scenario(load_scenarios(cards, loaded), scenario, loaded)
        counts, title = chosen.roster(), f"Scenario {chosen.number}: {chosen.title}"
        riders = chosen.riders()  # on foot unless the scenario mounts them or has their horses
    pieces = dark_blades.counter_pieces(
        cards,
        roster=roster,
        blank_values=blank,
        piece_size=sheet.piece,
        style=style,
        counts=counts,
        riders=riders,
        art=art,
    )
    note = dark_blades.footer_note(cards, roster, blank, title)
    heading = f"{dark_blades.TITLE}: {title}" if title else dark_blades.TITLE
    stats = write_pieces_pdf(out, pieces, sheet, heading, note)
    return stats, pieces


def values_note(cards: Cards, blank: bool) -> tuple[str, ...]:
    """HOW-TO-PRINT's lines on where the counter values come from: a user's roster, the
    kit's own defaults (not the rulebook's: it prints none), or none (blank boxes)."""
    from generator.dark_blades import counters as dark_blades

    if blank:
        return ("The value boxes are blank (--source-only: the rulebook prints no values);",
                "write the values on by hand.")  # fmt: skip
    path = dark_blades.roster_path(cards)
    if not dark_blades.is_kit_file(path):
        return ("Values on the counters come from", f"{display_path(path)}.")
    return (
        "Values on the counters are the Havoc Kit's own defaults, NOT the rulebook's",
        "(the rules print none): copy cards/dark-blades/pieces.csv to",
        "YOUR-CARDS/dark-blades/, edit it and build with --cards YOUR-CARDS,",
        "or print `havoc-pnp counters --blank-values` and write them on by hand.",
    )


@click.command(cls=PnpCommand)
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
    help="Only that scenario's pieces (raid, mule, mill, arena, or the path of your own "
    "scenario file), as many as it uses, and mounted pieces only for those it puts on horses "
    "(none where both sides are on foot); the "
    "file is then out/dark-blades-counters-NAME.pdf unless -o is given.",
)
@click.option(
    "--counter-style",
    "style",
    type=click.Choice(["dark", "light"]),
    default="dark",
    show_default=True,
    help="dark: each side's own colours; light: pale grounds, little ink (the sides still "
    "told apart by the Black Fox's outlined name band).",
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
@click.option(
    "--no-art",
    is_flag=True,
    help="Leave the figures off the counters (the roster's art column is still checked).",
)
@pass_kit
@click.pass_context
def counters(
    ctx: click.Context,
    kit: Kit,
    sheet: SheetOptions,
    roster: Path | None,
    blank_values: bool,
    scenario: str | None,
    style: str,
    output: Path,
    svg_dir: Path | None,
    no_art: bool,
) -> None:
    """Dark Blades counters: one PDF, fronts and backs interleaved page by page.

    The attack, defence and movement values are the kit's own (the rules print none):
    --source-only (or --blank-values) prints empty boxes to write your own in. Each counter
    carries a figure (cards/art/, game-icons.net, CC BY 3.0; the roster's art column names
    your own); --source-only keeps them (art is not a rule).
    """
    from dataclasses import replace

    blank_values = blank_values or kit.source_only
    if scenario is not None and not given(
        ctx, "output"
    ):  # -o given, even as the default: that file
        from companion.dark_blades import pieces as roster_data
        from companion.dark_blades.scenarios import find_scenario, load_scenarios

        cards = kit.cards
        loaded = roster_data.load(cards, roster)
        key = find_scenario(load_scenarios(cards, loaded), scenario, loaded).key
        output = Path("out") / f"dark-blades-counters-{key}.pdf"
    from generator.sheet.render_svg import write_piece_svgs
    from generator.sheet.staging import Staging

    with build_note_kept([output], "-o FILE"), Staging() as stage:  # all land, or none
        if svg_dir is not None:
            stage.folder(svg_dir)  # checked before the PDF is written
        stats, pieces = counters_pdf(
            kit.cards,
            sheet,
            stage.path(output),
            roster,
            blank_values,
            scenario,
            style=style,
            art=not no_art,
        )
        written = write_piece_svgs(svg_dir, pieces, sheet, stage) if svg_dir else []
    say(replace(stats, path=output), f"{len(pieces)} counters")
    if svg_dir is not None:
        click.echo(f"{display_path(svg_dir)}: {len(written)} SVG files")


def spells_pdf(
    cards: Cards,
    sheet: SheetOptions,
    card: tuple[str, float, float],
    out: Path,
    source_only: bool,
    back_style: str = "light",
) -> tuple[PdfStats, list[Piece]]:
    from companion.dark_blades import spells as deck_data
    from generator.dark_blades import spells as spell_cards
    from generator.sheet.cards import impose_cards, write_cards_pdf

    _, w, h = card
    pieces = spell_cards.spell_cards(deck_data.load(cards), w, h, source_only, back_style)
    pages = impose_cards(pieces, w, h, sheet)
    subject = f"{card[0]} cards; {sheet.describe().split(', ', 2)[-1]}"
    note = spell_cards.footer_note(source_only)
    return write_cards_pdf(out, pages, sheet, spell_cards.TITLE, subject, note), pieces


def default_card() -> tuple[str, float, float]:
    from generator.sheet.cards import DEFAULT_CARD, parse_card_size

    return parse_card_size(DEFAULT_CARD)


def card_sheet(sheet: SheetOptions, margin_given: bool) -> SheetOptions:
    """`build`'s sheet for the cards: its options, but the cards' 1/4in margin unless --margin
    was given (the cards' crop marks sit in it)."""
    from generator.commands.common import own_margin
    from generator.sheet.cards import CARD_MARGIN

    return own_margin(sheet, margin_given, CARD_MARGIN)


@click.command(cls=PnpCommand)
@card_sheet_options
@click.option(
    "--card-back",
    type=click.Choice(["light", "flood"]),
    default="light",
    show_default=True,
    help="light: a pale lattice, little ink (sheets stay flat); flood: a dark ground over the "
    "whole card, nothing of the front shows through thin paper.",
)
@source_only_option
@output_option(SPELLS_PDF)
@pass_kit
def spells(
    kit: Kit,
    sheet: SheetOptions,
    card: tuple[str, float, float],
    card_back: str,
    output: Path,
) -> None:
    """Dark Blades spell cards: the 24-card deck, one back design; --duplex none gives the
    gutter-fold layout (fronts above the fold, backs below). --source-only: ruled write-in
    lines instead of the kit's texts."""
    with build_note_kept([output], "-o FILE"):
        stats, pieces = spells_pdf(kit.cards, sheet, card, output, kit.source_only, card_back)
    say(stats, f"{len(pieces)} spell cards")


def results_tables(path: Path, cards: Cards, page: Any, source_only: bool) -> tuple[int, str]:
    """The combat results tables, a reference sheet: (pages, what it is)."""
    from generator.dark_blades.results_tables import write_results_tables

    pages = write_results_tables(path, cards, page, source_only=source_only)
    return pages, "Dark Blades combat results tables" + (
        " (rulebook cells only)" if source_only else " (grey cells: the kit's completion)"
    )


def player_aid(path: Path, cards: Cards, page: Any, source_only: bool) -> tuple[int, str]:
    """The player aid, a reference sheet: (pages, what it is)."""
    from generator.dark_blades.aid import write_dark_blades_aid

    pages = write_dark_blades_aid(path, cards, page, source_only=source_only)
    return pages, "Dark Blades player aid" + (" (rulebook only)" if source_only else "")


def scenario_sheets(path: Path, cards: Cards, page: Any, source_only: bool) -> tuple[int, str]:
    """Every scenario sheet, for `build`: (pages, what it is)."""
    from generator.dark_blades.scenario_sheets import write_scenario_sheets

    return write_scenario_sheets(
        path, cards, page, None, source_only
    ), "Dark Blades scenario sheets"


def build_counters(run: Run) -> list[Made]:
    """`build`'s counters: the kit's roster (blank value boxes with --source-only)."""
    blank = run.source_only  # the values are the kit's: blank boxes with --source-only
    stats, pieces = counters_pdf(run.cards, run.sheet, run.path(COUNTERS_PDF), None, blank)
    what = (
        "Dark Blades counters, fronts and backs interleaved page by page."
        if run.sheet.duplex != "none"
        else "Dark Blades counters, fronts left and backs right of the fold."
    )
    duplex = run.sheet.duplex != "none"
    notes = values_note(run.cards, blank)
    return [
        run.made(stats, what, f"{len(pieces)} counters", pieces=pieces, kind="counters",
                 duplex=duplex, notes=notes)
    ]  # fmt: skip


def build_spells(run: Run) -> list[Made]:
    """`build`'s spell cards: poker size, on the cards' own margin unless --margin was given."""
    sheet = run.sheet
    cards_sheet = card_sheet(sheet, run.margin_given)
    stats, pieces = spells_pdf(
        run.cards, cards_sheet, default_card(), run.path(SPELLS_PDF), run.source_only
    )
    gutter = sheet.duplex == "none"
    made = run.made(
        stats,
        "Dark Blades spell cards, "
        + (
            "fronts above the fold and backs below it (gutter-fold)."
            if gutter
            else "fronts and backs interleaved page by page."
        ),
        f"{len(pieces)} spell cards",
        notes=(
            f"{len(pieces)} poker-size cards (2.5 x 3.5 in). Other sizes:",
            "havoc-pnp spells --card-size bridge (or mini, 63x88mm)",
            "Every cut lies 1/4in or more inside the paper, with a crop mark",
            "at each end"
            + (
                f" (the cards' own {cards_sheet.arguments()['margin']} margins)."
                if cards_sheet is not sheet
                else "."
            ),
        ),
        kind="cards",
        duplex=not gutter,
    )
    return [made]


@click.command(cls=PnpCommand)
@click.argument("names", nargs=-1, metavar="[NAME]...")
@paper_option
@output_option(SCENARIOS_PDF)
@pass_kit
@click.pass_context
def scenarios(
    ctx: click.Context, kit: Kit, names: tuple[str, ...], paper: str, output: Path
) -> None:
    """Dark Blades scenario sheets, one page each (NAME: raid, mule, mill, arena; none: all).

    With NAMEs the file is out/dark-blades-scenarios-NAME.pdf (beside the build's sheets)
    unless -o is given."""
    from companion.dark_blades import pieces
    from companion.dark_blades.scenarios import find_scenario, load_scenarios
    from generator.dark_blades.scenario_sheets import write_scenario_sheets
    from generator.sheet.document import page_for
    from generator.sheet.render_pdf import PdfStats

    cards = kit.cards
    page = page_for(paper)
    known = load_scenarios(cards, pieces.load(cards))
    keys = [find_scenario(known, n).key for n in names]
    if keys and not given(ctx, "output"):
        output = Path("out") / f"dark-blades-scenarios-{'-'.join(dict.fromkeys(keys))}.pdf"
    with build_note_kept([output], "-o FILE"):
        pages = write_scenario_sheets(output, cards, page, keys or None, kit.source_only)
    say(PdfStats(output, pages, pages, 0, output.stat().st_size), "Dark Blades scenario sheets")
