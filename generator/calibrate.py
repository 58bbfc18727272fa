"""The printer calibration sheet: measure the duplex back offset and check 100% scale.

Page 1 (front) carries five target crosses (one near each corner of the printable area and one
at the centre of the page), 100 mm and 4 in scale bars and the instructions. Page 2 (back)
carries, for each target, a DX and a DY millimetre scale (generator/sheet/scales.py) where that
cross's arms land after the flip, shifted by any --back-offset already given, like every back
page. Held up to the light, back facing you, each cross's vertical arm crosses its DX scale and
its horizontal arm its DY scale; right and up are + as you look at the back, which is the sign
`--back-offset DX,DY` uses. Five readings that differ show skew or scaling (the back page says
what to do). With ``--duplex none`` it is one fold-over page with one target that checks the fold.
Like the counters, the front keeps to `SheetOptions.front_area` and the back to its mirror image,
so even a 20 mm offset leaves every scale and word on the paper.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from generator.sheet.files import atomic_file, binary_streams
from generator.sheet.options import MIN_PIECE, SheetOptions
from generator.sheet.pages import PageWriter, footer_top, side_words
from generator.sheet.render_pdf import PdfStats, new_canvas, offset_label
from generator.sheet.scales import (
    BOLD,
    CROSS_OUT,
    INK,
    REACH,
    REGULAR,
    reading_scale,
    scale_bars,
    target,
)
from generator.sheet.units import MM

TITLE = "Havoc Kit — printer calibration"
AWAY = 20 * MM  # each back scale sits this far from where its cross should land
ARM = AWAY + 15 * MM  # a cross's long arms: past the ticks even 6 mm off
CORNER = 17 * MM  # corner targets sit this far inside the printable area
TEXT_SIZE, LEADING = 8.5, 10.5
TEXT_BELOW = CORNER + ARM + 4 * MM + TEXT_SIZE  # first baseline, below the top corners' arms
TABLE_ORDER = ["top left", "top right", "centre", "bottom left", "bottom right"]


@dataclass(frozen=True)
class Target:
    """A cross on the front at (x, y) in front-page points; ``sx``/``sy`` (+1/-1) point to the
    inside of the page, where its scales and long arms go."""

    name: str
    x: float
    y: float
    sx: int
    sy: int


MIN_MARGIN = 36.0  # 1/2in: scales reach ~11 pt past their area; words stay 1/4in inside the paper


def front_area(sheet: SheetOptions) -> tuple[float, float, float, float]:
    """The front's area: `SheetOptions.front_area` with margins of at least MIN_MARGIN, so the
    scales' numbers and labels (which reach a little past it) stay 1/4in inside the paper even
    with --margin 1/4in or less; the back offset's room is kept as for the counters."""
    grown = {
        f"margin_{side}": max(getattr(sheet, f"margin_{side}"), MIN_MARGIN)
        for side in ("top", "right", "bottom", "left")
    }
    return replace(sheet, piece=MIN_PIECE, bleed=0.0, **grown).front_area  # type: ignore[arg-type]


def targets(sheet: SheetOptions) -> list[Target]:
    """The front's targets: the centre, then the four corners (fold-over: one, left half)."""
    w, h = sheet.width, sheet.height
    if sheet.duplex == "none":
        return [Target("fold", w / 4, h / 2, 1, 1)]
    x0, y0, x1, y1 = front_area(sheet)
    left, right, low, high = x0 + CORNER, x1 - CORNER, y0 + CORNER, y1 - CORNER
    # the centre's scales go above and to the right of it as seen on the back
    sx, sy = (-1, 1) if sheet.duplex == "long" else (1, -1)
    return [
        Target("centre", w / 2, h / 2, sx, sy),
        Target("top left", left, high, 1, -1),
        Target("top right", right, high, -1, -1),
        Target("bottom left", left, low, 1, 1),
        Target("bottom right", right, low, -1, 1),
    ]


def on_back(t: Target, sheet: SheetOptions) -> Target:
    """Where a front target lands on the back page (offset included), named as seen there."""
    dx, dy = sheet.back_offset
    if sheet.duplex == "long":
        x, y, sx, sy = sheet.width - t.x, t.y, -t.sx, t.sy
    else:
        x, y, sx, sy = t.x, sheet.height - t.y, t.sx, -t.sy
    name = t.name
    if t.name != "centre":
        vertical, horizontal = t.name.split()
        vertical = (
            {"top": "bottom", "bottom": "top"}[vertical] if sheet.duplex == "short" else vertical
        )
        horizontal = (
            {"left": "right", "right": "left"}[horizontal] if sheet.duplex == "long" else horizontal
        )
        name = f"{vertical} {horizontal}"
    return Target(name, x + dx, y + dy, sx, sy)


def _offset_text(sheet: SheetOptions) -> str:
    dx, dy = sheet.back_offset_mm
    return f"{dx:g},{dy:g}"


def default_rebuild(sheet: SheetOptions) -> str:
    """The command that rebuilds the kit with every option of ``sheet`` and a new offset."""
    from generator.howto import rebuild_command

    return rebuild_command(sheet, None, back_offset="DX,DY")


