"""Figures on the pieces: the kit's art manifest, a roster's own art files, and inline SVG.

``cards/art/manifest.csv`` names the kit's figures (key, file, source, author, licence); the SVG
files beside it are data a user may replace. A roster's ``art`` cell is one of those keys or the
path of the owner's own SVG or PNG, relative to the roster file. This module checks such files
(pure Python: the XML parser of the standard library, the PNG signature) and turns an SVG into
a small inline ``<svg>`` for the phone pages; the generator draws the same files onto the
counters (generator/sheet/figures.py). It never imports reportlab, svgwrite or svglib.
"""

from __future__ import annotations

import csv
import math
import re
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from companion.data import Cards, read_limited
from companion.errors import DataError

if TYPE_CHECKING:  # the XML parser and the HTML escaper load only when a figure is read
    import xml.etree.ElementTree as ET

ART_DIR = "art"
MANIFEST = "manifest.csv"
MANIFEST_COLUMNS = ("key", "file", "icon", "source", "author", "licence")
SUFFIXES = (".svg", ".png")
MAX_ART_BYTES = 4_000_000
MAX_ART_PIXELS = 4096 * 4096  # a PNG figure (a 12000x12000 PNG of 140 KB took 736 MB to draw)
SVG_SIZE_RANGE = (1e-3, 1e6)  # an SVG's width and height, in its own units
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
SVG_NS = "{http://www.w3.org/2000/svg}"
# The only SVG elements the phone copies (game-icons' figures are plain paths).
SHAPES = ("path", "circle", "ellipse", "rect", "polygon", "polyline", "line", "g")
SHAPE_ATTRS = (
    "d", "cx", "cy", "r", "rx", "ry", "x", "y", "width", "height", "points",
    "x1", "y1", "x2", "y2", "fill", "fill-rule", "stroke", "stroke-width", "transform",
    "opacity", "fill-opacity",
)  # fmt: skip
# Share-alike and non-commercial licences are refused: the kit's art must stay free to print.
FREE_LICENCES = ("CC BY 3.0", "CC BY 4.0", "CC0 1.0", "public domain")
LICENCE_URLS = {
    "CC BY 3.0": "https://creativecommons.org/licenses/by/3.0/",
    "CC BY 4.0": "https://creativecommons.org/licenses/by/4.0/",
    "CC0 1.0": "https://creativecommons.org/publicdomain/zero/1.0/",
}


class Credit(NamedTuple):
    """One of the kit's figures: its key, file, where it comes from, who made it, its licence."""

    key: str
    file: Path
    icon: str
    source: str
    author: str
    licence: str


def manifest_path(cards: Cards) -> Path:
    """The art manifest in effect (a user's copy under --cards first)."""
    return cards.path(ART_DIR, MANIFEST)


def load_manifest(cards: Cards) -> dict[str, Credit]:
    """The kit's figures by key, each file present (its drawing is checked when it is drawn);
    one located `DataError` on a mistake. Quick: the `havoc` commands load it with the roster."""
    path = manifest_path(cards)
    return _manifest(str(path), path.stat().st_mtime_ns, str(cards.root), str(cards.default))


@lru_cache(maxsize=8)
def _manifest(path_text: str, _mtime: int, root: str, default: str) -> dict[str, Credit]:
    path = Path(path_text)
    cards = Cards(root) if root != default else Cards()
    text = read_limited(path).decode("utf-8", errors="replace")
    numbered = [(n, line) for n, line in enumerate(text.splitlines(), 1) if line.strip()]
    numbered = [(n, line) for n, line in numbered if not line.startswith("#")]
    if not numbered:
        raise DataError("expected a header line: " + ",".join(MANIFEST_COLUMNS), path)
    rows = list(csv.reader(line for _, line in numbered))
    header = [h.strip() for h in rows[0]]
    if header != list(MANIFEST_COLUMNS):
        raise DataError(f"expected the header {','.join(MANIFEST_COLUMNS)}", path, numbered[0][0])
    out: dict[str, Credit] = {}
    for (line, _), row in zip(numbered[1:], rows[1:], strict=True):
        if len(row) != len(MANIFEST_COLUMNS):
            raise DataError(f"expected {len(MANIFEST_COLUMNS)} cells, got {len(row)}", path, line)
        values = dict(zip(MANIFEST_COLUMNS, (c.strip() for c in row), strict=True))
        key = values["key"]
        if not key or key in out:
            raise DataError(f"column 'key': {key!r} is empty or given twice", path, line)
        if values["licence"] not in FREE_LICENCES:
            raise DataError(
                f"column 'licence': {values['licence']!r}: expected one of "
                f"{', '.join(FREE_LICENCES)} (no share-alike or non-commercial art)",
                path,
                line,
            )
        if not values["author"]:
            raise DataError(
                "column 'author': the licence asks for a credit; name the author", path, line
            )
        try:
            file = cards.path(ART_DIR, values["file"])
        except DataError:
            raise DataError(
                f"column 'file': no file {ART_DIR}/{values['file']}", path, line
            ) from None
        if file.suffix.lower() not in SUFFIXES:  # read when drawn (generator/sheet/figures.py)
            raise DataError("column 'file': expected an .svg or .png file", path, line)
        out[key] = Credit(
            key, file, values["icon"], values["source"], values["author"], values["licence"]
        )
    return out


