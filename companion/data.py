"""Find the kit's data (cards/ and templates/) and read it, validated, into plain records.

Rosters are CSV (first column: how many); structured tables and settings are TOML. This module
holds the generic readers: the CSV one checks rows against declared `Column`s, the TOML one
parses (its keys are declared and checked by `companion.schema`). Each game module declares its
own columns and keys and turns the checked rows into typed records. Every problem becomes one
`DataError` line that names the file, the line or key, and what was expected.
"""

from __future__ import annotations

import csv
import os
import re
import stat
import tomllib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from companion.errors import CellError, DataError, UnknownColumn

PACKAGE_DIR = Path(__file__).resolve().parent


def _bundled(name: str) -> Path:
    """The kit's own copy of cards/ or templates/: inside the wheel, or the source tree."""
    installed = PACKAGE_DIR / "_data" / name
    if installed.is_dir():
        return installed
    source = PACKAGE_DIR.parent / name
    if source.is_dir():
        return source
    raise DataError(
        f"the kit's {name}/ directory is missing from this install (looked in {installed})"
    )


def kit_cards_dir() -> Path:
    """The kit's own cards/ as shipped (replaced on upgrade: users copy files out of it)."""
    return _bundled("cards")


def default_cards_dir() -> Path:
    """The kit's own cards/ directory (``HAVOC_CARDS`` in the environment overrides it)."""
    env = os.environ.get("HAVOC_CARDS")
    return Path(env) if env else _bundled("cards")


def templates_dir() -> Path:
    """The kit's jinja2 templates directory."""
    return _bundled("templates")


class Cards:
    """A cards directory, with the kit's own data behind it for any file the user did not copy.

    ``Cards(Path("my-cards")).path("dark-blades", "pieces.csv")`` is ``my-cards/dark-blades/
    pieces.csv`` if that exists, else the kit's copy.
    """

    def __init__(self, root: str | os.PathLike[str] | None = None) -> None:
        self.default = default_cards_dir()
        self.root = Path(root) if root is not None else self.default
        if not self.root.is_dir():
            raise DataError("expected a directory of card data", self.root)

    def path(self, game: str, name: str) -> Path:
        """The file ``name`` of ``game``, from the user's directory first, then the kit's."""
        for base in (self.root, self.default):
            candidate = base / game / name
            if candidate.exists():
                return candidate
        raise DataError(f"missing file {game}/{name} (expected under {self.root})")

    def glob(self, pattern: str) -> list[Path]:
        """Files matching ``pattern`` in the user's directory and the kit's, user's first.

        A user file hides the kit file with the same relative path.
        """
        seen: dict[str, Path] = {}
        for base in (self.root, self.default):
            for found in sorted(base.glob(pattern)):
                seen.setdefault(found.relative_to(base).as_posix(), found)
        return [seen[key] for key in sorted(seen)]


# --------------------------------------------------------------------------- CSV rosters

NAMED_COLOURS = {
    "black": "#000000",
    "white": "#ffffff",
    "red": "#c0161d",
    "blue": "#1f4fa8",
    "green": "#2e7d32",
    "yellow": "#f2c200",
    "grey": "#808080",
    "gray": "#808080",
    "brown": "#6d4c2f",
    "orange": "#e07b00",
    "purple": "#6a3d9a",
}
_HEX_COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")
COLOUR_EXPECTED = f"expected a colour like #1f4fa8 or one of {', '.join(sorted(NAMED_COLOURS))}"


def colour_value(raw: str) -> str | None:
    """``#1F4FA8`` → ``#1f4fa8``, ``red`` → its ``#rrggbb``; None if it is not a colour."""
    if _HEX_COLOUR.match(raw):
        return raw.lower()
    return NAMED_COLOURS.get(raw.lower())


@dataclass(frozen=True)
class Column:
    """One declared CSV column.

    kind: ``text``, ``int`` (whole number >= 0), ``count`` (whole number >= 1),
    ``colour`` (#rrggbb or a name), ``choice`` (one of ``choices``). ``maximum`` caps an int
    or count.
    A blank optional cell reads as ``default``.
    """

    name: str
    kind: str = "text"
    required: bool = False
    choices: tuple[str, ...] = ()
    unique: bool = False
    default: Any = None
    doc: str = ""
    maximum: int | None = None  # for int and count: the largest value accepted
    aliases: tuple[str, ...] = ()  # other header names for it (``defence`` for ``defense``)


@dataclass
class Row:
    """One checked CSV row: its values by column name, and where it came from."""

    values: dict[str, Any]
    path: Path
    line: int
    extra: dict[str, str] = field(default_factory=dict)

    def __getitem__(self, key: str) -> Any:
        return self.values[key]

    def get(self, key: str, default: Any = None) -> Any:
        value = self.values.get(key)
        return default if value is None else value

    def error(self, message: str) -> DataError:
        """A DataError located at this row."""
        return DataError(message, self.path, self.line)


