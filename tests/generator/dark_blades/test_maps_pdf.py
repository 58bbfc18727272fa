"""`havoc-pnp maps`: hexes at the counters' scale (measured in the PDF), tiles, kit marks."""

from __future__ import annotations

import math
import shutil
import subprocess
from pathlib import Path

import pdfplumber
import pytest
from pdf_read import page_texts
from pypdf import PdfReader

PIECE = 45.0  # 5/8in


@pytest.fixture(scope="module")
def maps_pdf(tmp_path_factory) -> Path:
    from click.testing import CliRunner

    from generator.cli import main

    out = tmp_path_factory.mktemp("maps") / "maps.pdf"
    result = CliRunner().invoke(main, ["maps", "arena", "-o", str(out), "--piece-size", "5/8in"])
    assert result.exit_code == 0, result.output
    return out


def _hexes(page) -> list[list[tuple[float, float]]]:
    """Every whole hex outline on the page (six corners, page coordinates)."""
    out = []
    for c in page.curves:
        pts = c["pts"]
        if len(pts) == 7 and c["x0"] >= 0 and c["x1"] <= page.width and c["top"] >= 0:
            out.append([(x, y) for x, y in pts[:6]])
    return out


def _inside(poly: list[tuple[float, float]], x: float, y: float, eps: float = 1e-6) -> bool:
    """Point in a convex polygon (either winding)."""
    signs = set()
    for (x1, y1), (x2, y2) in zip(poly, poly[1:] + poly[:1], strict=False):
        cross = (x2 - x1) * (y - y1) - (y2 - y1) * (x - x1)
        if abs(cross) > eps:
            signs.add(cross > 0)
    return len(signs) <= 1


def _rect(cx: float, cy: float, ux: float, uy: float, length: float, width: float):
    """Points along the edges of a length x width rectangle centred at (cx, cy), its long
    axis along the unit vector (ux, uy)."""
    vx, vy = -uy, ux
    for i in range(41):
        t = i / 40 - 0.5
        for a, b in ((t * length, width / 2), (t * length, -width / 2)):
            yield cx + ux * a + vx * b, cy + uy * a + vy * b
        for a, b in ((length / 2, t * width), (-length / 2, t * width)):
            yield cx + ux * a + vx * b, cy + uy * a + vy * b


def test_a_counter_fits_one_hex_and_a_double_counter_two_neighbours(maps_pdf: Path) -> None:
    with pdfplumber.open(maps_pdf) as pdf:
        hexes = _hexes(pdf.pages[2])
    assert len(hexes) > 20
    centres = [(sum(x for x, _ in h) / 6, sum(y for _, y in h) / 6, h) for h in hexes]
    flats = min(max(y for _, y in h) - min(y for _, y in h) for h in hexes)
    pairs = 0
    for i, (ax, ay, ha) in enumerate(centres):
        assert all(_inside(ha, x, y) for x, y in _rect(ax, ay, 1, 0, PIECE, PIECE))
        for bx, by, hb in centres[i + 1 :]:
            d = math.hypot(bx - ax, by - ay)
            if abs(d - flats) > 0.5:
                continue
            pairs += 1
            ux, uy = (bx - ax) / d, (by - ay) / d
            mx, my = (ax + bx) / 2, (ay + by) / 2
            for x, y in _rect(mx, my, ux, uy, 2 * PIECE, PIECE):
                assert _inside(ha, x, y) or _inside(hb, x, y), (x, y)
    assert pairs > 20  # neighbours in every direction were checked
    assert flats == pytest.approx((PIECE + 2 * 72 / 25.4) * math.sqrt(3), abs=0.05)  # 1 mm clear


def test_the_pdf_is_checked_titled_and_marks_the_kits_design_on_every_page(
    maps_pdf: Path,
) -> None:
    if shutil.which("qpdf"):
        subprocess.run(["qpdf", "--check", str(maps_pdf)], check=True, capture_output=True)
    reader = PdfReader(maps_pdf)
    assert "The Arena" in reader.metadata.title
    texts = page_texts(maps_pdf)
    assert "how the 6 tiles join" in texts[0]
    map_pages = [t for t in texts if "Blank hex sheet" not in t]
    assert len(map_pages) == 7  # the overview and six tiles
    for t in map_pages:
        assert "THE HAVOC KIT'S OWN MAP DESIGN" in t
        assert "edge" in t or "tile" in t
    assert "K3" in texts[2] and "edge 7" in texts[2]  # coordinates and the top edge's number
    assert "Blank hex sheet" in texts[-1] and "A1" in texts[-1]


def test_source_only_prints_only_the_blank_hex_sheet(havoc_pnp, tmp_path: Path) -> None:
    out = tmp_path / "m.pdf"
    result = havoc_pnp("--source-only", "maps", "-o", out)
    assert result.exit_code == 0 and "blank hex sheet only" in result.output
    reader = PdfReader(out)
    assert len(reader.pages) == 1
    assert "KIT'S OWN MAP" not in page_texts(out)[0]


def test_an_unknown_map_is_one_line_and_writes_nothing(havoc_pnp, tmp_path: Path) -> None:
    out = tmp_path / "m.pdf"
    result = havoc_pnp("maps", "nowhere", "-o", out)
    assert result.exit_code == 2 and len(result.output.strip().splitlines()) == 1
    assert not out.exists()


def test_a_map_file_by_its_path_is_printed_and_a_missing_one_refused(
    havoc_pnp, tmp_path: Path
) -> None:
    """`havoc-pnp maps ./ford.toml`, as `havoc los ./ford.toml` takes it (issue 33 §6)."""
    kit = Path(__file__).parents[3] / "cards" / "dark-blades" / "maps" / "arena.toml"
    ford = tmp_path / "ford.toml"
    ford.write_text(kit.read_text().replace('name = "The Arena"', 'name = "The Ford"', 1))
    out = tmp_path / "f.pdf"
    result = havoc_pnp("maps", ford, "-o", out)
    assert result.exit_code == 0, result.output
    assert "The Ford" in result.output and out.read_bytes().startswith(b"%PDF")
    missing = havoc_pnp("maps", tmp_path / "nowhere.toml", "-o", tmp_path / "n.pdf")
    assert missing.exit_code == 2 and "nowhere.toml': not found" in missing.output
    assert len(missing.output.strip().splitlines()) == 1 and not (tmp_path / "n.pdf").exists()
