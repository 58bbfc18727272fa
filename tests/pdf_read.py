"""Read a PDF back through pdfium, many times faster than pdfplumber, in pdfplumber's terms.

`words`, `chars` and `shapes` give what the tests check (text with its font, size and box;
filled and stroked paths with their colours) in pdfplumber's coordinates: points, `top` and
`bottom` measured down from the top of the page, `y0`/`y1` up from its foot. A letter's box runs
the font's full ascent to descent (pdfium's loose box), as pdfplumber's does. Shapes are
classified as pdfplumber does: an axis-aligned closed four-corner path is a `rect`, a two-point
path a `line`, anything else a `curve`. Form XObjects are read through, in page coordinates.
"""

from __future__ import annotations

import ctypes
import os
import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as raw

_WORD = re.compile(r"\S+")
X_TOLERANCE = 3.0  # pdfplumber's default gap (points) that parts two words


@dataclass(frozen=True)
class Word:
    page: int  # from 1
    text: str
    x0: float
    top: float
    x1: float
    bottom: float
    page_width: float
    page_height: float
    colour: tuple[int, int, int] = (0, 0, 0)  # its first letter's fill, 0-255

    @property
    def edge_gap(self) -> float:
        """The distance from this word to the nearest paper edge."""
        return min(self.x0, self.top, self.page_width - self.x1, self.page_height - self.bottom)


@dataclass(frozen=True)
class Char:
    page: int
    text: str
    fontname: str  # the font's base name, without a subset prefix
    size: float  # points, as drawn (the text matrix's scale included)
    x0: float
    top: float
    x1: float
    bottom: float
    colour: tuple[int, int, int]  # fill, 0-255
    matrix: tuple[float, float, float, float]  # a, b, c, d as drawn: a < 0 and d < 0 is turned 180


@dataclass(frozen=True)
class Shape:
    page: int
    kind: str  # "rect", "line" or "curve"
    x0: float
    top: float
    x1: float
    bottom: float
    page_height: float
    fill: bool
    stroke: bool
    fill_colour: tuple[int, int, int]  # 0-255; meaningful only when `fill`
    stroke_colour: tuple[int, int, int]  # 0-255; meaningful only when `stroke`
    linewidth: float  # in page units
    points: tuple[tuple[float, float], ...]  # page coordinates, y up

    @property
    def y0(self) -> float:
        return self.page_height - self.bottom

    @property
    def y1(self) -> float:
        return self.page_height - self.top

    @property
    def width(self) -> float:
        return self.x1 - self.x0

    @property
    def height(self) -> float:
        return self.bottom - self.top


@dataclass(frozen=True)
class Page:
    number: int  # from 1
    width: float
    height: float
    words: tuple[Word, ...]
    chars: tuple[Char, ...]
    file: tuple[str, int, int]  # the file's path, modification time and size, as read

    @cached_property
    def shapes(self) -> tuple[Shape, ...]:
        """Read on first use (most tests read the text only)."""
        return _drawn(*self.file)[self.number - 1][0]

    @cached_property
    def images(self) -> int:
        """Image objects drawn (a vector page has none)."""
        return _drawn(*self.file)[self.number - 1][1]

    @cached_property
    def rects(self) -> list[Shape]:
        return [s for s in self.shapes if s.kind == "rect"]

    @cached_property
    def lines(self) -> list[Shape]:
        return [s for s in self.shapes if s.kind == "line"]

    @cached_property
    def rules(self) -> list[tuple[float, float, float]]:
        """(x0, x1, top) of every horizontal edge: horizontal lines and rects' tops and feet
        (pdfplumber's horizontal `edges` without the curves')."""
        out = [(s.x0, s.x1, s.top) for s in self.lines if abs(s.top - s.bottom) < 1e-3]
        out += [(s.x0, s.x1, y) for s in self.rects for y in (s.top, s.bottom)]
        return out

    @cached_property
    def text_lines(self) -> list[str]:
        """The words line by line, top to bottom (a line: tops within `X_TOLERANCE`)."""
        return _lines(self.words)

    @cached_property
    def text(self) -> str:
        return " ".join(w.text for w in self.words)

    def text_in(self, x0: float, top: float, x1: float, bottom: float) -> str:
        """The words whose middle lies in the box, line by line (pdfplumber's crop and
        `extract_text`)."""
        inside = [
            w
            for w in self.words
            if x0 <= (w.x0 + w.x1) / 2 <= x1 and top <= (w.top + w.bottom) / 2 <= bottom
        ]
        return "\n".join(_lines(inside))


