"""A Kniggits ruler in inches, exactly to scale (its page carries the kit's 100 mm check bar).

The rules measure everything in inches, for figures about an inch tall; for smaller figures
they halve every distance, for big ones they double them (``--scale half|double``). The ruler
always has true inches (a mark every inch and half inch, 72 pt apart) and is ``12 x scale``
inches long, split over strips that fit the paper: every strip but the last ends in a glue tab,
and the next strip's zero edge is laid on the "join" line. Along it are the rules' distances at
that scale (from ``rules.toml``): the combat range, the deployment depth, and how far each
Movement token takes a kniggit. Drawn straight onto a reportlab canvas, in points.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from companion.kniggits.rules import KniggitRules
from generator.sheet.fonts import BOLD, REGULAR, pdf_font
from generator.sheet.units import INCH

SCALES = {"half": 0.5, "normal": 1.0, "double": 2.0}
SCALE_WORDS = {
    "half": "HALF SCALE (figures under an inch tall): every distance halved",
    "normal": "NORMAL SCALE (figures about an inch tall)",
    "double": "DOUBLE SCALE (really big figures): every distance doubled",
}
RULER_INCHES = 12  # "A RULER: Marked in inches"; 12 = the longest move (max_move)
STRIP_H = 1.1 * INCH
TAB = 0.5 * INCH
INCH_TICK_WIDTH = 0.8  # tests find the inch marks by this width
HALF_TICK_WIDTH = 0.5
COMBAT = "#d55e00"
DEPLOY = "#56b4e9"


@dataclass(frozen=True)
class Strip:
    """One printed strip: the inches it covers, ``start`` to ``end``."""

    number: int
    start: int
    end: int


def strips(total: int, fits: int) -> list[Strip]:
    """``total`` inches split into as few strips as fit (``fits`` inches each), evenly."""
    count = math.ceil(total / fits)
    size = math.ceil(total / count)
    out: list[Strip] = []
    start = 0
    while start < total:
        end = min(start + size, total)
        out.append(Strip(len(out) + 1, start, end))
        start = end
    return out


def ruler_length(rules: KniggitRules, scale: str) -> int:
    """The ruler's length in true inches: the longest move at this scale, at least 6."""
    return max(6, round(max(RULER_INCHES, rules.max_move) * SCALES[scale]))


def _hatch(canvas: Any, x: float, y: float, w: float, h: float, step: float = 5.0) -> None:
    """Diagonal lines clipped to a box (a pattern, so the band does not rely on colour)."""
    canvas.saveState()
    path = canvas.beginPath()
    path.rect(x, y, w, h)
    canvas.clipPath(path, stroke=0, fill=0)
    canvas.setLineWidth(0.4)
    k = -h
    while k < w:
        canvas.line(x + k, y, x + k + h, y + h)
        k += step
    canvas.restoreState()


