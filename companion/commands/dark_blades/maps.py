"""`havoc los MAP FROM TO[,TO2]`: range, line of sight and cover on a Dark Blades map, answer
first; ``TO,TO2`` is a mounted target's two hexes (as ``-c slope,open`` in `havoc missile`).

Thin: find the map or the layout, hand the hexes as typed to the parser the phone's map page
shares (`companion.dark_blades.sight_request`), print the answer in 40 columns (or ``--json``).
`sight_lines` is shared with `havoc missile --map` (`map_shot` beside this module).
"""

from __future__ import annotations

import click

from companion.commands.dark_blades.boards import board
from companion.dark_blades import sight_request
from companion.dark_blades.maps import HexMap, load_maps
from companion.dark_blades.sight import ADJACENT, HORSE_FIELD, Sight, part_words, steps_text
from companion.data import Cards
from companion.errors import InputError
from companion.text import fit, wrap
from havoc_cli.kit import (
    Command,
    cards_from,
    emit_json,
    json_option,
    source_only_from,
    source_only_option,
)

KIT_MAP = "kit's map, not the rulebook's"
JSON_KEYS = (
    "--json: {map, map_design, from, to, range, visible, seen_hexes (the target's hexes "
    "seen: a horseman may be seen at one), can_fire, no_shot (why not, or "
    "null), adjacent, blocked_by, cover, cover_why, target_terrain, line (firer to target), "
    "line_steps ([hex] or, along a hex side, [hex, hex]; hexes on the map only, null: through "
    "a corner), line_text (as the answer prints it), along_hex_side, other_side (along a "
    "hex side: the side not taken, {line, blocked_by, no_shot, cover, cover_why}), rules: "
    "[{name, section, text}], kits_readings: [{name, short, text}], hexes: [a horseman's two "
    "hexes, each {from, to, range, visible, ...}]}"
)


def _maps(ctx: click.Context) -> list[str]:
    return [m.key for m in load_maps(cards_from(ctx), source_only_from(ctx))]


def sight_between(
    cards: Cards,
    map_name: str | None,
    origin: str,
    target: str,
    source_only: bool,
    layout: str | None = None,
) -> tuple[HexMap, Sight]:
    """The map (or ``layout``) named and the sight from ``origin`` to ``target`` on it (hexes
    as typed; ``K3,K4``: a mounted target's two neighbouring hexes), as the phone asks it."""
    m = board(cards, map_name, layout, source_only)
    asked = sight_request.sight_request(cards, m, {"origin": origin, HORSE_FIELD: target})
    return m, sight_request.sight(cards, asked)


def sight_lines(s: Sight, explain: bool = False, shot: bool = False) -> list[str]:
    """The answer first (seen or not, range, cover, or why no shot), then how: the rules
    applied (quoted), the line, what blocks, the kit's readings. ``shot``: under a shot's own
    answer (`havoc missile --map`), whose weapon decides whether it may fire at range 1."""
    m = s.map
    to = ",".join(m.label(h) for h in s.targets)
    head = f"{m.label(s.origin)}->{to}: range {s.range}"
    if not s.visible:
        lines = [f"NOT SEEN; {head}", wrap(f"blocked by {', '.join(s.blocked_by)}", "  ")]
    elif s.refusal:
        lines = [f"seen, NO SHOT; {head}", wrap(s.refusal, "  ")]
    elif s.cover == "infinite":
        lines = [f"seen, NO SHOT; {head}", wrap(f"cover infinite ({s.why})", "  ")]
    elif s.adjacent and not shot:
        lines = [
            f"seen, NO SHOT; {head}",
            ADJACENT,
            wrap(f"cover {s.cover} ({s.why})", "  "),
        ]
    else:
        lines = [f"seen; {head}", wrap(f"cover {s.cover} ({s.why})", "  ")]
    if s.half_seen:  # a horseman seen at one of his hexes: which, under the answer
        lines.insert(1, wrap(s.half_seen, "  "))
    for rule in s.rules:
        if rule.name != "adjacent" or not shot:
            lines.append(wrap(f"rule: {rule.quote}", "  "))
    lines.extend(wrap(w, "  ") for w in part_words(s))  # a horseman: each hex, the rule
    for p in s.parts:
        lines.append(wrap(f"line to {m.label(p.target)}: {steps_text(m, p.steps)}", "  "))
    if not s.parts:
        lines.append(wrap(f"line: {steps_text(m, s.steps)}", "  "))
    if s.other_fails:
        lines.append(wrap(f"other side: {s.other_fails}", "  "))
    for r in s.readings:
        lines.append(r.short)
        if explain:
            lines.append(wrap(r.text, "  "))
    if m.is_kit:
        lines.append(f"map: {m.name} ({KIT_MAP})")
    return lines


@click.command(
    cls=Command,
    short_help="Dark Blades line of sight.",
    epilog=JSON_KEYS,
    fields={"origin": "FROM", HORSE_FIELD: "TO"},
)
@click.argument("map_name", metavar="[MAP]", shell_complete=None)
@click.argument("origin", metavar="FROM", required=False)
@click.argument("target", metavar="TO[,TO2]", required=False)
@click.option(
    "--layout",
    metavar="LAYOUT",
    help="Maps laid together (raid, or a layouts file: two.toml); hexes as mill:C4, no MAP.",
)
@click.option("-e", "--explain", is_flag=True, help="Add the kit's readings in full.")
@source_only_option
@json_option
@click.pass_context
def los(
    ctx: click.Context,
    map_name: str,
    origin: str | None,
    target: str | None,
    layout: str | None,
    explain: bool,
    as_json: bool,
) -> None:
    """Range, line of sight and cover: havoc los arena K1 K3.

    MAP by file name or name (arena, mill, any unique start), or a map file by its path
    (./ford.toml); FROM and TO as hexes (D13).
    The line runs centre to centre; trees and buildings block it (one may see into them, not
    through), and so does a wall it crosses (a garden wall: the kit's reading); windows and
    doors by the firing rules, quoted; cover from the target's hex; no shot at an adjacent
    target. A horseman's two hexes: TO,TO2 (K3,K4): the heavier cover counts; seen at one hex
    only, the answer says which. The line is listed firer to target; Q3|R4: the hexes either
    side of a hex side.
    Maps laid together: --layout raid mill:C4 arena:K3 (a layout by its name or a scenario
    played on it, or a layouts file by its path, FILE#KEY for one of several; its maps are
    looked for beside it, then in the cards; every hex with its map).
    """
    if layout is not None:
        if target is not None:
            raise InputError(f"with --layout give FROM and TO only, not a map ({map_name!r})")
        if origin is None:
            raise InputError(f"with --layout give FROM and TO (havoc los --layout {layout} ...)")
        map_name, origin, target = None, map_name, origin  # type: ignore[assignment]
    elif origin is None or target is None:
        raise InputError("expected MAP FROM TO (havoc los arena K1 K3)")
    s = sight_between(
        cards_from(ctx), map_name, origin, target, source_only_from(ctx), layout=layout
    )[1]
    if as_json:
        emit_json(s.as_dict())
    else:
        click.echo(fit(sight_lines(s, explain)))
