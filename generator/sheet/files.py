"""Files the kit writes: atomically (a temporary file moved into place only on success), never
through a directory, device or looping symlink, and reportlab's streams without ASCII85.

`regular_target` is the check every writer shares (the page writer's PDFs, the staging of a
build); `not_a_link` the check inside a folder the kit fills; `atomic_file` writes one file;
`binary_streams` makes PDF streams smaller and faster.
"""

from __future__ import annotations

import os
import stat
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO

from companion.errors import InputError


@contextmanager
def atomic_file(path: str | os.PathLike[str], private: bool = False) -> Iterator[IO[bytes]]:
    """Write to a temporary file beside ``path`` and move it into place only on success; a
    ``private`` file is readable by its owner only (0600, as the Who's Next game file).

    An exception leaves any existing file untouched and removes the temporary file. A symlink
    is written through (its target is replaced, the link stays); anything else that exists and
    is not a regular file (a device, a FIFO, a socket) is refused, never replaced.
    """
    target = regular_target(Path(path))
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    except OSError as exc:
        raise InputError(f"cannot write there: {exc.strerror}", target) from None
    tmp = Path(tmp_name)
    try:
        with os.fdopen(fd, "wb") as handle:
            yield handle
        if not private:  # mkstemp made it 0600
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(tmp, 0o666 & ~umask)
        os.replace(tmp, target)
    except OSError as exc:
        tmp.unlink(missing_ok=True)
        raise InputError(f"cannot write: {exc.strerror or exc}", target) from None
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def not_a_pdf(path: Path) -> str | None:
    """Why the kit will not replace ``path`` with a PDF (None when it may): a file that is
    there and is not a PDF (``-o notes.txt`` must not replace the user's notes). An empty file
    or none at all may be written; a link is judged by what it points to."""
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return None  # a folder, a FIFO, a device: refused by the writer in its own words
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except OSError:
        return None  # none there, or a path the writer refuses in its own words
    with os.fdopen(fd, "rb") as handle:
        head = handle.read(1024)
    if not head or b"%PDF-" in head:  # the PDF header, within the first 1,024 bytes
        return None
    return "a file that is not a PDF is there: the kit replaces only a PDF; choose another name"


def not_a_link(path: Path, folder: Path) -> Path:
    """``path`` inside a folder the kit fills (``--svg DIR``): a symbolic link there is not
    the kit's, and is never written through nor replaced (refused in one line)."""
    if path.is_symlink():
        raise InputError(
            f"{path.name} in {folder} is a symbolic link the kit did not write: it is not "
            "written through; remove it or choose another folder"
        )
    return path


def regular_target(path: Path) -> Path:
    """The file to replace for ``path``: itself, or a symlink's final target; refuse what exists
    and is not a regular file."""
    if path.is_symlink():
        path = Path(os.path.realpath(path))
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return path
    except OSError as exc:
        raise InputError(f"cannot write there: {exc.strerror}", path) from None
    if stat.S_ISLNK(mode):
        # (no path argument: showing a looping path would resolve it again)
        raise InputError(f"{path}: cannot write there: the symlink loops back on itself")
    if not stat.S_ISREG(mode):
        kind = (
            "a directory"
            if stat.S_ISDIR(mode)
            else "a FIFO"
            if stat.S_ISFIFO(mode)
            else "a device"
            if stat.S_ISCHR(mode) or stat.S_ISBLK(mode)
            else "not a regular file"
        )
        raise InputError(
            f"cannot write there: it is {kind}, not a regular file (refusing to replace it); "
            "choose another output file",
            path,
        )
    return path


@contextmanager
def binary_streams() -> Iterator[None]:
    """Flate-compressed streams without reportlab's ASCII85 layer: smaller and faster."""
    from reportlab import rl_config

    saved = rl_config.useA85
    rl_config.useA85 = 0
    try:
        yield
    finally:
        rl_config.useA85 = saved
