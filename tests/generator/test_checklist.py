"""out/print-checklist.pdf and HOW-TO-PRINT.txt list every file `havoc-pnp build` wrote, with
pages and sheets that match the PDFs themselves, each file's printing and cutting steps, and
the total; the checklist is one vector page with a real title, 1/4in clear of every edge."""

from __future__ import annotations

import functools
import math
import re
from pathlib import Path

import pdfplumber
import pytest
from pdf_read import pages as read_pages
from pypdf import PdfReader

from generator.checklist import printed

SAFE = 18.0
ROW = re.compile(
    r"^(?P<name>\S+\.pdf) (?P<pages>\d+) (?P<sheets>\d+) "
    r"(?P<sides>one side|long edge|short edge) (?P<paper>plain|card) (?P<cut>yes|no)$"
)


PAPERS = {"A4": (), "letter": ("--paper", "letter"), "none": ("--duplex", "none")}


@pytest.fixture(
    scope="module",
    params=["A4", *(pytest.param(p, marks=pytest.mark.slow) for p in ("letter", "none"))],
)
def built(request, kit_build) -> tuple[str, Path]:
    """The default build (A4), one on Letter and one without duplex, shared (`kit_build`)."""
    return request.param, kit_build(*PAPERS[request.param])


def rows(checklist: Path) -> tuple[list[dict[str, str]], str]:
    """The checklist's rows and its text (pdfplumber reads each file once per run; the
    rows are new dicts each call)."""
    stat = checklist.stat()
    text = _text(str(checklist), stat.st_mtime_ns, stat.st_size)
    return [m.groupdict() for line in text.splitlines() if (m := ROW.match(line))], text


@functools.lru_cache(maxsize=8)
def _text(checklist: str, mtime: int, size: int) -> str:
    with pdfplumber.open(checklist) as pdf:
        assert len(pdf.pages) == 1
        return pdf.pages[0].extract_text()


def test_every_file_listed_with_the_pdfs_own_pages_and_sheets(built) -> None:
    kind, out = built
    listed, text = rows(out / "print-checklist.pdf")
    pdfs = sorted(p.name for p in out.glob("*.pdf"))
    assert sorted(r["name"] for r in listed) == pdfs  # every file built, itself included
    assert listed[0]["name"] == "print-checklist.pdf"
    note = (out / "HOW-TO-PRINT.txt").read_text(encoding="utf-8")
    total = 0
    for row in listed:
        pages = len(PdfReader(out / row["name"]).pages)
        both = row["sides"] != "one side"
        sheets = math.ceil(pages / 2) if both else pages
        assert (int(row["pages"]), int(row["sheets"])) == (pages, sheets), row
        if kind == "none":
            assert not both, row  # no duplex printer: everything single-sided
        total += sheets
        # HOW-TO-PRINT gives the same file its steps: the pages, the paper, what to do
        section = note.split(f". {row['name']}\n", 1)[1].split("\n\n", 1)[0]
        span = "page 1" if pages == 1 else f"pages 1-{pages}"
        assert f"Print {span}" in section
        plural = "s" if sheets != 1 else ""
        assert f"{sheets} sheet{plural} of paper" in " ".join(section.split())
        assert ("both sides" in section) == (both and pages > 1)
        assert re.search(r"\b(Cut|cut|Nothing to cut)\b", section), section
    assert re.search(rf"\b{total} sheets of paper in all\b", text)
    assert f"{len(pdfs)} files, {total} sheets of paper in all." in note


def test_each_row_says_how_to_print_it_on_what_paper_and_what_to_skip(built) -> None:
    """The flip edge (the results tables' landscape pages flip on the short edge), card for
    what is cut out and handled, whether it is cut, the maps' pages one may skip and which
    scenario uses which map; every description whole (no ellipsis), as HOW-TO-PRINT says it."""
    kind, out = built
    listed, text = rows(out / "print-checklist.pdf")
    by = {r["name"]: r for r in listed}
    if kind != "none":
        assert by["dark-blades-results-tables.pdf"]["sides"] == "short edge"
        assert by["dark-blades-counters.pdf"]["sides"] == "long edge"
    for name in ("dark-blades-counters.pdf", "dark-blades-spells.pdf", "kniggits-tokens.pdf"):
        assert by[name]["paper"] == "card" and by[name]["cut"] == "yes"
    for name in ("dark-blades-reference.pdf", "print-checklist.pdf"):
        assert by[name]["paper"] == "plain" and by[name]["cut"] == "no"
    # the offset is read on the card the pieces go on, as the key says
    assert by["calibration.pdf"]["paper"] == "card" and by["calibration.pdf"]["cut"] == "no"
    words = " ".join(text.split())
    assert "…" not in text
    note = (out / "HOW-TO-PRINT.txt").read_text(encoding="utf-8")
    for name in by:
        what = note.split(f". {name}\n", 1)[1].split("\n", 1)[0].strip()
        assert " ".join(what.split()) in words, name
    assert re.search(r"May be skipped: pages 1, \d+ \(the overview of each map\)", words)
    assert (
        "The Water Mill above The Arena" in words and "Trouble at T'Mill: The Water Mill" in words
    )
    assert "The Water Mill above The Arena" in " ".join(note.split())


