"""Set-up pieces that do not fit on their own sheet: one shared "pieces, continued" run of
sheets after the last set-up of the batch, each set-up's pieces under a heading naming it.

`Continued` plans where each set-up's left-over pieces go while the set-ups stream by (so the
set-up sheet can say which sheet holds them), keeping only the pieces' indices and cut boxes;
the sheets are drawn after the batch from the same seeds (the pieces are rebuilt, not kept, so
memory stays flat). A set-up's pieces stay together on one sheet where they can.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass, field

from companion.errors import InputError
from generator.sheet.guides import MARK_LENGTH
from generator.sheet.layout import Placement, pack
from generator.sheet.options import SheetOptions
from generator.sheet.pieces import Piece
from generator.sheet.room import MARK_GAP

TITLE = 12.0  # the first set-up on a sheet: its heading is the page's title, this far down
TITLE_ROOM = 40.0  # from the top of the usable area to the pieces under the title
HEADING = 12.0  # a further set-up on the sheet: from the top of its room to its heading
HEAD_GAP = 26.0  # from such a heading to the pieces under it: room for their crop marks
BELOW = MARK_GAP + MARK_LENGTH + 2  # under a group's pieces (bleed included): their marks


@dataclass(frozen=True)
class Part:
    """One set-up's pieces on one continued sheet: where its heading goes (``first`` on the
    sheet: the page's title), the top of the room its pieces were packed in and each piece's
    index and cut box."""

    number: int
    seed: int
    sheet: int  # 0-based among the continued sheets
    heading: float
    top: float
    first: bool
    boxes: tuple[tuple[int, float, float, float, float], ...]


@dataclass
class Continued:
    """The plan of the continued sheets, filled in as the set-ups go by."""

    options: SheetOptions
    parts: list[Part] = field(default_factory=list)
    sheets: int = 0
    top: float | None = None  # where the next group may start on the last sheet

    def room(self, top: float) -> SheetOptions:
        """The options for packing pieces below ``top``."""
        return dataclasses.replace(self.options, margin_top=self.options.height - top)

    def _new_sheet(self) -> None:
        self.sheets += 1
        self.top = self.options.usable[3]

    def add(self, number: int, seed: int, pieces: Sequence[tuple[int, Piece]]) -> list[int]:
        """Plan set-up ``number``'s left-over ``pieces`` (index in its list, piece); returns
        the continued sheets (0-based) they land on."""
        queue = list(pieces)
        used: list[int] = []
        while queue:
            if self.top is None:
                self._new_sheet()
            assert self.top is not None
            fresh = not any(p.sheet == self.sheets - 1 for p in self.parts)
            heading, top = self.top - HEADING, self.top - HEADING - HEAD_GAP
            if fresh:
                heading, top = self.top - TITLE, self.top - TITLE_ROOM
            placed: list[Placement] = []
            try:
                placed = pack([p for _, p in queue], self.room(top))[0]
            except InputError:
                if fresh:
                    raise
            if not fresh and len(placed) < len(queue):
                self.top = None  # keep a set-up's pieces together: a new sheet
                continue
            ids = {id(p.piece) for p in placed}
            boxes = tuple(
                (i, p.x, p.y, p.w, p.h) for i, piece in queue for p in placed if p.piece is piece
            )
            part = Part(number, seed, self.sheets - 1, heading, top, fresh, boxes)
            self.parts.append(part)
            used.append(part.sheet)
            queue = [(i, p) for i, p in queue if id(p) not in ids]
            low = min(p.y for p in placed) - self.options.bleed
            self.top = None if queue else low - BELOW
        return used

    def placements(self, part: Part, pieces: Sequence[Piece]) -> list[Placement]:
        """The part's placements, its pieces rebuilt (``pieces``: the set-up's list)."""
        return [
            Placement(pieces[i], pieces[i].front, "front", x, y, w, h)
            for i, x, y, w, h in part.boxes
        ]
