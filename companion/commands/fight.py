"""`havoc fight ATTACKER DEFENDER [DIE]`: Dark Blades combat by the pieces' names.

Thin: find the pieces (`companion.dark_blades.pieces`, `companion.dark_blades.fight`), call
`companion.dark_blades.resolve` and print as `havoc crt` does (whose option helpers it shares,
`companion.commands.dark_blades`). A module of its own so that `havoc crt` and `havoc missile`
do not import the pieces.
"""

from __future__ import annotations

from dataclasses import replace

import click

from companion.commands.clikit import (
    WHOLE,
    Name,
    Narrow,
    Whole,
    cards_from,
    emit_json,
    json_option,
    seed_option,
    source_only_from,
    source_only_option,
)
from companion.commands.dark_blades import (
    SYMBOLS,
    cover_arg,
    cover_names,
    given_once,
    melee_options,
    whole_number,
)
from companion.dark_blades import combat as c
from companion.dark_blades import fight as fight_rules
from companion.dark_blades import pieces
from companion.dark_blades import terrain as ter
from companion.dark_blades.completion import cell_source
from companion.dark_blades.crt import load_crt
from companion.dark_blades.lines import lookup_lines, no_shot_lines
from companion.dark_blades.missiles import load_weapons
from companion.dark_blades.requests import Shifts
from companion.dark_blades.resolve import fire, resolve
from companion.dark_blades.special import load_combat_rules
from companion.errors import InputError
from companion.text import fit


@click.command(
    cls=Narrow,
    short_help="Dark Blades combat by the pieces' names.",
    epilog="--json: {…the keys of `havoc crt --json` (of `havoc missile --json` with --range), "
    'attackers, defenders: [{name, type, state, mounted, attack, defence}], values: "kit"}.',
)
@click.argument("attacker", required=False, metavar="ATTACKER")
@click.argument("defender", required=False, metavar="DEFENDER")
@click.argument("die_arg", required=False, metavar="[DIE]")
@click.option(
    "-a", "--attacker", "more_attackers", multiple=True, metavar="NAME", help="Another attacker."
)
@click.option(
    "-d", "--defender", "more_defenders", multiple=True, metavar="NAME", help="Another defender."
)
@click.option(
    "-r",
    "--range",
    "hexes",
    type=Whole(1),
    metavar="HEXES",
    help="Missile fire at this range (the shooter's weapon).",
)
@click.option(
    "-c",
    "--cover",
    type=Name("cover", cover_names),
    default=None,
    metavar="KIND",
    help="Target's cover (with --range): none, light, medium, or its terrain.",
)
@melee_options
@click.option("-R", "--magic-ring", is_flag=True, help="The defender holds the Magic Ring.")
@click.option("--die", type=WHOLE, metavar="N", help="A real d10's face; else roll.")
@click.option("-e", "--explain", is_flag=True, help="Add every note in full.")
@source_only_option
@seed_option
@json_option
@click.pass_context
def fight(
    ctx: click.Context,
    attacker: str | None,
    defender: str | None,
    die_arg: str | None,
    more_attackers: tuple[str, ...],
    more_defenders: tuple[str, ...],
    hexes: int | None,
    cover: str | None,
    attacker_terrain: str,
    defender_terrain: str,
    magic_sword: bool,
    magic_ring: bool,
    die: int | None,
    explain: bool,
    seed: int | None,
    as_json: bool,
) -> None:
    """Combat by name: havoc fight thr gra:wounded 7.

    Names by any unique start, word starts or initials (thr, black-fox, bf); a state after a
    colon (gra:wounded, lab:foot, gob:stunned); several a side with commas (thr,gra) or -a/-d.
    The table comes from the pieces' kinds, the values from pieces.csv (the kit's). With
    --range N, the attacker fires his missile weapon instead.
    """
    cards = cards_from(ctx)
    roster = pieces.load(cards).roster
    attack_specs = [s for s in (attacker, *more_attackers) if s]
    defence_specs = [s for s in (defender, *more_defenders) if s]
    if not attack_specs or not defence_specs:
        raise InputError("give an attacker and a defender (e.g. havoc fight thr gra:wounded 7)")
    die = given_once(die, whole_number(die_arg, "DIE") if die_arg is not None else None, "die")
    attackers = fight_rules.side(roster, attack_specs, "attacker")
    defenders = fight_rules.side(roster, defence_specs, "defender")
    crt_data = load_crt(cards)
    cells = cell_source(cards, crt_data, source_only_from(ctx))
    rules = load_combat_rules(cards)
    if hexes is not None:
        if attacker_terrain != "0" or defender_terrain != "0" or magic_sword:
            raise InputError("--range: missile fire takes --cover, not terrain or the Sword")
        kind, cover_terrain = cover_arg(cards, crt_data, cover)
        shot = fight_rules.shot(attackers, defenders, hexes, kind, die, seed)
        shot = replace(shot, cover_terrain=cover_terrain, magic_ring=magic_ring)
        record = fire(crt_data, load_weapons(cards), shot, cells, rules)
    else:
        if cover is not None:
            raise InputError("--cover: for missile fire (give --range)")
        terrain = None
        if attacker_terrain.strip() not in SYMBOLS or defender_terrain.strip() not in SYMBOLS:
            terrain = ter.load_terrain(cards)
        shifts = Shifts(
            attacker_terrain=ter.advantage(
                terrain, attacker_terrain, "attacker", "--attacker-terrain"
            ),
            defender_terrain=ter.advantage(
                terrain, defender_terrain, "defender", "--defender-terrain"
            ),
            magic_sword=magic_sword,
            magic_ring=magic_ring,
        )
        request = fight_rules.melee(attackers, defenders, shifts, die, seed)
        record = resolve(crt_data, request, cells, rules)
    if isinstance(record, c.Lookup) and (len(attackers) > 1 or len(defenders) > 1):
        record.rules = [*record.rules, rules.rules["several"]]
    if as_json:
        emit_json(
            {
                **record.as_dict(),
                "attackers": [f.as_dict() for f in attackers],
                "defenders": [f.as_dict() for f in defenders],
                "values": "kit",
            }
        )
        return
    lines = (
        no_shot_lines(record, explain)
        if isinstance(record, c.NoShot)
        else lookup_lines(crt_data, record, explain)
    )
    at = lines.index(record.table.title)
    who = fight_rules.sides_line(attackers, defenders, missile=hexes is not None)
    click.echo(fit([*lines[:at], *who, fight_rules.VALUES_NOTE, *lines[at:]]))
