"""out/print-checklist.pdf: one page listing every file `havoc-pnp build` wrote, its pages,
its sheets of paper, how it prints (one side, or both flipping on the long or short edge), on
what paper (plain, or card for what is cut out and handled and for the calibration sheet,
read on the card the pieces go on), whether it is cut, the pages one
may skip, and a box to tick; the total at the foot.

The figures are read from the PDFs as written (`printed`: the page count in the file's page
tree), never from a list kept by hand; HOW-TO-PRINT gives the same figures and the same
handling (`handling`). The page fits one sheet of A4 or Letter (the rows shrink to fit, the
descriptions wrap, never cut short), everything at least 1/4in inside the edge.
"""

from __future__ import annotations

import math
import os
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from generator.sheet.files import atomic_file
from generator.sheet.fonts import BOLD, REGULAR, pdf_font, split_lines, text_width
from generator.sheet.options import SAFE_EDGE, SheetOptions
from generator.sheet.pages import PageWriter, footer_box
from generator.sheet.render_pdf import PdfStats, new_canvas

FILENAME = "print-checklist.pdf"
TITLE = "Havoc Kit: print checklist"
SAFE = SAFE_EDGE  # 1/4in: nothing nearer the paper edge
FONT = REGULAR

_PAGES = re.compile(rb"/Count\s+(\d+)\s*/Kids|/Kids\s*\[[^\]]*\]\s*/Count\s+(\d+)")
_BOX = re.compile(rb"/MediaBox\s*\[\s*([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s*\]")


@dataclass(frozen=True)
class Printed:
    """How one written PDF goes onto paper: its pages, whether both sides, the sheets; its
    ``kind`` (howto.KINDS), the pages one may skip (``optional``, in words) and what it is
    used with (``uses``: the scenarios each map serves)."""

    name: str
    what: str
    pages: int
    duplex: bool
    landscape: bool
    kind: str = "aid"
    optional: str = ""
    uses: str = ""

    @property
    def sheets(self) -> int:
        """Sheets of paper: two pages a sheet when printed on both sides."""
        return math.ceil(self.pages / 2) if self.duplex else self.pages


# What is cut out and handled goes on card, and so does the calibration sheet (an offset read
# on plain paper is not the card's: card feeds differently); the rest on plain paper.
CARD = "card"
CARD_WEIGHT = "160-250 g/m2"
CARD_WORDS = f"card, {CARD_WEIGHT}"
ON_CARD = ("calibration", "counters", "cards", "setups", "tokens", "figures")
CUT = ("counters", "cards", "setups", "tokens", "figures", "ruler", "slips", "maps")


@dataclass(frozen=True)
class Handling:
    """How a file is printed and finished: ``sides`` (one side, long edge, short edge),
    ``paper`` (plain or card) and ``cut`` (whether anything is cut out)."""

    sides: str
    paper: str
    cut: bool


def handling(p: Printed, duplex: str) -> Handling:
    """``p``'s handling when the kit was built for ``duplex`` (long, short or none): a file of
    one page, or not built double-sided, prints on one side; the aids, tables and sheets on
    landscape pages flip on the short edge whatever the build (their pages turn with them),
    portrait ones on the long edge; counters, cards and set-ups flip as built (their backs
    are laid out for it)."""
    if not (p.duplex and p.pages > 1):
        sides = "one side"
    elif p.kind in ("tables", "aid", "sheets"):
        sides = "short edge" if p.landscape else "long edge"
    else:
        sides = f"{duplex} edge"
    return Handling(sides, CARD if p.kind in ON_CARD else "plain", p.kind in CUT)


def printed(
    path: Path, what: str, duplex: bool, kind: str = "aid", optional: str = "", uses: str = ""
) -> Printed:
    """``path``'s page count and first page's orientation, read from the file itself (the
    root of its page tree: the largest /Count beside /Kids)."""
    data = path.read_bytes()
    counts = [int(a or b) for a, b in _PAGES.findall(data)]
    if not counts:
        raise ValueError(f"{path}: no page tree found")
    box = _BOX.search(data)
    landscape = False
    if box:
        x0, y0, x1, y1 = (float(v) for v in box.groups())
        landscape = abs(x1 - x0) > abs(y1 - y0)
    return Printed(path.name, what, max(counts), duplex, landscape, kind, optional, uses)


def _columns(size: float) -> list[tuple[str, float]]:
    """The figure columns (heading, width) at ``size``: each as wide as its heading or its
    widest value."""
    values = {
        "pages": ("pages", "99"),
        "sheets": ("sheets", "99"),
        "sides": ("sides", "short edge"),
        "paper": ("paper", "plain"),
        "cut": ("cut", "yes"),
    }
    return [(h, max(text_width(v, BOLD, size) for v in vs)) for h, vs in values.items()]


def _row_lines(entry: Printed, font_size: float, width: float) -> list[tuple[str, str]]:
    """A row's lines under its file name: the description, then what may be skipped and what
    it is used with, each wrapped to ``width`` (font, text)."""
    out = [(FONT, line) for line in split_lines(entry.what, FONT, font_size, width)]
    if entry.uses:
        out += [(FONT, line) for line in split_lines(entry.uses, FONT, font_size, width)]
    if entry.optional:
        said = "May be skipped: " + entry.optional
        out += [(BOLD, line) for line in split_lines(said, BOLD, font_size, width)]
    return out


