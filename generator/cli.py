"""`havoc-pnp`: print-and-play sheets. Thin click commands over the sheet engine.

Every command shares the sheet options (generator/sheet/options.py). Bad input, including
click's own
usage errors, is one line `havoc-pnp: error: ...` and exit status 2, never a traceback.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from companion import __version__
from companion.clikit import (
    LazyGroup,
    cards_from,
    cards_option,
    source_only_from,
    source_only_option,
)
from companion.errors import DataError, InputError, display_path
from generator.sheet.cards import card_sheet_options
from generator.sheet.options import SheetOptions, sheet_options

if TYPE_CHECKING:  # heavy modules load only when a command needs them
    from companion.data import Cards
    from generator.sheet.pieces import Piece
    from generator.sheet.render_pdf import PdfStats

COUNTERS_PDF = "dark-blades-counters.pdf"
CALIBRATION_PDF = "calibration.pdf"
SPELLS_PDF = "dark-blades-spells.pdf"
SETUPS_PDF = "cthulhu-who-setups.pdf"
SETUPS_BUILD_SEED = 1  # `build`'s small batch of Cthulhu Who? set-ups starts at this seed


@click.group(
    cls=LazyGroup,
    prog="havoc-pnp",
    context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100},
)
@cards_option
@source_only_option
@click.version_option(__version__, prog_name="havoc-pnp")
def main() -> None:
    """Havoc Kit print-and-play: counters, spell cards, set-up sheets, reference sheets, the
    other games' pieces, and a printer calibration page.

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


