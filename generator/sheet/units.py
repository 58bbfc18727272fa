"""Physical lengths: '5/8in', '1 1/4in', '3mm', '45pt', '0.5in' -> PDF points (1/72 in).

Parsing is exact (fractions), so ``parse_length('5/8in') == 45.0``. Named piece sizes are the
classic counter sizes; any other length (usually millimetres) is accepted as well.
"""

from __future__ import annotations

import math
import re
from fractions import Fraction

from companion.errors import InputError

POINTS_PER = {
    "in": Fraction(72),
    '"': Fraction(72),
    "mm": Fraction(7200, 2540),
    "cm": Fraction(72000, 2540),
    "pt": Fraction(1),
}
MM = 72 / 25.4
INCH = 72.0
MAX_LENGTH = 14400.0  # 200in: PDF's largest page side; no length the kit takes is longer

# Named counter sizes (the side of a square piece); 5/8in is the default and the most popular.
PIECE_SIZES: dict[str, float] = {"1/2in": 36.0, "5/8in": 45.0, "3/4in": 54.0, "1in": 72.0}
DEFAULT_PIECE_SIZE = "5/8in"

_NUMBER = r"\d+(?:\.\d*)?|\.\d+"
_LENGTH = re.compile(
    rf"^(?:(?P<whole>\d+)\s+)?(?P<num>{_NUMBER})(?:\s*/\s*(?P<den>{_NUMBER}))?"
    r"\s*(?P<unit>in|mm|cm|pt|\")?$",
    re.IGNORECASE | re.ASCII,  # digits 0-9 only: "٣mm" is not a length
)


def try_length(text: str, default_unit: str | None = None) -> float | None:
    """The length ``text`` in points, or None when it is not a length.

    A bare number is accepted only when ``default_unit`` is given, or when it is zero.
    """
    match = _LENGTH.match(text.strip())
    if not match:
        return None
    whole, num, den, unit = match.group("whole", "num", "den", "unit")
    value = Fraction(num)
    if den is not None:
        if Fraction(den) == 0 or "." in num or "." in den:
            return None
        value /= Fraction(den)
    elif whole is not None:
        return None  # "1 25mm" is not a mixed number
    if whole is not None:
        value += int(whole)
    if unit is None:
        if value == 0:
            return 0.0
        if default_unit is None:
            return None
        unit = default_unit
    try:
        points = float(value * POINTS_PER[unit.lower()])
    except OverflowError:
        return math.inf  # too many digits for a float: refused as too long by parse_length
    return points if math.isfinite(points) else math.inf


def parse_length(
    text: str,
    option: str,
    example: str = "5/8in or 16mm",
    *,
    allow_zero: bool = False,
    default_unit: str | None = None,
) -> float:
    """Parse a length for ``option`` or raise a one-line InputError naming it.

    Lengths are finite and at most MAX_LENGTH (200in, the largest page a PDF can have).
    """
    points = try_length(text, default_unit)
    if points is None or (points == 0 and not allow_zero):
        raise InputError(f"{option}: expected a size such as {example}, got {text!r}")
    if points > MAX_LENGTH:
        raise InputError(
            f"{option}: {_short(text)} is too long (at most 200in, 5080mm: the largest page "
            "a PDF can have)"
        )
    return points


def _short(text: str) -> str:
    """``text`` quoted, cut short if it is very long (a 400-digit number)."""
    text = text.strip()
    return repr(text) if len(text) <= 24 else repr(text[:20] + "...")


def format_length(points: float) -> str:
    """A short human form: a named size when it is one, else millimetres."""
    for name, value in PIECE_SIZES.items():
        if abs(points - value) < 1e-9:
            return name
    if abs(points % 9) < 1e-9:  # whole eighths of an inch
        eighths = Fraction(round(points / 9), 8)
        whole, rest = divmod(eighths, 1)
        if rest == 0:
            return f"{whole}in"
        return f"{whole} {rest}in" if whole else f"{rest}in"
    mm = points / MM
    return f"{mm:.1f}".rstrip("0").rstrip(".") + "mm"
