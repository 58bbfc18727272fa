"""Declared schemas for the kit's TOML files, like the CSV `Column`s of companion/csv_rosters.py.

A file's shape is declared once: a `Table` of `Field`s (each a TOML type, a nested `Table`, a
`ListOf` or a `MapOf`), with choices, defaults and a check for what a type cannot say. `load`
reads a file, checks it against its schema and builds its records, once per process: the result
is cached per (absolute path, modification time), so a command that asks three times for the
same table reads and checks it once. Every problem is one `DataError` line naming the file,
the line where the key is written (found by `key_line`), the dotted key and what was expected.
The declarations are `NamedTuple`s: every rules module declares its files with them at import,
where a named tuple costs a quarter of a dataclass (`benchmarks/record_classes.py`).
"""

import os
import re
import threading
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple, TypeVar, overload

from companion.data import COLOUR_EXPECTED, colour_value, file_stamp, note_read, read_toml
from companion.errors import DataError

T = TypeVar("T")

_TYPE_NAMES = {
    str: "text",
    int: "a whole number",
    float: "a number",
    bool: "true or false",
    list: "a list",
    dict: "a table",
}


# --------------------------------------------------------------------------- where a value is


class Where(NamedTuple):
    """A value's place: the file, and the key it sits under in its parent's place (None: the
    whole file). Its key path (for the line) and the key as errors show it are worked out only
    when asked for, so checking a good file makes no strings.

    ``label`` names a list item in errors (``spells[3] (Fireball)``); ``number``: how an item
    is counted there (``pieces[1]`` is the first piece).
    """

    path: Path
    parent: "Where | None" = None
    key: str | int = ""
    label: str | None = None
    number: int | None = None

    def child(self, key: str | int, label: str | None = None, number: int | None = None) -> "Where":
        """The place of ``key`` inside this value: ``[i]`` for a list item (shown as ``number``
        if given), ``(label)`` after."""
        return Where(self.path, self, key, label, number)

    @property
    def keys(self) -> tuple[str | int, ...]:
        """The key path from the top of the file."""
        return () if self.parent is None else (*self.parent.keys, self.key)

    @property
    def shown(self) -> str:
        """The dotted key as errors show it (``sides[0].pieces``; empty at the top)."""
        if self.parent is None:
            return ""
        above = self.parent.shown
        if isinstance(self.key, int):
            shown = f"{above}[{self.key if self.number is None else self.number}]"
        else:
            shown = f"{above}.{self.key}" if above else self.key
        return f"{shown} ({self.label})" if self.label else shown

    @property
    def name(self) -> str:
        """The last key (a table's own name under its parent)."""
        return "" if self.parent is None else str(self.key)

    def line(self) -> int | None:
        """The line of the file where this key (or the nearest table around it) is written."""
        return key_line(self.path, self.keys)

    def error(self, message: str) -> DataError:
        """``file:line: key 'a.b': message`` (just ``file: message`` at the top level)."""
        shown = self.shown
        text = f"key '{shown}': {message}" if shown else message
        return DataError(text, self.path, self.line())


# --------------------------------------------------------------------------- the declarations


class Field(NamedTuple):
    """One declared key of a table.

    ``spec``: a TOML type (``str``, ``int``, ``bool``, ``float``, ``list``, ``dict``, or a tuple
    of them), a `Table`, a `ListOf` or a `MapOf`. An absent optional key reads as a copy of
    ``default``. ``check(value, where)`` returns the value to keep or raises ``where.error``.
    ``attr``: the record's attribute, when it is not the key (``no_shot`` for ``no-shot``).
    """

    name: str
    spec: Any = str
    required: bool = True
    default: Any = None
    choices: tuple[Any, ...] = ()
    check: Callable[[Any, Where], Any] | None = None
    attr: str | None = None


class Table(NamedTuple):
    """A TOML table with declared keys.

    ``rest``: the spec of every undeclared key (None: an undeclared key is refused as a typo);
    those values are kept together under ``rest_as`` (``""``: beside the declared ones).
    ``build(values, where)`` turns the checked values (by attribute name) into a record;
    without it the values stay a dict.
    """

    fields: tuple[Field, ...]
    rest: Any = None
    rest_as: str = "rest"
    build: Callable[[dict[str, Any], Where], Any] | None = None


class ListOf(NamedTuple):
    """A TOML list (or array of tables) whose items all follow ``item``.

    ``label(raw_item)`` names an item in errors (``spells[3] (Fireball)``); ``start``: the
    first item's number in errors (1: ``pieces[1]`` is the first piece).
    """

    item: Any
    label: Callable[[Any], str | None] | None = None
    start: int = 0


class MapOf(NamedTuple):
    """A TOML table of free keys (names the file chooses), every value following ``value``."""

    value: Any


