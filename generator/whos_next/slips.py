"""Who's Next slips on paper: one per player, letter-folded so the victim's name is hidden.

Each slip is a strip of three panels, left to right: the OUTSIDE panel (whose slip it is), the
VICTIM panel, and a COVER panel printed solid with a seeded pattern of symbols and hatching.
Fold 1 lays the cover face down on the victim's name; fold 2 tucks both under the outside
panel. Closed, the outside shows only the holder's name, and light through thin paper meets the
pattern on top of the victim's name, so nothing of it can be read. The symbols are no letters,
so the pattern can never spell a name. Drawn straight onto a reportlab canvas, in points.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from generator.sheet.fonts import BOLD, REGULAR, fit_size, pdf_font, split_lines
from generator.sheet.options import PaperTooSmall, SheetOptions
from generator.sheet.units import INCH
from generator.whos_next.saved_ring import Slip

SLIP_H = 1.0 * INCH
MAX_PANEL_W = 2.4 * INCH
MIN_PANEL_W = 1.25 * INCH
GAP = 0.25 * INCH
MIN_GAP = 0.125 * INCH  # the closest two slips come: still two clean cuts between them
HEADER = 40.0
SYMBOLS = "#%&@$8*+=?"  # no letters: the cover can never spell a player's name
MIN_NAME_PT = 8.0
INSTRUCTIONS = (
    "Cut out each slip on its solid outline. Fold 1: fold the patterned end face down onto the "
    "victim's name. Fold 2: fold both under the outside panel. Hand each slip, closed, to the "
    "player named on its outside. When a player is killed, his killer hands in his own slip and "
    "receives the dead player's slip: his new victim (the rules)."
)


@dataclass(frozen=True)
class SlipPlace:
    """Where a slip went: its page and lower-left corner, and its panel width (points)."""

    slip: Slip | None  # None: a blank slip
    holder: str  # the name on the outside ("" for blank)
    page: int
    x: float
    y: float
    panel: float

    def panel_box(self, index: int) -> tuple[float, float, float, float]:
        """(x0, y0, x1, y1) of panel 0 (outside), 1 (victim) or 2 (cover)."""
        x = self.x + index * self.panel
        return (x, self.y, x + self.panel, self.y + SLIP_H)


def panel_width(sheet: SheetOptions) -> float:
    """Each panel's width: three across the usable width, at most 2.4 in."""
    x0, _, x1, _ = sheet.safe_area
    return min(MAX_PANEL_W, (x1 - x0) / 3)


