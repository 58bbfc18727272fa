"""What `havoc crt` and `havoc missile` share: the options of a results-table look-up (cover,
the target's state and kind, a die, the kit's cells left out), their printing (40 columns,
``--explain`` for the full texts, or JSON) and the JSON keys their help lists. Apart from the
`crt` command, so that `havoc missile` does not build that command's options to start.
"""

from __future__ import annotations

from typing import Any

import click

from companion.dark_blades import combat as c
from companion.dark_blades import terrain as ter
from companion.dark_blades.crt import Crt, load_crt
from companion.dark_blades.states import HEALTH, KINDS, Health
from companion.text import fit
from companion.text.dark_blades import lookup_json, lookup_lines, no_shot_lines
from havoc_cli.kit import (
    WHOLE,
    Name,
    cards_from,
    emit_json,
    json_option,
    seed_option,
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


def cover_names(ctx: click.Context) -> list[str]:
    """The cover kinds, then the terrain rows (whose printed cover type is taken)."""
    return [*load_crt(cards_from(ctx)).cover, *ter.load_terrain(cards_from(ctx)).rows]


def print_record(crt: Crt, record: c.Lookup | c.NoShot, as_json: bool, explain: bool) -> None:
    """A look-up's record as JSON, or its lines at the terminal's width (no shot: why)."""
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
