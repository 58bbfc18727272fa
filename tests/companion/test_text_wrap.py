"""`text.wrap` is textwrap's wrap for one-column text (a line that fits kept as it is; a word
longer than a line broken after an arrow first), and measures wide characters in terminal
columns."""

from __future__ import annotations

import random
import string
import textwrap

from companion.text import wrap

LETTERS = string.ascii_letters + string.digits + "-'/(),.:;÷–★→é"  # one column each


def _textwrap(text: str, indent: str, width: int) -> str:
    lines = textwrap.wrap(text, width=width, subsequent_indent=indent, break_on_hyphens=False)
    return "\n".join(lines or [""])


def test_one_column_words_wrap_as_textwrap_wraps_them() -> None:
    rng = random.Random(15)
    for _ in range(2000):
        width = rng.randint(8, 40)
        indent = " " * rng.choice((0, 2, 4))
        words = [
            "".join(rng.choice(LETTERS) for _ in range(rng.randint(1, width)))
            for _ in range(rng.randint(1, 14))
        ]
        text = " " * rng.choice((0, 0, 2)) + " ".join(words)
        assert wrap(text, indent, width) == _textwrap(text, indent, width), (text, width)


def test_anything_else_is_textwraps() -> None:
    for text in ("a  b", "tab\there", "trailing ", "   ", "", "x" * 50 + " y", "a\nb"):
        assert wrap(text, "  ") == _textwrap(text, "  ", 40)


def test_a_line_that_fits_is_itself_as_textwrap_leaves_it() -> None:
    for text in ("A  Attacker wounded.", "20÷15 = 1-1, die 7", "x" * 40, "  lead", "a  b  c"):
        assert wrap(text, "   ") == _textwrap(text, "   ", 40) == text
    assert wrap("x" * 41, "  ") == _textwrap("x" * 41, "  ", 40)


def test_a_hex_pair_too_long_for_a_line_breaks_after_its_arrow_not_inside_a_name() -> None:
    said = wrap("seen; riverside-meadow:A1->the-lower-fields:D4: range 7", "  ", 40)
    assert said.splitlines() == ["seen; riverside-meadow:A1->", "  the-lower-fields:D4: range 7"]
    assert wrap("seen; K1->K3: range 2, cover none and a long tail here", "  ", 40).startswith(
        "seen; K1->K3: range 2,"
    )  # a pair that fits keeps its arrow closed
