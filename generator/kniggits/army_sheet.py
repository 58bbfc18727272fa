"""Kniggits army sheets: one page per army, from the companion's army check.

Points agreed and spent (5 a kniggit, 1 a token: `companion.kniggits.rules.check_army`, never a
second copy), each kniggit with one box per token of each kind to tick off as he loses them,
the kniggits that run away before the battle flagged, and the player's handedness (the rules
ask each player whether he is left-handed: it decides which hand is the sword). Without
armies: blank sheets to fill in by hand. Drawn straight onto a reportlab canvas, in points.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from companion.kniggits.rules import ROLES, ArmyCheck, Kniggit, KniggitRules
from companion.text.kniggits import move
from generator.kniggits.settings import ArmyColour, PrintSettings
from generator.sheet.canvas_kit import text as _text
from generator.sheet.files import atomic_file, binary_streams
from generator.sheet.fonts import BOLD, REGULAR, fit_size, pdf_font, split_lines
from generator.sheet.options import PaperTooSmall, SheetOptions
from generator.sheet.pages import PageWriter
from generator.sheet.render_pdf import PdfStats, new_canvas

TITLE = "Kniggits — army sheets"
BOX, PITCH = 9.0, 11.0
NAME_W, MOVE_W = 118.0, 44.0
BLANK_ROWS, BLANK_BOXES = 10, 10
HALF_ROWS = 8  # a blank sheet on half a page keeps at least this many kniggits' rows
HALF_GAP = 10.0  # points each half keeps from the cut line between two blank sheets


def army_file(army: ArmyCheck) -> Path:
    """The file an army to print was read from (the generator prints only armies read from
    files, `generator.kniggits.build.load_armies`; an army typed into a page has none)."""
    if army.path is None:
        raise ValueError("an army to print is one read from a file: this one has no path")
    return army.path


def _boxes(canvas: Any, x: float, top: float, width: float, count: int, colour: str,
           letter: str) -> int:  # fmt: skip
    """``count`` tick boxes in rows across ``width``; return the rows used."""
    per_row = max(1, int((width + PITCH - BOX) // PITCH))
    canvas.setLineWidth(0.6)
    for i in range(count):
        row, col = divmod(i, per_row)
        bx, by = x + col * PITCH, top - (row + 1) * PITCH + (PITCH - BOX)
        canvas.setStrokeColor("#333333")  # a yellow outline would vanish on white paper
        canvas.setFillColor("#ffffff")
        canvas.rect(bx, by, BOX, BOX, stroke=1, fill=1)
        canvas.setFillColor("#999999")
        canvas.setFont(pdf_font(REGULAR), 5)
        canvas.drawCentredString(bx + BOX / 2, by + 2.5, letter)
    return max(1, -(-count // per_row))


def _header(
    canvas: Any, sheet: SheetOptions, title: str, colour: ArmyColour | None, lefty: bool = False
) -> float:
    x0, _, x1, y1 = sheet.safe_area
    _text(canvas, x0, y1 - 13, title, 13, True)
    if colour is not None:
        canvas.setFillColor(colour.colour)
        canvas.rect(x1 - 70, y1 - 16, 16, 16, stroke=0, fill=1)
        _text(canvas, x1 - 50, y1 - 12, f"{colour.letter} \u00b7 {colour.word}", 9, True)
    y = y1 - 32
    _text(canvas, x0, y, "Player: ______________________", 9)
    if lefty:
        _text(canvas, x0 + 190, y, "Left-handed: YES (--left-handed)", 9, True)
        _text(canvas, x0 + 190, y - 12, "sword in his LEFT hand, shield in his RIGHT", 9)
    else:
        _text(canvas, x0 + 190, y, "Left-handed?  \u25a1 yes: sword LEFT hand, shield RIGHT", 9)
        _text(canvas, x0 + 190, y - 12, "\u25a1 no: sword RIGHT hand, shield LEFT", 9)
    canvas.setFont(pdf_font(REGULAR), 6.5)
    canvas.drawString(
        x0 + 190, y - 22, "(the rules: each player is asked, and must answer truthfully)"
    )
    return y - 36


def _columns(sheet: SheetOptions) -> tuple[float, float, list[float], float]:
    x0, _, x1, _ = sheet.safe_area
    kinds_x = x0 + NAME_W + MOVE_W
    width = (x1 - kinds_x) / 3
    return x0, x0 + NAME_W, [kinds_x + i * width for i in range(3)], width - 6


def _table_head(canvas: Any, sheet: SheetOptions, y: float, settings: PrintSettings) -> float:
    x0, move_x, kind_x, _ = _columns(sheet)
    _text(canvas, x0, y, "Kniggit", 8, True)
    _text(canvas, move_x, y, "Moves", 8, True)
    for role, kx in zip(ROLES, kind_x, strict=True):
        kind = settings.kinds[role]
        canvas.setFillColor(kind.colour)
        canvas.rect(kx, y - 1, 9, 9, stroke=0, fill=1)
        canvas.setFillColor(kind.ink)
        canvas.setFont(pdf_font(BOLD), 7)
        canvas.drawCentredString(kx + 4.5, y + 1, kind.letter)
        _text(canvas, kx + 12, y, f"{kind.label} ({kind.letter}) tokens", 8, True)
    canvas.setStrokeColor("#000000")
    canvas.setLineWidth(0.6)
    canvas.line(x0, y - 4, sheet.safe_area[2], y - 4)
    return y - 6


def _row(
    canvas: Any,
    sheet: SheetOptions,
    y: float,
    name: str,
    tokens: dict[str, int] | None,
    kniggit_rules: KniggitRules,
    settings: PrintSettings,
    flag: str = "",
) -> float:
    """One kniggit's row from its top ``y``; return the next row's top."""
    x0, move_x, kind_x, width = _columns(sheet)
    counts = tokens or dict.fromkeys(ROLES, BLANK_BOXES)
    rows = max(
        _boxes(canvas, kx, y - 3, width, counts[role], settings.kinds[role].colour,
               settings.kinds[role].letter)
        for role, kx in zip(ROLES, kind_x, strict=True)
    )  # fmt: skip
    size = fit_size(name, BOLD, 9, NAME_W - 6) if name else 9
    if name:
        _text(canvas, x0, y - 12, name, max(size, 6), True)
    else:
        canvas.setStrokeColor("#999999")
        canvas.line(x0, y - 13, x0 + NAME_W - 8, y - 13)
    if tokens is not None:
        how_far = move(kniggit_rules, tokens["movement"])
        _text(canvas, move_x, y - 12, how_far, 9, max_width=MOVE_W - 4)
    if flag:
        canvas.setFillColor("#000000")
        canvas.setFont(pdf_font(BOLD), 6.5)
        for i, line in enumerate(split_lines(flag, BOLD, 6.5, NAME_W - 6)[:3]):
            canvas.drawString(x0, y - 21 - 7.5 * i, line)
    height = max(rows * PITCH + 6, 22 if not flag else 38)
    canvas.setStrokeColor("#cccccc")
    canvas.setLineWidth(0.4)
    canvas.line(x0, y - height, sheet.safe_area[2], y - height)
    return y - height


def _notes(sheet: SheetOptions, rules: KniggitRules) -> list[str]:
    """The rules' reminders under the table, as lines."""
    x0, _, x1, _ = sheet.safe_area
    notes = (
        "Tick a box when he loses a token. He moves 2 in a Movement token (at most "
        f"{rules.max_move} in), crawls {rules.crawl} in with none; with no Attack token he "
        "cannot attack, with no Defense token he cannot defend; left with one colour only, he "
        "runs away to his side of the table (the rules)."
    )
    return split_lines(notes, REGULAR, 7, x1 - x0)


