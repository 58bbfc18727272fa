"""A Dark Blades campaign in a SQLite file: the set-up and the events, one transaction a change.

As the Kniggits battle store (`companion.kniggits.store`) and the Who's Next ring: every change
is one ``BEGIN IMMEDIATE`` transaction, so a crash or ``kill -9`` leaves the campaign before or
after it, never between, and two changes on the same file queue up (busy timeout); SQLite's
default rollback journal and ``synchronous = FULL`` are kept. The campaign itself is never
stored: its set-up and events are, and `companion.dark_blades.campaign.replay` rebuilds it,
re-checking each event. Each change names how many events the page it came from showed
(``seen``), so a form sent twice, or from an out-of-date page, is refused instead of recording
a battle twice or undoing two changes.
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

from companion.dark_blades import campaign as rules
from companion.dark_blades.pieces import PieceSet
from companion.dark_blades.scenarios import Scenario
from companion.errors import DataError, InputError

APPLICATION_ID = 0x44424350  # "DBCP": a Havoc Kit Dark Blades campaign
SCHEMA_VERSION = 1
BUSY_SECONDS = 30.0
FILE_NAME = "dark-blades-campaign.sqlite3"
SCHEMA = """
CREATE TABLE campaign (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    created TEXT NOT NULL,
    setup TEXT NOT NULL                -- JSON: companion.dark_blades.campaign.Setup.as_dict
);
CREATE TABLE events (
    seq INTEGER PRIMARY KEY,           -- 1, 2, 3... in the order they happened
    at TEXT NOT NULL,
    event TEXT NOT NULL                -- JSON: {"op": "record", ...} and so on
);
"""


class NoCampaign(InputError):
    """No campaign has been started in this file."""

    def __init__(self) -> None:
        super().__init__("no campaign started: start one with `havoc campaign new SCENARIO...`")


class OutOfDate(InputError):
    """The page a change came from showed an older campaign than the file holds."""


def default_campaign_path() -> Path:
    """``$XDG_DATA_HOME/havoc-kit/dark-blades-campaign.sqlite3`` (``~/.local/share`` without
    it), beside the Who's Next game file."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "havoc-kit" / FILE_NAME


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds")


class Context:
    """What a campaign is replayed against: the rules, the scenarios, the roster."""

    def __init__(
        self, rules: rules.CampaignRules, scenarios: dict[str, Scenario], pieces: PieceSet
    ) -> None:
        self.rules = rules
        self.scenarios = scenarios
        self.pieces = pieces


