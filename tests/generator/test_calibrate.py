"""The calibration sheet: scale bars, five target crosses and the scales where they land, and
the sign convention: a reading added to --back-offset brings the next reading to zero at every
target. The geometry is read back from the PDF, not taken from the code."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from pdf_read import pages as read_pages
from pdf_read import title as pdf_title

from generator.calibrate import write_calibration_pdf
from generator.sheet.options import SheetOptions
from tests.conftest import ROOT, sweep

MM = 72 / 25.4
Seg = tuple[float, float, float, float]


def lines(path: Path, page: int) -> list[Seg]:
    """(x0, y0, x1, y1) of every straight line on a page, y up."""
    return [(ln.x0, ln.y0, ln.x1, ln.y1) for ln in read_pages(path)[page].lines]


def is_h(s: Seg) -> bool:
    return abs(s[3] - s[1]) < 1e-3


def is_v(s: Seg) -> bool:
    return abs(s[2] - s[0]) < 1e-3


def lengths(path: Path, page: int, length: float, horizontal: bool) -> list[Seg]:
    test = is_h if horizontal else is_v
    return [
        s
        for s in lines(path, page)
        if test(s) and abs((s[2] - s[0]) + (s[3] - s[1]) - length) < 0.01
    ]


def crosses(path: Path) -> list[tuple[float, float, Seg, Seg]]:
    """The front's targets: (x, y, vertical arm, horizontal arm), found as the longest lines
    that are not scale bars, paired where they cross."""
    front = lines(path, 0)
    bars = (100 * MM, 4 * 72)
    arms = [s for s in front if (s[2] - s[0]) + (s[3] - s[1]) > 25 * MM]
    arms = [s for s in arms if all(abs((s[2] - s[0]) - b) > 0.01 for b in bars)]
    out = []
    for v in (s for s in arms if is_v(s)):
        for h in (s for s in arms if is_h(s)):
            if h[0] <= v[0] <= h[2] and v[1] <= h[1] <= v[3]:
                out.append((v[0], h[1], v, h))
    return out


def scale_zeros(path: Path, page: int) -> tuple[list[Seg], list[Seg]]:
    """Each reading scale's base line is two 10 mm halves meeting at its zero: returns the
    DX scales and DY scales as (x0, y0, x1, y1) of their whole base line."""
    found: tuple[list[Seg], list[Seg]] = ([], [])
    for horizontal, out in ((True, found[0]), (False, found[1])):
        halves = lengths(path, page, 10 * MM, horizontal)
        for a in halves:
            for b in halves:
                if a < b and abs(a[2] - b[0]) < 0.01 and abs(a[3] - b[1]) < 0.01:
                    out.append((a[0], a[1], b[2], b[3]))
    return found


def seen_from_back(x: float, y: float, sheet: SheetOptions) -> tuple[float, float]:
    if sheet.duplex == "long":
        return sheet.width - x, y
    return x, sheet.height - y


def test_scale_bars_measure_100mm_and_4in(tmp_path: Path) -> None:
    for duplex in ("long", "none"):
        path = tmp_path / f"c-{duplex}.pdf"
        write_calibration_pdf(path, SheetOptions.parse(paper="letter", duplex=duplex))
        assert lengths(path, 0, 100 * MM, horizontal=duplex != "none")
        assert lengths(path, 0, 4 * 72, horizontal=duplex != "none")


def readings(path: Path, sheet: SheetOptions, error: tuple[float, float]) -> list[tuple]:
    """For each front cross: (DX, DY) read off the scale its arms cross, on a printer that
    puts back pages ``error`` points off. Every arm must cross exactly one scale."""
    dx_scales, dy_scales = scale_zeros(path, 1)
    out = []
    for x, y, v, h in crosses(path):
        sx, sy = seen_from_back(x, y, sheet)
        # the arms, seen from the back
        vy0, vy1 = sorted(
            seen_from_back(v[0], v[1], sheet)[1:] + seen_from_back(v[2], v[3], sheet)[1:]
        )
        hx0, hx1 = sorted(
            (seen_from_back(h[0], h[1], sheet)[0], seen_from_back(h[2], h[3], sheet)[0])
        )
        dx_hit = [
            s for s in dx_scales
            if s[0] + error[0] <= sx <= s[2] + error[0] and vy0 <= s[1] + error[1] <= vy1
        ]  # fmt: skip
        dy_hit = [
            s for s in dy_scales
            if s[1] + error[1] <= sy <= s[3] + error[1] and hx0 <= s[0] + error[0] <= hx1
        ]  # fmt: skip
        assert len(dx_hit) == 1 and len(dy_hit) == 1, (x, y)
        zx = (dx_hit[0][0] + dx_hit[0][2]) / 2 + error[0]
        zy = (dy_hit[0][1] + dy_hit[0][3]) / 2 + error[1]
        out.append(((sx - zx) / MM, (sy - zy) / MM))
    return out


@pytest.mark.parametrize("duplex", ["long", "short"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_reading_added_to_the_offset_zeroes_the_next_reading_at_every_target(
    tmp_path: Path, duplex: str, paper: str
) -> None:
    error = (1.3 * MM, -0.7 * MM)  # where this printer puts back pages, in back-page points

    def read(offset: str) -> list[tuple]:
        sheet = SheetOptions.parse(paper=paper, duplex=duplex, back_offset=offset)
        path = tmp_path / f"{offset}.pdf"
        write_calibration_pdf(path, sheet)
        return readings(path, sheet, error)

    first = read("0,0")
    assert len(first) == 5  # the centre and four corners
    for reading in first:
        assert reading == pytest.approx((-1.3, 0.7), abs=1e-3)
    dx, dy = first[0]
    for reading in read(f"{dx:.3f},{dy:.3f}"):
        assert reading == pytest.approx((0.0, 0.0), abs=1e-3)


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_each_arm_still_crosses_its_own_scale_six_mm_off(tmp_path: Path, duplex: str) -> None:
    sheet = SheetOptions.parse(paper="letter", duplex=duplex)
    path = tmp_path / "c.pdf"
    write_calibration_pdf(path, sheet)
    for ex, ey in ((6, 6), (-6, 6), (6, -6), (-6, -6)):
        got = readings(path, sheet, (ex * MM, ey * MM))
        assert got == [pytest.approx((-ex, -ey), abs=1e-3)] * 5


@pytest.mark.parametrize("duplex", ["long", "short"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_no_front_text_on_a_target_arm(tmp_path: Path, paper: str, duplex: str) -> None:
    path = tmp_path / "c.pdf"
    long_cards = "--cards my-own-card-directory/with/a/long/name " * 2
    write_calibration_pdf(
        path,
        SheetOptions.parse(paper=paper, duplex=duplex),
        rebuild=f"havoc-pnp build {long_cards}",
    )
    arms = [arm for _, _, v, h in crosses(path) for arm in (v, h)]
    page = read_pages(path)[0]
    for ch in page.chars:
        x0, x1 = ch.x0, ch.x1
        y0, y1 = page.height - ch.bottom, page.height - ch.top
        for a in arms:
            assert not (a[0] <= x1 and x0 <= a[2] and a[1] <= y1 and y0 <= a[3]), ch.text


def test_instructions_and_pages(tmp_path: Path) -> None:
    path = tmp_path / "c.pdf"
    stats = write_calibration_pdf(path, SheetOptions.parse(duplex="short", back_offset="1,2"))
    assert stats.pages == 2
    front, back = (page.text for page in read_pages(path))
    assert pdf_title(path) == "Havoc Kit — printer calibration"
    assert "flip on the short edge" in front
    assert "--back-offset 1,2" in front and "--duplex short --back-offset DX,DY" in front
    assert "BACK" in back and "DX" in back and "DY" in back
    upright_too = back + back[::-1]  # the DY labels run up the page: extracted backwards
    assert "right +, left" in back and "up +, down" in upright_too  # the sign convention
    assert "ROTATED" in back and "SCALED" in back  # what differing readings mean
    for name in ("top left", "top right", "centre", "bottom left", "bottom right"):
        assert name in back


def test_fold_over_is_one_page_mirrored_across_the_fold(tmp_path: Path) -> None:
    path = tmp_path / "f.pdf"
    sheet = SheetOptions.parse(paper="letter", duplex="none")
    stats = write_calibration_pdf(path, sheet)
    assert stats.pages == 1
    ((fx, _, _, _),) = crosses(path)
    dx_scales, _ = scale_zeros(path, 0)
    (scale,) = dx_scales
    assert (scale[0] + scale[2]) / 2 == pytest.approx(sheet.width - fx, abs=0.01)
    if shutil.which("qpdf"):
        assert subprocess.run(["qpdf", "--check", str(path)], capture_output=True).returncode == 0


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize(
    ("duplex", "offset"),
    sweep(
        ("long", "20,20"),
        ("short", "-20,20"),
        ("none", "0,0"),
        ("long", "6,-6"),
        ("short", "-6,6"),
        ("long", "-20,-20"),
        ("short", "20,-20"),
        quick=3,
    ),
)
def test_everything_stays_on_the_paper(
    tmp_path: Path, paper: str, duplex: str, offset: str
) -> None:
    """Every scale, number and word is on the page, even with the largest back offset."""
    path = tmp_path / "c.pdf"
    sheet = SheetOptions.parse(paper=paper, duplex=duplex, back_offset=offset)
    write_calibration_pdf(path, sheet)
    for page in read_pages(path):
        for thing in [*page.chars, *page.lines]:
            assert thing.x0 >= 0 and thing.x1 <= sheet.width + 0.01, thing
            assert thing.top >= 0 and thing.bottom <= sheet.height + 0.01, thing


def test_readme_describes_the_calibration_sheet_as_it_is() -> None:
    import re

    from generator.calibrate import targets

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    step = " ".join(re.search(r"3\. \*\*Back offset\.\*\*(.*?)\n4\. ", readme, re.S)[1].split())
    words = dict(enumerate("zero one two three four five six seven eight nine ten".split()))
    duplex = targets(SheetOptions.parse())
    assert f"{words[len(duplex)]} target crosses" in step
    assert f"{words[2 * len(duplex)]} readings" in step  # a DX and a DY for each
    assert len(targets(SheetOptions.parse(duplex="none"))) == 1 and "single cross" in step
