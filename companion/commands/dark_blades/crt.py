"""`havoc crt`: the Dark Blades combat results table lookup, the answer first.

Thin: parse (positional forms ``havoc crt ii 8 3``, names by unique start, short options),
call `companion.dark_blades.resolve`, print its record as `companion.text.dark_blades` (40
columns, ``--explain`` for the full texts) or as JSON. `havoc missile` (the `missile` module
beside this one) shares its options and printing, and `havoc fight` its option helpers; the
missile weapons are not imported here, so a `crt` lookup does not load them.
"""

from __future__ import annotations

from typing import Any

import click

from companion.commands.dark_blades.combat_options import (
    given_once,
    melee_options,
    whole_number,
)
from companion.dark_blades import combat as c
from companion.dark_blades import combat_form
from companion.dark_blades import terrain as ter
from companion.dark_blades.completion import cell_source
from companion.dark_blades.crt import Crt, load_crt
from companion.dark_blades.resolve import resolve
from companion.dark_blades.special import load_combat_rules
from companion.dark_blades.states import HEALTH, KINDS, Health
from companion.errors import InputError
from companion.names import pick
from companion.text import fit
from companion.text.dark_blades import lookup_json, lookup_lines, no_shot_lines
from havoc_cli.kit import (
    WHOLE,
    Name,
    Narrow,
    cards_from,
    emit_json,
    json_option,
    seed_option,
    source_only_from,
    source_only_option,
    stacked,
)

JSON_KEYS = """--json: {table, title, attack, attack_strengths, defence, defence_strengths,
raw_odds, start_column, shifts: [{reason, columns, kits_reading}], column, die, rolled, seed,
result, meaning, outcome, defender_state, defender_kind, rules: [{name, section,
rule}], kit_completion, completion_file, void, footnote, fill_in, fill_in_how,
chances: [{result, meaning, faces, chance, percent, kit_faces, effect}], kits_readings:
[{name, short, text}], left_open, no_shot, source}; no shot (e.g. --cover infinite): {table,
title, attack, attack_strengths, defence, defence_strengths, cover, result: null, no_shot: true,
reason, rule, source}"""


