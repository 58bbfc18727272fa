"""`havoc crt`: the Dark Blades combat results table lookup, the answer first.

Thin: parse (positional forms ``havoc crt ii 8 3``, names by unique start, short options),
call `companion.dark_blades.resolve`, print its record as `companion.text.dark_blades` (40
columns, ``--explain`` for the full texts) or as JSON. `havoc missile` (the `missile` module
beside this one) shares its options and printing (in `lookup_output`), and `havoc fight` its
option helpers; the missile weapons are not imported here, so a `crt` lookup does not load them.
"""

from __future__ import annotations

import click

from companion.commands.dark_blades.combat_options import (
    given_once,
    melee_options,
    whole_number,
)
from companion.commands.dark_blades.lookup_output import JSON_KEYS, print_record, shared_options
from companion.dark_blades import combat_form
from companion.dark_blades.completion import cell_source
from companion.dark_blades.crt import load_crt
from companion.dark_blades.resolve import resolve
from companion.dark_blades.special import load_combat_rules
from companion.errors import InputError
from companion.names import pick
from companion.text import fit
from havoc_cli.kit import (
    Name,
    Narrow,
    cards_from,
    emit_json,
    source_only_from,
)


def _tables(ctx: click.Context) -> list[str]:
    return list(load_crt(cards_from(ctx)).tables)


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
