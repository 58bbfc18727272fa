"""Rulers drawn on the calibration sheet: the millimetre reading scales, the target cross and
the 100 mm / 4 in scale bars; and the 100 mm check bar other sheets carry (`check_bar`).
Everything is in points on a reportlab canvas, y up.

A reading scale runs -10..+10 mm around its zero: the fine part (-6..+6) has a tick every
0.5 mm and a number every millimetre (even numbers close to the line, odd ones at the end of
longer ticks, so neighbouring numbers never touch); the coarse part (6..10) has a tick every
millimetre and the number 10. Numbers are unsigned; the sign is printed at each end in
large type and the negative half is drawn in red, the positive half in blue.
"""

from __future__ import annotations

from typing import Any, Literal

from generator.sheet import fonts
from generator.sheet.canvas_kit import text
from generator.sheet.fonts import pdf_font
from generator.sheet.units import INCH, MM

INK = (0, 0, 0)
REGULAR, BOLD = pdf_font(fonts.REGULAR), pdf_font(fonts.BOLD)  # embedded
PLUS = (0.08, 0.24, 0.60)  # the + half of a scale
MINUS = (0.75, 0.09, 0.11)  # the - half
FINE = 6  # mm each way with 0.5 mm ticks
SPAN = 10  # mm each way in all
NUMBER_SIZE = 6.0
REACH = 9.5 * MM  # how far ticks and numbers reach from the scale's base line
CROSS_OUT = 6 * MM  # a target's short arms (towards the page edge)
CROSS_WIDTH = 0.4

Axis = Literal["x", "y"]


def _tick(mm2: int) -> tuple[float, float, int | None, float]:
    """(length in points, line width, number or None, where the number sits) for half-mm step
    ``mm2`` (so ``mm2 == 3`` is 1.5 mm)."""
    whole, half = divmod(abs(mm2), 2)
    if half:  # half millimetres, fine part only
        return (2.0 * MM, 0.25, None, 0.0)
    if whole == 0:
        return (3.6 * MM, 0.7, 0, 4.0 * MM)
    if whole <= FINE:
        width = 0.5 if whole % 5 == 0 else 0.3
        if whole % 2:  # odd: a long tick, its number at the end
            return (6.6 * MM, width, whole, 7.0 * MM)
        return (3.6 * MM, width, whole, 4.0 * MM)
    if whole % 5:
        return (2.6 * MM, 0.25, None, 0.0)
    return (3.6 * MM, 0.5 if whole % 5 == 0 else 0.3, whole, 4.0 * MM)


