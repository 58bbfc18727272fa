"""`havoc ring`: the umpire's Who's Next companion (secret ring, kills, duels, scores).

The screen is the umpire's: `ring show PLAYER` reveals one player's victim and nothing else;
`ring status` lists who is alive and who died in which order, never the ring itself.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from companion.clikit import Group, die_option, emit_json, fit, json_option, seed_option, wrap

if TYPE_CHECKING:  # the store and the rules are imported only by the commands that use them
    from companion.whos_next.ring import Death
    from companion.whos_next.store import Outcome, Store

NUMBERED = "     "  # continuation indent under "NN. " lines


GAME_HELP = "The game file (default: whos-next.sqlite3 in the user's data directory)."
GAME_KEY = "havoc.ring.game"  # the group's --game, for subcommands not given their own


@click.group(cls=Group, short_help="Who's Next secret ring.")
@click.option(
    "--game",
    "game",
    type=click.Path(path_type=Path, dir_okay=False),
    default=None,
    help=GAME_HELP + " Also taken after the subcommand.",
)
@click.pass_context
def ring(ctx: click.Context, game: Path | None) -> None:
    """Who's Next: the umpire's secret ring of victims.

    Start with `ring new NAME...`, give each player his victim in private with `ring show`,
    report deaths with `ring kill` or roll them with `ring duel`; `ring undo` steps back.
    """
    ctx.meta[GAME_KEY] = game


def _command(name: str, short: str, json_keys: str) -> Callable[[Callable], click.Command]:
    """A `ring` subcommand with the options every one takes: --game FILE and --json."""

    def decorate(f: Callable) -> click.Command:
        f = json_option(f)
        f = click.option(
            "--game",
            "game",
            type=click.Path(path_type=Path, dir_okay=False),
            default=None,
            envvar="HAVOC_RING_GAME",
            help=GAME_HELP,
        )(f)
        return ring.command(name, short_help=short, epilog=f"--json: {json_keys}")(f)

    return decorate


def _game(game: Path | None) -> Path | None:
    """The game file: the subcommand's --game, else the group's (`ring --game F status`), else
    HAVOC_RING_GAME, else the default. Given both ways and different, refused."""
    ctx = click.get_current_context(silent=True)
    if ctx is None:
        return game
    group = ctx.meta.get(GAME_KEY)
    if group is None:
        return game
    source = ctx.get_parameter_source("game")
    if game is None or source is not click.core.ParameterSource.COMMANDLINE:
        return group
    if Path(game).resolve() != Path(group).resolve():
        from companion.errors import InputError

        raise InputError(f"--game given twice: {group} and {game}; give one")
    return game


def _store(game: Path | None, create: bool = False) -> Store:
    from companion.whos_next.store import Store

    return Store(_game(game), create=create)


def _echo(lines: list[str]) -> None:
    click.echo(fit(lines))


def _contest_at(ctx: click.Context) -> int:
    """From how few players left both roll (cards/whos-next/duel.toml)."""
    from companion.clikit import cards_from
    from companion.whos_next.duel_scoring import load_contest

    return load_contest(cards_from(ctx)).contest_at


def _left(alive: int, winner: str | None, contest_at: int) -> list[str]:
    if winner is not None:
        return [f"{winner} is the last one standing.", "Game over: see `havoc ring scores`."]
    lines = [f"{alive} players left."]
    if alive <= contest_at:
        lines += ["From now on both roll one die:", "highest wins, ties throw again."]
    return lines


def _how(death: Death) -> str:
    """ " (duel)" after a death the dice decided; nothing after a reported kill."""
    return " (duel)" if death.how == "duel" else ""


def _slip(death: Death) -> str:
    if death.hunter == death.by:
        return f"{death.by} takes {death.dead}'s slip."
    return f"{death.hunter}, who hunted {death.dead}, takes {death.dead}'s slip."


def _event_json(kind: str, outcome: Outcome, extra: dict | None = None) -> dict[str, Any]:
    death = outcome.death
    data = {"event": kind, **(extra or {}), **death.as_dict()}
    data.update(slip_to=death.hunter, alive=outcome.alive, winner=outcome.winner)
    return data


EVENT_KEYS = "{event, [attacker, defender, table_file, result, effect,] number, dead, killed_by, "
EVENT_KEYS += "own_victim, how, rolls, slip_to, alive, winner}"


@_command("new", "Draw a new secret ring.", "{game, players, alive, replaced}")
@click.argument("names", nargs=-1, required=True)
@click.option("--force", is_flag=True, help="Replace a game still in progress.")
@click.option("--seed", type=int, default=None, hidden=True, help="Seed the draw (tests only).")
def new(
    names: tuple[str, ...], force: bool, seed: int | None, game: Path | None, as_json: bool
) -> None:
    """Draw a new secret ring over NAMES (three or more; five or more is better)."""
    from companion.clikit import path_lines
    from companion.whos_next.ring import check_names

    check_names(names)  # refuse bad names before a file is created
    rng = random.Random(seed) if seed is not None else None
    with _store(game, create=True) as store:
        drawn, replaced = store.new_game(names, rng, force=force)
        path = store.path
    if as_json:
        emit_json(
            {
                "game": str(path),
                "players": list(drawn.players),
                "alive": len(drawn.victims),
                "replaced": replaced,
            }
        )
        return
    lines = [replaced[0].upper() + replaced[1:] + "."] if replaced else []
    lines += [
        f"New ring drawn: {len(drawn.players)} players.",
        "Game file:",
        *path_lines(str(path)),
        "Tell each player his victim in private:",
        "  havoc ring show NAME",
    ]
    _echo(lines)


@_command("show", "UMPIRE ONLY: one's victim.", "{player, victim}")
@click.argument("player")
def show(player: str, game: Path | None, as_json: bool) -> None:
    """UMPIRE ONLY: reveal PLAYER's current victim (and nothing else)."""
    with _store(game) as store:
        name, victim = store.victim(player)
    if as_json:
        emit_json({"player": name, "victim": victim})
    else:
        _echo([f"{name}'s victim: {victim}"])


