"""`havoc terrain [NAME]`: the Dark Blades Terrain Types table, the answer first.

Thin: read `companion.dark_blades.terrain` and print its rows in 40 columns (or ``--json``). A
module of its own so that looking up a terrain does not import the combat rules.
"""

from __future__ import annotations

import click

from companion.dark_blades import terrain as ter
from companion.data import MISSING
from companion.names import pick
from companion.text import fit, wrap
from havoc_cli.kit import Narrow, cards_from, emit_json, json_option


@click.command(
    cls=Narrow,
    short_help="Dark Blades terrain types.",
    epilog="--json: {source, note, terrain: [{name, printed, movement, cover, advantage, "
    "as_attacker, as_defender, kits_reading}], unlisted}; with NAME, that one entry; a "
    "terrain the rules name with no row: {name, result: null, meaning}.",
)
@click.argument("name", required=False)
@click.option("-e", "--explain", is_flag=True, help="Add the kit's readings in full.")
@json_option
@click.pass_context
def terrain(ctx: click.Context, name: str | None, explain: bool, as_json: bool) -> None:
    """The rulebook's Terrain Types table: movement cost, cover, advantage.

    NAME by any unique start (slope, tree, house, window, door, open). Terrains the rules name
    with no row (bridge, water, wall ...) are "not in the source rules".
    """
    table = ter.load_terrain(cards_from(ctx))
    picked = None if name is None else pick(name, table.names(), "terrain")
    if picked is not None and picked not in table.rows:  # the rules name it, with no row
        if as_json:
            emit_json({"name": picked, "result": None, "meaning": MISSING})
        else:
            click.echo(fit([MISSING, wrap(f"(the Terrain Types table has no {picked} row)", " ")]))
        return
    rows = list(table.rows.values()) if picked is None else [table.rows[picked]]
    if as_json:
        items = [
            {
                "name": t.name,
                "printed": t.printed,
                "movement": t.movement,
                "cover": t.cover,
                "advantage": t.advantage,
                "as_attacker": t.as_attacker,
                "as_defender": t.as_defender,
                "kits_reading": t.reading.as_dict() if t.reading else None,
            }
            for t in rows
        ]
        if name is not None:
            emit_json(items[0])
        else:
            emit_json(
                {
                    "source": table.source,
                    "note": table.note,
                    "terrain": items,
                    "unlisted": list(table.unlisted),
                }
            )
        return
    lines: list[str] = []
    for t in rows:
        lines.append(f"{t.name}: advantage {t.advantage}")
        lines.append(wrap(f"  move {t.movement}; cover {t.cover.lower()}", "    "))
        if t.reading is not None:
            lines.append("  " + t.reading.short)
            if explain:
                lines.append(wrap(f"  {t.reading.text}", "    "))
    if name is None:
        lines.append(
            wrap(f"no row ({'not in the source rules'}): {', '.join(table.unlisted)}", "  ")
        )
        if explain and table.note:
            lines.append(wrap(f"note: {table.note}", "  "))
    click.echo(fit(lines))