def instructions(sheet: SheetOptions, rebuild: str | None = None) -> list[str]:
    """The front page's instructions, one paragraph each; ``rebuild`` is step 5's command
    (every option the files were built with, ``--back-offset DX,DY``)."""
    if sheet.duplex == "none":
        return [
            "1. Print this page at 100% (Actual size, not Fit to page), on the card you will "
            "print the pieces on.",
            "2. The bars must measure exactly 100 mm and 4 in; if not, your print dialog is "
            "scaling the page.",
            "3. Fold along the dashed line, printed side out, and hold the sheet up to a "
            "light. The cross shows through onto the scales: a reading of 0 means your fold "
            "lines the backs up with the fronts; otherwise move the fold by that much.",
        ]
    edge = sheet.duplex
    return [
        f"1. Print both pages on ONE sheet at 100% (Actual size, not Fit to page), "
        f"two-sided, flip on the {edge} edge: on the card you will print the pieces on, the "
        "way you will print them (a printer that will not duplex card: page 1, put the sheet "
        "back as HOW-TO-PRINT.txt says under BOTH SIDES BY HAND, then page 2).",
        "2. The bars below must measure exactly 100 mm and 4 in; if not, your print dialog "
        "is scaling the page: fix that first.",
        "3. Hold the sheet up to a light with the BACK (the side with the coloured scales) "
        "facing you. The five crosses on this side show through. For each: DX = where its "
        "vertical arm crosses its horizontal scale, DY = where its horizontal arm crosses its "
        "vertical scale. Right and up are + as you look at the back.",
        f"4. This sheet was printed with --back-offset {_offset_text(sheet)}. New DX = "
        f"{sheet.back_offset_mm[0]:g} + the centre's DX reading, new DY = "
        f"{sheet.back_offset_mm[1]:g} + its DY reading (0,0 means the offset is right).",
        f"5. Then rebuild with every option you built with and the new offset: "
        f"{rebuild or default_rebuild(sheet)}",
        "6. A new offset moves the fronts as well as the backs (the fronts give up room on "
        "one side for it): print fronts and backs again, never new backs on old fronts. "
        "Every page's footer names the offset it was built for.",
    ]


def back_notes() -> list[str]:
    """What the five readings mean, printed on the back page."""
    return [
        "All five readings within 0.5 mm of each other: use the centre's. New --back-offset "
        "= the offset this sheet was printed with + the centre's DX,DY.",
        "Top and bottom DX differ, or left and right DY differ: the back is ROTATED (skew). "
        "Square the paper against its guide (or feed from another tray) and print again.",
        "Left and right DX differ, or top and bottom DY differ: one side is SCALED. Check both "
        "sides print at 100% and the paper size setting matches your paper.",
        "If it stays like that, use the centre reading: the counters near the middle line up "
        "best; --bleed 3mm hides up to 3 mm at the others.",
    ]


def _paragraphs(canvas: Any, lines: list[str], x: float, y: float, width: float) -> float:
    from reportlab.lib.utils import simpleSplit

    canvas.setFillColorRGB(*INK)
    canvas.setFont(REGULAR, TEXT_SIZE)
    for paragraph in lines:
        for line in simpleSplit(paragraph, REGULAR, TEXT_SIZE, width):
            canvas.drawString(x, y, line)
            y -= LEADING
        y -= 3
    return y


def _heading(canvas: Any, text: str, x: float, y: float, max_width: float | None = None) -> None:
    """A centred heading at 13 pt, smaller if it must fit ``max_width``."""
    size = 13.0
    if max_width is not None:
        size = min(size, size * max_width / canvas.stringWidth(text, BOLD, size))
    canvas.setFillColorRGB(*INK)
    canvas.setFont(BOLD, size)
    canvas.drawCentredString(x, y, text)


def _scales_for(canvas: Any, t: Target, fold: bool) -> None:
    """A back target's DX scale (beside the cross, towards the inside) and its DY scale."""
    name_x, name_y = ("fold", "fold") if fold else ("DX", "DY")
    where = "" if fold else t.name
    reading_scale(canvas, t.x, t.y + t.sy * AWAY, "x", t.sy, name_x, where)
    reading_scale(canvas, t.x + t.sx * AWAY, t.y, "y", t.sx, name_y, where)


def _readings_table(canvas: Any, names: list[str], x: float, y: float) -> None:
    """Blank boxes to write each target's readings in."""
    canvas.setFillColorRGB(*INK)
    canvas.setStrokeColorRGB(*INK)
    canvas.setLineWidth(0.4)
    canvas.setFont(BOLD, 8)
    canvas.drawString(x, y, "Your readings (mm)")
    canvas.drawCentredString(x + 95, y, "DX")
    canvas.drawCentredString(x + 135, y, "DY")
    canvas.setFont(REGULAR, 8)
    for name in names:
        y -= 15
        canvas.drawString(x, y + 2, name)
        canvas.rect(x + 78, y - 2, 34, 12)
        canvas.rect(x + 118, y - 2, 34, 12)


