"""Imposition: counts per page, rows, blocks, double-length pieces, bleed spacing, mirrors."""

from __future__ import annotations

import pytest
from engine_helpers import mixed, piece

from companion.errors import InputError
from generator.sheet.layout import impose, pack, per_page
from generator.sheet.options import SheetOptions

MM = 72 / 25.4


def test_letter_half_inch_margins_gives_12_by_16() -> None:
    options = SheetOptions.parse(paper="letter", margin="0.5in", cut_guides="lines")
    assert per_page(options) == (12, 16)  # with crop marks 15: room for the marks below
    sheets = pack([piece(i) for i in range(400)], options)
    assert [len(s) for s in sheets] == [192, 192, 16]
    first = sheets[0]
    assert len({round(p.x, 6) for p in first}) == 12
    assert len({round(p.y, 6) for p in first}) == 16
    # shared cut lines: neighbours butt exactly, 45 pt apart
    xs = sorted({p.x for p in first})
    assert all(b - a == pytest.approx(45) for a, b in zip(xs, xs[1:], strict=False))


@pytest.mark.parametrize(
    ("size", "paper", "expected"),
    [
        ("1/2in", "letter", (15, 20)),
        ("3/4in", "letter", (10, 13)),
        ("1in", "letter", (7, 10)),
        ("5/8in", "a4", (11, 17)),
        ("16mm", "a4", (11, 16)),
    ],
)
def test_per_page(size: str, paper: str, expected: tuple[int, int]) -> None:
    # cut lines: the full grid (crop marks keep a row's room for the marks below, if need be)
    assert (
        per_page(SheetOptions.parse(paper=paper, piece_size=size, cut_guides="lines")) == expected
    )


def test_everything_inside_the_margins_and_no_overlap() -> None:
    for bleed in ("none", "3mm", "1/8in"):
        options = SheetOptions.parse(paper="letter", bleed=bleed, margin="0.5in")
        b = options.bleed
        x0, y0, x1, y1 = options.usable
        for page in impose(mixed(300), options):
            boxes = [(p.x - b, p.y - b, p.x + p.w + b, p.y + p.h + b) for p in page.placements]
            for bx0, by0, bx1, by1 in boxes:
                assert bx0 >= x0 - 1e-9 and by0 >= y0 - 1e-9
                assert bx1 <= x1 + 1e-9 and by1 <= y1 + 1e-9
            if page.side != "front":
                continue
            for i, a in enumerate(boxes):  # outer boxes (bleed included) never overlap
                for c in boxes[i + 1 :]:
                    overlap_x = min(a[2], c[2]) - max(a[0], c[0])
                    overlap_y = min(a[3], c[3]) - max(a[1], c[1])
                    assert overlap_x <= 1e-6 or overlap_y <= 1e-6


def test_bleed_gives_each_piece_its_own_cut_box_2b_apart() -> None:
    options = SheetOptions.parse(paper="a4", bleed="3mm")
    row = pack([piece(i) for i in range(30)], options)[0]
    top = max(p.y for p in row)
    first_row = sorted((p for p in row if p.y == top), key=lambda p: p.x)
    gaps = [b.x - (a.x + a.w) for a, b in zip(first_row, first_row[1:], strict=False)]
    assert gaps and all(g == pytest.approx(6 * MM) for g in gaps)
    # 5/8in + 2 x 3mm = 21.875 mm a piece: 184.6 mm across -> 8, 271.6 mm down -> 12
    assert per_page(options) == (8, 12)


def test_blocks_start_new_rows_with_a_gutter() -> None:
    options = SheetOptions.parse(paper="a4", gutter="1/4in")
    pieces = [piece(i, block="a") for i in range(5)] + [piece(i, block="b") for i in range(5, 9)]
    placements = pack(pieces, options)[0]
    a_bottom = min(p.y for p in placements if p.piece.block == "a")
    b_top = max(p.y + p.h for p in placements if p.piece.block == "b")
    assert a_bottom - b_top == pytest.approx(18)
    assert len({p.y for p in placements if p.piece.block == "b"}) == 1


def test_doubles_share_rows_with_squares() -> None:
    options = SheetOptions.parse(paper="a4", cut_guides="lines")  # 11 columns: 5 doubles...
    pieces = [piece(i, cols=2) for i in range(6)] + [piece(i) for i in range(6, 10)]
    placements = pack(pieces, options)[0]
    top = max(p.y for p in placements)
    first = sorted((p for p in placements if p.y == top), key=lambda p: p.x)
    assert [p.piece.cols for p in first] == [2, 2, 2, 2, 2, 1]
    assert sum(p.w for p in first) == pytest.approx(11 * 45)
    double = first[0]
    assert (double.w, double.h) == (90.0, 45.0)


