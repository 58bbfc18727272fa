"""`havoc-pnp aids` and `havoc-pnp scenarios`: the files they write and their one-line errors."""

from __future__ import annotations

from pdf_read import pages as read_pages
from pypdf import PdfReader

from generator.cli import main as pnp
from generator.dark_blades import RESULTS_PDF, SCENARIOS_PDF
from generator.registry import sheets
from tests.conftest import run


def test_aids_writes_every_reference_sheet(tmp_path) -> None:
    result = run(pnp, ["aids", "--out", str(tmp_path), "--paper", "letter"])
    assert result.exit_code == 0, result.stderr
    names = [sheet.file for sheet in sheets(("tables", "aid"))]
    assert RESULTS_PDF in names and SCENARIOS_PDF not in names and len(names) == 5
    for name in names:
        box = PdfReader(tmp_path / name).pages[0].mediabox
        landscape = box.width > box.height
        assert landscape == (name == RESULTS_PDF)  # the results tables run landscape
        assert {round(box.width), round(box.height)} == {612, 792}
    assert len(result.stdout.splitlines()) == len(names)
    assert "grey cells: the kit's completion" in result.stdout


def test_aids_source_only(tmp_path) -> None:
    result = run(pnp, ["aids", "--out", str(tmp_path), "--source-only"])
    assert result.exit_code == 0, result.stderr
    assert "rulebook cells only" in result.stdout


def test_scenarios_by_name(tmp_path) -> None:
    out = tmp_path / "s.pdf"
    result = run(pnp, ["scenarios", "raid", "MULE", "-o", str(out)])
    assert result.exit_code == 0, result.stderr
    firsts = [page.text_lines[0] for page in read_pages(out)]
    texts = [t for t in firsts if ": set-up hexes" not in t]  # less each one's map page
    assert texts == ["Scenario 4: The Raid", "Scenario 3: Mon-Oger Mule Train"]
    assert firsts[1].startswith("Scenario 4: The Raid: set-up hexes")
    assert SCENARIOS_PDF.endswith(".pdf")


def test_one_line_errors(tmp_path) -> None:
    for args, message in [
        (["aids", "--out", str(tmp_path), "--paper", "3x4in"], "too small for a reference sheet"),
        (["scenarios", "siege", "-o", str(tmp_path / "x.pdf")], "unknown scenario 'siege'"),
    ]:
        result = run(pnp, args)
        assert result.exit_code == 2
        assert message in result.stderr and len(result.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "x.pdf").exists()
