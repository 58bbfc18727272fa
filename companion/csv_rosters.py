"""CSV rosters read as spreadsheets save them and checked against declared `Column`s.

Each game module declares its columns (`Column`) and turns the checked `Row`s into typed
records. Every problem is one `DataError` line naming the file, the line and what was expected.
Apart from `companion.data` so that a command reading only TOML files does not load it.
"""

import os
import re
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, NamedTuple

from companion.data import COLOUR_EXPECTED, colour_value, disk_cached, read_limited
from companion.errors import CellError, DataError, UnknownColumn

MAX_CELL = 4096  # characters in one CSV cell
MAX_ROWS = 10_000  # rows in one roster or army (the kit's largest roster has a few hundred)


class Column(NamedTuple):
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


class Row:
    """One checked CSV row: its values by column name, and where it came from (a plain class,
    not a dataclass: it is on `havoc fight`'s import path)."""

    __slots__ = ("values", "path", "line", "extra")

    def __init__(
        self, values: dict[str, Any], path: Path, line: int, extra: dict[str, str] | None = None
    ) -> None:
        self.values = values
        self.path = path
        self.line = line
        self.extra = {} if extra is None else extra

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
        if not re.fullmatch(r"-?[0-9]+", raw):  # ASCII digits, as the command line: no "+1", no "٣"
            what = "a positive whole number" if column.kind == "count" else "a whole number"
            raise CellError(column.name, f"expected {what}, got {raw!r}", path, line)
        if len(raw.lstrip("-0")) > 18:  # checked on the digits: int() of a huge string is slow
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


def _csv_rows(reader: Any, path: Path) -> Iterator[tuple[int, list[str]]]:
    """(line, cells) from a csv reader, a cell longer than ``MAX_CELL`` refused in one line."""
    import csv

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
    key = f"{allow_extra}\n{columns!r}"  # the rows depend on the columns declared
    kept = disk_cached(
        path, "csv", key, lambda: _rows_as_data(_read_csv(path, columns, allow_extra))
    )
    return [Row(values, path, line, extra) for values, line, extra in kept]


def _rows_as_data(rows: list[Row]) -> list[tuple[dict[str, Any], int, dict[str, str]]]:
    return [(row.values, row.line, row.extra) for row in rows]


def _read_csv(path: Path, columns: Sequence[Column], allow_extra: bool) -> list[Row]:
    return parse_csv(decode_csv(read_limited(path), path), columns, path, allow_extra=allow_extra)


def parse_csv(
    text: str, columns: Sequence[Column], path: Path, *, allow_extra: bool = False
) -> list[Row]:
    """The rows of a CSV roster's ``text`` (as `read_csv` reads a file; ``path`` names it in
    errors: a file, or "your army" for text typed into a page)."""
    import csv  # here, not above: a roster read back from the disk cache needs no CSV reader

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
        if len(rows) >= MAX_ROWS:
            raise DataError(f"more than {MAX_ROWS:,} rows: at most {MAX_ROWS:,}", path, index)
        raw_by_name = dict(zip(header, cells + [""] * (len(header) - len(cells)), strict=False))
        rows.append(_row(columns, raw_by_name, path, index, seen))
    return rows


def rows_of(
    records: Sequence[Mapping[str, str]], columns: Sequence[Column], path: Path
) -> list[Row]:
    """Rows typed cell by cell (a page's form: each record's cells by column name), checked as
    `read_csv` checks a file's; record N is line N in errors (`CellError.line`)."""
    seen: dict[str, dict[str, int]] = {c.name: {} for c in columns if c.unique}
    if len(records) > MAX_ROWS:
        raise DataError(f"{len(records):,} rows: at most {MAX_ROWS:,}", path)
    return [_row(columns, dict(r), path, i, seen) for i, r in enumerate(records, 1)]


def _row(
    columns: Sequence[Column],
    raw_by_name: dict[str, str],
    path: Path,
    index: int,
    seen: dict[str, dict[str, int]],
) -> Row:
    """One row's cells, checked by their columns (``seen``: the unique columns' values so far)."""
    by_name = {c.name for c in columns}
    values: dict[str, Any] = {}
    extra: dict[str, str] = {}
    for column in columns:
        raw = raw_by_name.get(column.name, "")
        if raw == "":
            if column.required:
                raise CellError(column.name, "a value is required", path, index)
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
    return Row(values, path, index, extra)
