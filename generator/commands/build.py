"""`havoc-pnp calibrate`, `build` and `aids`: the calibration sheet; everything the kit prints
into one folder, all or nothing, with HOW-TO-PRINT.txt; every game's reference sheets.

What `build` makes of each game, and each game's reference sheets, are declared in the game's
package (`generator/<game>/__init__.py`) and read through `generator.registry`.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import click

from companion.errors import display_path
from generator.commands.common import (
    PnpCommand,
    build_note_kept,
    cards_dir,
    out_dir_option,
    output_option,
    paper_option,
    say,
)
from generator.commands.dark_blades_maps import hex_option
from generator.commands.sheet_options import sheet_options
from generator.product import Made, Run
from generator.registry import CALIBRATION_PDF
from generator.sheet.options import PaperTooSmall, SheetOptions
from havoc_cli.kit import Kit, pass_kit, source_only_option


@click.command(cls=PnpCommand)
@sheet_options
@output_option(CALIBRATION_PDF)
@pass_kit
def calibrate(kit: Kit, sheet: SheetOptions, output: Path) -> None:
    """A duplex test sheet: read your printer's --back-offset and check 100% scale."""
    from generator.calibrate import write_calibration_pdf
    from generator.howto import rebuild_command

    rebuild = rebuild_command(
        sheet, None, back_offset="DX,DY", cards=cards_dir(kit), source_only=kit.source_only
    )
    with build_note_kept([output], "-o FILE"):
        stats = write_calibration_pdf(output, sheet, rebuild=rebuild)
    say(stats, "calibration sheet")


@click.command(cls=PnpCommand)
@sheet_options
@hex_option
@source_only_option
@out_dir_option("Directory for every file the kit makes.")
@click.option(
    "--export",
    "export_to",
    default=None,
    metavar="TARGET[,TARGET...]",
    help="Also export for tgc, mpc, tts or vassal (havoc-pnp export), into DIR/export/TARGET.",
)
@pass_kit
@click.pass_context
def build(
    ctx: click.Context,
    kit: Kit,
    sheet: SheetOptions,
    hexes: str,
    out_dir: Path,
    export_to: str | None,
) -> None:
    """Everything the kit prints into one directory, and HOW-TO-PRINT.txt: what each file is
    and how to print and cut it. All or nothing: the files are written aside and moved into
    place together, so a failure leaves the last build."""
    from generator.commands.export import check_replaceable, parse_targets, write_exports
    from generator.howto import read_back, write_how_to_print
    from generator.registry import products, resolve
    from generator.sheet.staging import Staging

    targets = parse_targets(export_to, "--export") if export_to is not None else []
    for target in targets:  # before anything is built
        check_replaceable(out_dir / "export" / target)
    margin = ctx.get_parameter_source("margin") != click.core.ParameterSource.DEFAULT
    with Staging() as stage:
        run = Run(
            kit.cards, cards_dir(kit), kit.source_only, sheet, stage, out_dir, margin,
            hexes=hexes.lower(),
        )  # fmt: skip
        made: list[Made] = []
        for product in products():  # the calibration sheet, the games', the reference sheets
            try:
                made += resolve(product.make)(run)
            except PaperTooSmall as error:  # that product only: the rest is built
                click.echo(f"havoc-pnp: warning: {product.label} not built: {error}", err=True)
                run.leave_out(product.files, str(error))
        note, checklist = write_how_to_print(
            run.folder(),
            sheet,
            [m.written for m in made],
            cards=run.cards_dir,
            named_out=out_dir,
            source_only=kit.source_only,
            skipped=run.skipped,
            hexes=run.hexes,
        )
        stage.path(out_dir / note.name)  # staged in place: moved with the others
        stage.path(out_dir / checklist.path.name)
        read = read_back(run.folder(), [m.written for m in made])
        exported = write_exports(
            targets, out_dir / "export", kit.cards, sheet.piece, kit.source_only, None, stage
        )
    say(replace(checklist, path=out_dir / checklist.path.name), "contents and checklist")
    for m, r in zip(made, read, strict=True):  # pages and sheets as HOW-TO-PRINT gives them
        say(replace(m.written.stats, pages=r.pages, sheets=r.sheets), m.said)
    for line in exported:
        click.echo(line)
    click.echo(f"{display_path(out_dir / note.name)}: how to print, step by step")


