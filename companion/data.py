"""Find the kit's data (cards/ and templates/) and read it, validated, into plain records.

Rosters are CSV (first column: how many); structured tables and settings are TOML. This module
finds the files and holds the TOML reader (its keys are declared and checked by
`companion.schema`) and the size limits every reader keeps; the CSV reader, which checks rows
against declared `Column`s, is `companion.csv_rosters` (apart, so a command that reads only TOML
does not load it). Every problem becomes one `DataError` line that names the file, the line or
key, and what was expected.
"""

from __future__ import annotations

import contextlib
import glob
import marshal
import os
import re
import stat
import sys
import time
import zlib
from collections.abc import Iterator
from contextvars import ContextVar
from functools import lru_cache
from pathlib import Path
from typing import Any

from companion.errors import DataError

PACKAGE_DIR = Path(__file__).resolve().parent
MISSING = "not in the source rules"  # what a gap in the kit's transcription of a table says


@lru_cache(maxsize=4)
def _bundled(name: str) -> Path:
    """The kit's own copy of cards/ or templates/: inside the wheel, or the source tree (looked
    for once: the install does not move while the kit runs)."""
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
            candidate = os.path.join(base, game, name)  # os.path: pathlib's is slower
            if _READS.get() is None:
                found = os.path.exists(candidate)
            else:  # a page kept while this answer holds: noted (as found, before it is read)
                found = file_stamps(candidate)[0][1] is not None
            if found:
                return _as_path(candidate)
        raise DataError(f"missing file {game}/{name} (expected under {self.root})")

    def glob(self, pattern: str) -> list[Path]:
        """Files matching ``pattern`` in the user's directory and the kit's, user's first.

        A user file hides the kit file with the same relative path.
        """
        seen: dict[str, Path] = {}
        for base in dict.fromkeys((self.root, self.default)):
            for found in _listing(base, pattern):
                seen.setdefault(found.replace(os.sep, "/"), _as_path(os.path.join(base, found)))
        return [seen[key] for key in sorted(seen)]


# A file's `Path`, made once per name (a phone page asks for the same few files on every tap).
_as_path = lru_cache(maxsize=1024)(Path)

_LISTINGS: dict[tuple[str, str], tuple[int, list[str]]] = {}


def _listing(base: Path, pattern: str) -> list[str]:
    """``glob.glob(pattern)`` under ``base`` (pathlib's glob is slower). A pattern whose
    wildcards are all in its last part lists one folder: that listing is kept while the folder's
    modification time is unchanged (a file added, removed or renamed changes it), except for a
    folder changed in the last two seconds (`RACY_NS`), so a phone page does not list the maps
    folder again on every tap."""
    folder, _, _name = pattern.rpartition("/")
    if any(c in folder for c in "*?["):
        note_unrepeatable()  # folders not known in advance: an answer from them is not kept
        return glob.glob(pattern, root_dir=base, include_hidden=True)
    where = os.path.join(base, folder)
    try:
        info = os.stat(where)
    except OSError:
        changed = None
        note_read((where, None, None))
    else:
        changed = info.st_mtime_ns
        note_read((where, changed, info.st_size))
    key = (where, pattern)
    kept = _LISTINGS.get(key)
    if kept is not None and changed is not None and kept[0] == changed:
        return kept[1]
    found = glob.glob(pattern, root_dir=base, include_hidden=True)
    if changed is not None and time.time_ns() - changed > RACY_NS:
        if len(_LISTINGS) >= 256:
            _LISTINGS.clear()
        _LISTINGS[key] = (changed, found)
    return found


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


MAX_INPUT_BYTES = 2 * 1024 * 1024  # any one data file the kit reads (cards, army lists)
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
    info = os.fstat(fd)
    if not stat.S_ISREG(info.st_mode):
        os.close(fd)
        if stat.S_ISDIR(info.st_mode):
            raise DataError("a directory, not a file: give a file", path)
        raise DataError("not a regular file (a pipe or a device?): give a file", path)
    with os.fdopen(fd, "rb") as handle:
        if info.st_size > limit:
            raise DataError(f"too large ({info.st_size:,} bytes; at most {limit:,})", path)
        try:
            data = handle.read(limit + 1)
        except OSError as exc:
            raise DataError(f"cannot read: {exc.strerror}", path) from None
    if len(data) > limit:
        raise DataError(f"too large (more than {limit:,} bytes)", path)
    return data


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


