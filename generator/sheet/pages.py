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

SEP = "  \u00b7  "
BLANK_BACK = "blank back (keeps the sheets in duplex order)"

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
    the foot of ``options``'s page, `render_pdf.draw_footer`); ``note`` is every page's note
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
            from generator.sheet.render_pdf import draw_footer

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
    from reportlab.pdfgen.canvas import Canvas

    class FooterCanvas(Canvas):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self.writer = PageWriter(self, title, note=note, draw=draw)

        def showPage(self) -> None:  # noqa: N802 (reportlab's name)
            self.writer.end_page()

        def save(self) -> None:
            self.writer.close()
            super().save()

    return FooterCanvas