def reading_scale(
    canvas: Any, x: float, y: float, axis: Axis, out: int, name: str, where: str = ""
) -> None:
    """A -10..+10 mm scale with its zero at (x, y) along ``axis``.

    ``out`` (+1 or -1) is the side of the base line the ticks and numbers go to. ``name`` (DX,
    DY, fold) and the sign convention are written beyond the numbers; ``where`` names the target.
    """
    horizontal = axis == "x"
    cap = NUMBER_SIZE * 0.72
    for mm2 in range(-2 * SPAN, 2 * SPAN + 1):
        if abs(mm2) > 2 * FINE and mm2 % 2:
            continue
        length, width, number, at = _tick(mm2)
        ink = INK if mm2 == 0 else (PLUS if mm2 > 0 else MINUS)
        canvas.setStrokeColorRGB(*ink)
        canvas.setFillColorRGB(*ink)
        canvas.setLineWidth(width)
        pos = mm2 * 0.5 * MM
        if horizontal:
            canvas.line(x + pos, y, x + pos, y + out * length)
        else:
            canvas.line(x, y + pos, x + out * length, y + pos)
        if number is None:
            continue
        canvas.setFont(BOLD, NUMBER_SIZE + (1 if mm2 == 0 else 0))
        text = str(number)
        if horizontal:
            base = y + out * at + (0 if out > 0 else -cap)
            canvas.drawCentredString(x + pos, base, text)
        elif out > 0:
            canvas.drawString(x + at, y + pos - cap / 2, text)
        else:
            canvas.drawRightString(x - at, y + pos - cap / 2, text)
    span = SPAN * MM
    for sign, ink in ((1, PLUS), (-1, MINUS)):
        canvas.setStrokeColorRGB(*ink)
        canvas.setFillColorRGB(*ink)
        canvas.setLineWidth(0.5)
        canvas.setFont(BOLD, 11)
        mark = "+" if sign > 0 else "\u2013"
        if horizontal:
            canvas.line(x, y, x + sign * span, y)
            end = x + sign * (span + 2.5)
            (canvas.drawString if sign > 0 else canvas.drawRightString)(end, y - 4, mark)
        else:
            canvas.line(x, y, x, y + sign * span)
            canvas.drawCentredString(x, y + sign * (span + 3) - (8 if sign < 0 else 0), mark)
    canvas.setFillColorRGB(*INK)
    canvas.setFont(BOLD, 7)
    sense = {"x": "right +, left \u2013", "y": "up +, down \u2013"}[axis]
    label = f"{name} ({where}) mm: {sense}" if where else f"{name} mm: {sense}"
    if horizontal:
        base = y + out * (REACH + 1.5) + (0 if out > 0 else -5)
        canvas.drawCentredString(x, base, label)
    else:
        canvas.saveState()
        canvas.translate(x + out * (REACH + 1.5 + (0 if out < 0 else 5)), y)
        canvas.rotate(90)
        canvas.drawCentredString(0, 0, label)
        canvas.restoreState()


def target(canvas: Any, x: float, y: float, reach_x: float, reach_y: float) -> None:
    """A cross at (x, y): long arms of ``reach_x``/``reach_y`` points (signed: which way they
    go), short arms of CROSS_OUT the other way, and a small circle round the centre."""
    canvas.setStrokeColorRGB(*INK)
    canvas.setLineWidth(CROSS_WIDTH)
    sx = 1 if reach_x > 0 else -1
    sy = 1 if reach_y > 0 else -1
    canvas.line(x - sx * CROSS_OUT, y, x + reach_x, y)
    canvas.line(x, y - sy * CROSS_OUT, x, y + reach_y)
    canvas.setLineWidth(0.3)
    canvas.circle(x, y, 2.5 * MM, stroke=1, fill=0)


def scale_bars(canvas: Any, x: float, y: float, upright: bool = False) -> None:
    """A 100 mm bar (ticks every mm) and a 4 in bar (ticks every 1/8 in) above it, starting at
    (x, y); ``upright`` turns them to run up the page (their ticks to the left of x + 48)."""
    if upright:
        canvas.saveState()
        canvas.translate(x + 48, y)
        canvas.rotate(90)
        scale_bars(canvas, 0, 0)
        canvas.restoreState()
        return
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
        canvas.setFont(REGULAR, 7)
        canvas.drawString(x, base + 9.5, f"{label}: this bar must measure exactly {label}")


CHECK_BAR_WIDTH = 1.0  # the check bar's line and ticks, pt (a width tests look for)
CHECK_BAR_WORDS = "100 mm: measure it; if not 100 mm, print at 100% (no fit to page)"


def check_bar(canvas: Any, x: float, y: float, right: float) -> None:
    """A 100 mm bar from (x, y) with a tick every 10 mm (taller every 50 mm), its words to its
    right, shrunk to end by ``right``: measure it to check the print is at 100%. Drawn from
    2 pt below ``y`` (the words' baseline) to 6 pt above it."""
    canvas.setStrokeColorRGB(*INK)
    canvas.setLineWidth(CHECK_BAR_WIDTH)
    canvas.line(x, y, x + 100 * MM, y)
    canvas.lines(
        [(x + i * 10 * MM, y, x + i * 10 * MM, y + (6 if i % 5 == 0 else 3)) for i in range(11)]
    )
    words_x = x + 100 * MM + 6
    text(canvas, words_x, y - 2, CHECK_BAR_WORDS, 7.5, max_width=right - words_x)
