"""The printer calibration sheet: measure the duplex back offset and check 100% scale.

Page 1 (front) carries a large cross at the centre of the page, scale bars of 100 mm and 4 in
and the instructions. Page 2 (back) carries two millimetre scales where the cross lands after
the flip (shifted by any --back-offset already given, like every back page). Held up to the
light, back facing you, the cross's vertical line crosses the DX scale and its horizontal line
the DY scale; right and up are positive as you look at the back, which is the sign
`--back-offset DX,DY` uses. With ``--duplex none`` it is one fold-over page that checks the fold.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from generator.options import SheetOptions
from generator.render_pdf import PdfStats, atomic_file, binary_streams, draw_footer, new_canvas
from generator.units import INCH, MM

TITLE = "Havoc Kit — printer calibration"
CROSS_ARM = 40 * MM  # the front cross reaches this far from its centre
SCALE_AWAY = 22 * MM  # each back scale sits this far from where the cross should land
SCALE_HALF = 12  # each scale reads -12..+12 mm
INK = (0, 0, 0)
RED = (0.75, 0.09, 0.11)


def _offset_text(sheet: SheetOptions) -> str:
    dx, dy = sheet.back_offset_mm
    return f"{dx:g},{dy:g}"


def instructions(sheet: SheetOptions) -> list[str]:
    """The printed instructions, one paragraph each."""
    if sheet.duplex == "none":
        return [
            "1. Print this page at 100% (Actual size, not Fit to page).",
            "2. The bars at the bottom must measure exactly 100 mm and 4 in; if not, your "
            "print dialog is scaling the page.",
            "3. Fold along the dashed line, printed side out, and hold the sheet up to a "
            "light. The cross shows through onto the scales: a reading of 0 means your fold "
            "lines the backs up with the fronts; otherwise move the fold by that much.",
        ]
    edge = sheet.duplex
    current = _offset_text(sheet)
    return [
        f"1. Print both pages on ONE sheet at 100% (Actual size, not Fit to page), "
        f"two-sided, flip on the {edge} edge.",
        "2. The bars below must measure exactly 100 mm and 4 in; if not, your print dialog "
        "is scaling the page: fix that first.",
        "3. Hold the sheet up to a light with the BACK (the side with the scales) facing you. "
        "This page's cross shows through.",
        "4. DX = where the cross's vertical line meets the horizontal scale; DY = where its "
        "horizontal line meets the vertical scale. Right and up are + as you look at the back.",
        f"5. This sheet was printed with --back-offset {current}. Add your readings to it: "
        f"new DX = {sheet.back_offset_mm[0]:g} + reading, new DY = "
        f"{sheet.back_offset_mm[1]:g} + reading. Readings of 0,0 mean the offset is right.",
        f"6. Then print with: havoc-pnp counters --duplex {edge} --back-offset DX,DY",
    ]


def _paragraphs(canvas: Any, lines: list[str], x: float, y: float, width: float) -> float:
    from reportlab.lib.utils import simpleSplit

    size, leading = 8.5, 11.0
    canvas.setFillColorRGB(*INK)
    canvas.setFont("Helvetica", size)
    for paragraph in lines:
        for line in simpleSplit(paragraph, "Helvetica", size, width):
            canvas.drawString(x, y, line)
            y -= leading
        y -= 3
    return y


def _scale_bars(canvas: Any, x: float, y: float) -> None:
    """A 100 mm bar (ticks every mm) and a 4 in bar (ticks every 1/8 in) above it."""
    canvas.setStrokeColorRGB(*INK)
    canvas.setFillColorRGB(*INK)
    for length, step, major, label, base in (
        (100 * MM, 1 * MM, 10, "100 mm", y),
        (4 * INCH, INCH / 8, 8, "4 in", y + 30),
    ):
        canvas.setLineWidth(0.6)
        canvas.line(x, base, x + length, base)
        ticks = round(length / step)
        for i in range(ticks + 1):
            tall = 7 if i % major == 0 else (4.5 if i % (major // 2) == 0 else 2.5)
            canvas.setLineWidth(0.5 if i % major == 0 else 0.25)
            canvas.line(x + i * step, base, x + i * step, base + tall)
        canvas.setFont("Helvetica", 7)
        canvas.drawString(x, base + 9.5, f"{label}: this bar must measure exactly {label}")


def _cross(canvas: Any, cx: float, cy: float) -> None:
    canvas.setStrokeColorRGB(*INK)
    canvas.setLineWidth(0.5)
    canvas.line(cx - CROSS_ARM, cy, cx + CROSS_ARM, cy)
    canvas.line(cx, cy - CROSS_ARM, cx, cy + CROSS_ARM)
    canvas.circle(cx, cy, 4 * MM, stroke=1, fill=0)
    canvas.setFont("Helvetica", 6.5)
    canvas.setFillColorRGB(*INK)
    canvas.drawString(cx + 5 * MM, cy + 5 * MM, "cross")


def _mm_scale(canvas: Any, x: float, y: float, vertical: bool, name: str) -> None:
    """A scale reading -SCALE_HALF..+SCALE_HALF mm centred on (x, y), ticks every 0.5 mm."""
    canvas.setStrokeColorRGB(*RED)
    canvas.setFillColorRGB(*RED)
    canvas.setFont("Helvetica", 5)
    for half in range(-2 * SCALE_HALF, 2 * SCALE_HALF + 1):
        at = half * 0.5 * MM
        whole = half % 2 == 0
        tall = (5 if half % 10 == 0 else 3.5) if whole else 2
        canvas.setLineWidth(0.35 if whole else 0.2)
        if vertical:
            canvas.line(x, y + at, x + tall, y + at)
            if half % 10 == 0:
                canvas.drawString(x + 6.5, y + at - 1.7, f"{half // 2:+d}" if half else "0")
        else:
            canvas.line(x + at, y, x + at, y + tall)
            if half % 10 == 0:
                canvas.drawCentredString(x + at, y + 6.5, f"{half // 2:+d}" if half else "0")
    canvas.setLineWidth(0.35)
    span = SCALE_HALF * MM
    if vertical:
        canvas.line(x, y - span, x, y + span)
        canvas.setFont("Helvetica-Bold", 7)
        canvas.drawString(x - 4, y + span + 5, f"{name} (mm, up +)")
    else:
        canvas.line(x - span, y, x + span, y)
        canvas.setFont("Helvetica-Bold", 7)
        canvas.drawString(x + span + 5, y - 2, f"{name} (mm, right +)")


def _scales(canvas: Any, cx: float, cy: float, fold: bool) -> None:
    """Where the cross should land at (cx, cy): a DX scale above it, a DY scale to its right."""
    _mm_scale(canvas, cx, cy + SCALE_AWAY, False, "fold" if fold else "DX")
    _mm_scale(canvas, cx + SCALE_AWAY, cy, True, "fold" if fold else "DY")


def write_calibration_pdf(path: str | os.PathLike[str], sheet: SheetOptions) -> PdfStats:
    """Write the calibration sheet for ``sheet``'s paper and duplex mode."""
    target = Path(path)
    w, h = sheet.width, sheet.height
    x0, y0, x1, y1 = sheet.usable
    fold = sheet.duplex == "none"
    pages = 1 if fold else 2
    with atomic_file(target) as handle, binary_streams():
        canvas = new_canvas(handle, sheet, TITLE, f"Calibration: {sheet.describe()}")
        # ---- front
        canvas.setFillColorRGB(*INK)
        canvas.setFont("Helvetica-Bold", 13)
        canvas.drawString(x0, y1 - 13, "FRONT: printer calibration" if not fold else TITLE)
        text_width = (w / 2 - x0 - 12) if fold else (x1 - x0)
        _paragraphs(canvas, instructions(sheet), x0, y1 - 32, text_width)
        cx, cy = (w / 4, h / 2 - 40) if fold else (w / 2, h / 2 - 40)
        _cross(canvas, cx, cy)
        _scale_bars(canvas, x0, y0 + 30)
        if fold:
            _scales(canvas, w - cx, cy, fold=True)
            canvas.setStrokeColorRGB(*INK)
            canvas.setDash([4, 3])
            canvas.line(w / 2, 0, w / 2, h)
            canvas.setDash([])
            label = "one page: fold on the dashed line"
        else:
            label = f"page 1/2 \u00b7 FRONT \u00b7 print two-sided, flip on {sheet.duplex} edge"
        draw_footer(canvas, f"{TITLE}  \u00b7  {label}", sheet)
        canvas.showPage()
        if not fold:
            # ---- back: the scales where the cross lands, shifted like every back page
            bx = w - cx if sheet.duplex == "long" else cx
            by = cy if sheet.duplex == "long" else h - cy
            dx, dy = sheet.back_offset
            canvas.setFillColorRGB(*INK)
            canvas.setFont("Helvetica-Bold", 13)
            canvas.drawString(x0 + dx, y1 - 13 + dy, "BACK: hold this side towards you")
            _paragraphs(
                canvas,
                [
                    "Against a light, read where the front's cross meets the red scales: "
                    "DX on the horizontal scale, DY on the vertical one (right and up are +).",
                    f"Printed with --back-offset {_offset_text(sheet)}; new offset = that + "
                    "your readings.",
                ],
                x0 + dx,
                y1 - 32 + dy,
                x1 - x0,
            )
            _scales(canvas, bx + dx, by + dy, fold=False)
            draw_footer(
                canvas,
                f"{TITLE}  \u00b7  page 2/2 \u00b7 BACK (flip on {sheet.duplex} edge)",
                sheet,
            )
            canvas.showPage()
        canvas.save()
    return PdfStats(target, pages, 1, 0, target.stat().st_size)
