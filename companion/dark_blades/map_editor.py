"""The map editor's rules: a Dark Blades map file as text, its terrain grid painted hex by hex,
checked by the map loader itself, saved whole into the user's cards folder.

The editor never checks a map its own way: `check` writes the text to a private temporary file
and reads it with `companion.dark_blades.maps.load_map`, so every refusal is the loader's own
line (its file name shown as the one being drawn, ``my-map.toml:14: rows: ...``). `paint`
replaces the ``rows`` block (and ``width``/``height``) of the text and leaves every other key
(walls, lips, flow, wheel, places, comments) as written. `save` writes the file whole or not at
all (a temporary file, then a rename).
"""

from __future__ import annotations

import os
import re
import tempfile
import tomllib
from pathlib import Path

from companion.dark_blades import hexgrid as hg
from companion.dark_blades.maps import GAME, SIDE_ONLY, HexMap, load_map
from companion.dark_blades.terrain import load_terrain
from companion.data import Cards
from companion.errors import DataError, InputError

MAX_TEXT = 200_000
KEY = re.compile(r"^[a-z0-9][a-z0-9-]{0,39}$")
# A top-level key's line: the key, ``=`` and a value (a string in any of TOML's four quotings,
# or a number) to the end of its line; found only outside multi-line strings (`_key_line`).
_VALUE = r"""("{3}.*?"{3}|'{3}.*?'{3}|"(?:[^"\\\n]|\\.)*"|'[^'\n]*'|\d+)[^\n]*\n?"""
_LONG_STRING = re.compile(r""""{3}.*?"{3}|'{3}.*?'{3}""", re.S)
_CODES = "abcdefghijklmnopqrstuvwxyz"


def legend_for(cards: Cards) -> dict[str, str]:
    """A legend for a new map: ``.`` for open ground, then one letter per terrain name of
    terrain.toml (its printed rows and the terrains it names without a row), first letters
    where free."""
    names = [n for n in load_terrain(cards).names() if n not in SIDE_ONLY]  # walls: sides
    legend: dict[str, str] = {}
    if "open" in names:
        legend["."] = "open"
    for name in names:
        if name in legend.values():
            continue
        code = next(
            (c for c in (name[0], *name[1:], *_CODES) if c in _CODES and c not in legend), None
        )
        if code is not None:
            legend[code] = name
    return legend


def rows_block(grid: list[str]) -> str:
    """The ``rows`` block for ``grid`` (one string of codes per row), with the column header."""
    width = len(grid[0]) if grid else 0
    head = "    " + " ".join(hg.LETTERS[:width])
    lines = [head] + [f"{n:>2}  " + " ".join(row) for n, row in enumerate(grid, start=1)]
    return 'rows = """\n' + "\n".join(lines) + '\n"""'


def new_map(name: str, width: int, height: int, cards: Cards) -> str:
    """A new map file's text: all open ground, ``design = "transcribed"``, the kit's edge
    numbers left for you to change."""
    if not 1 <= width <= hg.MAX_COLUMNS or not 1 <= height <= 99:
        raise InputError(f"size: expected 1 to {hg.MAX_COLUMNS} columns and 1 to 99 rows")
    legend = legend_for(cards)
    name = name.strip().replace('"', "'")[:60] or "My map"
    legend_lines = "\n".join(f'"{code}" = "{terrain}"' for code, terrain in legend.items())
    return (
        "# A map drawn in the Havoc Kit's map editor (havoc serve). The format:\n"
        '# cards/README.md, "Maps".\n'
        f'name = "{name}"\n'
        'design = "transcribed"\n'
        f"width = {width}\n"
        f"height = {height}\n"
        "edges = { top = 1, right = 2, bottom = 3, left = 4 }\n\n"
        f"{rows_block(['.' * width] * height)}\n\n"
        f"[legend]\n{legend_lines}\n"
    )


def read_grid(text: str) -> tuple[list[str], dict[str, str]]:
    """The painted grid (one string of codes per row) and the legend of a map file's text;
    an unreadable file is refused with the loader's own words (`check`) first."""
    data = tomllib.loads(text)
    width = int(data["width"])
    grid = []
    for raw in str(data["rows"]).split("\n"):
        body = raw.split("#", 1)[0].strip()
        match = re.match(r"^\d+\s+(.*)$", body)
        if match:
            grid.append(match.group(1).replace(" ", "")[:width])
    return grid, {str(k): str(v) for k, v in data["legend"].items()}


def _key_line(text: str, key: str) -> re.Match[str] | None:
    """The line giving top-level ``key`` its value (a string in any quoting, or a number),
    never a line inside a multi-line string (a note's line that starts ``walls =``)."""
    inside = [m.span() for m in _LONG_STRING.finditer(text)]
    for match in re.finditer(rf"^{key}\s*=\s*{_VALUE}", text, re.S | re.M):
        if not any(a < match.start() < b for a, b in inside):
            return match
    return None