def test_no_instruction_contradicts_another(built) -> None:
    """Calibration on the card the pieces go on, everywhere it is said; a file printed on both
    sides is never told (in its own steps) to print a page single-sided; the steps for card
    by hand where a printer will not duplex it: odd pages, the stack turned, the edge that
    leads, even pages, and the calibration done the same way."""
    kind, out = built
    note = (out / "HOW-TO-PRINT.txt").read_text(encoding="utf-8")
    flat = " ".join(note.split())
    _, text = rows(out / "print-checklist.pdf")
    key = " ".join(text.split())
    section = note.split(". calibration.pdf\n", 1)[1].split("\n\n", 1)[0]
    assert "Paper: card, 160-250 g/m2." in section
    assert "on the card you will print the pieces on" in flat
    assert "plain paper" not in flat.split("FIRST: SCALE AND CALIBRATION", 1)[1].split("FILES")[0]
    assert "calibrate on the paper you will use" not in key
    assert "for the calibration" in key
    for name in [p.name for p in out.glob("*.pdf")]:
        section = " ".join(note.split(f". {name}\n", 1)[1].split("\n\n", 1)[0].split())
        if "on both sides" in section:
            said = section.replace("(single-sided: ", "")
            assert "single-sided" not in said, (name, section)
    calibrate = " ".join(read_pages(out / "calibration.pdf")[0].text.split())
    assert "on the card you will print the pieces on" in calibrate
    if kind == "none":
        assert "BY HAND" not in note and "BY HAND" not in key
        return
    by_hand = note.split("BOTH SIDES BY HAND (", 1)[1].split("\n\n", 1)[0]
    steps = " ".join(by_hand.split())
    for words in (
        "will not duplex card",
        "Print the odd pages only",
        "Print the even pages only",
        "the SAME edge goes in first again",
        "the OPPOSITE edge goes in first",
        "the sheet with page 1 on it goes in first",
        "blank side where the printer prints",
        "Do it first with calibration.pdf (page 1, then page 2), on the same card",
    ):
        assert words in steps, words
    assert "BOTH SIDES BY HAND" in key and "BOTH SIDES BY HAND" in calibrate
    counters = note.split(". dark-blades-counters.pdf\n", 1)[1].split("\n\n", 1)[0]
    assert "on both sides" in counters and "BOTH SIDES BY HAND" in counters


def test_the_build_says_the_same_figures(kit_build) -> None:
    said = {
        Path(m[1]).name: (int(m[2]), int(m[3]))
        for m in re.finditer(
            r"^(\S+\.pdf): .*?(\d+) pages? on (\d+) sheets?", kit_build.said(), re.M
        )
    }
    listed, _ = rows(kit_build() / "print-checklist.pdf")
    assert said == {r["name"]: (int(r["pages"]), int(r["sheets"])) for r in listed}


def test_one_vector_page_titled_and_clear_of_the_edges(built) -> None:
    _, out = built
    path = out / "print-checklist.pdf"
    reader = PdfReader(path)
    assert reader.metadata.title == "Havoc Kit: print checklist"
    assert len(reader.pages) == 1 and not reader.pages[0].images
    page = read_pages(path)[0]
    things = [*page.chars, *page.rects, *page.lines]
    assert things
    for thing in things:
        assert thing.x0 >= SAFE and thing.top >= SAFE, thing
        assert page.width - thing.x1 >= SAFE and page.height - thing.bottom >= SAFE, thing


def test_printed_reads_the_page_tree(tmp_path: Path) -> None:
    from reportlab.pdfgen.canvas import Canvas

    path = tmp_path / "three.pdf"
    canvas = Canvas(str(path), pagesize=(842, 595))
    for _ in range(3):
        canvas.drawString(100, 100, "x")
        canvas.showPage()
    canvas.save()
    three = printed(path, "three", duplex=True)
    assert (three.pages, three.sheets, three.landscape) == (3, 2, True)
    assert printed(path, "three", duplex=False).sheets == 3
    (tmp_path / "bad.pdf").write_bytes(b"not a pdf")
    with pytest.raises(ValueError, match="bad.pdf"):
        printed(tmp_path / "bad.pdf", "bad", duplex=False)


def test_the_readme_table_lists_every_file_the_build_writes(kit_build) -> None:
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    table = readme.split("## What is in `out/`", 1)[1].split("\n## ", 1)[0]
    listed = set(re.findall(r"`([\w.-]+\.(?:pdf|txt))`", table))
    assert {p.name for p in kit_build().iterdir()} <= listed
