"""`havoc missile ... --map MAP --from HEX --to HEX[,HEX]` (or ``--layout LAYOUT``): the range
and the cover from the map, the shot through the parser the phone's map page shares
(`companion.dark_blades.shot_request`). A module of its own, loaded by `havoc missile` only
when a map is given: `havoc los` does not load the combat tables.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import click

from companion.commands.dark_blades.maps import sight_between, sight_lines
from companion.dark_blades import shot_request
from companion.dark_blades.combat import Lookup, NoShot
from companion.dark_blades.crt import Crt
from companion.dark_blades.sight import Sight
from companion.errors import InputError
from companion.numbers import is_whole
from companion.text import fit
from companion.text.dark_blades import lookup_json
from havoc_cli.kit import cards_from, emit_json, source_only_from


def map_shot(
    ctx: click.Context,
    map_name: str | None,
    from_hex: str | None,
    to_hex: str | None,
    rest: tuple[str, ...],
    hexes: int | None,
    cover: str | None,
    layout: str | None = None,
) -> Sight | None:
    """`havoc missile ... --map MAP --from HEX --to HEX[,HEX]` (or ``--layout LAYOUT`` and hexes
    like ``mill:C4``): the sight, which gives the range and the cover. The one number typed is
    the DEFENCE: two (``4 8``: a RANGE DEFENCE out of habit, or DEFENCE DIE?) are refused, the
    die given by --die. No line of sight, infinite cover or a firing rule against the shot: the
    answer is printed here and the sight is None (nothing to roll)."""
    if map_name is not None and layout is not None:
        raise InputError("give --map or --layout, not both")
    board = "--layout LAYOUT" if layout is not None else "--map MAP"
    if (map_name is None and layout is None) or from_hex is None or to_hex is None:
        raise InputError(f"give {board}, --from HEX and --to HEX together")
    if hexes is not None or cover is not None:
        raise InputError(
            f"{board.split()[0]} gives the range and the cover: leave out --range and --cover"
        )
    if sum(1 for x in rest if is_whole(x)) > 1:  # RANGE DEFENCE typed out of habit
        raise InputError(
            f"{board.split()[0]} gives the range: one number, the DEFENCE (a die: --die N), "
            f"got {' '.join(rest)!r}"
        )
    _m, s = sight_between(
        cards_from(ctx), map_name, from_hex, to_hex, source_only_from(ctx), layout
    )
    if not s.open_shot:  # range 1 is the weapon's to refuse (the Breath reaches 1 hex)
        as_json = ctx.params.get("as_json", False)
        if as_json:
            emit_json({"result": None, "no_shot": True, "map": s.as_dict()})
        else:
            click.echo(fit(["NO SHOT", *sight_lines(s, shot=True)]))
        return None
    return s


def missile_on_map(
    ctx: click.Context,
    s: Sight,
    crt: Crt,
    values: dict[str, Any],
    explain: bool,
    show: Callable[[Crt, Lookup | NoShot, bool, bool], None],
) -> None:
    """The shot along ``s`` from `havoc missile`'s fields (the weapon, the DEFENCE, i or m,
    the die...), through the parser the phone's map page shares: its answer (``show``), then
    where its range and cover came from (``map`` in --json)."""
    cards = cards_from(ctx)
    asked = shot_request.shot_request(cards, crt, s, values)
    record = shot_request.shot(cards, crt, asked, source_only_from(ctx))
    if ctx.params.get("as_json", False):
        emit_json({**lookup_json(crt, record), "map": s.as_dict()})
        return
    show(crt, record, False, explain)
    click.echo(fit(["from the map:", *sight_lines(s, explain, shot=True)]))