@_command("kill", "Report a kill of a victim.", EVENT_KEYS)
@click.argument("killer")
@click.argument("victim")
@click.pass_context
def kill(ctx: click.Context, killer: str, victim: str, game: Path | None, as_json: bool) -> None:
    """KILLER killed his own VICTIM: KILLER takes over VICTIM's slip."""
    contest_at = _contest_at(ctx)  # a bad duel.toml is refused before anything is written
    with _store(game) as store:
        outcome = store.kill(killer, victim)
    death = outcome.death
    if as_json:
        emit_json(_event_json("kill", outcome))
        return
    _echo(
        [
            f"{death.by} killed {death.dead}.",
            _slip(death),
            *_left(outcome.alive, outcome.winner, contest_at),
        ]
    )


@_command("duel", "Roll an attack: one dies.", EVENT_KEYS)
@click.argument("attacker")
@click.argument("defender")
@seed_option
@die_option("A real die's face instead of rolling (repeat: attacker's first).")
@click.pass_context
def duel(
    ctx: click.Context,
    attacker: str,
    defender: str,
    seed: int | None,
    die: tuple[int, ...],
    game: Path | None,
    as_json: bool,
) -> None:
    """ATTACKER attacks DEFENDER (anyone): roll the attack, one of them dies.

    One die on the attack table (cards/whos-next/tables/attack.toml); with few players left
    (contest_at in cards/whos-next/duel.toml) both roll one die, highest wins, ties throw
    again.
    """
    from companion.clikit import cards_from
    from companion.dice import DiceSource
    from companion.whos_next.duel_scoring import load_attack_table

    table = load_attack_table(cards_from(ctx))
    source = DiceSource(die, seed)
    with _store(game) as store:
        roll = lambda: source.next(table.sides)[0]  # noqa: E731
        outcome = store.duel(
            attacker,
            defender,
            table.effect,
            roll,
            check=source.finish,
            contest_at=table.contest_at,
        )
    death = outcome.death
    from companion.whos_next.ring import name_key

    first = death.by if name_key(death.by) == name_key(attacker) else death.dead
    second = death.dead if death.by == first else death.by
    if as_json:
        extra = {"attacker": first, "defender": second, "table_file": str(table.path)}
        if len(death.rolls) == 1 and len(death.rolls[0]) == 1:
            face = death.rolls[0][0]
            extra.update(result=table.result(face), effect=table.effect(face))
        emit_json(_event_json("duel", outcome, extra))
        return
    lines = [f"{first} attacks {second}."]
    for throw in death.rolls:
        if len(throw) == 1:
            lines.append(f'Roll {throw[0]}: "{table.result(throw[0])}"')
        else:
            tie = ": tie, throw again" if throw[0] == throw[1] else ""
            lines.append(f"{first} {throw[0]}, {second} {throw[1]}{tie}")
    lines += [f"{death.dead} is dead, killed by {death.by}.", _slip(death)]
    lines += _left(outcome.alive, outcome.winner, table.contest_at)
    _echo(lines)