# --------------------------------------------------------------------------- checking


def _type_error(value: Any, kinds: tuple[type, ...], where: Where) -> DataError:
    wanted = " or ".join(_TYPE_NAMES.get(k, k.__name__) for k in kinds)
    got = "nothing" if value is None else repr(value)
    return where.error(f"expected {wanted}, got {got}")


def _is(value: Any, kinds: tuple[type, ...]) -> bool:
    return isinstance(value, kinds) and not (isinstance(value, bool) and bool not in kinds)


def choice_text(choices: tuple[Any, ...]) -> str:
    """``a or b``; ``one of a, b, c`` for more."""
    names = [str(c) for c in choices]
    if len(names) <= 2:
        return " or ".join(names)
    return "one of " + ", ".join(names)


def check(spec: Any, value: Any, where: Where) -> Any:
    """``value`` checked against ``spec`` (see `Field`); the checked (and built) value."""
    if isinstance(spec, Table):
        return _table(spec, value, where)
    if isinstance(spec, ListOf):
        if not _is(value, (list,)):
            raise _type_error(value, (list,), where)
        item = spec.item
        if spec.label is None and not isinstance(item, Table | ListOf | MapOf):
            kinds = item if isinstance(item, tuple) else (item,)  # plain values: one pass,
            for i, plain in enumerate(value):  # a place made only for the one refused
                if not _is(plain, kinds):
                    raise _type_error(plain, kinds, where.child(i, None, i + spec.start))
            return list(value)
        out = []
        for i, item in enumerate(value):
            label = spec.label(item) if spec.label is not None else None
            out.append(check(spec.item, item, where.child(i, label, i + spec.start)))
        return out
    if isinstance(spec, MapOf):
        if not _is(value, (dict,)):
            raise _type_error(value, (dict,), where)
        return {k: check(spec.value, v, where.child(k)) for k, v in value.items()}
    return _plain(spec, value, where)


def _plain(spec: Any, value: Any, where: Where, key: str | None = None) -> Any:
    """``value`` checked against a TOML type or a tuple of them; refused at ``where`` (at its
    ``key`` inside it: that place is made only to word the refusal)."""
    kinds = spec if isinstance(spec, tuple) else (spec,)
    if not _is(value, kinds):
        raise _type_error(value, kinds, where if key is None else where.child(key))
    return value


def _table(spec: Table, value: Any, where: Where) -> Any:
    if not _is(value, (dict,)):
        raise _type_error(value, (dict,), where)
    declared = {f.name: f for f in spec.fields}
    if spec.rest is None:
        for key in value:
            if key not in declared:
                raise DataError(
                    f"unknown key '{where.child(key).shown}': expected one of "
                    f"{', '.join(sorted(declared))}",
                    where.path,
                    where.child(key).line(),
                )
    out: dict[str, Any] = {}
    for f in spec.fields:
        if f.name not in value:
            if f.required:
                at = where.child(f.name)
                raise DataError(f"missing key '{at.shown}'", where.path, where.line())
            default = f.default  # a copy of a list or table: each record its own
            out[f.attr or f.name] = default.copy() if isinstance(default, list | dict) else default
            continue
        got = value[f.name]
        if isinstance(f.spec, Table | ListOf | MapOf):
            got = check(f.spec, got, where.child(f.name))
        else:
            _plain(f.spec, got, where, f.name)
        if f.choices and got not in f.choices:
            raise where.child(f.name).error(f"expected {choice_text(f.choices)}, got {got!r}")
        if f.check is not None:
            got = f.check(got, where.child(f.name))
        out[f.attr or f.name] = got
    if spec.rest is not None:
        rest = {
            k: check(spec.rest, v, where.child(k)) for k, v in value.items() if k not in declared
        }
        if spec.rest_as:
            out[spec.rest_as] = rest
        else:
            out.update(rest)
    return spec.build(out, where) if spec.build is not None else out


def line(value: str, where: Where) -> str:
    """A `Field` check for a name shown on one line (a map's, a place's): some text, no line
    break or other control character; the value without the spaces around it."""
    if not value.strip():
        raise where.error("expected a name, got an empty one")
    if not value.isprintable():
        raise where.error(f"expected a name on one line (no line breaks or tabs), got {value!r}")
    return value.strip()


def colour(value: str, where: Where) -> str:
    """A `Field` check for a colour (#rrggbb or a name): the value as ``#rrggbb``."""
    found = colour_value(value.strip())
    if found is None:
        raise where.error(f"{COLOUR_EXPECTED}, got {value!r}")
    return found


def validate(path: Path, schema: Any, data: dict[str, Any]) -> Any:
    """A whole file's parsed TOML checked against its schema (the file's one validation)."""
    return check(schema, data, Where(path))


