"""The kit's reportlab canvas: a colour given as text ('#rrggbb', 'white') is parsed once per
colour, not on every call. reportlab's parser takes a long way round for some ('#ffffff' among
them), and an army sheet sets its tick boxes' colours thousands of times. What is drawn is
unchanged: the same colour objects, the same bytes."""

from __future__ import annotations

from functools import cache
from typing import Any

from reportlab.lib.colors import toColor
from reportlab.pdfgen.canvas import Canvas


@cache
def parsed(value: str) -> Any:
    """reportlab's colour for ``value``, worked out once."""
    return toColor(value)


class KitCanvas(Canvas):
    """reportlab's `Canvas`, its colours named as text parsed once (`parsed`)."""

    def setFillColor(self, aColor: Any, alpha: Any = None) -> None:  # noqa: N802, N803
        super().setFillColor(parsed(aColor) if isinstance(aColor, str) else aColor, alpha)

    def setStrokeColor(self, aColor: Any, alpha: Any = None) -> None:  # noqa: N802, N803
        super().setStrokeColor(parsed(aColor) if isinstance(aColor, str) else aColor, alpha)