def draw_strip(
    canvas: Any, strip: Strip, x: float, y: float, rules: KniggitRules, scale: str, last: bool
) -> None:
    """One strip with its zero edge at x and its bottom at y (points)."""
    factor = SCALES[scale]
    inches = strip.end - strip.start
    length = inches * INCH
    regular, bold = pdf_font(REGULAR), pdf_font(BOLD)
    # the rules' distances as bands along the top edge: deployment, then combat range
    for distance, colour, word, top, hatch in (
        (rules.deployment * factor, DEPLOY, "DEPLOY", 0.62, False),
        (rules.combat_range * factor, COMBAT, "IN COMBAT", 0.82, True),
    ):
        lo, hi = max(strip.start, 0), min(strip.end, distance)
        if hi <= lo:
            continue
        bx, bw = x + (lo - strip.start) * INCH, (hi - lo) * INCH
        by, bh = y + STRIP_H * top, STRIP_H * 0.18
        canvas.setFillColor(colour)
        canvas.rect(bx, by, bw, bh, stroke=0, fill=1)
        canvas.setStrokeColor("#000000")
        if hatch:
            _hatch(canvas, bx, by, bw, bh)
        label = f"{word} \u2264 {distance:g} in"
        canvas.setFont(bold, 7)
        if bw > canvas.stringWidth(label, bold, 7) + 6:
            canvas.setFillColor("#ffffff")
            canvas.rect(bx + 1, by + 2, canvas.stringWidth(label, bold, 7) + 3, 9, 0, 1)
            canvas.setFillColor("#000000")
            canvas.drawString(bx + 2.5, by + 4, label)
        if hi == distance and distance > strip.start:
            canvas.setLineWidth(1.2)
            canvas.line(bx + bw, by - 2, bx + bw, by + bh)
    # movement per token: a small flag every inches_per_token x scale
    step = rules.inches_per_token * factor
    canvas.setFont(bold, 6.5)
    canvas.setFillColor("#000000")
    tokens = 1
    while tokens * step <= rules.max_move * factor + 1e-9:
        at = tokens * step
        if strip.start < at <= strip.end:
            mx = x + (at - strip.start) * INCH
            draw = canvas.drawRightString if at == strip.end else canvas.drawCentredString
            draw(mx - (2 if at == strip.end else 0), y + STRIP_H * 0.50, f"{tokens}M")
        tokens += 1
    # the ticks: every inch (numbered) and half inch, from the bottom edge
    canvas.setStrokeColor("#000000")
    for half in range(0, 2 * inches + 1):
        tx = x + half * INCH / 2
        if half % 2 == 0:
            canvas.setLineWidth(INCH_TICK_WIDTH)
            canvas.line(tx, y, tx, y + STRIP_H * 0.32)
        else:
            canvas.setLineWidth(HALF_TICK_WIDTH)
            canvas.line(tx, y, tx, y + STRIP_H * 0.18)
    canvas.setFont(bold, 9)
    for inch in range(inches + 1):
        text, tx = str(strip.start + inch), x + inch * INCH
        if inch == 0:
            canvas.drawString(tx + 2, y + STRIP_H * 0.35, text)
        elif inch == inches:
            canvas.drawRightString(tx - 2, y + STRIP_H * 0.35, text)
        else:
            canvas.drawCentredString(tx, y + STRIP_H * 0.35, text)
    # the cut outline (and the glue tab)
    canvas.setLineWidth(0.5)
    canvas.setStrokeColor("#000000")
    canvas.rect(x, y, length, STRIP_H, stroke=1, fill=0)
    canvas.setFont(regular, 6.5)
    canvas.drawRightString(x + length - 3, y + STRIP_H - 9, f"strip {strip.number} \u00b7 {scale}")
    if not last:
        canvas.setDash([3, 2])
        canvas.rect(x + length, y, TAB, STRIP_H, stroke=1, fill=0)
        canvas.setDash([])
        canvas.setFillColor("#dddddd")
        canvas.rect(x + length, y, TAB, STRIP_H, stroke=0, fill=1)
        canvas.setFillColor("#000000")
        canvas.saveState()
        canvas.translate(x + length + TAB / 2 + 3, y + STRIP_H / 2)
        canvas.rotate(90)
        canvas.setFont(bold, 6.5)
        canvas.drawCentredString(0, 4, f"GLUE strip {strip.number + 1}")
        canvas.drawCentredString(0, -5, "edge on the join")
        canvas.restoreState()
        canvas.setFont(bold, 6.5)
        canvas.drawRightString(x + length - 8, y + STRIP_H - 20, "join")
        canvas.setFillColor("#000000")
        jy = y + STRIP_H - 18
        path = canvas.beginPath()
        path.moveTo(x + length - 7, jy - 3)
        path.lineTo(x + length - 1, jy)
        path.lineTo(x + length - 7, jy + 3)
        path.close()
        canvas.drawPath(path, stroke=0, fill=1)
