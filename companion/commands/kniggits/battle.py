"""`havoc battle`: a Kniggits battle kept in a file, the same one the phone's battle page
shows (`companion.kniggits.battle`, `companion.kniggits.store`).

`battle new RED.csv BLUE.csv` starts it from two army files; `battle` shows the turn, its
phase and every kniggit's tokens and state; `battle next` goes on to the next phase;
`battle fight ATTACKER DEFENDER ATTACK DEFEND` fights one exchange (both fighters:
SWORD/SHIELD each); `battle undo` steps back one change. Kniggits are named by unique prefix.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from companion.errors import InputError, UnknownName
from companion.kniggits.rules import MAX_POINTS
from companion.names import pick
from companion.text import WIDTH, cells, fit
from havoc_cli.kit import Group, Whole, cards_from, emit_json, json_option

BATTLE_HELP = "The battle file (default: kniggits-battle.sqlite3 beside the Who's Next game)."
BATTLE_JSON = """--json: {file, turn, player, phase, over, winner (an army's name, "draw", or
null), sides: [{name, ran_away, kniggits: [{name, tokens, can_attack, can_defend,
move_inches, crawls, flees}]}], last: the last exchange ({fighters, blows} as `havoc
exchange`'s both-fighters JSON) or null}"""


def _file(battle_file: Path | None) -> Path:
    from companion.kniggits.store import default_battle_path

    return battle_file if battle_file is not None else default_battle_path()


def _battle_option(f: Any) -> Any:
    return click.option(
        "-b",
        "--battle",
        "battle_file",
        type=click.Path(dir_okay=False, path_type=Path),
        default=None,
        envvar="HAVOC_BATTLE",
        help=BATTLE_HELP,
    )(f)


@click.group(
    cls=Group, invoke_without_command=True, short_help="Kniggits battle.", epilog=BATTLE_JSON
)
@_battle_option
@json_option
@click.pass_context
def battle(ctx: click.Context, battle_file: Path | None, as_json: bool) -> None:
    """A Kniggits battle: its turn, phases, every kniggit's tokens, the win.

    Start with `battle new RED.csv BLUE.csv`; `battle` shows it, `battle next` goes to the
    next phase, `battle fight ATTACKER DEFENDER ATTACK DEFEND` fights an exchange, `battle
    undo` steps back. The phone's /kniggits/battle/ page shows the same battle.
    """
    ctx.meta["kniggits_battle"] = battle_file
    if ctx.invoked_subcommand is None:
        ctx.invoke(show, as_json=as_json)


def _open(ctx: click.Context, battle_file: Path | None, create: bool = False) -> Any:
    from companion.kniggits.store import BattleStore

    path = _file(battle_file or ctx.meta.get("kniggits_battle"))
    if create and not path.parent.exists() and battle_file is None:
        path.parent.mkdir(parents=True, exist_ok=True)
    return BattleStore(path, create=create)


def _say(ctx: click.Context, b: Any, as_json: bool = False) -> None:
    """The battle as it stands, answer first (the win, or the turn and phase)."""
    from companion.kniggits.battle import PHASE_NAMES, PHASES, outcome
    from companion.text import kniggits as words

    if as_json:
        emit_json(_battle_dict(b))
        return

    r = b.rules
    won = b.winner()
    if won is not None:
        lines = [outcome(b, won).upper() if won < 0 else outcome(b, won)]
    else:
        phase = f"phase {PHASES.index(b.phase) + 1} ({PHASE_NAMES[b.phase]})"
        lines = [f"Turn {b.turn}: {b.sides[b.player].name}, {phase}"]
    for side in b.sides:
        lines.append(side.name)
        for k in side.kniggits:
            s = b.standing(k)
            head = f"  {k.name}: {words.short(s.tokens, r.colours)}"
            one = f"{head}, {words.state_line(r, s)}"
            lines += [one] if cells(one) <= WIDTH else [head, f"    {words.state_line(r, s)}"]
        if side.ran_away:
            lines.append(f"  ran away before the battle: {', '.join(side.ran_away)}")
    click.echo(fit(lines, "    "))


def _battle_dict(b: Any) -> dict[str, Any]:
    from companion.commands.kniggits.armies import _clash_dict, _standing_dict
    from companion.kniggits.battle import DRAW

    won = b.winner()
    return {
        "turn": b.turn,
        "player": b.sides[b.player].name,
        "phase": b.phase,
        "over": won is not None,
        "winner": None if won is None else "draw" if won == DRAW else b.sides[won].name,
        "sides": [
            {
                "name": side.name,
                "ran_away": list(side.ran_away),
                "kniggits": [
                    {"name": k.name, **(_standing_dict(b.standing(k)) or {})} for k in side.kniggits
                ],
            }
            for side in b.sides
        ],
        "last": None if b.last is None else _clash_dict(b.last.clash),
    }


@battle.command("show", short_help="The battle as it stands.", epilog=BATTLE_JSON)
@_battle_option
@json_option
@click.pass_context
def show(ctx: click.Context, battle_file: Path | None = None, as_json: bool = False) -> None:
    """The turn, its phase, and every kniggit's tokens and state (fights, crawls, flees)."""
    from companion.kniggits.rules import rules

    with _open(ctx, battle_file) as store:
        _say(ctx, store.load(rules(cards_from(ctx))), as_json)


@battle.command("new", short_help="Start a battle from two army files.", epilog=BATTLE_JSON)
@click.argument("armies", nargs=2, type=click.Path(dir_okay=False, path_type=Path))
@click.option("-n", "--names", default=None, metavar="A,B", help="The armies' names.")
@click.option(
    "-p", "--points", type=Whole(0, MAX_POINTS), default=None, help="The agreed points total."
)
@click.option("--first", type=Whole(1, 2), default=1, help="Which army moves first (1 or 2).")
@click.option("-f", "--force", is_flag=True, help="Replace a battle in progress.")
@_battle_option
@json_option
@click.pass_context
def new(
    ctx: click.Context,
    armies: tuple[Path, Path],
    names: str | None,
    points: int | None,
    first: int,
    force: bool,
    battle_file: Path | None,
    as_json: bool,
) -> None:
    """Start a battle from two army files (checked as `havoc army` checks them; names: the
    files' unless --names). Kniggits missing a colour run away before it."""
    from companion.csv_rosters import read_csv
    from companion.kniggits.battle import setup_from_armies
    from companion.kniggits.rules import army_columns, check_army, rules

    r = rules(cards_from(ctx))
    called = [p.stem for p in armies] if names is None else names.split(",")
    if len(called) != 2:
        raise InputError(f"--names: expected two names like Red,Blue, got {names!r}")
    checked = [
        (name, check_army(read_csv(path, army_columns(r)), r, points, path))
        for name, path in zip(called, armies, strict=True)
    ]
    setup = setup_from_armies(r, checked, first - 1)
    with _open(ctx, battle_file, create=True) as store:
        _say(ctx, store.new(r, setup, force=force), as_json)


@battle.command("next", short_help="On to the next phase.", epilog=BATTLE_JSON)
@_battle_option
@json_option
@click.pass_context
def next_phase(ctx: click.Context, battle_file: Path | None, as_json: bool) -> None:
    """On to the next phase: moving, turning, fighting, then the other player's turn."""
    from companion.kniggits.rules import rules

    r = rules(cards_from(ctx))
    with _open(ctx, battle_file) as store:
        _say(ctx, store.add(r, {"op": "phase"}, store.load(r).events), as_json)


@battle.command("fight", short_help="One exchange.", epilog=BATTLE_JSON)
@click.argument("attacker")
@click.argument("defender")
@click.argument("attack")
@click.argument("defend")
@_battle_option
@json_option
@click.pass_context
def fight(
    ctx: click.Context,
    attacker: str,
    defender: str,
    attack: str,
    defend: str,
    battle_file: Path | None,
    as_json: bool,
) -> None:
    """ATTACKER (his side's turn) strikes at ATTACK height, DEFENDER shields at DEFEND, e.g.
    `battle fight gal kay h l`. Facing each other, both strike: SWORD/SHIELD each, e.g.
    `battle fight gal kay h/l m/h`. The tokens are the battle's."""
    from companion.kniggits.rules import FUMBLE, NONE, rules
    from companion.text.kniggits import clash_lines

    r = rules(cards_from(ctx))
    heights = list(r.heights)
    with _open(ctx, battle_file) as store:
        b = store.load(r)
        mine, theirs = b.sides[b.player], b.sides[1 - b.player]
        try:
            pick(attacker, [k.name for k in mine.kniggits], "kniggit")
        except UnknownName:
            try:
                pick(attacker, [k.name for k in theirs.kniggits], "kniggit")
            except InputError:
                pass
            else:
                raise InputError(
                    f"{attacker!r} is {theirs.name}'s: it is {mine.name}'s turn (the rules: "
                    "the person whose turn it is gets to fight)"
                ) from None
        a = pick(attacker, [k.name for k in mine.kniggits], f"{mine.name} kniggit")
        d = pick(defender, [k.name for k in theirs.kniggits], f"{theirs.name} kniggit")
        if "/" in attack or "/" in defend:
            a_sword, _, a_shield = attack.partition("/")
            b_sword, _, b_shield = defend.partition("/")
        else:
            a_sword, a_shield, b_sword, b_shield = attack, NONE, NONE, defend
        event = {
            "op": "fight",
            "a": [b.player, [k.name for k in mine.kniggits].index(a)],
            "b": [1 - b.player, [k.name for k in theirs.kniggits].index(d)],
            "a_sword": pick(a_sword, [*heights, FUMBLE], "attack"),
            "b_shield": pick(b_shield or NONE, [*heights, NONE, FUMBLE], "defend"),
            "b_sword": pick(b_sword or NONE, [NONE, *heights, FUMBLE], "attack back"),
            "a_shield": pick(a_shield or NONE, [*heights, NONE, FUMBLE], "shield"),
        }
        after = store.add(r, event, b.events)
    assert after.last is not None
    if as_json:
        emit_json(_battle_dict(after))
        return
    click.echo(fit(clash_lines(r, after.last.clash)))
    won = after.winner()
    if won is not None:
        from companion.kniggits.battle import outcome

        click.echo(fit([outcome(after, won)]))


@battle.command("undo", short_help="Undo the last change.", epilog=BATTLE_JSON)
@_battle_option
@json_option
@click.pass_context
def undo(ctx: click.Context, battle_file: Path | None, as_json: bool) -> None:
    """Step back over the last change (an exchange or a phase)."""
    from companion.kniggits.rules import rules

    r = rules(cards_from(ctx))
    with _open(ctx, battle_file) as store:
        b = store.load(r)
        after = store.undo(r, b.events)
    if not as_json:
        click.echo(f"Undone: step {b.events}.")
    _say(ctx, after, as_json)
