"""The area the Kniggits and Who's Next sheets draw in: inside the margins and never closer than
1/4in to the paper's edge (home printers cannot print the outer few millimetres), whatever
``--margin`` says."""

from __future__ import annotations

from generator.sheet.options import SheetOptions

EDGE = 18.0  # 1/4in


def safe_area(sheet: SheetOptions) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1) in points: the usable area, at least EDGE inside the paper."""
    x0, y0, x1, y1 = sheet.usable
    return (max(x0, EDGE), max(y0, EDGE), min(x1, sheet.width - EDGE), min(y1, sheet.height - EDGE))