def write_checklist(
    path: str | os.PathLike[str],
    sheet: SheetOptions,
    files: Sequence[Printed],
    command: str,
    credits: str = "",
) -> PdfStats:
    """Write the one-page checklist of ``files`` (in print order) built by ``command``, with
    ``credits`` (the figures' authors, as their licence asks) under its key."""
    target = Path(path)
    width, height = sheet.width, sheet.height
    left = right = max(SAFE, min(sheet.margin_left, 36.0))
    x0, x1 = left, width - right
    _, _, _, foot = footer_box(sheet)
    top = height - max(SAFE, min(sheet.margin_top, 36.0))
    total = sum(f.sheets for f in files)
    duplex = sheet.duplex
    # the rows: a file name line and its wrapped lines; shrink the type until all fit
    room = top - 76.0 - (foot + 8.0) - KEY_ROOM
    size = 9.0
    while True:
        small = size * 0.85
        gap = 1.6 * size
        figures = sum(w for _, w in _columns(size)) + gap * len(_columns(size))
        box = min(size * 1.1, 11.0)
        text_x = x0 + box + size * 0.8
        text_w = x1 - figures - text_x
        rows = [_row_lines(f, small, text_w) for f in files]
        lead = size * 1.25
        needed = lead * (len(files) + 2) + sum(len(r) for r in rows) * small * 1.2
        needed += 4.0 * len(files)
        if needed <= room or size <= 5.0:
            break
        size -= 0.25
    xs: list[float] = []  # each figure column's right edge
    edge = x1
    for _heading, w in reversed(_columns(size)):
        xs.insert(0, edge)
        edge -= w + gap
    with atomic_file(target) as handle:
        canvas = new_canvas(handle, sheet, TITLE, "What to print, and a box to tick for each")
        canvas.setFillColorRGB(0, 0, 0)
        canvas.setFont(pdf_font(BOLD), 16)
        canvas.drawString(x0, top - 16, TITLE)
        canvas.setFont(pdf_font(FONT), 8)
        intro = (
            f"{len(files)} files, {total} sheets of paper in all. Print at 100% (actual size), "
            "calibration first; HOW-TO-PRINT.txt gives each file's steps."
        )
        lines = split_lines(intro, FONT, 8, x1 - x0)[:2]
        lines += split_lines("Built with: " + command, FONT, 8, x1 - x0)[: 4 - len(lines)]
        for index, line in enumerate(lines):
            canvas.drawString(x0, top - 32 - 10 * index, line)
        y = top - 76.0
        canvas.setFont(pdf_font(BOLD), size)
        canvas.drawString(text_x, y, "file")
        for (heading, _w), x in zip(_columns(size), xs, strict=True):
            canvas.drawRightString(x, y, heading)
        canvas.setLineWidth(0.6)
        canvas.line(x0, y - 3, x1, y - 3)
        y -= 3
        for entry, extra in zip(files, rows, strict=True):
            y -= lead
            canvas.setLineWidth(0.8)
            canvas.rect(x0, y - size * 0.15, box, box)
            canvas.setFont(pdf_font(BOLD), size)
            canvas.drawString(text_x, y, entry.name)
            how = handling(entry, duplex)
            cut = "yes" if how.cut else "no"
            cells = (str(entry.pages), str(entry.sheets), how.sides, how.paper, cut)
            canvas.setFont(pdf_font(FONT), size)
            for cell, x in zip(cells, xs, strict=True):
                canvas.setFont(pdf_font(BOLD if cell == CARD else FONT), size)
                canvas.drawRightString(x, y, cell)
            for font, line in extra:
                y -= small * 1.2
                canvas.setFont(pdf_font(font), small)
                canvas.drawString(text_x, y, line)
            y -= 4.0
            canvas.setLineWidth(0.25)
            canvas.line(x0, y, x1, y)
        y -= lead
        canvas.setFont(pdf_font(BOLD), size)
        canvas.drawString(text_x, y, "total")
        canvas.drawRightString(xs[0], y, str(sum(f.pages for f in files)))
        canvas.drawRightString(xs[1], y, str(total))
        canvas.setFont(pdf_font(FONT), 7.5)
        sides = (
            "sides: one side (built for fold-over: nothing prints on both sides). "
            if duplex == "none"
            else "sides: one side, or both sides flipping on the long edge (the same edge goes "
            "into the printer first for the backs) or the short edge (the opposite edge "
            "first); a printer that will not duplex card: HOW-TO-PRINT.txt, BOTH SIDES BY "
            "HAND. "
        )
        key = (
            f"{sides}paper: plain, or {CARD_WORDS} for what is cut out and handled and for the "
            "calibration, printed on that card the way the pieces will be (card prints at "
            "100% too). cut: the file's pieces are cut out."
        )
        for line in split_lines(key, FONT, 7.5, x1 - x0):
            y -= 9.5
            canvas.drawString(x0, y, line)
        for line in split_lines(credits, FONT, 7.5, x1 - x0)[:2] if credits else ():
            y -= 9.5
            canvas.drawString(x0, y, line)
        writer = PageWriter(canvas, TITLE, sheet, note=command)
        writer.end_page()
        writer.close()
        canvas.save()
    return PdfStats(target, 1, 1, 0, target.stat().st_size)


KEY_ROOM = 69.0  # the key under the table: up to four lines, and two of credits
