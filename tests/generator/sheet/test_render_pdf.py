"""The PDF, read back: face sizes, mirrored backs, offsets, margins, bleed, fold-over, metadata,
determinism and atomic writes."""

from __future__ import annotations

import shutil
import subprocess
from dataclasses import replace
from pathlib import Path

import pytest
from engine_helpers import Box, close, face_boxes, mixed, page_sizes, piece
from pdf_read import chars
from pdf_read import pages as read_pages

from generator.sheet import pages, render_pdf
from generator.sheet.layout import per_page
from generator.sheet.options import SheetOptions
from generator.sheet.render_pdf import write_pieces_pdf
from tests.conftest import sweep

MM = 72 / 25.4


def render(tmp_path: Path, pieces=None, name: str = "s.pdf", **options: str):
    sheet = SheetOptions.parse(**options)
    path = tmp_path / name
    stats = write_pieces_pdf(path, mixed(80) if pieces is None else pieces, sheet, "Test sheet",
                             "a note")  # fmt: skip
    return path, sheet, stats


@pytest.mark.parametrize(
    ("size", "side"),
    sweep(("5/8in", 45.0), ("1/2in", 36.0), ("3/4in", 54.0), ("1in", 72.0), ("16mm", 16 * MM)),
)
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_face_sizes_read_back(tmp_path: Path, size: str, side: float, paper: str) -> None:
    path, sheet, stats = render(tmp_path, paper=paper, piece_size=size)
    boxes = face_boxes(path)
    squares = [b for b in boxes if b.index >= 12]
    doubles = [b for b in boxes if b.index < 12]
    assert squares and doubles
    for b in squares:
        assert close(b.w, side) and close(b.h, side), b
    for b in doubles:  # double-length: 2 x 1 cells
        assert close(b.w, 2 * side) and close(b.h, side), b
    # every face of every piece is drawn once: fronts of all, backs of the two-sided
    fronts = sorted(b.index for b in boxes if b.side == "front")
    backs = sorted(b.index for b in boxes if b.side == "back")
    assert fronts == list(range(87))
    assert backs == list(range(80))
    w, h = (595.28, 841.89) if paper == "a4" else (612.0, 792.0)
    assert all(close(pw, w) and close(ph, h) for pw, ph in page_sizes(path))


@pytest.mark.slow
def test_nothing_outside_the_margins(tmp_path: Path) -> None:
    for bleed in ("none", "3mm", "1/8in"):
        for duplex in ("long", "short", "none"):
            path, sheet, _ = render(
                tmp_path, paper="letter", margin="0.6in,0.4in", bleed=bleed, duplex=duplex
            )
            x0, y0, x1, y1 = sheet.usable
            for b in face_boxes(path):
                assert b.x0 >= x0 - 0.01 and b.y0 >= y0 - 0.01, (bleed, duplex, b)
                assert b.x1 <= x1 + 0.01 and b.y1 <= y1 + 0.01, (bleed, duplex, b)


@pytest.mark.parametrize("duplex", ["long", "short"])
@pytest.mark.parametrize("offset", sweep("1.5,-2.25", "0,0"))
def test_backs_mirror_their_fronts(tmp_path: Path, duplex: str, offset: str) -> None:
    path, sheet, _ = render(tmp_path, paper="letter", duplex=duplex, back_offset=offset)
    dx, dy = (float(v) * MM for v in offset.split(","))
    boxes = face_boxes(path)
    fronts = {b.index: b for b in boxes if b.side == "front"}
    backs = [b for b in boxes if b.side == "back"]
    assert len(backs) == 80
    for back in backs:
        front = fronts[back.index]
        assert back.page == front.page + 1  # the back page follows its front page
        assert close(back.w, front.w) and close(back.h, front.h)
        if duplex == "long":
            assert close(back.x0, 612 - front.x0 - front.w + dx)
            assert close(back.y0, front.y0 + dy)
        else:
            assert close(back.x0, front.x0 + dx)
            assert close(back.y0, 792 - front.y0 - front.h + dy)


