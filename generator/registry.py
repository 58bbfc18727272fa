"""The generator's view of the game registry (`companion.registry.GAMES`): each game's
`PRINTING` declaration (`generator/<game>/__init__.py`, see `generator.product`), and the
commands, products and reference sheets they add up to."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from companion import registry
from generator.product import Aid, Printing, Product

_KINDS = ("tables", "aid", "sheets")


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
    """What `build` makes of the games, game by game in registry order."""
    return [product for _, printing in printings() for product in printing.products]


def aids(kinds: tuple[str, ...] = _KINDS) -> list[Aid]:
    """Every game's reference sheets of these kinds: by kind, then by file name."""
    found = [aid for _, printing in printings() for aid in printing.aids if aid.kind in kinds]
    return sorted(found, key=lambda aid: (_KINDS.index(aid.kind), aid.file))


def resolve(where: str) -> Callable[..., Any]:
    """The function a ``"module:attribute"`` declaration names (its module imported now)."""
    module, attr = where.split(":")
    return getattr(importlib.import_module(module), attr)
