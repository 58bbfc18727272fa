"""A Kniggits battle in a SQLite file: the set-up and the events, one transaction per change.

Kept as `companion.event_file` keeps a game (and as the Who's Next ring): a crash or ``kill -9``
leaves the battle before or after a change, never between. The battle itself is never stored:
the set-up (two armies) and the list of events are, and `companion.kniggits.battle.replay`
rebuilds it, re-checking each event. Each change names how many events the page it came from
showed (``seen``), so a form sent twice, or from a page that was out of date, is refused
(`OutOfDate`) instead of fighting an exchange twice or undoing two.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from companion.errors import InputError
from companion.event_file import EventFile, OutOfDate, data_home
from companion.kniggits import battle as rules
from companion.kniggits.rules import KniggitRules

APPLICATION_ID = 0x4B4E4754  # "KNGT": a Havoc Kit Kniggits battle (the ring's file has its own)
FILE_NAME = "kniggits-battle.sqlite3"
__all__ = ["BattleStore", "NoBattle", "OutOfDate", "default_battle_path"]


class NoBattle(InputError):
    """No battle has been started in this file."""

    def __init__(self) -> None:
        super().__init__("no battle started: start one from two armies")


def default_battle_path() -> Path:
    """``$XDG_DATA_HOME/havoc-kit/kniggits-battle.sqlite3`` (``~/.local/share`` without it),
    beside the Who's Next game file."""
    return data_home(FILE_NAME)


class BattleStore:
    """One open battle file (made, with its folder's say-so, by ``create=True``)."""

    def __init__(self, path: str | os.PathLike[str], *, create: bool = False) -> None:
        self.file = EventFile(
            path, what="battle", application_id=APPLICATION_ID, missing=NoBattle, create=create
        )
        self.path = self.file.path

    def close(self) -> None:
        self.file.close()

    def __enter__(self) -> BattleStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _read(self, kniggit_rules: KniggitRules) -> rules.Battle:
        """The battle replayed from the file (inside a transaction)."""
        setup = self.file.setup()
        events = self.file.events()
        try:
            start = rules.setup_from_dict(kniggit_rules, setup)
        except (ValueError, KeyError, TypeError):
            raise self.file.damaged("the set-up cannot be read") from None
        return rules.replay(kniggit_rules, start, events)

    def has_battle(self) -> bool:
        with self.file.transaction(write=False):
            return self.file.started()

    def load(self, kniggit_rules: KniggitRules) -> rules.Battle:
        """The battle as it stands."""
        with self.file.transaction(write=False):
            return self._read(kniggit_rules)

    def new(
        self, kniggit_rules: KniggitRules, setup: rules.Setup, *, force: bool = False
    ) -> rules.Battle:
        """Start a battle; one in progress is replaced only with ``force``."""
        with self.file.transaction(write=True):
            if self.file.started() and not force and self._read(kniggit_rules).winner() is None:
                raise InputError("a battle is in progress: tick Replace to start another")
            self.file.start(setup.as_dict())
            return self._read(kniggit_rules)

    def add(self, kniggit_rules: KniggitRules, event: dict[str, Any], seen: int) -> rules.Battle:
        """Apply ``event`` to the battle the page showed (``seen`` events in); refused, nothing
        is written."""
        with self.file.transaction(write=True):
            battle = self._read(kniggit_rules)
            self.file.check_seen(battle.events, seen)
            after = rules.apply(battle, event)
            self.file.append(battle.events + 1, event)
            return after

    def undo(self, kniggit_rules: KniggitRules, seen: int) -> rules.Battle:
        """Drop the last event (the one the page showed last: ``seen``)."""
        with self.file.transaction(write=True):
            battle = self._read(kniggit_rules)
            self.file.check_seen(battle.events, seen)
            if not battle.events:
                raise InputError("nothing to undo: the battle has just started")
            self.file.drop(battle.events)
            return self._read(kniggit_rules)
