"""The one page writer: the footer format, page n/N known only at the end, blank backs, the side
said only on two-sided documents, and no other module closing pages itself."""

from __future__ import annotations

import re
from pathlib import Path

from engine_helpers import piece
from pdf_read import page_texts

from generator.sheet.files import atomic_file
from generator.sheet.options import SheetOptions
from generator.sheet.pages import BLANK_BACK, PageWriter, footer_text
from generator.sheet.render_pdf import new_canvas, write_pieces_pdf

GENERATOR = Path(__file__).resolve().parents[3] / "generator"


def texts(path: Path) -> list[str]:
    return [" ".join(text.split()) for text in page_texts(path)]


def test_footer_text_orders_its_parts_and_skips_empty_ones() -> None:
    assert footer_text("T", 2, 5, "FRONTS", "set-up 1", "note") == (
        "T  \u00b7  set-up 1  \u00b7  page 2/5  \u00b7  FRONTS  \u00b7  note"
    )
    assert footer_text("T", 3, 7) == "T  \u00b7  page 3/7"
    assert footer_text("T", 3, None, note="n") == "T  \u00b7  page 3  \u00b7  n"


def test_pages_are_numbered_once_the_count_is_known(tmp_path: Path) -> None:
    sheet = SheetOptions.parse()
    path = tmp_path / "w.pdf"
    with atomic_file(path) as handle:
        canvas = new_canvas(handle, sheet, "Writer test", "subject")
        writer = PageWriter(canvas, "Writer test", sheet, "built by a test")
        for n in range(3):  # the writer does not know how many pages will come
            canvas.drawString(100, 400, f"body {n + 1}")
            writer.end_page("FRONTS" if n < 2 else "", what=f"part {n + 1}")
        writer.blank_back("part 3")
        assert writer.close() == 4
        canvas.save()
    pages = texts(path)
    assert len(pages) == 4
    assert "body 1" in pages[0] and "part 1 \u00b7 page 1/4 \u00b7 FRONTS" in pages[0]
    assert "built by a test" in pages[0]
    assert "body 3" in pages[2] and "part 3 \u00b7 page 3/4 \u00b7 built by a test" in pages[2]
    assert (
        "body" not in pages[3] and f"page 4/4 \u00b7 {' '.join(BLANK_BACK.split())}" in (pages[3])
    )


def test_an_open_ended_writer_says_page_n_and_counts_on(tmp_path: Path) -> None:
    sheet = SheetOptions.parse()
    path = tmp_path / "o.pdf"
    with atomic_file(path) as handle:
        canvas = new_canvas(handle, sheet, "Open", "subject")
        writer = PageWriter(canvas, "Open", sheet, first=10)
        writer.end_page()
        assert writer.close(open_ended=True) == 11
        canvas.save()
    (page,) = texts(path)
    assert "Open \u00b7 page 11" in page and "page 11/" not in page


def test_the_side_is_said_only_on_two_sided_sheets(tmp_path: Path) -> None:
    sheet = SheetOptions.parse()
    one = write_pieces_pdf(tmp_path / "1.pdf", [piece(i, two_sided=False) for i in range(5)],
                           sheet, "One-sided", "a note")  # fmt: skip
    two = write_pieces_pdf(tmp_path / "2.pdf", [piece(i) for i in range(5)], sheet,
                           "Two-sided", "a note")  # fmt: skip
    (single,) = texts(one.path)
    assert "One-sided \u00b7 page 1/1 \u00b7 a note" in single
    assert "FRONTS" not in single and "back-offset" not in single
    front, back = texts(two.path)
    assert "page 1/2 \u00b7 FRONTS \u00b7 built for --back-offset 0,0 \u00b7 a note" in front
    assert "page 2/2 \u00b7 BACKS (flip on long edge)" in back


def test_only_the_page_writer_closes_pages() -> None:
    closing = re.compile(r"\bshowPage\(")
    callers = sorted(
        str(path.relative_to(GENERATOR))
        for path in GENERATOR.rglob("*.py")
        if closing.search(path.read_text(encoding="utf-8"))
    )
    assert callers == ["sheet/pages.py"]
