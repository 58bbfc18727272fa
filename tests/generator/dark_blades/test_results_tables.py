"""The results-table sheets: every cell read back from the PDF equals cards/, the kit's cells are
marked, the chances agree with the printed grid, --source-only shows no kit cell."""

from __future__ import annotations

import re
import shutil
import subprocess
from bisect import bisect_left, bisect_right
from functools import cache
from pathlib import Path

import pdfplumber
import pytest
from pdf_read import pages as read_pages
from pdf_read import title as pdf_title

from companion.dark_blades.completion import cell_source
from companion.dark_blades.crt import load_crt
from companion.dark_blades.special import load_combat_rules
from companion.data import Cards
from generator.dark_blades.results_tables import STAR, write_results_tables
from generator.sheet.document import MIN_SIZE, PageSize
from generator.sheet.options import PAPERS
from tests.conftest import sweep

CARDS = Cards(None)
CRT = load_crt(CARDS)
GREY = (0.85098, 0.85098, 0.85098)

DAGGER = "\u2020"  # the mark of a count that takes in the kit's cells


@cache
def built(tmp: Path, source_only: bool) -> Path:
    path = tmp / ("source.pdf" if source_only else "kit.pdf")
    write_results_tables(path, CARDS, PageSize(*PAPERS["a4"]), source_only=source_only)
    return path


