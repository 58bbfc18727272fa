"""Who's Next games in a SQLite file: one transaction per command, undoable, crash-safe.

A kill updates two player rows and adds one history row (the format is in
`companion.whos_next.game_file`) inside one ``BEGIN IMMEDIATE`` transaction, so a crash or
``kill -9``
leaves the game before or after the kill, never between, and two commands on the same file
queue up (busy timeout) instead of corrupting it. The journal is SQLite's default rollback
journal (the game is one file when no command is running). The rules themselves live in
`companion.whos_next.ring`; this module reads the game through `SqlView` and writes what they
decide.
"""

from __future__ import annotations

import os
import random
import sqlite3
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from companion.errors import DataError, InputError
from companion.whos_next import ring as rules
from companion.whos_next.game_file import (
    APPLICATION_ID,
    DEATH_COLUMNS,
    NO_GAME,
    SCHEMA,
    SCHEMA_VERSION,
    SqlView,
    death_from_row,
    death_values,
    default_game_path,
)

__all__ = ["NO_GAME", "PAUSE_ENV", "Outcome", "Store", "default_game_path"]

BUSY_SECONDS = 30.0
# Test hook: "SECONDS[:MARKER]" sleeps between writing a change and committing it (after
# creating the file MARKER), so a test can kill -9 the process inside the transaction.
PAUSE_ENV = "HAVOC_RING_TEST_PAUSE"


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _test_pause() -> None:
    setting = os.environ.get(PAUSE_ENV)
    if not setting:
        return
    seconds, _, marker = setting.partition(":")
    if marker:
        Path(marker).write_text(str(os.getpid()))
    time.sleep(float(seconds))


@dataclass(frozen=True)
class Outcome:
    """A death written (or undone), with the game's state right after it."""

    death: rules.Death
    alive: int
    winner: str | None


