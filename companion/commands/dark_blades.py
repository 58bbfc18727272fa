"""`havoc crt` and `havoc missile`: Dark Blades combat lookups, showing the whole chain.

Strengths → raw odds → each column shift and why → final column → die face → result letter
and its meaning from the table's own key → the chance of each result in that column, as a
fraction and a percentage (cells the rules lost counted as "not in the source rules").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import click

from companion import dice
from companion.clikit import (
    Command,
    cards_from,
    die_option,
    emit_json,
    fit,
    json_option,
    seed_option,
    wrap,
)
from companion.dark_blades import combat as c
from companion.dark_blades.crt import MISSING, Crt, ResultsTable, load_crt
from companion.dark_blades.missiles import strength_at
from companion.errors import InputError

TERRAIN = click.Choice(["+", "0", "-"])
COVER = click.Choice(["none", "light", "medium", "infinite"])
JSON_KEYS = """--json: {table, title, attack, attack_strengths, defence, defence_strengths,
raw_odds, start_column, shifts: [{reason, columns}], column, die, rolled, seed, result,
meaning, footnote, fill_in, fill_in_how, chances: [{result, meaning, faces, chance, percent}],
no_shot, source}; no shot (e.g. --cover infinite): {table, title, attack, attack_strengths,
defence, defence_strengths, cover, result: null, no_shot: true, reason, source}"""


def _chances(crt: Crt, look: c.Lookup) -> list[dict[str, Any]]:
    n = len(crt.faces)
    return [
        {
            "result": cell or None,
            "meaning": crt.meaning(look.table, cell) if cell else MISSING,
            "faces": list(faces),
            "chance": f"{len(faces)}/{n}",  # faces out of the die's, as a player counts them
            "percent": round(100 * len(faces) / n, 2),
        }
        for cell, faces in look.chances
    ]


def _as_dict(crt: Crt, look: c.Lookup, seed: int | None) -> dict[str, Any]:
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
        "seed": seed if look.rolled else None,
        "result": look.cell or None,
        "meaning": look.meaning,
        "footnote": look.footnote,
        "fill_in": look.fill_in,
        "fill_in_how": None
        if look.cell
        else crt.fill.how(crt.cell_name(look.table, look.face, look.column)),
        "chances": _chances(crt, look),
        "no_shot": False,
        "source": crt.source,
    }
    if look.weapon is not None:
        out = {**look.weapon, **out}
    return out


def _no_shot(
    crt: Crt,
    table: ResultsTable,
    attack: list[int],
    defence: list[int],
    cover: str,
    reason: str,
    weapon: dict[str, Any] | None,
    as_json: bool,
) -> None:
    """The outcome when the rules forbid the shot: a result (exit 0), not an error."""
    if as_json:
        out: dict[str, Any] = {
            "table": table.name,
            "title": table.title,
            "attack": sum(attack),
            "attack_strengths": attack,
            "defence": sum(defence),
            "defence_strengths": defence,
            "cover": cover,
            "result": None,
            "no_shot": True,
            "reason": reason,
            "source": crt.source,
        }
        emit_json({**weapon, **out} if weapon is not None else out)
        return
    lines = [table.title]
    if weapon is not None:
        w = weapon
        lines.append(f"{w['weapon']} at {w['range']} hexes ({w['band']} range): {w['strength']}")
    lines += [f"attack {_join(attack)}", f"defence {_join(defence)}", f"cover {cover}"]
    lines += ["result: NO SHOT", wrap(f"({reason})", " ")]
    click.echo(fit(lines))


def _join(values: list[int]) -> str:
    return "+".join(str(v) for v in values) + (f" = {sum(values)}" if len(values) > 1 else "")


def _text(crt: Crt, look: c.Lookup) -> list[str]:
    column = crt.columns[look.column]
    lines: list[str] = [look.table.title]
    if look.weapon is not None:
        w = look.weapon
        lines.append(f"{w['weapon']} at {w['range']} hexes ({w['band']} range): {w['strength']}")
    lines.append(f"attack {_join(look.attack)}")
    lines.append(f"defence {_join(look.defence)}")
    lines.append(f"odds {sum(look.attack)}÷{sum(look.defence)} = {look.raw_odds}")
    if look.start_note:
        lines.append(look.start_note)
    lines += [f"{c.direction(s.columns)}: {s.reason}" for s in look.shifts]
    if look.end_note:
        lines.append(look.end_note)
    lines.append(f"column {column}")
    how = "rolled" if look.rolled else "given"
    lines.append(f"die {look.face} ({how}{'; 0 is ten' if look.face == 0 else ''})")
    if look.cell:
        lines.append(f"result {look.cell}: {look.meaning}")
        if look.footnote:
            lines.append(look.footnote)
    else:
        lines.append(f"result: {MISSING}")
        lines += crt.fill.lines([f"  [{look.table.name}]", f"  row {look.face}, column {column}"])
    lines.append(f"chances in column {column}:")
    for item in _chances(crt, look):
        faces = dice.face_runs(item["faces"], crt.faces)
        share = f"{item['chance']} ({dice.percent(len(item['faces']), len(crt.faces))})"
        label = item["result"] or MISSING
        lines.append(wrap(f"  {label}: {share}, die {faces}", "      "))
    if look.table.note:
        lines.append(f"note: {look.table.note}")
    return lines


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
    results = c.table_by_name(crt, table)
    reason = c.no_shot(crt, results, shift_args.get("cover"))
    if reason is not None:
        if die is not None:
            c.parse_face(crt, die, None)  # a bad --die is still refused
        c.raw_odds(sum(attack), sum(defence))  # and strengths below 1
        _no_shot(crt, results, attack, defence, shift_args["cover"], reason, weapon, as_json)
        return
    shifts = c.shifts_for(crt, results, **shift_args)
    face, rolled = c.parse_face(crt, die, dice.make_rng(seed) if die is None else None)
    look = c.lookup(crt, table, attack, defence, shifts, face, rolled)
    look.weapon = weapon
    if as_json:
        emit_json(_as_dict(crt, look, seed))
    else:
        click.echo(fit(_text(crt, look)))


def _combat_options(f: Callable) -> Callable:
    """The options `crt` and `missile` share, spelt once."""
    for option in reversed(
        [
            click.option(
                "--cover",
                type=COVER,
                default=None,
                metavar="KIND",
                help="Target's cover: none, light, medium, infinite (missiles).",
            ),
            click.option("--fast-rider", is_flag=True, help="Mounted target moved over 7 hexes."),
            click.option("--magic-ring", is_flag=True, help="The target holds the Magic Ring."),
            die_option("A real d10's face (1-9, 0); without it, roll.", multiple=False),
            seed_option,
            json_option,
        ]
    ):
        f = option(f)
    return f


@click.command(cls=Command, epilog=JSON_KEYS, short_help="Dark Blades combat lookup.")
@click.argument("table", required=False)
@click.option("--attack", multiple=True, metavar="N", help="Attack (5,4 or repeat: combined).")
@click.option("--defence", multiple=True, metavar="N", help="Defence (5,4 or repeat: combined).")
@click.option("--attacker-terrain", type=TERRAIN, default="0", metavar="T", help="+, 0 or -.")
@click.option("--defender-terrain", type=TERRAIN, default="0", metavar="T", help="+, 0 or -.")
@click.option("--magic-sword", is_flag=True, help="Attacker holds the Magic Sword.")
@_combat_options
@click.pass_context
def crt(
    ctx: click.Context,
    table: str | None,
    attack: tuple[str, ...],
    defence: tuple[str, ...],
    attacker_terrain: str,
    defender_terrain: str,
    magic_sword: bool,
    cover: str | None,
    fast_rider: bool,
    magic_ring: bool,
    die: int | None,
    seed: int | None,
    as_json: bool,
) -> None:
    """Look up a Dark Blades combat results table.

    TABLE: infantry-vs-infantry, infantry-vs-mounted, mounted-vs-mounted, mounted-vs-infantry,
    missile-vs-mounted, missile-vs-infantry. Without TABLE, lists them (--json: [{name,
    title}]).
    """
    if table is None:
        loaded = load_crt(cards_from(ctx))
        if as_json:
            emit_json([{"name": t.name, "title": t.title} for t in loaded.tables.values()])
        else:
            click.echo(fit([f"{t.name}\n  {t.title}" for t in loaded.tables.values()], "    "))
        return
    if not attack or not defence:
        raise InputError("give --attack and --defence strengths (e.g. --attack 8 --defence 3)")
    shift_args = {
        "attacker_terrain": attacker_terrain,
        "defender_terrain": defender_terrain,
        "cover": cover,
        "magic_sword": magic_sword,
        "magic_ring": magic_ring,
        "fast_rider": fast_rider,
    }
    attack_n = c.parse_strengths(attack, "attack")
    defence_n = c.parse_strengths(defence, "defence")
    _run(ctx, table, attack_n, defence_n, shift_args, die, seed, as_json)


@click.command(
    cls=Command,
    short_help="Dark Blades missile fire.",
    epilog=JSON_KEYS.replace("{table,", "{weapon, range, band, strength, target,\ntable,"),
)
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
@_combat_options
@click.pass_context
def missile(
    ctx: click.Context,
    weapon: str,
    hexes: int,
    defence: str,
    target: str,
    cover: str | None,
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
    defence_n = c.parse_strengths([defence], "defence")
    if len(defence_n) > 1:
        raise InputError("--defence: a missile is fired at one target (one defence)")
    shift_args = {"cover": cover or "none", "magic_ring": magic_ring, "fast_rider": fast_rider}
    about = {"weapon": name, "range": hexes, "band": band.band, "strength": band.strength}
    about["target"] = target
    table = f"missile-vs-{target}"
    _run(ctx, table, [band.strength], defence_n, shift_args, die, seed, as_json, about)
