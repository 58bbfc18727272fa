"""Helpers every `havoc-pnp` command shares: output options, the report lines, --paper, and
the guard that keeps a build's HOW-TO-PRINT.txt and print-checklist.pdf true.

One output convention: a command that writes one file takes ``-o FILE``; one that writes
several takes ``--out DIR``. The other spelling is answered with a one-line hint (exit 2):
every command is a `PnpCommand`.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from companion.errors import display_path
from havoc_cli.kit import Command

if TYPE_CHECKING:  # heavy modules load only when a command needs them
    from generator.sheet.render_pdf import PdfStats
    from havoc_cli.kit import Kit


class PnpCommand(Command):
    """Every `havoc-pnp` command: the output option spelt the other way (``--out`` where the
    command writes one file, ``-o``/``--output`` where it writes several) is answered with a
    one-line hint naming the right one, instead of click's "no such option"."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        try:
            return super().parse_args(ctx, args)
        except click.NoSuchOption as error:
            shown = {o for p in self.params for o in p.opts}
            if error.option_name == "--out" and "-o" in shown:
                hint = "writes one file: give -o FILE"
            elif error.option_name in ("-o", "--output") and "--out" in shown:
                hint = "writes several files: give --out DIR"
            else:
                raise
            raise click.UsageError(f"{error.option_name}: {ctx.info_name} {hint}", ctx) from None


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
    default: Path = Path("out"),
) -> Any:
    """``--out DIR``, out/ by default."""
    return click.option(
        "--out",
        "out_dir",
        type=click.Path(file_okay=False, path_type=Path),
        default=default,
        show_default=True,
        help=help,
    )


def given(ctx: click.Context, name: str) -> bool:
    """Whether the option ``name`` was given (not left to its default)."""
    return ctx.get_parameter_source(name) is not click.core.ParameterSource.DEFAULT


NOTE = "HOW-TO-PRINT.txt"
CHECKLIST = "print-checklist.pdf"


def _digest(path: Path) -> str | None:
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return None


@contextmanager
def build_note_kept(paths: Sequence[Path], other: str) -> Iterator[None]:
    """Around writing ``paths``: if one of them is a file that the HOW-TO-PRINT.txt beside it
    lists (a build's) and now holds other bytes, say in one line on stderr that the note and
    the checklist describe the build's file (``other``: how to write beside it instead).
    The same options make the same bytes, so a file remade as built says nothing."""
    from generator.registry import products

    built = {name for product in products() for name in product.files}
    before = {}
    for path in paths:
        note = path.parent / NOTE
        if path.name in built and note.is_file():
            if path.name in note.read_text(encoding="utf-8", errors="replace"):
                before[path] = _digest(path)
    yield
    changed = [p for p, digest in before.items() if _digest(p) != digest]
    if changed:
        folder = display_path(changed[0].parent / NOTE).removesuffix(NOTE)
        names = ", ".join(p.name for p in changed)
        click.echo(
            f"havoc-pnp: warning: {folder}{NOTE} and {CHECKLIST} describe the build's "
            f"{names}, now replaced: havoc-pnp build refreshes them ({other} writes elsewhere)",
            err=True,
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
