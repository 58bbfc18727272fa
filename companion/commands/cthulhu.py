"""`havoc attack` and `havoc setup`: Cthulhu Who? attack scores and set-ups at the table.

Thin over companion.cthulhu: parse the options, call it, print 40-column text or ``--json``.
"""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from typing import Any

import click

from companion.clikit import WIDTH, cards_from, emit_json, json_option, wrap
from companion.errors import InputError, display_path


def _fit(lines: list[str], indent: str = "  ") -> str:
    """Join output lines, wrapping any that would be wider than the companion's width."""
    return "\n".join(line if len(line) <= WIDTH else wrap(line, indent) for line in lines)


def _percent(chance: Fraction) -> float:
    return round(float(chance) * 100, 2)


def _pct_text(chance: Fraction) -> str:
    return f"{float(chance) * 100:.2f}%"


# --------------------------------------------------------------------------- attack


@click.command(context_settings={"terminal_width": WIDTH, "max_content_width": WIDTH})
@click.argument("attacker")
@click.argument("target")
@click.option("--seed", type=int, default=None, help="Seed the roll (reproducible).")
@click.option(
    "--dice",
    type=int,
    nargs=2,
    default=None,
    metavar="A B",
    help="Enter the two dice you rolled at the table.",
)
@json_option
@click.pass_context
def attack(
    ctx: click.Context,
    attacker: str,
    target: str,
    seed: int | None,
    dice: tuple[int, int] | None,
    as_json: bool,
) -> None:
    """Cthulhu Who? attack: the 2d6 score needed, its exact chance, a roll.

    ATTACKER: hero/cutlery, poker, pike, pistol, shotgun, cultist, 1-square, 2-square, 4-square
    (or a monster's name: dog, bear, house...). TARGET: hero, cultist, 1-square, 2-square,
    4-square.
    """
    from companion.cthulhu_attacks import CANNOT, CRUSH, attack_table

    table = attack_table(cards_from(ctx))
    who = table.attacker(attacker)
    whom = table.target(target)
    score = who.scores[whom]
    if dice is not None:
        if seed is not None:
            raise InputError("give --seed or --dice, not both")
        bad = [d for d in dice if not 1 <= d <= 6]
        if bad:
            raise InputError(f"--dice: each die is 1-6, got {bad[0]}")
    roll: dict[str, Any] | None = None
    entered = dice is not None
    if score.kind not in (CANNOT, CRUSH):
        if dice is None:
            rng = random.Random(seed)
            dice = (rng.randint(1, 6), rng.randint(1, 6))
        total = dice[0] + dice[1]
        roll = {
            "dice": list(dice),
            "total": total,
            "kills": score.kills(total),
            "entered": entered,
        }
    chance = score.chance()
    notes = table.notes(who, whom)
    if as_json:
        emit_json(
            {
                "attacker": who.name,
                "target": whom,
                "result": {CANNOT: "cannot attack", CRUSH: "crush"}.get(score.kind, "roll"),
                "needs": None if score.kind != "roll" else score.text,
                "low": score.low if score.kind == "roll" else None,
                "high": score.high if score.kind == "roll" else None,
                "chance": str(chance),
                "percent": _percent(chance),
                "seed": seed,
                "roll": roll,
                "rules": notes,
                "source": display_path(table.path),
            }
        )
        return
    lines = [f"{who.name} v {whom}"]
    if score.kind == CANNOT:
        lines.append("Cannot attack: a dash in the table.")
    elif score.kind == CRUSH:
        lines.append("Crush: no roll needed, it dies.")
    else:
        lines.append(f"Needs {score.text} on 2d6")
        lines.append(f"Chance {chance} = {_pct_text(chance)}")
        assert roll is not None
        verdict = "KILLED" if roll["kills"] else "missed"
        how = "entered" if roll["entered"] else "rolled"
        lines.append(f"{how.capitalize()} {dice[0]}+{dice[1]} = {roll['total']}: {verdict}")
    for note in notes:
        lines.append(wrap("- " + note, "  "))
    click.echo(_fit(lines))


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


def _sheet(tables: Any, setup: Any, seed: int | None) -> list[str]:
    d = setup.dice
    size = setup.size
    rows = dict(tables.weapon_rows)
    printed = {w: r for r, w in rows.items()}
    lines = [
        "Cthulhu Who? set-up" + (f" (seed {seed})" if seed is not None else ""),
        f"Size     d6={d.size}: {size.name} ({size.squares} sq)",
        f"Monsters d6={d.monsters}, size col {d.size}: {setup.monsters}",
        f"Cultists d6={d.cultists}, size col {d.size}: {setup.cultists}",
        f"Danger   {d.size}+{d.monsters}+{d.cultists} = {setup.danger}",
        f"Heroes   d6={d.heroes}, col {setup.band}: {setup.heroes}",
    ]
    for index, (die, weapon) in enumerate(zip(d.weapons, setup.weapons, strict=True), 1):
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
    from companion.cthulhu_setup import setup_distribution

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
                        str(value): {"fraction": str(p), "percent": _percent(p)}
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
            lines.append(f"  {str(value):<13}{str(p):>10}{_pct_text(p):>9}")
    click.echo(_fit(lines))


@click.command(context_settings={"terminal_width": WIDTH, "max_content_width": WIDTH})
@click.option("--seed", type=int, default=None, help="Seed the dice (reproducible).")
@click.option("-n", "count", type=int, default=1, show_default=True, help="How many set-ups.")
@click.option("--stats", is_flag=True, help="Exact odds of each result (enumerated, not rolled).")
@json_option
@click.pass_context
def setup(ctx: click.Context, seed: int | None, count: int, stats: bool, as_json: bool) -> None:
    """Cthulhu Who? set-up: roll the tables, showing every die.

    One set-up prints every die and the table row it hit, and the pieces the game needs. With
    -n N above 1, one compact line each (m monsters, c cultists, D danger, h heroes, then the
    weapons); --json prints one object (-n 1) or a list. Keys: monster_size, monsters,
    cultists, danger, heroes, weapons, dice.
    """
    from companion.cthulhu_setup import setup_tables

    tables = setup_tables(cards_from(ctx))
    if stats:
        _stats(tables, as_json)
        return
    if count < 1:
        raise InputError(f"-n: expected 1 or more set-ups, got {count}")
    setups = tables.roll_many(random.Random(seed), count)
    if as_json:
        if count == 1:
            emit_json(setups[0].to_dict())
        else:
            import json

            click.echo(json.dumps([s.to_dict() for s in setups], separators=(",", ":")))
        return
    if count == 1:
        click.echo(_fit(_sheet(tables, setups[0], seed)))
        return
    order = [w for _, w in tables.weapon_rows]
    short = _abbreviations(order)
    header = [
        f"{count} set-ups" + (f" (seed {seed})" if seed is not None else ""),
        "m=monsters c=cultists D=danger h=heroes",
        wrap(" ".join(f"{short[w]}={w}" for w in order)),
    ]
    body = _compact_lines(setups, short, order)
    click.echo(_fit(header + body))
