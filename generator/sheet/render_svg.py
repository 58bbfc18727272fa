"""The SVG back end: one file per face of each piece, at true physical size, for Inkscape.

``DIR/<slug>-front.svg`` and ``DIR/<slug>-back.svg``; width and height are in millimetres (the
cut box, plus the bleed when there is one), the drawing itself in cell units like the PDF's.
Identical copies of a piece are written once; two different pieces with one name get -2, -3...
File names keep non-ASCII letters (NFC, lower case; anything but letters, digits and ``_``
becomes ``-``). All or nothing (generator/sheet/staging.py): the folder is checked before
anything is written, and ``DIR/.havoc-svg-files.txt`` lists what the kit wrote there (each
file's name and SHA-256), so a rebuild removes the files of pieces no longer in the roster, and
only those still holding what the kit wrote. A symbolic link in the folder is never written
through (refused in one line).
"""

from __future__ import annotations

import hashlib
import io
import os
import re
import unicodedata
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from companion.data import read_limited
from companion.errors import DataError
from generator.sheet.files import not_a_link
from generator.sheet.fonts import SVG_FAMILY, check_font, fit_size, svg_weight
from generator.sheet.options import SheetOptions
from generator.sheet.pieces import Circle, Face, Figure, Line, Piece, Polygon, Rect, Text
from generator.sheet.staging import Staging
from generator.sheet.units import MM

TEXT_SCALE = 100
_UNSCALE = 1 / TEXT_SCALE
_ANCHORS = {"start": "start", "middle": "middle", "end": "end"}


MANIFEST = ".havoc-svg-files.txt"


def slug(name: str) -> str:
    """A file-name-safe form of a piece name: 'Sir Bors mounted' -> 'sir-bors-mounted',
    'Élise Ørn' -> 'élise-ørn' (letters of any script kept, NFC)."""
    text = unicodedata.normalize("NFC", name).lower()
    return re.sub(r"[\W]+", "-", text).strip("-") or "piece"


def _num(value: float) -> str:
    text = f"{value:.5f}".rstrip("0").rstrip(".")
    return "0" if text in ("", "-0") else text


def _paint(fill: str | None, stroke: str | None, width: float) -> dict[str, Any]:
    attrs: dict[str, Any] = {"fill": fill or "none"}
    if stroke is not None:
        attrs.update(stroke=stroke, stroke_width=_num(width))
    return attrs


class _Copied:
    """An element copied from a figure's SVG file, written as it is (svgwrite calls get_xml)."""

    def __init__(self, element: Any) -> None:
        self.element = element

    def get_xml(self) -> Any:
        return self.element


def _figure(dwg: Any, op: Figure, symbols: dict[str, str]) -> Any:
    """A ``<use>`` of the figure's ``<symbol>`` (added to the file's defs the first time),
    upright inside the y-up face, its ``currentColor`` the op's colour."""
    from generator.sheet import figures

    ident = symbols.get(op.source)
    if ident is None:
        ident = symbols[op.source] = f"figure-{len(symbols) + 1}"
        if op.source.lower().endswith(".png"):
            import base64

            w, h = figures.size(op.source)
            data = base64.b64encode(Path(op.source).read_bytes()).decode("ascii")
            symbol = dwg.symbol(id=ident, viewBox=f"0 0 {_num(w)} {_num(h)}")
            symbol.add(dwg.image(f"data:image/png;base64,{data}", insert=(0, 0), size=(w, h)))
        else:
            _, elements = figures.svg_elements(op.source)
            box = figures.ink_view_box(op.source)
            symbol = dwg.symbol(id=ident, viewBox=" ".join(_num(v) for v in box))
            symbol.elements.extend(_Copied(e) for e in elements)
        dwg.defs.add(symbol)
    group = dwg.g(
        transform=f"translate({_num(op.x)} {_num(op.y + op.h)}) scale(1 -1)", color=op.colour
    )
    group.add(dwg.use(f"#{ident}", insert=(0, 0), size=(_num(op.w), _num(op.h))))
    return group


def _element(dwg: Any, op: Any, symbols: dict[str, str] | None = None) -> Any | None:
    kind = type(op)
    if kind is Figure:
        return _figure(dwg, op, {} if symbols is None else symbols)
    if kind is Rect:
        extra = {"rx": _num(op.radius)} if op.radius else {}
        return dwg.rect(
            (_num(op.x), _num(op.y)),
            (_num(op.w), _num(op.h)),
            **extra,
            **_paint(op.fill, op.stroke, op.stroke_width),
        )
    if kind is Line:
        attrs: dict[str, Any] = {"stroke": op.colour, "stroke_width": _num(op.width)}
        if op.dash:
            attrs["stroke_dasharray"] = " ".join(_num(d) for d in op.dash)
        return dwg.line((_num(op.x1), _num(op.y1)), (_num(op.x2), _num(op.y2)), **attrs)
    if kind is Polygon:
        points = [(_num(x), _num(y)) for x, y in op.points]
        return dwg.polygon(points, **_paint(op.fill, op.stroke, op.stroke_width))
    if kind is Circle:
        return dwg.circle(
            (_num(op.cx), _num(op.cy)), _num(op.r), **_paint(op.fill, op.stroke, op.stroke_width)
        )
    if kind is Text:
        if not op.text:
            return None
        font = check_font(op.font)
        weight, style = svg_weight(font)
        size = fit_size(op.text, font, op.size, op.max_width)
        # the face is drawn y-up: flip the text upright about its baseline, and lay it out at
        # TEXT_SCALE times the size (renderers hint glyphs badly at a font size of 0.2)
        return dwg.text(
            op.text,
            insert=(0, 0),
            transform=f"translate({_num(op.x)} {_num(op.y)}) scale({_UNSCALE} -{_UNSCALE})",
            font_family=SVG_FAMILY,
            font_size=_num(size * TEXT_SCALE),
            font_weight=weight,
            font_style=style,
            fill=op.colour,
            text_anchor=_ANCHORS[op.anchor],
        )
    raise TypeError(f"unknown drawing instruction {op!r}")


