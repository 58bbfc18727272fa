"""`havoc-pnp calibrate`, `build` and `aids`: the calibration sheet; everything the kit prints
into one folder, all or nothing, with HOW-TO-PRINT.txt; every game's reference sheets.

What `build` makes of each game, and each game's reference sheets, are declared in the game's
package (`generator/<game>/__init__.py`) and read through `generator.registry`.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import click

from companion.errors import display_path
from generator.commands.common import (
    cards_dir,
    out_dir_option,
    output_option,
    paper_option,
    said,
    say,
)
from generator.commands.sheet_options import sheet_options
from generator.product import Made, Run
from generator.sheet.options import PaperTooSmall, SheetOptions
from havoc_cli.kit import Command, Kit, pass_kit, source_only_option

CALIBRATION_PDF = "calibration.pdf"


@click.command(cls=Command)
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
    stats = write_calibration_pdf(output, sheet, rebuild=rebuild)
    say(stats, "calibration sheet")


@click.command(cls=Command)
@sheet_options
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
    ctx: click.Context, kit: Kit, sheet: SheetOptions, out_dir: Path, export_to: str | None
) -> None:
    """Everything the kit prints into one directory, and HOW-TO-PRINT.txt: what each file is
    and how to print and cut it. All or nothing: the files are written aside and moved into
    place together, so a failure leaves the last build."""
    from generator.commands.export import parse_targets, write_exports
    from generator.howto import read_back, write_how_to_print
    from generator.registry import products, resolve
    from generator.sheet.staging import Staging

    targets = parse_targets(export_to, "--export") if export_to is not None else []
    margin = ctx.get_parameter_source("margin") != click.core.ParameterSource.DEFAULT
    with Staging() as stage:
        run = Run(kit.cards, cards_dir(kit), kit.source_only, sheet, stage, out_dir, margin)
        made: list[Made] = []
        skipped: list[tuple[str, str]] = []  # (file, why) left out: paper too small
        for label, make, files in (
            ("the calibration sheet", build_calibration, (CALIBRATION_PDF,)),
            *((p.label, resolve(p.make), p.files) for p in products()),
        ):
            try:
                made += make(run)
            except PaperTooSmall as error:  # that product only: the rest is built
                click.echo(f"havoc-pnp: warning: {label} not built: {error}", err=True)
                skipped += leave_out(run, files, error)
        made += build_reference_sheets(run, skipped)
        note, checklist = write_how_to_print(
            run.folder(),
            sheet,
            [m.written for m in made],
            cards=run.cards_dir,
            named_out=out_dir,
            source_only=kit.source_only,
            skipped=skipped,
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


def leave_out(run: Run, files: tuple[str, ...], error: Exception) -> list[tuple[str, str]]:
    """A product the paper cannot hold: its files from an earlier build are removed from the
    folder when the build lands (none is left stale); (file, why) for HOW-TO-PRINT."""
    for name in files:
        run.stage.remove(run.out_dir / name)
    return [(name, str(error)) for name in files]


def build_calibration(run: Run) -> list[Made]:
    """The calibration sheet, first of everything `build` makes."""
    from generator.calibrate import write_calibration_pdf
    from generator.howto import Written, rebuild_command

    sheet = run.sheet
    rebuild = rebuild_command(
        sheet, None, back_offset="DX,DY", cards=run.cards_dir, source_only=run.source_only
    )
    stats = write_calibration_pdf(run.path(CALIBRATION_PDF), sheet, rebuild=rebuild)
    what = "Printer calibration: 100% scale and " + (
        "the fold." if sheet.duplex == "none" else "the duplex back offset."
    )
    stats = replace(stats, path=run.stage.final(stats.path))
    duplex = sheet.duplex != "none"
    return [Made(Written(stats, what, kind="calibration", duplex=duplex), "calibration sheet")]


def write_reference_sheets(
    cards: Any,
    page: Any,
    out_dir: Path,
    source_only: bool,
    kinds: tuple[str, ...],
    too_small: list[tuple[str, str]] | None = None,
) -> list[tuple[Path, int, str]]:
    """Every game's reference sheets of these kinds (`generator.product.Aid`), written into
    ``out_dir``: (file, pages, what it is). Any error stops them all, except that with a
    ``too_small`` list a sheet the paper cannot hold (`PaperTooSmall`) is left out with a
    warning and listed there as (file, why)."""
    from generator.registry import aids, resolve

    written = []
    for aid in aids(kinds):
        path = out_dir / aid.file
        try:
            pages, what = resolve(aid.write)(path, cards, page, source_only)
        except PaperTooSmall as error:
            if too_small is None:
                raise
            click.echo(f"havoc-pnp: warning: {aid.file} not built: {error}", err=True)
            too_small.append((aid.file, str(error)))
        else:
            written.append((path, pages, what))
    return written


def build_reference_sheets(run: Run, skipped: list[tuple[str, str]]) -> list[Made]:
    """The reference sheets (results tables, the game aids, the scenario sheets), on the
    build's paper; portrait or landscape as suits each. A sheet the paper cannot hold is left
    out and removed from the folder (added to ``skipped``)."""
    from generator.howto import Written
    from generator.registry import aids
    from generator.sheet.document import checked_page
    from generator.sheet.render_pdf import PdfStats

    sheet = run.sheet
    try:
        page = checked_page(sheet.width, sheet.height, sheet.paper)
    except PaperTooSmall as error:
        click.echo(f"havoc-pnp: warning: the reference sheets not built: {error}", err=True)
        skipped += leave_out(run, tuple(aid.file for aid in aids()), error)
        return []
    staged = run.folder()
    too_small: list[tuple[str, str]] = []
    made = []
    kinds = {aid.file: aid.kind for aid in aids()}
    duplex = sheet.duplex != "none"  # read at the table: both sides when the printer can
    for path, pages, what in write_reference_sheets(
        run.cards, page, staged, run.source_only, ("tables", "aid", "sheets"), too_small
    ):
        final = run.stage.final(run.path(path.name))
        stats = PdfStats(final, pages, pages, 0, path.stat().st_size)
        written = Written(stats, what + ".", kind=kinds[path.name], duplex=duplex)
        made.append(Made(written, what))
    for name, why in too_small:
        skipped += leave_out(run, (name,), PaperTooSmall(why))
    return made


AID_KINDS = ("tables", "aid")  # what `havoc-pnp aids` writes; `build` adds the "sheets"


class _AidsCommand(Command):
    """`aids --help` lists the sheets every registered game declares (`Aid.what`)."""

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        from generator.registry import aids as aids_of

        with formatter.section("Writes"):
            formatter.write_dl([(aid.file, aid.what) for aid in aids_of(AID_KINDS)])


@click.command(cls=_AidsCommand)
@paper_option
@source_only_option
@out_dir_option("Directory for the reference sheets.")
@pass_kit
def aids(kit: Kit, paper: str, out_dir: Path) -> None:
    """Reference sheets to read at the table: every game's tables and player aid, listed
    below (`build` writes them too, with the scenario sheets)."""
    from generator.sheet.document import page_for

    page = page_for(paper)
    for path, pages, what in write_reference_sheets(
        kit.cards, page, out_dir, kit.source_only, AID_KINDS
    ):
        said(path, pages, what)
