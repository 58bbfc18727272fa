"""Lengths parse exactly into points; bad sizes are one clear error naming the option."""

from __future__ import annotations

import pytest

from companion.errors import InputError
from generator.sheet.units import PIECE_SIZES, format_length, parse_length, try_length


@pytest.mark.parametrize(
    ("text", "points"),
    [
        ("5/8in", 45.0),
        ("1 1/4in", 90.0),
        ("0.5in", 36.0),
        ("1in", 72.0),
        ("8.5in", 612.0),
        ('11"', 792.0),
        ("45pt", 45.0),
        ("25.4mm", 72.0),
        ("2.54cm", 72.0),
        ("1/2in", 36.0),
        ("0", 0.0),
    ],
)
def test_lengths_in_points(text: str, points: float) -> None:
    assert try_length(text) == pytest.approx(points, abs=1e-12)


def test_five_eighths_is_exactly_45_points() -> None:
    assert parse_length("5/8in", "--piece-size") == 45.0
    assert PIECE_SIZES["5/8in"] == 45.0


def test_millimetres() -> None:
    assert parse_length("3mm", "--bleed") == pytest.approx(3 * 72 / 25.4)
    assert parse_length("16mm", "--piece-size") == pytest.approx(45.3543307, abs=1e-6)


@pytest.mark.parametrize("text", ["5/0in", "abc", "5", "1 2in", "-3mm", "3 mm mm", "", "1/2.5in"])
def test_not_lengths(text: str) -> None:
    assert try_length(text) is None


def test_error_names_the_option_and_the_value() -> None:
    with pytest.raises(InputError) as caught:
        parse_length("5/0in", "--piece-size")
    assert str(caught.value) == ("--piece-size: expected a size such as 5/8in or 16mm, got '5/0in'")


def test_zero_only_when_allowed() -> None:
    with pytest.raises(InputError):
        parse_length("0", "--piece-size")
    assert parse_length("0mm", "--margin", allow_zero=True) == 0.0


def test_format_length() -> None:
    assert format_length(45.0) == "5/8in"
    assert format_length(90.0) == "1 1/4in"
    assert format_length(9.0) == "1/8in"
    assert format_length(16 * 72 / 25.4) == "16mm"
