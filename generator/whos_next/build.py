"""`havoc-pnp slips`: the Who's Next slips, the umpire's sheet and the players' pieces.

From the ring the companion saved (``havoc ring new``): the slips as held now (or only those
that changed since a given death), the umpire's sheet and one piece per player. Without a saved
game: blank slips to fill in by hand, or, with ``--names``, slips with the players' names on
the outside and their pieces. Every file is written atomically.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from companion.data import Cards
from companion.errors import InputError, display_path
from companion.whos_next import ring as rules
from generator.sheet.files import atomic_file, binary_streams
from generator.sheet.layout import impose
from generator.sheet.options import SheetOptions
from generator.sheet.pages import PageWriter
from generator.sheet.render_pdf import PdfStats, new_canvas, write_pieces_pdf
from generator.whos_next import SLIPS_PDF
from generator.whos_next.pieces import TITLE as PIECES_TITLE
from generator.whos_next.pieces import player_pieces
from generator.whos_next.saved_ring import Slip, changed_since, current_slips, load_ring
from generator.whos_next.slips import draw_header, draw_slip, place
from generator.whos_next.umpire import WARNING, umpire_pages

GAME_SLIPS_PDF = "whos-next-game-slips.pdf"  # `slips`' own: beside the build's blank sample
UMPIRE_PDF = "whos-next-umpire.pdf"
PIECES_PDF = "whos-next-pieces.pdf"
SLIPS_TITLE = "Who's Next — slips"
UMPIRE_TITLE = "Who's Next — umpire's sheet (UMPIRE ONLY)"
DEFAULT_BLANK = 8


@dataclass
class Result:
    """What `write_slips` wrote (files with a line each) and anything worth saying."""

    made: list[tuple[PdfStats, str]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def parse_names(text: str) -> list[str]:
    """``--names A,B,C`` checked as the companion checks a ring's names."""
    return rules.check_names(part for part in text.split(","))


def write_slip_pages(
    path: str | os.PathLike[str],
    sheet: SheetOptions,
    items: Sequence[tuple[Slip | None, str]],
    note: str,
    private: bool = False,
) -> PdfStats:
    """The slips, as many pages as they take (``private``: 0600, when they name victims)."""
    placed = place(items, sheet)
    pages = placed[-1].page + 1 if placed else 1
    target = Path(path)
    with atomic_file(target, private) as handle, binary_streams():
        canvas = new_canvas(handle, sheet, SLIPS_TITLE, note)
        writer = PageWriter(canvas, SLIPS_TITLE, sheet, note)
        for page in range(pages):
            draw_header(canvas, sheet, SLIPS_TITLE)
            for item in placed:
                if item.page == page:
                    draw_slip(canvas, item)
            writer.end_page()
        writer.close()
        canvas.save()
    return PdfStats(target, pages, pages, len(items), target.stat().st_size)


def write_umpire(
    path: str | os.PathLike[str], sheet: SheetOptions, ring: rules.Ring, game: str
) -> PdfStats:
    """The umpire's sheet: the whole ring, so readable by its owner only (0600)."""
    target = Path(path)
    with atomic_file(target, private=True) as handle, binary_streams():
        canvas = new_canvas(handle, sheet, UMPIRE_TITLE, WARNING)
        writer = PageWriter(canvas, UMPIRE_TITLE, sheet, WARNING)
        pages = umpire_pages(writer, sheet, ring, game)
        writer.close()
        canvas.save()
    return PdfStats(target, pages, pages, 0, target.stat().st_size)


def write_slips(
    out_dir: Path,
    sheet: SheetOptions,
    *,
    game: Path | None = None,
    names: str | None = None,
    since: int | None = None,
    blank: int | None = None,
    troop: str = "Spearman",
    cards: Cards | None = None,
) -> Result:
    """Write the slips (and, with players known, the umpire's sheet and the pieces); a
    finished game's winner is scored with ``cards`` (the kit's own without)."""
    result = Result()
    place([(None, "")], sheet)  # refuses paper too small for a slip, before any file
    if names is not None and game is not None:
        raise InputError("--names: give --game or --names, not both")
    ring = None if names is not None else load_ring(game)
    known = list(ring.players) if ring is not None else parse_names(names) if names else []
    pieces = player_pieces(known, troop, sheet.piece) if known else []
    impose(pieces, sheet)  # likewise for the pieces
    if ring is None:
        if since is not None:
            raise InputError("--changed-since: needs a saved game (havoc ring new ...)")
        players = parse_names(names) if names is not None else []
        if players:
            items: list[tuple[Slip | None, str]] = [(None, p) for p in players]
            note = "victims left blank, to fill in by hand"
        else:
            count = blank if blank is not None else DEFAULT_BLANK
            if not 1 <= count <= 10_000:
                raise InputError(f"--blank: expected 1 to 10000 slips, got {count}")
            items = [(None, "")] * count
            note = "blank, to fill in by hand (no saved game)"
        stats = write_slip_pages(out_dir / GAME_SLIPS_PDF, sheet, items, note)
        result.made.append((stats, f"{len(items)} slips, {note}"))
    else:
        where = display_path(game) if game is not None else "the default game file"
        players = list(ring.players)
        if ring.winner() is not None:
            from companion.whos_next.duel_scoring import load_scoring, winner

            champion = winner(ring, load_scoring(cards or Cards()))
            result.notes.append(f"the game is over: {champion} won on points; no slips to print")
        else:
            slips = current_slips(ring) if since is None else changed_since(ring, since)
            what = (
                f"changed since death {since}" if since is not None else "as held now"
            ) + f", after {len(ring.deaths)} deaths"
            if slips:
                items = [(s, s.holder) for s in slips]
                stats = write_slip_pages(out_dir / GAME_SLIPS_PDF, sheet, items, what, private=True)
                result.made.append((stats, f"{len(slips)} slips, {what}"))
            else:
                result.notes.append(f"no slip changed since death {since}; nothing written")
        stats = write_umpire(out_dir / UMPIRE_PDF, sheet, ring, where)
        result.made.append((stats, "the umpire's sheet: the whole ring (UMPIRE ONLY)"))
    if pieces:
        stats = write_pieces_pdf(
            out_dir / PIECES_PDF,
            pieces,
            sheet,
            PIECES_TITLE,
            f"{troop}: ALIVE on the front, DEAD on the back. The rules: any infantry troop "
            "type without missiles, one character a player.",
        )
        result.made.append((stats, f"{len(pieces)} players' pieces ({troop})"))
    return result


def write_blank_sample(out_dir: Path, sheet: SheetOptions) -> tuple[PdfStats, str]:
    """`havoc-pnp build`'s sample: blank slips only (never a saved ring: a build must not print
    the umpire's secret into out/)."""
    note = "blank, to fill in by hand (sample: `havoc-pnp slips` prints the saved ring)"
    stats = write_slip_pages(out_dir / SLIPS_PDF, sheet, [(None, "")] * DEFAULT_BLANK, note)
    return stats, f"{DEFAULT_BLANK} Who's Next slips, blank, to fill in by hand"
