"""out/HOW-TO-PRINT.txt: what `havoc-pnp build` wrote and how to print and cut it.

Rendered from the jinja2 template templates/how-to-print.txt.j2 (found through
`companion.data.templates_dir()`, so it works from the wheel too) and written atomically, like
the PDFs. The context: the files with their pages, sheets and piece counts, the sheet options
as a person would type them (`SheetOptions.arguments`), and the command that rebuilds the same
files.
"""

from __future__ import annotations

import os
import shlex
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator.sheet.files import atomic_file
from generator.sheet.options import SheetOptions
from generator.sheet.pieces import Piece
from generator.sheet.render_pdf import PdfStats

TEMPLATE = "how-to-print.txt.j2"
FILENAME = "HOW-TO-PRINT.txt"


@dataclass(frozen=True)
class Written:
    """One file the build wrote, as the note describes it."""

    stats: PdfStats
    what: str
    pieces: Sequence[Piece] = ()
    notes: tuple[str, ...] = field(default=())


def piece_counts(pieces: Sequence[Piece]) -> str:
    """'168 square counters, 34 double-length, 7 markers' (markers are tagged 'marker')."""
    kinds: Counter[str] = Counter()
    for piece in pieces:
        if "marker" in piece.tags:
            kinds["markers"] += 1
        elif piece.cols * piece.rows == 1:
            kinds["square counters"] += 1
        else:
            kinds["double-length"] += 1
    order = ("square counters", "double-length", "markers")
    return ", ".join(f"{kinds[k]} {k}" for k in order if kinds[k])


def rebuild_command(
    sheet: SheetOptions,
    out_dir: Path | None,
    back_offset: str | None = None,
    cards: Path | None = None,
    source_only: bool = False,
) -> str:
    """`havoc-pnp build ...` with EVERY option the files were built with (the kit's defaults
    too, so a later change of default cannot change what it builds), ``--cards`` when a user's
    card directory was used, ``--source-only`` when given, and ``--out`` unless ``out_dir`` is
    None; ``back_offset`` replaces the offset (``DX,DY``). Values are shell-quoted: the command
    can be copied."""
    values = sheet.arguments()
    if back_offset is not None:
        values["back-offset"] = back_offset
    parts = ["havoc-pnp build"]
    if cards is not None:
        parts.append(f"--cards {shlex.quote(str(cards))}")
    if source_only:
        parts.append("--source-only")
    parts += [f"--{key} {shlex.quote(value)}" for key, value in values.items()]
    if out_dir is not None:
        parts.append(f"--out {shlex.quote(str(out_dir))}")
    return " ".join(parts)


def context(
    sheet: SheetOptions,
    out_dir: Path,
    files: Sequence[Written],
    values_from: str = "",
    cards: Path | None = None,
    source_only: bool = False,
) -> dict[str, Any]:
    """Everything the template may use; ``values_from`` names a user's roster the counter
    values came from ("" for the kit's own defaults); ``cards`` the user's --cards DIR."""
    from companion import __version__

    values = sheet.arguments()
    fold = sheet.duplex == "none"
    names = [w.stats.path.name for w in files]
    return {
        "version": __version__,
        "command": rebuild_command(sheet, out_dir, cards=cards, source_only=source_only),
        "rebuild": rebuild_command(
            sheet, out_dir, back_offset="DX,DY", cards=cards, source_only=source_only
        ),
        "files": [
            {
                "name": w.stats.path.name,
                "what": w.what,
                "pages": w.stats.pages,
                "sheets": w.stats.sheets,
                "counts": piece_counts(w.pieces),
                "notes": list(w.notes),
            }
            for w in files
        ],
        "options": {
            "paper": values["paper"],
            "margins": values["margin"],
            "piece": values["piece-size"],
            "duplex": "none: fold-over pages" if fold else f"{sheet.duplex} edge",
            "back_offset": "not used (fold-over)"
            if fold
            else f"{values['back-offset']} mm (DX,DY)",
            "bleed": "none (shared cut lines)" if not sheet.bleed else f"{values['bleed']} bleed",
            "cut_guides": values["cut-guides"],
            "gutter": values["gutter"],
        },
        "values_from": values_from,
        "fold": fold,
        "duplex": sheet.duplex,
        "back_offset": values["back-offset"],
        "bleed": bool(sheet.bleed),
        "cut_guides": sheet.cut_guides,
        "calibration": next((n for n in names if "calibration" in n), "the calibration sheet"),
        "counters": next((n for n in names if "counters" in n), "the counter sheets"),
    }


def render(
    sheet: SheetOptions,
    out_dir: Path,
    files: Sequence[Written],
    values_from: str = "",
    cards: Path | None = None,
    source_only: bool = False,
) -> str:
    """The note's text."""
    from generator.sheet.markup import render_template

    return render_template(
        TEMPLATE, context(sheet, out_dir, files, values_from, cards, source_only)
    )


def write_how_to_print(
    out_dir: str | os.PathLike[str],
    sheet: SheetOptions,
    files: Sequence[Written],
    values_from: str = "",
    cards: Path | None = None,
    named_out: Path | None = None,
    source_only: bool = False,
) -> Path:
    """Write HOW-TO-PRINT.txt into ``out_dir`` (replaced in one step); returns its path.
    ``values_from``: the user's roster the counter values came from ("" for the kit's);
    ``cards``: the user's --cards DIR (None for the kit's); ``named_out``: the output folder as
    the user named it, for the rebuild command (``out_dir`` may be a staging folder)."""
    directory = Path(out_dir)
    target = directory / FILENAME
    text = render(sheet, named_out or directory, files, values_from, cards, source_only)
    with atomic_file(target) as handle:
        handle.write(text.encode("utf-8"))
    return target
