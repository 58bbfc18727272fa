"""A Kniggits battle in a SQLite file: the set-up and the events, one transaction per change.

As the Who's Next ring store (`companion.whos_next.store`): every change is one
``BEGIN IMMEDIATE`` transaction, so a crash or ``kill -9`` leaves the battle before or after
it, never between, and two changes on the same file queue up (busy timeout) instead of
corrupting it; SQLite's default rollback journal and ``synchronous = FULL`` are kept. The
battle itself is never stored: the set-up (two armies) and the list of events are, and
`companion.kniggits.battle.replay` rebuilds it, re-checking each event. Each change names
how many events the page it came from showed (``seen``), so a form sent twice, or from a page
that was out of date, is refused instead of fighting an exchange twice or undoing two.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from companion.errors import DataError, InputError
from companion.kniggits import battle as rules
from companion.kniggits.rules import KniggitRules

APPLICATION_ID = 0x4B4E4754  # "KNGT": a Havoc Kit Kniggits battle (the ring's file has its own)
SCHEMA_VERSION = 1
BUSY_SECONDS = 30.0
FILE_NAME = "kniggits-battle.sqlite3"
SCHEMA = """
CREATE TABLE battle (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    created TEXT NOT NULL,
    setup TEXT NOT NULL                -- JSON: companion.kniggits.battle.Setup.as_dict
);
CREATE TABLE events (
    seq INTEGER PRIMARY KEY,           -- 1, 2, 3... in the order they happened
    at TEXT NOT NULL,
    event TEXT NOT NULL                -- JSON: {"op": "phase"} or {"op": "fight", ...}
);
"""


class NoBattle(InputError):
    """No battle has been started in this file."""

    def __init__(self) -> None:
        super().__init__("no battle started: start one from two armies")


class OutOfDate(InputError):
    """The page a change came from showed an older battle than the file holds."""


def default_battle_path() -> Path:
    """``$XDG_DATA_HOME/havoc-kit/kniggits-battle.sqlite3`` (``~/.local/share`` without it),
    beside the Who's Next game file."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "havoc-kit" / FILE_NAME


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds")


class BattleStore:
    """One open battle file (made, with its folder's say-so, by ``create=True``)."""

    def __init__(self, path: str | os.PathLike[str], *, create: bool = False) -> None:
        self.path = Path(path)
        if self.path.is_dir():
            raise InputError(f"{self.path} is a directory, not a battle file")
        if not self.path.exists():
            if not create:
                raise NoBattle()
            if not self.path.parent.is_dir():
                raise InputError(f"cannot create {self.path}: the folder does not exist")
        try:
            self.conn = sqlite3.connect(self.path, timeout=BUSY_SECONDS, isolation_level=None)
            app_id = self.conn.execute("PRAGMA application_id").fetchone()[0]
            tables = self.conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
        except sqlite3.DatabaseError:
            raise DataError("not a Havoc Kit battle file", self.path) from None
        if app_id != APPLICATION_ID and (app_id != 0 or tables):
            self.conn.close()
            raise DataError("not a Havoc Kit battle file", self.path)

    def close(self) -> None:
        self.conn.close()

    def __enter__(self) -> BattleStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextmanager
    def _transaction(self, write: bool) -> Iterator[None]:
        try:
            self.conn.execute("BEGIN IMMEDIATE" if write else "BEGIN")
        except sqlite3.OperationalError as exc:
            raise DataError(f"battle file busy or unwritable: {exc}", self.path) from None
        try:
            yield
            self._commit()
        except sqlite3.DatabaseError as exc:
            self._rollback()
            raise DataError(f"battle file not changed: {exc}", self.path) from None
        except BaseException:
            self._rollback()
            raise

    def _commit(self) -> None:
        self.conn.execute("COMMIT")

    def _rollback(self) -> None:
        if self.conn.in_transaction:
            self.conn.execute("ROLLBACK")

    def _has_battle(self) -> bool:
        row = self.conn.execute(
            "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'battle'"
        ).fetchone()
        if not row[0]:
            return False
        return self.conn.execute("SELECT count(*) FROM battle").fetchone()[0] > 0

    def _read(self, kniggit_rules: KniggitRules) -> rules.Battle:
        """The battle replayed from the file (inside a transaction)."""
        if not self._has_battle():
            raise NoBattle()
        (setup_text,) = self.conn.execute("SELECT setup FROM battle WHERE id = 1").fetchone()
        events: list[Any] = []
        for seq, text in self.conn.execute("SELECT seq, event FROM events ORDER BY seq"):
            if seq != len(events) + 1:
                raise DataError(f"battle file damaged: event {len(events) + 1} is missing")
            try:
                events.append(json.loads(text))
            except ValueError:
                raise DataError(f"battle file damaged: event {seq} cannot be read") from None
        try:
            setup = json.loads(setup_text)
        except ValueError:
            raise DataError("battle file damaged: the set-up cannot be read") from None
        return rules.replay(kniggit_rules, rules.setup_from_dict(kniggit_rules, setup), events)

    def has_battle(self) -> bool:
        with self._transaction(write=False):
            return self._has_battle()

    def load(self, kniggit_rules: KniggitRules) -> rules.Battle:
        """The battle as it stands."""
        with self._transaction(write=False):
            return self._read(kniggit_rules)

    def new(
        self, kniggit_rules: KniggitRules, setup: rules.Setup, *, force: bool = False
    ) -> rules.Battle:
        """Start a battle; one in progress is replaced only with ``force``."""
        with self._transaction(write=True):
            if self._has_battle():
                if not force and self._read(kniggit_rules).winner() is None:
                    raise InputError("a battle is in progress: tick Replace to start another")
                self.conn.execute("DELETE FROM events")
                self.conn.execute("DELETE FROM battle")
            else:
                for statement in SCHEMA.split(";"):
                    if statement.strip():
                        self.conn.execute(statement)
                self.conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                self.conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            self.conn.execute(
                "INSERT INTO battle (id, created, setup) VALUES (1, ?, ?)",
                (_now(), json.dumps(setup.as_dict())),
            )
            return self._read(kniggit_rules)

    def add(self, kniggit_rules: KniggitRules, event: dict[str, Any], seen: int) -> rules.Battle:
        """Apply ``event`` to the battle the page showed (``seen`` events in); refused, nothing
        is written."""
        with self._transaction(write=True):
            battle = self._read(kniggit_rules)
            self._check_seen(battle, seen)
            after = rules.apply(battle, event)
            self.conn.execute(
                "INSERT INTO events (seq, at, event) VALUES (?, ?, ?)",
                (battle.events + 1, _now(), json.dumps(event)),
            )
            return after

    def undo(self, kniggit_rules: KniggitRules, seen: int) -> rules.Battle:
        """Drop the last event (the one the page showed last: ``seen``)."""
        with self._transaction(write=True):
            battle = self._read(kniggit_rules)
            self._check_seen(battle, seen)
            if not battle.events:
                raise InputError("nothing to undo: the battle has just started")
            self.conn.execute("DELETE FROM events WHERE seq = ?", (battle.events,))
            return self._read(kniggit_rules)

    def _check_seen(self, battle: rules.Battle, seen: int) -> None:
        if seen != battle.events:
            raise OutOfDate(
                f"the battle has moved on since that page (step {battle.events}, the page "
                f"showed step {seen}): nothing done; look again and repeat if still wanted"
            )
