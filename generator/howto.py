"""out/HOW-TO-PRINT.txt and out/print-checklist.pdf: what `havoc-pnp build` wrote and how to
print, cut and fold each file, step by step, with the sheets of paper each takes and in total.

Rendered from the jinja2 template templates/how-to-print.txt.j2 (found through
`companion.data.templates_dir()`, so it works from the wheel too) and written atomically, like
the PDFs. The context: the files with their pages and sheets as read back from the PDFs written
(generator/checklist.py `printed`), whether each prints on both sides, its kind (which cutting
steps the template gives), piece counts, the sheet options as a person would type them
(`SheetOptions.arguments`), and the command that rebuilds the same files.
"""

from __future__ import annotations

import os
import shlex
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator.checklist import (
    CARD,
    CARD_WEIGHT,
    CARD_WORDS,
    Printed,
    handling,
    printed,
    write_checklist,
)
from generator.checklist import FILENAME as CHECKLIST
from generator.sheet.files import atomic_file
from generator.sheet.options import SheetOptions
from generator.sheet.pieces import Piece
from generator.sheet.render_pdf import PdfStats

TEMPLATE = "how-to-print.txt.j2"
FILENAME = "HOW-TO-PRINT.txt"
# What the template knows how to print and cut (a file's ``kind`` names one): each has its
# section in templates/how-to-print.txt.j2.
KINDS = (
    "checklist",
    "calibration",
    "counters",
    "cards",
    "setups",
    "tokens",
    "figures",
    "armies",
    "ruler",
    "slips",
    "maps",
    "tables",
    "aid",
    "sheets",
)


@dataclass(frozen=True)
class Written:
    """One file the build wrote, as the note describes it: ``kind`` (one of KINDS) picks its
    printing and cutting steps; ``duplex``: printed on both sides of the paper; ``optional``:
    the pages one may skip, in words; ``uses``: what it is used with (the maps' scenarios)."""

    stats: PdfStats
    what: str
    pieces: Sequence[Piece] = ()
    notes: tuple[str, ...] = field(default=())
    kind: str = "aid"
    duplex: bool = False
    optional: str = ""
    uses: str = ""

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"{self.stats.path.name}: kind {self.kind!r} is not one of {KINDS}")


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
    hexes: str = "roomy",
) -> str:
    """`havoc-pnp build ...` with EVERY option the files were built with (the kit's defaults
    too, so a later change of default cannot change what it builds: the maps' ``--hex``
    too), ``--cards`` when a user's card directory was used, ``--source-only`` when given, and
    ``--out`` unless ``out_dir`` is None; ``back_offset`` replaces the offset (``DX,DY``).
    Values are shell-quoted: the command can be copied."""
    values = sheet.arguments()
    if back_offset is not None:
        values["back-offset"] = back_offset
    values["hex"] = hexes
    parts = ["havoc-pnp build"]
    if cards is not None:
        parts.append(f"--cards {shlex.quote(str(cards))}")
    if source_only:
        parts.append("--source-only")
    parts += [f"--{key} {shlex.quote(value)}" for key, value in values.items()]
    if out_dir is not None:
        parts.append(f"--out {shlex.quote(str(out_dir))}")
    return " ".join(parts)


def read_back(directory: Path, files: Sequence[Written]) -> list[Printed]:
    """Each file's pages and sheets as read from the PDF written into ``directory`` (the
    staging folder during a build): the figures HOW-TO-PRINT and the checklist give."""
    return [
        printed(directory / w.stats.path.name, w.what, w.duplex, w.kind, w.optional, w.uses)
        for w in files
    ]


def checklist_entry() -> Written:
    """The checklist itself: the first file to print (one page, one side)."""
    from generator.checklist import TITLE

    stats = PdfStats(Path(CHECKLIST), 1, 1, 0, 0)
    return Written(stats, TITLE + ": tick each file off as it is printed.", kind="checklist")


