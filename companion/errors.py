"""The one error type the kit raises for bad data or bad input.

A `HavocError` carries a location (file, file:line, or a key) and a message. The CLIs print
`str(error)` as one line and exit with status 2; no traceback ever reaches a user.
"""

from __future__ import annotations

import os
from pathlib import Path

EXIT_BAD_INPUT = 2


def display_path(path: str | os.PathLike[str]) -> str:
    """Show a path relative to the working directory when it lies under it."""
    p = Path(path)
    try:
        return str(p.resolve().relative_to(Path.cwd().resolve()))
    except (ValueError, OSError, RuntimeError):  # RuntimeError: a symlink loop
        return str(p)


class HavocError(Exception):
    """Bad data or bad input, with where it was found.

    >>> str(HavocError("column 'attack': expected a whole number, got 'x'", "p.csv", 14))
    "p.csv:14: column 'attack': expected a whole number, got 'x'"
    """

    def __init__(
        self,
        message: str,
        path: str | os.PathLike[str] | None = None,
        line: int | None = None,
    ) -> None:
        self.message = message
        self.path = None if path is None else display_path(path)
        self.line = line
        super().__init__(str(self))

    def __str__(self) -> str:
        where = ""
        if self.path is not None:
            where = self.path if self.line is None else f"{self.path}:{self.line}"
        return f"{where}: {self.message}" if where else self.message


class DataError(HavocError):
    """A file under cards/ (or a user's own data file) is not as the kit expects."""


class InputError(HavocError):
    """A command-line value or request is not acceptable (a dice expression, a player...)."""
