"""Read a PDF back through pdfium, many times faster than pdfplumber, in pdfplumber's terms.

`words`, `chars` and `shapes` give what the tests check (text with its font, size and box;
filled and stroked paths with their colours) in pdfplumber's coordinates: points, `top` and
`bottom` measured down from the top of the page, `y0`/`y1` up from its foot. A letter's box runs
the font's full ascent to descent (pdfium's loose box), as pdfplumber's does. Shapes are
classified as pdfplumber does: an axis-aligned closed four-corner path is a `rect`, a two-point
path a `line`, anything else a `curve`. Form XObjects are read through: their text in page
coordinates, their paths' points in the form's own space (each object's matrix only).
"""

from __future__ import annotations

import ctypes
import os
import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path
from typing import NamedTuple

import pypdfium2 as pdfium
import pypdfium2.raw as raw

_WORD = re.compile(r"\S+")
X_TOLERANCE = 3.0  # pdfplumber's default gap (points) that parts two words


# The records are named tuples (immutable, compared and hashed by value, as frozen dataclasses
# are): a page holds thousands, and a tuple is made in one step.
class Word(NamedTuple):
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


class Char(NamedTuple):
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


class Shape(NamedTuple):
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
            found: list[Shape] = []
            images = _read_objects(page, number, page.get_size()[1], found)
            out.append((tuple(found), images))
            page.close()
        return tuple(out)
    finally:
        pdf.close()


def _c(name: str, restype, *argtypes):
    """pdfium's function `name` called with plain addresses (no pointer types to convert)."""
    address = ctypes.cast(getattr(raw, name), ctypes.c_void_p).value
    return ctypes.CFUNCTYPE(restype, *argtypes)(address)


_P, _I, _U = ctypes.c_void_p, ctypes.c_int, ctypes.c_ulong
_text_object = _c("FPDFText_GetTextObject", _P, _P, _I)
_font_info = _c("FPDFText_GetFontInfo", _U, _P, _I, _P, _U, _P)
_text_fill = _c("FPDFText_GetFillColor", _I, _P, _I, _P, _P, _P, _P)
_text_matrix = _c("FPDFText_GetMatrix", _I, _P, _I, _P)
_font_size = _c("FPDFText_GetFontSize", ctypes.c_double, _P, _I)
_loose_box = _c("FPDFText_GetLooseCharBox", _I, _P, _I, _P)
_page_count = _c("FPDFPage_CountObjects", _I, _P)
_page_object = _c("FPDFPage_GetObject", _P, _P, _I)
_form_count = _c("FPDFFormObj_CountObjects", _I, _P)
_form_object = _c("FPDFFormObj_GetObject", _P, _P, _U)
_object_type = _c("FPDFPageObj_GetType", _I, _P)
_object_matrix = _c("FPDFPageObj_GetMatrix", _I, _P, _P)
_draw_mode = _c("FPDFPath_GetDrawMode", _I, _P, _P, _P)
_fill_colour = _c("FPDFPageObj_GetFillColor", _I, _P, _P, _P, _P, _P)
_stroke_colour = _c("FPDFPageObj_GetStrokeColor", _I, _P, _P, _P, _P, _P)
_stroke_width = _c("FPDFPageObj_GetStrokeWidth", _I, _P, _P)
_segment_count = _c("FPDFPath_CountSegments", _I, _P)
_segment = _c("FPDFPath_GetPathSegment", _P, _P, _I)
_segment_point = _c("FPDFPathSegment_GetPoint", _I, _P, _P, _P)
_segment_type = _c("FPDFPathSegment_GetType", _I, _P)
_segment_close = _c("FPDFPathSegment_GetClose", _I, _P)
_MOVETO, _BEZIERTO = raw.FPDF_SEGMENT_MOVETO, raw.FPDF_SEGMENT_BEZIERTO
_PATH, _IMAGE, _FORM = raw.FPDF_PAGEOBJ_PATH, raw.FPDF_PAGEOBJ_IMAGE, raw.FPDF_PAGEOBJ_FORM
_MAX_DEPTH = 8  # forms inside forms read through (pypdfium2's `get_objects(max_depth=8)`)


