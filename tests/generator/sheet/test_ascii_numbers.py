"""Sizes and offsets take ASCII digits only (issue 25 item 4): "٣x٣mm" is not a paper size
and "٣,1" or "1e1,1" is not a back offset, as every number option of both CLIs."""

from __future__ import annotations

import pytest

from companion.errors import InputError
from generator.sheet.options import parse_offset, parse_paper
from generator.sheet.units import try_length


@pytest.mark.parametrize("text", ["٣x٣mm", "٢١٠x٢٩٧mm", "8.5x١١in"])
def test_a_paper_size_in_other_digits_is_refused(text):
    with pytest.raises(InputError, match="--paper: expected A4, Letter"):
        parse_paper(text)


def test_a_paper_size_in_ascii_digits_is_taken():
    assert parse_paper("200x280mm")[1:] == pytest.approx((200 * 72 / 25.4, 280 * 72 / 25.4))


@pytest.mark.parametrize("text", ["٣", "٣mm", "1/٢in"])
def test_a_length_in_other_digits_is_not_a_length(text):
    assert try_length(text, "mm") is None


@pytest.mark.parametrize("text", ["٣,1", "1e1,1", "inf,0", "1_0,1", "nan,1"])
def test_a_back_offset_in_other_forms_is_refused(text):
    with pytest.raises(InputError, match="--back-offset: expected DX,DY"):
        parse_offset(text)


def test_a_back_offset_in_millimetres_is_taken():
    assert parse_offset("1.5,-0.5") == (1.5, -0.5) and parse_offset("+2, .5mm") == (2.0, 0.5)
