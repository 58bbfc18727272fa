"""`havoc swim MAP HEX [DIE...]`: a Dark Blades character in the water, answer first: where
the current takes him (crawls out, drowns, crushed in the mill wheel, swept off the map, on the
stepping stones, or still in the water), the hexes he is carried through, and each roll.

Thin: find the map, hand the hex and the faces as typed to the parser the phone's swim page
shares (`companion.dark_blades.swim_request`), print in 40 columns (or ``--json``). DIE: real
dice's faces, in the order rolled (the first roll, then "roll again", then the stepping
stones'); the rest are rolled (``--seed N``: the same rolls).
"""

from __future__ import annotations

import click

from companion.commands.dark_blades.boards import board
from companion.dark_blades import hexgrid as hg
from companion.dark_blades import swim_request
from companion.dark_blades.states import HURT
from companion.dark_blades.water import Swim
from companion.errors import InputError
from companion.text import fit, wrap
from havoc_cli.kit import (
    Command,
    cards_from,
    emit_json,
    json_option,
    seed_option,
    source_only_from,
    source_only_option,
)

KIT_MAP = "kit's map, not the rulebook's"
JSON_KEYS = (
    "--json: {map, map_design, seed, hex, water, outcome, ends_in, path, rolls: [{table, title, "
    "face, rolled, results}], why, roll_next, kits_readings: [{name, short, text}], "
    "other_printed_row: {the same keys, for the lake's doubled 6}}"
)


def headline(s: Swim, name=None) -> str:
    """The answer in one line: the outcome and the hex (``name``: how a hex is printed, the
    map's `HexMap.label`)."""
    name = name or _plain
    at = name(s.where) if s.where else ""
    last = name(s.path[-1])
    return {
        "crawls out": f"CRAWLS OUT at {at}",
        "drowns": f"DROWNS at {at}",
        "crushed": f"CRUSHED in the mill wheel at {at}",
        "swept off": f"SWEPT OFF the map past {last}",
        "hangs on": f"HANGS ON to the stepping stones {at}",
        "on the stones": f"STOPS on the stepping stones {at}",
        "in the water": f"IN THE WATER at {at}",
        "roll": f"ROLL AGAIN ({s.pending}), at {at}",
        "missing": f"NOT IN THE RULES at {at}",
    }.get(s.outcome, f"{s.outcome.upper()} at {at}")


def _plain(h):
    return hg.name(h)


def swim_lines(s: Swim, explain: bool = False, name=None) -> list[str]:
    """The answer first, then the path, each roll, the kit's readings."""
    name = name or _plain
    lines = [headline(s, name), wrap(f"  {s.why}", "  ")]
    if len(s.path) > 1:
        lines.append(wrap(f"carried: {' '.join(name(h) for h in s.path)}", "  "))
    for r in s.rolls:  # each roll: its table and face, then the printed result
        how = "rolled" if r.rolled else "given"
        lines.append(f"{r.table.title}: {r.face} {how}")
        if len(r.rows) > 1:
            lines.append("  printed in two rows (kit: the first):")
        lines.extend(wrap(f"  {row.result}", "  ") for row in r.rows)
        if not r.rows:
            lines.append("  the rules give no result for it")
    if s.other is not None:
        o = s.other
        lines.append(f"other printed row: {headline(o, name)}")
        if len(o.path) > 1:
            lines.append(wrap(f"carried: {' '.join(name(h) for h in o.path)}", "  "))
    for reading in s.readings:
        lines.append(reading.short)
        if explain:
            lines.append(wrap(reading.text, "  "))
    if s.pending:
        lines.append(wrap(f"give one more DIE for {s.pending}, or --seed N to roll", "  "))
    return lines


def source_lines(s: Swim) -> list[str]:
    """--source-only: the rolls and the printed results alone (where the current carries him
    on the map is the kit's reading of the map's flow)."""
    lines = []
    for r in s.rolls:
        lines.append(f"{r.table.title}: {r.face} {'rolled' if r.rolled else 'given'}")
        lines.extend(wrap(f"  {row.result}", "  ") for row in r.rows)
        if not r.rows:
            lines.append("  the rules give no result for it")
    lines.append(wrap("the hexes he is carried through: left out by --source-only", "  "))
    return lines


@click.command(
    cls=Command,
    fields={"die": "DIE", "hex": "HEX"},
    short_help="Dark Blades: in the water.",
    epilog=JSON_KEYS,
)
@click.argument("map_name", metavar="[MAP]")
@click.argument("hex_name", metavar="HEX", required=False)
@click.argument("faces", metavar="[DIE]...", nargs=-1)
@click.option(
    "--layout",
    metavar="LAYOUT",
    help="Maps laid together (raid, or a layouts file); HEX as mill:G8.",
)
@click.option("--hurt", type=click.Choice(HURT), default=None, help="A wounded or stunned swimmer.")
@click.option("-e", "--explain", is_flag=True, help="Add the kit's readings in full.")
@seed_option
@source_only_option
@json_option
@click.pass_context
def swim_command(
    ctx: click.Context,
    map_name: str,
    hex_name: str | None,
    faces: tuple[str, ...],
    layout: str | None,
    hurt: str | None,
    explain: bool,
    seed: int | None,
    as_json: bool,
) -> None:
    """In the water: havoc swim mill G8 5 3.

    MAP by file name or name, or a map file by its path; HEX the swimmer's hex (D13). DIE:
    the faces of real dice, in order (first roll, roll again, stepping stones); none given:
    the dice are rolled. Maps laid together: --layout raid mill:G8 5 (no MAP; the hex with
    its map; a layouts file by its path too).
    """
    if layout is not None:  # no MAP: the words are HEX [DIE]...
        words = [map_name, *([hex_name] if hex_name is not None else []), *faces]
        if len(words) > 1 and ":" not in words[0] and ":" in words[1]:  # a map, then mill:G8
            raise InputError(f"with --layout give HEX and the dice only, not a map ({words[0]!r})")
        map_name, hex_name, faces = None, words[0], tuple(words[1:])  # type: ignore[assignment]
    elif hex_name is None:
        raise InputError("expected MAP HEX [DIE]... (havoc swim mill G8 5 3)")
    cards = cards_from(ctx)
    m = board(cards, map_name, layout, source_only_from(ctx))
    values = {"hex": hex_name, "die": faces, "hurt": hurt, "seed": seed}
    s = swim_request.swim_answer(cards, swim_request.swim_request(m, values))
    source_only = source_only_from(ctx)
    if as_json:
        data = s.as_dict() if not source_only else {"rolls": s.as_dict()["rolls"]}
        if not source_only:  # hexes as the map names them (a layout's: mill:G8)
            data["hex"] = m.label(s.start)
            data["ends_in"] = m.label(s.where) if s.where else None
            data["path"] = [m.label(h) for h in s.path]
        emit_json({"map": m.name, "map_design": m.design, "seed": seed, **data})
        return
    lines = swim_lines(s, explain, m.label) if not source_only else source_lines(s)
    if m.reading is not None:  # a layout's: which edges meet is the kit's
        lines.append(m.reading.short)
    if m.is_kit:
        lines.append(f"map: {m.name} ({KIT_MAP})")
    click.echo(fit(lines))