@_command(
    "status",
    "Who is alive, who died.",
    "{game, players, alive, deaths: [{number, dead, killed_by, own_victim, how, rolls}], "
    "over, winner}",
)
def status(game: Path | None, as_json: bool) -> None:
    """Who is alive and who died, in which order (never the ring)."""
    from companion.whos_next.ring import alive

    with _store(game) as store:
        state = store.load()
        path = store.path
    living = alive(state)
    winner = state.winner()
    if as_json:
        emit_json(
            {
                "game": str(path),
                "players": len(state.players),
                "alive": living,
                "deaths": [d.as_dict() for d in state.deaths],
                "over": winner is not None,
                "winner": winner,
            }
        )
        return
    lines = [f"Who's Next: {len(living)} of {len(state.players)} alive"]
    if winner is not None:
        lines.append(f"Game over: {winner} is the last one standing.")
    else:
        lines.append("Alive: " + ", ".join(living))
    if state.deaths:
        lines.append("Dead, in order:")
        lines += [
            wrap(f"{d.number:>3}. {d.dead}, by {d.by}{_how(d)}", NUMBERED) for d in state.deaths
        ]
    _echo(lines)


@_command(
    "undo",
    "Step back over a death.",
    "{undone: {number, dead, killed_by, own_victim, how, rolls}, alive}",
)
def undo(game: Path | None, as_json: bool) -> None:
    """Step back over the last death (again and again, back to the draw)."""
    with _store(game) as store:
        outcome = store.undo()
    death = outcome.death
    if as_json:
        emit_json({"undone": death.as_dict(), "alive": outcome.alive})
        return
    how = _how(death)
    _echo(
        [
            f"Undone: {death.dead}'s death, by {death.by}{how}.",
            f"{death.dead} is back; {outcome.alive} players alive.",
        ]
    )


@_command(
    "scores",
    "Victory points, ranking.",
    "{scoring: {label, source, points}, tie_break, over, winner, scores: [{rank, name, "
    "points, own_victim_kills, other_kills, outlived, alive, died}]}",
)
@click.pass_context
def scores(ctx: click.Context, game: Path | None, as_json: bool) -> None:
    """Victory points (from cards/whos-next/scoring.toml) and ranking.

    The rules' points table is lost: the kit's default is labelled as such. Ties go to
    the player who survived longest (the rules).
    """
    from companion.clikit import cards_from
    from companion.whos_next.duel_scoring import load_scoring
    from companion.whos_next.duel_scoring import scores as rank

    scoring = load_scoring(cards_from(ctx))
    with _store(game) as store:
        state = store.load()
    standings = rank(state, scoring)
    over = state.winner() is not None
    tie_break = "the longest survivor wins (rules)"
    if as_json:
        emit_json(
            {
                "scoring": scoring.as_dict(),
                "tie_break": tie_break,
                "over": over,
                "winner": standings[0].name if over else None,
                "scores": [s.as_dict() for s in standings],
            }
        )
        return
    lines = [scoring.label + "."]
    for s in standings:
        fate = "alive" if s.alive else f"died {s.died}."
        points = f"{s.points} pt" + ("" if s.points == 1 else "s")
        lines.append(wrap(f"{s.rank:>2}. {s.name}", NUMBERED[1:]))
        kills = f"kills {s.own_victim_kills} own, {s.other_kills} other"
        lines.append(wrap(f"    {points}; {kills}; {fate}", NUMBERED[1:]))
    lines.append(f"Tie: {tie_break}.")
    if over:
        lines.append(f"Winner: {standings[0].name}.")
    else:
        lines.append("The game is not over yet.")
    _echo(lines)