def _address(handle) -> int:
    return ctypes.cast(handle, ctypes.c_void_p).value or 0


def _text(
    page, number: int, width: float, height: float
) -> tuple[tuple[Word, ...], tuple[Char, ...]]:
    text_page = page.get_textpage()
    try:
        count = text_page.count_chars()
        text = text_page.get_text_range(0, count) if count else ""
        if len(text) != count:  # pdfium's text is one character per char index
            raise AssertionError(f"page {number}: text and characters disagree")
        tp = _address(text_page.raw)
        name = ctypes.create_string_buffer(256)
        flags = ctypes.c_int()
        r, g, b, a = (ctypes.c_uint() for _ in range(4))
        rgba = [ctypes.addressof(c) for c in (r, g, b, a)]
        matrix = raw.FS_MATRIX()
        box = raw.FS_RECTF()
        name_at, flags_at = ctypes.addressof(name), ctypes.addressof(flags)
        matrix_at, box_at = ctypes.addressof(matrix), ctypes.addressof(box)
        # A letter's font, size, fill and matrix are its text object's (pdfium reads them
        # there): read once per text object, per letter only where pdfium has none
        drawn: dict[int, tuple[str, float, tuple[int, int, int], tuple[float, ...]]] = {}
        found_chars: dict[int, Char] = {}
        new_char = Char._make
        for i, ch in enumerate(text):
            if ch.isspace():
                continue
            if not _loose_box(tp, i, box_at):
                raise AssertionError(f"page {number}: no box for character {i}")
            obj = _text_object(tp, i)
            style = drawn.get(obj) if obj else None
            if style is None:
                _font_info(tp, i, name_at, 256, flags_at)
                font = name.value.decode("latin-1")
                _text_fill(tp, i, *rgba)
                _text_matrix(tp, i, matrix_at)  # the size as drawn, scale included
                scale = abs(matrix.a * matrix.d - matrix.b * matrix.c) ** 0.5
                style = (font.split("+", 1)[-1], _font_size(tp, i) * scale,
                         (r.value, g.value, b.value),
                         (matrix.a, matrix.b, matrix.c, matrix.d))  # fmt: skip
                if obj:
                    drawn[obj] = style
            found_chars[i] = new_char((number, ch, style[0], style[1], box.left,
                                       height - box.top, box.right, height - box.bottom,
                                       style[2], style[3]))  # fmt: skip
        found_words = []
        new_word = Word._make
        for match in _WORD.finditer(text):
            for start, end in _split(match.start(), match.end(), found_chars):
                first = found_chars[start]
                if end - start == 1:
                    x0, top, x1, bottom = first[4:8]
                else:  # the letters' fields side by side: x0s, tops, x1s, bottoms at 4-7
                    fields = tuple(zip(*(found_chars[i] for i in range(start, end)), strict=True))
                    x0, top = min(fields[4]), min(fields[5])
                    x1, bottom = max(fields[6]), max(fields[7])
                found_words.append(new_word((number, text[start:end], x0, top, x1, bottom,
                                             width, height, first.colour)))  # fmt: skip
        return tuple(found_words), tuple(found_chars.values())
    finally:
        text_page.close()


def _split(start: int, end: int, found: dict) -> Iterator[tuple[int, int]]:
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


