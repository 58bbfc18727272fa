"""`havoc missile`: Dark Blades missile fire, the answer first.

Thin: parse (``havoc missile bow 10 8 i``, or the range and cover from a map with ``--map``),
call `companion.dark_blades.resolve.fire` and print its record as `havoc crt` does (the
options and the printing it shares live in `lookup_output` beside this one).
"""

from __future__ import annotations

import click

from companion.commands.dark_blades.combat_options import given_once, whole_number
from companion.commands.dark_blades.lookup_output import JSON_KEYS, print_record, shared_options
from companion.dark_blades import combat_form
from companion.dark_blades.completion import cell_source
from companion.dark_blades.crt import load_crt
from companion.dark_blades.missiles import TARGETS, load_weapons
from companion.dark_blades.resolve import fire
from companion.dark_blades.special import load_combat_rules
from companion.errors import InputError
from companion.names import pick
from companion.numbers import is_whole
from havoc_cli.kit import Name, Narrow, Whole, cards_from, source_only_from


def _weapons(ctx: click.Context) -> list[str]:

    return load_weapons(cards_from(ctx)).names()


def _targets(_ctx: click.Context | None) -> tuple[str, ...]:

    return TARGETS


@click.command(
    cls=Narrow,
    fields={"origin": "--from", "target_hexes": "--to"},  # sight_request.SIGHT_FIELDS
    short_help="Dark Blades missile fire.",
    epilog=JSON_KEYS.replace(
        "{table,", "{weapon, range, band, strength, target, typed (a counter word),\ntable,"
    ),
)
@click.argument("weapon", type=Name("missile weapon", _weapons))
@click.argument("rest", nargs=-1, metavar="[RANGE [DEFENCE [DIE]]] [i|m]")
@click.option("-r", "--range", "hexes", type=Whole(1), metavar="HEXES")
@click.option("-d", "--defence", "--defense", "defence", metavar="N", help="Target's defence.")
@click.option(
    "-t",
    "--target",
    type=Name("target", _targets),
    metavar="KIND",
    help="infantry or mounted (i, m).",
)
@click.option(
    "--map", "map_name", metavar="MAP", help="Range and cover from this map (or a map file)."
)
@click.option(
    "--layout",
    metavar="LAYOUT",
    help="Range and cover from maps laid together (raid, or a layouts file).",
)
@click.option("--from", "from_hex", metavar="HEX", help="The firer's hex (with --map).")
@click.option(
    "--to", "to_hex", metavar="HEX", help="The target's hex (with --map; a horseman: K3,K4)."
)
@shared_options
@click.pass_context
def missile(
    ctx: click.Context,
    weapon: str,
    rest: tuple[str, ...],
    hexes: int | None,
    defence: str | None,
    target: str | None,
    map_name: str | None,
    layout: str | None,
    from_hex: str | None,
    to_hex: str | None,
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
    """Fire a missile weapon: havoc missile crossbow 28 10 i.

    WEAPON: shortbow, crossbow, breath (the Gargoyle's), or a word printed on the counters
    (bow). Then the RANGE in hexes, the target's DEFENCE, a DIE face (else rolled), and the
    target: i(nfantry) or m(ounted). With --map MAP --from HEX --to HEX the range and the
    cover come from the map and the one number is the DEFENCE, a die by --die (havoc missile
    bow 8 i --map arena --from K1 --to K3); a horseman's two hexes: --to K3,K4 (the heavier
    cover counts). Maps laid together: --layout raid --from mill:C4 --to arena:K3.
    """

    cards = cards_from(ctx)
    missiles = load_weapons(cards)
    typed = weapon  # already a whole name (a weapon or a counter word)
    shared = {
        "magic_ring": magic_ring,
        "fast_rider": fast_rider,
        "seed": seed,
        "defender_state": defender_state,
        "defender_kind": defender_kind,
    }
    if map_name or layout or from_hex is not None or to_hex is not None:
        from companion.commands.dark_blades.map_shot import map_shot, missile_on_map

        sight = map_shot(ctx, map_name, from_hex, to_hex, rest, hexes, cover, layout)
        if sight is None:
            return
        numbers = [x for x in rest if is_whole(x)]  # one: the DEFENCE (map_shot refuses more)
        words = [x for x in rest if not is_whole(x)]
        if len(words) > 1:
            raise InputError(f"expected DEFENCE and i or m after {typed}, got {' '.join(rest)!r}")
        defence = given_once(defence, numbers[0] if numbers else None, "defence")
        target = given_once(target, pick(words[0], TARGETS, "target") if words else None, "target")
        wanted = {"the target's DEFENCE": defence}
        if len(sight.targets) == 1:  # a horseman's two hexes: mounted
            wanted["i or m"] = target
        gaps = [k for k, v in wanted.items() if v is None]
        if gaps:
            example = f"havoc missile {typed} 8 i --map ..."
            raise InputError(f"--map gives the range: give {' and '.join(gaps)} ({example})")
        values = {**shared, "weapon": typed, "defence": [defence], "target": target, "die": die}
        missile_on_map(ctx, sight, load_crt(cards), values, explain, print_record)
        return
    numbers = [x for x in rest if is_whole(x)]
    words = [x for x in rest if not is_whole(x)]
    if len(numbers) > 3 or len(words) > 1:
        got = " ".join(rest)
        raise InputError(f"expected RANGE DEFENCE [DIE] and i or m after {typed}, got {got!r}")
    pos = numbers + [None] * (3 - len(numbers))
    hexes = given_once(
        hexes, whole_number(pos[0], "RANGE") if pos[0] is not None else None, "range"
    )
    defence = given_once(defence, pos[1], "defence")
    die = given_once(die, whole_number(pos[2], "DIE") if pos[2] is not None else None, "die")
    target = given_once(target, pick(words[0], TARGETS, "target") if words else None, "target")
    if hexes is None or defence is None or target is None:
        wanted = {"the RANGE": hexes, "the target's DEFENCE": defence, "i or m": target}
        gaps = [k for k, v in wanted.items() if v is None]
        missing = " and ".join([", ".join(gaps[:-1]), gaps[-1]] if len(gaps) > 1 else gaps)
        raise InputError(f"give {missing} (havoc missile {typed} 10 8 i)")
    crt_data = load_crt(cards)
    values = {
        **shared,
        "weapon": typed,
        "range": hexes,
        "defence": [defence],
        "target": target,
        "cover": cover,
        "die": die,
    }
    request = combat_form.missile(cards, crt_data, values)
    cells = cell_source(cards, crt_data, source_only_from(ctx))
    record = fire(crt_data, missiles, request, cells, load_combat_rules(cards))
    print_record(crt_data, record, as_json, explain)
