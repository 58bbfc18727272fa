"""`havoc crt` and `havoc missile`: Dark Blades combat lookups, showing the whole chain.

Strengths → raw odds → each column shift and why → final column → die face → result letter
and its meaning from the table's own key → the chance of each result in that column.
"""

from __future__ import annotations

from typing import Any

import click

from companion import combat as c
from companion import dice
from companion.clikit import cards_from, emit_json, json_option, path_lines, wrap
from companion.crt import MISSING, Crt, load_crt
from companion.errors import display_path
from companion.missiles import strength_at

TERRAIN_CHOICE = click.Choice(["+", "0", "-"])


def _chances(crt: Crt, look: c.Lookup) -> list[dict[str, Any]]:
    n = len(crt.faces)
    return [
        {
            "result": cell or None,
            "meaning": crt.meaning(look.table, cell) if cell else MISSING,
            "faces": list(faces),
            "chance": f"{len(faces)}/{n}",
        }
        for cell, faces in look.chances
    ]


def _as_dict(crt: Crt, look: c.Lookup) -> dict[str, Any]:
    out: dict[str, Any] = {
        "table": look.table.name,
        "title": look.table.title,
        "attack": sum(look.attack),
        "attack_strengths": look.attack,
        "defence": sum(look.defence),
        "defence_strengths": look.defence,
        "raw_odds": look.raw_odds,
        "start_column": crt.columns[look.start],
        "shifts": [{"reason": s.reason, "columns": s.columns} for s in look.shifts],
        "column": crt.columns[look.column],
        "die": look.face,
        "rolled": look.rolled,
        "result": look.cell or None,
        "meaning": look.meaning,
        "footnote": look.footnote,
        "fill_in": look.fill_in,
        "chances": _chances(crt, look),
        "source": crt.source,
    }
    if look.weapon is not None:
        out = {**look.weapon, **out}
    return out


def _join(values: list[int]) -> str:
    return "+".join(str(v) for v in values) + (f" = {sum(values)}" if len(values) > 1 else "")


def _text(crt: Crt, look: c.Lookup) -> str:
    lines: list[str] = [wrap(look.table.title)]
    if look.weapon is not None:
        w = look.weapon
        text = f"{w['weapon']} at {w['range']} hexes ({w['band']} range): {w['strength']}"
        lines.append(wrap(text, "  "))
    lines.append(wrap(f"attack {_join(look.attack)}", "  "))
    lines.append(wrap(f"defence {_join(look.defence)}", "  "))
    lines.append(f"odds {sum(look.attack)}÷{sum(look.defence)} = {look.raw_odds}")
    if look.start_note:
        lines.append(wrap(look.start_note, "  "))
    for s in look.shifts:
        lines.append(wrap(f"{c.direction(s.columns)}: {s.reason}", "  "))
    if look.end_note:
        lines.append(wrap(look.end_note, "  "))
    lines.append(f"column {crt.columns[look.column]}")
    how = "rolled" if look.rolled else "given"
    lines.append(f"die {look.face} ({how}{'; 0 is ten' if look.face == 0 else ''})")
    if look.cell:
        lines.append(wrap(f"result {look.cell}: {look.meaning}", "  "))
        if look.footnote:
            lines.append(wrap(look.footnote, "  "))
    else:
        lines.append(f"result: {MISSING}")
        lines.append("fill it in at:")
        lines.extend(path_lines(display_path(crt.path)))
        lines.append(f"  [{look.table.name}]")
        lines.append(f"  row {look.face}, column {crt.columns[look.column]}")
    lines.append(f"chances in column {crt.columns[look.column]}:")
    for item in _chances(crt, look):
        label = item["result"] or "blank"
        faces = dice.face_runs(item["faces"], crt.faces)
        what = "" if item["result"] else f" ({MISSING})"
        lines.append(wrap(f"  {label} {item['chance']}: die {faces}{what}", "    "))
    if look.table.note:
        lines.append(wrap(f"note: {look.table.note}", "  "))
    return "\n".join(lines)


def _run(
    ctx: click.Context,
    table: str,
    attack: list[int],
    defence: list[int],
    shift_args: dict[str, Any],
    die: int | None,
    seed: int | None,
    as_json: bool,
    weapon: dict[str, Any] | None = None,
) -> None:
    crt = load_crt(cards_from(ctx))
    results_table = c.table_by_name(crt, table)
    shifts = c.shifts_for(crt, results_table, **shift_args)
    face, rolled = c.parse_face(crt, die, dice.make_rng(seed) if die is None else None)
    look = c.lookup(crt, table, attack, defence, shifts, face, rolled)
    look.weapon = weapon
    if as_json:
        emit_json(_as_dict(crt, look))
    else:
        click.echo(_text(crt, look))


