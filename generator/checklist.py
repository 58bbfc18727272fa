"""out/print-checklist.pdf: one page listing every file `havoc-pnp build` wrote, its pages,
its sheets of paper, whether it prints on both sides, and a box to tick; the total at the foot.

The figures are read from the PDFs as written (`printed`: the page count in the file's page
tree), never from a list kept by hand; HOW-TO-PRINT gives the same figures. The page fits one
sheet of A4 or Letter (the rows shrink to fit), everything at least 1/4in inside the edge.
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
    """How one written PDF goes onto paper: its pages, whether both sides, the sheets."""

    name: str
    what: str
    pages: int
    duplex: bool
    landscape: bool

    @property
    def sheets(self) -> int:
        """Sheets of paper: two pages a sheet when printed on both sides."""
        return math.ceil(self.pages / 2) if self.duplex else self.pages


def printed(path: Path, what: str, duplex: bool) -> Printed:
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
    return Printed(path.name, what, max(counts), duplex, landscape)


def _fit(text: str, font: str, size: float, width: float) -> str:
    """``text`` cut with an ellipsis to fit ``width``."""
    if text_width(text, font, size) <= width:
        return text
    while text and text_width(text + "…", font, size) > width:
        text = text[:-1]
    return text.rstrip() + "…"


def _gap(size: float) -> float:
    """Room between two columns."""
    return 2.0 * size


def _columns_width(size: float) -> float:
    """The pages, sheets and both-sides columns with their gaps, at ``size``."""
    headings = ("pages", "sheets", "both sides")
    return sum(text_width(h, BOLD, size) for h in headings) + 3 * _gap(size)


def write_checklist(
    path: str | os.PathLike[str],
    sheet: SheetOptions,
    files: Sequence[Printed],
    command: str,
) -> PdfStats:
    """Write the one-page checklist of ``files`` (in print order) built by ``command``."""
    target = Path(path)
    width, height = sheet.width, sheet.height
    left = right = max(SAFE, min(sheet.margin_left, 36.0))
    x0, x1 = left, width - right
    _, _, _, foot = footer_box(sheet)
    top = height - max(SAFE, min(sheet.margin_top, 36.0))
    total = sum(f.sheets for f in files)
    # rows: a header, the files, the total; shrink them together to fit between title and foot
    room = top - 76.0 - (foot + 8.0)
    row = min(22.0, room / (len(files) + 3))
    size = min(10.0, row * 0.5)
    names = max(text_width(f.name, BOLD, 1.0) for f in files) if files else 0.0
    while size > 5.0 and _columns_width(size) + names * size + row * 1.2 > x1 - x0:
        size -= 0.25  # narrow paper: smaller type, never overlapping columns
    both_x = x1
    sheets_x = both_x - _gap(size) - text_width("both sides", BOLD, size)
    pages_x = sheets_x - _gap(size) - text_width("sheets", BOLD, size)
    columns = (  # (heading, x of its left (l) or right (r) edge, align)
        ("file", x0 + row * 1.2, "l"),
        ("pages", pages_x, "r"),
        ("sheets", sheets_x, "r"),
        ("both sides", both_x, "r"),
    )
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
        y = top - 76.0 - row
        canvas.setFont(pdf_font(BOLD), size)
        for heading, x, align in columns:
            (canvas.drawString if align == "l" else canvas.drawRightString)(x, y + 4, heading)
        canvas.setLineWidth(0.6)
        canvas.line(x0, y + 1, x1, y + 1)
        name_end = columns[1][1] - text_width("pages", BOLD, size) - 8
        for entry in files:
            y -= row
            box = min(row * 0.6, 11.0)
            canvas.setLineWidth(0.8)
            canvas.rect(x0, y + 4 + size * 0.35 - box / 2, box, box)  # centred on the text
            canvas.setFont(pdf_font(BOLD), size)
            name_x = columns[0][1]
            canvas.drawString(name_x, y + 4, entry.name)
            used = text_width(entry.name + "  ", BOLD, size)
            canvas.setFont(pdf_font(FONT), size * 0.85)
            canvas.drawString(
                name_x + used, y + 4, _fit(entry.what, FONT, size * 0.85, name_end - name_x - used)
            )
            canvas.setFont(pdf_font(FONT), size)
            canvas.drawRightString(columns[1][1], y + 4, str(entry.pages))
            canvas.drawRightString(columns[2][1], y + 4, str(entry.sheets))
            both = entry.duplex and entry.pages > 1  # one page: one side, whatever the printer
            canvas.drawRightString(columns[3][1], y + 4, "yes" if both else "no")
            canvas.setLineWidth(0.25)
            canvas.line(x0, y, x1, y)
        y -= row
        canvas.setFont(pdf_font(BOLD), size)
        canvas.drawString(columns[0][1], y + 4, "total")
        canvas.drawRightString(columns[1][1], y + 4, str(sum(f.pages for f in files)))
        canvas.drawRightString(columns[2][1], y + 4, str(total))
        writer = PageWriter(canvas, TITLE, sheet, note=command)
        writer.end_page()
        writer.close()
        canvas.save()
    return PdfStats(target, 1, 1, 0, target.stat().st_size)
