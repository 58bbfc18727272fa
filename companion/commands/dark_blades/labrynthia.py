"""`havoc labrynthia [NAME]`: the rulebook's Directory of Labrynthia at 40 columns, the answer
first: a settlement's population and the castles whose levy it is, a castle's lord, soldiers and
levy, a state's entries. Thin over `companion.dark_blades.labrynthia`.
"""

from __future__ import annotations

from typing import Any

import click

from companion.data import MISSING
from companion.text import fit, wrap
from havoc_cli.kit import Narrow, cards_from, emit_json, json_option

LABRYNTHIA_JSON = """--json: {source, states: [{name, capital, population_sum_kits, castles}]};
with NAME: {name, state: {name, printed, places: [PLACE]} or null, places: [PLACE]}, PLACE:
{name, state, kind (the kit's sorting), printed, population, races, industry, lord, soldiers,
levy_from, mercenaries_from, levied_by: [castle names]}; --castles: {castles: [PLACE]};
--notes: {source, notes}"""


def _complete(ctx: click.Context, _param: click.Parameter, incomplete: str) -> list[str]:
    from companion.dark_blades.labrynthia import load_directory
    from companion.names import complete

    try:
        return complete(load_directory(cards_from(ctx)).names(), incomplete)
    except Exception:  # noqa: BLE001 - completion never fails loudly
        return []


@click.command(
    cls=Narrow, short_help="Dark Blades: the Directory of Labrynthia.", epilog=LABRYNTHIA_JSON
)
@click.argument("name", required=False, shell_complete=_complete)
@click.option("-c", "--castles", is_flag=True, help="Every castle: lord, soldiers, levy.")
@click.option("-n", "--notes", is_flag=True, help="The Notes to the Directory.")
@json_option
@click.pass_context
def labrynthia(
    ctx: click.Context, name: str | None, castles: bool, notes: bool, as_json: bool
) -> None:
    """The rulebook's Directory of Labrynthia: states, settlements and their populations,
    castles with their lords, soldiers and levies.

    NAME: a state, settlement, castle or site, by any unique start (myre, "castle domor",
    honna). Without NAME, the states.
    """
    from companion.dark_blades import labrynthia as lab

    d = lab.load_directory(cards_from(ctx))
    if notes:
        if as_json:
            emit_json({"source": d.notes_source, "notes": list(d.notes)})
        else:
            click.echo(fit([f"- {n}" for n in d.notes]))
        return
    if castles:
        if as_json:
            emit_json({"castles": [_place_dict(d, p) for p in d.castles()]})
        else:
            lines: list[str] = []
            for p in d.castles():
                lines += _castle_lines(d, p)
            lines.append("(levy sizes: " + MISSING + ")")
            click.echo(fit(lines, "    "))
        return
    if name is None:
        if as_json:
            emit_json(
                {
                    "source": d.source,
                    "states": [
                        {
                            "name": s.name,
                            "capital": s.capital.name if s.capital else None,
                            "population_sum_kits": s.population or None,
                            "castles": [c.name for c in lab.castles_of(d, s.name)],
                        }
                        for s in d.states
                    ],
                }
            )
            return
        lines = []
        for s in d.states:
            head = s.name
            if s.capital is not None:
                head += f": capital {s.capital.name}"
            n = len(lab.castles_of(d, s.name))
            if n:
                head += f", {n} castle{'s' if n > 1 else ''}"
            lines.append(head)
        lines += ["", wrap(f"({d.source}; a NAME for more)", " ")]
        click.echo(fit(lines))
        return
    found = lab.find(d, name)
    if as_json:
        emit_json(
            {
                "name": found.name,
                "state": None
                if found.state is None
                else {
                    "name": found.state.name,
                    "printed": found.state.printed,
                    "places": [_place_dict(d, p) for p in found.state.places],
                },
                "places": [_place_dict(d, p) for p in found.places],
            }
        )
        return
    lines = []
    for p in found.places:
        if lines:
            lines.append("")
        lines += _place_lines(d, p)
    if found.state is not None:
        if lines:
            lines.append("")
        lines += _state_lines(d, found.state)
    click.echo(fit(lines, "    "))


def _castle_lines(d: Any, p: Any) -> list[str]:
    head = f"{p.name} ({p.state})"
    if p.lord:
        head += f": {p.lord}"
    lines = [head]
    if p.soldiers is not None:
        lines.append(f"  {p.soldiers} soldiers")
    if p.levy_from:
        lines.append("  levy from " + ", ".join(_with_population(d, n) for n in p.levy_from))
    if p.mercenaries_from:
        lines.append("  mercenaries from " + ", ".join(p.mercenaries_from))
    if p.soldiers is None and p.lord is None:
        lines.append("  " + p.printed.split(": ", 1)[-1])
    return lines


def _with_population(d: Any, name: str) -> str:
    from companion.dark_blades.labrynthia import population_of

    pop = population_of(d, name)
    return name if pop is None else f"{name} ({pop:,})"


def _place_lines(d: Any, p: Any) -> list[str]:
    from companion.dark_blades.labrynthia import levied_by

    if p.kind == "castle":
        lines = _castle_lines(d, p)
        if p.levy_from:
            lines.append(f"  levy size: {MISSING}")
    else:
        head = f"{p.name} ({p.state})"
        if p.population is not None:
            head += f": population {p.population:,}"
        lines = [head]
        for c in levied_by(d, p.name):
            how = "levy" if p.name in c.levy_from else "mercenaries"
            who = f", {c.lord}" if c.lord else ""
            men = "" if c.soldiers is None else f", {c.soldiers} soldiers"
            lines.append(f"  {how} of {c.name}{who}{men}")
        if p.population is not None and p.kind in ("capital", "settlement"):
            if not levied_by(d, p.name):
                lines.append("  no castle's levy in the Directory")
    lines.append(wrap(f'  "{p.printed}"', "   "))
    return lines


def _state_lines(d: Any, s: Any) -> list[str]:
    lines = [f"State of {s.name}"]
    if s.population:
        lines.append(f"  {s.population:,} in its printed populations (the kit's sum)")
    if s.printed:
        lines.append(wrap(f'  "{s.printed}"', "   "))
    for p in s.places:
        bits = [p.kind]
        if p.population is not None:
            bits.append(f"{p.population:,}")
        if p.soldiers is not None:
            bits.append(f"{p.soldiers} soldiers")
        lines.append(f"  {p.name}: {', '.join(bits)}")
    return lines


def _place_dict(d: Any, p: Any) -> dict[str, Any]:
    from companion.dark_blades.labrynthia import levied_by

    return {
        "name": p.name,
        "state": p.state,
        "kind": p.kind,
        "printed": p.printed,
        "population": p.population,
        "races": p.races,
        "industry": p.industry,
        "lord": p.lord,
        "soldiers": p.soldiers,
        "levy_from": list(p.levy_from),
        "mercenaries_from": list(p.mercenaries_from),
        "levied_by": [c.name for c in levied_by(d, p.name)],
    }
