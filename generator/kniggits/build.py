"""`havoc-pnp kniggits`: every Kniggits sheet into one directory (tokens, figures, army sheets,
ruler and obstacles), each file written atomically. The CLI only parses and calls this.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from companion.csv_rosters import read_csv
from companion.data import Cards
from companion.errors import InputError
from companion.kniggits.rules import (
    MAX_ARMIES,
    ROLES,
    ArmyCheck,
    army_columns,
    check_army,
    rules,
)
from generator.kniggits import ARMIES_PDF, FIGURES_PDF, TABLE_PDF, TOKENS_PDF
from generator.kniggits.army_sheet import check_fits as check_army_fits
from generator.kniggits.army_sheet import write_army_pdf
from generator.kniggits.settings import PrintSettings, settings
from generator.kniggits.standees import figures, layout, write_standees_pdf
from generator.kniggits.table_sheet import check_fits as check_table_fits
from generator.kniggits.table_sheet import write_table_pdf
from generator.kniggits.tokens import Shape, fill_sheets, token_counts, token_pieces
from generator.sheet.layout import impose
from generator.sheet.options import SheetOptions
from generator.sheet.render_pdf import PdfStats, write_pieces_pdf

TOKENS_TITLE = "Kniggits — skill tokens"


@dataclass(frozen=True)
class Made:
    """One file written and a short line saying what it holds."""

    stats: PdfStats
    what: str


def load_armies(cards: Cards, paths: Sequence[Path], points: int | None) -> list[ArmyCheck]:
    """Each ``--army`` file checked by the companion (refused at its file:line when bad)."""
    kniggit_rules = rules(cards)
    if len(paths) > MAX_ARMIES:
        raise InputError(f"--army: at most {MAX_ARMIES} armies, got {len(paths)}")
    out = []
    for path in paths:
        if not Path(path).exists():  # a device or a FIFO: as `havoc army` says it
            raise InputError("--army: file not found", path)
        rows = read_csv(path, army_columns(kniggit_rules))
        out.append(check_army(rows, kniggit_rules, points, path))
    return out


def token_note(
    print_settings: PrintSettings,
    counts: dict[str, int],
    armies: bool,
    bought: dict[str, int] | None = None,
    asked: int | None = None,
) -> str:
    """The tokens' footer: the colour key with letters, and where the counts come from
    (``bought``: the counts before `fill_sheets` filled the sheet; ``asked``: the user's)."""
    key = ", ".join(f"{k.label} = {k.letter}" for k in (print_settings.kinds[r] for r in ROLES))
    rules_want = "the rules want at least 40 of each colour for two players"
    if asked is not None:
        where = f"{asked} of each, as asked ({rules_want})"
    elif armies:
        where = (
            f"at least {print_settings.per_colour} of each ({rules_want}), more where the "
            f"armies bought more: what they bought plus {print_settings.spares} spares (the "
            "kit's own number of spares)"
        )
    else:
        where = f"at least {print_settings.per_colour} of each: {rules_want}"
    got = ", ".join(f"{counts[r]} {print_settings.kinds[r].letter}" for r in ROLES)
    filled = "" if bought in (None, counts) else "; the rest of the sheet filled with more"
    return f"{key}. {got}: {where}{filled}."


def write_kniggits(
    out_dir: Path,
    sheet: SheetOptions,
    cards: Cards,
    army_paths: Sequence[Path] = (),
    *,
    scale: str = "normal",
    shape: Shape = "round",
    token_size: float = 36.0,
    points: int | None = None,
    left_handed: Sequence[int] = (),
    tokens: int | None = None,
) -> list[Made]:
    """Write the four Kniggits PDFs into ``out_dir``; return what was written."""
    kniggit_rules = rules(cards)
    print_settings = settings(cards)
    armies = load_armies(cards, army_paths, points)
    token_sheet = dataclasses.replace(sheet, piece=token_size)
    bought = token_counts(print_settings, armies, tokens)
    # at least the rules' 40 of each, filling the sheet (the more, the better); a number the
    # user asked for is printed as asked
    counts = (
        bought if tokens is not None else fill_sheets(print_settings, bought, token_sheet, shape)
    )
    pieces = token_pieces(print_settings, counts, shape)
    sides = len(armies) or print_settings.sides
    for number in left_handed:
        if not 1 <= number <= sides:
            raise InputError(
                f"--left-handed: expected an army number from 1 to {sides} (in the order "
                f"{'the --army files were given' if armies else 'of the sides'}), got {number}"
            )
    items = figures(print_settings, armies, left_handed)
    # everything that can refuse the paper does so before the first file is written
    impose(pieces, token_sheet)
    layout(items, sheet)
    check_army_fits(sheet)
    check_table_fits(sheet, scale)
    made = [
        Made(
            write_pieces_pdf(
                out_dir / TOKENS_PDF,
                pieces,
                token_sheet,
                TOKENS_TITLE,
                token_note(print_settings, counts, bool(armies), bought, tokens),
            ),
            f"{len(pieces)} skill tokens ("
            + ", ".join(f"{counts[r]} {print_settings.kinds[r].letter}" for r in ROLES)
            + ")",
        )
    ]
    fled = sum(k.count for army in armies for k in army.runaways)
    note = (
        "one per kniggit who fights"
        + (f"; none for the {fled} who run away before the battle" if fled else "")
        if armies
        else f"the kit's default: {print_settings.standees_per_side} a side"
    )
    made.append(
        Made(write_standees_pdf(out_dir / FIGURES_PDF, sheet, items, note),
             f"{len(items)} standing figures ({note})")
    )  # fmt: skip
    made.append(
        Made(
            write_army_pdf(
                out_dir / ARMIES_PDF, sheet, armies, kniggit_rules, print_settings, left_handed
            ),
            f"{len(armies)} army sheet{'s' if len(armies) != 1 else ''}"
            if armies
            else "blank army sheets",
        )
    )
    made.append(
        Made(
            write_table_pdf(out_dir / TABLE_PDF, sheet, kniggit_rules, scale),
            f"ruler and obstacles, {scale} scale (print at 100%)",
        )
    )
    return made
