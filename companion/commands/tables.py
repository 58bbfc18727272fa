"""`havoc table [NAME]`: list every rolled table, or roll on one and follow its `next` rows."""

from __future__ import annotations

from typing import Any

import click

from companion import dice
from companion import tables as t
from companion.clikit import cards_from, emit_json, json_option, path_lines, wrap


def _step_dict(step: t.Step) -> dict[str, Any]:
    ways = step.table.faces()
    return {
        "table": step.table.name,
        "game": step.table.game,
        "title": step.table.title,
        "die": step.table.die,
        "face": step.face,
        "rolled": step.rolled,
        "results": [
            {
                "faces": list(r.faces),
                "chance": dice.fraction(sum(ways[f] for f in r.faces), sum(ways.values())),
                "result": r.result,
                "next": r.next,
                "effect": r.effect,
            }
            for r in step.rows
        ],
        "missing": step.missing,
        "note": step.table.note,
        "source": step.table.source,
    }


def _step_lines(tables: dict[str, t.Table], step: t.Step) -> list[str]:
    table = step.table
    how = "rolled" if step.rolled else "given"
    zero = "; 0 is ten" if step.face == 0 and table.die == "d10" else ""
    lines = [wrap(f"{table.title} ({t.short_name(tables, table)})", "  ")]
    lines.append(f"{table.die}: {step.face} ({how}{zero})")
    if not step.rows:
        lines.append(f"result: {t.MISSING}")
        lines.append(f"no row has face {step.face}; add one to:")
        lines.extend(path_lines(step.missing or ""))
    for row in step.rows:
        faces = dice.face_runs(row.faces, list(table.faces()))
        lines.append(wrap(f"{faces}: {row.result}", "  "))
    if len(step.rows) > 1:
        lines.append(wrap("(several rows list this face, as printed)", "  "))
    if table.note:
        lines.append(wrap(f"note: {table.note}", "  "))
    return lines


@click.command()
@click.argument("name", required=False)
@click.option(
    "--die",
    "die",
    type=int,
    multiple=True,
    metavar="N",
    help="A real die's face (repeat: one per table of the chain).",
)
@click.option("--seed", type=int, default=None, metavar="N", help="Seed: reproducible rolls.")
@json_option
@click.pass_context
def table(
    ctx: click.Context, name: str | None, die: tuple[int, ...], seed: int | None, as_json: bool
) -> None:
    """Roll on a table from cards/ (lake, river, death-spell ...); alone, list them.

    A result that says to roll on another table rolls it too; with --die, the chain stops
    when the given faces run out and says which table to roll next.
    """
    tables = t.load_tables(cards_from(ctx))
    if name is None:
        listing = sorted(tables.values(), key=lambda x: (x.game, x.name))
        if as_json:
            emit_json(
                [
                    {
                        "name": t.short_name(tables, x),
                        "game": x.game,
                        "die": x.die,
                        "title": x.title,
                    }
                    for x in listing
                ]
            )
            return
        for x in listing:
            click.echo(f"{t.short_name(tables, x)} ({x.die})")
            click.echo(wrap(f"  {x.title}", "  "))
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
    click.echo("\n".join(lines))