def context(
    sheet: SheetOptions,
    out_dir: Path,
    files: Sequence[Written],
    cards: Path | None = None,
    source_only: bool = False,
    read: Sequence[Printed] | None = None,
    hexes: str = "roomy",
) -> dict[str, Any]:
    """Everything the template may use; ``cards`` the user's --cards DIR;
    ``read``: the files as read back from the PDFs (`read_back`), in the order of ``files``
    (None: read them from ``out_dir``); ``hexes``: the maps' --hex."""
    from companion import __version__

    values = sheet.arguments()
    fold = sheet.duplex == "none"
    names = [w.stats.path.name for w in files]
    if read is None:
        read = read_back(out_dir, files)
    return {
        "version": __version__,
        "command": rebuild_command(
            sheet, out_dir, cards=cards, source_only=source_only, hexes=hexes
        ),
        "rebuild": rebuild_command(
            sheet,
            out_dir,
            back_offset="DX,DY",
            cards=cards,
            source_only=source_only,
            hexes=hexes,
        ),
        "files": [
            {
                "name": w.stats.path.name,
                "what": w.what,
                "kind": w.kind,
                "pages": r.pages,
                "sheets": r.sheets,
                "duplex": r.duplex,
                "landscape": r.landscape,
                "counts": piece_counts(w.pieces),
                "notes": list(w.notes),
                "optional": w.optional,
                "uses": w.uses,
                "paper": CARD_WORDS if handling(r, sheet.duplex).paper == CARD else "plain paper",
            }
            for w, r in zip(files, read, strict=True)
        ],
        "total_sheets": sum(r.sheets for r in read),
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
            "hexes": hexes,
        },
        "fold": fold,
        "card_weight": CARD_WEIGHT,
        "duplex": sheet.duplex,
        "back_offset": values["back-offset"],
        "credits": figure_credits(cards),
        "licence": figure_licence(cards),
        "bleed": bool(sheet.bleed),
        "cut_guides": sheet.cut_guides,
        "calibration": next((n for n in names if "calibration" in n), "the calibration sheet"),
        "counters": " and ".join(w.stats.path.name for w in files if w.kind == "counters"),
    }


def figure_credits(cards: Path | None = None) -> str:
    """The line crediting the counters' figures (CC BY asks for it), from the art manifest in
    effect (a user's --cards DIR first)."""
    from companion import art
    from companion.data import Cards

    return art.credits_line(art.load_manifest(Cards(cards) if cards else Cards()))


def figure_licence(cards: Path | None = None) -> str:
    """The line after `figure_credits`: the figures' licence and where to read it."""
    from companion import art
    from companion.data import Cards

    return art.licence_line(art.load_manifest(Cards(cards) if cards else Cards()))


def render(
    sheet: SheetOptions,
    out_dir: Path,
    files: Sequence[Written],
    cards: Path | None = None,
    source_only: bool = False,
    read: Sequence[Printed] | None = None,
    hexes: str = "roomy",
) -> str:
    """The note's text."""
    from generator.sheet.markup import render_template

    return render_template(
        TEMPLATE, context(sheet, out_dir, files, cards, source_only, read, hexes)
    )


def left_out(skipped: Sequence[tuple[str, str]]) -> str:
    """HOW-TO-PRINT's last words on what the paper could not hold: each file, why, and that an
    earlier build's copy was removed from the folder (none is left stale)."""
    if not skipped:
        return ""
    lines = ["", "NOT BUILT ON THIS PAPER (removed from this folder if an earlier build left it):"]
    for name, why in skipped:
        lines.append(f"  {name}: {why}")
    lines.append("  Build again on larger --paper or with a smaller --margin to get them.")
    return "\n".join(lines) + "\n"


def write_how_to_print(
    out_dir: str | os.PathLike[str],
    sheet: SheetOptions,
    files: Sequence[Written],
    cards: Path | None = None,
    named_out: Path | None = None,
    source_only: bool = False,
    skipped: Sequence[tuple[str, str]] = (),
    hexes: str = "roomy",
) -> tuple[Path, PdfStats]:
    """Write print-checklist.pdf, then HOW-TO-PRINT.txt into ``out_dir`` (each replaced in
    one step); returns their paths (the checklist's with its stats). Both list the checklist
    first, then ``files``, with the pages and sheets read back from the PDFs in ``out_dir``.
    ``cards``: the user's --cards DIR (None for the kit's); ``named_out``: the output folder as
    the user named it, for the rebuild command (``out_dir`` may be a staging folder);
    ``skipped``: (file, why) the paper could not hold, said at the end of HOW-TO-PRINT;
    ``hexes``: the maps' --hex (in the rebuild commands)."""
    directory = Path(out_dir)
    named = named_out or directory
    listed = [checklist_entry(), *files]
    # the checklist names no folder: the same files print the same page wherever they go
    command = rebuild_command(sheet, None, cards=cards, source_only=source_only, hexes=hexes)
    first = Printed(CHECKLIST, listed[0].what, 1, False, False, "checklist")
    checklist = write_checklist(
        directory / CHECKLIST,
        sheet,
        [first, *read_back(directory, files)],
        command,
        figure_credits(cards),
    )
    read = read_back(directory, listed)  # the checklist too, as written
    target = directory / FILENAME
    text = render(sheet, named, listed, cards, source_only, read, hexes)
    text += left_out(skipped)
    with atomic_file(target) as handle:
        handle.write(text.encode("utf-8"))
    return target, checklist