def _first_table(text: str) -> int:
    """Where the first table header (``[legend]``) starts, outside multi-line strings; the
    text's end if it has none."""
    inside = [m.span() for m in _LONG_STRING.finditer(text)]
    for match in re.finditer(r"^\[", text, re.M):
        if not any(a < match.start() < b for a, b in inside):
            return match.start()
    return len(text)


def _put(text: str, key: str, line: str) -> str:
    """``text`` with top-level ``key``'s line made ``line`` (``""``: taken out); a key not
    there yet goes before the first table."""
    match = _key_line(text, key)
    if match:
        return text[: match.start()] + line + text[match.end() :]
    if not line:
        return text
    cut = _first_table(text)
    return text[:cut] + line + "\n" + text[cut:]


def paint(text: str, grid: list[str]) -> str:
    """``text`` with its ``rows`` block, ``width`` and ``height`` made ``grid``'s."""
    if not grid or any(len(row) != len(grid[0]) for row in grid):
        raise InputError("rows: every row needs the same number of hexes")
    if not _key_line(text, "rows"):
        raise InputError('rows: expected a rows = """...""" block in the map file')
    text = _put(text, "rows", rows_block(grid) + "\n")
    text = _put(text, "width", f"width = {len(grid[0])}\n")
    return _put(text, "height", f"height = {len(grid)}\n")


MARKS = ("walls", "lips", "flow", "wheel")


def marks_of(m: HexMap) -> dict[str, list[str]]:
    """A loaded map's hex-side marks as the editor keeps them, one token each: ``walls`` and
    ``lips`` and ``flow`` as ``HEX/SIDE`` (a wall by the hex on the map, the first of its two
    in column order), ``wheel`` as hexes."""
    walls = []
    for key in m.walls:
        ends = sorted(key)
        h, other = (ends[0], ends[1]) if m.on_map(ends[0]) else (ends[1], ends[0])
        side = next(s for s in hg.SIDES if hg.neighbour(h, s) == other)
        walls.append(f"{hg.name(h)}/{side}")
    return {
        "walls": sorted(walls),
        "lips": sorted(f"{hg.name(h)}/{s}" for h, s in m.lips),
        "flow": sorted(f"{hg.name(h)}/{s}" for h, s in m.flow.items()),
        "wheel": sorted(hg.name(h) for h in m.wheel),
    }


def _block(key: str, tokens: list[str]) -> str:
    if key == "wheel":
        return f'wheel = "{" ".join(tokens)}"'
    lines, line = [], ""
    for token in tokens:
        if line and len(line) + 1 + len(token) > 96:
            lines.append(line)
            line = token
        else:
            line = f"{line} {token}".strip()
    if line:
        lines.append(line)
    return f'{key} = """\n' + "\n".join(lines) + '\n"""'


def with_marks(text: str, marks: dict[str, list[str]]) -> str:
    """``text`` with its ``walls``, ``lips``, ``flow`` and ``wheel`` keys made ``marks``'s
    (a key not given is left as written; an empty one is taken out)."""
    for key in MARKS:
        if key not in marks:
            continue
        tokens = [t for t in marks[key] if t]
        text = _put(text, key, _block(key, tokens) + "\n" if tokens else "")
    return text


def check(text: str, cards: Cards, shown: str = "my-map.toml") -> HexMap:
    """The map the text makes, read by the map loader; a refusal is its `DataError`, naming
    ``shown`` instead of the private file."""
    if len(text) > MAX_TEXT:
        raise InputError(f"the map file is over {MAX_TEXT:,} characters")
    with tempfile.TemporaryDirectory(prefix="havoc-map-") as folder:
        path = Path(folder) / shown
        path.write_text(text, encoding="utf-8")
        try:
            return load_map(path, cards)
        except DataError as exc:
            raise DataError(exc.message, Path(shown), exc.line) from None


def save(text: str, cards: Cards, key: str, replace: bool = False) -> Path:
    """Check the text and write it as ``dark-blades/maps/KEY.toml`` under the user's cards
    folder, whole or not at all; an existing file only with ``replace``."""
    if not KEY.match(key):
        raise InputError(
            f"file name {key!r}: expected lower-case letters, digits and - (40 at most)"
        )
    if cards.root.resolve() == cards.default.resolve():
        raise InputError(
            "no cards folder of your own to save into: start the server with one "
            "(or download the file)"
        )
    check(text, cards, f"{key}.toml")
    folder = cards.root / GAME / "maps"
    folder.mkdir(parents=True, exist_ok=True)
    out = folder / f"{key}.toml"
    if out.exists() and not replace:
        raise InputError(f"{out.name} is already in your cards: tick Replace to overwrite it")
    if (cards.default / GAME / "maps" / out.name).exists() and not replace:
        raise InputError(
            f"{out.name} is the name of one of the kit's maps: yours would be played in its "
            "place; tick Replace to do so, or give another name"
        )
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=".map-", suffix=".toml")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, out)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return out
