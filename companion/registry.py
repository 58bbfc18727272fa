"""The one registry of games: `GAMES` names each game's package, one line per game.

A game lives in `companion/<game>/` (its rules, and `GAME`: see `companion.game`), in
`generator/<game>/` (its sheets, and `PRINTING`: see `generator.product`), under `cards/` and
`templates/`. The `havoc` CLI, the web app and its index read the companion's declarations here;
`havoc-pnp`, `build`, HOW-TO-PRINT and `aids` read the generator's (`generator/registry.py`).
"""

from __future__ import annotations

import importlib

from companion.game import Game

GAMES = (
    "dark_blades",
    "cthulhu_who",
    "kniggits",
    "whos_next",
)


def games() -> list[tuple[str, Game]]:
    """(package name, declaration) of every registered game, in registry order."""
    return [(name, importlib.import_module(f"companion.{name}").GAME) for name in GAMES]


def havoc_commands() -> dict[str, str]:
    """Every game's `havoc` subcommands, ``name: "module:attribute"``; a name two games claim
    is a programming error."""
    found: dict[str, str] = {}
    for name, game in games():
        for command, where in game.commands.items():
            if command in found:
                raise ValueError(f"`havoc {command}` is declared twice (again by {name})")
            found[command] = where
    return found


def blueprints() -> list[str]:
    """Every game's blueprint modules, in registry order."""
    return [module for _, game in games() for module in game.blueprints]