def test_fold_over_pairs_mirror_across_the_fold(tmp_path: Path) -> None:
    path, sheet, _ = render(tmp_path, paper="a4", duplex="none")
    middle = sheet.width / 2
    boxes = face_boxes(path)
    fronts = {b.index: b for b in boxes if b.side == "front"}
    backs = [b for b in boxes if b.side == "back"]
    assert len(backs) == 80
    for back in backs:
        front = fronts[back.index]
        assert back.page == front.page
        assert front.x1 <= middle and back.x0 >= middle
        assert close(back.x0 - middle, middle - front.x1)
        assert close(back.y0, front.y0)


@pytest.mark.parametrize("bleed", ["3mm", "1/8in"])
def test_bleed_runs_the_background_past_the_cut(tmp_path: Path, bleed: str) -> None:
    path, sheet, _ = render(tmp_path, paper="a4", bleed=bleed)
    b = sheet.bleed
    boxes = [x for x in face_boxes(path) if x.page == 1 and x.index >= 12]
    for box in boxes:
        assert close(box.w, 45 + 2 * b) and close(box.h, 45 + 2 * b)
    top = max(x.y1 for x in boxes)
    row = sorted((x for x in boxes if close(x.y1, top)), key=lambda x: x.x0)
    assert len(row) == per_page(sheet)[0]
    for left, right in zip(row, row[1:], strict=False):
        assert close(right.x0, left.x1)  # bleeds butt: cut boxes are 2b apart
    # TrimBox is the union of the cut boxes, BleedBox that plus the bleed
    from pypdf import PdfReader

    page = PdfReader(path).pages[0]
    trim, bleed_box = page.trimbox, page.bleedbox
    assert close(float(bleed_box.left), float(trim.left) - b)
    assert close(float(bleed_box.top), float(trim.top) + b)


def test_metadata_and_qpdf(tmp_path: Path) -> None:
    from pypdf import PdfReader

    path, sheet, stats = render(tmp_path)
    meta = PdfReader(path).metadata
    assert meta.title == "Test sheet"
    assert meta.author and meta.subject == sheet.describe()
    assert stats.pages == len(PdfReader(path).pages) and stats.bytes == path.stat().st_size
    if shutil.which("qpdf") is None:
        pytest.skip("qpdf is not installed")
    for duplex in ("long", "none"):
        path, _, _ = render(tmp_path, name=f"{duplex}.pdf", duplex=duplex, cut_guides="lines",
                            bleed="3mm")  # fmt: skip
        check = subprocess.run(["qpdf", "--check", str(path)], capture_output=True, text=True)
        assert check.returncode == 0, check.stdout + check.stderr


def test_footer_names_the_side(tmp_path: Path) -> None:
    path, _, _ = render(tmp_path, pieces=[piece(i) for i in range(300)], duplex="short")
    texts = [page.text for page in read_pages(path)]
    assert "page 1/4" in texts[0] and "FRONTS" in texts[0] and "a note" in texts[0]
    assert "page 2/4" in texts[1] and "BACKS (flip on short edge)" in texts[1]


def test_deterministic(tmp_path: Path) -> None:
    first, _, _ = render(tmp_path, name="one.pdf", bleed="3mm", cut_guides="lines")
    second, _, _ = render(tmp_path, name="two.pdf", bleed="3mm", cut_guides="lines")
    assert first.read_bytes() == second.read_bytes()


def test_atomic_write_keeps_the_old_file(tmp_path: Path, monkeypatch) -> None:
    path, _, _ = render(tmp_path, name="keep.pdf")
    before = path.read_bytes()
    calls = {"n": 0}
    real = render_pdf.draw_face

    def failing(*args, **kwargs):
        calls["n"] += 1
        if calls["n"] == 40:
            raise RuntimeError("disk on fire")
        return real(*args, **kwargs)

    monkeypatch.setattr(render_pdf, "draw_face", failing)
    with pytest.raises(RuntimeError):
        render(tmp_path, name="keep.pdf", paper="letter")
    assert calls["n"] == 40
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["keep.pdf"]


