"""PDF content-stream fragments for faces, built once per distinct drawing and reused.

A sheet repeats the same few drawings thousands of times (the same value box, the same band),
so each face's instructions are turned into PDF operators once per document, in cell units,
and every copy is placed with one ``cm`` (scale + translate) around them. The background is a
rectangle at the exact cut box (+bleed) in page coordinates. Numbers are written with four
decimals (1/10,000 pt); text goes through reportlab's text object, which encodes it for the
embedded font's subsets (generator/sheet/fonts.py). A `Figure` is drawn once per document
as a form XObject (reportlab's beginForm/endForm) and every use is one ``Do``.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from reportlab.graphics import renderPDF

from generator.sheet import figures
from generator.sheet.figures import fitted
from generator.sheet.fonts import fit_size, pdf_font, text_width
from generator.sheet.pieces import Circle, Face, Figure, Line, Op, Polygon, Rect, Text

KAPPA = 0.5522847498  # Bezier control distance for a quarter circle of radius 1


def num(value: float) -> str:
    """A PDF number: at most four decimals, no trailing zeros, no '-0'."""
    text = f"{value:.4f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


@lru_cache(maxsize=1024)
def colour(hex_colour: str, stroke: bool = False) -> str:
    """'#rrggbb' -> 'r g b rg' (or 'RG' for strokes)."""
    value = hex_colour.lstrip("#")
    if len(value) != 6:
        raise ValueError(f"colour {hex_colour!r} is not #rrggbb")
    r, g, b = (int(value[i : i + 2], 16) / 255 for i in (0, 2, 4))
    return f"{num(r)} {num(g)} {num(b)} {'RG' if stroke else 'rg'}"


def _paint(fill: str | None, stroke: str | None, width: float) -> tuple[list[str], str]:
    """Colour/width operators and the painting operator (f, S or B), or '' for nothing."""
    setup = []
    if fill is not None:
        setup.append(colour(fill))
    if stroke is not None:
        setup += [colour(stroke, stroke=True), f"{num(width)} w"]
    paint = "B" if fill is not None and stroke is not None else "f" if fill is not None else "S"
    return setup, paint if (fill is not None or stroke is not None) else ""


def _round_rect(x: float, y: float, w: float, h: float, r: float) -> str:
    r = min(r, w / 2, h / 2)
    k = r * (1 - KAPPA)
    x1, y1 = x + w, y + h
    n = num
    return " ".join(
        [
            f"{n(x + r)} {n(y)} m {n(x1 - r)} {n(y)} l",
            f"{n(x1 - k)} {n(y)} {n(x1)} {n(y + k)} {n(x1)} {n(y + r)} c",
            f"{n(x1)} {n(y1 - r)} l",
            f"{n(x1)} {n(y1 - k)} {n(x1 - k)} {n(y1)} {n(x1 - r)} {n(y1)} c",
            f"{n(x + r)} {n(y1)} l",
            f"{n(x + k)} {n(y1)} {n(x)} {n(y1 - k)} {n(x)} {n(y1 - r)} c",
            f"{n(x)} {n(y + r)} l",
            f"{n(x)} {n(y + k)} {n(x + k)} {n(y)} {n(x + r)} {n(y)} c h",
        ]
    )


def _circle(cx: float, cy: float, r: float) -> str:
    c = r * KAPPA
    n = num
    return " ".join(
        [
            f"{n(cx + r)} {n(cy)} m",
            f"{n(cx + r)} {n(cy + c)} {n(cx + c)} {n(cy + r)} {n(cx)} {n(cy + r)} c",
            f"{n(cx - c)} {n(cy + r)} {n(cx - r)} {n(cy + c)} {n(cx - r)} {n(cy)} c",
            f"{n(cx - r)} {n(cy - c)} {n(cx - c)} {n(cy - r)} {n(cx)} {n(cy - r)} c",
            f"{n(cx + c)} {n(cy - r)} {n(cx + r)} {n(cy - c)} {n(cx + r)} {n(cy)} c h",
        ]
    )


class FacePainter:
    """Draws faces onto one reportlab canvas, caching each distinct drawing's operators."""

    def __init__(self, canvas: Any) -> None:
        self.canvas = canvas
        self._bodies: dict[tuple[Op, ...], str] = {}
        self._segments: dict[tuple[Op, ...], tuple[str, ...]] = {}
        self._forms: dict[tuple[str, str], str] = {}

    def form(self, source: str, colour: str) -> str:
        """The form XObject's name for a figure in ``colour``, drawn into the document the
        first time it is asked for (in the figure's own units, from its lower-left corner)."""
        key = (source, colour)
        name = self._forms.get(key)
        if name is None:
            art = figures.drawing(source, colour)
            w, h = figures.size(source)
            name = self._forms[key] = f"HavocFigure{len(self._forms) + 1}"
            canvas = self.canvas
            canvas.beginForm(name, 0, 0, w, h)
            if source.lower().endswith(".png"):
                canvas.drawImage(art, 0, 0, w, h, mask="auto")
            else:  # svglib sizes the drawing in points (512 px = 384 pt): back to own units
                canvas.scale(w / art.width, h / art.height)
                renderPDF.draw(art, canvas, 0, 0)
            canvas.endForm()
        return name

    def segments(self, ops: tuple[Op, ...]) -> tuple[str, ...]:
        """A face's drawing as operator strings, a figure's place as ``"\0NAME"`` between
        them (the form is placed with reportlab's doForm, which lists it in the page's
        resources), cached by value."""
        cached = self._segments.get(ops)
        if cached is not None:
            return cached
        out: list[str] = []
        run: list[Op] = []
        for o in ops:
            if type(o) is not Figure:
                run.append(o)
                continue
            scale, x0, y0, _ = fitted(o.source, o.x, o.y, o.w, o.h)
            name = self.form(o.source, o.colour)
            k = f"{scale:.9f}".rstrip("0")  # a figure's own units are tiny in cells: 9 places
            out.append(self.body(tuple(run)) + f"\nq {k} 0 0 {k} {num(x0)} {num(y0)} cm")
            out.append("\0" + name)
            out.append("Q")
            run = []
        out.append(self.body(tuple(run)))
        cached = self._segments[ops] = tuple(out)
        return cached

    def op(self, op: Op) -> str:
        """One instruction as PDF operators, in cell units."""
        # ``type(op) is`` (not a shared ``kind`` variable) so that mypy narrows the union
        if type(op) is Text:
            if not op.text:
                return ""
            size = fit_size(op.text, op.font, op.size, op.max_width)
            x = op.x
            if op.anchor != "start":
                width = text_width(op.text, op.font, size)
                x -= width / 2 if op.anchor == "middle" else width
            # reportlab's text object encodes for the embedded subset (public API)
            text = self.canvas.beginText(x, op.y)
            text.setFont(pdf_font(op.font), size)
            text.textOut(op.text)
            return f"{colour(op.colour)} {text.getCode()}"
        if type(op) is Rect:
            setup, paint = _paint(op.fill, op.stroke, op.stroke_width)
            if not paint:
                return ""
            if op.radius:
                path = _round_rect(op.x, op.y, op.w, op.h, op.radius)
            else:
                path = f"{num(op.x)} {num(op.y)} {num(op.w)} {num(op.h)} re"
            return " ".join([*setup, path, paint])
        if type(op) is Line:
            parts = [colour(op.colour, stroke=True), f"{num(op.width)} w"]
            if op.dash:
                parts.append(f"[{' '.join(num(d) for d in op.dash)}] 0 d")
            parts.append(f"{num(op.x1)} {num(op.y1)} m {num(op.x2)} {num(op.y2)} l S")
            if op.dash:
                parts.append("[] 0 d")
            return " ".join(parts)
        if type(op) is Polygon:
            setup, paint = _paint(op.fill, op.stroke, op.stroke_width)
            if not paint or not op.points:
                return ""
            (x0, y0), *rest = op.points
            steps = [f"{num(x0)} {num(y0)} m"] + [f"{num(x)} {num(y)} l" for x, y in rest]
            return " ".join([*setup, *steps, "h", paint])
        if type(op) is Circle:
            setup, paint = _paint(op.fill, op.stroke, op.stroke_width)
            if not paint:
                return ""
            return " ".join([*setup, _circle(op.cx, op.cy, op.r), paint])
        raise TypeError(f"unknown drawing instruction {op!r}")

    def body(self, ops: tuple[Op, ...]) -> str:
        """All of a face's instructions, cached by value."""
        cached = self._bodies.get(ops)
        if cached is None:
            cached = "\n".join(filter(None, (self.op(o) for o in ops)))
            self._bodies[ops] = cached
        return cached

    def emit(self, ops: tuple[Op, ...], before: str = "") -> None:
        """Write ``before`` and then ``ops`` into the canvas's current stream (a page or a form
        being drawn), each figure through its form XObject."""
        canvas = self.canvas
        code = before + "\n" if before else ""
        for part in self.segments(ops):
            if part.startswith("\0"):
                canvas.addLiteral(code)
                canvas.doForm(part[1:])
                code = ""
            else:
                code += part + "\n"
        canvas.addLiteral(code)

    def face(
        self,
        face: Face,
        x: float,
        y: float,
        w: float,
        h: float,
        unit: float,
        bleed: float,
        ground: tuple[float, float, float, float] | None = None,
    ) -> None:
        """Draw ``face``: background at the cut box grown by ``bleed``, then its drawing; with
        ``ground`` (x0, y0, x1, y1: a back's, generator/sheet/backs.py) the background first
        fills that box too and the drawing is clipped to it."""
        code = (
            f"{colour(face.background)} {num(x - bleed)} {num(y - bleed)} "
            f"{num(w + 2 * bleed)} {num(h + 2 * bleed)} re f"
        )
        if ground is not None:
            x0, y0, x1, y1 = ground
            box = f"{num(x0)} {num(y0)} {num(x1 - x0)} {num(y1 - y0)} re"
            grown = max(x - bleed - x0, y - bleed - y0, x1 - x - w - bleed, y1 - y - h - bleed)
            fill = f" {colour(face.background)} {box} f" if grown > 1e-6 else ""
            code = f"q {box} W n{fill}\n{code}"
        canvas = self.canvas
        if face.ops:
            code += f"\nq {num(unit)} 0 0 {num(unit)} {num(x)} {num(y)} cm\n"
            for part in self.segments(face.ops):
                if part.startswith("\0"):
                    canvas.addLiteral(code)
                    canvas.doForm(part[1:])
                    code = ""
                else:
                    code += part + "\n"
            code += "Q"
        if ground is not None:
            code += "\nQ"
        canvas.addLiteral(code)
