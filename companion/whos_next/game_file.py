"""The Who's Next game file's format: its SQLite schema, and the ring rules' view of it.

A game file holds one row per player (his seat, name, current victim, death number) and a
history with one row per death, which is exactly what `undo` needs to step back. `SqlView` reads
it for the rules in `companion.whos_next.ring` inside a transaction
`companion.whos_next.store` opens;
`death_values` and `death_from_row` turn one `Death` into a history row and back.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Callable
from pathlib import Path

from companion.errors import DataError, InputError
from companion.whos_next import ring as rules

APPLICATION_ID = 0x48564B52  # "HVKR" in the SQLite header: a Havoc Kit ring game
SCHEMA_VERSION = 1
NO_GAME = "no game: start one with `havoc ring new NAME…`"
DEATH_COLUMNS = "number, dead, by, hunter, inherited, own, how, rolls"

SCHEMA = """
CREATE TABLE game (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    players INTEGER NOT NULL,
    created TEXT NOT NULL
);
CREATE TABLE players (
    seat INTEGER PRIMARY KEY,          -- order entered, from 0
    name TEXT NOT NULL,
    key TEXT NOT NULL UNIQUE,          -- case-folded name, for lookups
    victim INTEGER,                    -- seat of his victim, NULL once dead
    died INTEGER                       -- 1 for the first to die, NULL while alive
);
CREATE INDEX players_victim ON players (victim);
CREATE TABLE history (
    seq INTEGER PRIMARY KEY,
    op TEXT NOT NULL,                  -- 'new' (the ring was drawn) or 'death'
    at TEXT NOT NULL,
    number INTEGER, dead INTEGER, by INTEGER, hunter INTEGER, inherited INTEGER,
    own INTEGER, how TEXT, rolls TEXT
);
"""


def default_game_path() -> Path:
    """``$XDG_DATA_HOME/havoc-kit/whos-next.sqlite3`` (``~/.local/share`` without it)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "havoc-kit" / "whos-next.sqlite3"


def death_values(seat: Callable[[str], int], death: rules.Death) -> tuple:
    """A death as the history row's ``DEATH_COLUMNS`` (players by seat)."""
    return (
        death.number,
        seat(death.dead),
        seat(death.by),
        seat(death.hunter),
        seat(death.inherited),
        int(death.own_victim),
        death.how,
        json.dumps([list(r) for r in death.rolls]),
    )


def death_from_row(name: Callable[[int], str], row: tuple) -> rules.Death:
    """A history row's ``DEATH_COLUMNS`` back as a `Death` (seats named by ``name``)."""
    number, dead, by, hunter, inherited, own, how, rolls = row
    return rules.Death(
        number,
        name(dead),
        name(by),
        name(hunter),
        name(inherited),
        bool(own),
        how,
        tuple(tuple(r) for r in json.loads(rolls or "[]")),
    )


class SqlView:
    """`companion.whos_next.ring.RingView` over a game file, inside the caller's transaction."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn
        self._rows: dict[str, tuple[int, int | None, int | None]] = {}  # name -> seat,victim,died
        self._names: dict[int, str] = {}

    def _remember(self, row: tuple) -> str:
        seat, name, victim, died = row
        self._rows[name] = (seat, victim, died)
        self._names[seat] = name
        return name

    def name_at(self, seat: int) -> str:
        if seat not in self._names:
            row = self.conn.execute(
                "SELECT seat, name, victim, died FROM players WHERE seat = ?", (seat,)
            ).fetchone()
            if row is None:
                raise DataError(f"game file damaged: no player in seat {seat}")
            self._remember(row)
        return self._names[seat]

    def seat(self, player: str) -> int:
        return self._rows[player][0]

    def lookup(self, name: str) -> str | None:
        row = self.conn.execute(
            "SELECT seat, name, victim, died FROM players WHERE key = ?", (rules.name_key(name),)
        ).fetchone()
        return None if row is None else self._remember(row)

    def is_alive(self, player: str) -> bool:
        return self._rows[player][2] is None

    def victim_of(self, player: str) -> str:
        victim = self._rows[player][1]
        if victim is None:
            raise DataError(f"game file damaged: {player} is alive but has no victim")
        return self.name_at(victim)

    def hunter_of(self, player: str) -> str:
        row = self.conn.execute(
            "SELECT seat, name, victim, died FROM players WHERE victim = ?", (self.seat(player),)
        ).fetchone()
        if row is None:
            raise DataError(f"game file damaged: nobody hunts {player}")
        return self._remember(row)

    def player_count(self) -> int:
        row = self.conn.execute("SELECT players FROM game WHERE id = 1").fetchone()
        if row is None:
            raise InputError(NO_GAME)
        return row[0]

    def death_count(self) -> int:
        row = self.conn.execute("SELECT number FROM history ORDER BY seq DESC LIMIT 1").fetchone()
        return 0 if row is None or row[0] is None else row[0]

    def alive_count(self) -> int:
        return self.player_count() - self.death_count()

    def winner(self) -> str | None:
        if self.alive_count() != 1:
            return None
        row = self.conn.execute(
            "SELECT seat, name, victim, died FROM players WHERE died IS NULL"
        ).fetchone()
        return self._remember(row)