def _read_objects(page, number: int, height: float, found: list[Shape]) -> int:
    """The page's paths as shapes into `found`, in the order drawn, forms read through to
    `_MAX_DEPTH`; returns the count of image objects."""
    matrix = raw.FS_MATRIX()
    matrix_at = ctypes.addressof(matrix)
    x, y = ctypes.c_float(), ctypes.c_float()
    fill_mode, stroke = ctypes.c_int(), ctypes.c_int()
    r, g, b, a = (ctypes.c_uint() for _ in range(4))
    rgba = [ctypes.addressof(c) for c in (r, g, b, a)]
    width = ctypes.c_float()
    xy = ctypes.addressof(x), ctypes.addressof(y)
    modes = ctypes.addressof(fill_mode), ctypes.addressof(stroke)
    width_at = ctypes.addressof(width)
    new_shape = Shape._make
    images = 0

    def matrix_of(obj: int) -> tuple[float, ...]:
        if not _object_matrix(obj, matrix_at):
            raise AssertionError("pdfium gave no matrix for an object")
        return (matrix.a, matrix.b, matrix.c, matrix.d, matrix.e, matrix.f)

    def walk(parent: int, form: bool, level: int) -> None:
        nonlocal images
        count = (_form_count if form else _page_count)(parent)
        if count < 0:
            raise AssertionError("pdfium could not count the objects")
        get = _form_object if form else _page_object
        for i in range(count):
            obj = get(parent, i)
            if not obj:
                raise AssertionError("pdfium gave no object")
            kind = _object_type(obj)
            if kind == _PATH:
                path(obj)
            elif kind == _IMAGE:
                images += 1
            elif kind == _FORM and level < _MAX_DEPTH - 1:
                walk(obj, True, level + 1)

    def path(obj: int) -> None:
        # The object's own matrix only: inside a Form XObject the points stay in the form's
        # space, as this reader has always given them (it meant to compose the forms' matrices
        # by walking pypdfium2's `parent`, but that is the page, never the form)
        m = matrix_of(obj)
        _draw_mode(obj, *modes)
        _fill_colour(obj, *rgba)
        fill_colour = (r.value, g.value, b.value)
        _stroke_colour(obj, *rgba)
        stroke_colour = (r.value, g.value, b.value)
        _stroke_width(obj, width_at)
        linewidth = width.value * abs(m[0] * m[3] - m[1] * m[2]) ** 0.5
        ma, mb, mc, md, me, mf = m
        # each subpath is a shape, as pdfminer has it: its points, whether curved, its segments
        subpaths: list[tuple[list[tuple[float, float]], list[bool], list[int]]] = []
        points: list[tuple[float, float]] = []
        curved = [False]
        segments: list[int] = []
        for i in range(_segment_count(obj)):
            segment = _segment(obj, i)
            _segment_point(segment, *xy)
            kind = _segment_type(segment)
            if kind == _MOVETO or not subpaths:
                points, curved, segments = [], [False], []
                subpaths.append((points, curved, segments))
            px, py = x.value, y.value
            points.append((ma * px + mc * py + me, mb * px + md * py + mf))
            if kind == _BEZIERTO:
                curved[0] = True
            segments.append(segment)
        fill, stroked = fill_mode.value != 0, bool(stroke.value)
        for points, curved, segments in subpaths:
            if len(points) < 2:
                continue
            xs, ys = [p[0] for p in points], [p[1] for p in points]
            found.append(new_shape((number, _kind(points, curved[0], segments), min(xs),
                                    height - max(ys), max(xs), height - min(ys), height, fill,
                                    stroked, fill_colour, stroke_colour, linewidth,
                                    tuple(points))))  # fmt: skip

    walk(_address(page.raw), False, 0)
    return images


def _kind(points: list[tuple[float, float]], curved: bool, segments: list[int]) -> str:
    """pdfplumber's class of a subpath: its distinct points (to 0.001 pt) and whether it is
    closed (asked of pdfium only where that decides: two distinct points)."""
    if curved:
        return "curve"
    distinct: dict[tuple[float, float], None] = {}
    for px, py in points:
        distinct[round(px, 3), round(py, 3)] = None
        if len(distinct) > 4 or (len(distinct) > 2 and len(points) > 5):
            return "curve"  # neither a line (two) nor a rect (four, in at most five points)
    if len(distinct) == 2:
        closed = any(_segment_close(segment) for segment in segments)
        return "curve" if closed else "line"
    if len(distinct) == 4 and len(points) <= 5:
        xs = {p[0] for p in distinct}
        ys = {p[1] for p in distinct}
        if len(xs) == 2 and len(ys) == 2:
            return "rect"
    return "curve"
