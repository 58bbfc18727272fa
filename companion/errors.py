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


def listed(names: list[str] | tuple[str, ...], most: int = 8) -> str:
    """``a, b, c`` for a message: the first ``most`` names, then how many more."""
    shown = ", ".join(names[:most])
    return shown + (f" (and {len(names) - most} more)" if len(names) > most else "")


class UnknownName(InputError):
    """A typed name fits none of the choices (``what``: "table", "player", ...)."""

    def __init__(self, what: str, text: str, choices: tuple[str, ...]) -> None:
        self.what, self.text, self.choices = what, text, choices
        super().__init__(f"unknown {what} '{text}': expected {listed(choices)}")


class AmbiguousName(InputError):
    """A typed name fits several choices; ``matches`` holds every one of them."""

    def __init__(self, what: str, text: str, matches: tuple[str, ...]) -> None:
        self.what, self.text, self.matches = what, text, matches
        super().__init__(f"{what} '{text}' could be {listed(matches)}: type more of it")


class FieldError(InputError):
    """One field of a request is refused: ``field`` (the rules' name for it: ``die``,
    ``cover``, ``attacker_terrain``), the ``value`` given (None: none given) and the ``reason``.

    The rules never speak a front end's words: `str()` is a plain sentence naming the field;
    the CLI says it with the field's option, a page with the field's label (`said`).

    >>> str(FieldError("attacker_terrain", "x", "expected +, 0 or -, got 'x'"))
    "attacker terrain: expected +, 0 or -, got 'x'"
    >>> FieldError("die", "7", "a d6 shows 1 to 6, got 7").said("--die")
    '--die: a d6 shows 1 to 6, got 7'
    >>> FieldError("range", 40, "out of range", echo=True).said("Range")
    'Range 40: out of range'
    """

    def __init__(
        self, field: str, value: object, reason: str, echo: bool = False, named: bool = False
    ) -> None:
        self.field, self.value, self.reason = field, value, reason
        self.echo, self.named = echo, named
        super().__init__(self.said(field.replace("_", " ")))

    def said(self, name: str) -> str:
        """The refusal, naming the field as ``name`` (``--die``, "Die"), then the value given
        when ``echo`` (``--die 12: a d10 shows ...``); ``named``: the reason names what it
        refuses itself (``attacker 2: stunned: may not fire``) and is said as it is."""
        if self.named:
            return self.reason
        return f"{name} {self.value}: {self.reason}" if self.echo else f"{name}: {self.reason}"


class OptionError(InputError):
    """A command-line option's value is refused: ``option`` (``--piece-size``) and ``reason``.

    A command that offers the same value under its own name (``--square``) re-raises it with
    `renamed`.
    """

    def __init__(self, option: str, reason: str) -> None:
        self.option, self.reason = option, reason
        super().__init__(f"{option}: {reason}")

    def renamed(self, option: str) -> OptionError:
        """The same refusal, naming ``option`` instead."""
        return OptionError(option, self.reason)


class CellError(DataError):
    """One value of a data file is refused: ``column`` names it, ``reason`` says why."""

    def __init__(
        self,
        column: str,
        reason: str,
        path: str | os.PathLike[str] | None = None,
        line: int | None = None,
    ) -> None:
        self.column, self.reason = column, reason
        super().__init__(f"column '{column}': {reason}", path, line)


class UnknownColumn(DataError):
    """A CSV header names a column the file's kind does not have."""

    def __init__(
        self,
        column: str,
        expected: tuple[str, ...],
        path: str | os.PathLike[str] | None = None,
        line: int | None = None,
    ) -> None:
        self.column, self.expected = column, expected
        super().__init__(
            f"unknown column {column!r}: expected columns are {', '.join(expected)}", path, line
        )