def back_area(sheet: SheetOptions) -> tuple[float, float, float, float]:
    """The back page's area before the offset: the mirror image of the front area, so the back's
    content, moved by the offset, stays inside the margins (see SheetOptions.front_area)."""
    x0, y0, x1, y1 = front_area(sheet)
    if sheet.duplex == "long":
        return (sheet.width - x1, y0, sheet.width - x0, y1)
    return (x0, sheet.height - y1, x1, sheet.height - y0)


def _front(
    canvas: Any, sheet: SheetOptions, marks: list[Target], rebuild: str | None = None
) -> None:
    w, h = sheet.width, sheet.height
    x0, y0, x1, y1 = front_area(sheet)
    fold = sheet.duplex == "none"
    for t in marks:
        target(canvas, t.x, t.y, t.sx * ARM, t.sy * ARM)
    if fold:
        canvas.setFillColorRGB(*INK)
        canvas.setFont(BOLD, 13)
        canvas.drawString(x0, y1 - 13, TITLE)
        _paragraphs(canvas, instructions(sheet), x0, y1 - 32, w / 2 - x0 - 12)
        scale_bars(canvas, x0, y0 + 10, upright=True)  # 4 in is wider than half a Letter
        canvas.setStrokeColorRGB(*INK)
        canvas.setDash([4, 3])
        canvas.line(w / 2, footer_top(sheet), w / 2, h)  # stops above the footer text
        canvas.setDash([])
        return
    _heading(canvas, "FRONT: printer calibration", w / 2, y1 - 13)
    steps = instructions(sheet, rebuild)
    centre = marks[0]
    if centre.sy > 0:  # the centre's long arm points up: steps 5-6 go below the centre
        _paragraphs(canvas, steps[:4], x0, y1 - TEXT_BELOW, x1 - x0)
        _paragraphs(canvas, steps[4:], x0, centre.y - CROSS_OUT - 4 * MM - TEXT_SIZE, x1 - x0)
    else:
        _paragraphs(canvas, steps, x0, y1 - TEXT_BELOW, x1 - x0)
    scale_bars(canvas, (w - 100 * MM) / 2, y0 + CORNER + ARM + 4 * MM)


def _back(canvas: Any, sheet: SheetOptions, marks: list[Target]) -> None:
    x0, y0, x1, y1 = back_area(sheet)
    dx, dy = sheet.back_offset
    seen = [on_back(t, sheet) for t in marks]
    for t in seen:
        _scales_for(canvas, t, fold=False)
    between = x1 - x0 - 2 * (CORNER + AWAY + REACH + 7 * MM)  # between the top corners' scales
    heading = "BACK: hold this side towards you"
    _heading(canvas, heading, (x0 + x1) / 2 + dx, y1 - 13 + dy, between)
    text_top = y1 - TEXT_BELOW + dy
    _paragraphs(
        canvas,
        [
            "Against a light, read where each cross from the other side meets its scales: DX "
            "on the horizontal scale, DY on the vertical one. Right of 0 and above 0 are +; "
            "blue numbers are +, red ones \u2013. Write the readings down.",
            f"Printed with --back-offset {_offset_text(sheet)}; new offset = that + the "
            "centre's readings. A cross that misses its scale is more than 10 mm out: measure "
            "from the scale's 0 with a ruler, add that, and print this sheet again.",
        ],
        x0 + dx,
        text_top,
        x1 - x0,
    )
    centre = seen[0]
    below = centre.y - 20 * MM  # under the centre target's short arm and DY scale
    _readings_table(canvas, TABLE_ORDER, x0 + dx + 4 * MM, below)
    _paragraphs(canvas, back_notes(), x0 + dx + 4 * MM + 170, below, x1 - x0 - 8 * MM - 170)


def write_calibration_pdf(
    path: str | os.PathLike[str], sheet: SheetOptions, rebuild: str | None = None
) -> PdfStats:
    """Write the calibration sheet for ``sheet``'s paper and duplex mode; ``rebuild`` is the
    command step 5 gives (default: `havoc-pnp build` with every option of ``sheet``)."""
    target_path = Path(path)
    fold = sheet.duplex == "none"
    pages = 1 if fold else 2
    marks = targets(sheet)
    with atomic_file(target_path) as handle, binary_streams():
        canvas = new_canvas(handle, sheet, TITLE, f"Calibration: {sheet.describe()}")
        writer = PageWriter(canvas, TITLE, sheet, offset_label(sheet))
        _front(canvas, sheet, marks, rebuild)
        if fold:
            for t in marks:
                mirrored = Target(t.name, sheet.width - t.x, t.y, -t.sx, t.sy)
                _scales_for(canvas, mirrored, fold=True)
            writer.end_page("fold on the dashed line", note="")
        else:
            writer.end_page(
                side_words("front", sheet.duplex),
                note=f"print two-sided, flip on {sheet.duplex} edge  \u00b7  {offset_label(sheet)}",
            )
            _back(canvas, sheet, marks)
            writer.end_page(side_words("back", sheet.duplex))
        writer.close()
        canvas.save()
    return PdfStats(target_path, pages, 1, 0, target_path.stat().st_size)
