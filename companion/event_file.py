"""A game kept as its set-up and a list of events in a SQLite file, one transaction a change.

The Kniggits battle (`companion.kniggits.store`) and the Dark Blades campaign
(`companion.dark_blades.campaign_store`) are kept this way, as the Who's Next ring is: every
change is one ``BEGIN IMMEDIATE`` transaction, so a crash or ``kill -9`` leaves the file before
or after it, never between, and two changes on the same file queue up (busy timeout) instead of
corrupting it; SQLite's default rollback journal and ``synchronous = FULL`` are kept. The game
itself is never stored: its set-up and its events are, and the game's rules replay them,
re-checking each event. Each change names how many events the page it came from showed
(``seen``), so a form sent twice, or from an out-of-date page, is refused (`OutOfDate`) instead
of being applied twice.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from companion.errors import DataError, InputError

SCHEMA_VERSION = 1
BUSY_SECONDS = 30.0


class OutOfDate(InputError):
    """The page a change came from showed an older game than the file holds."""


def data_home(file_name: str) -> Path:
    """``$XDG_DATA_HOME/havoc-kit/FILE_NAME`` (``~/.local/share`` without it), beside the Who's
    Next game file."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "havoc-kit" / file_name


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds")


class EventFile:
    """One open file holding a ``what`` ("battle", "campaign"): its set-up in the one-row table
    named ``what`` and its events in ``events``. ``create``: the file may be made (its folder
    must exist); ``missing`` is the error for a file or a file with nothing started in it."""

    def __init__(
        self,
        path: str | os.PathLike[str],
        *,
        what: str,
        application_id: int,
        missing: Callable[[], InputError],
        create: bool = False,
    ) -> None:
        self.path, self.what = Path(path), what
        self.application_id, self.missing = application_id, missing
        if self.path.is_dir():
            raise InputError(f"{self.path} is a directory, not a {what} file")
        if not self.path.exists():
            if not create:
                raise missing()
            if not self.path.parent.is_dir():
                raise InputError(f"cannot create {self.path}: the folder does not exist")
        try:
            self.conn = sqlite3.connect(self.path, timeout=BUSY_SECONDS, isolation_level=None)
            app_id = self.conn.execute("PRAGMA application_id").fetchone()[0]
            tables = self.conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
        except sqlite3.DatabaseError:
            raise DataError(f"not a Havoc Kit {what} file", self.path) from None
        if app_id != application_id and (app_id != 0 or tables):
            self.conn.close()
            raise DataError(f"not a Havoc Kit {what} file", self.path)

    def close(self) -> None:
        self.conn.close()

    @contextmanager
    def transaction(self, write: bool) -> Iterator[None]:
        """One transaction: every change in it is written, or none."""
        try:
            self.conn.execute("BEGIN IMMEDIATE" if write else "BEGIN")
        except sqlite3.OperationalError as exc:
            raise DataError(f"{self.what} file busy or unwritable: {exc}", self.path) from None
        try:
            yield
            self._commit()
        except sqlite3.DatabaseError as exc:
            self._rollback()
            raise DataError(f"{self.what} file not changed: {exc}", self.path) from None
        except BaseException:
            self._rollback()
            raise

    def _commit(self) -> None:
        self.conn.execute("COMMIT")

    def _rollback(self) -> None:
        if self.conn.in_transaction:
            self.conn.execute("ROLLBACK")

    def damaged(self, why: str) -> DataError:
        """The error for a file whose contents cannot be read back."""
        return DataError(f"{self.what} file damaged: {why}", self.path)

    def started(self) -> bool:
        """Whether a set-up is stored (inside a transaction)."""
        row = self.conn.execute(
            "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?", (self.what,)
        ).fetchone()
        if not row[0]:
            return False
        return self.conn.execute(f"SELECT count(*) FROM {self.what}").fetchone()[0] > 0

    def setup(self) -> Any:
        """The stored set-up, as JSON data (inside a transaction)."""
        if not self.started():
            raise self.missing()
        (text,) = self.conn.execute(f"SELECT setup FROM {self.what} WHERE id = 1").fetchone()
        try:
            return json.loads(text)
        except (ValueError, TypeError):
            raise self.damaged("the set-up cannot be read") from None

    def events(self) -> list[dict[str, Any]]:
        """The stored events, in order (inside a transaction)."""
        events: list[dict[str, Any]] = []
        for seq, text in self.conn.execute("SELECT seq, event FROM events ORDER BY seq"):
            if seq != len(events) + 1:
                raise self.damaged(f"event {len(events) + 1} is missing")
            try:
                events.append(json.loads(text))
            except (ValueError, TypeError):
                raise self.damaged(f"event {seq} cannot be read") from None
        return events

    def start(self, setup: dict[str, Any]) -> None:
        """Store a new set-up and no events, replacing what was there (inside a transaction)."""
        if self.started():
            self.conn.execute("DELETE FROM events")
            self.conn.execute(f"DELETE FROM {self.what}")
        else:
            self.conn.execute(
                f"CREATE TABLE IF NOT EXISTS {self.what} (id INTEGER PRIMARY KEY CHECK (id = 1), "
                "created TEXT NOT NULL, setup TEXT NOT NULL)"
            )
            self.conn.execute(
                "CREATE TABLE IF NOT EXISTS events (seq INTEGER PRIMARY KEY, at TEXT NOT NULL, "
                "event TEXT NOT NULL)"
            )
            self.conn.execute(f"PRAGMA application_id = {self.application_id}")
            self.conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        self.conn.execute(
            f"INSERT INTO {self.what} (id, created, setup) VALUES (1, ?, ?)",
            (_now(), json.dumps(setup)),
        )

    def append(self, seq: int, event: dict[str, Any]) -> None:
        """Store event number ``seq`` (inside a transaction)."""
        self.conn.execute(
            "INSERT INTO events (seq, at, event) VALUES (?, ?, ?)", (seq, _now(), json.dumps(event))
        )

    def drop(self, seq: int) -> None:
        """Remove event number ``seq``, the last (inside a transaction)."""
        self.conn.execute("DELETE FROM events WHERE seq = ?", (seq,))

    def check_seen(self, at: int, seen: int) -> None:
        """Refuse a change from a page that showed step ``seen`` when the file is at ``at``."""
        if seen != at:
            raise OutOfDate(
                f"the {self.what} has moved on since that page (step {at}, the page showed step "
                f"{seen}): nothing done; look again and repeat if still wanted"
            )