class Names(Name):
    """Names joined by commas (a horseman's two hexes: ``slope,tree``), each by unique start."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        parts = [p for p in str(value).split(",") if p.strip()]
        return ",".join(super(Names, self).convert(p, param, ctx) for p in parts) or str(value)


def _tables(ctx: click.Context) -> list[str]:
    return list(load_crt(cards_from(ctx)).tables)


def cover_names(ctx: click.Context) -> list[str]:
    """The cover kinds, then the terrain rows (whose printed cover type is taken)."""
    return [*load_crt(cards_from(ctx)).cover, *ter.load_terrain(cards_from(ctx)).rows]


def _terrain_names(ctx: click.Context) -> list[str]:
    return ter.load_terrain(cards_from(ctx)).names()


def _short(name: str, names: list[str]) -> str:
    """`` (ii)``, `` (mou-inf)``: a short form that names ``name`` alone, to type at the
    table (its initials, else each word's first three letters)."""
    words = [w for w in name.split("-") if w not in ("vs", "of", "the")]
    for short in ("".join(w[0] for w in words), "-".join(w[:3] for w in words)):
        try:
            if pick(short, names, "table") == name:
                return f" ({short})"
        except InputError:
            continue
    return ""


def print_record(crt: Crt, record: c.Lookup | c.NoShot, as_json: bool, explain: bool) -> None:
    if as_json:
        emit_json(lookup_json(crt, record))
    elif isinstance(record, c.NoShot):
        click.echo(fit(no_shot_lines(record, explain)))
    else:
        click.echo(fit(lookup_lines(crt, record, explain)))


shared_options = stacked(  # the options `crt` and `missile` share
    source_only_option,
    click.option(
        "-c",
        "--cover",
        type=Names("cover", cover_names),
        default=None,
        metavar="KIND",
        help="Target's cover: none, light, medium, infinite, or its terrain "
        "(tree, slope ...: the table's cover type; a horseman's two hexes: "
        "slope,open, the heavier counts).",
    ),
    click.option("-F", "--fast-rider", is_flag=True, help="Mounted target moved over 7 hexes."),
    click.option("-R", "--magic-ring", is_flag=True, help="The target holds the Magic Ring."),
    click.option("--die", type=WHOLE, metavar="N", help="A real d10's face; else roll."),
    click.option(
        "--defender-state",
        type=Name("defender state", lambda _ctx: HEALTH),
        default=Health.HEALTHY,
        metavar="S",
        help="healthy, wounded or stunned (further injury kills).",
    ),
    click.option(
        "--defender-kind",
        type=Name("defender kind", lambda _ctx: KINDS),
        default="character",
        metavar="K",
        help="character, dog, mule or troll (their rules apply).",
    ),
    click.option("-e", "--explain", is_flag=True, help="Add every note in full."),
    seed_option,
    json_option,
)


@click.command(cls=Narrow, epilog=JSON_KEYS, short_help="Dark Blades combat lookup.")
@click.argument("table", required=False, type=Name("results table", _tables))
@click.argument("numbers", nargs=-1, metavar="[ATTACK [DEFENCE [DIE]]]")
@click.option("-a", "--attack", multiple=True, metavar="N", help="Attack (5,4: combined).")
@click.option(
    "-d", "--defence", "--defense", "defence", multiple=True, metavar="N", help="Defence (5,4)."
)
@melee_options
@shared_options
@click.pass_context
def crt(
    ctx: click.Context,
    table: str | None,
    numbers: tuple[str, ...],
    attack: tuple[str, ...],
    defence: tuple[str, ...],
    attacker_terrain: str,
    defender_terrain: str,
    magic_sword: bool,
    cover: str | None,
    fast_rider: bool,
    magic_ring: bool,
    die: int | None,
    defender_state: str,
    defender_kind: str,
    explain: bool,
    seed: int | None,
    as_json: bool,
) -> None:
    """Look up a Dark Blades combat results table: havoc crt ii 8 3.

    TABLE by any unique start or initials (ii, inf-mou, missile-vs-inf); then ATTACK,
    DEFENCE and a DIE face (else rolled). Without TABLE, lists the tables (--json: [{name,
    title}]).
    """
    cards = cards_from(ctx)
    loaded = load_crt(cards)
    if table is None:
        if as_json:
            emit_json([{"name": t.name, "title": t.title} for t in loaded.tables.values()])
        else:
            names = list(loaded.tables)
            click.echo(
                fit([f"{n}{_short(n, names)}\n  {t.title}" for n, t in loaded.tables.items()])
            )
        return
    if len(numbers) > 3:
        raise InputError(f"expected at most ATTACK DEFENCE DIE after {table}, got {len(numbers)}")
    pos = list(numbers) + [None] * (3 - len(numbers))
    attack_s = given_once(attack, (pos[0],) if pos[0] is not None else None, "attack")
    defence_s = given_once(defence, (pos[1],) if pos[1] is not None else None, "defence")
    die = given_once(die, whole_number(pos[2], "DIE") if pos[2] is not None else None, "die")
    if not attack_s or not defence_s:
        raise InputError(f"give the attack and the defence (e.g. havoc crt {table} 8 3)")
    values = {
        "table": table,
        "attack": attack_s,
        "defence": defence_s,
        "attacker_terrain": attacker_terrain,
        "defender_terrain": defender_terrain,
        "cover": cover,
        "magic_sword": magic_sword,
        "magic_ring": magic_ring,
        "fast_rider": fast_rider,
        "die": die,
        "seed": seed,
        "defender_state": defender_state,
        "defender_kind": defender_kind,
    }
    request = combat_form.melee(cards, loaded, values)
    cells = cell_source(cards, loaded, source_only_from(ctx))
    record = resolve(loaded, request, cells, load_combat_rules(cards))
    print_record(loaded, record, as_json, explain)