def test_cut_lines_never_cross_a_piece(tmp_path: Path) -> None:
    path, sheet, _ = render(tmp_path, cut_guides="lines")
    boxes = [b for b in face_boxes(path) if b.page == 1]
    guides = guide_lines(path)
    assert guides
    reach_edge = False
    for x0, y0, x1, y1 in guides:
        reach_edge |= x0 <= 0.01 or y0 <= 0.01
        for b in boxes:  # no guide passes through the inside of a face
            inside_x = min(x1, b.x1) - max(x0, b.x0)
            inside_y = min(y1, b.y1) - max(y0, b.y0)
            if x0 == x1:
                assert not (b.x0 + 0.01 < x0 < b.x1 - 0.01 and inside_y > 0.01)
            else:
                assert not (b.y0 + 0.01 < y0 < b.y1 - 0.01 and inside_x > 0.01)
    assert reach_edge


@pytest.mark.parametrize("options", sweep({}, {"bleed": "3mm"}, {"duplex": "none"}, quick=2))
def test_no_cut_line_points_into_a_piece(tmp_path: Path, options: dict) -> None:
    """Follow any guide line on and on: a cut across it (another guide, clear of the piece's
    own edge) comes before any piece it would cut through, so bands of a different pitch
    never share vertical lines."""
    path, sheet, _ = render(tmp_path, cut_guides="lines", **options)
    b = sheet.bleed
    boxes = [
        Box(k.page, k.index, k.side, k.x0 + b, k.y0 + b, k.x1 - b, k.y1 - b)
        for k in face_boxes(path)
        if k.page == 1
    ]
    assert {round(k.x1 - k.x0) for k in boxes} == {45, 90}  # squares and double-length pieces
    lines = guide_lines(path)
    across = [ln for ln in lines if ln[1] == ln[3]]
    down = [ln for ln in lines if ln[0] == ln[2]]
    for x, lo, _, hi in down:
        for k in boxes:
            if not k.x0 + 0.01 < x < k.x1 - 0.01:
                continue
            assert k.y1 <= lo + 0.01 or k.y0 >= hi - 0.01, (x, lo, hi, k)
            gap = (k.y1 + 0.5, lo + 0.01) if k.y1 <= lo + 0.01 else (hi - 0.01, k.y0 - 0.5)
            assert any(a <= x <= c and gap[0] <= y <= gap[1] for a, y, c, _ in across), (
                f"the line at x={x:.1f} ({lo:.1f}-{hi:.1f}) points into {k}"
            )
    for y, lo, hi in ((ln[1], ln[0], ln[2]) for ln in across):
        for k in boxes:
            if k.y0 + 0.01 < y < k.y1 - 0.01:
                assert k.x1 <= lo + 0.01 or k.x0 >= hi - 0.01, (y, lo, hi, k)


def guide_lines(path: Path, page: int = 0) -> list[tuple[float, float, float, float]]:
    """(x0, y0, x1, y1), y up, of the cut guides (0.3 pt lines) on a page."""
    return [
        (ln.x0, ln.y0, ln.x1, ln.y1)
        for ln in read_pages(path)[page].lines
        if ln.stroke and abs(ln.linewidth - 0.3) < 1e-6
    ]


def test_crop_marks_sit_outside_the_pieces(tmp_path: Path) -> None:
    path, sheet, _ = render(tmp_path, cut_guides="crop")
    x0, y0, x1, y1 = sheet.usable
    marks = guide_lines(path)
    assert marks
    boxes = [b for b in face_boxes(path) if b.page == 1]
    for lx0, ly0, lx1, ly1 in marks:
        for b in boxes:
            assert lx1 <= b.x0 or lx0 >= b.x1 or ly1 <= b.y0 or ly0 >= b.y1
    # one mark above the sheet at every vertical cut line of the top row
    top_row = max(b.y1 for b in boxes)
    cut_xs = {round(v, 2) for b in boxes if b.y1 == top_row for v in (b.x0, b.x1)}
    top_marks = {round(m[0], 2) for m in marks if m[1] > y1}
    assert cut_xs <= top_marks


def shuffled_shapes() -> list:
    """Squares and double-length pieces mixed in one block, and a block of each after it."""
    out = [piece(i, cols=2 if i % 3 == 0 else 1, block="mixed") for i in range(40)]
    out += [piece(i, cols=2, block="doubles") for i in range(40, 47)]
    return out + [piece(i, block="squares") for i in range(47, 70)]