def _footnotes(canvas: Any, sheet: SheetOptions, y: float, rules: KniggitRules) -> None:
    """The rules' reminders below the table (whose bottom is ``y``)."""
    x0, y0, _, _ = sheet.safe_area
    canvas.setFont(pdf_font(REGULAR), 7)
    canvas.setFillColor("#000000")
    baseline = max(y - 12, y0 + 30)
    for i, line in enumerate(_notes(sheet, rules)):
        canvas.drawString(x0, baseline - 9 * i, line)


def _expanded(kniggit: Kniggit) -> list[str]:
    if kniggit.count == 1:
        return [kniggit.name]
    return [f"{kniggit.name} {n}" for n in range(1, kniggit.count + 1)]


def army_page(
    writer: PageWriter,
    sheet: SheetOptions,
    army: ArmyCheck,
    colour: ArmyColour,
    rules: KniggitRules,
    settings: PrintSettings,
    lefty: bool = False,
) -> None:
    """One army on one page (continued on more pages when it is long)."""
    from companion.errors import display_path

    canvas = writer.canvas
    x0, y0, x1, _ = sheet.safe_area
    y = _header(canvas, sheet, f"Army: {army_file(army).stem}", colour, lefty)
    spent = (
        f"Points: agreed {army.budget}, spent {army.points} ("
        f"{army.kniggit_points // max(rules.kniggit_cost, 1)} kniggits x {rules.kniggit_cost} = "
        f"{army.kniggit_points}, {army.token_points // max(rules.token_cost, 1)} tokens x "
        f"{rules.token_cost} = {army.token_points})"
    )
    state = f"OVER BY {army.over}" if army.over else f"{army.under} unspent"
    _text(canvas, x0, y, spent, 9, True)
    _text(canvas, x0, y - 12, f"{state} \u00b7 {army.fighting} fight \u00b7 from "
          f"{display_path(army_file(army))}", 8)  # fmt: skip
    y = _table_head(canvas, sheet, y - 30, settings)
    runaways = {id(k) for k in army.runaways}
    spare = {id(k): n for k, n in army.spare}
    for kniggit in army.kniggits:
        flag = ""
        if id(kniggit) in runaways:
            flag = f"RUNS AWAY before the battle: no {' or '.join(kniggit.missing(rules))} token"
        elif id(kniggit) in spare:
            n = spare[id(kniggit)]
            flag = (
                f"{n} spare Movement token{'s' if n != 1 else ''}: the move stays "
                f"{rules.max_move} in while low blows knock them off"
            )
        for name in _expanded(kniggit):
            if y < y0 + 60:
                writer.end_page(what=f"{army_file(army).stem} (continued)")
                y = _table_head(canvas, sheet, sheet.safe_area[3] - 14, settings)
            y = _row(canvas, sheet, y, name, kniggit.tokens, rules, settings, flag)
    _footnotes(canvas, sheet, y, rules)


