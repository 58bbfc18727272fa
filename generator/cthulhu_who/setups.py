"""`havoc-pnp setups`: many Cthulhu Who? set-ups in one PDF, streamed to disk in chunks.

Set-up ``i`` (0-based) of a batch started at seed S has seed S + i: exactly what
``havoc setup --seed S+i`` rolls (the companion's roller, `SetupTables.roll_many`), so a phone
shows the same set-up; its garden comes from the same seed (`garden_for`). Each set-up is
rolled, drawn and dropped before the next; every CHUNK set-ups the reportlab document drawn so
far is saved and copied into the output file (pdf_join.py), so memory stays flat however many
set-ups go in. Repeated faces are PDF forms (canvas_kit), so a page is a few hundred bytes.
Each set-up takes one sheet; pieces that do not fit on it go on shared "pieces, continued"
sheets after the last set-up (continued.py). After those: the full-size board (tiled), and
with ``stats`` the exact odds page (printed duplex, on a tile's back). In duplex mode every
single-sided page gets a blank back, so each set-up starts on its own sheet.
"""

from __future__ import annotations

import io
import os
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from companion.cthulhu_who.garden import Garden, garden_for, garden_settings
from companion.cthulhu_who.geometry import readings
from companion.cthulhu_who.setup import SetUp, SetupTables, setup_tables
from companion.data import Cards
from companion.errors import InputError
from generator.cthulhu_who.board import OVERLAP, Tile, draw_tile, tile_plan
from generator.cthulhu_who.continued import Continued
from generator.cthulhu_who.pieces import figure_files, setup_pieces
from generator.cthulhu_who.readings_page import ReadingPages
from generator.cthulhu_who.sheet import TITLE, SheetPainter
from generator.cthulhu_who.stats import draw_stats
from generator.sheet.files import atomic_file, binary_streams
from generator.sheet.layout import pieces_area
from generator.sheet.options import SheetOptions
from generator.sheet.pages import side_words
from generator.sheet.pdf_join import PdfJoiner
from generator.sheet.pieces import Piece
from generator.sheet.render_pdf import PdfStats, new_canvas
from generator.sheet.units import format_length

MAX_SETUPS = 100_000
SQUARES = {"1in": 72.0, "2in": 144.0}
DEFAULT_BATCH = 4  # set-ups in `havoc-pnp build`
SETUPS_PDF = "cthulhu-who-setups.pdf"
CHUNK = 100  # set-ups per reportlab document before it is copied into the output


@dataclass(frozen=True)
class SetupsStats(PdfStats):
    """What was written, and how many set-ups."""

    setups: int = 0


