"""Who's Next data from cards/: the attack table the duel rolls on, and the scoring.

The attack is `cards/whos-next/tables/attack.toml` (the kit's generic table format); the duel
acts on each row's ``effect`` code. The victory-points table is lost from the rules, so
`cards/whos-next/scoring.toml` holds the kit's own labelled default; only the tie-break (the
player who survived longest wins) comes from the rules and is always applied.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.data import Cards, expect, read_toml, require, unknown_keys
from companion.errors import DataError
from companion.ring import EFFECTS, Ring, kills

GAME = "whos-next"
TABLE_KEYS = ("title", "die", "source", "note", "applies", "rows")
ROW_KEYS = ("faces", "result", "next", "effect")
POINT_KEYS = ("own_victim", "other_kill", "outlived", "last_standing")


@dataclass(frozen=True)
class AttackTable:
    """The d6 attack: for each face, the printed result and its effect code."""

    title: str
    sides: int
    source: str
    note: str
    rows: dict[int, tuple[str, str]]  # face -> (result as printed, effect)
    path: Path

    def effect(self, face: int) -> str:
        """The effect code for a die face (faces are checked when the table is read)."""
        return self.rows[face][1]

    def result(self, face: int) -> str:
        return self.rows[face][0]


def _face(value: Any, sides: int, path: Path, key: str) -> int:
    face = expect(value, int, path, key)
    if sides == 10 and face == 0:  # Cry Havoc d10 tables write ten as 0
        return 10
    if not 1 <= face <= sides:
        raise DataError(f"key '{key}': face {face} is not on a d{sides}", path)
    return face


def load_attack_table(cards: Cards) -> AttackTable:
    """Read and check the attack table; every face needs exactly one known effect."""
    path = cards.path(GAME, "tables/attack.toml")
    data = read_toml(path)
    unknown_keys(data, TABLE_KEYS, path)
    title = require(data, "title", str, path)
    die = require(data, "die", str, path)
    source = require(data, "source", str, path)
    note = expect(data.get("note", ""), str, path, "note")
    match = re.fullmatch(r"d(\d+)", die.strip())
    if not match or int(match.group(1)) < 2:
        raise DataError(f"key 'die': the attack is one die like \"d6\", got {die!r}", path)
    sides = int(match.group(1))
    rows: dict[int, tuple[str, str]] = {}
    for i, row in enumerate(require(data, "rows", list, path)):
        prefix = f"rows[{i}]"
        expect(row, dict, path, prefix)
        unknown_keys(row, ROW_KEYS, path, prefix)
        result = require(row, "result", str, path, prefix)
        effect = require(row, "effect", str, path, prefix)
        if effect not in EFFECTS:
            raise DataError(
                f"key '{prefix}.effect': expected one of {', '.join(EFFECTS)}, got {effect!r}",
                path,
            )
        for j, value in enumerate(require(row, "faces", list, path, prefix)):
            face = _face(value, sides, path, f"{prefix}.faces[{j}]")
            if face in rows:
                raise DataError(
                    f"key '{prefix}.faces': face {value} is already in an earlier row; "
                    "the duel needs one outcome per face",
                    path,
                )
            rows[face] = (result, effect)
    missing = [f for f in range(1, sides + 1) if f not in rows]
    if missing:
        raise DataError(
            f"face {missing[0]} is in no row (not in the source rules?): the duel needs "
            f"an outcome for every face of the d{sides}",
            path,
        )
    return AttackTable(title, sides, source, note, rows, path)


@dataclass(frozen=True)
class Scoring:
    """Victory points per event, and the label to show with them."""

    label: str
    source: str
    own_victim: int
    other_kill: int
    outlived: int
    last_standing: int
    path: Path

    def as_dict(self) -> dict[str, Any]:
        return {
            "label": self.label,
            "source": self.source,
            "points": {k: getattr(self, k) for k in POINT_KEYS},
        }


def load_scoring(cards: Cards) -> Scoring:
    """Read `whos-next/scoring.toml` (the user's copy first)."""
    path = cards.path(GAME, "scoring.toml")
    data = read_toml(path)
    unknown_keys(data, ("label", "source", "points"), path)
    label = require(data, "label", str, path)
    source = require(data, "source", str, path)
    points = require(data, "points", dict, path)
    unknown_keys(points, POINT_KEYS, path, "points")
    values = {k: require(points, k, int, path, "points") for k in POINT_KEYS}
    return Scoring(label, source, path=path, **values)


@dataclass(frozen=True)
class Standing:
    """One player's line in the scores."""

    rank: int
    name: str
    points: int
    own_victim_kills: int
    other_kills: int
    outlived: int
    alive: bool
    died: int | None  # 1 for the first to die

    def as_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)


def scores(ring: Ring, scoring: Scoring) -> list[Standing]:
    """Everyone ranked by points; equal points: the player who survived longest first.

    Players still alive (mid-game) with equal points share a rank.
    """
    tally = kills(ring)
    died = {d.dead: d.number for d in ring.deaths}
    winner = ring.winner()
    deaths = len(ring.deaths)
    lines = []
    for index, player in enumerate(ring.players):
        own, other = tally[player]
        number = died.get(player)
        outlived = deaths if number is None else number - 1
        points = (
            own * scoring.own_victim
            + other * scoring.other_kill
            + outlived * scoring.outlived
            + (scoring.last_standing if player == winner else 0)
        )
        survival = deaths + 1 if number is None else number
        lines.append(((-points, -survival), index, player, points, own, other, outlived, number))
    lines.sort()
    standings: list[Standing] = []
    previous, rank = None, 0
    for position, (key, _i, player, points, own, other, outlived, number) in enumerate(lines, 1):
        if key != previous:
            rank, previous = position, key
        standings.append(
            Standing(rank, player, points, own, other, outlived, number is None, number)
        )
    return standings