# --------------------------------------------------------------------------- loading, once

_CACHE: dict[tuple[Any, ...], tuple[Any, Any]] = {}
_CACHE_SIZE = 128
_LOCK = threading.Lock()


def _stamp(path: Path) -> tuple[str, int, int]:
    try:
        return file_stamp(path)
    except FileNotFoundError:
        raise DataError("file not found", path) from None


@overload
def load(
    path: str | os.PathLike[str],
    schema: Any,
    build: None = None,
    depends: tuple[Path, ...] = (),
) -> Any: ...


@overload
def load(
    path: str | os.PathLike[str],
    schema: Any,
    build: Callable[[Any, Path], T],
    depends: tuple[Path, ...] = (),
) -> T: ...


def load(
    path: str | os.PathLike[str],
    schema: Any,
    build: Callable[[Any, Path], T] | None = None,
    depends: tuple[Path, ...] = (),
) -> Any:
    """Read ``path``, check it against ``schema`` and ``build(checked, path)`` its record.

    Once per process: cached per (absolute path, modification time and size) of the file and of
    every file in ``depends`` (another file the record takes defaults from). A file that fails is
    not cached: fixed on disk, it is read again.
    """
    p = Path(path)
    stamps = (_stamp(p), *(_stamp(d) for d in depends))
    note_read(*stamps)
    key = (id(schema), build, *stamps)
    with _LOCK:
        found = _CACHE.get(key)
    if found is not None:
        return found[1]
    checked = validate(p, schema, read_toml(p))
    record = build(checked, p) if build is not None else checked
    with _LOCK:  # the web server's threads share the cache
        if len(_CACHE) >= _CACHE_SIZE:
            _CACHE.pop(next(iter(_CACHE)))
        _CACHE[key] = (schema, record)  # the schema held: its id is not reused while cached
    return record


def clear_cache() -> None:
    """Forget every loaded file (tests that count validations start from here)."""
    with _LOCK:
        _CACHE.clear()


# --------------------------------------------------------------------------- finding the line

_NAME = r"""(?:"[^"]*"|'[^']*'|[A-Za-z0-9_-]+)"""


@cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    """A table header, a key and one part of a dotted key: compiled when a line is first
    looked for (only to word an error: a command that reads good files never needs them)."""
    return (
        re.compile(r"^\s*(\[\[?)\s*([^\]]+?)\s*\]\]?\s*(#.*)?$"),
        re.compile(rf"^\s*({_NAME}(?:\s*\.\s*{_NAME})*)\s*="),
        re.compile(r""""([^"]*)"|'([^']*)'|([A-Za-z0-9_-]+)"""),
    )


def _parts(dotted: str) -> tuple[str, ...]:
    part = _patterns()[2]
    return tuple(next(g for g in m.groups() if g is not None) for m in part.finditer(dotted))


def key_lines(text: str) -> dict[tuple[str | int, ...], int]:
    """Each table header's and key's path (array-of-tables items numbered) → its first line."""
    first: dict[tuple[str | int, ...], int] = {}
    counts: dict[tuple[str | int, ...], int] = {}
    table: tuple[str | int, ...] = ()
    in_string = False
    header_re, key_re, _part_re = _patterns()
    for number, line in enumerate(text.splitlines(), start=1):
        opens = (line.count('"""') + line.count("'''")) % 2 == 1
        if in_string:
            in_string = not opens
            continue
        in_string = opens
        header = header_re.match(line)
        if header:
            names = _parts(header.group(2))
            table = _resolve(names, counts)
            if header.group(1) == "[[":
                counts[names] = counts.get(names, -1) + 1
                table = (*_resolve(names[:-1], counts), names[-1], counts[names])
            for n in range(1, len(table) + 1):  # a parent table written implicitly: here
                first.setdefault(table[:n], number)
            continue
        key = key_re.match(line)
        if key:
            first.setdefault((*table, *_parts(key.group(1))), number)
    return first


def _resolve(names: tuple[str, ...], counts: dict[tuple[str | int, ...], int]) -> tuple:
    """A header's path with the current item of every array of tables it lies in."""
    out: list[str | int] = []
    for i, name in enumerate(names):
        out.append(name)
        at = counts.get(names[: i + 1])
        if at is not None:
            out.append(at)
    return tuple(out)


def key_line(path: Path, keys: tuple[str | int, ...]) -> int | None:
    """The line where ``keys`` (or the nearest enclosing key written on a line) is written."""
    try:
        lines = key_lines(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError):
        return None
    keys = tuple(str(k) if not isinstance(k, int) else k for k in keys)
    for n in range(len(keys), 0, -1):
        if keys[:n] in lines:
            return lines[keys[:n]]
    return None
