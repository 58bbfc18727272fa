"""`havoc ring`: the umpire's Who's Next companion (secret ring, kills, duels, scores).

The screen is the umpire's, but it is often read out or shown: every line that reveals the
ring (who hunts whom, who takes whose slip) starts with "UMPIRE ONLY:" (see
`companion.text.whos_next`); `ring status` and `ring scores` never reveal it. Players are
named whole, by unique prefix or initials, any case; shell completion offers the alive ones.
"""

from __future__ import annotations

import random
import shlex
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from companion.commands.whos_next.ring_game import GAME_HELP, GAME_KEY, PLAYER, open_store
from companion.text import fit, wrap
from havoc_cli.kit import (
    SEED,
    WHOLE,
    Group,
    cards_from,
    emit_json,
    json_option,
    seed_option,
)

if TYPE_CHECKING:  # the store and the rules are imported only by the commands that use them
    from companion.text.whos_next import Line
    from companion.whos_next.store import Outcome, Store

NUMBERED = "     "  # continuation indent under "NN. " lines


@click.group(cls=Group, short_help="Who's Next secret ring.")
@click.option(
    "--game",
    "-g",
    "game",
    type=click.Path(path_type=Path, dir_okay=False),
    default=None,
    help=GAME_HELP + " Also taken after the subcommand.",
)
@click.pass_context
def ring(ctx: click.Context, game: Path | None) -> None:
    """Who's Next: the umpire's secret ring of victims.

    Start with `ring new NAME...`, give each player his victim in private with `ring show`,
    report deaths with `ring kill` or roll them with `ring duel`; `ring undo N` steps back
    over death N, the last.

    Lines starting "UMPIRE ONLY:" reveal the ring: do not read them out or show them.
    `ring status` and `ring scores` are safe to show. Players: a unique prefix will do.
    """
    ctx.meta[GAME_KEY] = game


def _command(name: str, short: str, json_keys: str) -> Callable[[Callable], click.Command]:
    """A `ring` subcommand with the options every one takes: --game FILE and --json."""

    def decorate(f: Callable) -> click.Command:
        f = json_option(f)
        f = click.option(
            "--game",
            "-g",
            "game",
            type=click.Path(path_type=Path, dir_okay=False),
            default=None,
            envvar="HAVOC_RING_GAME",
            is_eager=True,  # known before the player names are looked up in it
            help=GAME_HELP,
        )(f)
        return ring.command(name, short_help=short, epilog=f"--json: {json_keys}")(f)

    return decorate


def _echo(lines: list[str]) -> None:
    click.echo(fit(lines))


def _say(lines: list[Line]) -> None:
    """Print `Line`s: a secret one is marked UMPIRE ONLY on every screen line it takes."""
    from companion.text.whos_next import render

    click.echo("\n".join(render(lines)))


def _contest_at(ctx: click.Context) -> int:
    """From how few players left both roll (cards/whos-next/duel.toml)."""
    from companion.whos_next.duel_scoring import load_contest

    return load_contest(cards_from(ctx)).contest_at


def _champion(ctx: click.Context, store: Store, outcome: Outcome) -> str | None:
    """The winner on points once this death ended the game (None while it goes on)."""
    if outcome.winner is None:
        return None
    from companion.whos_next.duel_scoring import load_scoring, winner

    return winner(store.load(), load_scoring(cards_from(ctx)))


def _event_json(
    kind: str, outcome: Outcome, champion: str | None, extra: dict | None = None
) -> dict[str, Any]:
    from companion.text.whos_next import slip_rule

    death = outcome.death
    data = {"event": kind, **(extra or {}), **death.as_dict()}
    data.update(slip_to=death.hunter, slip_rule=slip_rule(death))
    data.update(alive=outcome.alive, winner=champion, last_standing=outcome.winner)
    return data


EVENT_KEYS = "{event, [attacker, defender, table_file, result, effect,] number, dead, killed_by, "
EVENT_KEYS += "own_victim, how, rolls, slip_to, slip_rule (rules: own victim; kit: the kit's "
EVENT_KEYS += "ruling), alive, winner (most points, once over), last_standing}"