def game_figures(cards: Cards, game: str, kinds: tuple[str, ...]) -> dict[str, Path]:
    """A game's ``figures.toml``: kind -> figure file (the kit's choice; each value a key of
    the art manifest, each key one of ``kinds``); one located `DataError` on a mistake."""
    from companion.data import read_toml

    path = cards.path(game, "figures.toml")
    manifest = load_manifest(cards)
    out: dict[str, Path] = {}
    for kind, key in read_toml(path).items():
        if kind not in kinds:
            raise DataError(f"key '{kind}': expected one of {', '.join(kinds)}", path)
        if not isinstance(key, str) or key not in manifest:
            raise DataError(
                f"key '{kind}': expected one of the kit's figures ({', '.join(sorted(manifest))}), "
                f"got {key!r}",
                path,
            )
        out[kind] = manifest[key].file
    return out


def unreadable(path: Path) -> str | None:
    """Why ``path`` cannot serve as a figure (None when it can): an SVG whose XML parses with an
    ``<svg>`` root and a size, or a PNG."""
    suffix = path.suffix.lower()
    if suffix not in SUFFIXES:
        return f"expected an .svg or .png file, got {path.name!r}"
    try:
        data = read_limited(path, MAX_ART_BYTES)
    except DataError as exc:
        return exc.message
    if suffix == ".png":
        size = png_size(data)
        if size is None:
            return "not a PNG image"
        if size[0] * size[1] > MAX_ART_PIXELS:
            return (
                f"a PNG of {size[0]:,}x{size[1]:,} pixels: at most {MAX_ART_PIXELS:,} pixels "
                "(4096x4096; a counter's figure needs far fewer)"
            )
        return None
    import xml.etree.ElementTree as ET

    try:
        root = ET.fromstring(data)
    except (ET.ParseError, RecursionError) as exc:
        return f"not readable as SVG ({exc})"[:200]
    if root.tag not in ("svg", f"{SVG_NS}svg"):
        return "not an SVG image (its root element is not <svg>)"
    if view_box(root) is None:
        low, high = SVG_SIZE_RANGE
        return f"the SVG gives no viewBox or width/height of finite sizes from {low:g} to {high:g}"
    if any(_local(e.tag) == "image" for e in root.iter() if isinstance(e.tag, str)):
        return "an SVG with an embedded <image> (not drawn): give the picture as a PNG file"
    return None


def _local(tag: str) -> str:
    """An element's name without its namespace."""
    return tag.rsplit("}", 1)[-1]


def png_size(data: bytes) -> tuple[int, int] | None:
    """A PNG's width and height from its header (None when it is not a PNG)."""
    if not data.startswith(PNG_SIGNATURE) or data[12:16] != b"IHDR" or len(data) < 33:
        return None
    width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    return (width, height) if width > 0 and height > 0 else None


def view_box(root: ET.Element) -> tuple[float, float, float, float] | None:
    """The SVG's viewBox (x, y, w, h), or 0 0 width height; None when it gives neither."""
    box = root.get("viewBox")
    try:
        if box:
            x, y, w, h = (float(v) for v in re.split(r"[\s,]+", box.strip()))
        else:
            x, y = 0.0, 0.0
            w = float(re.sub(r"(px|pt)$", "", root.get("width", "")))
            h = float(re.sub(r"(px|pt)$", "", root.get("height", "")))
    except ValueError:
        return None
    low, high = SVG_SIZE_RANGE  # "inf", "nan" and "1e309" are floats too
    if not all(math.isfinite(v) and abs(v) <= high for v in (x, y)):
        return None
    return (x, y, w, h) if low <= w <= high and low <= h <= high else None


