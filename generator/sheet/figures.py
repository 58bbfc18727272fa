"""Figure files (SVG or PNG) read once for the back ends: a reportlab drawing, or SVG elements.

The PDF back end turns a figure into a reportlab drawing (svglib's ``svg2rlg``; a PNG through
reportlab's image reader) and draws it once per document as a form XObject
(generator/sheet/pdf_ops.py); the SVG back end copies the file's elements into a ``<symbol>``
(generator/sheet/render_svg.py). ``currentColor`` in a file is painted in the figure's colour
(the side's ink on the counters). svglib draws plain SVG: paths, shapes, gradients; not masks,
not ``foreignObject``. A file that cannot be drawn is one `DataError` naming it.
"""

from __future__ import annotations

import io
import logging
import xml.etree.ElementTree as ET
from functools import lru_cache
from pathlib import Path
from typing import Any

from reportlab.lib.utils import ImageReader
from svglib.svglib import svg2rlg

from companion.art import MAX_ART_BYTES, SVG_NS, unreadable, view_box
from companion.data import read_limited
from companion.errors import DataError


class FigureError(DataError):
    """A figure file the back ends cannot draw: ``why`` says what is wrong with it (the
    message is ``figure: WHY``), so a caller can say it at its own place (a roster row)."""

    def __init__(self, why: str, path: str) -> None:
        self.why = why
        super().__init__(f"figure: {why}", path)


def _source(path: str) -> bytes:
    why = unreadable(Path(path))
    if why:
        raise FigureError(why, path)
    return read_limited(Path(path), MAX_ART_BYTES)


def _png(path: str, data: bytes) -> Any:
    try:
        image = ImageReader(io.BytesIO(data))
        image.getSize()
        image.getRGBData()  # reads it all: a broken file is refused here, not mid-page
    except Exception as exc:  # reportlab raises many kinds on a broken image
        raise FigureError(f"cannot read the PNG ({type(exc).__name__})", path) from None
    return image


def _stamp(path: str) -> tuple[int, int]:
    """The file's change time and size: the caches below forget a file that changed."""
    try:
        info = Path(path).stat()
    except OSError:
        return 0, -1
    return info.st_mtime_ns, info.st_size


def size(path: str) -> tuple[float, float]:
    """The figure's own width and height (SVG viewBox units, PNG pixels)."""
    return _size(path, _stamp(path))


@lru_cache(maxsize=256)
def _size(path: str, _stamp: tuple[int, int]) -> tuple[float, float]:
    data = _source(path)
    if path.lower().endswith(".png"):
        w, h = _png(path, data).getSize()
        return float(w), float(h)
    box = view_box(ET.fromstring(data))
    assert box is not None  # unreadable() checked it
    return box[2], box[3]


def ink_box(path: str) -> tuple[float, float, float, float]:
    """Where the figure's ink lies, as fractions of its own size from the lower left (x0, y0,
    x1, y1): figures are fitted by their ink, not by their padded canvas. A PNG: all of it."""
    return _ink_box(path, _stamp(path))


@lru_cache(maxsize=256)
def _ink_box(path: str, _stamp: tuple[int, int]) -> tuple[float, float, float, float]:
    if path.lower().endswith(".png"):
        return 0.0, 0.0, 1.0, 1.0
    art = drawing(path, "#000000")
    x0, y0, x1, y1 = art.getBounds()  # drawing() refused a figure with no bounds
    w, h = art.width, art.height
    box = (max(0.0, x0 / w), max(0.0, y0 / h), min(1.0, x1 / w), min(1.0, y1 / h))
    if box[2] - box[0] <= 0 or box[3] - box[1] <= 0:
        return 0.0, 0.0, 1.0, 1.0
    return box


def drawing(path: str, colour: str) -> Any:
    """A reportlab Drawing of the SVG at ``path`` (currentColor -> ``colour``), its size the
    SVG's own; for a PNG, the ImageReader to draw."""
    return _drawing(path, colour, _stamp(path))


@lru_cache(maxsize=256)
def _drawing(path: str, colour: str, _stamp: tuple[int, int]) -> Any:
    data = _source(path)
    if path.lower().endswith(".png"):
        return _png(path, data)
    logging.getLogger("svglib.svglib").setLevel(logging.CRITICAL)  # its failures are ours to report
    text = data.replace(b"currentColor", colour.encode("ascii"))
    try:
        result = svg2rlg(io.BytesIO(text))
    except Exception as exc:  # svglib raises many kinds on odd files
        raise FigureError(f"svglib cannot draw it ({type(exc).__name__})", path) from None
    if result is None:
        raise FigureError("svglib cannot draw it", path)
    if result.getBounds() is None:
        raise FigureError(
            "nothing in it svglib can draw (no path or shape; masks, foreignObject"
            " and embedded images are not drawn)",
            path,
        )
    return result


def svg_elements(path: str) -> tuple[tuple[float, float, float, float], list[ET.Element]]:
    """The SVG's viewBox and its top-level elements, namespace prefixes removed (for copying
    into another SVG document)."""
    root = ET.fromstring(_source(path))
    box = view_box(root)
    assert box is not None
    out = []
    for child in root:
        copy = _strip(child)
        if copy is not None:
            out.append(copy)
    return box, out


def _strip(element: ET.Element) -> ET.Element | None:
    if not isinstance(element.tag, str):
        return None
    tag = element.tag.removeprefix(SVG_NS)
    if tag.startswith("{") or tag in ("title", "desc", "metadata", "script", "foreignObject"):
        return None
    copy = ET.Element(tag, {k: v for k, v in element.attrib.items() if not k.startswith("{")})
    copy.text = element.text
    for child in element:
        inner = _strip(child)
        if inner is not None:
            copy.append(inner)
    return copy


def fitted(
    source: str, x: float, y: float, w: float, h: float
) -> tuple[float, float, float, float]:
    """Scale and placement of the figure's own lower-left corner that fit its ink into the box,
    centred, aspect kept: (scale, x0, y0, own height)."""
    fw, fh = size(source)
    ix0, iy0, ix1, iy1 = ink_box(source)
    iw, ih = (ix1 - ix0) * fw, (iy1 - iy0) * fh
    scale = min(w / iw, h / ih)
    left = x + (w - iw * scale) / 2 - ix0 * fw * scale
    bottom = y + (h - ih * scale) / 2 - iy0 * fh * scale
    return scale, left, bottom, fh


def ink_view_box(source: str) -> tuple[float, float, float, float]:
    """The SVG viewBox (x, y, w, h; y down) that holds just the figure's ink: the SVG back end
    fits the same part of the file as the PDF's."""
    vx, vy, vw, vh = svg_elements(source)[0]
    ix0, iy0, ix1, iy1 = ink_box(source)
    return vx + ix0 * vw, vy + (1 - iy1) * vh, (ix1 - ix0) * vw, (iy1 - iy0) * vh