def _one_target(defence: list[int]) -> list[int]:
    if len(defence) > 1:
        raise click.BadParameter("a missile is fired at one target", param_hint="--defence")
    return defence


_shared = [
    click.option("--magic-ring", is_flag=True, help="The opponent holds the Magic Ring."),
    click.option(
        "--die", "die", type=int, default=None, metavar="N", help="A real d10's face (1-9, 0)."
    ),
    click.option("--seed", type=int, default=None, metavar="N", help="Seed: reproducible roll."),
    json_option,
]


def _with_shared(f):
    for option in reversed(_shared):
        f = option(f)
    return f


@click.command()
@click.argument("table", required=False)
@click.option("--attack", multiple=True, metavar="N", help="Attack (5,4 or repeat: combined).")
@click.option("--defence", multiple=True, metavar="N", help="Defence (5,4 or repeat: combined).")
@click.option("--attacker-terrain", type=TERRAIN_CHOICE, default="0", metavar="T", help="+, 0, -")
@click.option("--defender-terrain", type=TERRAIN_CHOICE, default="0", metavar="T", help="+, 0, -")
@click.option(
    "--cover",
    type=click.Choice(["none", "light", "medium", "infinite"]),
    default=None,
    metavar="KIND",
    help="none, light, medium, infinite (missiles).",
)
@click.option("--magic-sword", is_flag=True, help="Attacker holds the Magic Sword.")
@click.option("--fast-rider", is_flag=True, help="Mounted target moved more than 7 hexes.")
@_with_shared
@click.pass_context
def crt(
    ctx: click.Context,
    table: str | None,
    attack: tuple[str, ...],
    defence: tuple[str, ...],
    attacker_terrain: str,
    defender_terrain: str,
    cover: str | None,
    magic_sword: bool,
    fast_rider: bool,
    magic_ring: bool,
    die: int | None,
    seed: int | None,
    as_json: bool,
) -> None:
    """Look up a Dark Blades combat results table.

    TABLE: infantry-vs-infantry, infantry-vs-mounted, mounted-vs-mounted, mounted-vs-infantry,
    missile-vs-mounted, missile-vs-infantry. Without TABLE, lists them.
    """
    if table is None:
        loaded = load_crt(cards_from(ctx))
        if as_json:
            emit_json([{"name": t.name, "title": t.title} for t in loaded.tables.values()])
            return
        for t in loaded.tables.values():
            click.echo(t.name)
            click.echo(wrap(f"  {t.title}", "  "))
        return
    if not attack or not defence:
        raise click.UsageError("give --attack and --defence strengths")
    _run(
        ctx,
        table,
        c.parse_strengths(attack, "attack"),
        c.parse_strengths(defence, "defence"),
        {
            "attacker_terrain": attacker_terrain,
            "defender_terrain": defender_terrain,
            "cover": cover,
            "magic_sword": magic_sword,
            "magic_ring": magic_ring,
            "fast_rider": fast_rider,
        },
        die,
        seed,
        as_json,
    )


@click.command()
@click.argument("weapon")
@click.option("--range", "hexes", type=click.IntRange(min=1), required=True, metavar="HEXES")
@click.option("--defence", required=True, metavar="N", help="Target's defence.")
@click.option(
    "--target",
    type=click.Choice(["infantry", "mounted"]),
    required=True,
    metavar="KIND",
    help="infantry or mounted.",
)
@click.option(
    "--cover",
    type=click.Choice(["none", "light", "medium", "infinite"]),
    default="none",
    metavar="KIND",
    help="none, light, medium, infinite.",
)
@click.option("--fast-rider", is_flag=True, help="Mounted target moved more than 7 hexes.")
@_with_shared
@click.pass_context
def missile(
    ctx: click.Context,
    weapon: str,
    hexes: int,
    defence: str,
    target: str,
    cover: str,
    fast_rider: bool,
    magic_ring: bool,
    die: int | None,
    seed: int | None,
    as_json: bool,
) -> None:
    """Fire a Dark Blades missile weapon (shortbow, crossbow).

    The strength for the range band, then the missile results table for the target.
    """
    name, band = strength_at(cards_from(ctx), weapon, hexes)
    _run(
        ctx,
        f"missile-vs-{target}",
        [band.strength],
        _one_target(c.parse_strengths([defence], "defence")),
        {"cover": cover, "magic_ring": magic_ring, "fast_rider": fast_rider},
        die,
        seed,
        as_json,
        weapon={
            "weapon": name,
            "range": hexes,
            "band": band.band,
            "strength": band.strength,
            "target": target,
        },
    )