def blank_page(
    canvas: Any, sheet: SheetOptions, colour: ArmyColour, rules: KniggitRules,
    settings: PrintSettings, lefty: bool = False, rows: int = BLANK_ROWS,
) -> float:  # fmt: skip
    """An army sheet to fill in by hand: cross out the boxes of tokens not bought; returns
    the bottom of its table (the rules' reminders go below it)."""
    x0 = sheet.safe_area[0]
    y = _header(canvas, sheet, "Army: ____________________", colour, lefty)
    _text(
        canvas,
        x0,
        y,
        f"Points: agreed ____ (the rules suggest {rules.suggested_total}), spent ____ = "
        f"{rules.kniggit_cost} a kniggit + {rules.token_cost} a token",
        9,
        True,
    )
    _text(canvas, x0, y - 12, "Cross out the boxes of tokens he was not given.", 8)
    y = _table_head(canvas, sheet, y - 30, settings)
    for _ in range(rows):
        y = _row(canvas, sheet, y, "", None, rules, settings)
    _footnotes(canvas, sheet, y, rules)
    return y


def _halves(
    sheet: SheetOptions, rules: KniggitRules, settings: PrintSettings
) -> list[tuple[SheetOptions, int]]:
    """The two blank sheets' halves of one page (top, bottom) with the kniggit rows each
    holds (BLANK_ROWS, or down to HALF_ROWS), or [] when a blank sheet does not fit half a
    page: measured by drawing one onto a throwaway canvas."""
    import dataclasses
    import io

    from generator.sheet.kit_canvas import KitCanvas

    _, y0, _, y1 = sheet.safe_area
    mid = (y0 + y1) / 2
    top = dataclasses.replace(sheet, margin_bottom=sheet.height - (sheet.height - mid) + HALF_GAP)
    bottom = dataclasses.replace(sheet, margin_top=sheet.height - mid + HALF_GAP)
    for rows in range(BLANK_ROWS, HALF_ROWS - 1, -1):
        fits = True
        for half in (top, bottom):
            trial = KitCanvas(io.BytesIO(), pagesize=(sheet.width, sheet.height))
            table = blank_page(trial, half, settings.armies[0], rules, settings, rows=rows)
            fits = fits and table - 12 >= half.safe_area[1] + 30  # the reminders fit below
        if fits:
            return [(top, rows), (bottom, rows)]
    return []


