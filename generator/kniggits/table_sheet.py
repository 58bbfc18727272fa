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
    draw_check_bar,
    draw_strip,
    ruler_length,
    strips,
)
from generator.sheet.files import atomic_file, binary_streams
from generator.sheet.fonts import BOLD, REGULAR, pdf_font
from generator.sheet.options import PaperTooSmall, SheetOptions
from generator.sheet.pages import PageWriter
from generator.sheet.render_pdf import PdfStats, new_canvas
from generator.sheet.units import INCH

TITLE = "Kniggits — ruler and obstacles"
GAP = 0.3 * INCH


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


def _text(canvas: Any, x: float, y: float, text: str, size: float, bold: bool = False) -> None:
    canvas.setFont(pdf_font(BOLD if bold else REGULAR), size)
    canvas.setFillColor("#000000")
    canvas.drawString(x, y, text)


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
    """Draw the ruler page; return each strip's (strip, x, y) for tests and previews."""
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
    draw_check_bar(canvas, x0, max(y0 + 20, y + STRIP_H - 30))
    return placed


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


def obstacle_pages(writer: PageWriter, sheet: SheetOptions, scale: str) -> int:
    """Draw the obstacles and the spacing gauge, page after page, each ended by ``writer``;
    return the pages drawn."""
    canvas = writer.canvas
    factor = SCALES[scale]
    x0, y0, x1, y1 = sheet.safe_area
    pages = 1
    gauge = 2 * factor * INCH
    top = y1 - 14
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
    canvas.setLineWidth(0.8)
    canvas.rect(x0, gy, gauge, 0.5 * INCH, stroke=1, fill=1)
    for end in (x0, x0 + gauge):
        canvas.line(end, gy, end, gy + 0.5 * INCH)
    _text(canvas, x0 + 3, gy + 0.5 * INCH - 10, f"GAUGE {2 * factor:g} in", 7, True)
    _text(
        canvas, x0 + gauge + 6, gy + 0.25 * INCH - 3, "obstacles closer than this must touch", 7.5
    )
    sized = []
    for obstacle in OBSTACLES:
        w, h = obstacle.w * factor * INCH, obstacle.h * factor * INCH
        if w > x1 - x0:  # too long to lie across the page: stand it up
            w, h = h, w
        sized.append((obstacle, w, h))
    sized.sort(key=lambda item: -item[2])  # tallest first: shelves waste little
    rows: list[list[tuple[Obstacle, float, float]]] = []
    while sized:  # first fit: each shelf takes every obstacle that still fits across it
        row, room = [], x1 - x0
        for item in list(sized):
            if item[1] <= room + 1e-9:
                row.append(item)
                room -= item[1] + GAP
                sized.remove(item)
        rows.append(row)
    y = gy - GAP
    for row in rows:
        row_h = max(h for _, _, h in row)
        if y - row_h < y0 + 10:
            writer.end_page(what=f"obstacles, {scale} scale")
            pages += 1
            y = y1
        x = x0
        for obstacle, w, h in row:
            _obstacle(canvas, obstacle, x, y - h, w, h)
            x += w + GAP
        y -= row_h + GAP
    writer.end_page(what=f"obstacles, {scale} scale")
    return pages


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
        ruler_page(canvas, sheet, rules, scale)
        writer.end_page(what=f"ruler, {scale} scale", note="print at 100%")
        pages = 1 + obstacle_pages(writer, sheet, scale)
        writer.close()
        canvas.save()
    return PdfStats(target, pages, pages, 0, target.stat().st_size)
