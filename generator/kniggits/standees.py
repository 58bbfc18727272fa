"""Kniggit figures for players without toy knights: folding paper standees.

The rules: "If you want to play without them, use drawings of Knights on paper squares". Each
standee is one strip, cut out on its solid outline and folded on its dashed lines::

    back tab | back panel | fold | front panel | front tab      (top to bottom on the sheet)

The front panel carries the kit's own vector knight in his army's colour, seen from the front;
the back panel the same knight from behind, drawn as the front's mirror image across the fold
(so the two outlines meet when folded, art outside, glued back to back). The tabs fold outward
to stand him up: the front tab carries his name, his army's letter and word (colour never works
alone) and an arrow pointing the way he faces (facing matters in the rules: a kniggit attacks
only the way he faces). Drawn straight onto a reportlab canvas, in points.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.errors import InputError
from companion.kniggits.rules import ArmyCheck
from generator.kniggits.army_sheet import army_file
from generator.kniggits.settings import ArmyColour, PrintSettings
from generator.sheet.files import atomic_file, binary_streams
from generator.sheet.fonts import BOLD, REGULAR, fit_size, pdf_font
from generator.sheet.options import SheetOptions
from generator.sheet.pages import PageWriter
from generator.sheet.render_pdf import PdfStats, new_canvas
from generator.sheet.units import INCH

TITLE = "Kniggits — standing figures"
PANEL_W = 0.75 * INCH  # a figure about an inch tall, as the rules' distances assume
PANEL_H = 1.0 * INCH
TAB_H = 0.5 * INCH
STRIP_H = 2 * (PANEL_H + TAB_H)
GAP = 0.15 * INCH
MIN_NAME_PT = 5.0
STEEL, DARK = "#9a9a9a", "#3a3a3a"


@dataclass(frozen=True)
class Figure:
    """One standee to print: a kniggit's name and his army."""

    name: str
    army: ArmyColour
    army_name: str
    left_handed: bool = False  # his player's sword hand (the rules ask each player)


@dataclass(frozen=True)
class Placed:
    """Where a standee went on its page: the strip's lower-left corner and its fold line."""

    figure: Figure
    page: int
    x: float
    y: float

    @property
    def fold(self) -> float:
        return self.y + TAB_H + PANEL_H


def figures(
    settings: PrintSettings, armies: Sequence[ArmyCheck] = (), left_handed: Sequence[int] = ()
) -> list[Figure]:
    """One figure per kniggit the armies bought who fights (none for those who run away
    before the battle, lacking a colour: the rules), or the kit's default set: ``per_side``
    for each of ``sides`` armies, numbered. ``left_handed``: the numbers (from 1) of the
    armies or sides whose player is left-handed."""
    out: list[Figure] = []
    if not armies:
        for side in range(settings.sides):
            colour = settings.armies[side % len(settings.armies)]
            lefty = side + 1 in left_handed
            for number in range(1, settings.standees_per_side + 1):
                out.append(Figure(f"Kniggit {number}", colour, colour.word, lefty))
        return out
    for index, army in enumerate(armies):
        colour = settings.armies[index % len(settings.armies)]
        for kniggit in army.kniggits:
            if kniggit in army.runaways:
                continue
            for number in range(1, kniggit.count + 1):
                name = kniggit.name if kniggit.count == 1 else f"{kniggit.name} {number}"
                out.append(Figure(name, colour, army_file(army).stem, index + 1 in left_handed))
    return out


def _poly(canvas: Any, points: Sequence[tuple[float, float]], fill: str, stroke: bool = True):
    path = canvas.beginPath()
    path.moveTo(*points[0])
    for point in points[1:]:
        path.lineTo(*point)
    path.close()
    canvas.setFillColor(fill)
    canvas.setStrokeColor("#000000")
    canvas.setLineWidth(0.5)
    canvas.drawPath(path, stroke=1 if stroke else 0, fill=1)


def knight(canvas: Any, colour: str, letter: str, front: bool, left_handed: bool = False) -> None:
    """The kit's knight in a PANEL_W x PANEL_H box at the origin (y up): from the front (visor,
    shield face, army letter) or from behind (the same outline). A right-handed knight holds
    his sword in his right hand (the viewer's left, seen from the front); a left-handed one is
    his mirror image (the rules: a left-handed player's sword is in his left hand)."""

    def px(x: float) -> float:
        return PANEL_W - x if left_handed else x

    def poly(points: list[tuple[float, float]], fill: str) -> None:
        _poly(canvas, [(px(x), y) for x, y in points], fill)

    def line(x1: float, y1: float, x2: float, y2: float) -> None:
        canvas.line(px(x1), y1, px(x2), y2)

    poly([(20, 4), (26, 4), (26, 22), (20, 22)], DARK)  # legs
    poly([(28, 4), (34, 4), (34, 22), (28, 22)], DARK)
    poly([(15, 20), (39, 20), (36, 46), (18, 46)], colour)  # surcoat
    poly([(8, 38), (18, 46), (18, 40), (11, 33)], STEEL)  # sword arm
    poly([(10, 30), (14, 30), (14, 60), (12, 64), (10, 60)], STEEL)  # sword blade
    poly([(6, 30), (18, 30), (18, 27), (6, 27)], DARK)  # cross-guard
    poly([(20, 46), (34, 46), (34, 58), (27, 62), (20, 58)], STEEL)  # helmet
    poly([(25, 62), (29, 62), (30, 70), (27, 72), (24, 70)], colour)  # plume
    poly([(35, 44), (49, 44), (49, 32), (42, 20), (35, 32)], colour if front else STEEL)
    canvas.setStrokeColor("#000000")
    if front:
        canvas.setLineWidth(1.2)
        line(22, 53, 32, 53)  # visor slit
        canvas.setStrokeColor("#ffffff")
        canvas.setLineWidth(1.5)
        line(42, 24, 42, 42)  # a cross on the shield
        line(36, 37, 48, 37)
        canvas.setFillColor("#ffffff")
        canvas.setFont(pdf_font(BOLD), 9)
        canvas.drawCentredString(px(27), 28, letter)
    else:
        canvas.setLineWidth(0.8)
        line(16.5, 33, 37.5, 33)  # belt
        line(38, 40, 46, 40)  # the shield's strap