def _rows(count: int, room: float) -> tuple[int, float]:
    """Slips a page and the gap between them: GAP, or down to MIN_GAP when that saves a
    sheet (8 slips on Letter: one page, not 7 and a lone one), shared out evenly."""
    per_page = max(1, int((room + GAP + 1e-9) // (SLIP_H + GAP)))
    tight = max(1, int((room + MIN_GAP + 1e-9) // (SLIP_H + MIN_GAP)))
    pages = math.ceil(count / tight)
    if pages >= math.ceil(count / per_page):
        return per_page, GAP
    per_page = math.ceil(count / pages)
    return per_page, min(GAP, (room - per_page * SLIP_H) / max(1, per_page - 1))


def place(items: Sequence[tuple[Slip | None, str]], sheet: SheetOptions) -> list[SlipPlace]:
    """Slips top to bottom, each with its own outline (a gap between), page after page."""
    x0, y0, _, y1 = sheet.safe_area
    width = panel_width(sheet)
    if width < MIN_PANEL_W or y1 - HEADER - y0 < SLIP_H:
        raise PaperTooSmall(
            f"--paper: {sheet.paper} inside its margins is too small for a slip (three panels "
            f"of at least {MIN_PANEL_W / INCH:g} in across, {SLIP_H / INCH:g} in high)"
        )
    per_page, gap = _rows(len(items), y1 - HEADER - y0)
    out = []
    for index, (slip, holder) in enumerate(items):
        page, row = divmod(index, per_page)
        y = y1 - HEADER - (row + 1) * SLIP_H - row * gap
        out.append(SlipPlace(slip, holder, page, x0, y, width))
    return out


def _name(canvas: Any, text: str, cx: float, y: float, width: float, size: float) -> None:
    size = max(MIN_NAME_PT, fit_size(text, BOLD, size, width))
    canvas.setFont(pdf_font(BOLD), size)
    canvas.drawCentredString(cx, y, text)


def _small(canvas: Any, text: str, cx: float, y: float, width: float) -> None:
    canvas.setFont(pdf_font(REGULAR), max(5.5, fit_size(text, REGULAR, 7, width)))
    canvas.drawCentredString(cx, y, text)


def _cover(canvas: Any, box: tuple[float, float, float, float], seed: str) -> None:
    """The cover panel: grey ground, overlapping rows of symbols, hatching both ways."""
    x0, y0, x1, y1 = box
    rng = random.Random(seed)
    canvas.saveState()
    path = canvas.beginPath()
    path.rect(x0, y0, x1 - x0, y1 - y0)
    canvas.clipPath(path, stroke=0, fill=0)
    canvas.setFillColor("#9a9a9a")
    canvas.rect(x0, y0, x1 - x0, y1 - y0, stroke=0, fill=1)
    canvas.setFillColor("#222222")
    y = y0 + 1
    while y < y1 - 9:
        size = rng.uniform(11, 19)
        canvas.setFont(pdf_font(BOLD), size)
        start = x0 + rng.uniform(0, 4)
        text = ""
        while True:  # symbols that stay inside the panel (text outside it would still be text)
            more = text + rng.choice(SYMBOLS)
            if start + canvas.stringWidth(more, pdf_font(BOLD), size) > x1:
                break
            text = more
        canvas.drawString(start, y, text)
        y += size * 0.55
    canvas.setStrokeColor("#000000")
    canvas.setLineWidth(0.7)
    span = y1 - y0
    k = x0 - span
    while k < x1:
        canvas.line(k, y0, k + span, y1)
        canvas.line(k + span, y0, k, y1)
        k += 6
    canvas.restoreState()


def draw_slip(canvas: Any, place: SlipPlace) -> None:
    """One slip: outside panel, victim panel, cover; its cut outline and two fold lines."""
    slip, w = place.slip, place.panel
    room = w - 14
    # the outside: whose slip it is
    x0, y0, _, y1 = place.panel_box(0)
    cx = x0 + w / 2
    canvas.setFillColor("#000000")
    # no slip number outside: on a reprint it would sit under another holder's name and tell
    # who hunted whom; the number is inside, for the holder and the umpire only
    _small(canvas, "WHO'S NEXT \u00b7 outside", cx, y1 - 12, room)
    if place.holder:
        _name(canvas, place.holder, cx, y0 + SLIP_H / 2 - 6, room, 18)
    else:
        canvas.setStrokeColor("#777777")
        canvas.setLineWidth(0.5)
        canvas.line(x0 + 10, y0 + SLIP_H / 2 - 8, x0 + w - 10, y0 + SLIP_H / 2 - 8)
    _small(canvas, "open only if this is your name", cx, y0 + 9, room)
    # the victim, inside
    x0, y0, _, y1 = place.panel_box(1)
    cx = x0 + w / 2
    canvas.setFillColor("#000000")
    _small(canvas, "your victim is", cx, y1 - 12, room)
    if slip is not None:
        _name(canvas, slip.victim, cx, y0 + SLIP_H / 2 - 6, room, 20)
        note = f"slip {slip.number}"
        if slip.first_holder != slip.holder:
            note += f", first {slip.first_holder}'s"
        note += f" \u00b7 after death {slip.since}" if slip.since else " \u00b7 as drawn"
        _small(canvas, note, cx, y0 + 9, room)
    else:
        canvas.setStrokeColor("#777777")
        canvas.setLineWidth(0.5)
        canvas.line(x0 + 10, y0 + SLIP_H / 2 - 8, x0 + w - 10, y0 + SLIP_H / 2 - 8)
    # the cover
    seed = f"whos-next-cover-{slip.number if slip else 0}-{place.page}-{place.y:.2f}"
    _cover(canvas, place.panel_box(2), seed)
    # cut outline and folds
    canvas.setStrokeColor("#000000")
    canvas.setLineWidth(0.7)
    canvas.rect(place.x, place.y, 3 * w, SLIP_H, stroke=1, fill=0)
    canvas.setLineWidth(0.5)
    canvas.setDash([3, 2])
    for index in (1, 2):
        fx = place.x + index * w
        canvas.line(fx, place.y, fx, place.y + SLIP_H)
    canvas.setDash([])
    canvas.setFont(pdf_font(REGULAR), 6)
    canvas.setFillColor("#000000")
    for index, label in ((2, "fold 1"), (1, "fold 2")):
        canvas.drawCentredString(place.x + index * w, place.y - 7, label)


def draw_header(canvas: Any, sheet: SheetOptions, title: str) -> None:
    """The page's title and the folding instructions."""
    x0, _, x1, y1 = sheet.safe_area
    canvas.setFillColor("#000000")
    canvas.setFont(pdf_font(BOLD), 11)
    canvas.drawString(x0, y1 - 11, title)
    canvas.setFont(pdf_font(REGULAR), 7)
    for i, line in enumerate(split_lines(INSTRUCTIONS, REGULAR, 7, x1 - x0)[:3]):
        canvas.drawString(x0, y1 - 21 - 8 * i, line)