@pytest.mark.parametrize(
    "options",
    sweep(
        {},
        {"paper": "letter", "piece_size": "3/4in"},
        {"bleed": "3mm"},
        {"duplex": "none"},
        quick=2,
    ),  # fmt: skip
)
def test_no_crop_mark_cuts_a_piece_in_the_rows_it_serves(tmp_path: Path, options) -> None:
    """Cut as the marks say: first across the page at every side mark that is not a piece edge
    (parting the bands), then each part along its own vertical marks. No cut may run through
    a piece, and every piece edge must have its mark."""
    path, sheet, _ = render(tmp_path, shuffled_shapes(), cut_guides="crop", **options)
    pages = len(page_sizes(path))
    step = 1 if sheet.duplex == "none" else 2
    for page in range(0, pages, step):
        b = sheet.bleed  # the backgrounds run into the bleed: the cut boxes are inside
        boxes = [
            replace(f, x0=f.x0 + b, y0=f.y0 + b, x1=f.x1 - b, y1=f.y1 - b)
            for f in face_boxes(path)
            if f.page == page + 1
        ]
        marks = guide_lines(path, page)
        horizontal = [m for m in marks if close(m[1], m[3], 1e-3)]
        vertical = [m for m in marks if close(m[0], m[2], 1e-3)]
        assert len(horizontal) + len(vertical) == len(marks)
        edges_y = {v for b in boxes for v in (b.y0, b.y1)}
        ys = {m[1] for m in horizontal}
        for y in ys:  # a cut right across the page
            assert not any(b.y0 + 0.01 < y < b.y1 - 0.01 for b in boxes), y
        assert all(near(e, ys) for e in edges_y), sorted(e for e in edges_y if not near(e, ys))
        parts = sorted([0.0, sheet.height] + [y for y in ys if not near(y, edges_y)])
        served: list[tuple[float, float]] = []  # (x, part) pairs a vertical mark gives
        for x, my0, _, my1 in vertical:
            middle = (my0 + my1) / 2
            lo = max(p for p in parts if p <= middle)
            hi = min(p for p in parts if p >= middle)
            inside = [b for b in boxes if lo <= b.y0 and b.y1 <= hi]
            assert inside, (x, middle)  # a mark serves some piece
            for b in inside:
                assert not (b.x0 + 0.01 < x < b.x1 - 0.01), (x, b)
            served.append((x, lo))
        for b in boxes:
            lo = max(p for p in parts if p <= b.y0 + 0.01)
            marked = [x for x, part in served if part == lo]
            assert near(b.x0, marked) and near(b.x1, marked), b
        shapes_by_row: dict[float, set[float]] = {}
        for b in boxes:
            shapes_by_row.setdefault(round(b.y0, 2), set()).add(round(b.w, 2))
        assert all(len(widths) == 1 for widths in shapes_by_row.values())


def near(value: float, values, tol: float = 0.01) -> bool:
    """`value` is one of `values`, give or take pdfium's single-precision coordinates."""
    return any(abs(value - v) <= tol for v in values)


def test_an_unwritable_target_is_one_error(tmp_path: Path) -> None:
    from companion.errors import InputError

    (tmp_path / "taken").mkdir()
    (tmp_path / "taken" / "child").write_text("x")
    with pytest.raises(InputError, match="cannot write"):
        render(tmp_path, name="taken")  # a non-empty directory cannot be replaced by a file
    assert sorted(p.name for p in tmp_path.iterdir()) == ["taken"]


def test_text_is_set_in_the_embedded_typeface(tmp_path: Path) -> None:
    """Every glyph comes from the embedded Liberation Sans subsets: a viewer without a
    Helvetica-metric font no longer draws its own glyphs at Helvetica's spacing."""
    path, _, _ = render(tmp_path)
    fonts = {ch.fontname for ch in chars(path)}
    assert fonts and all(name.startswith("LiberationSans") for name in fonts)
    data = path.read_bytes()
    assert data.count(b"/FontFile2") == len(fonts)  # each typeface embedded once
    assert b"/BaseFont /Helvetica" not in data


