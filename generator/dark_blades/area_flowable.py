"""A spell area's diagram as a platypus flowable, for reference sheets.

The drawing is the spell cards' own (`generator.dark_blades.areas.diagram`), painted with the
same operators as the cards (`generator.sheet.pdf_ops.FacePainter`): one drawing, two uses.
"""

from __future__ import annotations

from typing import Any

from reportlab.platypus import Flowable

from generator.dark_blades.areas import LABEL_MIN, diagram
from generator.sheet.document import MIN_SIZE
from generator.sheet.pdf_ops import FacePainter, num

# The cards' smallest diagram label is LABEL_MIN points; a reference sheet sets nothing below
# MIN_SIZE, so the drawing is made this much smaller and scaled up by it.
SCALE = MIN_SIZE / LABEL_MIN


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
        ops = tuple(diagram(self.key, 0, 0, self.width / SCALE, self.height / SCALE))
        if ops:
            canvas: Any = self.canv
            body = FacePainter(canvas).body(ops)
            canvas.addLiteral(f"q {num(SCALE)} 0 0 {num(SCALE)} 0 0 cm\n{body}\nQ")
