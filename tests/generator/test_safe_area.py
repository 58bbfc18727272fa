"""Everything a user must read sits at least 1/4in (18 pt) inside every paper edge, in every PDF
the kit builds, under several sets of options: most home printers cannot print the outer
3-5 mm. Every word is read back from the PDF with pdfplumber; only the crop marks' "cut 1st"
labels may come closer (clipping them is harmless: the marks beside them still show where)."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest

SAFE = 18.0
EXEMPT = {"cut", "1st"}
OPTION_SETS = [
    [],
    ["--paper", "letter", "--piece-size", "3/4in", "--duplex", "short", "--back-offset",
     "1,-0.5", "--bleed", "3mm", "--cut-guides", "lines"],
    ["--duplex", "none", "--piece-size", "3/4in", "--margin", "1/2in,1/4in"],
    ["--back-offset", "20,-20", "--margin", "1/4in"],
    ["--back-offset", "-20,20", "--paper", "200x280mm", "--duplex", "short"],
]  # fmt: skip


def too_close(path: Path) -> list[str]:
    """Words nearer an edge than SAFE, as 'page N: word (distance)'."""
    out = []
    with pdfplumber.open(path) as pdf:
        for number, page in enumerate(pdf.pages, start=1):
            width, height = float(page.width), float(page.height)
            for w in page.extract_words():
                if w["text"] in EXEMPT:
                    continue
                gap = min(w["x0"], w["top"], width - w["x1"], height - w["bottom"])
                if gap < SAFE - 0.01:
                    out.append(f"page {number}: {w['text']!r} ({gap:.1f} pt)")
    return out


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: " ".join(o) or "defaults")
def test_every_word_is_a_quarter_inch_inside_the_paper(havoc_pnp, tmp_path, options) -> None:
    result = havoc_pnp("build", "--out", tmp_path, *options)
    assert result.exit_code == 0, result.output
    blank = havoc_pnp("counters", "--blank-values", "-o", tmp_path / "blank.pdf", *options)
    assert blank.exit_code == 0, blank.output
    pdfs = sorted(tmp_path.glob("*.pdf"))
    names = {p.name for p in pdfs}
    assert {"dark-blades-counters.pdf", "calibration.pdf", "blank.pdf"} <= names
    for path in pdfs:
        assert too_close(path) == [], path.name


def test_with_no_margin_the_footer_and_calibration_still_keep_clear(havoc_pnp, tmp_path) -> None:
    """--margin 0 (a borderless printer; warned) lets pieces reach the edge, but the footer and
    every word of the calibration sheet stay 1/4in inside the paper."""
    result = havoc_pnp("build", "--out", tmp_path, "--margin", "0")
    assert result.exit_code == 0, result.output
    assert too_close(tmp_path / "calibration.pdf") == []
    with pdfplumber.open(tmp_path / "dark-blades-counters.pdf") as pdf:
        for page in pdf.pages:
            below_pieces = float(page.height) - 36  # FOOTER_RESERVE: the pieces stop above
            footer = [c for c in page.chars if c["top"] > below_pieces]
            assert footer
            for c in footer:
                assert c["x0"] >= SAFE - 0.01 and float(page.width) - c["x1"] >= SAFE - 0.01
                assert float(page.height) - c["bottom"] >= SAFE - 0.01