@_command("new", "Start a game: a new ring.", "{game, players, alive, arranged, replaced}")
@click.argument("names", nargs=-1, required=True)
@click.option(
    "--order",
    "-o",
    is_flag=True,
    help="NAMES are the ring as you arranged it: each hunts the next, the last the first.",
)
@click.option(
    "--force", "-f", is_flag=True, help="Replace the saved game (in progress or finished)."
)
@click.option("--seed", type=SEED, default=None, hidden=True, help="Seed the draw (tests only).")
def new(
    names: tuple[str, ...],
    order: bool,
    force: bool,
    seed: int | None,
    game: Path | None,
    as_json: bool,
) -> None:
    """Start a game over NAMES (three or more; five or more is better): a secret ring drawn at
    random, or with --order the ring you arranged (the rules: the umpire arranges it).

    A saved game, in progress or finished (its scores), is never replaced without --force.
    """
    from companion.errors import InputError
    from companion.whos_next.ring import check_names

    check_names(names)  # refuse bad names before a file is created
    if order and seed is not None:
        raise InputError("--order is the ring itself: there is nothing to --seed")
    rng = random.Random(seed) if seed is not None else None
    from companion.whos_next.game_file import ReplaceRefused

    with open_store(game, create=True) as store:
        try:
            drawn, replaced = store.new_game(names, rng, force=force, order=order)
        except ReplaceRefused as refused:  # the CLI's way out: the option
            raise InputError(f"{refused.what()}: add --force to replace it") from None
        path = store.path
    if as_json:
        emit_json(
            {
                "game": str(path),
                "players": list(drawn.players),
                "alive": len(drawn.victims),
                "arranged": order,
                "replaced": replaced,
            }
        )
        return
    how = "New ring, as arranged" if order else "New ring drawn"
    lines = [f"{how}: {len(drawn.players)} players."]
    lines += [replaced[0].upper() + replaced[1:] + "."] if replaced else []
    lines += [
        "Game file:",
        str(path),  # whole, never wrapped: it is copied
        "Tell each player his victim in private:",
        "  havoc ring show NAME",
    ]
    _echo(lines)


@_command("show", "UMPIRE ONLY: one's victim.", "{player, victim}")
@click.argument("player", type=PLAYER)
def show(player: str, game: Path | None, as_json: bool) -> None:
    """UMPIRE ONLY: reveal PLAYER's current victim (and nothing else)."""
    from companion.text.whos_next import Line

    with open_store(game) as store:
        name, victim = store.victim(player)
    if as_json:
        emit_json({"player": name, "victim": victim})
    else:
        _say([Line(f"{name}'s victim: {victim}", secret=True)])


@_command("kill", "One killed his own victim.", EVENT_KEYS)
@click.argument("killer", type=PLAYER)
@click.argument("victim", type=PLAYER)
@click.pass_context
def kill(ctx: click.Context, killer: str, victim: str, game: Path | None, as_json: bool) -> None:
    """KILLER killed his own VICTIM: KILLER takes over VICTIM's slip (the rules).

    Any other death (a player attacked someone who is not his victim): `ring duel`.
    """
    from companion.errors import InputError
    from companion.text.whos_next import after_death, died
    from companion.whos_next.ring import NotTheVictim

    contest_at = _contest_at(ctx)  # a bad duel.toml is refused before anything is written
    with open_store(game) as store:
        try:
            outcome = store.kill(killer, victim)
        except NotTheVictim as error:  # any other death is a duel: say so, in one line
            duel = shlex.join(["havoc", "ring", "duel", error.killer, error.dead])
            raise InputError(f"{error.message}; any other death is a duel: {duel}") from None
        champion = _champion(ctx, store, outcome)
    death = outcome.death
    if as_json:
        emit_json(_event_json("kill", outcome, champion))
        return
    _say([died(death)] + after_death(death, outcome.alive, outcome.winner, contest_at, champion))