class CampaignStore:
    """One open campaign file (made, with its folder's say-so, by ``create=True``)."""

    def __init__(self, path: str | os.PathLike[str], *, create: bool = False) -> None:
        self.path = Path(path)
        if self.path.is_dir():
            raise InputError(f"{self.path} is a directory, not a campaign file")
        if not self.path.exists():
            if not create:
                raise NoCampaign()
            if not self.path.parent.is_dir():
                raise InputError(f"cannot create {self.path}: the folder does not exist")
        try:
            self.conn = sqlite3.connect(self.path, timeout=BUSY_SECONDS, isolation_level=None)
            app_id = self.conn.execute("PRAGMA application_id").fetchone()[0]
            tables = self.conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
        except sqlite3.DatabaseError:
            raise DataError("not a Havoc Kit campaign file", self.path) from None
        if app_id != APPLICATION_ID and (app_id != 0 or tables):
            self.conn.close()
            raise DataError("not a Havoc Kit campaign file", self.path)

    def close(self) -> None:
        self.conn.close()

    def __enter__(self) -> CampaignStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextmanager
    def _transaction(self, write: bool) -> Iterator[None]:
        try:
            self.conn.execute("BEGIN IMMEDIATE" if write else "BEGIN")
        except sqlite3.OperationalError as exc:
            raise DataError(f"campaign file busy or unwritable: {exc}", self.path) from None
        try:
            yield
            self._commit()
        except sqlite3.DatabaseError as exc:
            self._rollback()
            raise DataError(f"campaign file not changed: {exc}", self.path) from None
        except BaseException:
            self._rollback()
            raise

    def _commit(self) -> None:
        self.conn.execute("COMMIT")

    def _rollback(self) -> None:
        if self.conn.in_transaction:
            self.conn.execute("ROLLBACK")

    def _has_campaign(self) -> bool:
        row = self.conn.execute(
            "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'campaign'"
        ).fetchone()
        if not row[0]:
            return False
        return self.conn.execute("SELECT count(*) FROM campaign").fetchone()[0] > 0

    def _events(self) -> list[dict[str, Any]]:
        events: list[dict[str, Any]] = []
        for seq, text in self.conn.execute("SELECT seq, event FROM events ORDER BY seq"):
            if seq != len(events) + 1:
                raise DataError(
                    f"campaign file damaged: event {len(events) + 1} is missing", self.path
                )
            try:
                events.append(json.loads(text))
            except ValueError:
                raise DataError(
                    f"campaign file damaged: event {seq} cannot be read", self.path
                ) from None
        return events

    def _read(self, ctx: Context) -> rules.Campaign:
        """The campaign replayed from the file (inside a transaction)."""
        if not self._has_campaign():
            raise NoCampaign()
        (setup_text,) = self.conn.execute("SELECT setup FROM campaign WHERE id = 1").fetchone()
        try:
            setup = rules.setup_from_dict(json.loads(setup_text))
        except (ValueError, KeyError, TypeError):
            raise DataError("campaign file damaged: the set-up cannot be read", self.path) from None
        try:
            return rules.replay(ctx.rules, ctx.scenarios, ctx.pieces, setup, self._events())
        except InputError as exc:  # the cards changed under the campaign (a scenario gone ...)
            raise DataError(
                f"the campaign no longer fits the cards: {exc.message}", self.path
            ) from None

    def has_campaign(self) -> bool:
        with self._transaction(write=False):
            return self._has_campaign()

    def events(self) -> list[dict[str, Any]]:
        """The stored events, in order (for the JSON and the tests)."""
        with self._transaction(write=False):
            return self._events()

    def load(self, ctx: Context) -> rules.Campaign:
        """The campaign as it stands."""
        with self._transaction(write=False):
            return self._read(ctx)

    def new(self, ctx: Context, setup: rules.Setup, *, force: bool = False) -> rules.Campaign:
        """Start a campaign; one already started is replaced only with ``force``."""
        rules.check_setup(setup, ctx.scenarios)
        with self._transaction(write=True):
            if self._has_campaign():
                if not force:
                    raise InputError("a campaign is already kept here: replace it to start another")
                self.conn.execute("DELETE FROM events")
                self.conn.execute("DELETE FROM campaign")
            else:
                for statement in SCHEMA.split(";"):
                    if statement.strip():
                        self.conn.execute(statement)
                self.conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                self.conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            self.conn.execute(
                "INSERT INTO campaign (id, created, setup) VALUES (1, ?, ?)",
                (_now(), json.dumps(setup.as_dict())),
            )
            return self._read(ctx)

    def add(self, ctx: Context, event: dict[str, Any], seen: int) -> rules.Campaign:
        """Apply ``event`` to the campaign the page showed (``seen`` events in); refused,
        nothing is written."""
        with self._transaction(write=True):
            campaign = self._read(ctx)
            self._check_seen(campaign, seen)
            after = rules.apply(campaign, event, ctx.rules, ctx.scenarios, ctx.pieces)
            self.conn.execute(
                "INSERT INTO events (seq, at, event) VALUES (?, ?, ?)",
                (campaign.events + 1, _now(), json.dumps(event)),
            )
            return after

    def undo(self, ctx: Context, seen: int) -> rules.Campaign:
        """Drop the last event (the one the page showed last: ``seen``)."""
        with self._transaction(write=True):
            campaign = self._read(ctx)
            self._check_seen(campaign, seen)
            if not campaign.events:
                raise InputError("nothing to undo: the campaign has just started")
            self.conn.execute("DELETE FROM events WHERE seq = ?", (campaign.events,))
            return self._read(ctx)

    def _check_seen(self, campaign: rules.Campaign, seen: int) -> None:
        if seen != campaign.events:
            raise OutOfDate(
                f"the campaign has moved on since that page (step {campaign.events}, the page "
                f"showed step {seen}): nothing done; look again and repeat if still wanted"
            )
