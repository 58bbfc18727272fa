"""`havoc-pnp counters --counter-style light`: pale counters that ink at most 15% of a page
(the dark style about a third), values and status as large as on the dark style, and the two
sides still told apart by shape (the Black Fox's outlined name band), not by colour alone."""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest
from PIL import Image

from companion.data import Cards
from generator.dark_blades.counters import counter_pieces
from generator.sheet.pieces import Rect, Text
from tests.conftest import ROOT


def _inks(pdf: Path, pages: range) -> list[float]:
    """Mean darkness of each of ``pages``, rendered in grey at 150 dpi (0: white, 1: black):
    one pdftoppm run for them all."""
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(
            ["pdftoppm", "-r", "150", "-gray", "-f", str(pages[0]), "-l", str(pages[-1]), pdf,
             f"{tmp}/p"],
            check=True,
        )  # fmt: skip
        # p-1.pgm ... (zero-padded to the document's page count): by the number, not the name
        rendered = {int(f.stem.rsplit("-", 1)[1]): f for f in Path(tmp).glob("p*.pgm")}
        assert sorted(rendered) == list(pages), sorted(rendered)
        inks = []
        for page in pages:
            with Image.open(rendered[page]) as image:
                histogram = image.histogram()
            inks.append(sum((255 - v) * n for v, n in enumerate(histogram)) / 255 / sum(histogram))
    return inks


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="needs poppler's pdftoppm")
def test_the_light_style_inks_at_most_15_percent_of_every_page(havoc_pnp, pnp_once, tmp_path):
    light = tmp_path / "light.pdf"
    assert havoc_pnp("counters", "--counter-style", "light", "-o", light).exit_code == 0
    dark = pnp_once("counters", file="counters.pdf")  # `counters -o FILE`, shared by the run
    assert max(_inks(light, range(1, 5))) <= 0.15
    assert _inks(dark, range(1, 2))[0] > 0.25  # the dark style is the heavy one


def _texts(pieces):
    return [(t.text, t.size, t.font) for p in pieces for f in (p.front, p.back) if f
            for t in f.ops if isinstance(t, Text)]  # fmt: skip


def test_values_and_status_are_as_large_as_on_the_dark_style():
    dark = counter_pieces(Cards(), style="dark")
    light = counter_pieces(Cards(), style="light")
    assert len(dark) == len(light)
    assert _texts(dark) == _texts(light)


def test_the_sides_part_by_the_band_shape_not_colour_alone():
    light = [p for p in counter_pieces(Cards(), style="light") if "marker" not in p.tags]
    outlined: dict[str, set[bool]] = {}
    for piece in light:
        band = next(op for op in piece.front.ops if isinstance(op, Rect))  # the name band first
        outlined.setdefault(piece.block.split(":")[0], set()).add(band.stroke is not None)
    assert outlined["The Black Fox's side"] == {True}
    assert outlined["Dark Blades' side"] == {False}


def test_a_side_with_no_light_look_is_one_line(havoc_pnp, tmp_path):
    types = (ROOT / "cards" / "dark-blades" / "piece-types.toml").read_text(encoding="utf-8")
    cut = types.index("[light_sides.neutral]")
    rest = types[cut:].split("\n\n", 1)
    (tmp_path / "dark-blades").mkdir()
    (tmp_path / "dark-blades" / "piece-types.toml").write_text(
        types[:cut] + (rest[1] if len(rest) > 1 else ""), encoding="utf-8"
    )
    result = havoc_pnp(
        "--cards", tmp_path, "counters", "--counter-style", "light", "-o", tmp_path / "c.pdf"
    )
    assert result.exit_code == 2 and len(result.output.strip().splitlines()) == 1
    assert "no light look for side 'neutral'" in result.output
    assert not (tmp_path / "c.pdf").exists()
    plain = havoc_pnp("--cards", tmp_path, "counters", "-o", tmp_path / "d.pdf")
    assert plain.exit_code == 0  # the dark style needs none


@pytest.mark.parametrize("style", ["dark", "light"])
def test_defence_and_movement_part_by_their_boxes_not_colour_alone(style):
    """Red and blue print as nearly one grey: defence's box is square with a heavy outline,
    movement's well rounded, attack's thin and barely rounded, on every face with values."""
    from companion.dark_blades import pieces as db
    from generator.dark_blades.map_tiles import lightness

    colours = db.load(Cards()).value_colours
    grey = {role: lightness(tuple(int(c[i : i + 2], 16) / 255 for i in (1, 3, 5)))
            for role, c in colours.items()}  # fmt: skip
    assert abs(grey["defence"] - grey["move"]) < 15  # why the colour cannot carry it alone
    seen: dict[str, set[tuple[float, float]]] = {"attack": set(), "defence": set(), "move": set()}
    for piece in counter_pieces(Cards(), style=style):
        for face in (piece.front, piece.back):
            ops = list(face.ops) if face else []
            for i, op in enumerate(ops):
                if isinstance(op, Rect) and op.fill == "#ffffff" and op.stroke in colours.values():
                    role = next(r for r, c in colours.items() if c == op.stroke)
                    width = op.stroke_width  # and an inner frame, the outline thickened inwards
                    inner = ops[i + 1] if i + 1 < len(ops) else None
                    if isinstance(inner, Rect) and inner.fill is None and inner.stroke == op.stroke:
                        assert inner.x - op.x == pytest.approx((width + inner.stroke_width) / 2)
                        width += inner.stroke_width
                    seen[role].add((round(op.radius / op.h, 2), round(width, 4)))
    assert all(seen.values())
    for radius, width in seen["defence"]:
        assert radius == 0 and width >= 0.036  # square, heavy: 0.57 mm and more at 5/8in
    for radius, width in seen["move"]:
        assert radius >= 0.35 and width < 0.036  # well rounded, thin
    for radius, width in seen["attack"]:
        assert 0 < radius < 0.2 and width < 0.036