def face_svg(face: Face, cols: int, rows: int, unit: float, bleed: float = 0.0) -> str:
    """The SVG document for one face, ``unit`` points per cell, ``bleed`` in points."""
    import svgwrite

    b = bleed / unit  # bleed in cell units
    width_mm = (cols * unit + 2 * bleed) / MM
    height_mm = (rows * unit + 2 * bleed) / MM
    dwg = svgwrite.Drawing(
        size=(f"{_num(width_mm)}mm", f"{_num(height_mm)}mm"),
        viewBox=f"{_num(-b)} {_num(-b)} {_num(cols + 2 * b)} {_num(rows + 2 * b)}",
        profile="full",
        debug=False,
    )
    dwg.set_desc(title=face.label or "face")
    # y up, origin at the lower-left of the cut box, as in generator/sheet/pieces.py
    group = dwg.g(transform=f"matrix(1 0 0 -1 0 {_num(rows)})")
    group.add(
        dwg.rect(
            (_num(-b), _num(-b)), (_num(cols + 2 * b), _num(rows + 2 * b)), fill=face.background
        )
    )
    symbols: dict[str, str] = {}
    for op in face.ops:
        element = _element(dwg, op, symbols)
        if element is not None:
            group.add(element)
    dwg.add(group)
    buffer = io.StringIO()
    dwg.write(buffer, pretty=True)
    return buffer.getvalue()


def write_piece_svgs(
    directory: str | os.PathLike[str],
    pieces: Sequence[Piece],
    options: SheetOptions,
    stage: Staging | None = None,
) -> list[Path]:
    """Write every distinct piece's faces into ``directory``; returns the files written.

    With ``stage`` the files are staged with the caller's other output (moved in together);
    without, they are staged here. Files listed in the folder's manifest from a previous run
    and not written now are removed on commit."""
    if stage is None:
        with Staging() as own:
            return write_piece_svgs(directory, pieces, options, own)
    out = Path(directory)
    stage.folder(out)  # checked (and made) before anything is written
    written: list[Path] = []
    digests: dict[str, str] = {}  # file name -> SHA-256 of what is written now
    used: dict[str, tuple[Face, Face | None]] = {}
    for piece in pieces:
        base = slug(piece.name)
        name, n = base, 1
        while name in used and used[name] != (piece.front, piece.back):
            n += 1
            name = f"{base}-{n}"
        if name in used:
            continue  # an identical copy
        used[name] = (piece.front, piece.back)
        faces = [("front", piece.front)] + ([("back", piece.back)] if piece.back else [])
        for side, face in faces:
            target = not_a_link(out / f"{name}-{side}.svg", out)
            data = face_svg(face, piece.cols, piece.rows, options.piece, options.bleed).encode()
            stage.path(target).write_bytes(data)
            written.append(target)
            digests[target.name] = hashlib.sha256(data).hexdigest()
    for old, digest in _manifest(out).items():
        if old not in digests and _unchanged(out / old, digest):
            stage.remove(out / old)
    listing = "".join(f"{n} {digests[n]}\n" for n in sorted(digests))
    stage.path(not_a_link(out / MANIFEST, out)).write_text(listing, encoding="utf-8")
    return written


def _manifest(directory: Path) -> dict[str, str]:
    """The files the kit wrote into ``directory`` last time: plain name -> SHA-256 of what it
    wrote (a listing of an earlier kit, names only, proves nothing and removes nothing)."""
    path = directory / MANIFEST
    if path.is_symlink():
        return {}
    try:
        lines = read_limited(path).decode("utf-8").splitlines()
    except (DataError, UnicodeDecodeError):
        return {}
    out = {}
    for line in lines:
        name, _, digest = line.rpartition(" ")
        if (
            name == Path(name).name
            and name.endswith(".svg")
            and re.fullmatch("[0-9a-f]{64}", digest)
        ):
            out[name] = digest
    return out


def _unchanged(path: Path, digest: str) -> bool:
    """``path`` is a regular file (not a link) holding exactly what the kit wrote there: a file
    the listing names but the kit did not write (a forged listing, a user's edit) stays."""
    if path.is_symlink() or not path.is_file():
        return False
    try:
        return hashlib.sha256(read_limited(path)).hexdigest() == digest
    except DataError:
        return False
