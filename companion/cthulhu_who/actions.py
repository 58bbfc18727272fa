"""Cthulhu Who? action points: ``cards/cthulhu-who/actions.toml`` (what one or two points buy).

Transcribed from the rules' "Turn Sequence": the die rolled at the start of a turn gives the
action points; each row says what one action point (or two) buys; `limits` are the printed
limits on a turn. Read by the player aid; checked here.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

from companion import schema
from companion.cthulhu_who.setup import GAME
from companion.data import Cards
from companion.schema import Field, ListOf, Table, Where

ACTIONS_FILE = "actions.toml"


class ActionRow(NamedTuple):
    """What so many action points buy."""

    cost: int
    what: str


@dataclass(frozen=True)
class Actions:
    path: Path
    source: str
    die: str
    rows: tuple[ActionRow, ...]
    limits: tuple[str, ...]


def _cost(cost: int, where: Where) -> int:
    if cost < 1:
        raise where.error("expected 1 or more action points")
    return cost


ACTION = Table(
    (Field("cost", int, check=_cost), Field("what", str)),
    build=lambda v, _where: ActionRow(v["cost"], v["what"]),
)
ACTIONS = Table(
    (
        Field("source", str),
        Field("die", str),
        Field("action", ListOf(ACTION)),
        Field("limits", Table((Field("text", ListOf(str)),))),
    )
)
"""actions.toml."""


def load_actions(cards: Cards) -> Actions:
    """Read and check ``actions.toml`` (once while it is unchanged)."""
    return schema.load(cards.path(GAME, ACTIONS_FILE), ACTIONS, _build)


def _build(data: dict[str, Any], path: Path) -> Actions:
    rows, limits = tuple(data["action"]), tuple(data["limits"]["text"])
    return Actions(path, data["source"], data["die"], rows, limits)