def _out_dir_option(
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


def _counters_pdf(
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
        f"{display_path(stats.path)}: {what}, {stats.pages} page{'s' if stats.pages != 1 else ''}"
        f" on {stats.sheets} "
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
@click.option(
    "--scenario",
    default=None,
    metavar="NAME",
    help="Only that scenario's pieces (raid, mule, mill, arena), as many as it uses; the "
    "file is then out/dark-blades-counters-NAME.pdf unless -o is given.",
)
@source_only_option
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
        stats, pieces = _counters_pdf(
            cards_from(ctx), sheet, stage.path(output), roster, blank_values, scenario
        )
        written = write_piece_svgs(svg_dir, pieces, sheet, stage) if svg_dir else []
    _say(replace(stats, path=output), f"{len(pieces)} counters")
    if svg_dir is not None:
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
@source_only_option
@_output_option(SPELLS_PDF)
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
    stats, pieces = _spells_pdf(cards_from(ctx), sheet, card, output, source_only)
    _say(stats, f"{len(pieces)} spell cards")


@main.command()
@sheet_options
@_output_option(CALIBRATION_PDF)
@click.pass_context
def calibrate(ctx: click.Context, sheet: SheetOptions, output: Path) -> None:
    """A duplex test sheet: read your printer's --back-offset and check 100% scale."""
    from generator.calibrate import write_calibration_pdf
    from generator.howto import rebuild_command

    rebuild = rebuild_command(
        sheet, None, back_offset="DX,DY", cards=_cards_dir(ctx), source_only=source_only_from(ctx)
    )
    stats = write_calibration_pdf(output, sheet, rebuild=rebuild)
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
@source_only_option
@_out_dir_option("Directory for every file the kit makes.")
@click.pass_context
def build(ctx: click.Context, sheet: SheetOptions, out_dir: Path) -> None:
    """Everything the kit prints into one directory, and HOW-TO-PRINT.txt: what each file is
    and how to print and cut it. All or nothing: the files are written aside and moved into
    place together, so a failure leaves the last build."""
    from generator.howto import write_how_to_print
    from generator.sheet.staging import Staging

    with Staging() as stage:
        made: list[Made] = []
        for product in BUILD:
            made += product(ctx, sheet, stage, out_dir)
        note = write_how_to_print(
            stage.folder(out_dir),
            sheet,
            [m.written for m in made],
            values_from=_values_from(cards_from(ctx)),
            cards=_cards_dir(ctx),
            named_out=out_dir,
            source_only=source_only_from(ctx),
        )
        stage.path(out_dir / note.name)  # staged in place: moved with the others
    for m in made:
        _say(m.written.stats, m.said)
    click.echo(f"{display_path(out_dir / note.name)}: how to print, step by step")


@dataclass(frozen=True)
class Made:
    """One file `build` made: what HOW-TO-PRINT says of it, and the line printed for it."""

    written: Any  # generator.howto.Written, its path the final one (not the staged one)
    said: str


def _build_calibration(
    ctx: click.Context, sheet: SheetOptions, stage: Any, out_dir: Path
) -> list[Made]:
    from dataclasses import replace

    from generator.calibrate import write_calibration_pdf
    from generator.howto import Written, rebuild_command

    rebuild = rebuild_command(
        sheet, None, back_offset="DX,DY", cards=_cards_dir(ctx), source_only=source_only_from(ctx)
    )
    stats = write_calibration_pdf(stage.path(out_dir / CALIBRATION_PDF), sheet, rebuild=rebuild)
    what = "Printer calibration: 100% scale and " + (
        "the fold." if sheet.duplex == "none" else "the duplex back offset."
    )
    stats = replace(stats, path=stage.final(stats.path))
    return [Made(Written(stats, what), "calibration sheet")]


def _build_counters(
    ctx: click.Context, sheet: SheetOptions, stage: Any, out_dir: Path
) -> list[Made]:
    from dataclasses import replace

    from generator.howto import Written

    blank = source_only_from(ctx)  # the values are the kit's: blank boxes with --source-only
    stats, pieces = _counters_pdf(
        cards_from(ctx), sheet, stage.path(out_dir / COUNTERS_PDF), None, blank
    )
    what = (
        "Dark Blades counters, fronts and backs interleaved page by page."
        if sheet.duplex != "none"
        else "Dark Blades counters, fronts left and backs right of the fold."
    )
    stats = replace(stats, path=stage.final(stats.path))
    return [Made(Written(stats, what, pieces), f"{len(pieces)} counters")]


def _build_spells(ctx: click.Context, sheet: SheetOptions, stage: Any, out_dir: Path) -> list[Made]:
    from dataclasses import replace

    from generator.howto import Written

    card_sheet = _card_sheet(ctx, sheet)
    stats, pieces = _spells_pdf(
        cards_from(ctx),
        card_sheet,
        _default_card(),
        stage.path(out_dir / SPELLS_PDF),
        source_only_from(ctx),
    )
    stats = replace(stats, path=stage.final(stats.path))
    gutter = sheet.duplex == "none"
    written = Written(
        stats,
        "Dark Blades spell cards, "
        + (
            "fronts above the fold and backs below it (gutter-fold)."
            if gutter
            else "fronts and backs interleaved page by page."
        ),
        notes=(
            f"{len(pieces)} poker-size cards (2.5 x 3.5 in). Other sizes:",
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
                if gutter
                else ()
            ),
        ),
    )
    return [Made(written, f"{len(pieces)} spell cards")]


def _build_games(ctx: click.Context, sheet: SheetOptions, stage: Any, out_dir: Path) -> list[Made]:
    """The Kniggits set (the kit's defaults) and blank Who's Next slips (never a saved ring)."""
    from dataclasses import replace

    from generator.howto import Written
    from generator.kniggits.build import write_kniggits
    from generator.whos_next.build import write_blank_sample

    staged = stage.folder(out_dir)
    made = []
    try:
        kniggits = write_kniggits(staged, sheet, cards_from(ctx))
    except InputError as error:  # paper too small for an army sheet: build the rest
        click.echo(f"havoc-pnp: warning: the Kniggits sheets not built: {error}", err=True)
        kniggits = []
    for item in kniggits:
        stats = replace(item.stats, path=stage.final(stage.path(out_dir / item.stats.path.name)))
        made.append(Made(Written(stats, f"Kniggits {item.what}; single-sided."), item.what))
    try:
        stats, what = write_blank_sample(staged, sheet)
    except InputError as error:  # paper too small for a slip
        click.echo(f"havoc-pnp: warning: the Who's Next slips not built: {error}", err=True)
        return made
    stats = replace(stats, path=stage.final(stage.path(out_dir / stats.path.name)))
    made.append(Made(Written(stats, what + "; single-sided."), what))
    return made


def _build_setups(ctx: click.Context, sheet: SheetOptions, stage: Any, out_dir: Path) -> list[Made]:
    """A small batch of Cthulhu Who? set-ups (seeds from SETUPS_BUILD_SEED); on paper too small
    for a set-up sheet, a warning and the rest of the build."""
    from dataclasses import replace

    from generator.cthulhu_who.setups import DEFAULT_BATCH
    from generator.howto import Written

    try:
        stats = _setups_pdf(
            cards_from(ctx),
            sheet,
            stage.path(out_dir / SETUPS_PDF),
            DEFAULT_BATCH,
            SETUPS_BUILD_SEED,
            1,
            True,
            "1in",
        )
    except InputError as error:  # paper too small for a set-up sheet: build the rest
        click.echo(f"havoc-pnp: warning: {SETUPS_PDF} not built: {error}", err=True)
        return []
    stats = replace(stats, path=stage.final(stats.path))
    last = SETUPS_BUILD_SEED + DEFAULT_BATCH - 1
    written = Written(
        stats,
        f"Cthulhu Who? set-ups, seeds {SETUPS_BUILD_SEED}-{last}, 1in squares.",
        notes=(
            "Each: the rolls, the garden, exactly its pieces (double-sided).",
            "Then the 8 x 8 board in tiles, and the exact odds.",
            "More: havoc-pnp setups -n N --seed S.",
        ),
    )
    return [Made(written, f"{DEFAULT_BATCH} Cthulhu Who? set-ups")]


def _build_aids(ctx: click.Context, sheet: SheetOptions, stage: Any, out_dir: Path) -> list[Made]:
    """The reference sheets (results tables, the game aids) and the scenario sheets, on the
    build's paper; portrait or landscape as suits each."""
    from generator.dark_blades.scenario_sheets import write_scenario_sheets
    from generator.howto import Written
    from generator.sheet.document import checked_page
    from generator.sheet.render_pdf import PdfStats

    try:
        page = checked_page(sheet.width, sheet.height, sheet.paper)
    except InputError as error:
        click.echo(f"havoc-pnp: warning: the reference sheets not built: {error}", err=True)
        return []
    staged = stage.folder(out_dir)
    written = write_aids(cards_from(ctx), page, staged, source_only_from(ctx))
    scenarios = staged / SCENARIOS_PDF
    try:
        pages = write_scenario_sheets(scenarios, cards_from(ctx), page)
    except DataError as error:  # e.g. a roster of one's own without a scenario's characters
        click.echo(f"havoc-pnp: warning: {SCENARIOS_PDF} not built: {error}", err=True)
    else:
        written.append((scenarios, pages, "Dark Blades scenario sheets"))
    made = []
    for path, pages, what in written:
        final = stage.final(stage.path(out_dir / path.name))
        stats = PdfStats(final, pages, pages, 0, path.stat().st_size)
        notes = ("Single-sided: a sheet to read at the table, not to cut.",)
        made.append(Made(Written(stats, what + ".", notes=notes), what))
    return made


BUILD = [
    _build_calibration,
    _build_counters,
    _build_spells,
    _build_setups,
    _build_games,
    _build_aids,
]


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


# --------------------------------------------------------------------------- reference sheets

RESULTS_PDF = "dark-blades-results-tables.pdf"
SCENARIOS_PDF = "dark-blades-scenarios.pdf"
AID_PDFS = {
    "cthulhu-who": "cthulhu-who-aid.pdf",
    "dark-blades": "dark-blades-reference.pdf",
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


def _said(path: Path, pages: int, what: str) -> None:
    from companion.errors import display_path

    size = path.stat().st_size / 1024
    click.echo(
        f"{display_path(path)}: {what}, {pages} page{'s' if pages != 1 else ''}, {size:.0f} KB"
    )


@main.command()
@paper_option
@source_only_option
@_out_dir_option("Directory for the reference sheets.")
@click.pass_context
def aids(ctx: click.Context, paper: str, out_dir: Path) -> None:
    """Reference sheets: the Dark Blades combat results tables and quick reference, and a
    player aid for Cthulhu Who?, Kniggits and Who's Next."""
    from generator.sheet.document import page_for

    page = page_for(paper)
    source_only = source_only_from(ctx)
    for path, pages, what in write_aids(cards_from(ctx), page, out_dir, source_only):
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
