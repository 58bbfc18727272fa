"""A spell area's diagram as a platypus flowable, for reference sheets.

The drawing is the spell cards' own (`generator.dark_blades.areas.diagram`), painted with the
same operators as the cards (`generator.sheet.pdf_ops.FacePainter`): one drawing, two uses.
"""

from __future__ import annotations

from typing import Any

from reportlab.platypus import Flowable

from generator.dark_blades.areas import diagram
from generator.sheet.pdf_ops import FacePainter


class AreaDiagram(Flowable):  # type: ignore[misc]
    """The diagram of area ``key`` in a ``width`` x ``height`` point box (nothing for an area
    with no drawing)."""

    def __init__(self, key: str, width: float, height: float) -> None:
        super().__init__()
        self.key = key
        self.width = width
        self.height = height

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        ops = tuple(diagram(self.key, 0, 0, self.width, self.height))
        if ops:
            canvas: Any = self.canv
            canvas.addLiteral(f"q\n{FacePainter(canvas).body(ops)}\nQ")
