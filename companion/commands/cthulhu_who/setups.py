"""`havoc attack` and `havoc setup`: Cthulhu Who? attack scores and set-ups at the table.

Thin over companion.cthulhu_who.attacks and companion.cthulhu_who.setup: parse the options, call
them, print 40-column text or ``--json``. Real dice come in with ``--die`` (companion.dice).
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import click

from companion import dice as d
from companion.commands.cthulhu_who.board import board_attack_for, board_options, square_name
from companion.cthulhu_who.attacks import CANNOT, CRUSH, ROLL, SILENT, attack_table
from companion.errors import HavocError, InputError, display_path
from companion.names import complete
from companion.text import fit, wrap
from havoc_cli.kit import (
    SEED,
    WHOLE,
    Command,
    cards_from,
    die_short_option,
    emit_json,
    json_option,
    seed_short_option,
)

ATTACK_JSON = """--json: {attacker, target, result (roll, cannot attack, crush or not in
the rules), needs, low, high, chance, percent (null when not in the rules), seed, roll: {dice,
total, kills, rolled} or null, rules (short notes), quotes (the rules' words), file, board
(null without --from/--to): {setup, boards, from, to, range, reach, adjacent, line, terrain:
[{square, kind}], wall, check_for_figures, allowed, why_not, readings (the kit's)}}"""
SETUP_JSON = """--json: {monster_size: {name, squares}, monsters, cultists, danger, heroes,
weapons, dice: {size, monsters, cultists, heroes, weapons}, seed (drawn when not given; null
with --die alone)} (a list, without the seed, with -n); --stats
--json: {combinations, monster_size, monsters, cultists, danger, heroes, weapon}, each
{value: {chance, percent}}."""
DRAWN_SEEDS = 1_000_000  # a seed drawn for a random set-up: at most six digits to type
MAX_SETUPS = 1_000_000  # -n: a million set-ups print in seconds; more is a typo
BATCH = 10_000  # set-ups rolled and printed at a time


def _percent(ways: int, outcomes: int) -> float:
    return round(100 * ways / outcomes, 2)


# --------------------------------------------------------------------------- attack


def _attack_answer(score: Any, roll: dict[str, Any] | None) -> str:
    """The first line of `havoc attack`: the answer (killed, missed, crush, cannot, silent)."""
    if score.kind == CANNOT:
        return "Cannot attack (a dash in the table)"
    if score.kind == CRUSH:
        return "Crushed: killed, no roll"
    if score.kind == SILENT:
        return "Not in the rules: they do not say"
    assert roll is not None
    verdict = "KILLED" if roll["kills"] else "Missed"
    how = "rolled" if roll["rolled"] else "your"
    first, second = roll["dice"]
    return f"{verdict}: {how} {first}+{second} = {roll['total']}, needs {score.text}"


def _complete(which: int) -> Any:
    """Shell completion of the attacker (0) or target (1) names, read from the cards."""

    def names(ctx: click.Context, _param: click.Parameter, incomplete: str) -> list[str]:
        try:
            choices = attack_table(cards_from(ctx)).names()[which]
        except HavocError:
            return []
        return complete(choices, incomplete)

    return names


@click.command(cls=Command, epilog=ATTACK_JSON, short_help="Cthulhu Who? attack score.")
@click.argument("attacker", shell_complete=_complete(0))
@click.argument("target", shell_complete=_complete(1))
@die_short_option("A die rolled for real (twice: the 2d6).")
@click.option("--dice", "dice_pair", type=WHOLE, nargs=2, default=None, hidden=True)
@seed_short_option()
@click.option("-e", "--explain", is_flag=True, help="Also print the rules' own words.")
@click.option("--setup", "setup_seed", type=SEED, metavar="S", help="On the garden of set-up S.")
@board_options
@click.option("--from", "from_sq", metavar="SQ", help="The attacker's square, e.g. B2.")
@click.option("--to", "to_sq", metavar="SQ", help="The target's square, e.g. D3.")
@json_option
@click.pass_context
def attack(
    ctx: click.Context,
    attacker: str,
    target: str,
    die: tuple[int, ...],
    dice_pair: tuple[int, int] | None,
    seed: int | None,
    explain: bool,
    setup_seed: int | None,
    boards: int,
    from_sq: str | None,
    to_sq: str | None,
    as_json: bool,
) -> None:
    """Cthulhu Who? attack: the answer first, then the 2d6 score needed and its chance.

    ATTACKER: cutlery, poker, pike, pistol, shotgun, cultist, 1-square, 2-square, 4-square (or
    a monster's name: dog, bear, house...). TARGET: hero, cultist, 1-square, 2-square,
    4-square. Any case; a unique start is enough. With --setup S --from SQ --to SQ: on the
    garden of set-up sheet S, the range, the line and whether the attack is allowed (by the
    kit's readings of the board), before the roll.
    """
    cards = cards_from(ctx)
    table = attack_table(cards)
    who = table.attacker(attacker)
    whom = table.target(target)
    score = who.scores[whom]
    board = board_attack_for(ctx, who, whom, setup_seed, boards, from_sq, to_sq)
    source = d.DiceSource(die + (dice_pair or ()), seed)
    roll: dict[str, Any] | None = None
    if score.kind == ROLL and (board is None or board.shot.allowed):
        thrown, rolled = source.roll(d.parse("2d6"))
        total = thrown.total
        roll = {"dice": list(thrown.values), "total": total, "kills": score.kills(total)}
        roll["rolled"] = rolled
    if board is None or board.shot.allowed:
        source.finish()
    ways = score.ways()
    notes = table.notes(who, whom)
    silent = score.kind == SILENT
    if as_json:
        emit_json(
            {
                "attacker": who.name,
                "target": whom,
                "result": {
                    CANNOT: "cannot attack",
                    CRUSH: "crush",
                    SILENT: "not in the rules",
                }.get(score.kind, "roll"),
                "needs": score.text if score.kind == ROLL else None,
                "low": score.low if score.kind == ROLL else None,
                "high": score.high if score.kind == ROLL else None,
                "chance": None if silent else f"{ways}/36",
                "percent": None if silent else _percent(ways, 36),
                "seed": seed,
                "roll": roll,
                "rules": notes,
                "quotes": table.explain(who, whom),
                "file": display_path(table.path),
                "board": None if board is None else board.to_dict(),
            }
        )
        return
    if board is None:
        lines = [_attack_answer(score, roll), f"{who.name} v {whom}"]
    else:
        shot = board.shot
        if score.kind == ROLL and not shot.allowed:
            lines = [f"NOT ALLOWED: {shot.why_not()}"]
        else:
            lines = [_attack_answer(score, roll)]
        if board.check_line() and score.kind == ROLL:
            lines.append(board.check_line())
        where = f"{square_name(shot.start)} to {square_name(shot.end)}, set-up {setup_seed}"
        lines += [f"{who.name} v {whom}", where, *board.lines()]
    if score.kind == ROLL:
        chance = f"Chance {ways}/36 ({d.percent(ways, 36)}) on 2d6"
        if roll is None:
            chance = f"Needs {score.text}: {ways}/36 ({d.percent(ways, 36)}), no roll"
        lines.append(chance)
    lines += [wrap("- " + note, "  ") for note in notes]
    if board is not None:
        lines += [wrap("- " + r, "  ") for r in board.readings]
    if explain:
        lines.append("The rules' words:")
        lines += [wrap(f'  "{quote}"', "  ") for quote in table.explain(who, whom)]
    click.echo(fit(lines))


# --------------------------------------------------------------------------- setup


def _abbreviations(names: list[str]) -> dict[str, str]:
    """The shortest prefixes (two letters at least) that tell the weapons apart."""
    unique = list(dict.fromkeys(names))
    for length in range(2, max(len(n) for n in unique) + 1):
        short = {n: n.replace(" ", "")[:length] for n in unique}
        if len(set(short.values())) == len(unique):
            return short
    return {n: n for n in unique}


def _compact_lines(setups: list[Any], short: dict[str, str], order: list[str]) -> list[str]:
    """One line per set-up: size, monsters, cultists, Danger, heroes: weapons (counted)."""
    memo: dict[tuple[str, ...], str] = {}
    lines = []
    for setup in setups:
        weapons = memo.get(setup.weapons)
        if weapons is None:
            counts = Counter(setup.weapons)
            weapons = memo[setup.weapons] = " ".join(
                (f"{counts[w]}{short[w]}" if counts[w] > 1 else short[w])
                for w in order
                if counts[w]
            )
        lines.append(
            f"{setup.size.name} {setup.monsters}m {setup.cultists}c D{setup.danger}"
            f" {setup.heroes}h: {weapons}"
        )
    return lines


def _sheet(tables: Any, setup: Any, how: str) -> list[str]:
    dd = setup.dice
    size = setup.size
    rows = dict(tables.weapon_rows)
    printed = {w: r for r, w in rows.items()}
    cultists = "Cultist" if setup.cultists == 1 else "Cultists"
    heroes = "Hero" if setup.heroes == 1 else "Heroes"
    lines = [
        f"{setup.monsters} x {size.name}, {setup.cultists} {cultists}, {setup.heroes} {heroes}",
        "Cthulhu Who? set-up" + (f" ({how})" if how else ""),
        f"Size     d6={dd.size}: {size.name} ({size.squares} sq)",
        f"Monsters d6={dd.monsters}, size col {dd.size}: {setup.monsters}",
        f"Cultists d6={dd.cultists}, size col {dd.size}: {setup.cultists}",
        f"Danger   {dd.size}+{dd.monsters}+{dd.cultists} = {setup.danger}",
        f"Heroes   d6={dd.heroes}, col {setup.band}: {setup.heroes}",
    ]
    for index, (die, weapon) in enumerate(zip(dd.weapons, setup.weapons, strict=True), 1):
        row = printed[weapon]
        row_note = f" (row {row})" if row != str(die) else ""
        lines.append(f"Hero {index}   d6={die}: {weapon}{row_note}")
    lines.append("Pieces needed:")
    for need in setup.pieces():
        if need.kind == "monster":
            plural = "s" if need.squares != 1 else ""
            lines.append(f"  {need.count} x {need.name} ({need.squares} square{plural})")
        elif need.kind == "hero":
            lines.append(f"  {need.count} x Hero with {need.weapon}")
        else:
            lines.append(f"  {need.count} x {need.name}")
    return lines


def _stats(tables: Any, as_json: bool) -> None:
    from companion.cthulhu_who.setup import setup_distribution

    dist = setup_distribution(tables)
    total = len(tables.faces) ** 4
    titles = {
        "monster_size": "Monster size",
        "monsters": "Monsters",
        "cultists": "Cultists",
        "danger": "Danger score",
        "heroes": "Heroes",
        "weapon": "Each hero's weapon",
    }
    if as_json:
        emit_json(
            {
                "combinations": total,
                **{
                    key: {
                        str(value): {
                            "chance": str(p),
                            "percent": _percent(p.numerator, p.denominator),
                        }
                        for value, p in dist[key].items()
                    }
                    for key in titles
                },
            }
        )
        return
    lines = ["Cthulhu Who? set-up: exact odds", f"over all {total} rolls of the 4 dice"]
    for key, title in titles.items():
        lines.append(f"{title}:")
        for value, p in dist[key].items():
            pct = d.percent(p.numerator, p.denominator)
            lines.append(f"  {str(value):<13}{str(p):>10}{pct:>9}")
    click.echo(fit(lines))


def _from_dice(tables: Any, die: tuple[int, ...], seed: int | None) -> Any:
    """One set-up from real dice (size, monsters, cultists, heroes, then one per hero)."""
    source = d.DiceSource(die, seed)
    sides = len(tables.faces)
    steps = [source.next(sides)[0] for _ in range(4)]
    count = tables.heroes[tables.band_index(sum(steps[:3])), steps[3]]
    weapons = tuple(source.next(sides)[0] for _ in range(count))
    source.finish()
    return tables.from_dice(*steps, weapons)


@click.command(cls=Command, epilog=SETUP_JSON, short_help="Cthulhu Who? set-up roll.")
@seed_short_option()
@die_short_option(
    "A die rolled for real, in the order of the tables: size, monsters, cultists, heroes, "
    "then one weapon die per hero."
)
@click.option(
    "-n",
    "count",
    type=WHOLE,
    default=1,
    show_default=True,
    help=f"How many set-ups (at most {MAX_SETUPS:,}).",
)
@click.option("--stats", is_flag=True, help="Exact odds of each result (enumerated, not rolled).")
@json_option
@click.pass_context
def setup(
    ctx: click.Context,
    seed: int | None,
    die: tuple[int, ...],
    count: int,
    stats: bool,
    as_json: bool,
) -> None:
    """Cthulhu Who? set-up: roll the tables, showing every die.

    One set-up prints what to put on the board first, then every die and the table row it hit,
    and the pieces the game needs. Without --seed a seed is drawn and shown, so the set-up
    just rolled can be rolled again or printed: havoc-pnp setups --seed S. --stats gives the
    exact odds instead (no roll: no -n, --seed or --die with it). With -n N above 1, one
    compact line each (m monsters, c cultists, D danger, h heroes, then the weapons).
    """
    # the set-up roller, off `havoc attack`'s path: benchmarks/startup_tricks.py
    from companion.cthulhu_who.setup import setup_tables

    tables = setup_tables(cards_from(ctx))
    if count < 1:
        raise InputError(f"-n: expected 1 or more set-ups, got {count}")
    if count > MAX_SETUPS:
        raise InputError(f"-n: at most {MAX_SETUPS:,} set-ups in one command, got {count:,}")
    if stats:
        given = [
            flag
            for flag, used in (("-n", count != 1), ("--seed", seed is not None), ("--die", die))
            if used
        ]
        if given:
            raise InputError(
                f"{', '.join(given)}: --stats counts all {len(tables.faces) ** 4:,} rolls of the"
                " 4 dice and rolls nothing; leave " + ("it" if len(given) == 1 else "them") + " out"
            )
        _stats(tables, as_json)
        return
    if die and count != 1:
        raise InputError("--die: real dice make one set-up; leave out -n")
    if die:
        one = _from_dice(tables, die, seed)
        how = "your dice" + (f", seed {seed}" if seed is not None else "")
    else:
        if seed is None:  # drawn, and shown: the same set-up again, or printed, by its seed
            seed = random.SystemRandom().randrange(DRAWN_SEEDS)
        rng = random.Random(seed)
        one = tables.roll_many(rng, 1)[0] if count == 1 else None
        how = f"seed {seed}"
    if one is not None:
        if as_json:
            emit_json({**one.to_dict(), "seed": seed})
            return
        lines = _sheet(tables, one, how)
        if not die:
            lines.append(f"Print it: havoc-pnp setups --seed {seed}")
        click.echo(fit(lines))
        return
    # Many: rolled and printed a batch at a time (the same rolls as one go), so memory stays
    # flat however large -n is.
    if as_json:
        first = True
        for batch in _batches(tables, rng, count):
            text = ",".join(json.dumps(s.to_dict(), separators=(",", ":")) for s in batch)
            click.echo(("[" if first else ",") + text, nl=False)
            first = False
        click.echo("]")
        return
    order = [w for _, w in tables.weapon_rows]
    short = _abbreviations(order)
    header = [
        f"{count} set-ups" + (f" ({how})" if how else ""),
        "m=monsters c=cultists D=danger h=heroes",
        wrap(" ".join(f"{short[w]}={w}" for w in order)),
    ]
    click.echo(fit(header))
    for batch in _batches(tables, rng, count):
        click.echo(fit(_compact_lines(batch, short, order)))


def _batches(tables: Any, rng: random.Random, count: int) -> Any:
    """``count`` set-ups rolled in batches of BATCH (one generator, so the same rolls)."""
    left = count
    while left:
        n = min(left, BATCH)
        yield tables.roll_many(rng, n)
        left -= n
