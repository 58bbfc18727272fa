"""The one page writer: every canvas-drawn sheet of the kit ends its pages here.

A product draws a page's content on a reportlab canvas, then calls `PageWriter.end_page`; the
writer numbers the page and, once the page count is known (`PageWriter.close`), draws the one
footer every sheet carries and closes the page (reportlab's ``showPage``)::

    TITLE  ·  what  ·  page n/N  ·  FRONTS | BACKS (flip on long edge)  ·  note

``what`` names the part of the product on that page (a set-up, a board tile, an army), the side
is said only where the document prints two-sided, and ``note`` is what built the page or how to
rebuild it (the kit's values, a back offset). `PageWriter.blank_back` keeps duplex order when a
one-sided page is followed by another sheet. Platypus documents (generator/sheet/document.py)
number their pages with `footer_canvas` and the same `footer_text`.

Footers are drawn when the writer closes (the pages are held until then, as reportlab holds them
anyway), so ``N`` is exact even when a product only learns how many pages it needed by drawing
them. A document streamed to disk in chunks (the set-ups) may close ``open_ended``: its pages say
``page n`` alone, as the count is not known while its first pages are written.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from generator.sheet.fonts import REGULAR, pdf_font
from generator.sheet.guides import FOOTER_GAP, GUIDE_GREY
from generator.sheet.options import SAFE_EDGE, SheetOptions

SEP = "  \u00b7  "
BLANK_BACK = "blank back (keeps the sheets in duplex order)"
FOOTER_SIZE = 6.0
FOOTER_LEADING = 7.0
FOOTER_DESCENT = 2.0  # the footer's baseline sits this far above its box (descenders fit)

FooterDrawer = Callable[[Any, str], None]
"""Draws a footer's text on the canvas (where a product wants it: under the cards, ...)."""


def footer_text(
    title: str,
    number: int,
    total: int | None,
    side: str = "",
    what: str = "",
    note: str = "",
) -> str:
    """The one footer: title, what is on the page, page n/N, the side where duplex, the note."""
    page = f"page {number}/{total}" if total else f"page {number}"
    return SEP.join(part for part in (title, what, page, side, note) if part)


def side_words(side: str, duplex: str) -> str:
    """FRONTS / BACKS (flip on the long or short edge) for a page of a two-sided document."""
    if side == "back":
        return f"BACKS (flip on {duplex} edge)"
    return "FRONTS"


# --------------------------------------------------------------------------- where footers go


def footer_box(options: SheetOptions) -> tuple[float, float, float, float]:
    """Where the footer's (up to) two lines sit: (x0, y0, x1, y1) in points, at least 1/4in
    (SAFE_EDGE) inside every paper edge whatever the margins, so printers that cannot print
    the outer 3-5 mm still print it; its lower edge is SAFE_EDGE (descenders included)."""
    x0, _, x1, _ = options.usable
    x0, x1 = max(x0, SAFE_EDGE), min(x1, options.width - SAFE_EDGE)
    return (x0, SAFE_EDGE, x1, SAFE_EDGE + FOOTER_DESCENT + FOOTER_LEADING + FOOTER_SIZE)


def footer_top(options: SheetOptions) -> float:
    """Where lines that run down the page stop: just above the footer's text."""
    return footer_box(options)[3] + FOOTER_GAP


def footer_lines(text: str, width: float) -> tuple[list[str], float]:
    """``text`` wrapped into at most two lines of ``width``, shrunk if it must be."""
    from reportlab.lib.utils import simpleSplit

    size = FOOTER_SIZE
    while True:
        lines = simpleSplit(text, pdf_font(REGULAR), size, width)
        if len(lines) <= 2 or size <= 3.0:
            return lines[:2], size
        size -= 0.25


def draw_footer(canvas: Any, text: str, options: SheetOptions) -> None:
    """Small grey text at the bottom of the page: one line, two when it is long."""
    x0, y0, x1, _ = footer_box(options)
    lines, size = footer_lines(text, x1 - x0)
    canvas.setFillColorRGB(*GUIDE_GREY)
    canvas.setFont(pdf_font(REGULAR), size)
    baseline = y0 + FOOTER_DESCENT + (FOOTER_LEADING if len(lines) > 1 else 0.0)
    for line in lines:
        canvas.drawString(x0, baseline, line)
        baseline -= FOOTER_LEADING


def _footer_line(canvas: Any, x: float, y: float, line: str, font: str, size: float) -> None:
    """One footer line on a white ground, so cut lines that run under it never cross its
    letters."""
    width = canvas.stringWidth(line, font, size)
    canvas.setFillColorRGB(1, 1, 1)
    canvas.rect(x - 1.5, y - size * 0.3, width + 3, size * 1.25, stroke=0, fill=1)
    canvas.setFillColorRGB(*GUIDE_GREY)
    canvas.drawString(x, y, line)