@pytest.fixture(scope="module")
def tmp(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("crt")


@cache  # pdfplumber's table finder is slow: each file's grids are read once
def grids(
    path: Path,
) -> list[tuple[list[list[str]], list[list[tuple[bool, bool]]], list[list[str]]]]:
    """Per results table: its cells, each cell's (bold, grey) look, and its chances grid."""
    found = []
    with pdfplumber.open(path) as pdf:
        for page in pdf.pages:
            tables = [(t, t.extract()) for t in page.find_tables()]
            pairs = [
                (a, b) for a, b in zip(tables, tables[1:], strict=False) if a[1][0][0] == "Die"
            ]
            # the page's characters by x0, so each cell looks only at those in its columns
            by_x = sorted(page.chars, key=lambda c: c["x0"])
            xs = [c["x0"] for c in by_x]
            greys = [  # the page's grey fills
                r
                for r in page.rects
                if r["fill"]
                and tuple(round(v, 3) for v in r["non_stroking_color"])
                == tuple(round(v, 3) for v in GREY)
            ]
            for (grid, rows), (_, chance_rows) in pairs:
                assert chance_rows[0][0] == "d10"
                looks = []
                for row in grid.rows[1:]:
                    look = []
                    for box in row.cells[1:]:
                        chars = [
                            c
                            for c in by_x[bisect_left(xs, box[0]) : bisect_right(xs, box[2])]
                            if box[1] <= c["top"] <= box[3]
                        ]
                        bold = any("Bold" in c["fontname"] for c in chars)
                        grey = any(
                            # the cell's centre inside the grey fill (edges move with padding)
                            r["x0"] <= (box[0] + box[2]) / 2 <= r["x1"]
                            and r["top"] <= (box[1] + box[3]) / 2 <= r["bottom"]
                            for r in greys
                        )
                        look.append((bold, grey))
                    looks.append(look)
                found.append(([r[1:] for r in rows[1:]], looks, chance_rows))
    return found


@pytest.mark.parametrize("source_only", sweep(False, True))  # reading a grid back is slow
def test_every_cell_equals_the_cards(tmp: Path, source_only: bool) -> None:
    source = cell_source(CARDS, CRT, source_only)
    printed = grids(built(tmp, source_only))
    assert len(printed) == len(CRT.tables) == 6
    for (cells, looks, _), table in zip(printed, CRT.tables.values(), strict=True):
        for r, face in enumerate(CRT.faces):
            for c in range(len(CRT.columns)):
                want = source.cell(table, face, c)
                assert cells[r][c] == (STAR if want.value == "★" else want.value), (
                    table.name,
                    face,
                    c,
                )
                bold, grey = looks[r][c]
                if want.kit:
                    assert grey and not bold, (table.name, face, c)
                else:
                    assert not grey, (table.name, face, c)
                    assert bold == bool(want.value), (table.name, face, c)


@pytest.mark.slow  # reads the source-only grids back
def test_source_only_shows_no_kit_cell(tmp: Path) -> None:
    printed = grids(built(tmp, True))
    lost = sum(cell == "" for cells, _, _ in printed for row in cells for cell in row)
    assert lost == 6 * (130 - 16)
    assert not any(grey for _, looks, _ in printed for row in looks for _bold, grey in row)
    text = " ".join(p.text for p in read_pages(built(tmp, True)))
    assert "completion" not in text and "rulebook's cells only" in text


def test_chances_agree_with_the_printed_grid(tmp: Path) -> None:
    """Each count is the printed grid's; a count that takes in a kit (grey) cell is marked
    with a dagger (not a letter: "3/10k" read as 3 in 10,000), and the legend says so."""
    marked = 0
    for cells, looks, chances in grids(built(tmp, False)):
        header, *rows = chances
        assert header[0] == "d10"
        for row in rows:
            letter = row[0]
            for c, text in enumerate(row[1:]):
                n = sum(cells[r][c] == letter for r in range(len(cells)))
                kit = any(cells[r][c] == letter and looks[r][c][1] for r in range(len(cells)))
                marked += kit
                assert text == (f"{n}/10{DAGGER if kit else ''}" if n else ""), (letter, c)
                assert not text or text[-1] in "0123456789\u2020", text
        for c in range(len(CRT.columns)):
            assert sum(int(row[c + 1].split("/")[0]) for row in rows if row[c + 1]) == 10
    assert marked > 0
    words = " ".join(" ".join(p.text for p in read_pages(built(tmp, False))).split())
    assert "in faces of the ten (3/10: three faces in ten)" in words
    assert "\u2020 on grey (3/10\u2020): the count takes in the kit's completed cells" in words
    assert not re.search(r"\d/10k", words)


def test_legend_on_the_sheet_and_footer_on_every_page(tmp: Path) -> None:
    pages = read_pages(built(tmp, False))
    assert "Havoc Kit's own" in pages[0].text
    for page in pages:
        assert "grey cells are the Havoc Kit's completion" in page.text


@pytest.mark.parametrize("source_only", [False, True])
def test_readable_inside_the_printable_area(tmp: Path, source_only: bool) -> None:
    for page in read_pages(built(tmp, source_only)):
        assert page.chars
        for ch in page.chars:
            assert ch.size >= MIN_SIZE - 0.01, ch
            assert ch.x0 >= 18 and ch.top >= 18, ch
            assert ch.x1 <= page.width - 18 and ch.bottom <= page.height - 18, ch
        assert not page.images


def test_deterministic_titled_and_valid(tmp: Path) -> None:
    again = tmp / "again.pdf"
    write_results_tables(again, CARDS, PageSize(*PAPERS["a4"]))
    assert again.read_bytes() == built(tmp, False).read_bytes()
    assert pdf_title(again) == "Dark Blades combat results tables"
    if shutil.which("qpdf"):
        subprocess.run(["qpdf", "--check", str(again)], check=True, capture_output=True)


@pytest.mark.parametrize("source_only", [False, True])
def test_several_attackers_or_defenders_in_the_rulebooks_words(
    tmp: Path, source_only: bool
) -> None:
    """Issue 14: the sheet says that strengths combine and that the controlling player chooses
    who suffers, in the rulebook's words from combat-rules.toml, cited (they are the rules', so
    --source-only keeps them)."""
    rules = load_combat_rules(CARDS).rules
    text = " ".join(p.text for p in read_pages(built(tmp, source_only)))
    assert "Several attackers or defenders (the rulebook, Combat, Multiple Combat):" in text
    for name in ("combine-defence", "combine-attack", "several"):
        assert rules[name].section == "Combat, Multiple Combat"
        assert " ".join(rules[name].rule.split()) in text, name
    assert "must combine his opponents' defence strengths" in text
    assert "may combine their attack strengths into one attack" in text
    assert "the controlling player chooses which one of his characters is affected" in text
