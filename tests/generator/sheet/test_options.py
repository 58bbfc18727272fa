"""SheetOptions: parsed once, validated, frozen; every bad value is one line naming its option."""

from __future__ import annotations

import dataclasses

import click
import pytest
from click.testing import CliRunner

from companion.errors import InputError
from generator.commands.sheet_options import sheet_options
from generator.sheet.options import SheetOptions

MM = 72 / 25.4


def test_defaults() -> None:
    o = SheetOptions.parse()
    assert o.paper == "A4"
    assert (o.width, o.height) == pytest.approx((210 * MM, 297 * MM))
    assert o.piece == 45.0
    assert o.bleed == 0.0
    assert (o.cut_guides, o.duplex) == ("crop", "long")
    assert o.back_offset == (0.0, 0.0)
    assert o.usable == pytest.approx((36, 36, 210 * MM - 36, 297 * MM - 36))


def test_frozen() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        SheetOptions.parse().piece = 10  # type: ignore[misc]


@pytest.mark.parametrize(
    ("paper", "size"),
    [
        ("letter", (612, 792)),
        ("Letter", (612, 792)),
        ("a4", (210 * MM, 297 * MM)),
        ("8.5x11in", (612, 792)),
        ("200x280mm", (200 * MM, 280 * MM)),
        ("20cm x 28cm", (200 * MM, 280 * MM)),
    ],
)
def test_paper(paper: str, size: tuple[float, float]) -> None:
    o = SheetOptions.parse(paper=paper)
    assert (o.width, o.height) == pytest.approx(size)


def test_margins_one_two_four() -> None:
    o = SheetOptions.parse(margin="10mm")
    assert (o.margin_top, o.margin_right, o.margin_bottom, o.margin_left) == pytest.approx(
        (10 * MM,) * 4
    )
    o = SheetOptions.parse(margin="10mm,0.25in")
    assert (o.margin_top, o.margin_right, o.margin_bottom, o.margin_left) == pytest.approx(
        (10 * MM, 18, 10 * MM, 18)
    )
    o = SheetOptions.parse(margin="1in,2mm,3mm,4mm")
    assert (o.margin_top, o.margin_right, o.margin_bottom, o.margin_left) == pytest.approx(
        (72, 2 * MM, 3 * MM, 4 * MM)
    )


@pytest.mark.parametrize(
    ("size", "points"),
    [("1/2in", 36), ("5/8in", 45), ("3/4in", 54), ("1in", 72), ("16mm", 16 * MM)],
)
def test_piece_sizes(size: str, points: float) -> None:
    assert SheetOptions.parse(piece_size=size).piece == pytest.approx(points)


@pytest.mark.parametrize(("bleed", "points"), [("none", 0), ("3mm", 3 * MM), ("1/8in", 9)])
def test_bleed(bleed: str, points: float) -> None:
    assert SheetOptions.parse(bleed=bleed).bleed == pytest.approx(points)


def test_back_offset_in_mm() -> None:
    o = SheetOptions.parse(back_offset="1.5,-0.5")
    assert o.back_offset_mm == (1.5, -0.5)
    assert o.back_offset == pytest.approx((1.5 * MM, -0.5 * MM))


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        (
            {"piece_size": "5/0in"},
            "--piece-size: expected a size such as 5/8in or 16mm, got '5/0in'",
        ),
        ({"paper": "A5"}, "--paper: expected A4, Letter or a size such as 8.5x11in"),
        ({"paper": "8.5xin"}, "--paper: expected"),
        ({"margin": "1,2,3"}, "--margin: expected one, two or four sizes"),
        ({"margin": "5in"}, "--margin: margins leave no room on A4"),
        ({"bleed": "1in"}, "--bleed: expected at most 1/4in"),
        ({"bleed": "lots"}, "--bleed: expected a size such as none, 3mm or 1/8in"),
        ({"cut_guides": "dots"}, "--cut-guides: expected one of crop, lines, none, got 'dots'"),
        ({"duplex": "sideways"}, "--duplex: expected one of long, short, none"),
        ({"back_offset": "1"}, "--back-offset: expected DX,DY in millimetres"),
        ({"back_offset": "30,0"}, "--back-offset: expected at most 20 mm"),
        ({"duplex": "none", "back_offset": "1,1"}, "--back-offset: applies to duplex"),
        ({"gutter": "wide"}, "--gutter: expected a size"),
    ],
)
def test_bad_values(kwargs: dict[str, str], message: str) -> None:
    with pytest.raises(InputError) as caught:
        SheetOptions.parse(**kwargs)
    text = str(caught.value)
    assert text.startswith(message)
    assert "\n" not in text


def test_piece_that_does_not_fit_inside_the_margins() -> None:
    with pytest.raises(InputError, match="does not fit inside the margins"):
        SheetOptions.parse(paper="3x3in", margin="1in", piece_size="1in", bleed="3mm")
    # fold-over halves the page: a 5in piece fits a Letter page but not half of it
    SheetOptions.parse(paper="letter", piece_size="5in")
    with pytest.raises(InputError, match="half of the page"):
        SheetOptions.parse(paper="letter", piece_size="5in", duplex="none")


def test_decorator_builds_the_options() -> None:
    seen: list[SheetOptions] = []

    @click.command()
    @sheet_options
    def command(sheet: SheetOptions) -> None:
        seen.append(sheet)

    result = CliRunner().invoke(
        command, ["--paper", "letter", "--piece-size", "3/4in", "--duplex", "short"]
    )
    assert result.exit_code == 0, result.output
    assert seen == [SheetOptions.parse(paper="letter", piece_size="3/4in", duplex="short")]
    help_text = CliRunner().invoke(command, ["--help"]).output
    for option in ("--paper", "--margin", "--piece-size", "--bleed", "--cut-guides", "--duplex",
                   "--back-offset", "--gutter"):  # fmt: skip
        assert option in help_text


@pytest.mark.parametrize(
    "given",
    [
        {},
        {"paper": "letter", "margin": "0.25in,10.3mm", "piece_size": "16mm", "bleed": "1/8in"},
        {"paper": "200x280mm", "margin": "5mm,6mm,7mm,8.25mm", "gutter": "0", "duplex": "none"},
        {"piece_size": "3/4in", "bleed": "3mm", "cut_guides": "lines", "back_offset": "1.5,-0.25"},
    ],
)
def test_arguments_parse_back_to_the_same_options(given: dict) -> None:
    sheet = SheetOptions.parse(**given)
    typed = sheet.arguments()
    assert SheetOptions.parse(**{k.replace("-", "_"): v for k, v in typed.items()}) == sheet
    assert set(typed) == {
        "paper", "margin", "piece-size", "bleed", "cut-guides", "duplex", "back-offset", "gutter"
    }  # fmt: skip