class Store:
    """One open game file. ``create=True`` (for `ring new`) makes the file if needed."""

    def __init__(self, path: str | os.PathLike[str] | None = None, *, create: bool = False):
        self.path = Path(path) if path is not None else default_game_path()
        if self.path.is_dir():
            raise InputError(f"{self.path} is a directory, not a game file")
        if not self.path.exists():
            if not create:
                raise InputError(NO_GAME)
            self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            self.conn = sqlite3.connect(self.path, timeout=BUSY_SECONDS, isolation_level=None)
        except sqlite3.Error as exc:
            raise DataError(f"cannot open the game file: {exc}", self.path) from None
        try:
            self._check_file(create)
        except sqlite3.DatabaseError:
            self.conn.close()
            raise DataError("not a Havoc Kit game database", self.path) from None
        except BaseException:
            self.conn.close()
            raise

    def _check_file(self, create: bool) -> None:
        app_id = self.conn.execute("PRAGMA application_id").fetchone()[0]
        if app_id == APPLICATION_ID:
            version = self.conn.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                raise DataError(
                    f"game file made by a newer Havoc Kit (schema {version}); upgrade the kit",
                    self.path,
                )
        elif app_id != 0 or self.conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]:
            raise DataError("not a Havoc Kit game database", self.path)
        elif not create:
            raise InputError(NO_GAME)
        # SQLite's defaults are kept on purpose: a rollback journal (one file at rest, a hot
        # journal rolled back by the next open after a crash) and synchronous = FULL. WAL was
        # measured slower here: every command opens and closes the file, and each close
        # checkpoints the WAL.

    def close(self) -> None:
        self.conn.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------------ transactions

    @contextmanager
    def _transaction(self, write: bool) -> Iterator[SqlView]:
        try:
            self.conn.execute("BEGIN IMMEDIATE" if write else "BEGIN")
        except sqlite3.OperationalError as exc:
            raise DataError(f"game file busy or unwritable: {exc}", self.path) from None
        try:
            yield SqlView(self.conn)
            if write:
                _test_pause()
            self.conn.execute("COMMIT")
        except sqlite3.DatabaseError as exc:
            self._rollback()
            raise DataError(f"game file error: {exc}", self.path) from None
        except BaseException:
            self._rollback()
            raise

    def _rollback(self) -> None:
        if self.conn.in_transaction:  # a failed COMMIT may already have rolled back
            self.conn.execute("ROLLBACK")

    def _has_game(self) -> bool:
        tables = self.conn.execute(
            "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'game'"
        ).fetchone()[0]
        return bool(tables) and self.conn.execute("SELECT count(*) FROM game").fetchone()[0] > 0

    def _require_game(self) -> None:
        if not self._has_game():
            raise InputError(NO_GAME)

    # ------------------------------------------------------------------ operations

    def new_game(
        self,
        names: Iterable[str],
        rng: random.Random | None = None,
        *,
        force: bool = False,
        order: bool = False,
    ) -> tuple[rules.Ring, str | None]:
        """Draw a new ring; refuse to replace any saved game (in progress, or finished and
        keeping its scores) unless ``force``.

        ``order=True``: ``names`` are the ring as the umpire arranged it (each hunts the next,
        the last hunts the first) instead of a random draw; the players are then kept in name
        order, so nothing that lists them (`ring status`) gives the ring away.

        Returns the ring and, when a game was replaced, a note saying which.
        """
        ring = rules.arranged_ring(names) if order else rules.new_ring(names, rng)
        with self._transaction(write=True) as view:
            replaced = None
            if self._has_game():
                alive, total = view.alive_count(), view.player_count()
                if alive > 1 and not force:
                    raise InputError(
                        f"a game is in progress ({alive} of {total} alive): "
                        "add --force to replace it"
                    )
                if not force:
                    raise InputError(
                        f"the game here is over (won by {view.winner()}) and keeps its "
                        "scores: add --force to replace it"
                    )
                replaced = (
                    f"replaced the game in progress ({alive} of {total} alive)"
                    if alive > 1
                    else f"replaced the finished game (won by {view.winner()})"
                )
                self.conn.execute("DELETE FROM history")
                self.conn.execute("DELETE FROM players")
                self.conn.execute("DELETE FROM game")
            else:
                for statement in SCHEMA.split(";")[:-1]:  # executescript would commit
                    self.conn.execute(statement)
                self.conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                self.conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            seats = {name: i for i, name in enumerate(ring.players)}
            self.conn.executemany(
                "INSERT INTO players (seat, name, key, victim, died) VALUES (?, ?, ?, ?, NULL)",
                ((seats[p], p, rules.name_key(p), seats[ring.victims[p]]) for p in ring.players),
            )
            self.conn.execute(
                "INSERT INTO game (id, players, created) VALUES (1, ?, ?)",
                (len(ring.players), _now()),
            )
            self.conn.execute("INSERT INTO history (op, at) VALUES ('new', ?)", (_now(),))
        return ring, replaced

    def _apply(self, view: SqlView, death: rules.Death) -> None:
        self.conn.execute(
            "UPDATE players SET victim = NULL, died = ? WHERE seat = ?",
            (death.number, view.seat(death.dead)),
        )
        self.conn.execute(
            "UPDATE players SET victim = ? WHERE seat = ?",
            (view.seat(death.inherited), view.seat(death.hunter)),
        )
        self.conn.execute(
            f"INSERT INTO history (op, at, {DEATH_COLUMNS})"
            " VALUES ('death', ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (_now(), *death_values(view.seat, death)),
        )

    def kill(self, killer: str, victim: str) -> Outcome:
        """The umpire confirms KILLER killed his own VICTIM."""
        with self._transaction(write=True) as view:
            self._require_game()
            death = rules.plan_kill(view, killer, victim)
            self._apply(view, death)
            return Outcome(death, view.alive_count(), view.winner())

    def duel(
        self,
        attacker: str,
        defender: str,
        effect_of: Callable[[int], str],
        roll: Callable[[], int],
        check: Callable[[], None] | None = None,
        *,
        contest_at: int,
    ) -> Outcome:
        """Roll ATTACKER against DEFENDER (see `companion.whos_next.ring.plan_duel`) and apply it.

        ``check`` runs after the dice, before anything is written (e.g. refusing dice the
        user gave that the duel did not use).
        """
        with self._transaction(write=True) as view:
            self._require_game()
            death = rules.plan_duel(
                view, attacker, defender, effect_of, roll, contest_at=contest_at
            )
            if check is not None:
                check()
            self._apply(view, death)
            return Outcome(death, view.alive_count(), view.winner())

    def undo(self) -> Outcome:
        """Step back over the last death; the drawing of the ring cannot be undone."""
        with self._transaction(write=True) as view:
            self._require_game()
            row = self.conn.execute(
                f"SELECT seq, op, {DEATH_COLUMNS} FROM history ORDER BY seq DESC LIMIT 1"
            ).fetchone()
            if row is None or row[1] != "death":
                raise InputError("nothing to undo: nobody has died since the ring was drawn")
            seq, _op, number, dead, _by, hunter, inherited = row[:7]
            hunter_row = self.conn.execute(
                "SELECT victim, died FROM players WHERE seat = ?", (hunter,)
            ).fetchone()
            dead_row = self.conn.execute(
                "SELECT died FROM players WHERE seat = ?", (dead,)
            ).fetchone()
            if hunter_row != (inherited, None) or dead_row != (number,):
                raise DataError("game file damaged: the last death does not match the ring")
            self.conn.execute("UPDATE players SET victim = ? WHERE seat = ?", (dead, hunter))
            self.conn.execute(
                "UPDATE players SET victim = ?, died = NULL WHERE seat = ?", (inherited, dead)
            )
            self.conn.execute("DELETE FROM history WHERE seq = ?", (seq,))
            death = death_from_row(view.name_at, row[2:])
            return Outcome(death, view.alive_count(), None)

    def victim(self, player: str) -> tuple[str, str]:
        """(player as entered, his current victim): the umpire's private look-up."""
        with self._transaction(write=False) as view:
            self._require_game()
            victim = rules.victim(view, player)
            return view.lookup(player) or player, victim

    def names(self, *, alive_only: bool = False) -> list[str]:
        """The players' names in seat order (entry order, or name order for an arranged
        ring), only the alive ones if ``alive_only``: for naming players by prefix and for
        shell completion. Never the ring order."""
        where = " WHERE died IS NULL" if alive_only else ""
        with self._transaction(write=False):
            self._require_game()
            rows = self.conn.execute(f"SELECT name FROM players{where} ORDER BY seat").fetchall()
        return [name for (name,) in rows]

    def load(self) -> rules.Ring:
        """The whole game as an in-memory `Ring` (checked to be one cycle)."""
        with self._transaction(write=False):
            self._require_game()
            rows = self.conn.execute(
                "SELECT seat, name, victim, died FROM players ORDER BY seat"
            ).fetchall()
            history = self.conn.execute(
                f"SELECT {DEATH_COLUMNS} FROM history WHERE op = 'death' ORDER BY seq"
            ).fetchall()
        names = {seat: name for seat, name, _v, _d in rows}
        try:
            victims = {name: names[v] for _s, name, v, died in rows if died is None}
            deaths = tuple(death_from_row(names.__getitem__, row) for row in history)
        except KeyError:
            raise DataError("game file damaged: a victim is not a player", self.path) from None
        if not rules.is_single_cycle(victims):
            raise DataError("game file damaged: the ring is not one cycle", self.path)
        return rules.Ring(tuple(names[s] for s, *_ in rows), victims, deaths)
