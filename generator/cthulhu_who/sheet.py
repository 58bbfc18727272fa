"""One Cthulhu Who? set-up sheet: the rolls, the garden, and exactly the pieces it needs.

Page 1 (front): every die with the table, row and column it hit, the results, the seed and a QR
code of ``havoc setup --seed S``; the garden map with its terrain (the kit's choice, labelled);
then the pieces, cut-out ready at the board's square size. Its back (duplex) or the right half
(fold-over) carries the pieces' backs. Pieces that do not fit go on the shared continued sheets
after the batch (continued.py), and the sheet says which; there a set-up's single-sided pieces
(terrain, weapons) fill the width of the page under --duplex none, with no fold line. Every
line of the rolls can be checked against the rules' tables: the tests read them back from the
PDF.
"""

from __future__ import annotations

import bisect
import dataclasses
import itertools
from collections.abc import Callable, Sequence
from typing import Any

from companion.cthulhu_who.garden import Garden, GardenSettings
from companion.cthulhu_who.geometry import column_letter
from companion.cthulhu_who.setup import SetUp, SetupTables
from companion.errors import InputError
from generator.cthulhu_who.continued import Continued, Part
from generator.cthulhu_who.pieces import letter_colour, shape_ops
from generator.sheet import guides
from generator.sheet.canvas_kit import (
    Forms,
    draw_qr,
    paragraph,
    text,
    width_of,
)
from generator.sheet.fonts import BOLD
from generator.sheet.guides import GUIDE_GREY, GUIDE_WIDTH, MARK_LENGTH
from generator.sheet.layout import ImposedPage, Placement, folds, mirror, pack
from generator.sheet.options import PaperTooSmall, SheetOptions
from generator.sheet.pages import PageWriter, footer_box, side_words
from generator.sheet.pieces import Piece, Text
from generator.sheet.room import MARK_GAP
from generator.sheet.units import format_length

TITLE = "Cthulhu Who? set-ups"
QR_SIZE = 84.0
LEADING = 12.5
ROLL_SIZE = 9.5
HEAD_GAP = 26.0  # from the "Pieces" heading to the pieces: room for the crop marks above them
NOTE = 12.0  # the line under the pieces' heading saying where the pieces that did not fit are
NOTES_MIN = 170.0  # narrower room beside the garden map: its notes go below it
TINT_HERO, TINT_EVIL = "#cfe6f5", "#fbe0cc"


def command_for(seed: int) -> str:
    """What to type on a phone to see this set-up: ``havoc setup --seed S``."""
    return f"havoc setup --seed {seed}"


def phone_url(base: str, seed: int) -> str:
    """The phone page of this set-up where ``havoc serve`` runs at ``base`` (http://HOST:PORT)."""
    return f"{base.rstrip('/')}/cthulhu-who/setup?seed={seed}"


def qr_words(seed: int, qr_url: str | None) -> tuple[str, list[str]]:
    """What the QR code holds, and the lines printed under it saying what it is."""
    if qr_url is None:
        return command_for(seed), [command_for(seed), "(a command: no --qr-url)"]
    host = qr_url.split("://", 1)[-1].rstrip("/")
    return phone_url(qr_url, seed), ["scan: the phone page", host]


def roll_lines(setup: SetUp, tables: SetupTables) -> list[str]:
    """The rolls, one line per die, naming the table, row and column it hit (as printed)."""
    dd = setup.dice
    size = setup.size
    rows = {w: r for r, w in tables.weapon_rows}
    plural = "" if size.squares == 1 else "s"
    lines = [
        f"Monster Size: d6 = {dd.size}, row {dd.size}: {size.name} ({size.squares} square{plural})",
        f"Number of Monsters: d6 = {dd.monsters}, row {dd.monsters}, column {dd.size}: "
        f"{setup.monsters}",
        f"Number of Cultists: d6 = {dd.cultists}, row {dd.cultists}, column {dd.size}: "
        f"{setup.cultists}",
        f"Danger Score: {dd.size} + {dd.monsters} + {dd.cultists} = {setup.danger} "
        f"(column {setup.band})",
        f"Number of Heros: d6 = {dd.heroes}, row {dd.heroes}, column {setup.band}: {setup.heroes}",
    ]
    for index, (die, weapon) in enumerate(zip(dd.weapons, setup.weapons, strict=True), 1):
        lines.append(f"Hero {index} weapon: d6 = {die}, row {rows[weapon]}: {weapon}")
    return lines


