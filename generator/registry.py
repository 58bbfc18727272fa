"""The generator's view of the game registry (`companion.registry.GAMES`): each game's
`PRINTING` declaration (`generator/<game>/__init__.py`, see `generator.product`), and the
commands, products and reference sheets they add up to, with the kit's own products (the
calibration sheet first, the reference sheets of every game last)."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from companion import registry
from generator.product import Printing, Product, ReferenceSheet

_KINDS = ("tables", "aid", "sheets")
CALIBRATION_PDF = "calibration.pdf"
CALIBRATION = Product(
    "the calibration sheet", "generator.commands.build:build_calibration", (CALIBRATION_PDF,)
)


def printings() -> list[tuple[str, Printing]]:
    """(package name, declaration) of every registered game, in registry order."""
    names = registry.GAMES  # read now: the registry is one list for both programs
    return [(name, importlib.import_module(f"generator.{name}").PRINTING) for name in names]


def pnp_commands() -> dict[str, str]:
    """Every game's `havoc-pnp` subcommands, ``name: "module:attribute"``."""
    found: dict[str, str] = {}
    for name, printing in printings():
        for command, where in printing.commands.items():
            if command in found:
                raise ValueError(f"`havoc-pnp {command}` is declared twice (again by {name})")
            found[command] = where
    return found


def products() -> list[Product]:
    """Everything `build` makes, in order: the calibration sheet, each game's products (game
    by game in registry order), then every game's reference sheets (one product)."""
    games = [product for _, printing in printings() for product in printing.products]
    files = tuple(sheet.file for sheet in sheets())
    references = Product(
        "the reference sheets", "generator.commands.build:build_reference_sheets", files
    )
    return [CALIBRATION, *games, references]


def sheets(kinds: tuple[str, ...] = _KINDS) -> list[ReferenceSheet]:
    """Every game's reference sheets of these kinds: by kind, then by file name."""
    found = [s for _, printing in printings() for s in printing.sheets if s.kind in kinds]
    return sorted(found, key=lambda sheet: (_KINDS.index(sheet.kind), sheet.file))


def resolve(where: str) -> Callable[..., Any]:
    """The function a ``"module:attribute"`` declaration names (its module imported now)."""
    module, attr = where.split(":")
    return getattr(importlib.import_module(module), attr)
