"""`havoc table [NAME]`: list every rolled table by game, or roll on one and follow `next`."""

from __future__ import annotations

from typing import Any

import click

from companion import dice
from companion import tables as t
from companion.clikit import (
    WIDTH,
    Command,
    cards_from,
    die_option,
    emit_json,
    fit,
    json_option,
    path_lines,
    seed_option,
    wrap,
)


def _chance(table: t.Table, row: t.TableRow) -> tuple[int, int]:
    """(ways, outcomes): how many of the die's throws land on ``row`` (6/10, not 3/5)."""
    ways = table.faces()
    return sum(ways[f] for f in row.faces), sum(ways.values())


def _step_dict(step: t.Step) -> dict[str, Any]:
    return {
        "table": step.table.name,
        "game": step.table.game,
        "title": step.table.title,
        "expression": step.table.die,
        "die": step.face,
        "rolled": step.rolled,
        "results": [
            {
                "faces": list(r.faces),
                "chance": "{}/{}".format(*_chance(step.table, r)),
                "percent": round(100 * _chance(step.table, r)[0] / _chance(step.table, r)[1], 2),
                "result": r.result,
                "next": r.next,
                "effect": r.effect,
            }
            for r in step.rows
        ],
        "missing": step.missing,
        "missing_why": step.why_missing,
        "missing_how": (
            step.table.fill.how(f"a row with face {step.face}")
            if step.missing and step.table.fill
            else None
        ),
        "note": step.table.note,
        "source": step.table.source,
    }


def _step_lines(tables: dict[str, t.Table], step: t.Step) -> list[str]:
    table = step.table
    how = "rolled" if step.rolled else "given"
    zero = "; 0 is ten" if step.face == 0 and table.die == "d10" else ""
    head = f"{table.title} ({t.short_name(tables, table)})"
    lines = [head] if len(head) <= WIDTH else [table.title, f"  ({t.short_name(tables, table)})"]
    lines.append(f"{table.die}: {step.face} ({how}{zero})")
    if not step.rows:
        lines.append(wrap(f"result: {step.why_missing}", "  "))
        if table.fill is not None:
            lines += table.fill.lines([f"  a row with face {step.face}"], "add a row")
        else:
            lines.append(f"no row has face {step.face}; add one to:")
            lines.extend(path_lines(str(table.path)))
    for row in step.rows:
        faces = dice.face_runs(row.faces, list(table.faces()))
        ways, outcomes = _chance(table, row)
        share = f"{ways}/{outcomes}, {dice.percent(ways, outcomes)}"
        lines.append(wrap(f"{faces} ({share}): {row.result}", "  "))
    if len(step.rows) > 1:
        lines.append(wrap("(several rows list this face, as printed)", "  "))
    if table.note:
        lines.append(wrap(f"note: {table.note}", "  "))
    return lines


def _listing(tables: dict[str, t.Table], as_json: bool) -> None:
    """Every table, grouped by game (a heading per game), in name order."""
    listing = sorted(tables.values(), key=lambda x: (x.game, x.name))
    if as_json:
        emit_json(
            [
                {"name": t.short_name(tables, x), "game": x.game, "expression": x.die}
                | {"title": x.title}
                for x in listing
            ]
        )
        return
    lines: list[str] = []
    for game in dict.fromkeys(x.game for x in listing):
        lines.append(f"{game}:" if not lines else f"\n{game}:")
        for x in (x for x in listing if x.game == game):
            lines += [f"  {t.short_name(tables, x)} ({x.die})", f"    {x.title}"]
    click.echo(fit(lines, "      "))


@click.command(
    cls=Command,
    short_help="Roll on a rolled table.",
    epilog="--json: {table, applies, steps: [{table, game, title, expression, die, rolled, "
    "results: [{faces, chance, percent, result, next, effect}], missing, missing_why, "
    "missing_how, note, source}], "
    "next}; the list: [{name, game, expression, title}].",
)
@click.argument("name", required=False)
@die_option("A real die's face (repeat: one per table of the chain).")
@seed_option
@json_option
@click.pass_context
def table(
    ctx: click.Context, name: str | None, die: tuple[int, ...], seed: int | None, as_json: bool
) -> None:
    """Roll on a table from cards/ (lake, river, death-spell ...); alone, list them.

    A result that says to roll on another table rolls it too; with --die, the chain stops
    when the given faces run out and says which table to roll next (add --seed to roll on).
    """
    tables = t.load_tables(cards_from(ctx))
    if name is None:
        _listing(tables, as_json)
        return
    start = t.find(tables, name)
    rng = dice.make_rng(seed) if (not die or seed is not None) else None
    steps, pending = t.chain(tables, start, list(die), rng)
    if as_json:
        emit_json(
            {
                "table": start.name,
                "applies": start.applies,
                "steps": [_step_dict(s) for s in steps],
                "next": pending,
            }
        )
        return
    lines: list[str] = []
    if start.applies:
        lines.append(wrap(f"({start.applies})", " "))
    for i, step in enumerate(steps):
        if i:
            lines.append("then:")
        lines.extend(_step_lines(tables, step))
    if pending:
        lines.append(wrap(f"next: roll on {pending} (havoc table {pending} --die N)", "  "))
    elif steps and len(set(steps[-1].next_tables())) > 1:
        choices = " or ".join(sorted(set(steps[-1].next_tables())))
        lines.append(wrap(f"next: roll on {choices}", "  "))
    click.echo(fit(lines))
