"""A Dark Blades campaign in a SQLite file: the set-up and the events, one transaction a change.

Kept as `companion.event_file` keeps a game (and as the Who's Next ring and the Kniggits
battle): a crash or ``kill -9`` leaves the campaign before or after a change, never between.
The campaign itself is never stored: its set-up and events are, and
`companion.dark_blades.campaign.replay` rebuilds it, re-checking each event. Each change names
how many events the page it came from showed (``seen``), so a form sent twice, or from an
out-of-date page, is refused (`OutOfDate`) instead of recording a battle twice or undoing two
changes.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from companion.dark_blades import campaign as rules
from companion.dark_blades.pieces import PieceSet
from companion.dark_blades.scenarios import Scenario
from companion.errors import DataError, InputError
from companion.event_file import EventFile, OutOfDate, data_home

APPLICATION_ID = 0x44424350  # "DBCP": a Havoc Kit Dark Blades campaign
FILE_NAME = "dark-blades-campaign.sqlite3"
__all__ = [
    "AlreadyKept",
    "CampaignStore",
    "Context",
    "NoCampaign",
    "OutOfDate",
    "default_campaign_path",
]


class NoCampaign(InputError):
    """No campaign has been started in this file."""

    def __init__(self) -> None:
        super().__init__("no campaign started: start one with `havoc campaign new SCENARIO...`")


class AlreadyKept(InputError):
    """A campaign is kept in the file already (replaced only when asked)."""

    def __init__(self) -> None:
        super().__init__("a campaign is already kept here: replace it to start another")


def default_campaign_path() -> Path:
    """``$XDG_DATA_HOME/havoc-kit/dark-blades-campaign.sqlite3`` (``~/.local/share`` without
    it), beside the Who's Next game file."""
    return data_home(FILE_NAME)


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
        self.file = EventFile(
            path, what="campaign", application_id=APPLICATION_ID, missing=NoCampaign, create=create
        )
        self.path = self.file.path

    def close(self) -> None:
        self.file.close()

    def __enter__(self) -> CampaignStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _read(self, ctx: Context) -> rules.Campaign:
        """The campaign replayed from the file (inside a transaction)."""
        data = self.file.setup()
        try:
            setup = rules.setup_from_dict(data)
        except (ValueError, KeyError, TypeError):
            raise self.file.damaged("the set-up cannot be read") from None
        try:
            return rules.replay(ctx.rules, ctx.scenarios, ctx.pieces, setup, self.file.events())
        except InputError as exc:  # the cards changed under the campaign (a scenario gone ...)
            raise DataError(
                f"the campaign no longer fits the cards: {exc.message}", self.path
            ) from None

    def has_campaign(self) -> bool:
        with self.file.transaction(write=False):
            return self.file.started()

    def events(self) -> list[dict[str, Any]]:
        """The stored events, in order (for the JSON and the tests)."""
        with self.file.transaction(write=False):
            return self.file.events()

    def load(self, ctx: Context) -> rules.Campaign:
        """The campaign as it stands."""
        with self.file.transaction(write=False):
            return self._read(ctx)

    def new(self, ctx: Context, setup: rules.Setup, *, force: bool = False) -> rules.Campaign:
        """Start a campaign; one already started is replaced only with ``force``."""
        rules.check_setup(setup, ctx.scenarios)
        with self.file.transaction(write=True):
            if self.file.started() and not force:
                raise AlreadyKept()
            self.file.start(setup.as_dict())
            return self._read(ctx)

    def add(self, ctx: Context, event: dict[str, Any], seen: int) -> rules.Campaign:
        """Apply ``event`` to the campaign the page showed (``seen`` events in); refused,
        nothing is written."""
        with self.file.transaction(write=True):
            campaign = self._read(ctx)
            self.file.check_seen(campaign.events, seen)
            after = rules.apply(campaign, event, ctx.rules, ctx.scenarios, ctx.pieces)
            self.file.append(campaign.events + 1, event)
            return after

    def undo(self, ctx: Context, seen: int) -> rules.Campaign:
        """Drop the last event (the one the page showed last: ``seen``)."""
        with self.file.transaction(write=True):
            campaign = self._read(ctx)
            self.file.check_seen(campaign.events, seen)
            if not campaign.events:
                raise InputError("nothing to undo: the campaign has just started")
            self.file.drop(campaign.events)
            return self._read(ctx)
