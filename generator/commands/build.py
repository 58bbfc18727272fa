"""`havoc-pnp calibrate` and `havoc-pnp build`: the calibration sheet, and everything the kit
prints into one folder, all or nothing, with HOW-TO-PRINT.txt. `BUILD` lists the products."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from companion.commands.clikit import Command, cards_from, source_only_from, source_only_option
from companion.errors import DataError, display_path
from generator.sheet.options import PaperTooSmall, SheetOptions, sheet_options

if TYPE_CHECKING:  # heavy modules load only when a command needs them
    pass
from generator.commands.common import cards_dir, out_dir_option, output_option, say
from generator.commands.cthulhu_who import SETUPS_BUILD_SEED, SETUPS_PDF, setups_pdf
from generator.commands.dark_blades import (
    COUNTERS_PDF,
    SCENARIOS_PDF,
    SPELLS_PDF,
    card_sheet,
    counters_pdf,
    default_card,
    spells_pdf,
    values_from,
    write_aids,
)

CALIBRATION_PDF = "calibration.pdf"


@click.command(cls=Command)
@sheet_options
@output_option(CALIBRATION_PDF)
@click.pass_context
def calibrate(ctx: click.Context, sheet: SheetOptions, output: Path) -> None:
    """A duplex test sheet: read your printer's --back-offset and check 100% scale."""
    from generator.calibrate import write_calibration_pdf
    from generator.howto import rebuild_command

    rebuild = rebuild_command(
        sheet, None, back_offset="DX,DY", cards=cards_dir(ctx), source_only=source_only_from(ctx)
    )
    stats = write_calibration_pdf(output, sheet, rebuild=rebuild)
    say(stats, "calibration sheet")


@click.command(cls=Command)
@sheet_options
@source_only_option
@out_dir_option("Directory for every file the kit makes.")
@click.pass_context
def build(ctx: click.Context, sheet: SheetOptions, out_dir: Path) -> None:
    """Everything the kit prints into one directory, and HOW-TO-PRINT.txt: what each file is
    and how to print and cut it. All or nothing: the files are written aside and moved into
    place together, so a failure leaves the last build."""
    from generator.howto import write_how_to_print
    from generator.sheet.staging import Staging

    with Staging() as stage:
        made: list[Made] = []
        for label, product in BUILD:
            try:
                made += product(ctx, sheet, stage, out_dir)
            except PaperTooSmall as error:  # that product only: the rest is built
                click.echo(f"havoc-pnp: warning: {label} not built: {error}", err=True)
        note = write_how_to_print(
            stage.folder(out_dir),
            sheet,
            [m.written for m in made],
            values_from=values_from(cards_from(ctx)),
            cards=cards_dir(ctx),
            named_out=out_dir,
            source_only=source_only_from(ctx),
        )
        stage.path(out_dir / note.name)  # staged in place: moved with the others
    for m in made:
        say(m.written.stats, m.said)
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
        sheet, None, back_offset="DX,DY", cards=cards_dir(ctx), source_only=source_only_from(ctx)
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
    stats, pieces = counters_pdf(
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

    cards_sheet = card_sheet(ctx, sheet)
    stats, pieces = spells_pdf(
        cards_from(ctx),
        cards_sheet,
        default_card(),
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
                (f"Printed with {cards_sheet.arguments()['margin']} margins.",)
                if cards_sheet is not sheet
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


def _build_kniggits(
    ctx: click.Context, sheet: SheetOptions, stage: Any, out_dir: Path
) -> list[Made]:
    """The Kniggits set: the kit's default tokens, figures, army sheets, ruler and obstacles."""
    from dataclasses import replace

    from generator.howto import Written
    from generator.kniggits.build import write_kniggits

    made = []
    for item in write_kniggits(stage.folder(out_dir), sheet, cards_from(ctx)):
        stats = replace(item.stats, path=stage.final(stage.path(out_dir / item.stats.path.name)))
        made.append(Made(Written(stats, f"Kniggits {item.what}; single-sided."), item.what))
    return made


def _build_slips(ctx: click.Context, sheet: SheetOptions, stage: Any, out_dir: Path) -> list[Made]:
    """Blank Who's Next slips (never a saved ring: building must not leak the umpire's secret)."""
    from dataclasses import replace

    from generator.howto import Written
    from generator.whos_next.build import write_blank_sample

    stats, what = write_blank_sample(stage.folder(out_dir), sheet)
    stats = replace(stats, path=stage.final(stage.path(out_dir / stats.path.name)))
    return [Made(Written(stats, what + "; single-sided."), what)]


def _build_setups(ctx: click.Context, sheet: SheetOptions, stage: Any, out_dir: Path) -> list[Made]:
    """A small batch of Cthulhu Who? set-ups (seeds from SETUPS_BUILD_SEED)."""
    from dataclasses import replace

    from generator.cthulhu_who.setups import DEFAULT_BATCH
    from generator.howto import Written

    stats = setups_pdf(
        cards_from(ctx),
        sheet,
        stage.path(out_dir / SETUPS_PDF),
        DEFAULT_BATCH,
        SETUPS_BUILD_SEED,
        1,
        True,
        "1in",
    )
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

    page = checked_page(sheet.width, sheet.height, sheet.paper)
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


def _build_maps(ctx: click.Context, sheet: SheetOptions, stage: Any, out_dir: Path) -> list[Made]:
    """The Dark Blades maps, tiled at the counters' scale, and a blank hex sheet."""
    from dataclasses import replace as _replace

    from generator.commands.maps import MAPS_PDF, maps_pdf
    from generator.howto import Written
    from generator.sheet.render_pdf import PdfStats

    path = stage.path(out_dir / MAPS_PDF)
    found, (pages, size) = maps_pdf(cards_from(ctx), sheet, path, (), source_only_from(ctx))
    if any(m.is_kit for m in found):
        what = "Dark Blades maps, the kit's designs (not the rulebook's), blank hex sheet"
    elif found:
        what = f"Dark Blades maps ({len(found)}) and a blank hex sheet"
    else:
        what = "A blank hex sheet (--source-only leaves out the kit's maps)"
    notes = (
        "Single-sided, at 100% (no fit to page).",
        "Each map starts with an overview page: how its tiles join.",
        "Trim each tile along its solid 'cut' edges (right and bottom); lay it over",
        "the tinted strip of the tile to its right or below, its edge on the dashed",
        "line, hex lines and coordinates meeting; tape the joins on the back.",
    )
    stats = _replace(PdfStats(path, pages, pages, 0, size), path=stage.final(path))
    return [Made(Written(stats, what + ".", notes=notes), what)]


# What `build` makes, in order, each with the words of its warning when the paper cannot hold
# it (`PaperTooSmall`: that product is left out, the rest is built).
BUILD = [
    ("the calibration sheet", _build_calibration),
    ("the counters", _build_counters),
    ("the spell cards", _build_spells),
    (SETUPS_PDF, _build_setups),
    ("the Kniggits sheets", _build_kniggits),
    ("the Who's Next slips", _build_slips),
    ("the reference sheets", _build_aids),
    ("the maps", _build_maps),
]