def draw_footer_beside(
    canvas: Any, text: str, *, options: SheetOptions, content: tuple[float, ...]
) -> None:
    """A card sheet's footer, at least 1/4in inside the paper: under ``content`` (x0, y0, x1,
    _: what the page's cards cover) if there is room, else up the left margin; as a last
    resort where `draw_footer` puts it."""
    left, bottom, right, _ = content
    left, right = max(left, SAFE_EDGE), min(right, options.width - SAFE_EDGE)  # bleed may run on
    font = pdf_font(REGULAR)
    lines, size = footer_lines(text, right - left)
    if bottom - SAFE_EDGE >= len(lines) * (size + 1) + 2:
        canvas.setFont(font, size)
        y = SAFE_EDGE + 1 + (len(lines) - 1) * (size + 1) + size * 0.3
        for line in lines:
            _footer_line(canvas, left, y, line, font, size)
            y -= size + 1
        return
    lines, size = footer_lines(text, options.height - 2 * SAFE_EDGE)
    if left - SAFE_EDGE >= len(lines) * (size + 1) + 2:
        canvas.saveState()
        canvas.translate(SAFE_EDGE + size + (len(lines) - 1) * (size + 1), SAFE_EDGE)
        canvas.rotate(90)
        canvas.setFont(font, size)
        for n, line in enumerate(lines):
            _footer_line(canvas, 0, -n * (size + 1), line, font, size)
        canvas.restoreState()
        return
    draw_footer(canvas, text, options)


# --------------------------------------------------------------------------- the writer


@dataclass
class _Pending:
    state: dict[str, Any]
    side: str
    what: str
    note: str
    draw: FooterDrawer


class PageWriter:
    """Numbers, footers and closes the pages drawn on ``canvas``.

    ``draw(canvas, text)`` puts a footer's text on the page (default: the engine's footer at
    the foot of ``options``'s page, `draw_footer`); ``note`` is every page's note
    unless a page gives its own; ``first`` is the number of pages before this canvas's first
    (a document drawn in chunks).
    """

    def __init__(
        self,
        canvas: Any,
        title: str,
        options: Any = None,
        note: str = "",
        draw: FooterDrawer | None = None,
        first: int = 0,
    ) -> None:
        if draw is None:

            def draw(canvas: Any, text: str) -> None:
                draw_footer(canvas, text, options)

        self.canvas = canvas
        self.title = title
        self.note = note
        self.draw = draw
        self.first = first
        self._pending: list[_Pending] = []

    @property
    def pages(self) -> int:
        """Pages ended so far, counting those before this canvas (``first``)."""
        return self.first + len(self._pending)

    def end_page(
        self,
        side: str = "",
        what: str = "",
        note: str | None = None,
        draw: FooterDrawer | None = None,
    ) -> None:
        """End the page being drawn: its footer (``side`` as `side_words` gives it, empty on a
        one-sided document) is drawn when the writer closes."""
        canvas = self.canvas
        self._pending.append(
            _Pending(
                dict(canvas.__dict__),
                side,
                what,
                self.note if note is None else note,
                draw or self.draw,
            )
        )
        canvas._startPage()  # a fresh page; the one ended is kept (reportlab's recipe)

    def blank_back(self, what: str = "") -> None:
        """An empty back page, so the next page starts a new sheet when printing duplex."""
        self.end_page(BLANK_BACK, what)

    def close(self, open_ended: bool = False) -> int:
        """Draw every page's footer and close the pages; returns the pages counted so far
        (``first`` included). ``open_ended``: the count is not known yet (``page n``)."""
        from reportlab.pdfgen.canvas import Canvas

        canvas = self.canvas
        total = None if open_ended else self.pages
        after = dict(canvas.__dict__)
        for number, page in enumerate(self._pending, start=self.first + 1):
            canvas.__dict__.update(page.state)
            page.draw(
                canvas, footer_text(self.title, number, total, page.side, page.what, page.note)
            )
            Canvas.showPage(canvas)
        if not self._pending:
            canvas.__dict__.update(after)
        count = self.pages
        self.first, self._pending = count, []
        return count


def footer_canvas(title: str, note: str, draw: FooterDrawer) -> type:
    """A reportlab canvas class for platypus (``doc.build(canvasmaker=...)``) whose pages end
    through a `PageWriter`: each page gets the one footer, ``page n/N``, drawn by ``draw``."""
    from generator.sheet.kit_canvas import KitCanvas

    class FooterCanvas(KitCanvas):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self.writer = PageWriter(self, title, note=note, draw=draw)

        def showPage(self) -> None:  # noqa: N802 (reportlab's name)
            self.writer.end_page()

        def save(self) -> None:
            self.writer.close()
            super().save()

    return FooterCanvas