def test_the_first_cuts_are_labelled_in_the_margins(tmp_path: Path) -> None:
    path, sheet, _ = render(tmp_path, shuffled_shapes(), cut_guides="crop")
    boxes = [b for b in face_boxes(path) if b.page == 1]
    edges = {round(v, 2) for b in boxes for v in (b.y0, b.y1)}
    parts = {
        round(m[1], 2)
        for m in guide_lines(path)
        if close(m[1], m[3], 1e-3) and round(m[1], 2) not in edges
    }
    assert parts  # squares and double-length pieces: at least one part to cut off first
    page = read_pages(path)[0]
    labels = [page.height - w.bottom for w in page.words if w.text == "1st"]
    assert len(labels) == 2 * len(parts)  # left and right margins
    for y in labels:  # just above its mark
        assert any(0 < y - part < 3 for part in parts), y


@pytest.mark.parametrize(
    ("margin", "offset", "duplex"),
    [("0.5in", "20,20", "long"), ("0", "3,0", "long"), ("0", "-3,-20", "short")],
)
def test_backs_read_back_stay_on_the_paper(
    tmp_path: Path, margin: str, offset: str, duplex: str
) -> None:
    path, sheet, _ = render(tmp_path, margin=margin, back_offset=offset, duplex=duplex)
    boxes = face_boxes(path)
    assert len([b for b in boxes if b.side == "back"]) == 80
    for b in boxes:
        assert b.x0 >= -0.01 and b.x1 <= sheet.width + 0.01, b
        assert b.y0 >= -0.01 and b.y1 <= sheet.height + 0.01, b


@pytest.mark.parametrize(
    "options",
    [{"cut_guides": "lines"}, {"duplex": "none"}, {"duplex": "none", "cut_guides": "lines"}],
)
def test_lines_down_the_page_stop_above_the_footer(tmp_path: Path, options: dict) -> None:
    from generator.calibrate import write_calibration_pdf

    path, sheet, _ = render(tmp_path, **options)
    files = [path]
    if options.get("duplex") == "none":
        files.append(tmp_path / "cal.pdf")
        write_calibration_pdf(files[-1], sheet)
    fx0, _, fx1, ftop = pages.footer_box(sheet)
    for pdf_path in files:
        page = read_pages(pdf_path)[0]
        footer_words = [w for w in page.words if page.height - w.bottom < ftop]
        assert footer_words  # the footer is there to be kept clear
        vertical = [ln for ln in page.lines if abs(ln.x0 - ln.x1) < 0.01]
        assert vertical
        for ln in vertical:
            if fx0 - 0.01 <= ln.x0 <= fx1 + 0.01:
                assert ln.y0 >= ftop + 0.5, (pdf_path.name, ln)


@pytest.mark.parametrize(
    "options",
    sweep(
        {}, {"bleed": "3mm"}, {"paper": "letter"}, {"margin": "3/8in"}, {"duplex": "none"}, quick=2
    ),  # fmt: skip
)
def test_crop_marks_print_on_every_printer(tmp_path: Path, options: dict) -> None:
    """Every crop mark ends at least 1/4in inside the paper's edge (home printers cannot print
    the outer 3-5 mm), with marks on the top, left and right of the pieces."""
    path, sheet, stats = render(tmp_path, cut_guides="crop", **options)
    edge = 18.0
    for number in range(stats.pages):
        fold = sheet.width / 2 if sheet.duplex == "none" else None  # the fold line is no mark
        marks = [
            m
            for m in guide_lines(path, number)
            if not (fold and abs(m[0] - fold) < 0.01 and abs(m[2] - fold) < 0.01)
        ]
        for x0, y0, x1, y1 in marks:
            assert min(x0, x1) >= edge - 0.01 and max(x0, x1) <= sheet.width - edge + 0.01
            assert min(y0, y1) >= edge - 0.01 and max(y0, y1) <= sheet.height - edge + 0.01
        if number == 0:
            boxes = [b for b in face_boxes(path) if b.page == 1]
            top = max(b.y1 for b in boxes)
            left, right = min(b.x0 for b in boxes), max(b.x1 for b in boxes)
            assert any(min(y0, y1) > top for _, y0, _, y1 in marks)
            assert any(max(x0, x1) < left for x0, _, x1, _ in marks)
            assert any(min(x0, x1) > right for x0, _, x1, _ in marks)


