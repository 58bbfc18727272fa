"""The PDF, read back: face sizes, mirrored backs, offsets, margins, bleed, fold-over, metadata,
determinism and atomic writes."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from engine_helpers import close, face_boxes, mixed, page_sizes, piece

from generator import render_pdf
from generator.layout import per_page
from generator.options import SheetOptions
from generator.render_pdf import write_pieces_pdf

MM = 72 / 25.4


def render(tmp_path: Path, pieces=None, name: str = "s.pdf", **options: str):
    sheet = SheetOptions.parse(**options)
    path = tmp_path / name
    stats = write_pieces_pdf(path, mixed(80) if pieces is None else pieces, sheet, "Test sheet",
                             "a note")  # fmt: skip
    return path, sheet, stats


@pytest.mark.parametrize(
    ("size", "side"),
    [("5/8in", 45.0), ("1/2in", 36.0), ("3/4in", 54.0), ("1in", 72.0), ("16mm", 16 * MM)],
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
@pytest.mark.parametrize("offset", ["0,0", "1.5,-2.25"])
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
    import pdfplumber

    path, _, _ = render(tmp_path, pieces=[piece(i) for i in range(300)], duplex="short")
    with pdfplumber.open(path) as pdf:
        texts = [" ".join((page.extract_text() or "").split()) for page in pdf.pages]
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
    import pdfplumber

    path, sheet, _ = render(tmp_path, cut_guides="lines")
    boxes = [b for b in face_boxes(path) if b.page == 1]
    with pdfplumber.open(path) as pdf:
        page = pdf.pages[0]
        lines = [ln for ln in page.lines if ln.get("stroking_color") is not None]
        height = float(page.height)
    guides = [ln for ln in lines if abs(float(ln["linewidth"]) - 0.3) < 1e-6]
    assert guides
    reach_edge = False
    for ln in guides:
        x0, x1 = float(ln["x0"]), float(ln["x1"])
        y0, y1 = height - float(ln["bottom"]), height - float(ln["top"])
        reach_edge |= x0 <= 0.01 or y0 <= 0.01
        for b in boxes:  # no guide passes through the inside of a face
            inside_x = min(x1, b.x1) - max(x0, b.x0)
            inside_y = min(y1, b.y1) - max(y0, b.y0)
            if x0 == x1:
                assert not (b.x0 + 0.01 < x0 < b.x1 - 0.01 and inside_y > 0.01)
            else:
                assert not (b.y0 + 0.01 < y0 < b.y1 - 0.01 and inside_x > 0.01)
    assert reach_edge


def test_crop_marks_sit_in_the_margin(tmp_path: Path) -> None:
    import pdfplumber

    path, sheet, _ = render(tmp_path, cut_guides="crop")
    x0, y0, x1, y1 = sheet.usable
    with pdfplumber.open(path) as pdf:
        page = pdf.pages[0]
        height = float(page.height)
        marks = [ln for ln in page.lines if abs(float(ln["linewidth"]) - 0.3) < 1e-6]
    assert marks
    for ln in marks:
        lx0, lx1 = float(ln["x0"]), float(ln["x1"])
        ly0, ly1 = height - float(ln["bottom"]), height - float(ln["top"])
        outside = lx1 <= x0 or lx0 >= x1 or ly1 <= y0 or ly0 >= y1
        assert outside, ln
    # one mark above the sheet at every vertical cut line of the top row
    boxes = [b for b in face_boxes(path) if b.page == 1]
    cut_xs = {round(v, 2) for b in boxes for v in (b.x0, b.x1)}
    top_marks = {round(float(ln["x0"]), 2) for ln in marks if height - float(ln["top"]) > y1}
    assert cut_xs <= top_marks


def test_an_unwritable_target_is_one_error(tmp_path: Path) -> None:
    from companion.errors import InputError

    (tmp_path / "taken").mkdir()
    (tmp_path / "taken" / "child").write_text("x")
    with pytest.raises(InputError, match="cannot write"):
        render(tmp_path, name="taken")  # a non-empty directory cannot be replaced by a file
    assert sorted(p.name for p in tmp_path.iterdir()) == ["taken"]