def _cut_line(canvas: Any, sheet: SheetOptions, y: float) -> None:
    """A dashed line across the page where the two halves part, and what it is for."""
    x0, _, x1, _ = sheet.safe_area
    canvas.saveState()
    canvas.setDash([4, 3])
    canvas.setStrokeColor("#555555")
    canvas.setLineWidth(0.6)
    canvas.line(x0, y, x1, y)
    canvas.restoreState()
    canvas.setFont(pdf_font(REGULAR), 7)
    canvas.setFillColor("#555555")
    canvas.drawRightString(x1, y + 3, "cut here: one half for each player")


def check_fits(sheet: SheetOptions) -> None:
    """Refuse paper too narrow for the sheet's columns or too short for a kniggit's row."""
    x0, y0, x1, y1 = sheet.safe_area
    if x1 - x0 < NAME_W + MOVE_W + 3 * 4 * PITCH or y1 - y0 < 240:
        raise PaperTooSmall(
            f"--paper: {sheet.paper} inside its margins is too small for an army sheet "
            f"(at least {(NAME_W + MOVE_W + 12 * PITCH) / 72:.1f} in across, 3.4 in high)"
        )


def write_army_pdf(
    path: str | os.PathLike[str],
    sheet: SheetOptions,
    armies: Sequence[ArmyCheck],
    rules: KniggitRules,
    settings: PrintSettings,
    left_handed: Sequence[int] = (),
) -> PdfStats:
    """One page per army (or two blank sheets), written atomically; ``left_handed``: the
    numbers (from 1) of the armies whose player said he is left-handed."""
    check_fits(sheet)
    target = Path(path)
    pages = 0
    halves = _halves(sheet, rules, settings) if not armies and settings.sides == 2 else []
    with atomic_file(target) as handle, binary_streams():
        canvas = new_canvas(handle, sheet, TITLE, f"{len(armies) or 'blank'} armies")
        writer = PageWriter(canvas, TITLE, sheet)
        if halves:  # two blank sheets on one page: cut it in half, one for each player
            for index, (half, rows) in enumerate(halves):
                colour = settings.armies[index % len(settings.armies)]
                lefty = index + 1 in left_handed
                blank_page(canvas, half, colour, rules, settings, lefty, rows)
            _cut_line(canvas, sheet, sum(sheet.safe_area[1::2]) / 2)
            writer.end_page(what="blank, to fill in by hand: a half for each player")
            pages = 1
        for index in range(0 if halves else max(len(armies), settings.sides if not armies else 0)):
            colour = settings.armies[index % len(settings.armies)]
            if armies:
                lefty = index + 1 in left_handed
                army_page(writer, sheet, armies[index], colour, rules, settings, lefty)
                what = army_file(armies[index]).stem
            else:
                blank_page(canvas, sheet, colour, rules, settings, index + 1 in left_handed)
                what = "blank, to fill in by hand"
            writer.end_page(what=what)
            pages += 1
        total = writer.close()
        canvas.save()
    return PdfStats(target, total, pages, 0, target.stat().st_size)