@pytest.mark.parametrize(
    "options",
    [  # the default and Letter in the quick tier, the other option sets in the slow one
        {},
        {"paper": "letter"},
        *(
            pytest.param(o, marks=pytest.mark.slow)
            for o in (
                {"piece_size": "1/2in"},
                {"paper": "letter", "piece_size": "1in"},
                {"bleed": "3mm"},
                {"margin": "1/4in"},
                {"margin": "3/8in", "paper": "letter"},
                {"duplex": "none"},
            )
        ),
    ],
)
def test_full_pages_have_crop_marks_on_all_four_sides(tmp_path: Path, options: dict) -> None:
    """Two pages packed full of squares: every front page has marks above, below, left and
    right of its pieces, at every cut line, each at least 1/8in long and ending 1/4in or more
    inside the paper's edge; the ones below stop above the footer (which keeps its 1/4in)."""
    from generator.sheet.room import KEPT_MARK

    sheet = SheetOptions.parse(cut_guides="crop", **options)
    across, down = per_page(sheet)
    path, sheet, stats = render(
        tmp_path, [piece(i) for i in range(2 * across * down)], cut_guides="crop", **options
    )
    fx0, fy0, fx1, ftop = pages.footer_box(sheet)
    assert fy0 >= 18.0 - 0.01  # the footer's own 1/4in
    fronts = range(0, stats.pages, 1 if sheet.duplex == "none" else 2)
    assert len(fronts) == 2
    fold = sheet.width / 2 if sheet.duplex == "none" else None  # the fold line is no mark
    for number in fronts:
        boxes = [b for b in face_boxes(path) if b.page == number + 1 and b.side == "front"]
        assert len(boxes) == across * down  # a full page
        top, bottom = max(b.y1 for b in boxes), min(b.y0 for b in boxes)
        left, right = min(b.x0 for b in boxes), max(b.x1 for b in boxes)
        marks = [
            m
            for m in guide_lines(path, number)
            if not (fold and abs(m[0] - fold) < 0.01 and abs(m[2] - fold) < 0.01)
        ]
        for x0, y0, x1, y1 in marks:
            assert min(x0, x1) >= 18.0 - 0.01 and max(x0, x1) <= sheet.width - 18.0 + 0.01
            assert min(y0, y1) >= 18.0 - 0.01 and max(y0, y1) <= sheet.height - 18.0 + 0.01
        vertical = [m for m in marks if close(m[0], m[2], 1e-3)]
        horizontal = [m for m in marks if close(m[1], m[3], 1e-3)]
        bleed = sheet.bleed  # the backgrounds run into the bleed: the cuts are inside them
        cut_xs = {v for b in boxes for v in (b.x0 + bleed, b.x1 - bleed)}
        cut_ys = {v for b in boxes for v in (b.y0 + bleed, b.y1 - bleed)}
        sides = {
            "top": [m for m in vertical if min(m[1], m[3]) >= top - 0.01],
            "bottom": [m for m in vertical if max(m[1], m[3]) <= bottom + 0.01],
            "left": [m for m in horizontal if max(m[0], m[2]) <= left + 0.01],
            "right": [m for m in horizontal if min(m[0], m[2]) >= right - 0.01],
        }
        for side, found in sides.items():
            for x0, y0, x1, y1 in found:
                assert abs(x1 - x0) + abs(y1 - y0) >= KEPT_MARK - 0.01, (side, x0, y0)
            across_cuts = side in ("top", "bottom")
            at = [m[0] if across_cuts else m[1] for m in found]
            for cut in cut_xs if across_cuts else cut_ys:  # a mark at every cut line
                assert any(abs(cut - a) < 0.02 for a in at), (number, side, cut)
        for x0, y0, _, y1 in sides["bottom"]:
            if fx0 - 0.01 <= x0 <= fx1 + 0.01:
                assert min(y0, y1) >= ftop + 0.5, (x0, y0)  # clear of the footer's text