def test_interleaved_fronts_and_backs() -> None:
    options = SheetOptions.parse(paper="letter")
    pages = impose([piece(i) for i in range(250)], options)
    assert [p.side for p in pages] == ["front", "back", "front", "back"]
    assert [p.sheet for p in pages] == [1, 1, 2, 2]
    across, down = per_page(options)
    assert len(pages[1].placements) == across * down == 12 * 15  # a row kept for crop marks


def test_single_sided_pieces_leave_their_back_empty() -> None:
    options = SheetOptions.parse()
    pages = impose([piece(0), piece(1, two_sided=False)], options)
    assert [len(p.placements) for p in pages] == [2, 1]
    pages = impose([piece(1, two_sided=False)], options)
    assert [p.side for p in pages] == ["front"]  # nothing two-sided: no back pages


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_mirror_and_offset(duplex: str) -> None:
    options = SheetOptions.parse(paper="letter", duplex=duplex, back_offset="1.5,-2")
    front, back = impose(mixed(80), options)[:2]
    backs = {p.piece.name: p for p in back.placements}
    for f in front.placements:
        if f.piece.back is None:
            continue
        b = backs[f.piece.name]
        if duplex == "long":
            assert b.x == pytest.approx(612 - f.x - f.w + 1.5 * MM)
            assert b.y == pytest.approx(f.y - 2 * MM)
        else:
            assert b.x == pytest.approx(f.x + 1.5 * MM)
            assert b.y == pytest.approx(792 - f.y - f.h - 2 * MM)


def test_fold_over_mirrors_across_the_fold_on_one_page() -> None:
    options = SheetOptions.parse(paper="a4", duplex="none")
    pages = impose(mixed(80), options)
    assert {p.side for p in pages} == {"fold"}
    middle = options.width / 2
    for page in pages:
        fronts = {p.piece.name: p for p in page.placements if p.side == "front"}
        for b in (p for p in page.placements if p.side == "back"):
            f = fronts[b.piece.name]
            assert f.x + f.w <= middle - options.gutter / 2 + 1e-9
            assert b.x + b.w / 2 - middle == pytest.approx(middle - (f.x + f.w / 2))
            assert b.y == f.y


def test_fold_over_only_for_pieces_that_have_backs() -> None:
    """--duplex none: single-sided pieces fill the whole page (front pages, no fold), as
    many as duplex long puts on a page; one piece with a back makes the pages fold over."""
    none = SheetOptions.parse(paper="a4", duplex="none", cut_guides="lines")
    long = SheetOptions.parse(paper="a4", duplex="long", cut_guides="lines")
    single = [piece(i, two_sided=False) for i in range(400)]
    pages = impose(single, none)
    assert {p.side for p in pages} == {"front"}
    assert [len(p.placements) for p in pages] == [len(p.placements) for p in impose(single, long)]
    assert max(p.x + p.w for p in pages[0].placements) > none.width / 2 + 100  # past the middle
    assert per_page(none, fold=False) == per_page(long)
    assert per_page(none)[0] < per_page(none, fold=False)[0]
    folded = impose(single[:-1] + [piece(400)], none)
    assert {p.side for p in folded} == {"fold"}
    assert all(p.x + p.w <= none.width / 2 for p in folded[0].placements if p.side == "front")


def test_a_piece_too_big_for_the_page_is_an_error() -> None:
    options = SheetOptions.parse(paper="3x5in", margin="0.25in", piece_size="1in")
    with pytest.raises(InputError, match="does not fit inside the margins"):
        impose([piece(0, cols=3)], options)


def test_with_crop_marks_doubles_keep_rows_of_their_own_quarter_inch_apart() -> None:
    options = SheetOptions.parse(paper="a4", gutter="0")
    pieces = [piece(i, cols=2) for i in range(6)] + [piece(i) for i in range(6, 10)]
    placements = pack(pieces, options)[0]
    rows: dict[float, set[int]] = {}
    for p in placements:
        rows.setdefault(p.y, set()).add(p.piece.cols)
    assert sorted(len(v) for v in rows.values()) == [1, 1, 1]
    doubles_bottom = min(p.y for p in placements if p.piece.cols == 2)
    squares_top = max(p.y + p.h for p in placements if p.piece.cols == 1)
    assert doubles_bottom - squares_top == pytest.approx(18)


OFFSETS = ["20,20", "-20,-20", "20,-20", "-20,20", "3,0", "0,-3", "-0.5,1.5"]