def _lines(words: tuple[Word, ...] | list[Word]) -> list[str]:
    """Words line by line, top to bottom (a line: tops within `X_TOLERANCE`)."""
    rows: list[tuple[float, list[Word]]] = []
    for w in sorted(words, key=lambda w: (w.top, w.x0)):
        if rows and abs(rows[-1][0] - w.top) <= X_TOLERANCE:
            rows[-1][1].append(w)
        else:
            rows.append((w.top, [w]))
    return [" ".join(w.text for w in sorted(ws, key=lambda w: w.x0)) for _, ws in rows]


def pages(path: Path | str) -> tuple[Page, ...]:
    """Every page read back once; cached per file and its modification time (tests only read).
    The text is read at once, a page's shapes and images when first asked for."""
    p = Path(path)
    stat = p.stat()
    return _pages(str(p), stat.st_mtime_ns, stat.st_size)


def title(path: Path | str) -> str:
    """The document's Title, as a PDF reader's window shows it."""
    pdf = pdfium.PdfDocument(str(path))
    try:
        return pdf.get_metadata_dict().get("Title", "")
    finally:
        pdf.close()


def words(path: Path | str) -> Iterator[Word]:
    """Every word on every page, in reading order as pdfium gives it."""
    for page in pages(path):
        yield from page.words


def page_texts(path: Path | str) -> list[str]:
    """Each page's text as pdfium reads it, lines apart ("\\n"), in the order it is drawn:
    what pypdf's `extract_text` gives, many times faster (no letter boxes, fonts or colours)."""
    pdf = pdfium.PdfDocument(str(path))
    try:
        out = []
        for page in pdf:
            text_page = page.get_textpage()
            out.append(text_page.get_text_range().replace("\r\n", "\n").replace("\r", "\n"))
            text_page.close()
            page.close()
        return out
    finally:
        pdf.close()


def chars(path: Path | str) -> list[Char]:
    return [c for page in pages(path) for c in page.chars]


def shapes(path: Path | str) -> list[Shape]:
    return [s for page in pages(path) for s in page.shapes]


@lru_cache(maxsize=64)
def _pages(path: str, mtime: int, size: int) -> tuple[Page, ...]:
    pdf = pdfium.PdfDocument(path)
    try:
        out = []
        for number, page in enumerate(pdf, start=1):
            width, height = page.get_size()
            text_words, text_chars = _text(page, number, width, height)
            out.append(Page(number, width, height, text_words, text_chars, (path, mtime, size)))
            page.close()
        return tuple(out)
    finally:
        pdf.close()


@lru_cache(maxsize=64)
def _drawn(path: str, mtime: int, size: int) -> tuple[tuple[tuple[Shape, ...], int], ...]:
    """Each page's shapes and its count of images, read once per file."""
    if (os.stat(path).st_mtime_ns, os.stat(path).st_size) != (mtime, size):
        raise AssertionError(f"{path} changed since its text was read")
    pdf = pdfium.PdfDocument(path)
    try:
        out = []
        for number, page in enumerate(pdf, start=1):
            images = page.get_objects(filter=[raw.FPDF_PAGEOBJ_IMAGE], max_depth=8)
            out.append((tuple(_shapes(page, number, page.get_size()[1])), len(list(images))))
            page.close()
        return tuple(out)
    finally:
        pdf.close()


def _text(
    page, number: int, width: float, height: float
) -> tuple[tuple[Word, ...], tuple[Char, ...]]:
    text_page = page.get_textpage()
    try:
        count = text_page.count_chars()
        text = text_page.get_text_range(0, count) if count else ""
        if len(text) != count:  # pdfium's text is one character per char index
            raise AssertionError(f"page {number}: text and characters disagree")
        boxes = [text_page.get_charbox(i, loose=True) for i in range(count)]
        found_chars = {}
        name = ctypes.create_string_buffer(256)
        flags = ctypes.c_int()
        r, g, b, a = (ctypes.c_uint() for _ in range(4))
        matrix = raw.FS_MATRIX()
        for i, ch in enumerate(text):
            if ch.isspace():
                continue
            raw.FPDFText_GetFontInfo(text_page.raw, i, name, 256, flags)
            font = name.value.decode("latin-1")
            raw.FPDFText_GetFillColor(text_page.raw, i, r, g, b, a)
            left, bottom, right, top = boxes[i]
            raw.FPDFText_GetMatrix(text_page.raw, i, matrix)  # the size as drawn, scale included
            scale = abs(matrix.a * matrix.d - matrix.b * matrix.c) ** 0.5
            found_chars[i] = Char(number, ch, font.split("+", 1)[-1],
                                  raw.FPDFText_GetFontSize(text_page.raw, i) * scale, left,
                                  height - top, right, height - bottom,
                                  (r.value, g.value, b.value),
                                  (matrix.a, matrix.b, matrix.c, matrix.d))  # fmt: skip
        found_words = []
        for match in _WORD.finditer(text):
            for start, end in _split(match.start(), match.end(), boxes, found_chars):
                span = boxes[start:end]
                found_words.append(Word(number, text[start:end], min(b[0] for b in span),
                                        height - max(b[3] for b in span),
                                        max(b[2] for b in span),
                                        height - min(b[1] for b in span), width, height,
                                        found_chars[start].colour))  # fmt: skip
        found_chars = list(found_chars.values())
        return tuple(found_words), tuple(found_chars)
    finally:
        text_page.close()


