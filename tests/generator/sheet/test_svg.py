"""SVG export: one file per face, true physical size, the same drawing as the PDF."""

from __future__ import annotations

import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from engine_helpers import piece

from generator.sheet.options import SheetOptions
from generator.sheet.pieces import Face, Piece, Text
from generator.sheet.render_svg import MANIFEST, face_svg, slug, write_piece_svgs
from tests.conftest import sweep

NS = {"svg": "http://www.w3.org/2000/svg"}


def test_one_file_per_face(tmp_path: Path) -> None:
    pieces = [piece(0), piece(1, cols=2), piece(2, two_sided=False)]
    written = write_piece_svgs(tmp_path / "svg", pieces, SheetOptions.parse())
    names = sorted(p.name for p in (tmp_path / "svg").iterdir() if p.name != MANIFEST)
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


def kit_fonts_only(tmp_path: Path) -> dict[str, str]:
    """An environment in which fontconfig (so rsvg-convert) sees only the kit's own typeface
    (generator/sheet/typeface/): the test needs no Liberation fonts installed on the machine."""
    import os

    from generator.sheet.fonts import TYPEFACE_DIR

    conf = tmp_path / "fonts.conf"
    conf.write_text(
        '<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n'
        f"  <dir>{TYPEFACE_DIR}</dir>\n  <cachedir>{tmp_path / 'fc-cache'}</cachedir>\n"
        "</fontconfig>\n",
        encoding="utf-8",
    )
    return {**os.environ, "FONTCONFIG_FILE": str(conf)}


@pytest.mark.skipif(
    not (shutil.which("rsvg-convert") and shutil.which("pdftoppm")),
    reason="needs rsvg-convert (librsvg2-bin) and pdftoppm (poppler-utils)",
)
@pytest.mark.parametrize("size", sweep("1/2in", "5/8in", "1in"))
def test_rendered_svg_matches_the_pdf_face_at_true_size(tmp_path: Path, size: str) -> None:
    """rsvg-convert and pdftoppm, both at 300 dpi, draw the same picture: same pixel size
    (true size) and, pixel by pixel, nearly the same colours (anti-aliasing differs)."""
    from PIL import Image, ImageChops, ImageStat
    from reportlab.pdfgen.canvas import Canvas

    from companion.data import Cards
    from generator.dark_blades import counters as dark_blades
    from generator.sheet.render_pdf import draw_face

    sheet = SheetOptions.parse(piece_size=size)
    made = dark_blades.counter_pieces(Cards(), piece_size=sheet.piece)
    chosen = [made[0], next(p for p in made if p.cols == 2), made[-1]]  # square, double, marker
    for number, item in enumerate(chosen):
        w, h = item.cols * sheet.piece, item.rows * sheet.piece
        pdf, svg = tmp_path / f"{number}.pdf", tmp_path / f"{number}.svg"
        canvas = Canvas(str(pdf), pagesize=(w, h))
        draw_face(canvas, item.front, 0, 0, w, h, sheet.piece)
        canvas.save()
        svg.write_text(face_svg(item.front, item.cols, item.rows, sheet.piece))
        run = dict(check=True, capture_output=True, env=kit_fonts_only(tmp_path))
        subprocess.run(["pdftoppm", "-r", "300", "-png", "-singlefile", pdf, tmp_path / "a"], **run)
        subprocess.run(
            ["rsvg-convert", "-d", "300", "-p", "300", svg, "-o", tmp_path / "b.png"], **run
        )
        a = Image.open(tmp_path / "a.png").convert("RGB")
        b = Image.open(tmp_path / "b.png").convert("RGBA")
        flat = Image.new("RGB", b.size, "white")
        flat.paste(b, mask=b)
        assert abs(a.width - flat.width) <= 1 and abs(a.height - flat.height) <= 1
        assert a.width == pytest.approx(item.cols * sheet.piece / 72 * 300, abs=1)
        flat = flat.resize(a.size)
        mean = ImageStat.Stat(ImageChops.difference(a, flat).convert("L")).mean[0]
        assert mean < 8, (item.name, mean)
