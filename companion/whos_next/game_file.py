"""The Who's Next game file, as the rest of the kit may know it (no SQL here: only
`companion.whos_next.store` speaks to the file).

Where the file lives by default, the errors a game file gives (`NoGame`, `ReplaceRefused`,
`DamagedGame`), and how one `Death` becomes the values of a history row and back
(`death_values`, `death_from_row`), a damaged row refused in one line.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path

from companion.errors import DataError, InputError
from companion.whos_next import ring as rules

APPLICATION_ID = 0x48564B52  # "HVKR" in the SQLite header: a Havoc Kit ring game
SCHEMA_VERSION = 1
NO_GAME = "no game: start one with `havoc ring new NAME…`"


class NoGame(InputError):
    """There is no game in the file (or no file): start one."""

    def __init__(self) -> None:
        super().__init__(NO_GAME)


class ReplaceRefused(InputError):
    """A new ring would replace a saved game, in progress or finished, and ``force`` was not
    given. ``alive``/``total``: how it stands; ``last``: the last one standing, once over."""

    def __init__(self, alive: int, total: int, last: str | None) -> None:
        self.alive, self.total, self.last = alive, total, last
        super().__init__(f"{self.what()}: it is replaced only when asked to")

    def what(self) -> str:
        """What is saved, without the CLI's remedy (the web offers a tick instead)."""
        if self.last is None:
            return f"a game is in progress ({self.alive} of {self.total} alive)"
        return "the game here is over and keeps its scores"


class ReplacedMeanwhile(InputError):
    """A replace asked for a game that is no longer there: another ring was drawn since."""

    def __init__(self) -> None:
        super().__init__(
            "a new ring was drawn a moment ago and its links handed out: tick \u201cReplace\u201d "
            "again to replace that one too"
        )


class DamagedGame(DataError):
    """The game file holds something no Havoc Kit wrote (a broken ring, a broken row)."""


def default_game_path() -> Path:
    """``$XDG_DATA_HOME/havoc-kit/whos-next.sqlite3`` (``~/.local/share`` without it)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "havoc-kit" / "whos-next.sqlite3"


def death_values(seat: Callable[[str], int], death: rules.Death) -> tuple:
    """A death as a history row's values: number, dead, by, hunter, inherited (by seat),
    own, how, rolls (JSON)."""
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


def death_from_row(name: Callable[[int], str], row: tuple, path: Path | None = None) -> rules.Death:
    """A history row's values (as `death_values` gives them) back as a `Death`; a row no kit
    wrote is refused as `DamagedGame`."""
    number, dead, by, hunter, inherited, own, how, rolls = row
    try:
        thrown = json.loads(rolls or "[]")
        throws = tuple(tuple(int(face) for face in r) for r in thrown)
    except (ValueError, TypeError, RecursionError):
        why = f"game file damaged: death {number}'s dice are not a list"
        raise DamagedGame(why, path) from None
    if not isinstance(number, int) or how not in ("kill", "duel"):
        raise DamagedGame(f"game file damaged: a history row is not a death ({how!r})", path)
    return rules.Death(
        number, name(dead), name(by), name(hunter), name(inherited), bool(own), how, throws
    )