def _split(start: int, end: int, boxes: list, found: dict) -> Iterator[tuple[int, int]]:
    """A run without white space, parted where pdfplumber parts words: upright letters more
    than `X_TOLERANCE` apart, or on another line."""
    first = start
    for i in range(start + 1, end):
        a, b = found[i - 1], found[i]
        upright = a.matrix[0] > 0 and abs(a.matrix[1]) < 1e-6 and b.matrix[0] > 0
        if upright and (b.x0 - a.x1 > X_TOLERANCE or abs(b.top - a.top) > X_TOLERANCE):
            yield first, i
            first = i
    yield first, end


def _shapes(page, number: int, height: float) -> Iterator[Shape]:
    x, y = ctypes.c_float(), ctypes.c_float()
    fill_mode, stroke = ctypes.c_int(), ctypes.c_int()
    r, g, b, a = (ctypes.c_uint() for _ in range(4))
    width = ctypes.c_float()
    for obj in page.get_objects(filter=[raw.FPDF_PAGEOBJ_PATH], max_depth=8):
        m = _page_matrix(obj)
        raw.FPDFPath_GetDrawMode(obj.raw, fill_mode, stroke)
        raw.FPDFPageObj_GetFillColor(obj.raw, r, g, b, a)
        fill_colour = (r.value, g.value, b.value)
        raw.FPDFPageObj_GetStrokeColor(obj.raw, r, g, b, a)
        stroke_colour = (r.value, g.value, b.value)
        raw.FPDFPageObj_GetStrokeWidth(obj.raw, width)
        linewidth = width.value * abs(m[0] * m[3] - m[1] * m[2]) ** 0.5
        subpaths: list[tuple[list[tuple[float, float]], bool, bool]] = []
        for i in range(raw.FPDFPath_CountSegments(obj.raw)):
            segment = raw.FPDFPath_GetPathSegment(obj.raw, i)
            raw.FPDFPathSegment_GetPoint(segment, x, y)
            kind = raw.FPDFPathSegment_GetType(segment)
            if kind == raw.FPDF_SEGMENT_MOVETO or not subpaths:
                subpaths.append(([], False, False))  # each subpath is a shape, as pdfminer has it
            points, curved, closed = subpaths[-1]
            points.append((m[0] * x.value + m[2] * y.value + m[4],
                           m[1] * x.value + m[3] * y.value + m[5]))  # fmt: skip
            subpaths[-1] = (points, curved or kind == raw.FPDF_SEGMENT_BEZIERTO,
                            closed or bool(raw.FPDFPathSegment_GetClose(segment)))  # fmt: skip
        for points, curved, closed in subpaths:
            if len(points) < 2:
                continue
            xs, ys = [p[0] for p in points], [p[1] for p in points]
            yield Shape(number, _kind(points, curved, closed), min(xs), height - max(ys),
                        max(xs), height - min(ys), height, fill_mode.value != 0,
                        bool(stroke.value), fill_colour, stroke_colour, linewidth,
                        tuple(points))  # fmt: skip


def _page_matrix(obj) -> tuple[float, ...]:
    """The object's matrix composed with those of the forms it sits in."""
    m = tuple(obj.get_matrix().get())
    parent = obj.parent
    while parent is not None and getattr(parent, "type", None) == raw.FPDF_PAGEOBJ_FORM:
        p = tuple(parent.get_matrix().get())
        m = (m[0] * p[0] + m[1] * p[2], m[0] * p[1] + m[1] * p[3],
             m[2] * p[0] + m[3] * p[2], m[2] * p[1] + m[3] * p[3],
             m[4] * p[0] + m[5] * p[2] + p[4], m[4] * p[1] + m[5] * p[3] + p[5])  # fmt: skip
        parent = parent.parent
    return m


def _kind(points: list[tuple[float, float]], curved: bool, closed: bool) -> str:
    if curved:
        return "curve"
    distinct = list(dict.fromkeys((round(px, 3), round(py, 3)) for px, py in points))
    if len(distinct) == 2 and not closed:
        return "line"
    if len(distinct) == 4 and len(points) <= 5:
        xs = {p[0] for p in distinct}
        ys = {p[1] for p in distinct}
        if len(xs) == 2 and len(ys) == 2:
            return "rect"
    return "curve"
