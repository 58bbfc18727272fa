"""A figure on every Dark Blades counter: which one, where, and drawn once per PDF and SVG."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.dark_blades import pieces as db
from companion.data import Cards
from generator.dark_blades import counters as gen
from generator.sheet.fonts import fit_size, text_width
from generator.sheet.pieces import Figure, Piece, Polygon, Rect, Text
from generator.sheet.render_svg import face_svg
from tests.conftest import ROOT

SVG = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 10">'
    '<rect x="0" y="0" width="20" height="10" fill="currentColor"/></svg>'
)


@pytest.fixture(scope="module")
def pieces() -> list[Piece]:
    return gen.counter_pieces(Cards())


def figures(piece: Piece) -> list[Figure]:
    return [op for f in (piece.front, piece.back) if f for op in f.ops if isinstance(op, Figure)]


def test_every_roster_row_gets_its_figure_on_every_piece(pieces):
    data = db.load(Cards())
    for character in data.roster:
        mine = [p for p in pieces if f"character:{character.name}" in p.tags]
        assert mine, character.name
        for piece in mine:
            spec = next(s for s in data.types[character.type].pieces if s.key in piece.name)
            wanted = str(data.figure(character, spec))
            assert {f.source for f in figures(piece)} == {wanted}, piece.name
            assert any(isinstance(op, Figure) for op in piece.front.ops), piece.name
    # the mounted figure replaced the horse's head on the rider's faces; riderless and dead
    # horses keep the head (no rider to show)
    mounted = next(p for p in pieces if "piece:mounted" in p.tags)
    assert not any(isinstance(op, Polygon) for op in mounted.front.ops)
    assert any(isinstance(op, Polygon) for op in mounted.back.ops)
    assert Path(figures(mounted)[0].source).name == "mounted-knight.svg"


def _box(op) -> tuple[float, float, float, float]:
    if isinstance(op, Text):
        size = fit_size(op.text, op.font, op.size, op.max_width)
        width = text_width(op.text, op.font, size)
        return op.x - width / 2, op.y - 0.2 * size, op.x + width / 2, op.y + 0.75 * size
    return op.x, op.y, op.x + op.w, op.y + op.h


@pytest.mark.parametrize("unit", [36.0, 45.0, 72.0])
def test_the_figure_overlaps_no_word_and_no_value_box(unit):
    made = gen.counter_pieces(Cards(), piece_size=unit)
    for piece in made:
        for face in (piece.front, piece.back):
            if face is None:
                continue
            art = [op for op in face.ops if isinstance(op, Figure)]
            others = [op for op in face.ops if isinstance(op, Text | Rect) and op is not None]
            others = [op for op in others if not (isinstance(op, Rect) and op.y >= 0.69)]
            for figure in art:
                fx0, fy0, fx1, fy1 = _box(figure)
                for op in others:
                    if isinstance(op, Text) and (not op.text or op.y >= 0.7):
                        continue  # the name band sits above the figure
                    x0, y0, x1, y1 = _box(op)
                    apart = fx1 <= x0 + 1e-9 or x1 <= fx0 + 1e-9 or fy1 <= y0 + 1e-9 or y1 <= fy0
                    assert apart, (face.label, unit, op)


@pytest.mark.parametrize(("unit", "least"), [(36.0, 5.5), (45.0, 9.0), (72.0, 16.0)])
def test_figures_are_legible_down_to_half_an_inch(unit, least):
    made = gen.counter_pieces(Cards(), piece_size=unit)
    assert all(figures(p) for p in made if "marker" not in p.tags)
    smallest = min(min(f.w, f.h) * unit for p in made for f in figures(p))
    # points: at 1/2in no smaller than the capitals of the 4.5 pt words (the crossbowmen's
    # faces, whose weapon word takes the full width); most are 7.6 pt wide or more
    assert smallest >= least


def _luminance(colour: str) -> float:
    def channel(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def test_figures_survive_greyscale(pieces):
    for piece in pieces:
        for face in (piece.front, piece.back):
            for op in face.ops if face else ():
                if isinstance(op, Figure):
                    light = sorted((_luminance(op.colour), _luminance(face.background)))
                    contrast = (light[1] + 0.05) / (light[0] + 0.05)
                    assert contrast >= 4.5, (face.label, op.colour, face.background)


def _form_xobjects(path: Path) -> tuple[set[int], int]:
    """The distinct form XObjects the pages use, and how many times pages draw one."""
    from pypdf import PdfReader

    forms: set[int] = set()
    uses = 0
    for page in PdfReader(path).pages:
        xobjects = page["/Resources"].get("/XObject", {})
        names = {n for n in xobjects if xobjects[n]["/Subtype"] == "/Form"}
        forms.update(xobjects[n].indirect_reference.idnum for n in names)
        content = page.get_contents().get_data().decode("latin-1")
        uses += sum(len(re.findall(rf"{re.escape(n)} Do", content)) for n in names)
    return forms, uses


def _big_roster(tmp_path: Path, factor: int) -> Path:
    lines = (ROOT / "cards" / "dark-blades" / "pieces.csv").read_text(encoding="utf-8")
    out = []
    for line in lines.splitlines():
        if line and line[0].isdigit():
            count, rest = line.split(",", 1)
            line = f"{int(count) * factor},{rest}"
        out.append(line)
    roster = tmp_path / f"x{factor}.csv"
    roster.write_text("\n".join(out) + "\n", encoding="utf-8")
    return roster


@pytest.mark.slow
def test_each_figure_is_one_form_xobject_per_pdf(tmp_path: Path, havoc_pnp):
    sizes, counts = {}, {}
    for factor in (1, 4):
        out = tmp_path / f"c{factor}.pdf"
        result = havoc_pnp("counters", "--roster", _big_roster(tmp_path, factor), "-o", out)
        assert result.exit_code == 0, result.output
        made = gen.counter_pieces(Cards(), roster=_big_roster(tmp_path, factor))
        wanted = {(f.source, f.colour) for p in made for f in figures(p)}
        forms, uses = _form_xobjects(out)
        assert len(forms) == len(wanted)  # each figure (in each ink) once
        assert uses == sum(len(figures(p)) for p in made)  # and used by every face
        sizes[factor], counts[factor] = out.stat().st_size, len(made)
        plain = tmp_path / f"plain{factor}.pdf"
        roster = _big_roster(tmp_path, factor)
        assert havoc_pnp("counters", "--roster", roster, "--no-art", "-o", plain).exit_code == 0
        assert _form_xobjects(plain) == (set(), 0)
        sizes[factor] -= plain.stat().st_size
    assert counts[4] > 3 * counts[1]
    # the art costs about the same in a PDF of four times the pieces: it grows by the figures
    assert sizes[4] < 1.6 * sizes[1], sizes


def test_source_only_keeps_the_figures(tmp_path: Path, havoc_pnp):
    out = tmp_path / "so.pdf"
    result = havoc_pnp("--source-only", "counters", "-o", out)
    assert result.exit_code == 0, result.output
    forms, uses = _form_xobjects(out)
    assert forms and uses >= len(gen.counter_pieces(Cards()))


def _orc_roster(tmp_path: Path) -> tuple[str, str, Path]:
    """A user's roster of one Orc: the kit's header line, his row without its art cell, and
    where the roster goes (the test writes it with the art it tries)."""
    header = (ROOT / "cards" / "dark-blades" / "pieces.csv").read_text(encoding="utf-8")
    header_line = next(ln for ln in header.splitlines() if ln.startswith("count,"))
    return (
        header_line,
        "1,Orc,,black-fox,foot,sword,9,9,5,3,4,4,2,,,,,,,an orc",
        tmp_path / "mine.csv",
    )


def test_a_users_own_art_prints_and_a_missing_one_is_one_line(tmp_path: Path, havoc_pnp):
    (tmp_path / "orc.svg").write_text(SVG, encoding="utf-8")
    header_line, row, roster = _orc_roster(tmp_path)
    roster.write_text(f"{header_line}\n{row},orc.svg\n", encoding="utf-8")
    made = gen.counter_pieces(Cards(), roster=roster)
    orc = next(p for p in made if "character:Orc" in p.tags)
    assert {f.source for f in figures(orc)} == {str((tmp_path / "orc.svg").resolve())}
    svg = face_svg(orc.front, orc.cols, orc.rows, 45.0)
    assert svg.count("<symbol") == 1 and svg.count("<use") == 1 and "<rect" in svg
    out = tmp_path / "c.pdf"
    assert havoc_pnp("counters", "--roster", roster, "-o", out).exit_code == 0
    assert len(_form_xobjects(out)[0]) == 1
    roster.write_text(f"{header_line}\n{row},scans/orc.svg\n", encoding="utf-8")
    result = havoc_pnp("counters", "--roster", roster, "-o", tmp_path / "x.pdf")
    assert result.exit_code == 2 and result.stderr.count("\n") == 1
    assert "mine.csv:2: column 'art': no file 'scans/orc.svg'" in result.stderr
    assert not (tmp_path / "x.pdf").exists()


def test_the_svg_faces_use_the_same_figure(pieces):
    troll = next(p for p in pieces if "character:Troll" in p.tags)
    svg = face_svg(troll.front, 1, 1, 45.0)
    path = Path(figures(troll)[0].source).read_text(encoding="utf-8")
    d = path.split(' d="', 1)[1].split('"', 1)[0]
    assert svg.count("<symbol") == 1 and f'd="{d}"' in svg
    assert f'color="{figures(troll)[0].colour}"' in svg


def _png(width: int, height: int) -> bytes:
    """A real PNG, red, made with the standard library."""
    import struct
    import zlib

    def chunk(kind: bytes, data: bytes) -> bytes:
        crc = zlib.crc32(kind + data) & 0xFFFFFFFF
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)

    rows = b"".join(b"\0" + b"\xff\x00\x00" * width for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows))
        + chunk(b"IEND", b"")
    )  # fmt: skip


def test_a_users_png_scan_prints_and_a_broken_one_is_one_line(tmp_path: Path, havoc_pnp):
    header_line, row, roster = _orc_roster(tmp_path)
    (tmp_path / "scan.png").write_bytes(_png(8, 6))
    roster.write_text(f"{header_line}\n{row},scan.png\n", encoding="utf-8")
    out = tmp_path / "c.pdf"
    result = havoc_pnp("counters", "--roster", roster, "-o", out, "--svg", tmp_path / "svg")
    assert result.exit_code == 0, result.output
    from pypdf import PdfReader

    page = PdfReader(out).pages[0]
    (form,) = [x.get_object() for x in page["/Resources"]["/XObject"].values()]
    images = form["/Resources"]["/XObject"]
    assert [images[n]["/Width"] for n in images] == [8]  # the scan, inside the figure's form
    svg = (tmp_path / "svg" / "orc-healthy-front.svg").read_text(encoding="utf-8")
    assert "data:image/png;base64," in svg and svg.count("<symbol") == 1
    (tmp_path / "scan.png").write_bytes(_png(8, 6)[:40])  # header whole, image cut off
    result = havoc_pnp("counters", "--roster", roster, "-o", tmp_path / "x.pdf")
    assert result.exit_code == 2 and result.stderr.count("\n") == 1
    assert "mine.csv:2: column 'art': 'scan.png': cannot read the PNG" in result.stderr


def test_a_users_replacement_kit_figure_that_cannot_be_drawn_is_one_line(tmp_path: Path, havoc_pnp):
    (tmp_path / "art").mkdir()
    (tmp_path / "art" / "troll.svg").write_text("<svg><path d=", encoding="utf-8")
    result = havoc_pnp("--cards", tmp_path, "counters", "-o", tmp_path / "c.pdf")
    assert result.exit_code == 2 and result.stderr.count("\n") == 1
    assert "art/troll.svg: figure: not readable as SVG" in result.stderr
    assert not (tmp_path / "c.pdf").exists()
    (tmp_path / "art" / "troll.svg").write_text(SVG, encoding="utf-8")  # a good one is used
    made = gen.counter_pieces(Cards(tmp_path))
    troll = next(p for p in made if "character:Troll" in p.tags)
    assert figures(troll)[0].source == str(tmp_path / "art" / "troll.svg")


NOTHING_TO_DRAW = {
    "empty": "",
    "foreignObject only": '<foreignObject width="10" height="10"><p>orc</p></foreignObject>',
    "an image only": '<image href="orc.png" width="10" height="10"/>',
}
SAID = {"an image only": "an SVG with an embedded <image> (not drawn)"}  # refused before svglib


@pytest.mark.parametrize("body", NOTHING_TO_DRAW.values(), ids=NOTHING_TO_DRAW.keys())
def test_an_svg_with_nothing_svglib_can_draw_is_one_line(tmp_path: Path, havoc_pnp, body):
    said = next((SAID[k] for k, v in NOTHING_TO_DRAW.items() if v == body and k in SAID), None)
    said = said or "nothing in it svglib can draw"
    svg = f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">{body}</svg>'
    (tmp_path / "orc.svg").write_text(svg, encoding="utf-8")
    header_line, row, roster = _orc_roster(tmp_path)
    roster.write_text(f"{header_line}\n{row},orc.svg\n", encoding="utf-8")
    result = havoc_pnp("counters", "--roster", roster, "-o", tmp_path / "x.pdf")
    assert result.exit_code == 2 and result.stderr.count("\n") == 1, result.stderr
    assert f"mine.csv:2: column 'art': 'orc.svg': {said}" in result.stderr
    assert not (tmp_path / "x.pdf").exists()
    (tmp_path / "art").mkdir()  # the same as a replacement for one of the kit's own figures
    (tmp_path / "art" / "troll.svg").write_text(svg, encoding="utf-8")
    result = havoc_pnp("--cards", tmp_path, "counters", "-o", tmp_path / "c.pdf")
    assert result.exit_code == 2 and result.stderr.count("\n") == 1, result.stderr
    assert f"art/troll.svg: figure: {said}" in result.stderr
    assert not (tmp_path / "c.pdf").exists()
