"""Cthulhu Who? action points: ``cards/cthulhu-who/actions.toml`` (what one or two points buy).

Transcribed from the rules' "Turn Sequence": the die rolled at the start of a turn gives the
action points; each row says what one action point (or two) buys; `limits` are the printed
limits on a turn. Read by the player aid; checked here.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from companion.cthulhu_who.setup import GAME
from companion.data import Cards, expect, read_toml, require, unknown_keys
from companion.errors import DataError

ACTIONS_FILE = "actions.toml"


@dataclass(frozen=True)
class Actions:
    path: Path
    source: str
    die: str
    rows: tuple[tuple[int, str], ...]  # (cost in action points, what it buys)
    limits: tuple[str, ...]


def load_actions(cards: Cards) -> Actions:
    path = cards.path(GAME, ACTIONS_FILE)
    data = read_toml(path)
    unknown_keys(data, ("source", "die", "action", "limits"), path)
    rows = []
    for i, entry in enumerate(require(data, "action", list, path)):
        where = f"action[{i}]"
        expect(entry, dict, path, where)
        unknown_keys(entry, ("cost", "what"), path, where)
        cost = require(entry, "cost", int, path, where)
        if cost < 1:
            raise DataError(f"key '{where}.cost': expected 1 or more action points", path)
        rows.append((cost, require(entry, "what", str, path, where)))
    limits = require(data, "limits", dict, path)
    unknown_keys(limits, ("text",), path, "limits")
    texts = tuple(
        expect(t, str, path, f"limits.text[{i}]")
        for i, t in enumerate(require(limits, "text", list, path, "limits"))
    )
    return Actions(
        path,
        require(data, "source", str, path),
        require(data, "die", str, path),
        tuple(rows),
        texts,
    )
