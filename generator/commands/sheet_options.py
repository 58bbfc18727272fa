"""The sheet options as click options: `sheet_options` adds the engine's sheet options to a
`havoc-pnp` command and hands it a checked `SheetOptions` as ``sheet``; `card_sheet_options`
does so for cards (``--card-size`` instead of ``--piece-size``, and ``card``). The engine
(`generator.sheet.options`, `generator.sheet.cards`) parses and checks; this is the CLI's part.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import click

from generator.sheet.options import SheetOptions
from generator.sheet.units import DEFAULT_PIECE_SIZE

# The sheet options every printing command takes: (option, metavar, default, help). The card
# commands reuse them with --card-size instead of --piece-size (generator/sheet/cards.py).
SHEET_OPTIONS: list[tuple[str, str, str, str]] = [
    ("--paper", "PAPER", "A4", "A4, Letter, or WxH such as 8.5x11in or 200x280mm."),
    (
        "--margin",
        "SIZE[,..]",
        "0.5in",
        "Margin: one size, or top/bottom,left/right, or top,right,bottom,left. Under 1/4in "
        "warns: most printers clip the outer 3-5 mm.",
    ),
    (
        "--piece-size",
        "SIZE",
        DEFAULT_PIECE_SIZE,
        "Counter side: 1/2in, 5/8in, 3/4in, 1in, or e.g. 16mm (at least 10mm; a size at "
        "which a word would print too small to read is refused).",
    ),
    ("--bleed", "SIZE", "none", "none (shared cut lines), 3mm or 1/8in."),
    (
        "--cut-guides",
        "MODE",
        "crop",
        "crop (marks in the margin), lines (to the page edge) or none. Every front piece also "
        "has a fine line just inside its edge, so each cut stays visible on every strip.",
    ),
    ("--duplex", "EDGE", "long", "Flip on the long or short edge, or none (fold-over backs)."),
    (
        "--back-offset",
        "DX,DY",
        "0,0",
        "DX,DY in mm (read it off `calibrate`): backs move by it, and fronts give up that much "
        "room on one side, so they move too: reprint both sides after changing it.",
    ),
    ("--gutter", "SIZE", "1/8in", "Gap between blocks of pieces."),
]


def sheet_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """Add the shared sheet options to a click command; it receives ``sheet: SheetOptions``."""

    @functools.wraps(command)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        raw = {
            opt[2:].replace("-", "_"): kwargs.pop(opt[2:].replace("-", "_"))
            for opt, _, _, _ in SHEET_OPTIONS
        }
        kwargs["sheet"] = sheet = SheetOptions.parse(**raw)
        warning = sheet.margin_warning()
        if warning:
            click.echo(f"havoc-pnp: warning: {warning}", err=True)
        return command(*args, **kwargs)

    for option, metavar, default, help_text in reversed(SHEET_OPTIONS):
        wrapper = click.option(
            option, default=default, show_default=True, metavar=metavar, help=help_text
        )(wrapper)
    return wrapper


def card_sheet_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """The engine's sheet options for cards: ``--card-size`` instead of ``--piece-size``, a
    1/4in default margin; the command receives ``sheet: SheetOptions`` and ``card: (name,
    width, height)``."""
    # here, not above: the card engine is loaded only by a command that prints cards
    from generator.sheet.cards import CARD_MARGIN, CARD_SIZES, DEFAULT_CARD, parse_card_size

    entries = [o for o in SHEET_OPTIONS if o[0] != "--piece-size"]

    @functools.wraps(command)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        raw = {o[2:].replace("-", "_"): kwargs.pop(o[2:].replace("-", "_")) for o, *_ in entries}
        kwargs["card"] = parse_card_size(kwargs.pop("card_size"))
        kwargs["sheet"] = SheetOptions.parse(**raw)
        return command(*args, **kwargs)

    for option, metavar, default, help_text in reversed(entries):
        if option == "--margin":
            default = CARD_MARGIN
        if option == "--duplex":
            help_text = "Flip on the long or short edge, or none (gutter-fold, no duplex)."
        if option == "--gutter":
            help_text = "Gutter-fold (--duplex none): the gap the fold runs along."
        wrapper = click.option(
            option, default=default, show_default=True, metavar=metavar, help=help_text
        )(wrapper)
    return click.option(
        "--card-size",
        default=DEFAULT_CARD,
        show_default=True,
        metavar="SIZE",
        help=f"{', '.join(CARD_SIZES)}, or WxH such as 2.5x3.5in.",
    )(wrapper)