def parse_cell(column: Column, raw: str, path: Path, line: int) -> Any:
    """Convert one non-blank cell by its column's kind, or raise a located `CellError`."""
    if column.kind == "text":
        return raw
    if column.kind in ("int", "count"):
        if not re.fullmatch(r"[+-]?\d+", raw):
            what = "a positive whole number" if column.kind == "count" else "a whole number"
            raise CellError(column.name, f"expected {what}, got {raw!r}", path, line)
        if len(raw.lstrip("+-0")) > 18:  # checked on the digits: int() of a huge string is slow
            limit = f" (at most {column.maximum:,})" if column.maximum is not None else ""
            raise CellError(column.name, f"{raw[:12]}... has too many digits{limit}", path, line)
        value = int(raw)
        if column.maximum is not None and value > column.maximum:
            raise CellError(
                column.name, f"{value:,} is too large (at most {column.maximum:,})", path, line
            )
        if column.kind == "count" and value < 1:
            raise CellError(
                column.name,
                f"expected a positive whole number (how many to print), got {raw!r}",
                path,
                line,
            )
        if column.kind == "int" and value < 0:
            raise CellError(
                column.name, f"expected a whole number of 0 or more, got {raw!r}", path, line
            )
        return value
    if column.kind == "colour":
        colour = colour_value(raw)
        if colour is not None:
            return colour
        raise CellError(column.name, f"{COLOUR_EXPECTED}, got {raw!r}", path, line)
    if column.kind == "choice":
        if raw in column.choices:
            return raw
        raise CellError(
            column.name, f"expected one of {', '.join(column.choices)}, got {raw!r}", path, line
        )
    raise ValueError(f"unknown column kind {column.kind!r}")  # a programming error, not data


def _delimiter(header_line: str) -> str:
    """Spreadsheets in some locales save CSV with ';' or tabs: follow the header."""
    counts = {d: header_line.count(d) for d in (",", ";", "\t")}
    return max(counts, key=lambda d: (counts[d], d == ","))


SAVE_AS_UTF8 = 'save it from your spreadsheet as "CSV UTF-8"'
_SEP_LINE = re.compile(r"^sep=(.)$", re.IGNORECASE)  # Excel's hint line: sep=;


def decode_csv(data: bytes, path: Path) -> str:
    """The text of a CSV file as spreadsheets save it.

    UTF-8 (with or without Excel's byte-order mark), UTF-16 (Excel's "Unicode Text", with or
    without a byte-order mark) and Windows-1252 (Excel's "CSV" in Western locales). Anything
    else is refused with a one-line DataError asking for "CSV UTF-8".
    """
    import codecs

    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        encoding = "utf-16"
    elif b"\x00" in data[:512]:  # UTF-16 without a BOM: every ASCII character has a NUL
        head = data[:512]
        zeros_odd = head[1::2].count(0)
        encoding = "utf-16-le" if zeros_odd >= head[0::2].count(0) else "utf-16-be"
    else:
        encoding = "utf-8-sig"
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError as exc:
        if encoding != "utf-8-sig" or data.startswith(codecs.BOM_UTF8):
            name = "UTF-16" if encoding.startswith("utf-16") else "UTF-8"
            raise DataError(
                f"not valid {name} text ({exc.reason} at byte {exc.start}): {SAVE_AS_UTF8}", path
            ) from None
        try:
            text = data.decode("cp1252")  # Excel's "CSV (Comma delimited)" on Windows
        except UnicodeDecodeError as exc2:
            raise DataError(
                f"not UTF-8 or Windows-1252 text (byte {exc2.start}): {SAVE_AS_UTF8}", path
            ) from None
    return text.lstrip("\ufeff")


MAX_INPUT_BYTES = 2 * 1024 * 1024  # any one data file the kit reads (cards, army lists)
MAX_CELL = 4096  # characters in one CSV cell
MAX_NESTING = 32  # tables and lists inside one another in a TOML file