# --------------------------------------------------------------------------- TOML tables


@lru_cache(maxsize=64)
def _load_toml_cached(absolute: str, mtime_ns: int, size: int = -1) -> dict[str, Any]:
    stamp = (absolute, mtime_ns, size)
    kept = _from_disk_cache(stamp)
    if kept is not None:
        return kept
    path = Path(absolute)
    # the parser only on a cache miss (benchmarks/startup_tricks.py); before Python 3.14, tomli:
    # tomllib with a bad file's line as a field (3.14's own), not only in its message's words
    if sys.version_info >= (3, 14):
        import tomllib
    else:
        import tomli as tomllib

    try:
        text = read_limited(path).decode("utf-8")
    except UnicodeDecodeError:
        raise DataError("not UTF-8 text", path) from None
    try:
        data = _nesting(tomllib.loads(text), path)
    except RecursionError:
        raise DataError(f"tables or lists nested more than {MAX_NESTING} deep", path) from None
    except tomllib.TOMLDecodeError as exc:  # at the end of the file: its last line
        line = min(exc.lineno, len(text.splitlines()) or 1)
        raise DataError(f"not valid TOML: {exc.msg}", path, line) from None
    _to_disk_cache(stamp, data)
    return data


# --------------------------------------------------------------------------- the disk cache
# A parsed TOML file kept as `marshal` data, as Python keeps compiled modules: a command's cold
# start then reads it instead of parsing the TOML again (and need not import tomllib). Keyed by
# the file's absolute path, modification time and size, checked again on reading; written
# whole or not at all (a temporary file renamed into place); any trouble means no cache. A file
# modified in the last two seconds is not kept: an edit within the clock's step could leave its
# time and size as they were.
# ``HAVOC_CACHE_DIR`` names the directory ("off": none); else $XDG_CACHE_HOME/havoc-kit or
# ~/.cache/havoc-kit.


RACY_NS = 2_000_000_000  # a file changed in the last 2 s is not cached (as git does)


def cache_dir() -> Path | None:
    """Where parsed data files are cached, or None (``HAVOC_CACHE_DIR=off``)."""
    chosen = os.environ.get("HAVOC_CACHE_DIR", "")
    if chosen == "off":
        return None
    if chosen:
        return Path(chosen)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "havoc-kit"


def _cache_file(kind: str, key: str) -> Path | None:
    where = cache_dir()
    if where is None:
        return None
    tag = f"{sys.implementation.cache_tag}-{marshal.version}"
    return where / f"{kind}-{tag}-{zlib.crc32(key.encode('utf-8', 'surrogateescape')):08x}.marshal"


def _from_disk_cache(stamp: tuple[str, int, int], kind: str = "toml", key: str = "") -> Any:
    """What `_to_disk_cache` kept for exactly ``stamp`` (and ``key``), else None."""
    if stamp[2] < 0:
        return None
    try:
        file = _cache_file(kind, f"{stamp[0]}\n{key}")
        if file is None:
            return None
        kept = marshal.loads(file.read_bytes())
    except (OSError, ValueError, EOFError, TypeError):
        return None
    if isinstance(kept, tuple) and len(kept) == 3 and kept[0] == stamp and kept[1] == key:
        return kept[2]
    return None


def _to_disk_cache(
    stamp: tuple[str, int, int], data: Any, kind: str = "toml", key: str = ""
) -> None:
    if stamp[2] < 0 or time.time_ns() - stamp[1] < RACY_NS:
        return  # just written: a second edit within the clock's step could keep its stamp
    file = _cache_file(kind, f"{stamp[0]}\n{key}")
    if file is None:
        return
    part = file.with_name(f"{file.name}.{os.getpid()}.part")
    try:
        blob = marshal.dumps((stamp, key, data))
        file.parent.mkdir(parents=True, exist_ok=True)
        part.write_bytes(blob)
        os.replace(part, file)
    except (OSError, ValueError):  # unwritable, or a value marshal cannot keep: no cache
        with contextlib.suppress(OSError):
            part.unlink(missing_ok=True)