def resolve(value: str, roster: Path, manifest: dict[str, Credit]) -> Path:
    """The file a roster's ``art`` cell names: a kit key, else a path relative to ``roster``.

    Raises ValueError with the message for the cell."""
    if value in manifest:
        return manifest[value].file
    looks_like_file = "/" in value or "\\" in value or Path(value).suffix != ""
    if not looks_like_file:
        keys = ", ".join(sorted(manifest))
        raise ValueError(
            f"{value!r} is neither one of the kit's figures ({keys}) nor an .svg/.png file"
        )
    try:
        path = (roster.parent / value).resolve()
    except (OSError, RuntimeError):  # a symlink loop
        raise ValueError(f"{value!r}: cannot be followed (a symbolic link loop?)") from None
    if not path.exists():
        raise ValueError(f"no file {value!r} (looked for {path})")
    why = unreadable(path)
    if why:
        raise ValueError(f"{value!r}: {why}")
    return path


def authors(manifest: dict[str, Credit]) -> list[str]:
    """The figures' authors, each once, in order of first appearance."""
    return list(dict.fromkeys(c.author for c in manifest.values()))


def credits_line(manifest: dict[str, Credit]) -> str:
    """The one line the printed kit carries to credit the figures, as CC BY asks."""
    names = authors(manifest)
    licences = " / ".join(dict.fromkeys(c.licence for c in manifest.values()))
    who = ", ".join(names[:-1]) + f" and {names[-1]}" if len(names) > 1 else "".join(names)
    return f"Figures: icons by {who}, game-icons.net ({licences}); see cards/art/manifest.csv."


def licence_line(manifest: dict[str, Credit]) -> str:
    """The line after `credits_line`: where to read the figures' licence (or licences)."""
    licences = dict.fromkeys(c.licence for c in manifest.values())
    urls = [LICENCE_URLS[name] for name in licences if name in LICENCE_URLS]
    return f"Licence: {', '.join(urls) or ' / '.join(licences)} (the figures only)."


def credited(manifest: dict[str, Credit], files: Iterable[str | Path]) -> dict[str, Credit]:
    """The manifest's figures among ``files`` (the figures drawn): what a credit must name.
    A user's own file is not the kit's art and is left out."""
    drawn = {Path(f).resolve() for f in files}
    return {key: c for key, c in manifest.items() if c.file.resolve() in drawn}


# --------------------------------------------------------------------------- the phone


def inline(path: Path, label: str = "", css_class: str = "figure") -> str:
    """Markup for ``path`` inline in a page: an ``<svg>`` of its shapes (coloured by the page's
    text colour where the file says ``currentColor``), or an ``<img>`` of a PNG."""
    return _inline(str(path), path.stat().st_mtime_ns, label, css_class)


@lru_cache(maxsize=256)
def _inline(path_text: str, _mtime: int, label: str, css_class: str) -> str:
    import base64
    import xml.etree.ElementTree as ET
    from html import escape

    path = Path(path_text)
    why = unreadable(path)  # a file replaced since the roster was read is checked again
    if why:
        raise DataError(f"figure: {why}", path)
    data = read_limited(path, MAX_ART_BYTES)
    title = f"<title>{escape(label)}</title>" if label else ""
    aria = f'role="img" aria-label="{escape(label)}"' if label else 'aria-hidden="true"'
    if path.suffix.lower() == ".png":
        src = "data:image/png;base64," + base64.b64encode(data).decode("ascii")
        return f'<img class="{escape(css_class)}" src="{src}" alt="{escape(label)}">'
    root = ET.fromstring(data)
    x, y, w, h = view_box(root) or (0, 0, 1, 1)
    body = "".join(_shape(child) for child in root)
    box = " ".join(f"{v:g}" for v in (x, y, w, h))
    return (
        f'<svg class="{escape(css_class)}" viewBox="{box}" {aria} '
        f'xmlns="http://www.w3.org/2000/svg">{title}{body}</svg>'
    )


def _shape(element: ET.Element) -> str:
    from html import escape

    tag = element.tag.removeprefix(SVG_NS)
    if tag not in SHAPES:
        return ""
    attrs = "".join(
        f' {name}="{escape(element.get(name, ""))}"' for name in SHAPE_ATTRS if element.get(name)
    )
    inner = "".join(_shape(child) for child in element) if tag == "g" else ""
    return f"<{tag}{attrs}>{inner}</{tag}>"
