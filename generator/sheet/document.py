"""Reference documents: flowing pages of headings, text and tables (player aids, results tables,
scenario sheets), set with reportlab's platypus in the kit's embedded typeface.

Pieces go through the imposition engine (layout, cut guides, duplex backs); a reference sheet is
read, not cut, so it is a story of flowables on pages of the chosen paper. What holds for every
kit PDF holds here: a real title, vector only, byte-identical output for the same input
(``invariant=1``), written atomically, and everything a user must read at least 1/2in inside the
paper edge (the page frame) with the footer at 3/8in — both inside the 1/4in most printers clip.
No body text is set below `MIN_SIZE` points.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import registerFontFamily
from reportlab.platypus import BaseDocTemplate, Frame, PageTemplate, Paragraph, Table, TableStyle
from reportlab.platypus.doctemplate import LayoutError

from generator.sheet.files import atomic_file, binary_streams
from generator.sheet.fonts import BOLD, REGULAR, pdf_font, split_lines
from generator.sheet.kit_canvas import parsed
from generator.sheet.options import PaperTooSmall, parse_paper
from generator.sheet.pages import footer_canvas
from generator.sheet.render_pdf import AUTHOR
from generator.sheet.units import INCH

MIN_SIZE = 7.0  # points: the smallest type on any reference sheet
CELL_PAD = (1.5, 2.0)  # a table cell's top and bottom padding (descenders clear of the rule)
TABLE_GAP = 3.0  # points above and below a table
BOX_PAD = 3.0  # a boxed note's padding: its border on the frame's edges, its text inside
BODY = 8.5
MARGIN = 0.5 * INCH  # the frame: text and tables stay this far inside every edge
FOOTER_FROM_EDGE = 0.375 * INCH
FOOTER_LEADING = 8.0  # a footer too long for one line takes two, centred on FOOTER_FROM_EDGE
INK = "#1a1a1a"
RULE = "#8a8a8a"
HEADER_FILL = "#ececec"
KIT_FILL = (
    "#d9d9d9"  # the kit's completed cells: regular weight on this grey (rulebook: bold on white)
)


SMALLEST_PAPER = (5 * INCH, 7 * INCH)  # a reference sheet needs at least this much paper


@dataclass(frozen=True)
class PageSize:
    """Paper size in points and orientation for a document."""

    width: float
    height: float

    @property
    def landscape(self) -> PageSize:
        return PageSize(max(self.width, self.height), min(self.width, self.height))

    @property
    def portrait(self) -> PageSize:
        return PageSize(min(self.width, self.height), max(self.width, self.height))

    @property
    def frame_width(self) -> float:
        return self.width - 2 * MARGIN


def page_for(paper: str) -> PageSize:
    """The page for ``--paper`` text (A4, Letter, WxH); too small for a reference sheet is an
    InputError."""

    _name, width, height = parse_paper(paper)
    return checked_page(width, height, paper.strip())


def checked_page(width: float, height: float, label: str) -> PageSize:
    """A page of ``width`` x ``height`` points, refused (`PaperTooSmall`) if too small for a
    reference sheet."""

    if min(width, height) < SMALLEST_PAPER[0] or max(width, height) < SMALLEST_PAPER[1]:
        raise PaperTooSmall(
            f"--paper: {label!r} is too small for a reference sheet (at least 5 x 7 in)"
        )
    return PageSize(width, height)


@cache
def styles(body: float = BODY) -> dict[str, Any]:
    """The paragraph styles of every reference sheet (embedded Liberation Sans), with body
    text of ``body`` points and headings in proportion."""

    regular, bold = pdf_font(REGULAR), pdf_font(BOLD)
    registerFontFamily(regular, normal=regular, bold=bold, italic=regular, boldItalic=bold)
    k = body / BODY
    small = max(MIN_SIZE, 7 * k)
    base = ParagraphStyle("body", fontName=regular, fontSize=body, leading=body * 1.22)
    return {
        "title": ParagraphStyle(
            "title", base, fontName=bold, fontSize=16 * k, leading=19 * k, spaceAfter=4
        ),
        "h1": ParagraphStyle(
            "h1",
            base,
            fontName=bold,
            fontSize=11.5 * k,
            leading=14 * k,
            spaceBefore=8,
            spaceAfter=3,
            keepWithNext=1,
        ),
        "h2": ParagraphStyle(
            "h2",
            base,
            fontName=bold,
            fontSize=9.5 * k,
            leading=12 * k,
            spaceBefore=5,
            spaceAfter=2,
            keepWithNext=1,
        ),
        "body": base,
        "small": ParagraphStyle("small", base, fontSize=small, leading=small * 1.2),
        "cell": ParagraphStyle("cell", base, fontSize=body, leading=body * 1.15),
        "cell_bold": ParagraphStyle(
            "cell_bold", base, fontName=bold, fontSize=body, leading=body * 1.15
        ),
        "kit": ParagraphStyle(
            "kit",
            base,
            fontSize=body,
            leading=body * 1.22,
            borderColor=RULE,
            borderWidth=0.5,
            borderPadding=BOX_PAD,
            leftIndent=BOX_PAD,  # the border on the frame's edges, like the tables'
            rightIndent=BOX_PAD,
            backColor="#f0f0f0",
            spaceBefore=4 + BOX_PAD,  # clear of the border, which sits BOX_PAD outside the text
            spaceAfter=3 + BOX_PAD,
        ),
    }


def colour(hex_code: str) -> Any:
    """A reportlab colour, parsed once (a table cell's style names it again and again): the
    kit canvas's `parsed`."""

    return parsed(hex_code)


def esc(text: str) -> str:
    """Text made safe for a platypus paragraph (its mark-up is a small XML)."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def para(text: str, style: str = "body", body: float = BODY) -> Any:
    """A paragraph of plain text (escaped) in one of `styles`."""

    return Paragraph(esc(text), styles(body)[style])


def marked(text: str, style: str = "body", body: float = BODY) -> Any:
    """A paragraph whose text already holds platypus mark-up (``<b>``, ``<br/>``)."""

    return Paragraph(text, styles(body)[style])


def bullets(items: Sequence[str], style: str = "body", body: float = BODY) -> list[Any]:
    return [marked(f"•&nbsp;{esc(item)}", style, body) for item in items]


def grid(
    rows: Sequence[Sequence[Any]],
    widths: Sequence[float] | None = None,
    header_rows: int = 1,
    header_cols: int = 0,
    extra: Sequence[tuple] = (),
    size: float = BODY,
) -> Any:
    """A ruled table: header rows/columns bold on a light tint, thin rules, ``extra`` style
    commands (reportlab TableStyle tuples) last. Cells may be strings or flowables."""

    regular, bold = pdf_font(REGULAR), pdf_font(BOLD)
    table = Table([list(r) for r in rows], colWidths=widths, repeatRows=header_rows, hAlign="LEFT")
    commands: list[tuple] = [
        ("FONT", (0, 0), (-1, -1), regular, size),
        ("TEXTCOLOR", (0, 0), (-1, -1), colour(INK)),
        ("GRID", (0, 0), (-1, -1), 0.4, colour(RULE)),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("TOPPADDING", (0, 0), (-1, -1), CELL_PAD[0]),
        ("BOTTOMPADDING", (0, 0), (-1, -1), CELL_PAD[1]),
        ("LEFTPADDING", (0, 0), (-1, -1), 3),
        ("RIGHTPADDING", (0, 0), (-1, -1), 3),
    ]
    if header_rows:
        commands += [
            ("FONT", (0, 0), (-1, header_rows - 1), bold, size),
            ("BACKGROUND", (0, 0), (-1, header_rows - 1), colour(HEADER_FILL)),
        ]
    if header_cols:
        commands += [
            ("FONT", (0, 0), (header_cols - 1, -1), bold, size),
            ("BACKGROUND", (0, header_rows), (header_cols - 1, -1), colour(HEADER_FILL)),
        ]
    table.setStyle(TableStyle(commands + list(extra)))
    table.spaceBefore = table.spaceAfter = TABLE_GAP  # the lines around it clear of its rules
    return table


def write_document(
    path: str | Path,
    story: list[Any],
    page: PageSize,
    title: str,
    subject: str,
    note: str,
) -> int:
    """Set ``story`` on pages of ``page`` and write the PDF atomically; returns its page count.

    Every page gets the kit's one footer (generator/sheet/pages.py): ``title``, page n/N and
    ``note`` (say there whose values are the kit's).
    """

    regular = pdf_font(REGULAR)
    pages = [0]

    def decorate(canvas: Any, doc: Any) -> None:
        pages[0] = doc.page

    def draw(canvas: Any, text: str) -> None:
        lines = split_lines(text, REGULAR, MIN_SIZE, page.frame_width)[:2]
        canvas.saveState()
        canvas.setFont(regular, MIN_SIZE)
        canvas.setFillColor(INK)
        y = FOOTER_FROM_EDGE + (FOOTER_LEADING / 2 if len(lines) > 1 else 0.0)
        for line in lines:
            canvas.drawString(MARGIN, y, line)
            y -= FOOTER_LEADING
        canvas.restoreState()

    buffer = io.BytesIO()
    with binary_streams():
        doc = BaseDocTemplate(
            buffer,
            pagesize=(page.width, page.height),
            leftMargin=MARGIN,
            rightMargin=MARGIN,
            topMargin=MARGIN,
            bottomMargin=MARGIN,
            title=title,
            author=AUTHOR,
            subject=subject,
            creator="havoc-pnp",
            invariant=1,
            initialFontName=regular,
        )
        # one frame exactly MARGIN inside every edge, with no padding of its own: text, tables
        # (as wide as `PageSize.frame_width`) and boxed notes share one left and one right edge
        frame = Frame(
            MARGIN,
            MARGIN,
            page.width - 2 * MARGIN,
            page.height - 2 * MARGIN,
            leftPadding=0,
            rightPadding=0,
            topPadding=0,
            bottomPadding=0,
            id="body",
        )
        doc.addPageTemplates([PageTemplate("page", [frame], onPage=decorate)])
        try:
            doc.build(story, canvasmaker=footer_canvas(title, note, draw))
        except LayoutError:
            from generator.sheet.options import PaperTooSmall

            raise PaperTooSmall(
                f"{title}: a table does not fit on {page.width / INCH:.1f} x "
                f"{page.height / INCH:.1f} in paper; choose a larger --paper"
            ) from None
    with atomic_file(path) as handle:
        handle.write(buffer.getvalue())
    return pages[0]