@_command(
    "duel",
    "Roll an attack: one dies.",
    EVENT_KEYS + "; --die faces left tied: {event: tie, attacker, defender, rolls, dead: null}",
)
@click.argument("attacker", type=PLAYER)
@click.argument("defender", type=PLAYER)
@seed_option
@click.option(
    "--die",
    "-d",
    "die",
    type=WHOLE,
    multiple=True,
    metavar="N",
    help="A real die's face instead of rolling (repeat: attacker's first).",
)
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
    again. The dead player's hunter takes his slip: when the dead was not the killer's own
    victim, that is the kit's ruling (the rules are silent), and the output says so.
    """
    from companion.dice import DiceSource
    from companion.text.whos_next import tie
    from companion.whos_next.duel_scoring import load_attack_table
    from companion.whos_next.ring import Undecided

    table = load_attack_table(cards_from(ctx))
    source = DiceSource(die, seed)
    try:
        with open_store(game) as store:
            roll = lambda: source.next(table.sides)[0]  # noqa: E731
            outcome = store.duel(
                attacker,
                defender,
                table.effect,
                roll,
                check=source.finish,
                contest_at=table.contest_at,
                more=source.has_more,
            )
            champion = _champion(ctx, store, outcome)
    except Undecided as error:
        if not error.tie:
            raise  # one die where both roll: refused in one line
        if as_json:
            emit_json(
                {"event": "tie", "attacker": error.attacker, "defender": error.defender}
                | {"rolls": [list(t) for t in error.throws], "dead": None}
            )
        else:
            _say(tie(error))
        return
    death = outcome.death
    from companion.whos_next.ring import name_key

    first = death.by if name_key(death.by) == name_key(attacker) else death.dead
    second = death.dead if death.by == first else death.by
    if as_json:
        extra = {"attacker": first, "defender": second, "table_file": str(table.path)}
        if len(death.rolls) == 1 and len(death.rolls[0]) == 1:
            face = death.rolls[0][0]
            extra.update(result=table.result(face), effect=table.effect(face))
        emit_json(_event_json("duel", outcome, champion, extra))
        return
    from companion.text.whos_next import Line, after_death, died, throw

    lines = [
        died(death),
        Line(f"{first} attacked {second}:"),
    ]
    for faces in death.rolls:
        if len(faces) == 1:
            lines.append(Line(f'Roll {faces[0]}: "{table.result(faces[0])}"'))
        else:
            lines.append(throw(first, second, faces))
    _say(lines + after_death(death, outcome.alive, outcome.winner, table.contest_at, champion))


@_command(
    "status",
    "Who is alive, who died.",
    "{game, players, alive, deaths: [{number, dead, killed_by, own_victim, how, rolls}], "
    "over, winner (most points), last_standing}",
)
@click.pass_context
def status(ctx: click.Context, game: Path | None, as_json: bool) -> None:
    """Who is alive and who died, in which order: safe to show a player.

    Never the ring, nor which deaths were a player's own victim (the text does not tell a
    reported kill from a duel; --json does, for the umpire's scripts).
    """
    from companion.whos_next.ring import alive

    with open_store(game) as store:
        state = store.load()
        path = store.path
    living = alive(state)
    winner = state.winner()
    champion = None
    if winner is not None:
        from companion.whos_next.duel_scoring import load_scoring
        from companion.whos_next.duel_scoring import winner as points_winner

        champion = points_winner(state, load_scoring(cards_from(ctx)))
    if as_json:
        emit_json(
            {
                "game": str(path),
                "players": len(state.players),
                "alive": living,
                "deaths": [d.as_dict() for d in state.deaths],
                "over": winner is not None,
                "winner": champion,
                "last_standing": winner,
            }
        )
        return
    lines = [f"Who's Next: {len(living)} of {len(state.players)} alive"]
    if winner is not None and champion is not None:
        from companion.text.whos_next import game_over

        lines += [wrap(line.text, "  ") for line in game_over(winner, champion)]
    else:
        lines.append("Alive: " + ", ".join(living))
    if state.deaths:
        lines.append("Dead, in order:")
        lines += [wrap(f"{d.number:>3}. {d.dead}, by {d.by}", NUMBERED) for d in state.deaths]
    _echo(lines)


@_command(
    "undo",
    "Step back over a death.",
    "{undone: {number, dead, killed_by, own_victim, how, rolls}, alive}",
)
@click.argument("number", type=WHOLE, required=False, metavar="NUMBER")
def undo(game: Path | None, as_json: bool, number: int | None) -> None:
    """Step back over death NUMBER, the last one (`ring status` numbers them; again and
    again, back to the draw). NUMBER names the death, so an undo sent twice, or from the
    CLI and a phone at once, never undoes two: without it the last death is named."""
    with open_store(game) as store:
        if number is None:
            from companion.errors import InputError

            last = store.last_death()
            if last is None:
                raise InputError("nothing to undo: nobody has died since the ring was drawn")
            raise InputError(
                f"name the death to undo: the last is {last.number}, {last.dead}'s "
                f"(`havoc ring undo {last.number}`)"
            )
        outcome = store.undo(number)
    death = outcome.death
    if as_json:
        emit_json({"undone": death.as_dict(), "alive": outcome.alive})
        return
    from companion.text.whos_next import undone

    _say(undone(death, outcome.alive))


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
    from companion.text.whos_next import ordinal
    from companion.whos_next.duel_scoring import load_scoring
    from companion.whos_next.duel_scoring import scores as rank

    scoring = load_scoring(cards_from(ctx))
    with open_store(game) as store:
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
    if over:
        for s in standings:
            fate = "alive" if s.died is None else f"died {ordinal(s.died)}"
            points = f"{s.points} pt" + ("" if s.points == 1 else "s")
            lines.append(wrap(f"{s.rank:>2}. {s.name} ({fate})", NUMBERED[1:]))
            kills = f"kills {s.own_victim_kills} own, {s.other_kills} other"
            lines.append(wrap(f"    {points}; {kills}", NUMBERED[1:]))
    else:  # mid-game, points (3 for one's own target) would give the ring away
        alive = sorted(s.name for s in standings if s.alive)
        lines.append(wrap(f"Alive: {', '.join(alive)}", "  "))
        lines.append("Points are shown when the game ends;")
        lines.append("  --json has them (umpire only).")
    lines.append(f"Tie: {tie_break}.")
    if over:
        lines.append(f"Winner: {standings[0].name}.")
    else:
        lines.append("The game is not over yet.")
    _echo(lines)
