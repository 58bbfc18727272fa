"""Kniggits print settings from ``cards/kniggits/print.toml``: token colours, letters, counts.

The kit's own choices (colours, spares, the default dozen standees a side) live in that file,
apart from the rules' numbers (``rules.toml``, read through `companion.kniggits.rules`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from companion.data import Cards, read_toml, require, unknown_keys
from companion.errors import DataError
from companion.kniggits.rules import GAME, ROLES

PRINT_FILE = "print.toml"
_HEX = re.compile(r"^#[0-9a-fA-F]{6}$")


@dataclass(frozen=True)
class TokenKind:
    """One kind of skill token: its role (movement, attack, defense) and how it is printed."""

    role: str
    label: str
    letter: str
    colour: str
    ink: str


@dataclass(frozen=True)
class ArmyColour:
    """How one army is told apart: a colour, and a word and letter that say it too."""

    word: str
    letter: str
    colour: str


@dataclass(frozen=True)
class PrintSettings:
    """Everything ``print.toml`` holds."""

    path: Path
    per_colour: int
    spares: int
    kinds: dict[str, TokenKind]
    standees_per_side: int
    sides: int
    armies: tuple[ArmyColour, ...]


def _colour(table: dict, key: str, path: Path, prefix: str) -> str:
    value = require(table, key, str, path, prefix)
    if not _HEX.match(value):
        raise DataError(f"key '{prefix}.{key}': expected a colour such as #1f2f6b", path)
    return value.lower()


def _count(table: dict, key: str, path: Path, prefix: str, low: int = 0) -> int:
    value = require(table, key, int, path, prefix)
    if not low <= value <= 10_000:
        raise DataError(f"key '{prefix}.{key}': expected {low} to 10000, got {value}", path)
    return value


def load_settings(path: str | Path) -> PrintSettings:
    """Read and check ``print.toml``; mistakes are one line naming the file and key."""
    path = Path(path)
    data = read_toml(path)
    unknown_keys(data, ("tokens", "standees", "armies"), path)
    tokens = require(data, "tokens", dict, path)
    unknown_keys(tokens, ("per_colour", "spares", *ROLES), path, "tokens")
    kinds: dict[str, TokenKind] = {}
    for role in ROLES:
        prefix = f"tokens.{role}"
        table = require(tokens, role, dict, path, "tokens")
        unknown_keys(table, ("label", "letter", "colour", "ink"), path, prefix)
        letter = require(table, "letter", str, path, prefix)
        if len(letter.strip()) != 1:
            raise DataError(f"key '{prefix}.letter': expected one letter, got {letter!r}", path)
        kinds[role] = TokenKind(
            role,
            require(table, "label", str, path, prefix),
            letter.strip(),
            _colour(table, "colour", path, prefix),
            _colour(table, "ink", path, prefix),
        )
    letters = [k.letter.upper() for k in kinds.values()]
    if len(set(letters)) != len(letters):
        raise DataError("key 'tokens': each kind needs its own letter", path)
    standees = require(data, "standees", dict, path)
    unknown_keys(standees, ("per_side", "sides"), path, "standees")
    armies_raw = require(data, "armies", list, path)
    armies = []
    for index, table in enumerate(armies_raw):
        prefix = f"armies[{index}]"
        if not isinstance(table, dict):
            raise DataError(f"key '{prefix}': expected a table", path)
        unknown_keys(table, ("word", "letter", "colour"), path, prefix)
        armies.append(
            ArmyColour(
                require(table, "word", str, path, prefix),
                require(table, "letter", str, path, prefix),
                _colour(table, "colour", path, prefix),
            )
        )
    if len(armies) < 2:
        raise DataError("key 'armies': expected at least two army colours", path)
    return PrintSettings(
        path,
        _count(tokens, "per_colour", path, "tokens", 1),
        _count(tokens, "spares", path, "tokens"),
        kinds,
        _count(standees, "per_side", path, "standees", 1),
        _count(standees, "sides", path, "standees", 1),
        tuple(armies),
    )


def settings(cards: Cards) -> PrintSettings:
    """The print settings from a cards directory (a user's copy first)."""
    return load_settings(cards.path(GAME, PRINT_FILE))
