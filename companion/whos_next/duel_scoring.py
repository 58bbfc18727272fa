"""Who's Next data from cards/: the attack table the duel rolls on, the contest, the scoring.

The attack is `cards/whos-next/tables/attack.toml` (the kit's generic table format); the duel
acts on each row's ``effect`` code. `cards/whos-next/duel.toml` says from how few players left
the duel is a contest instead (both roll, highest wins). The victory-points table is lost from
the rules, so `cards/whos-next/scoring.toml` holds the kit's own labelled default; only the
tie-break (the player who survived longest wins) comes from the rules and is always applied.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

from companion import schema
from companion.data import Cards
from companion.errors import DataError
from companion.schema import Field, Table, Where
from companion.tables import read_table
from companion.whos_next.ring import EFFECTS, MAX_PLAYERS, Ring, kills

GAME = "whos-next"
DUEL_FILE = "duel.toml"
POINT_KEYS = ("own_victim", "other_kill", "outlived", "last_standing")


class Outcome(NamedTuple):
    """What one face of the attack die does: the result as printed and its effect code."""

    result: str
    effect: str


@dataclass(frozen=True)
class AttackTable:
    """The d6 attack: for each face, the printed result and its effect code."""

    title: str
    sides: int
    source: str
    note: str
    rows: dict[int, Outcome]  # face -> (result as printed, effect)
    path: Path
    contest_at: int  # this many players left or fewer: both roll instead (duel.toml)

    def effect(self, face: int) -> str:
        """The effect code for a die face (faces are checked when the table is read)."""
        return self.rows[face].effect

    def result(self, face: int) -> str:
        return self.rows[face].result


def load_attack_table(cards: Cards) -> AttackTable:
    """Read the attack table (checked by the generic table loader, `companion.tables`); the
    duel also needs one die and exactly one known effect for each of its faces."""
    path = cards.path(GAME, "tables/attack.toml")
    table = read_table(path, GAME)
    match = re.fullmatch(r"d(\d+)", table.die.strip())
    if not match:
        raise DataError(f"key 'die': the duel rolls one die like \"d6\", got {table.die!r}", path)
    sides = int(match.group(1))
    rows: dict[int, Outcome] = {}
    for i, row in enumerate(table.rows):
        if row.effect not in EFFECTS:
            raise DataError(
                f"key 'rows[{i}].effect': the duel needs one of {', '.join(EFFECTS)}, "
                f"got {row.effect!r}",
                path,
            )
        for printed in row.faces:
            face = 10 if sides == 10 and printed == 0 else printed  # a d10 prints ten as 0
            if face in rows:
                raise DataError(
                    f"key 'rows[{i}].faces': face {printed} is already in an earlier row; "
                    "the duel needs one outcome per face",
                    path,
                )
            rows[face] = Outcome(row.result, row.effect)
    missing = [f for f in range(1, sides + 1) if f not in rows]
    if missing:
        raise DataError(
            f"face {missing[0]} is in no row (not in the source rules?): the duel needs "
            f"an outcome for every face of the d{sides}",
            path,
        )
    contest = load_contest(cards)
    return AttackTable(
        table.title, sides, table.source, table.note or "", rows, path, contest.contest_at
    )


@dataclass(frozen=True)
class Contest:
    """From how few players left the duel is a contest: both roll one die, highest wins."""

    contest_at: int
    source: str
    reading: str
    path: Path


def _contest_at(contest_at: int, where: Where) -> int:
    if not 0 <= contest_at <= MAX_PLAYERS:
        raise where.error(
            f"expected players left from 0 (never) to {MAX_PLAYERS:,}, got {contest_at}"
        )
    return contest_at


DUEL = Table(
    (Field("source", str), Field("reading", str), Field("contest_at", int, check=_contest_at))
)
"""duel.toml."""


def load_contest(cards: Cards) -> Contest:
    """Read and check `whos-next/duel.toml` (the user's copy first; once while unchanged)."""
    return schema.load(cards.path(GAME, DUEL_FILE), DUEL, _contest)


def _contest(data: dict[str, Any], path: Path) -> Contest:
    return Contest(data["contest_at"], data["source"], data["reading"], path)


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


SCORING = Table(
    (
        Field("label", str),
        Field("source", str),
        Field("points", Table(tuple(Field(k, int) for k in POINT_KEYS))),
    )
)
"""scoring.toml: the kit's victory points."""


def load_scoring(cards: Cards) -> Scoring:
    """Read `whos-next/scoring.toml` (the user's copy first; once while unchanged)."""
    return schema.load(cards.path(GAME, "scoring.toml"), SCORING, _scoring)


def _scoring(data: dict[str, Any], path: Path) -> Scoring:
    return Scoring(data["label"], data["source"], path=path, **data["points"])


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


def winner(ring: Ring, scoring: Scoring) -> str | None:
    """Who won, once the game is over (None before): the most points; equal points, the
    player who survived longest (the rules). The last one standing need not be the winner."""
    if ring.winner() is None:
        return None
    return scores(ring, scoring)[0].name


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