def read_limited(path: Path, limit: int = MAX_INPUT_BYTES) -> bytes:
    """A data file's bytes, refused in one line when it is not a regular file (a FIFO would
    hang, /dev/zero never ends) or is larger than ``limit``."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)  # a FIFO with no writer: no hang
    except FileNotFoundError:
        raise DataError("file not found", path) from None
    except OSError as exc:
        raise DataError(f"cannot read: {exc.strerror}", path) from None
    with os.fdopen(fd, "rb") as handle:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise DataError("not a regular file (a pipe or a device?): give a file", path)
        if info.st_size > limit:
            raise DataError(f"too large ({info.st_size:,} bytes; at most {limit:,})", path)
        try:
            data = handle.read(limit + 1)
        except OSError as exc:
            raise DataError(f"cannot read: {exc.strerror}", path) from None
    if len(data) > limit:
        raise DataError(f"too large (more than {limit:,} bytes)", path)
    return data


def _csv_rows(reader: Any, path: Path) -> Iterator[tuple[int, list[str]]]:
    """(line, cells) from a csv reader, a cell longer than ``MAX_CELL`` refused in one line."""
    index = 0
    while True:
        index += 1
        try:
            cells = next(reader)
        except StopIteration:
            return
        except csv.Error as exc:
            raise DataError(f"not readable as CSV: {exc}", path, index) from None
        if any(len(cell) > MAX_CELL for cell in cells):
            raise DataError(f"a cell longer than {MAX_CELL:,} characters", path, index)
        yield index, cells


def _nesting(data: Any, path: Path) -> Any:
    """``data`` (parsed TOML) if it nests at most ``MAX_NESTING`` deep; else one line."""
    stack = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if depth > MAX_NESTING:
            raise DataError(f"tables or lists nested more than {MAX_NESTING} deep", path)
        children = value.values() if isinstance(value, dict) else value
        stack += [(v, depth + 1) for v in children if isinstance(v, dict | list)]
    return data


def read_csv(
    path: str | os.PathLike[str], columns: Sequence[Column], *, allow_extra: bool = False
) -> list[Row]:
    """Read a CSV roster and check it against ``columns``.

    Lines whose first cell starts with ``#`` are comments; blank lines are skipped. The header
    must name every required column and no unknown one (unless ``allow_extra``). The file may
    be saved as spreadsheets save it (see ``decode_csv``), separated by commas, semicolons or
    tabs (Excel's ``sep=;`` first line is followed).
    """
    path = Path(path)
    text = decode_csv(read_limited(path), path)

    lines = text.splitlines()
    content = [i for i, ln in enumerate(lines) if ln.strip() and not ln.lstrip().startswith("#")]
    hint = _SEP_LINE.match(lines[content[0]].strip()) if content else None
    if hint is not None:
        lines[content.pop(0)] = ""  # blanked, not removed: the line numbers stay right
    first = lines[content[0]] if content else None
    if first is None:
        raise DataError("empty file: expected a header row naming the columns", path)
    reader = csv.reader(lines, delimiter=hint.group(1) if hint else _delimiter(first))
    by_name = {c.name: c for c in columns}
    spelled = {alias: c.name for c in columns for alias in c.aliases}
    header: list[str] | None = None
    header_line = 0
    rows: list[Row] = []
    seen: dict[str, dict[str, int]] = {c.name: {} for c in columns if c.unique}
    for index, cells in _csv_rows(reader, path):
        cells = [c.strip() for c in cells]
        if not any(cells) or cells[0].startswith("#"):
            continue
        if header is None:
            header, header_line = [spelled.get(c.lower(), c.lower()) for c in cells], index
            unknown = [h for h in header if h not in by_name]
            if unknown and not allow_extra:
                raise UnknownColumn(unknown[0], tuple(c.name for c in columns), path, index)
            dupes = [h for h in header if header.count(h) > 1]
            if dupes:
                raise DataError(f"column {dupes[0]!r} appears twice in the header", path, index)
            missing = [c.name for c in columns if c.required and c.name not in header]
            if missing:
                raise DataError(f"missing required column {missing[0]!r}", path, index)
            continue
        if len(cells) > len(header) and any(cells[len(header) :]):
            raise DataError(
                f"{len(cells)} cells but the header on line {header_line} names {len(header)}",
                path,
                index,
            )
        values: dict[str, Any] = {}
        extra: dict[str, str] = {}
        raw_by_name = dict(zip(header, cells + [""] * (len(header) - len(cells)), strict=False))
        for column in columns:
            raw = raw_by_name.get(column.name, "")
            if raw == "":
                if column.required:
                    raise DataError(f"column '{column.name}': a value is required", path, index)
                values[column.name] = column.default
                continue
            values[column.name] = parse_cell(column, raw, path, index)
            if column.unique:
                first_line = seen[column.name].get(raw.casefold())
                if first_line is not None:
                    raise DataError(
                        f"duplicate {column.name} {raw!r} (first on line {first_line})", path, index
                    )
                seen[column.name][raw.casefold()] = index
        for name, raw in raw_by_name.items():
            if name not in by_name:
                extra[name] = raw
        rows.append(Row(values, path, index, extra))
    return rows


# --------------------------------------------------------------------------- TOML tables

_TOML_LINE = re.compile(r"\(at line (\d+), column \d+\)")


@lru_cache(maxsize=64)
def _load_toml_cached(resolved: str, mtime_ns: int) -> dict[str, Any]:
    path = Path(resolved)
    try:
        return _nesting(tomllib.loads(read_limited(path).decode("utf-8")), path)
    except RecursionError:
        raise DataError(f"tables or lists nested more than {MAX_NESTING} deep", path) from None
    except tomllib.TOMLDecodeError as exc:
        text = str(exc)
        match = _TOML_LINE.search(text)
        line = int(match.group(1)) if match else None
        if "(at end of document)" in text:
            line = max(1, len(path.read_text(encoding="utf-8", errors="replace").splitlines()))
        message = _TOML_LINE.sub("", text).replace("(at end of document)", "").strip()
        raise DataError(f"not valid TOML: {message}", path, line) from None
    except UnicodeDecodeError:
        raise DataError("not UTF-8 text", path) from None


def read_toml(path: str | os.PathLike[str]) -> dict[str, Any]:
    """Parse a TOML file (cached until it changes on disk), or raise a located DataError."""
    p = Path(path)
    try:
        stat = p.stat()
    except FileNotFoundError:
        raise DataError("file not found", p) from None
    return _load_toml_cached(str(p.resolve()), stat.st_mtime_ns)
