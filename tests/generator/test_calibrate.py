"""The calibration sheet: scale bars, the cross and the scales where it lands, and the sign
convention: a reading added to --back-offset brings the next reading to zero."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pdfplumber
import pytest

from generator.calibrate import write_calibration_pdf
from generator.options import SheetOptions

MM = 72 / 25.4


def lines(path: Path, page: int) -> list[tuple[float, float, float, float]]:
    """(x0, y0, x1, y1) of every straight line on a page, y up."""
    with pdfplumber.open(path) as pdf:
        p = pdf.pages[page]
        h = float(p.height)
        return [
            (float(ln["x0"]), h - float(ln["bottom"]), float(ln["x1"]), h - float(ln["top"]))
            for ln in p.lines
        ]


def lengths(path: Path, page: int, length: float, horizontal: bool) -> list[tuple]:
    found = []
    for x0, y0, x1, y1 in lines(path, page):
        if horizontal and abs(y1 - y0) < 1e-3 and abs((x1 - x0) - length) < 0.01:
            found.append((x0, y0, x1, y1))
        if not horizontal and abs(x1 - x0) < 1e-3 and abs((y1 - y0) - length) < 0.01:
            found.append((x0, y0, x1, y1))
    return found


def cross(path: Path) -> tuple[float, float]:
    (v,) = lengths(path, 0, 80 * MM, horizontal=False)
    (h,) = lengths(path, 0, 80 * MM, horizontal=True)
    return (v[0], h[1])


def scale_zero(path: Path) -> tuple[float, float]:
    """Where the back's DX scale reads 0 (x) and the DY scale reads 0 (y)."""
    (dx,) = lengths(path, 1, 24 * MM, horizontal=True)
    (dy,) = lengths(path, 1, 24 * MM, horizontal=False)
    return ((dx[0] + dx[2]) / 2, (dy[1] + dy[3]) / 2)


def test_scale_bars_measure_100mm_and_4in(tmp_path: Path) -> None:
    path = tmp_path / "c.pdf"
    write_calibration_pdf(path, SheetOptions.parse(paper="letter"))
    assert lengths(path, 0, 100 * MM, horizontal=True)
    assert lengths(path, 0, 4 * 72, horizontal=True)


@pytest.mark.parametrize("duplex", ["long", "short"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_reading_added_to_the_offset_zeroes_the_next_reading(
    tmp_path: Path, duplex: str, paper: str
) -> None:
    error = (1.3 * MM, -0.7 * MM)  # where this printer puts back pages, in back-page points

    def reading(offset: str) -> tuple[float, float]:
        sheet = SheetOptions.parse(paper=paper, duplex=duplex, back_offset=offset)
        path = tmp_path / f"{offset}.pdf"
        write_calibration_pdf(path, sheet)
        fx, fy = cross(path)
        # the front's cross, seen from the back, in back-page coordinates
        seen = (sheet.width - fx, fy) if duplex == "long" else (fx, sheet.height - fy)
        zx, zy = scale_zero(path)
        return ((seen[0] - (zx + error[0])) / MM, (seen[1] - (zy + error[1])) / MM)

    first = reading("0,0")
    assert first == pytest.approx((-1.3, 0.7), abs=1e-3)
    corrected = reading(f"{first[0]:.3f},{first[1]:.3f}")
    assert corrected == pytest.approx((0.0, 0.0), abs=1e-3)


def test_instructions_and_pages(tmp_path: Path) -> None:
    path = tmp_path / "c.pdf"
    stats = write_calibration_pdf(path, SheetOptions.parse(duplex="short", back_offset="1,2"))
    assert stats.pages == 2
    with pdfplumber.open(path) as pdf:
        front = " ".join((pdf.pages[0].extract_text() or "").split())
        back = " ".join((pdf.pages[1].extract_text() or "").split())
        assert pdf.metadata["Title"] == "Havoc Kit — printer calibration"
    assert "flip on the short edge" in front
    assert "--back-offset 1,2" in front and "--duplex short --back-offset DX,DY" in front
    assert "BACK" in back and "DX" in back and "DY" in back


def test_fold_over_is_one_page_mirrored_across_the_fold(tmp_path: Path) -> None:
    path = tmp_path / "f.pdf"
    sheet = SheetOptions.parse(paper="letter", duplex="none")
    stats = write_calibration_pdf(path, sheet)
    assert stats.pages == 1
    fx, _ = cross(path)
    (scale,) = lengths(path, 0, 24 * MM, horizontal=True)
    assert (scale[0] + scale[2]) / 2 == pytest.approx(sheet.width - fx, abs=0.01)
    if shutil.which("qpdf"):
        assert subprocess.run(["qpdf", "--check", str(path)], capture_output=True).returncode == 0
