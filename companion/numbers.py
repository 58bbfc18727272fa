"""Whole numbers typed by a user, the one place they are recognised.

``str.isdigit`` is true for "²" and "①", which ``int`` refuses (a traceback, or a 500 on a
page); every parser of a typed number asks `is_whole` instead: ASCII digits 0-9 only.
"""

from __future__ import annotations

DIGITS = frozenset("0123456789")


def is_whole(text: str) -> bool:
    """True for a non-empty run of the ASCII digits 0-9 (nothing else, no sign, no space)."""
    return bool(text) and set(text) <= DIGITS


MAX_SEED = 10**18 - 1  # 18 digits: the web pages' seed field takes as many
MAX_WHOLE = 10**18 - 1  # any other typed number: more digits than any count or face needs


def whole_in(text: str, low: int = 0, high: int = MAX_WHOLE) -> int | None:
    """``text`` as a whole number from ``low`` to ``high`` (ASCII digits only, no sign, no
    space), or None when it is not one."""
    if not is_whole(text) or len(text) > len(str(high)):
        return None
    value = int(text)
    return value if low <= value <= high else None