def _label(canvas: Any, text: str, cx: float, y: float, width: float, size: float) -> None:
    font = pdf_font(BOLD)
    size = max(MIN_NAME_PT, fit_size(text, BOLD, size, width))
    canvas.setFont(font, size)
    canvas.drawCentredString(cx, y, text)


def draw_standee(canvas: Any, figure: Figure, x: float, y: float) -> None:
    """One strip with its lower-left corner at (x, y)."""
    w, fold = PANEL_W, y + TAB_H + PANEL_H
    cx = x + w / 2
    # front panel: upright; back panel: the front's mirror image across the fold
    canvas.saveState()
    canvas.translate(x, y + TAB_H)
    knight(canvas, figure.army.colour, figure.army.letter, True, figure.left_handed)
    canvas.restoreState()
    canvas.saveState()
    canvas.translate(x, 2 * fold - (y + TAB_H))
    canvas.scale(1, -1)
    knight(canvas, figure.army.colour, figure.army.letter, False, figure.left_handed)
    canvas.restoreState()
    # front tab: name, army, an arrow pointing forward (down the sheet = away from him)
    canvas.setFillColor("#000000")
    _label(canvas, figure.name, cx, y + TAB_H - 9, w - 4, 7)
    _label(canvas, f"{figure.army.letter} \u00b7 {figure.army.word}", cx, y + TAB_H - 17, w - 4, 6)
    arrow = [(-3, 15), (3, 15), (3, 9), (8, 9), (0, 2), (-8, 9), (-3, 9)]
    _poly(canvas, [(cx + ax, y + ay) for ax, ay in arrow], "#000000", stroke=False)
    canvas.setFont(pdf_font(REGULAR), 5)
    canvas.drawString(x + 2, y + 3, "faces")
    # back tab: his name again, turned to read from behind
    canvas.saveState()
    canvas.translate(cx, y + STRIP_H - TAB_H / 2)
    canvas.rotate(180)
    canvas.setFillColor("#000000")
    _label(canvas, figure.name, 0, -2, w - 4, 7)
    _label(canvas, "back", 0, -10, w - 4, 5)
    canvas.restoreState()
    # cut outline (solid) and folds (dashed)
    canvas.setStrokeColor("#000000")
    canvas.setLineWidth(0.6)
    canvas.rect(x, y, w, STRIP_H, stroke=1, fill=0)
    canvas.setLineWidth(0.4)
    canvas.setDash([2, 2])
    for fy in (y + TAB_H, fold, fold + PANEL_H):
        canvas.line(x, fy, x + w, fy)
    canvas.setDash([])


def layout(items: Sequence[Figure], sheet: SheetOptions) -> list[Placed]:
    """Rows of strips inside the usable area, below the page's instructions."""
    x0, y0, x1, y1 = sheet.safe_area
    top = y1 - 40
    if x1 - x0 < PANEL_W or top - y0 < STRIP_H:
        raise InputError(
            f"--paper: a standing figure ({PANEL_W / INCH:g} x {STRIP_H / INCH:g} in) does not "
            f"fit inside the margins of {sheet.paper}; use larger paper or smaller margins"
        )
    across = max(1, int((x1 - x0 + GAP) // (PANEL_W + GAP)))
    down = max(1, int((top - y0 + GAP) // (STRIP_H + GAP)))
    placed = []
    for index, figure in enumerate(items):
        page, slot = divmod(index, across * down)
        row, col = divmod(slot, across)
        placed.append(
            Placed(figure, page, x0 + col * (PANEL_W + GAP), top - (row + 1) * STRIP_H - row * GAP)
        )
    return placed


INSTRUCTIONS = (
    "Cut each strip out on its solid outline. Fold it in the middle (dashed line between the two "
    "knights), art outside, and glue the knights back to back. Fold both tabs outward and stand "
    "him up: the arrow on his front tab points the way he faces."
)


def write_standees_pdf(
    path: str | os.PathLike[str], sheet: SheetOptions, items: Sequence[Figure], note: str
) -> PdfStats:
    """Every standee, as many pages as it takes, written atomically."""
    from generator.sheet.fonts import split_lines

    placed = layout(items, sheet)
    pages = (placed[-1].page + 1) if placed else 1
    target = Path(path)
    x0, _, x1, y1 = sheet.safe_area
    with atomic_file(target) as handle, binary_streams():
        canvas = new_canvas(handle, sheet, TITLE, f"{len(items)} figures; {sheet.paper}")
        writer = PageWriter(canvas, TITLE, sheet, note)
        for page in range(pages):
            canvas.setFillColor("#000000")
            canvas.setFont(pdf_font(BOLD), 11)
            canvas.drawString(x0, y1 - 11, TITLE)
            canvas.setFont(pdf_font(REGULAR), 7)
            for i, line in enumerate(split_lines(INSTRUCTIONS, REGULAR, 7, x1 - x0)):
                canvas.drawString(x0, y1 - 21 - 8 * i, line)
            for item in placed:
                if item.page == page:
                    draw_standee(canvas, item.figure, item.x, item.y)
            writer.end_page()
        writer.close()
        canvas.save()
    return PdfStats(target, pages, pages, len(items), target.stat().st_size)
