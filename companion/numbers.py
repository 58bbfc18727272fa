"""Whole numbers typed by a user, the one place they are recognised.

``str.isdigit`` is true for "²" and "①", which ``int`` refuses (a traceback, or a 500 on a
page); every parser of a typed number asks `is_whole` instead: ASCII digits 0-9 only.
"""

from __future__ import annotations

DIGITS = frozenset("0123456789")


def is_whole(text: str) -> bool:
    """True for a non-empty run of the ASCII digits 0-9 (nothing else, no sign, no space)."""
    return bool(text) and set(text) <= DIGITS