def pieces_line(setup: SetUp, garden: Garden) -> str:
    """What the pieces below are, counted."""
    plural = "" if setup.size.squares == 1 else "s"
    return (
        f"Pieces: {setup.monsters} x {setup.size.name} ({setup.size.squares} square{plural}), "
        f"{setup.cultists} x Cultist, {setup.heroes} x Hero + weapon counter, "
        f"{len(garden.terrain)} x terrain"
    )


class SheetPainter:
    """Draws set-up sheets onto one canvas (shared forms, shared options)."""

    def __init__(
        self,
        canvas: Any,
        options: SheetOptions,
        tables: SetupTables,
        settings: GardenSettings,
        continued: Continued,
        total: int,
        first: int = 0,
        qr_url: str | None = None,
        readings_where: str | None = None,
    ) -> None:
        """``continued``: the plan of the batch's continued sheets (shared by the chunks);
        ``total``: set-ups in the batch; ``first``: the pages of the document before this
        canvas's first (chunks); ``qr_url``: where ``havoc serve`` runs, for the QR codes;
        ``readings_where``: where the kit's readings of the board are printed (None: left out)."""
        self.qr_url = qr_url
        self.readings_where = readings_where
        self.continued = continued
        self.total = total
        self.canvas = canvas
        self.options = options
        self.tables = tables
        self.settings = settings
        self.forms = Forms(canvas, options.piece, options.bleed)
        self.writer = PageWriter(
            canvas, TITLE, options, f"{format_length(options.piece)} squares", first=first
        )

    # ------------------------------------------------------------------ the front page
    def setup(
        self,
        number: int,
        total: int,
        seed: int,
        setup: SetUp,
        garden: Garden,
        pieces: Sequence[Piece],
    ) -> None:
        """All pages of one set-up: the sheet, its pieces, their backs."""
        o = self.options
        x0, _, x1, y1 = o.usable
        c = self.canvas
        seed_text = f"seed {seed}"
        room = x1 - x0 - width_of(seed_text, 14, True) - 12
        text(c, x0, y1 - 14, f"Cthulhu Who? set-up {number} of {total}", 14, True, max_width=room)
        text(c, x1, y1 - 14, seed_text, 14, bold=True, anchor="end")
        y = y1 - 34
        text(
            c,
            x0,
            y,
            "The rolls (the rules' tables, one d6 each):",
            10.5,
            True,
            max_width=x1 - x0 - QR_SIZE - 12,
        )
        y -= LEADING + 2
        for line in roll_lines(setup, self.tables):
            text(c, x0, y, line, ROLL_SIZE, max_width=x1 - x0 - QR_SIZE - 12)
            y -= LEADING
        y -= 2
        text(c, x0, y, pieces_line(setup, garden), ROLL_SIZE, max_width=x1 - x0 - QR_SIZE - 12)
        # QR code of the phone page of this set-up (--qr-url), else of the command to type
        qy = y1 - 24 - QR_SIZE
        data, caption = qr_words(seed, self.qr_url)
        draw_qr(c, data, x1 - QR_SIZE, qy, QR_SIZE)
        for index, line in enumerate(caption):
            text(
                c,
                x1 - QR_SIZE / 2,
                qy - 8 - 8.5 * index,
                line,
                7.5 if index == 0 else 6.5,
                anchor="middle",
                max_width=QR_SIZE + 20,
            )
        y = min(y, qy - 8) - 22
        y = self.garden(garden, x0, y, x1)
        if y < o.usable[1]:
            raise PaperTooSmall(
                f"--paper: {o.paper} is too small for a set-up sheet's rolls and garden "
                "(A5, 148x210mm, is the smallest that fits); use larger paper or a smaller "
                "--margin"
            )
        text(
            c,
            x0,
            y,
            "Pieces at the board's square size: cut them out.",
            10.5,
            True,
            max_width=x1 - x0,
        )
        figures = "Figures are double-sided: the back shows them dead. "
        how = (
            "Print duplex, flipping on the " + o.duplex + " edge."
            if o.duplex != "none"
            else "Fold on the dashed line, glue, cut."
        )
        start = x0 + width_of("Pieces at the board's square size: cut them out.", 10.5, True) + 6
        text(c, start, y, figures + how, 8, max_width=max(x1 - start, 1.0))
        self.pieces(number, seed, pieces, y - HEAD_GAP)

    def garden(self, garden: Garden, x0: float, top: float, x1: float) -> float:
        """The garden map below ``top``; returns the y below it and its notes."""
        c = self.canvas
        boards = garden.boards
        text(
            c,
            x0,
            top,
            f"The garden: {'two boards' if boards == 2 else 'one board'}, "
            f"{garden.cols} x {garden.rows} squares",
            10.5,
            bold=True,
            max_width=x1 - x0,
        )
        sq = 16.0 if boards == 2 else 19.0
        left = x0 + 14
        bottom = top - 20 - 8 * sq
        parts = ["q 0.85 0.85 0.85 RG 0.4 w"]
        for col in range(garden.cols + 1):
            parts.append(
                f"{left + col * sq:.2f} {bottom:.2f} m {left + col * sq:.2f} "
                f"{bottom + 8 * sq:.2f} l"
            )
        for row in range(garden.rows + 1):
            parts.append(
                f"{left:.2f} {bottom + row * sq:.2f} m {left + garden.cols * sq:.2f} "
                f"{bottom + row * sq:.2f} l"
            )
        parts.append("S Q")
        # start rows tinted, the wall (thick) round the garden and along the join
        c.addLiteral(" ".join(parts))
        c.saveState()
        for row, tint in ((0, TINT_HERO), (garden.rows - 1, TINT_EVIL)):
            c.setFillColor(tint)
            c.rect(left, bottom + row * sq, garden.cols * sq, sq, stroke=0, fill=1)
        c.setStrokeColorRGB(0, 0, 0)
        c.setLineWidth(2.2)
        c.rect(left, bottom, garden.cols * sq, 8 * sq, stroke=1, fill=0)
        if boards == 2:
            x = left + 8 * sq
            low, high = garden.openings()[0], garden.openings()[-1] + 1
            c.line(x, bottom, x, bottom + low * sq)
            c.line(x, bottom + high * sq, x, bottom + 8 * sq)
        c.restoreState()
        for t in garden.terrain:
            kind = t.kind
            ops = tuple(shape_ops(kind.shape, 0.5, 0.5, 0.42, kind.colour, "#000000")) + (
                Text(
                    0.5,
                    0.36 if kind.shape == "triangle" else 0.32,
                    kind.letter,
                    0.42,
                    letter_colour(kind.colour),
                    BOLD,
                ),
            )
            name = self.forms.form(("map", kind), ops, (0, 0, 1, 1))
            self.forms.place(name, left + t.col * sq, bottom + t.row * sq, sq)
        for row in range(garden.rows):
            text(c, left - 4, bottom + row * sq + sq / 2 - 3, str(row + 1), 7, anchor="end")
        for col in range(garden.cols):  # column letters under row 1, as on the board
            text(c, left + col * sq + sq / 2, bottom - 8, column_letter(col), 7, anchor="middle")
        # notes to the right of the map, or below it when the paper is narrow
        nx = left + garden.cols * sq + 14
        y = top - 20
        if x1 - nx < NOTES_MIN:
            nx, y = x0, bottom - 14
        width = x1 - nx
        if nx == x0:
            y -= 4  # below the column letters
        text(c, nx, y, "Row 8: the Evil side's start row (the shrine).", 8.5, True, max_width=width)
        y -= 11
        text(
            c, nx, y, "Row 1: the Heroes' start row (the Dining Room).", 8.5, True, max_width=width
        )
        y -= 13
        rules = (
            "The rules: players place alternately, one figure at a time, on their end row; "
            "the second row only when the first is full. Squares: column letter, row number "
            "(B3). Thick line: the garden wall"
            + (
                "; between the boards it is open only at the two innermost squares (rows 4, 5)."
                if boards == 2
                else "."
            )
        )
        y = paragraph(c, nx, y, rules, 8, width, 10) - 3
        kinds = ", ".join(f"{k.letter} {k.name}" for k in self.settings.kinds)
        kit = (
            f"Terrain ({len(garden.terrain)} pieces): the rules ask for at least one on each "
            f"row of each board. How many ({self.settings.per_row_min}-"
            f"{self.settings.per_row_max} a row) and which kinds ({kinds}) are the Havoc "
            f"Kit's choice (cards/cthulhu-who/garden.toml), not the rulebook's. Checked: no "
            "start row sealed, no part of the garden cut off."
        )
        y = paragraph(c, nx, y, kit, 8, width, 10)
        if self.readings_where:
            geometry = (
                "Diagonals, lines of fire, the monsters' moves and collapse: the rules do not "
                f"say; the Havoc Kit's readings are {self.readings_where}."
            )
            y = paragraph(c, nx, y - 3, geometry, 8, width, 10)
        return min(y + 10, bottom - 4) - 18

    # ------------------------------------------------------------------ pieces
    def pieces(self, number: int, seed: int, pieces: Sequence[Piece], top: float) -> None:
        """Pack ``pieces`` below ``top`` on this page; the rest go on the continued sheets
        after the batch (`Continued`), and a line under the heading says which."""
        o = self.options
        first, room = self._first(pieces, top)
        placed = {id(p.piece) for p in first}
        if len(placed) < len(pieces):  # a line under the heading says where the rest are
            first, room = self._first(pieces, top - NOTE)
            placed = {id(p.piece) for p in first}
        rest = [(i, p) for i, p in enumerate(pieces) if id(p) not in placed]
        if rest:
            sheets = sorted(set(self.continued.add(number, seed, rest)))
            where = f"sheet {self.total + sheets[0] + 1}"
            if len(sheets) > 1:  # consecutive
                where = f"sheets {self.total + sheets[0] + 1}-{self.total + sheets[-1] + 1}"
            plural = "s" if len(rest) > 1 else ""
            text(
                self.canvas,
                o.usable[0],
                top + HEAD_GAP - NOTE,
                f"{len(rest)} more piece{plural} of this set-up: on {where} of this file "
                f'("pieces, continued", after set-up {self.total}), headed "set-up {number}, '
                f'seed {seed}".',
                8,
                bold=True,
                max_width=o.usable[2] - o.usable[0],
            )
        self.finish_front(first, room, number, seed)

    def _first(self, pieces: Sequence[Piece], top: float) -> tuple[list[Placement], SheetOptions]:
        """The pieces that fit below ``top`` on this page, and the room they were packed in."""
        o = self.options
        try:
            room = dataclasses.replace(o, margin_top=o.height - top)
            return pack(pieces, room)[0], room
        except InputError:  # a piece taller than the room left: all go on a continued sheet
            return [], o

    def continued_sheets(self, rebuild: Callable[[int], Sequence[Piece]], sheets: range) -> None:
        """Draw these continued sheets (0-based); ``rebuild(seed)``: that set-up's pieces."""
        o = self.options
        plan = self.continued
        by_sheet: dict[int, list[Part]] = {}
        first = bisect.bisect_left(plan.parts, sheets.start, key=lambda p: p.sheet)
        for part in itertools.takewhile(lambda p: p.sheet < sheets.stop, plan.parts[first:]):
            by_sheet.setdefault(part.sheet, []).append(part)
        for sheet in sheets:
            parts = by_sheet[sheet]
            x0, _, x1, _ = o.usable
            fronts: list[Placement] = []
            rooms: list[tuple[list[Placement], SheetOptions]] = []
            for part in parts:
                placed = plan.placements(part, rebuild(part.seed))
                text(
                    self.canvas,
                    x0,
                    part.heading,
                    f"{'Cthulhu Who? set-up' if part.first else 'Set-up'} {part.number}, "
                    f"seed {part.seed}: pieces, continued",
                    11 if part.first else 10.5,
                    bold=True,
                    max_width=x1 - x0,
                )
                fronts += placed
                rooms.append((placed, plan.room(part.top)))
            self.finish_sheet(fronts, rooms, "pieces, continued")

    def finish_front(
        self, fronts: list[Placement], room: SheetOptions, number: int, seed: int
    ) -> None:
        """Draw the fronts and guides, close the page, then the backs' page (or fold-over)."""
        self.finish_sheet(fronts, [(fronts, room)], f"set-up {number}, seed {seed}")

    def finish_sheet(
        self,
        fronts: list[Placement],
        rooms: Sequence[tuple[list[Placement], SheetOptions]],
        what: str,
    ) -> None:
        """Draw ``fronts`` and the guides of each group of them (packed in its room), close
        the page, then the backs' page (or the backs on the fold-over half)."""
        o = self.options
        c = self.canvas
        for p in fronts:
            self.forms.face(p.face, p.x, p.y, p.w, p.h)
        backs = [m for m in (mirror(f, o) for f in fronts) if m is not None]
        if o.duplex == "none":
            for p in backs:
                self.forms.face(p.face, p.x, p.y, p.w, p.h)
        for index, (group, room) in enumerate(rooms):
            floor = 0.0
            if index + 1 < len(rooms) and group:  # as far down as its crop marks would go
                floor = min(p.y for p in group) - o.bleed - MARK_GAP - MARK_LENGTH
            self.guides(group, room, floor)
        # fold-over: a dashed line beside each group that has backs; a group of single-sided
        # pieces (terrain) fills the width of the page, with nothing to fold
        folded = [group for group, _ in rooms if folds([p.piece for p in group], o)]
        for group in folded:
            top = max(p.y + p.h for p in group) + o.bleed
            c.saveState()
            c.setDash([4, 3])
            c.setStrokeColorRGB(*GUIDE_GREY)
            c.line(o.width / 2, min(p.y for p in group) - 6, o.width / 2, top + 6)
            c.restoreState()
        side = "FRONTS left | BACKS right: fold" if folded else ""
        if o.duplex != "none":
            side = side_words("front", o.duplex)
        self.writer.end_page(side, what)
        if o.duplex != "none":
            for p in backs:
                self.forms.face(p.face, p.x, p.y, p.w, p.h)
            self.writer.end_page(side_words("back", o.duplex), what)

    def guides(self, fronts: list[Placement], room: SheetOptions, floor: float = 0.0) -> None:
        """Crop marks (or lines) as the engine draws them, and a fine line round every piece
        so each cut stays visible after the first ones. Lines stop at ``floor`` (a continued
        sheet: the next set-up's heading and pieces are below it, with lines of their own)."""
        o = self.options
        c = self.canvas
        c.saveState()
        c.setStrokeColorRGB(*GUIDE_GREY)
        c.setLineWidth(GUIDE_WIDTH)
        if o.cut_guides != "none" and fronts:
            page = ImposedPage("front", 0, fronts)
            if o.cut_guides == "crop":
                segments = guides.crop_marks(page.placements, room)
            else:  # to the paper's edges, but not up through the rolls and the garden
                segments = guides.cut_lines(page.placements, room, footer_box(o), o.bleed)
                clip = c.beginPath()
                clip.rect(0, floor, o.width, room.usable[3] + 12 - floor)
                c.clipPath(clip, stroke=0, fill=0)
            if segments:
                c.lines(segments)
        c.setLineWidth(0.25)
        for p in fronts:
            c.rect(p.x, p.y, p.w, p.h, stroke=1, fill=0)
        c.restoreState()
