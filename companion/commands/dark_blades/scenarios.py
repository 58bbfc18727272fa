"""`havoc scenario [NAME]`: a Dark Blades scenario at 40 columns: where each side sets up,
enters and leaves, as hexes (answer first), then sides, special rules, victory.

Thin over companion.dark_blades.scenarios: the same files `havoc-pnp scenarios` prints.
"""

from __future__ import annotations

import click

from companion.text import fit
from havoc_cli.kit import (
    Command,
    cards_from,
    emit_json,
    json_option,
    source_only_from,
    source_only_option,
)

SCENARIO_JSON = """--json: {key, number, title, source, first_player, maps, mounted, sides:
[{name, enters_turn, setup, pieces: [{name, count, all}]}], special, victory, kit_readings,
background, background_is_kits, where: {maps: [{key, name, is_kit}], marks: [{map, kind,
label, name, place, hexes: [..], runs, what, reading}]} or null (--source-only: the kit's
maps left out)}; without NAME: [{key, number, title}]"""


def _scenarios(ctx: click.Context):  # -> dict[str, Scenario]
    from companion.dark_blades import pieces
    from companion.dark_blades.scenarios import load_scenarios

    cards = cards_from(ctx)
    return load_scenarios(cards, pieces.load(cards))


def _names(ctx: click.Context) -> list[str]:
    return list(_scenarios(ctx))


def _complete(ctx: click.Context, _param: click.Parameter, incomplete: str) -> list[str]:
    from companion.names import complete

    try:
        return complete(_names(ctx), incomplete)
    except Exception:  # noqa: BLE001 - completion never fails loudly
        return []


@click.command(cls=Command, epilog=SCENARIO_JSON, short_help="Dark Blades scenario.")
@click.argument("name", required=False, shell_complete=_complete)
@source_only_option
@json_option
@click.pass_context
def scenario(ctx: click.Context, name: str | None, as_json: bool) -> None:
    """A Dark Blades scenario: sides, set-up, first player, special rules and victory.

    NAME is a file in cards/dark-blades/scenarios/ or a title, by unique prefix (raid, mule,
    mill, arena), or a path to your own scenario file (my-raid.toml; the format:
    cards/dark-blades/README.md). Without NAME, list the scenarios.
    """
    from companion.dark_blades.scenarios import find_scenario

    scenarios = _scenarios(ctx)
    if name is None:
        if as_json:
            emit_json(
                [{"key": k, "number": s.number, "title": s.title} for k, s in scenarios.items()]
            )
            return
        click.echo(fit([f"{s.number}. {s.title}  ({k})" for k, s in scenarios.items()]))
        return
    from companion.dark_blades import pieces
    from companion.dark_blades.scenario_marks import marks_for

    chosen = find_scenario(scenarios, name, pieces.load(cards_from(ctx)))
    source_only = source_only_from(ctx)
    where = marks_for(cards_from(ctx), chosen.key, source_only)
    if as_json:
        out = _as_json(chosen)
        out["where"] = _where_json(where)
        if source_only:  # the rulebook's words only: no kit background, no kit readings
            out.update(background=None, kit_readings=[], source_only=True)
        emit_json(out)
        return
    click.echo(fit(_lines(chosen, source_only, where)))


def _count(force) -> str:  # noqa: ANN001 - a scenarios.Force
    label = force.character.label or force.character.name
    return label if force.count == 1 else f"{force.count} {label}"


def _lines(s, source_only: bool = False, where=None) -> list[str]:  # noqa: ANN001 - a Scenario
    from companion.dark_blades.scenario_marks import where_lines

    lines = [f"{s.title} (scenario {s.number})"]
    if where is not None:
        lines += [*where_lines(*where), ""]
    elif source_only:
        lines += ["(--source-only: the kit's stand-in maps and their hexes left out)", ""]
    lines.append(f"First player: {s.first_player}")
    for side in s.sides:
        when = f", enters turn {side.enters_turn}" if side.enters_turn else ""
        lines += ["", f"{side.name}: {side.pieces} pieces{when}"]
        lines.append("  " + ", ".join(_count(f) for f in side.forces))
        lines.append(f"  Set-up: {side.setup}")
    lines += ["", f"Maps: {s.maps}", s.mounted]
    if s.special:
        lines += ["", "Special rules:"] + [f"- {t}" for t in s.special]
    lines += ["", "Victory:"] + [f"- {t}" for t in s.victory]
    if source_only:
        lines += [
            "",
            "(--source-only: the rulebook's words; the kit's readings and background",
            "left out. Where the rules are silent, the text above leaves it open.)",
        ]
        return lines
    if s.kit_readings:
        lines += ["", "Kit's readings (not the rulebook's):"] + [f"- {t}" for t in s.kit_readings]
    lines += ["", "Background (the kit's own words):", s.background]
    return lines


def _as_json(s) -> dict:  # noqa: ANN001 - a scenarios.Scenario
    return {
        "key": s.key,
        "number": s.number,
        "title": s.title,
        "source": s.source,
        "first_player": s.first_player,
        "maps": s.maps,
        "mounted": s.mounted,
        "sides": [
            {
                "name": side.name,
                "enters_turn": side.enters_turn,
                "setup": side.setup,
                "pieces": [
                    {"name": f.character.name, "count": f.count, "all": f.all_of_them}
                    for f in side.forces
                ],
            }
            for side in s.sides
        ],
        "special": list(s.special),
        "victory": list(s.victory),
        "kit_readings": list(s.kit_readings),
        "background": s.background,
        "background_is_kits": True,
    }


def _where_json(where) -> dict | None:  # noqa: ANN001 - scenario_marks' (maps, marks) or None
    if where is None:
        return None
    from companion.dark_blades import hexgrid as hg

    maps, marks = where
    return {
        "maps": [{"key": m.key, "name": m.name, "is_kit": m.is_kit} for m in maps],
        "marks": [
            {
                "map": k.map,
                "kind": k.kind,
                "label": k.label,
                "name": k.name,
                "place": k.place,
                "hexes": [hg.name(h) for h in sorted(k.hexes)],
                "runs": k.runs,
                "what": k.what,
                "reading": k.reading,
            }
            for k in marks
        ],
    }
