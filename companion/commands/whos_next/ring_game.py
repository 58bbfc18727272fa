"""Which game file and which players a `havoc ring` command names.

`--game` is taken on the `ring` group and on each subcommand (`game_path` reconciles them, and
shell completion, which runs no group callback, reads the group's from its parameters).
`Player` is the click type of a player argument: named whole, by unique prefix or initials,
any case, from the saved game's roster (read once per command); completion offers the alive.
Nothing here imports the store until a command runs.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from companion.errors import UnknownName
from companion.names import pick
from companion.whos_next.ring import name_key
from companion.whos_next.store import Store
from havoc_cli.kit import Name

if TYPE_CHECKING:
    from companion.whos_next.store import Store

GAME_HELP = "The game file (default: whos-next.sqlite3 in the user's data directory)."
GAME_KEY = "havoc.ring.game"  # the group's --game, for subcommands not given their own
ROSTER_KEY = "havoc.ring.roster"  # the players' names, read once for all of a command's names


def game_path(game: Path | None, ctx: click.Context | None = None) -> Path | None:
    """The game file: the subcommand's --game, else the group's (`ring --game F status`), else
    HAVOC_RING_GAME, else the default. Given both ways and different, refused."""
    ctx = ctx or click.get_current_context(silent=True)
    if ctx is None:
        return game
    group = ctx.meta.get(GAME_KEY)
    if group is None and ctx.parent is not None:  # shell completion runs no group callback
        group = ctx.parent.params.get("game")
    if group is None:
        return game
    source = ctx.get_parameter_source("game")
    if game is None or source is not click.core.ParameterSource.COMMANDLINE:
        return group
    if Path(game).resolve() != Path(group).resolve():
        from companion.errors import InputError

        raise InputError(f"--game given twice: {group} and {game}; give one")
    return game


def open_store(game: Path | None, create: bool = False, ctx: click.Context | None = None) -> Store:

    return Store(game_path(game, ctx), create=create)


def roster(ctx: click.Context) -> tuple[list[str], list[str]]:
    """(alive players, all players) of the game this command names (read once per command)."""
    cached = ctx.meta.get(ROSTER_KEY)
    if cached is None:
        with open_store(ctx.params.get("game"), ctx=ctx) as store:
            cached = ctx.meta[ROSTER_KEY] = (store.names(alive_only=True), store.names())
    return cached


class Player(Name):
    """A player of the saved game, named whole, by unique prefix or initials, any case.

    The alive are tried first (`Ann` alive beats `Anna` dead for "an"), then everyone, so a dead
    player is refused by name ("Ann is dead"); a name nobody fits is passed on for the rules to
    refuse ("no player named ..."). Shell completion offers the alive players.
    """

    def __init__(self) -> None:
        super().__init__("player", lambda ctx: roster(ctx)[0])

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:

        text = str(value)
        if ctx is None or ctx.resilient_parsing:
            return text
        alive, everyone = roster(ctx)
        exact = [p for p in everyone if name_key(p) == name_key(text.strip())]
        if exact:
            return exact[0]
        for names in (alive, everyone):
            try:
                return pick(text, names, "player")
            except UnknownName:
                pass
        return text


PLAYER = Player()
