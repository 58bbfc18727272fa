"""Kniggits print settings from ``cards/kniggits/print.toml``: token colours, letters, counts.

The kit's own choices (colours, spares, the default dozen standees a side) live in that file,
apart from the rules' numbers (``rules.toml``, read through `companion.kniggits.rules`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion import schema
from companion.data import Cards
from companion.kniggits.rules import GAME, ROLES
from companion.schema import Field, ListOf, Table, Where

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


def _colour(value: str, where: Where) -> str:
    if not _HEX.match(value):
        raise where.error("expected a colour such as #1f2f6b")
    return value.lower()


def _count(low: int) -> Callable[[int, Where], int]:
    def check(value: int, where: Where) -> int:
        if not low <= value <= 10_000:
            raise where.error(f"expected {low} to 10000, got {value}")
        return value

    return check


def _letter(letter: str, where: Where) -> str:
    if len(letter.strip()) != 1:
        raise where.error(f"expected one letter, got {letter!r}")
    return letter.strip()


def _kinds(tokens: dict[str, Any], where: Where) -> dict[str, Any]:
    letters = [tokens[role].letter.upper() for role in ROLES]
    if len(set(letters)) != len(letters):
        raise where.error("each kind needs its own letter")
    return tokens


def _armies(armies: list[ArmyColour], where: Where) -> tuple[ArmyColour, ...]:
    if len(armies) < 2:
        raise where.error("expected at least two army colours")
    return tuple(armies)


TOKEN_KIND = Table(
    (
        Field("label", str),
        Field("letter", str, check=_letter),
        Field("colour", str, check=_colour),
        Field("ink", str, check=_colour),
    ),
    build=lambda v, where: TokenKind(where.name, **v),
)
ARMY = Table(
    (Field("word", str), Field("letter", str), Field("colour", str, check=_colour)),
    build=lambda v, _where: ArmyColour(**v),
)
PRINT = Table(
    (
        Field(
            "tokens",
            Table(
                (
                    Field("per_colour", int, check=_count(1)),
                    Field("spares", int, check=_count(0)),
                    *(Field(role, TOKEN_KIND) for role in ROLES),
                )
            ),
            check=_kinds,
        ),
        Field(
            "standees",
            Table((Field("per_side", int, check=_count(1)), Field("sides", int, check=_count(1)))),
        ),
        Field("armies", ListOf(ARMY), check=_armies),
    )
)
"""print.toml: the kit's print choices for Kniggits."""


def load_settings(path: str | Path) -> PrintSettings:
    """Read and check ``print.toml`` (once while it is unchanged); mistakes are one line
    naming the file, the line and the key."""
    return schema.load(Path(path), PRINT, _build)


def _build(data: dict[str, Any], path: Path) -> PrintSettings:
    tokens, standees = data["tokens"], data["standees"]
    return PrintSettings(
        path,
        tokens["per_colour"],
        tokens["spares"],
        {role: tokens[role] for role in ROLES},
        standees["per_side"],
        standees["sides"],
        data["armies"],
    )


def settings(cards: Cards) -> PrintSettings:
    """The print settings from a cards directory (a user's copy first)."""
    return load_settings(cards.path(GAME, PRINT_FILE))