def _columns(options: SheetOptions) -> int:
    """How many squares fit across the pieces' area (a fold-over half on --duplex none)."""
    x0, _, x1, _ = pieces_area(options)
    return int((x1 - x0 + 1e-9) // (options.piece + 2 * options.bleed))


def _board_and_odds(
    canvas: Any,
    painter: SheetPainter,
    options: SheetOptions,
    tables: SetupTables,
    boards: int,
    tiles: list[Tile],
    stats: bool,
    kit: ReadingPages | None,
) -> None:
    """The tiled board and the odds page. Printing duplex, the tiles' backs carry the kit's
    readings of the board, page after page of them, then the odds (so neither takes a sheet
    of its own), and the readings again from the first if there are more tiles (a blank back
    where nothing is left: under --source-only, ``kit`` None); pages left over follow, two to
    a sheet. Printed single-sided, the odds and the readings get pages of their own after the
    tiles."""
    duplex = options.duplex != "none"
    front, back = side_words("front", options.duplex), side_words("back", options.duplex)
    pages: list[tuple[Callable[[], None], str]] = []  # to read: (draw it, what it is)
    if kit is not None:
        for index in range(len(kit.pages)):
            pages.append((partial(kit.draw, canvas, index), "the kit's readings of the board"))
    odds = (lambda: draw_stats(canvas, options, tables), "the exact odds")
    if stats and duplex:
        pages.append(odds)

    def page(which: tuple[Callable[[], None], str], side: str) -> None:
        which[0]()
        painter.writer.end_page(side, which[1])

    for n, tile in enumerate(tiles):
        draw_tile(canvas, tile, tiles, boards, options.piece, options, OVERLAP)
        what = f"board tile {tile.label}"
        if not duplex:
            painter.writer.end_page("", what)
            continue
        painter.writer.end_page(front, what)
        if n < len(pages):
            page(pages[n], back)
        elif kit is not None:  # the readings again
            page(pages[(n - len(pages)) % len(kit.pages)], back)
        else:
            painter.writer.blank_back(what)
    if not duplex:
        for which in ([odds] if stats else []) + pages:
            page(which, "")
        return
    rest = pages[len(tiles) :]
    for index, which in enumerate(rest):
        page(which, front if index % 2 == 0 else back)
    if len(rest) % 2:
        painter.writer.blank_back(rest[-1][1])


def rolled(tables: SetupTables, seed: int) -> SetUp:
    """The set-up `havoc setup --seed SEED` shows (the companion's roller, same call)."""
    return tables.roll_many(random.Random(seed), 1)[0]


def batch(cards: Cards, count: int, seed: int, boards: int) -> Iterator[tuple[int, SetUp, Garden]]:
    """(seed, set-up, garden) for each set-up of the batch, one at a time."""
    tables = setup_tables(cards)
    settings = garden_settings(cards)
    for i in range(count):
        s = seed + i
        yield s, rolled(tables, s), garden_for(settings, s, boards)


def write_setups_pdf(
    path: str | os.PathLike[str],
    cards: Cards,
    options: SheetOptions,
    count: int,
    seed: int,
    boards: int = 1,
    stats: bool = False,
    progress: Callable[[int], None] | None = None,
    source_only: bool = False,
    qr_url: str | None = None,
) -> SetupsStats:
    """Write ``count`` set-up sheets (seeds ``seed`` ... ``seed + count - 1``), the tiled
    board and, with ``stats``, the odds page; ``progress(1)`` after each set-up. The kit's
    readings of the board go on the board's backs (not with ``source_only``); ``qr_url``
    (``http://ADDRESS:PORT``): each sheet's QR code opens its set-up on the phone page."""
    if not 1 <= count <= MAX_SETUPS:
        raise InputError(f"-n: expected 1 to {MAX_SETUPS:,} set-ups, got {count:,}")
    if boards not in (1, 2):
        raise InputError(f"--boards: expected 1 or 2, got {boards}")
    tables = setup_tables(cards)
    settings = garden_settings(cards)
    # laid out before any sheet is drawn: a reading too long for a page is a one-line error
    kit = None if source_only else ReadingPages(options, readings(cards))
    where = None
    if kit is not None:
        where = "on the last page" if options.duplex == "none" else "on the board tiles' backs"
        if options.duplex == "none" and len(kit.pages) > 1:
            where = f"on the last {len(kit.pages)} pages"
    square = options.piece
    max_cols = _columns(options)
    if max_cols < 2 and any(s.squares > 2 for s in tables.sizes.values()):
        where = "half the page (fold-over)" if options.duplex == "none" else "the margins"
        raise InputError(
            f"--square: a 4-square monster ({format_length(2 * square)} a side) does not fit "
            f"inside {where} on {options.paper}; use a smaller --square"
            + (", --duplex long" if options.duplex == "none" else "")
            + " or larger paper"
        )
    tiles = tile_plan(options, boards, square)
    target = Path(path)
    subject = (
        f"{count} set-ups from seed {seed}, {boards} board{'s' if boards == 2 else ''}, "
        f"{format_length(square)} squares; {options.describe()}"
    )
    title = f"{TITLE}: {count} from seed {seed}"
    pages = 0
    plan = Continued(options)
    art = figure_files(cards)  # kind -> figure file, each drawn once per document

    def rebuild(s: int) -> list[Piece]:
        return setup_pieces(rolled(tables, s), garden_for(settings, s, boards), max_cols, art)

    def painter_on(canvas: Any, first: int) -> SheetPainter:
        """A painter for one chunk's document, its pages counted on from ``first``."""
        return SheetPainter(
            canvas, options, tables, settings, plan, count, first=first, qr_url=qr_url,
            readings_where=where,
        )  # fmt: skip

    with atomic_file(target) as handle, binary_streams():
        joiner = PdfJoiner(handle)
        for start in range(0, count, CHUNK):
            # one small reportlab document per chunk, copied out and let go (pdf_join.py)
            buffer = io.BytesIO()
            canvas = new_canvas(buffer, options, title, subject)
            painter = painter_on(canvas, pages)
            for i in range(start, min(start + CHUNK, count)):
                s = seed + i
                setup = rolled(tables, s)
                garden = garden_for(settings, s, boards)
                pieces = setup_pieces(setup, garden, max_cols, art)
                painter.setup(i + 1, count, s, setup, garden, pieces)
                if progress is not None:
                    progress(1)
            last = start + CHUNK >= count and plan.sheets <= CHUNK
            if last:  # a small batch: the continued sheets, the board and the odds too
                painter.continued_sheets(rebuild, range(plan.sheets))
                _board_and_odds(canvas, painter, options, tables, boards, tiles, stats, kit)
            pages = painter.writer.close(open_ended=not last or start > 0)
            canvas.save()
            joiner.add(buffer.getvalue())
            del buffer, canvas, painter
        if plan.sheets > CHUNK:  # many continued sheets: they too in chunks
            for start in range(0, plan.sheets, CHUNK):
                buffer = io.BytesIO()
                canvas = new_canvas(buffer, options, title, subject)
                painter = painter_on(canvas, pages)
                painter.continued_sheets(rebuild, range(start, min(start + CHUNK, plan.sheets)))
                if start + CHUNK >= plan.sheets:
                    _board_and_odds(canvas, painter, options, tables, boards, tiles, stats, kit)
                pages = painter.writer.close(open_ended=True)
                canvas.save()
                joiner.add(buffer.getvalue())
                del buffer, canvas, painter
        joiner.finish()
    sheets = pages // 2 if options.duplex != "none" else pages
    return SetupsStats(target, pages, sheets, count, target.stat().st_size, count)
