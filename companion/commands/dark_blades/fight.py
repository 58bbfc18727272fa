"""`havoc fight ATTACKER DEFENDER [DIE]`: Dark Blades combat by the pieces' names.

Thin: hand the strings to `companion.dark_blades.fight_form` (the parser the phone page
shares), which finds the pieces and resolves the fight, and print as `havoc crt` does (whose
option helpers it shares, `combat_options` beside it). A module of its own so that `havoc crt`
and `havoc missile` do not import the pieces.
"""

from __future__ import annotations

import click

from companion.commands.dark_blades.combat_options import given_once, melee_options, whole_number
from companion.dark_blades import combat as c
from companion.dark_blades import fight as fight_rules
from companion.dark_blades import fight_form, pieces
from companion.dark_blades.piece_types import load_types
from companion.data import Cards
from companion.errors import InputError
from companion.text import fit
from companion.text.dark_blades import lookup_json, lookup_lines, no_shot_lines
from havoc_cli.kit import (
    WHOLE,
    Narrow,
    Whole,
    cards_from,
    emit_json,
    json_option,
    seed_option,
    source_only_from,
    source_only_option,
)


@click.command(
    cls=Narrow,
    fields={"attackers": "attacker", "defenders": "defender", "die": "DIE"},
    short_help="Dark Blades combat by the pieces' names.",
    epilog="--json: {…the keys of `havoc crt --json` (of `havoc missile --json` with --range), "
    "attackers, defenders: [{name, type, state, mounted, attack, defence, sword, ring, boxed}], "
    'values: "kit", scenario}; chances[].effect: what the result does to these pieces. '
    "--list --json: {pieces: [{name, label, side, type, weapon, count, attack, defence}], "
    'values: "kit" (null under --source-only, which leaves attack and defence null)}.',
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
    default=None,
    metavar="KIND",
    help="Target's cover (with --range): none, light, medium, or its terrain.",
)
@melee_options
@click.option("-R", "--magic-ring", is_flag=True, help="The defender holds the Magic Ring.")
@click.option(
    "-i",
    "--attacker-inside",
    is_flag=True,
    help="The attacker is inside the building: a window defender gets no +.",
)
@click.option(
    "--attacker-on",
    default=None,
    metavar="WHERE",
    help="The attacker is on a bridge or the stepping-stones: a retreat falls in.",
)
@click.option(
    "--defender-on",
    default=None,
    metavar="WHERE",
    help="The defender is on a bridge or the stepping-stones: a retreat falls in.",
)
@click.option(
    "--scenario",
    default=None,
    metavar="NAME",
    help="Who starts mounted: the scenario's (else all on foot).",
)
@click.option("--die", type=WHOLE, metavar="N", help="A real d10's face; else roll.")
@click.option("-e", "--explain", is_flag=True, help="Add every note in full.")
@click.option(
    "-l", "--list", "list_pieces", is_flag=True, help="List the pieces it knows, by side."
)
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
    attacker_inside: bool,
    attacker_on: str | None,
    defender_on: str | None,
    scenario: str | None,
    die: int | None,
    explain: bool,
    list_pieces: bool,
    seed: int | None,
    as_json: bool,
) -> None:
    """Combat by name: havoc fight thr gra:wounded 7.

    Names by any unique start, word starts or initials (thr, black-fox, bf); a state after a
    colon (gra:wounded, thr:mounted, gob:stunned, gra:sword, bf:ring, gob:boxed = cannot
    retreat); several a side with commas (thr,gra) or -a/-d. On foot unless :mounted or the
    --scenario starts him mounted. The table comes from the pieces' kinds, the values from
    pieces.csv (the kit's). With --range N, the attacker fires his missile weapon instead.
    --list: every piece it knows, by side.
    """
    cards = cards_from(ctx)
    attack_specs = [s for s in (attacker, *more_attackers) if s]
    defence_specs = [s for s in (defender, *more_defenders) if s]
    if list_pieces:
        if attack_specs or defence_specs or die_arg is not None:
            raise InputError("--list: lists every piece; give no names or die with it")
        _list(cards, source_only_from(ctx), as_json)
        return
    if not attack_specs or not defence_specs:
        raise InputError("give an attacker and a defender (e.g. havoc fight thr gra:wounded 7)")
    die = given_once(die, whole_number(die_arg, "DIE") if die_arg is not None else None, "die")
    values = {
        "attackers": attack_specs,
        "defenders": defence_specs,
        "range": hexes,
        "cover": cover,
        "attacker_terrain": attacker_terrain,
        "defender_terrain": defender_terrain,
        "sword": magic_sword,
        "ring": magic_ring,
        "attacker_inside": attacker_inside,
        "attacker_on": attacker_on,
        "defender_on": defender_on,
        "die": die,
        "seed": seed,
        "scenario": scenario,
    }
    asked = fight_form.ask(cards, values)
    record = fight_form.answer(cards, asked, source_only_from(ctx))
    attackers, defenders = asked.attackers, asked.defenders
    if as_json:
        emit_json(
            {
                **lookup_json(asked.crt, record),
                "attackers": [f.as_dict() for f in attackers],
                "defenders": [f.as_dict() for f in defenders],
                "values": "kit",
                "scenario": asked.scenario,
            }
        )
        return
    lines = (
        no_shot_lines(record, explain)
        if isinstance(record, c.NoShot)
        else lookup_lines(asked.crt, record, explain)
    )
    at = lines.index(record.table.title)
    who = fight_rules.sides_line(attackers, defenders, missile=hexes is not None)
    said = [f"who rides: as {asked.scenario} starts"] if asked.scenario else []
    click.echo(fit([*lines[:at], *who, *said, fight_rules.VALUES_NOTE, *lines[at:]]))


def _list(cards: Cards, source_only: bool, as_json: bool) -> None:
    """`havoc fight --list`: each piece by side, its type, and its attack/defence (the kit's
    values, left out under --source-only: the rulebooks print none)."""
    roster = pieces.roster(cards)
    sides = load_types(cards.path(pieces.GAME, "piece-types.toml")).sides
    if as_json:
        emit_json(
            {
                "pieces": [
                    {
                        "name": p.name,
                        "label": p.label or p.name,
                        "side": p.side,
                        "type": p.type,
                        "weapon": p.weapon,
                        "count": p.count,
                        "attack": None if source_only else p.value("attack"),
                        "defence": None if source_only else p.value("defence"),
                    }
                    for p in roster
                ],
                "values": None if source_only else "kit",
            }
        )
        return
    lines = ["Pieces: any unique start, word starts", "or initials (thr, black-fox, bf)"]
    lines.append(
        "no values: the rulebooks print none" if source_only else "A/D " + fight_rules.VALUES_NOTE
    )
    lines.append("(horse): rides with :mounted/--scenario")
    for key, side in sides.items():
        mine = [p for p in roster if p.side == key]
        if mine:
            lines.append(f"{side.title}:")
        for p in mine:
            kind = {"foot": "", "mounted": " (horse)"}.get(p.type, f" ({p.type})")
            values = "" if source_only else f"{_values(p):>5} "
            lines.append(f"  {values}{p.name}{kind}")
    click.echo(fit(lines))


def _values(piece: pieces.Character) -> str:
    """ "20/16": attack/defence, "-" for a value the roster leaves blank."""
    attack, defence = piece.value("attack"), piece.value("defence")
    return f"{'-' if attack is None else attack}/{'-' if defence is None else defence}"
