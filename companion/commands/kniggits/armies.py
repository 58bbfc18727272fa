"""`havoc army` and `havoc exchange`: Kniggits army checks and sword-and-shield blows.

Thin over companion.kniggits.rules: parse the options, call it, print 40-column text or ``--json``.
`havoc army` exits 0 when the army is within the points total, 1 when it is over (runaways and
spare Movement tokens are reported but do not break the points rule), 2 on bad data. The first
line of each is the answer: LEGAL or not; hit, defended or no attack.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import click

from companion.errors import InputError, display_path
from companion.kniggits.rules import MAX_POINTS
from companion.names import complete, pick
from companion.text import fit, path_lines, wrap
from companion.text.kniggits import short as _short
from havoc_cli.kit import Command, Whole, cards_from, emit_json, json_option

EXIT_OVER_BUDGET = 1
ARMY_JSON = """--json: {file, budget, points, kniggit_points, token_points, over_by, under_by,
legal, fighting, runaways, kniggits: [{line, count, name, movement, attack, defense, points,
move_inches, spare_movement, runs_away, missing}]}; spare_movement: Movement tokens above
those the 12-inch cap needs (they keep the full move while low blows knock tokens off)."""
EXCHANGE_JSON = """--json: {attack, defend, result, loses, why, before, after}; before and
after (with --tokens): {tokens, can_attack, can_defend, move_inches, crawls, flees}. Both
fighters (SWORD/SHIELD twice): {fighters: [{name, sword, shield, before, after}], blows:
[{by, at, attack, defend, result, loses, why} or null]}"""
NAME_WIDTH = 15  # an army line: "2x NAME: M0 A1 D1 crawl 2 in" stays within 40 columns


def _cut(name: str, width: int = NAME_WIDTH) -> str:
    """A name cut to ``width`` characters (the last one an ellipsis when cut)."""
    return name if len(name) <= width else name[: width - 1].rstrip() + "\u2026"


# --------------------------------------------------------------------------- army


@click.command(cls=Command, epilog=ARMY_JSON, short_help="Check a Kniggits army file.")
@click.argument("army_file", metavar="FILE", type=click.Path(dir_okay=False, path_type=Path))
@click.option(
    "-p",
    "--points",
    type=Whole(0, MAX_POINTS),
    default=None,
    help="The agreed points total (default: the rules' suggested total, in rules.toml).",
)
@json_option
@click.pass_context
def army(ctx: click.Context, army_file: Path, points: int | None, as_json: bool) -> None:
    """Check a Kniggits army FILE against the agreed points total.

    FILE is a CSV: count,name,movement,attack,defense (tokens each). Exit 0 if within the
    points, 1 if over, 2 if the file is bad. Kniggits missing a colour are named: they run
    away before the battle.
    """
    from companion.csv_rosters import read_csv
    from companion.kniggits.rules import army_columns, check_army, rules
    from companion.text.kniggits import move

    r = rules(cards_from(ctx))
    check = check_army(read_csv(army_file, army_columns(r)), r, points, army_file)
    colours = r.colours
    spare = dict((id(k), n) for k, n in check.spare)
    if as_json:
        emit_json(
            {
                "file": display_path(army_file),
                "budget": check.budget,
                "points": check.points,
                "kniggit_points": check.kniggit_points,
                "token_points": check.token_points,
                "over_by": check.over,
                "under_by": check.under,
                "legal": check.legal,
                "fighting": check.fighting,
                "runaways": [k.name for k in check.runaways],
                "kniggits": [
                    {
                        "line": k.line,
                        "count": k.count,
                        "name": k.name,
                        **k.tokens,
                        "points": k.points(r),
                        "move_inches": r.move(k.tokens["movement"]),
                        "spare_movement": spare.get(id(k), 0),
                        "runs_away": bool(k.missing(r)),
                        "missing": k.missing(r),
                    }
                    for k in check.kniggits
                ],
            }
        )
    else:
        count = sum(k.count for k in check.kniggits)
        tokens = check.token_points // r.token_cost if r.token_cost else 0
        shown = display_path(army_file)
        if check.over:
            state = f"over by {check.over}"
        elif check.under:
            state = f"{check.under} unspent"
        else:
            state = "exactly"
        verdict = "LEGAL" if check.legal else "NOT LEGAL"
        fight = "kniggit fights" if check.fighting == 1 else "kniggits fight"
        fled = sum(k.count for k in check.runaways)
        lines = [
            f"{verdict}: {check.points} of {check.budget} points, {state}",
            f"{check.fighting} {fight}" + (f", {fled} run away" if fled else ""),
            *([f"Army {shown}"] if len(shown) <= 35 else ["Army", *path_lines(shown)]),
            f"Kniggits {count} x {r.kniggit_cost} = {check.kniggit_points}",
            f"Tokens   {tokens} x {r.token_cost} = {check.token_points}",
        ]
        for k in check.kniggits:
            how_far = move(r, k.tokens["movement"])
            lines.append(f"{k.count}x {_cut(k.name)}: {_short(k.tokens, colours)} {how_far}")
        if check.runaways:
            lines.append("Run away before the battle:")
            for k in check.runaways:
                many = f" ({k.count})" if k.count > 1 else ""
                lacks = ", ".join(k.missing(r))
                lines.append(f"  {_cut(k.name, 24)}{many}: no {lacks}")
        if check.spare:
            lines.append(f"Move capped at {r.max_move} in: spare Movement")
            lines.append("tokens absorb low blows (not wasted):")
            lines += [f"  {_cut(k.name, 28)}: {n} spare" for k, n in check.spare]
        click.echo(fit(lines))
    if not check.legal:
        sys.exit(EXIT_OVER_BUDGET)


# --------------------------------------------------------------------------- exchange


def _standing_dict(s: Any) -> dict[str, Any] | None:
    if s is None:
        return None
    return {
        "tokens": s.tokens,
        "can_attack": s.can_attack,
        "can_defend": s.can_defend,
        "move_inches": s.move,
        "crawls": s.crawls,
        "flees": s.flees,
    }


def _height(given: str | None, positional: str | None, what: str, choices: list[str]) -> str:
    """The height (or none, fumble) named by the option or the argument, by its start."""
    if given is not None and positional is not None:
        raise InputError(
            f"{what} height given twice ({positional!r} and --{what} {given!r}): give it once"
        )
    text = given if given is not None else positional
    if text is None:
        raise InputError(f"give the {what} height, e.g. havoc exchange high low")
    return pick(text, choices, what)


def _complete_height(*extra: str) -> Any:
    """Shell completion of a height (from rules.toml) and the extra words."""

    def heights(ctx: click.Context, _param: click.Parameter, incomplete: str) -> list[str]:
        from companion.errors import HavocError
        from companion.kniggits.rules import rules

        try:
            names = [*rules(cards_from(ctx)).heights, *extra]
        except HavocError:
            return []
        return complete(names, incomplete)

    return heights


@click.command(cls=Command, epilog=EXCHANGE_JSON, short_help="Kniggits: sword v shield.")
@click.argument(
    "attack_at", metavar="[ATTACK", required=False, shell_complete=_complete_height("fumble")
)
@click.argument(
    "defend_at",
    metavar="DEFEND]",
    required=False,
    shell_complete=_complete_height("none", "fumble"),
)
@click.option("-a", "--attack", "attack_", default=None, help="high, middle, low or fumble.")
@click.option("-d", "--defend", default=None, help="high, middle, low, none or fumble.")
@click.option("--defence", "--defense", "defence", default=None, hidden=True)
@click.option(
    "-t",
    "--tokens",
    multiple=True,
    metavar="M,A,D",
    help="Tokens before the blow: once, the defender's; twice, the attacker's then the "
    "defender's (both fighters: the first's, then the second's).",
)
@json_option
@click.pass_context
def exchange(
    ctx: click.Context,
    attack_at: str | None,
    defend_at: str | None,
    attack_: str | None,
    defend: str | None,
    defence: str | None,
    tokens: tuple[str, ...],
    as_json: bool,
) -> None:
    """Kniggits: what one sword blow against one shield does, or one exchange for both.

    havoc exchange high low -t 2,1,1 (or h l; -a/-d also work). Same height: defended.
    Otherwise the defender loses a token: high an Attack, middle a Defense, low a Movement
    token. With --tokens, what he can still do after it.

    Both facing each other, both attack: give each fighter's SWORD/SHIELD, e.g. havoc
    exchange h/l m/h -t 3,2,1 -t 2,1,1 (A's, then B's); both blows land at once, each with
    the tokens from before. A sword of none: he only defends.
    """
    from companion.kniggits.rules import FUMBLE, NONE, Fighter, clash, parse_tokens, rules

    r = rules(cards_from(ctx))
    heights = list(r.heights)
    if len(tokens) > 2:
        raise InputError(f"--tokens given {len(tokens)} times: at most twice (each fighter's)")
    given: list[dict[str, int] | None] = [parse_tokens(t, r) for t in tokens]
    slashed = [t for t in (attack_at, defend_at) if t is not None and "/" in t]
    if slashed:
        if attack_ or defend or defence or len(slashed) != 2:
            raise InputError(
                "both fighters: give each one's SWORD/SHIELD, e.g. havoc exchange h/l m/h"
            )
        if len(given) == 1:
            raise InputError("both fighters: give both fighters' tokens (-t A's -t B's), or none")
        fighters = []
        for name, text, toks in zip("AB", slashed, given or [None, None], strict=True):
            sword, _, shield = text.partition("/")
            fighters.append(
                Fighter(
                    name,
                    pick(sword, [*heights, FUMBLE, NONE], f"{name}'s sword"),
                    pick(shield, [*heights, NONE, FUMBLE], f"{name}'s shield"),
                    toks,
                )
            )
        both = clash(r, fighters[0], fighters[1])
        if as_json:
            emit_json(_clash_dict(both))
        else:
            from companion.text.kniggits import clash_lines

            click.echo(fit(clash_lines(r, both)))
        return
    attack_at = _height(attack_, attack_at, "attack", [*heights, FUMBLE])
    if defend is not None and defence is not None:
        raise InputError("--defend and --defence are the same option: give it once")
    defend = defend if defence is None else defence
    defend_at = _height(defend, defend_at, "defend", [*heights, NONE, FUMBLE])
    by = given[0] if len(given) == 2 else None
    at = given[-1] if given else None
    x = clash(r, Fighter("attacker", attack_at, NONE, by), Fighter("defender", NONE, defend_at, at))
    blow = x.blows[0]
    assert blow is not None  # the attacker's sword is never none here
    if as_json:
        emit_json(
            {
                "attack": blow.attack,
                "defend": blow.defend,
                "result": blow.result,
                "loses": blow.loses,
                "why": blow.why,
                "before": _standing_dict(blow.before),
                "after": _standing_dict(blow.after),
            }
        )
        return
    click.echo(fit(_blow_lines(r, blow)))


def _blow_lines(r: Any, x: Any) -> list[str]:
    """One blow against a defender, as `havoc exchange ATTACK DEFEND` prints it."""
    from companion.text.kniggits import NONE_FLEES, move

    if x.result == "hit" and x.loses:
        word = x.loses.capitalize()
        article = "an" if word[0] in "AEIOU" else "a"
        answer = f"HIT: he loses {article} {word} token"
    elif x.result == "hit":
        answer = "HIT, but he has no such token"
    else:
        answer = {"defended": "Defended: nothing happens"}.get(x.result, "No attack")
    lines = [answer, wrap(f"{x.attack} v {x.defend}: {x.why}", "  ")]
    if x.before is not None and x.after is not None:
        s = x.after
        if x.before.flees:
            lines.append("(he was fleeing before the blow)")
        lines.append(
            f"Tokens {_short(x.before.tokens, r.colours)} -> {_short(s.tokens, r.colours)}"
        )
        if s.flees:
            why = "no tokens left" if s.no_tokens else "only one colour left"
            lines.append(f"FLEES: {why}")
            if s.no_tokens:
                lines.append(wrap(f"({NONE_FLEES})"))
        attack_why = "" if s.can_attack else (" (flees)" if s.flees else " (no Attack token)")
        lines.append(f"Can attack: {'yes' if s.can_attack else 'no'}{attack_why}")
        lines.append(f"Can defend: {'yes' if s.can_defend else 'no'}")
        lines.append(f"Move: {move(r, s.tokens['movement'])}")
    return lines


def _clash_dict(c: Any) -> dict[str, Any]:
    """Both fighters' exchange for --json."""
    return {
        "fighters": [
            {
                "name": f.name,
                "sword": f.sword,
                "shield": f.shield,
                "before": _standing_dict(before),
                "after": _standing_dict(after),
            }
            for f, before, after in zip(c.fighters, c.before, c.after, strict=True)
        ],
        "blows": [
            None
            if x is None
            else {
                "by": by.name,
                "at": at.name,
                "attack": x.attack,
                "defend": x.defend,
                "result": x.result,
                "loses": x.loses,
                "why": x.why,
            }
            for x, by, at in zip(c.blows, c.fighters, reversed(c.fighters), strict=True)
        ],
    }
