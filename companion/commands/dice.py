"""`havoc roll`: roll dice expressions, each with the exact chance of at least its total.

Kept tiny on purpose: `havoc roll 2d6` imports only click, the CLI plumbing and
companion.dice (no TOML, no JSON unless --json is asked for).
"""

from __future__ import annotations

import click

from companion import dice as d
from companion.errors import InputError
from companion.text import WIDTH, wrap
from havoc_cli.kit import (
    Command,
    die_short_option,
    emit_json,
    json_option,
    seed_short_option,
)


def _fit(text: str, indent: str) -> list[str]:
    """``text`` as lines of at most WIDTH."""
    return [text] if len(text) <= WIDTH else wrap(text, indent).splitlines()


def _roll_lines(r: d.Roll, rolled: bool) -> list[str]:
    """The total first (``7 on 2d6: 3 4``), then the dice, then the chance of at least it."""
    given = "" if rolled else " (given)"
    faces = " ".join(r.faces)
    mod = ""
    if r.dice.modifier:
        mod = f" {'+' if r.dice.modifier > 0 else '-'}{abs(r.dice.modifier)}"
    if r.dice.count == 1 and not r.dice.modifier and r.faces[0] == str(r.total):
        lines = [f"{r.total} on {r.dice.text}{given}"]
    else:
        lines = _fit(f"{r.total} on {r.dice.text}{given}: {faces}{mod}", "  ")
    chance = d.fraction(r.ways_at_least, r.dice.outcomes)
    pct = d.percent(r.ways_at_least, r.dice.outcomes)
    shown = f"{chance} ({pct})" if len(chance) <= 15 else pct
    lines.extend(_fit(f"  chance of {r.total} or more: {shown}", "    "))
    tens = [f for f, (s, _) in zip(r.faces, r.dice.die_sides(), strict=True) if s == 10]
    if any(f.lstrip("-") == "0" for f in tens):
        lines.append("  (a d10's 0 is ten)")
    return lines


def _stats_lines(dice: d.Dice, dist: dict[int, int]) -> list[str]:
    out = dice.outcomes
    exact = out < 10**7  # small enough to show the exact number of throws for each total
    powers = " x ".join(f"{s}^{n}" for n, s, _ in dice.parts())
    size = f"{out:,}" if out < 10**12 else powers
    lows = dice.lowest
    span = (
        f"always {lows}"
        if lows == dice.highest
        else f"totals {lows}-{dice.highest}"
        if lows >= 0
        else f"totals {lows} to {dice.highest}"
    )
    throws = "throw" if out == 1 else "throws"
    lines = _fit(f"{dice.text}: {span}, {size} {throws}", "  ")
    ways_head = f" {'throws':>9}" if exact else ""
    lines.append(f"{'total':>6}{ways_head} {'exactly':>8} {'at least':>9}")
    remaining = out
    for total in sorted(dist):
        ways = dist[total]
        ways_col = f" {ways:>9}" if exact else ""
        exactly, at_least = d.percent(ways, out), d.percent(remaining, out)
        lines.append(f"{total:>6}{ways_col} {exactly:>8} {at_least:>9}")
        remaining -= ways
    return lines


@click.command(
    cls=Command,
    short_help="Roll dice, exact chances.",
    epilog="--json: {seed, rolls: [{expression, dice, faces, modifier, total, rolled, "
    "chance_at_least, percent_at_least}], stats: [{expression, outcomes, distribution: "
    '[{total, ways, exactly, at_least}]}]} (chances as exact fractions "5/12").',
)
@click.argument("expressions", nargs=-1)
@click.option(
    "--stats",
    "stats",
    multiple=True,
    metavar="EXPR",
    help="Print the exact distribution of EXPR (repeatable).",
)
@seed_short_option()
@die_short_option("A die you rolled for real (repeat, in order): its total and chance.")
@json_option
def roll(
    expressions: tuple[str, ...],
    stats: tuple[str, ...],
    seed: int | None,
    die: tuple[int, ...],
    as_json: bool,
) -> None:
    """Roll dice: 2d6, d10, 3d6+1, "2d6 + 1d4 - 1" ... (several at once).

    Shows the total first, then each die and the exact chance of rolling at least that total
    (7 on 2d6: 3 4). --stats counts every throw (it rolls nothing: --seed and --die apply only
    to the dice rolled beside it). A d10's
    ten is shown as 0 (as Cry Havoc-family tables label it) and counts 10. At most 1,000
    dice in one command, 1,000 sides a die.
    """
    if not expressions and not stats:
        raise click.UsageError("give dice to roll (e.g. 2d6) or --stats EXPR")
    if not expressions and (seed is not None or die):
        given = "--seed" if seed is not None else "--die"
        raise InputError(
            f"{given}: --stats counts every throw and rolls nothing; leave {given} out"
        )
    parsed = d.parse_all(list(expressions) + list(stats))
    to_roll, to_study = parsed[: len(expressions)], parsed[len(expressions) :]
    dists = [d.distribution(x) for x in to_study]  # refuses oversized ones before any output
    source = d.DiceSource(die, seed)
    thrown = [source.roll(x) for x in to_roll]
    source.finish()
    if as_json:
        emit_json(
            {
                "seed": seed,
                "rolls": [
                    {
                        "expression": r.dice.text,
                        "dice": list(r.values),
                        "faces": list(r.faces),
                        "modifier": r.dice.modifier,
                        "total": r.total,
                        "rolled": rolled,
                        "chance_at_least": d.fraction(r.ways_at_least, r.dice.outcomes),
                        "percent_at_least": round(100 * r.ways_at_least / r.dice.outcomes, 2),
                    }
                    for r, rolled in thrown
                ],
                "stats": [
                    {
                        "expression": x.text,
                        "outcomes": x.outcomes,
                        "distribution": [
                            {
                                "total": t,
                                "ways": w,
                                "exactly": d.fraction(w, x.outcomes),
                                "at_least": d.fraction(d.ways_at_least(x, t), x.outcomes),
                            }
                            for t, w in sorted(dist.items())
                        ],
                    }
                    for x, dist in zip(to_study, dists, strict=True)
                ],
            }
        )
        return
    lines: list[str] = []
    for r, rolled in thrown:
        lines.extend(_roll_lines(r, rolled))
    for x, dist in zip(to_study, dists, strict=True):
        if lines:
            lines.append("")
        lines.extend(_stats_lines(x, dist))
    click.echo("\n".join(lines))
