"""Cthulhu Who? printed ranges ("5-6", "7-12") and the game's folder in cards/: shared by the
set-up tables and the attack scores, so `havoc attack` need not load the set-up module."""

from __future__ import annotations

import re

from companion.schema import Where

GAME = "cthulhu-who"
_RANGE = re.compile(r"^\s*(\d{1,6})\s*(?:-\s*(\d{1,6}))?\s*$")


def parse_range(text: str, where: Where) -> tuple[int, int]:
    """``"5-6"`` → (5, 6); ``"12"`` → (12, 12); anything else is a DataError at ``where``."""
    match = _RANGE.match(str(text))
    if not match:
        raise where.error(f"expected a number or a range like 5-6, got {text!r}")
    low = int(match.group(1))
    high = int(match.group(2) or low)
    if high < low:
        raise where.error(f"range {text!r} runs backwards")
    return low, high
