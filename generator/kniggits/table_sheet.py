"""The Kniggits table sheet: page 1 the ruler and a 100 mm check bar, then cut-out obstacles
with a 2-inch spacing gauge ("Obstacles should either be touching each other - or at least two
inches apart"). Everything is at the chosen scale; the obstacles' shapes and sizes are the
kit's own (the rules suggest Lego, books or CD cases).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.errors import InputError
from companion.kniggits.rules import KniggitRules
from generator.kniggits.ruler import (
    SCALE_WORDS,
    SCALES,
    STRIP_H,
    TAB,
    draw_strip,
    ruler_length,
    strips,
)
from generator.sheet.canvas_kit import text as _text
from generator.sheet.files import atomic_file, binary_streams
from generator.sheet.fonts import BOLD, REGULAR, pdf_font
from generator.sheet.options import PaperTooSmall, SheetOptions
from generator.sheet.pages import PageWriter
from generator.sheet.render_pdf import PdfStats, new_canvas
from generator.sheet.scales import check_bar
from generator.sheet.units import INCH

TITLE = "Kniggits — ruler and obstacles"
GAP = 0.3 * INCH
GAUGE_WIDTH = 0.9  # neither a ruler tick's width nor the 100 mm bar's: they share a page
CUT_GAP = 0.2 * INCH  # between two obstacles: room for a cut round each


@dataclass(frozen=True)
class Obstacle:
    """A cut-out obstacle: a kind (wall, wood, rocks, tower) and its size in game inches."""

    kind: str
    w: float
    h: float


# The kit's own set: "Half a dozen large obstacles or a couple of dozen small ones is fine."
OBSTACLES = (
    Obstacle("wall", 4, 0.5), Obstacle("wall", 3, 0.5), Obstacle("wall", 2, 0.5),
    Obstacle("wood", 2.5, 2.5), Obstacle("wood", 2, 2), Obstacle("rocks", 2, 1.5),
    Obstacle("rocks", 1.5, 1), Obstacle("tower", 1.5, 1.5), Obstacle("tower", 1, 1),
)  # fmt: skip
PATTERN = {"wall": "bricks", "wood": "rings", "rocks": "dots", "tower": "cross"}
FILL = {"wall": "#e8d7b8", "wood": "#cfe3c2", "rocks": "#d9d9d9", "tower": "#e6cfcf"}


def check_fits(sheet: SheetOptions, scale: str) -> None:
    """Refuse, before anything is written, paper the ruler or an obstacle cannot fit on."""
    x0, y0, x1, y1 = sheet.safe_area
    if int((x1 - x0 - TAB) // INCH) < 2 or y1 - y0 < 2 * STRIP_H + 100:
        raise PaperTooSmall(
            f"--paper: {sheet.paper} inside its margins is too small for the ruler (at least "
            f"{(2 * INCH + TAB) / INCH:g} in of width and room for two strips)"
        )
    factor = SCALES[scale]
    for obstacle in OBSTACLES:
        w, h = sorted((obstacle.w * factor * INCH, obstacle.h * factor * INCH))
        if w > x1 - x0 or h > max(x1 - x0, y1 - y0 - 60):
            raise InputError(
                f"--paper: a {obstacle.w * factor:g} x {obstacle.h * factor:g} in {obstacle.kind} "
                f"does not fit inside the margins of {sheet.paper}; use larger paper or a "
                "smaller --scale"
            )


def ruler_page(canvas: Any, sheet: SheetOptions, rules: KniggitRules, scale: str) -> list[tuple]:
    """Draw the ruler at the top of the page; return each strip's (strip, x, y) for tests and
    previews (what comes below starts under `ruler_bottom`)."""
    x0, y0, x1, y1 = sheet.safe_area
    top = y1 - 14
    _text(canvas, x0, top, f"Kniggits ruler \u2014 {SCALE_WORDS[scale]}", 12, True)
    factor = SCALES[scale]
    length = ruler_length(rules, scale)
    check_fits(sheet, scale)
    fits = int((x1 - x0 - TAB) // INCH)
    parts = strips(length, fits)
    _text(
        canvas,
        x0,
        top - 14,
        f"{length} in in {len(parts)} strip{'s' if len(parts) > 1 else ''}: a mark every inch "
        "and half inch. Cut on the solid lines; glue each strip on the grey tab of the one "
        "before.",
        7.5,
    )
    _text(
        canvas,
        x0,
        top - 24,
        f"From the rules at this scale: IN COMBAT within {rules.combat_range * factor:g} in "
        f"(hatched), DEPLOY within {rules.deployment * factor:g} in, "
        f"{rules.inches_per_token * factor:g} in a Movement token (1M, 2M ...), at most "
        f"{rules.max_move * factor:g} in, crawl {rules.crawl * factor:g} in.",
        7.5,
    )
    y = top - 40 - STRIP_H
    placed = []
    for strip in parts:
        if y < y0 + 60:
            break  # never: 24 in is four strips
        draw_strip(canvas, strip, x0, y, rules, scale, strip is parts[-1])
        placed.append((strip, x0, y))
        y -= STRIP_H + GAP
    check_bar(canvas, x0, max(y0 + 20, y + STRIP_H - 30), x1)
    return placed


def ruler_bottom(placed: list[tuple]) -> float:
    """The lowest point the ruler page drew (its 100 mm bar, with its words)."""
    return min(y for _, _, y in placed) - GAP - 30 - 12


def _pattern(canvas: Any, kind: str, x: float, y: float, w: float, h: float) -> None:
    canvas.saveState()
    path = canvas.beginPath()
    path.rect(x, y, w, h) if kind != "wood" else path.ellipse(x, y, w, h)
    canvas.clipPath(path, stroke=0, fill=0)
    canvas.setStrokeColor("#555555")
    canvas.setLineWidth(0.4)
    style = PATTERN[kind]
    if style == "bricks":
        row = 9.0
        for i, yy in enumerate(_steps(y, y + h, row)):
            canvas.line(x, yy, x + w, yy)
            for xx in _steps(x + (9 if i % 2 else 0), x + w, 18):
                canvas.line(xx, yy, xx, yy + row)
    elif style == "rings":
        for r in _steps(6, max(w, h), 8):
            canvas.circle(x + w / 2, y + h / 2, r, stroke=1, fill=0)
    elif style == "dots":
        canvas.setFillColor("#555555")
        for i, yy in enumerate(_steps(y + 4, y + h, 8)):
            for xx in _steps(x + 4 + (4 if i % 2 else 0), x + w, 8):
                canvas.circle(xx, yy, 1.2, stroke=0, fill=1)
    else:
        canvas.line(x, y, x + w, y + h)
        canvas.line(x, y + h, x + w, y)
    canvas.restoreState()


def _steps(start: float, stop: float, step: float) -> list[float]:
    out, value = [], start
    while value < stop:
        out.append(value)
        value += step
    return out


def obstacle_pages(
    writer: PageWriter, sheet: SheetOptions, scale: str, below: float | None = None
) -> int:
    """Draw the obstacles and the spacing gauge, page after page, each ended by ``writer``,
    from ``below`` on the page begun (the ruler's) or from the top of a new one; return the
    new pages begun."""
    canvas = writer.canvas
    factor = SCALES[scale]
    x0, y0, x1, y1 = sheet.safe_area
    pages = 0 if below is not None else 1
    gauge = 2 * factor * INCH
    top = (y1 if below is None else below) - 14
    _text(canvas, x0, top, f"Kniggits obstacles \u2014 {SCALE_WORDS[scale]}", 12, True)
    _text(
        canvas,
        x0,
        top - 14,
        "The rules: obstacles either touch each other, or are at least two inches apart"
        + (f" ({2 * factor:g} in at this scale)." if factor != 1 else "."),
        7.5,
    )
    _text(canvas, x0, top - 24, "Shapes and sizes are the kit's own. Cut on the outlines.", 7.5)
    gy = top - 34 - 0.5 * INCH
    canvas.setFillColor("#fff4c2")
    canvas.setStrokeColor("#000000")
    canvas.setLineWidth(GAUGE_WIDTH)
    canvas.rect(x0, gy, gauge, 0.5 * INCH, stroke=1, fill=1)
    for end in (x0, x0 + gauge):
        canvas.line(end, gy, end, gy + 0.5 * INCH)
    _text(canvas, x0 + 3, gy + 0.5 * INCH - 10, f"GAUGE {2 * factor:g} in", 7, True)
    _text(
        canvas, x0 + gauge + 6, gy + 0.25 * INCH - 3, "obstacles closer than this must touch", 7.5
    )
    caption = (
        x0
        + gauge
        + 6
        + canvas.stringWidth("obstacles closer than this must touch", pdf_font(REGULAR), 7.5)
    )
    # free rectangles (x, y_top, w, h) to cut the obstacles from: beside the gauge's caption,
    # and below the gauge
    free = [
        (caption + CUT_GAP, gy + 0.5 * INCH, x1 - caption - CUT_GAP, gy + 0.5 * INCH - y0),
        (x0, gy - CUT_GAP, caption + CUT_GAP - x0, gy - CUT_GAP - y0),
    ]
    sized = sorted(
        ((o, o.w * factor * INCH, o.h * factor * INCH) for o in OBSTACLES),
        key=lambda item: -item[1] * item[2],
    )
    for obstacle, w, h in sized:
        spot = _spot(free, w, h)
        if spot is None:  # a page of its own for what is left
            writer.end_page(what=f"obstacles, {scale} scale")
            pages += 1
            free = [(x0, y1, x1 - x0, y1 - y0)]
            spot = _spot(free, w, h)
            assert spot is not None  # check_fits: every obstacle fits a page
        _, (x, top, _fw, _fh), (pw, ph) = spot
        _obstacle(canvas, obstacle, x, top - ph, pw, ph)
        free = _carve(free, (x - CUT_GAP, top - ph - CUT_GAP, x + pw + CUT_GAP, top + CUT_GAP))
    what = "ruler and obstacles" if below is not None and not pages else "obstacles"
    writer.end_page(what=f"{what}, {scale} scale", note="print at 100%")
    return pages


def _spot(
    free: list[tuple[float, float, float, float]], w: float, h: float
) -> tuple[int, tuple[float, float, float, float], tuple[float, float]] | None:
    """Where a ``w`` x ``h`` obstacle (either way round) goes: the free rectangle nearest the
    top, then the left, that holds it; (its index, the rectangle, the size as placed)."""
    best = None
    for index, (x, top, fw, fh) in enumerate(free):
        for pw, ph in ((w, h), (h, w)):
            if pw <= fw + 1e-9 and ph <= fh + 1e-9:
                key = (-round(top, 3), round(x, 3), ph)
                if best is None or key < best[0]:
                    best = (key, index, (x, top, fw, fh), (pw, ph))
    return None if best is None else best[1:]


def _carve(
    free: list[tuple[float, float, float, float]], used: tuple[float, float, float, float]
) -> list[tuple[float, float, float, float]]:
    """The free rectangles (x, top, w, h; they may overlap) less ``used`` (x0, y0, x1, y1,
    the obstacle and the cutting gap all round it): each one it cuts leaves up to four parts,
    and a part inside another is dropped (the "maximal rectangles" way)."""
    ux0, uy0, ux1, uy1 = used
    parts = []
    for x, top, w, h in free:
        fx1, fy0 = x + w, top - h
        if ux0 >= fx1 or ux1 <= x or uy0 >= top or uy1 <= fy0:
            parts.append((x, top, w, h))
            continue
        for part in (
            (x, top, ux0 - x, h),  # left of it
            (ux1, top, fx1 - ux1, h),  # right of it
            (x, top, w, top - uy1),  # above it
            (x, uy0, w, uy0 - fy0),  # below it
        ):
            if part[2] > 1e-6 and part[3] > 1e-6:
                parts.append(part)

    def inside(a: tuple, b: tuple) -> bool:
        return (
            a[0] >= b[0] - 1e-6
            and a[1] <= b[1] + 1e-6
            and a[0] + a[2] <= b[0] + b[2] + 1e-6
            and a[1] - a[3] >= b[1] - b[3] - 1e-6
        )

    kept = []
    for i, a in enumerate(parts):
        if not any(inside(a, b) and (a != b or j < i) for j, b in enumerate(parts) if j != i):
            kept.append(a)
    return kept


def _obstacle(canvas: Any, obstacle: Obstacle, x: float, by: float, w: float, h: float) -> None:
    """One cut-out obstacle with its lower-left corner at (x, by)."""
    canvas.setFillColor(FILL[obstacle.kind])
    canvas.setStrokeColor("#000000")
    canvas.setLineWidth(0.8)
    if obstacle.kind == "wood":
        canvas.ellipse(x, by, x + w, by + h, stroke=0, fill=1)
        _pattern(canvas, obstacle.kind, x, by, w, h)
        canvas.ellipse(x, by, x + w, by + h, stroke=1, fill=0)
    else:
        canvas.rect(x, by, w, h, stroke=0, fill=1)
        _pattern(canvas, obstacle.kind, x, by, w, h)
        canvas.rect(x, by, w, h, stroke=1, fill=0)
    label = obstacle.kind.upper()
    size = min(8.0, h * 0.5)
    canvas.setFont(pdf_font(BOLD), size)
    lw = canvas.stringWidth(label, pdf_font(BOLD), size)
    canvas.setFillColor("#ffffff")
    canvas.rect(x + w / 2 - lw / 2 - 1.5, by + h / 2 - size * 0.4, lw + 3, size * 1.1, 0, 1)
    canvas.setFillColor("#000000")
    canvas.drawCentredString(x + w / 2, by + h / 2 - size * 0.25, label)


def write_table_pdf(
    path: str | os.PathLike[str], sheet: SheetOptions, rules: KniggitRules, scale: str
) -> PdfStats:
    """The ruler page then the obstacle pages, one PDF written atomically."""
    target = Path(path)
    with atomic_file(target) as handle, binary_streams():
        canvas = new_canvas(handle, sheet, TITLE, f"{SCALE_WORDS[scale]}; {sheet.paper}")
        writer = PageWriter(canvas, TITLE, sheet)
        placed = ruler_page(canvas, sheet, rules, scale)
        # the obstacles follow the ruler on its page (a page of their own only when needed)
        pages = 1 + obstacle_pages(writer, sheet, scale, ruler_bottom(placed))
        writer.close()
        canvas.save()
    return PdfStats(target, pages, pages, 0, target.stat().st_size)
