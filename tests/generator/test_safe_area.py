"""Everything a user must read sits at least 1/4in (18 pt) inside every paper edge, in every PDF
the kit builds, under several sets of options: most home printers cannot print the outer
3-5 mm. Every word is read back from the PDF (pdfium, with pdfplumber's loose letter boxes);
only the crop marks' "cut 1st" labels may come closer (clipping them is harmless: the marks
beside them still show where). Each set of options is built once per test session and shared;
the defaults are in the quick tier, the other sets are marked slow."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest
from pdf_read import words

SAFE = 18.0
EXEMPT = {"cut", "1st"}
OPTION_SETS = [
    pytest.param([], id="defaults"),
    *(pytest.param(options, id=" ".join(options), marks=pytest.mark.slow) for options in [
    ["--paper", "letter", "--piece-size", "3/4in", "--duplex", "short", "--back-offset",
     "1,-0.5", "--bleed", "3mm", "--cut-guides", "lines"],
    ["--duplex", "none", "--piece-size", "3/4in", "--margin", "1/2in,1/4in"],
    ["--back-offset", "20,-20", "--margin", "1/4in"],
    ["--back-offset", "-20,20", "--paper", "200x280mm", "--duplex", "short"],
    ]),
]  # fmt: skip


def too_close(path: Path) -> list[str]:
    """Words nearer an edge than SAFE, as 'page N: word (distance)'."""
    return [
        f"page {w.page}: {w.text!r} ({w.edge_gap:.1f} pt)"
        for w in words(path)
        if w.text not in EXEMPT and w.edge_gap < SAFE - 0.01
    ]


def test_the_check_finds_a_word_too_near_the_edge(tmp_path) -> None:
    from reportlab.pdfgen.canvas import Canvas

    path = tmp_path / "near.pdf"
    canvas = Canvas(str(path), pagesize=(300, 300))
    canvas.drawString(30, 150, "inside")
    canvas.drawString(12, 40, "outside")
    canvas.save()
    assert [line.split(":")[1].split()[0] for line in too_close(path)] == ["'outside'"]


@pytest.mark.parametrize("options", OPTION_SETS)
def test_every_word_is_a_quarter_inch_inside_the_paper(kit_build, pnp_once, options) -> None:
    built = kit_build(*options)  # both written once for the run, shared
    blank = pnp_once("counters", "--blank-values", *options, file="blank.pdf")
    pdfs = sorted([*built.glob("*.pdf"), blank])
    names = {p.name for p in pdfs}
    assert {"dark-blades-counters.pdf", "calibration.pdf", "blank.pdf"} <= names
    for path in pdfs:
        assert too_close(path) == [], path.name


@pytest.mark.slow
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