Stamp = tuple[str, int | None, int | None]  # a file's path, modification time and size


def file_stamp(path: Path) -> tuple[str, int, int]:
    """(absolute path, modification time, size): what the disk cache keys a file by."""
    info = path.stat()
    return (os.path.abspath(path), info.st_mtime_ns, info.st_size)


def file_stamps(*paths: str | os.PathLike[str]) -> tuple[Stamp, ...]:
    """Each file's path as given, modification time and size ((path, None, None) for one that
    is missing): a key for a cache in this process's memory that changes when any of them is
    edited, replaced, added or taken away (the disk cache uses `file_stamp`'s absolute path)."""
    out: list[Stamp] = []
    for path in paths:
        try:
            info = os.stat(path)
        except OSError:
            out.append((os.fspath(path), None, None))
        else:
            out.append((os.fspath(path), info.st_mtime_ns, info.st_size))
    note_read(*out)
    return tuple(out)


# --------------------------------------------------------------------------- what an answer read


class Reads:
    """The files an answer was made from, as they were (`file_stamps`), and whether it is
    ``repeatable``: the same files and request give the same answer (no die rolled unseeded)."""

    def __init__(self) -> None:
        self.stamps: dict[str, Stamp] = {}
        self.repeatable = True

    def settled(self) -> bool:
        """Repeatable, and no file changed in the last 2 s (`RACY_NS`: a second change in the
        same clock tick would keep its time)."""
        now = time.time_ns()
        return self.repeatable and all(
            s[1] is None or now - s[1] > RACY_NS for s in self.stamps.values()
        )


_READS: ContextVar[Reads | None] = ContextVar("havoc_reads", default=None)


@contextlib.contextmanager
def reading() -> Iterator[Reads]:
    """Note every file the code inside reads or looks for (`schema.load`, `Cards.path`, the
    folders `Cards.glob` lists, `file_stamps`): what a page kept for its address depends on."""
    reads = Reads()
    token = _READS.set(reads)
    try:
        yield reads
    finally:
        _READS.reset(token)


def note_read(*stamps: Stamp) -> None:
    """Note files read, as `file_stamps` gives them (nothing unless inside `reading`). A file
    seen twice, changed in between, makes the answer unrepeatable: it may hold both."""
    reads = _READS.get()
    if reads is not None:
        for stamp in stamps:
            seen = reads.stamps.setdefault(stamp[0], stamp)
            if seen != stamp:
                reads.repeatable = False


def note_unrepeatable() -> None:
    """Note that the answer being made cannot be made again alike, or cannot be told unchanged
    (an unseeded roll; files found under folders not known in advance)."""
    reads = _READS.get()
    if reads is not None:
        reads.repeatable = False


def unchanged(stamps: tuple[Stamp, ...]) -> bool:
    """Whether every file is still as ``stamps`` (from `Reads.stamps`) says."""
    return file_stamps(*(s[0] for s in stamps)) == stamps


def disk_cached(path: Path, kind: str, key: str, make: Any) -> Any:
    """``make()``, kept on disk for ``path`` as it is now and ``key`` (what else the result
    depends on, as text): a later process reads it back instead (see `cache_dir`)."""
    try:
        stamp = file_stamp(path)
    except OSError:
        return make()
    note_read(stamp)
    kept = _from_disk_cache(stamp, kind, key)
    if kept is not None:
        return kept
    made = make()
    _to_disk_cache(stamp, made, kind, key)
    return made


def read_toml(path: str | os.PathLike[str]) -> dict[str, Any]:
    """Parse a TOML file (cached until it changes on disk), or raise a located DataError."""
    p = Path(path)
    try:
        stat = p.stat()
    except FileNotFoundError:
        raise DataError("file not found", p) from None
    return _load_toml_cached(os.path.abspath(p), stat.st_mtime_ns, stat.st_size)
