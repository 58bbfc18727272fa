"""SVG export: one file per face, true physical size, the same drawing as the PDF."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from engine_helpers import piece

from generator.options import SheetOptions
from generator.pieces import Face, Piece, Text
from generator.render_svg import face_svg, slug, write_piece_svgs

NS = {"svg": "http://www.w3.org/2000/svg"}


def test_one_file_per_face(tmp_path: Path) -> None:
    pieces = [piece(0), piece(1, cols=2), piece(2, two_sided=False)]
    written = write_piece_svgs(tmp_path / "svg", pieces, SheetOptions.parse())
    names = sorted(p.name for p in (tmp_path / "svg").iterdir())
    assert names == ["p0-back.svg", "p0-front.svg", "p1-back.svg", "p1-front.svg", "p2-front.svg"]
    assert sorted(p.name for p in written) == names


@pytest.mark.parametrize(
    ("size", "bleed", "mm"),
    [("5/8in", "none", 15.875), ("1in", "none", 25.4), ("16mm", "3mm", 22.0)],
)
def test_physical_size(tmp_path: Path, size: str, bleed: str, mm: float) -> None:
    options = SheetOptions.parse(piece_size=size, bleed=bleed)
    write_piece_svgs(tmp_path, [piece(0), piece(1, cols=2)], options)
    square = ET.parse(tmp_path / "p0-front.svg").getroot()
    assert float(square.get("width").removesuffix("mm")) == pytest.approx(mm, abs=1e-3)
    assert float(square.get("height").removesuffix("mm")) == pytest.approx(mm, abs=1e-3)
    double = ET.parse(tmp_path / "p1-front.svg").getroot()
    extra = 6.0 if bleed == "3mm" else 0.0
    assert float(double.get("width").removesuffix("mm")) == pytest.approx(2 * (mm - extra) + extra,
                                                                          abs=1e-3)  # fmt: skip


def test_content_and_background() -> None:
    face = Face("Sir Bors", "#1f4fa8", (Text(0.5, 0.3, "Sir Bors", 0.2, "#ffffff"),))
    root = ET.fromstring(face_svg(face, 1, 1, 45.0))
    rects = root.findall(".//svg:rect", NS)
    assert rects[0].get("fill") == "#1f4fa8"
    texts = root.findall(".//svg:text", NS)
    assert [t.text for t in texts] == ["Sir Bors"]
    assert texts[0].get("text-anchor") == "middle"


def test_long_text_shrinks_like_the_pdf() -> None:
    face = Face("x", ops=(Text(0.5, 0.3, "an extremely long label indeed", 0.2, max_width=0.5),))
    text = ET.fromstring(face_svg(face, 1, 1, 45.0)).find(".//svg:text", NS)
    scale = float(text.get("transform").split("scale(")[1].split()[0])
    assert float(text.get("font-size")) * scale < 0.2


def test_names(tmp_path: Path) -> None:
    assert slug("Sir Bors (mounted) 2") == "sir-bors-mounted-2"
    same = Piece("Troll", Face("a"))
    other = Piece("Troll", Face("b"))
    written = write_piece_svgs(tmp_path, [same, same, other], SheetOptions.parse())
    assert sorted(p.name for p in written) == ["troll-2-front.svg", "troll-front.svg"]