@pytest.mark.parametrize("duplex", ["long", "short"])
@pytest.mark.parametrize("margin", ["0", "0.5in", "3mm,10mm", "0,0,0,20mm"])
@pytest.mark.parametrize("bleed", ["none", "3mm"])
def test_no_back_face_crosses_the_page_edge_with_any_accepted_offset(
    duplex: str, margin: str, bleed: str
) -> None:
    for offset in OFFSETS:
        options = SheetOptions.parse(
            paper="letter", margin=margin, bleed=bleed, duplex=duplex, back_offset=offset
        )
        b = options.bleed
        pieces = mixed(80)
        pages = impose(pieces, options)
        backs = [p for page in pages if page.side == "back" for p in page.placements]
        assert len(backs) == sum(p.back is not None for p in pieces), (offset, margin)
        # every back (with its bleed) on the paper, and inside the mirror of the usable area
        x0, y0, x1, y1 = options.usable
        if duplex == "long":
            x0, x1 = options.width - x1, options.width - x0
        else:
            y0, y1 = options.height - y1, options.height - y0
        for p in backs:
            assert p.x - b >= x0 - 1e-6 and p.x + p.w + b <= x1 + 1e-6, (offset, margin, p)
            assert p.y - b >= y0 - 1e-6 and p.y + p.h + b <= y1 + 1e-6, (offset, margin, p)
            assert p.x - b >= -1e-6 and p.x + p.w + b <= options.width + 1e-6
            assert p.y - b >= -1e-6 and p.y + p.h + b <= options.height + 1e-6


def test_the_offset_reserve_shifts_fronts_inward_only_by_the_offset() -> None:
    base = SheetOptions.parse(margin="0", back_offset="0,0")
    shifted = SheetOptions.parse(margin="0", back_offset="3,-2")
    ax0, ay0, ax1, ay1 = base.front_area
    bx0, by0, bx1, by1 = shifted.front_area
    assert (bx0 - ax0, ax1 - bx1) == pytest.approx((3 * MM, 0))
    assert (by0 - ay0, ay1 - by1) == pytest.approx((2 * MM, 0))
    assert base.front_area == base.usable


def tall_and_squares() -> list:
    """A 2 x 2 piece first, then squares, all in one block (a Cthulhu Who? set-up's pieces)."""
    from dataclasses import replace

    return [replace(piece(0, cols=2), rows=2)] + [piece(i) for i in range(1, 25)]


@pytest.mark.parametrize("guides", ["crop", "lines"])
def test_squares_fill_the_room_beside_a_tall_piece(guides: str) -> None:
    """The squares after a 2 x 2 piece fill both rows beside it (a square under a square: no
    new cut line), and with crop marks the full-width rows below keep 1/4in from that band
    (their cuts would run through the tall piece)."""
    options = SheetOptions.parse(paper="a4", piece_size="1in", cut_guides=guides)
    across = per_page(options)[0]  # 7 columns of 1in squares on A4
    placements = pack(tall_and_squares(), options)[0]
    tall = next(p for p in placements if p.piece.rows == 2)
    beside = [p for p in placements if p.y >= tall.y - 1e-6 and p is not tall]
    assert len(beside) == 2 * (across - 2)
    assert all(p.x >= tall.x + tall.w - 1e-6 for p in beside)
    below = [p for p in placements if p.y + p.h <= tall.y + 1e-6]
    assert len(below) == 24 - len(beside)
    gap = tall.y - max(p.y + p.h for p in below)
    assert gap == pytest.approx(18.0 if guides == "crop" else 0.0)
    boxes = [(p.x, p.y, p.x + p.w, p.y + p.h) for p in placements]
    for i, a in enumerate(boxes):  # none overlaps another
        for b in boxes[i + 1 :]:
            assert (
                a[2] <= b[0] + 1e-6
                or b[2] <= a[0] + 1e-6
                or a[3] <= b[1] + 1e-6
                or (b[3] <= a[1] + 1e-6)
            )


def test_blocks_run_on_only_when_that_saves_a_sheet() -> None:
    """Each block starts a new row; but when block b would spill onto a sheet of its own, it
    fills the last row of block a instead (the same shape: the same cuts)."""
    options = SheetOptions.parse(paper="a4", piece_size="1in")
    across, down = per_page(options)
    b = [piece(i, block="b") for i in range(100, 100 + across - 1)]
    a = [piece(i, block="a") for i in range(across * (down - 1) + 1)]  # one in its last row
    sheets = pack(a + b, options)
    assert len(sheets) == 1
    last = min(p.y for p in sheets[0])
    assert {p.piece.block for p in sheets[0] if p.y == last} == {"a", "b"}
    a = a[: across * (down - 2) + 1]  # room for b's own row: blocks keep to their rows
    sheets = pack(a + b, options)
    assert len(sheets) == 1
    assert max(p.y for p in sheets[0] if p.piece.block == "b") < min(
        p.y for p in sheets[0] if p.piece.block == "a"
    )
