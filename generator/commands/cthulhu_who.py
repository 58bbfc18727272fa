"""`havoc-pnp setups`: Cthulhu Who? set-up sheets, the tiled board and the odds page; what
`build` makes of them and the player aid (declared in generator/cthulhu_who/__init__.py)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from companion.errors import InputError, OptionError
from companion.numbers import MAX_SEED
from generator.commands.sheet_options import sheet_options
from generator.cthulhu_who import SETUPS_PDF
from generator.product import Made, Run
from generator.sheet.options import SheetOptions
from havoc_cli.kit import SEED, WHOLE, Kit, Whole, pass_kit

if TYPE_CHECKING:  # heavy modules load only when a command needs them
    from companion.data import Cards
    from generator.sheet.render_pdf import PdfStats
from generator.commands.common import PnpCommand, build_note_kept, given, output_option, say

SETUPS_BUILD_SEED = 1  # `build`'s small batch of Cthulhu Who? set-ups starts at this seed


def setups_pdf(
    cards: Cards,
    sheet: SheetOptions,
    out: Path,
    count: int,
    seed: int,
    boards: int,
    stats: bool,
    square: str,
    source_only: bool = False,
    qr_url: str | None = None,
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
    except OptionError as error:  # the engine names its own option: here it is --square
        if error.option != "--piece-size":
            raise
        raise error.renamed("--square") from None
    if count >= 20 and sys.stderr.isatty():
        with click.progressbar(length=count, label="set-up sheets", file=sys.stderr) as bar:
            return write_setups_pdf(
                out, cards, sheet, count, seed, boards, stats, bar.update, source_only, qr_url
            )
    return write_setups_pdf(
        out, cards, sheet, count, seed, boards, stats, None, source_only, qr_url
    )


def check_qr_url(text: str | None) -> str | None:
    """``--qr-url http://ADDRESS:PORT``: where ``havoc serve`` runs (no path), or None."""
    import re

    if text is None:
        return None
    match = re.fullmatch(
        r"(https?)://([A-Za-z0-9.\-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\])(:\d{1,5})?/?", text
    )
    if not match or (match.group(3) and not 0 < int(match.group(3)[1:]) < 65536):
        raise InputError(
            f"--qr-url: expected http://ADDRESS:PORT where havoc serve runs, got {text[:60]!r}"
        )
    return text.rstrip("/")


@click.command(cls=PnpCommand)
@sheet_options
@click.option("-n", "count", type=WHOLE, default=1, show_default=True, help="How many set-ups.")
@click.option(
    "--seed",
    type=SEED,
    default=None,
    metavar="S",
    help="Set-up i has seed S+i-1: `havoc setup --seed S` shows the first. Default: random.",
)
@click.option(
    "--boards",
    type=Whole(1, 2),
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
@click.option(
    "--qr-url",
    metavar="URL",
    help="http://ADDRESS:PORT of `havoc serve`: each QR code opens its set-up's phone page "
    "(without it the QR holds the command to type).",
)
@output_option("cthulhu-who-setups-seed-S.pdf")
@pass_kit
@click.pass_context
def setups(
    ctx: click.Context,
    kit: Kit,
    sheet: SheetOptions,
    count: int,
    seed: int | None,
    boards: int,
    square: str,
    stats: bool,
    qr_url: str | None,
    output: Path,
) -> None:
    """Cthulhu Who? set-ups ready to play: the rolls, the garden, exactly the pieces.

    One sheet per set-up (pieces that do not fit go on shared "pieces, continued" sheets
    after the last set-up, each under its set-up's heading), then the full-size board tiled
    over as many pages as the paper needs. Pieces print at the board's --square size
    (--piece-size is not used here).

    The file is named by its seeds, out/cthulhu-who-setups-seed-S.pdf (or -seeds-S-E.pdf),
    beside the build's cthulhu-who-setups.pdf, unless -o is given.
    """
    import secrets

    if ctx.get_parameter_source("piece_size") == click.core.ParameterSource.COMMANDLINE:
        raise InputError("--piece-size: set-up pieces are printed at --square (the board's)")
    qr_url = check_qr_url(qr_url)
    chosen = seed is None
    if seed is None:
        seed = secrets.randbelow(1_000_000)
    if seed + count - 1 > MAX_SEED:  # set-up i has seed S+i-1: each one `havoc setup` takes
        raise InputError(
            f"--seed: {seed} + {count} set-ups passes the largest seed, {MAX_SEED:,}; "
            "give a smaller one"
        )
    if not given(ctx, "output"):
        output = Path("out") / seeds_name(seed, count)
    with build_note_kept([output], "-o FILE"):
        result = setups_pdf(
            kit.cards, sheet, output, count, seed, boards, stats, square, kit.source_only, qr_url
        )
    say(result, f"{count} Cthulhu Who? set-up{'s' if count != 1 else ''} from seed {seed}")
    if chosen:
        click.echo(f"seed {seed} was drawn at random: --seed {seed} prints these again")


def seeds_name(seed: int, count: int) -> str:
    """`setups`' own file name: cthulhu-who-setups-seed-7.pdf, -seeds-7-26.pdf for a batch."""
    stem = SETUPS_PDF.removesuffix(".pdf")
    if count == 1:
        return f"{stem}-seed-{seed}.pdf"
    return f"{stem}-seeds-{seed}-{seed + count - 1}.pdf"


def build_setups(run: Run) -> list[Made]:
    """`build`'s small batch of Cthulhu Who? set-ups (seeds from SETUPS_BUILD_SEED)."""
    from generator.cthulhu_who.setups import DEFAULT_BATCH

    stats = setups_pdf(
        run.cards,
        run.sheet,
        run.path(SETUPS_PDF),
        DEFAULT_BATCH,
        SETUPS_BUILD_SEED,
        1,
        True,
        "1in",
        run.source_only,
    )
    last = SETUPS_BUILD_SEED + DEFAULT_BATCH - 1
    # where the odds and the readings go (`setups._board_and_odds`), in their order
    backs, read = "on their backs,", "the kit's readings of the board and the exact odds."
    if run.sheet.duplex == "none":
        backs, read = "after them,", "the exact odds and the kit's readings of the board."
    if run.source_only:
        backs, read = backs.replace("their backs", "a tile's back"), "the exact odds."
    made = run.made(
        stats,
        f"Cthulhu Who? set-ups, seeds {SETUPS_BUILD_SEED}-{last}, 1in squares.",
        f"{DEFAULT_BATCH} Cthulhu Who? set-ups",
        notes=(
            "Each: the rolls, the garden, exactly its pieces (the figures double-sided).",
            "Then the 8 x 8 board in tiles; " + backs,
            read,
            "More: havoc-pnp setups -n N --seed S.",
        ),
        kind="setups",
        duplex=run.sheet.duplex != "none",
    )
    return [made]


def player_aid(path: Path, cards: Cards, page: Any, source_only: bool) -> tuple[int, str]:
    """The player aid, a reference sheet: (pages, what it is)."""
    from generator.cthulhu_who.aid import write_cthulhu_aid

    return write_cthulhu_aid(path, cards, page, source_only), "Cthulhu Who? player aid"