def build_calibration(run: Run) -> list[Made]:
    """The calibration sheet, first of everything `build` makes."""
    from generator.calibrate import write_calibration_pdf
    from generator.howto import rebuild_command

    sheet = run.sheet
    rebuild = rebuild_command(
        sheet,
        None,
        back_offset="DX,DY",
        cards=run.cards_dir,
        source_only=run.source_only,
        hexes=run.hexes,
    )
    stats = write_calibration_pdf(run.path(CALIBRATION_PDF), sheet, rebuild=rebuild)
    what = "Printer calibration: 100% scale and " + (
        "the fold." if sheet.duplex == "none" else "the duplex back offset."
    )
    duplex = sheet.duplex != "none"
    return [run.made(stats, what, "calibration sheet", kind="calibration", duplex=duplex)]


def build_reference_sheets(
    run: Run, kinds: tuple[str, ...] = ("tables", "aid", "sheets")
) -> list[Made]:
    """Every game's reference sheets of these kinds (`generator.product.ReferenceSheet`), on
    the run's paper; portrait or landscape as suits each; marked duplex when the run prints
    both sides (read at the table: both sides when the printer can). A paper too small for
    any reference sheet leaves them all out (`PaperTooSmall`, one warning); a sheet this
    paper cannot hold is left out with a warning (`Run.leave_out`) when the run is a build,
    and fails `aids` (``kinds`` without "sheets")."""
    from generator.registry import resolve, sheets
    from generator.sheet.document import checked_page
    from generator.sheet.render_pdf import PdfStats

    page = checked_page(run.sheet.width, run.sheet.height, run.sheet.paper)
    duplex = run.sheet.duplex != "none"
    made = []
    for sheet in sheets(kinds):
        path = run.path(sheet.file)
        try:
            pages, what = resolve(sheet.write)(path, run.cards, page, run.source_only)
        except PaperTooSmall as error:
            if "sheets" not in kinds:
                raise
            click.echo(f"havoc-pnp: warning: {sheet.file} not built: {error}", err=True)
            run.leave_out((sheet.file,), str(error))
            continue
        stats = PdfStats(path, pages, pages, 0, path.stat().st_size)
        made.append(run.made(stats, what + ".", what, kind=sheet.kind, duplex=duplex))
    return made


AID_KINDS = ("tables", "aid")  # what `havoc-pnp aids` writes; `build` adds the "sheets"


class _AidsCommand(PnpCommand):
    """`aids --help` lists the sheets every registered game declares (`ReferenceSheet.what`)."""

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        from generator.registry import sheets

        with formatter.section("Writes"):
            formatter.write_dl([(sheet.file, sheet.what) for sheet in sheets(AID_KINDS)])


@click.command(cls=_AidsCommand)
@paper_option
@source_only_option
@out_dir_option("Directory for the reference sheets.")
@pass_kit
def aids(kit: Kit, paper: str, out_dir: Path) -> None:
    """Reference sheets to read at the table: every game's results tables and player aid,
    listed below (`build` writes them too, with the scenario sheets). All or nothing."""
    from generator.registry import sheets
    from generator.sheet.staging import Staging

    sheet = SheetOptions.parse(paper=paper, duplex="none")  # single-sided: pages are sheets
    written = [out_dir / s.file for s in sheets(AID_KINDS)]
    with build_note_kept(written, "--out DIR"), Staging() as stage:
        run = Run(kit.cards, cards_dir(kit), kit.source_only, sheet, stage, out_dir)
        made = build_reference_sheets(run, AID_KINDS)
    for m in made:
        say(m.written.stats, m.said)
