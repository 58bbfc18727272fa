"""`havoc table [NAME]`: list every rolled table by game, or roll on one and follow `next`.

A broken table file is listed with its error and refused when asked for; the others work.
"""

from __future__ import annotations

import difflib
from typing import Any

import click
from click.shell_completion import CompletionItem

from companion import dice
from companion import tables as t
from companion.errors import DataError, InputError, UnknownName
from companion.names import complete, pick
from companion.text import WIDTH, fit, path_lines, wrap
from companion.text.fill_in import fill_in_how, fill_in_lines
from havoc_cli.kit import (
    Command,
    cards_from,
    die_option,
    emit_json,
    json_option,
    seed_option,
    source_only_from,
)


def find(
    tables: dict[str, t.Table], name: str, broken: dict[str, DataError] | None = None
) -> t.Table:
    """A table by ``name`` or ``game/name`` (a bare name must be unique across games), or by
    a unique start, word starts or initials, any case (``LAKE``, ``lake-c``, ``rss``).

    A broken table's own error is raised when it is asked for.
    """
    broken = broken or {}
    keys = {**{k: k for k in tables}, **{k: k for k in broken}}
    if name in keys:
        return t.table_or_error(tables, broken, name)
    matches = [k for k in keys if k.split("/", 1)[1] == name]
    if len(matches) == 1:
        return t.table_or_error(tables, broken, matches[0])
    if matches:
        raise InputError(f"{name!r} is in several games: say which ({', '.join(matches)})")
    shorts = {_short(keys, k): k for k in keys}
    try:
        picked = pick(name, shorts, "table")
    except UnknownName:
        bare = sorted({k.split("/", 1)[1] for k in keys})
        close = difflib.get_close_matches(name, bare, n=1)
        hint = f"did you mean {close[0]}? " if close else ""
        raise InputError(f"no table {name!r} ({hint}`havoc table` lists them)") from None
    return t.table_or_error(tables, broken, shorts[picked])


def _short(keys: dict[str, str], key: str) -> str:
    bare = key.split("/", 1)[1]
    return bare if sum(1 for k in keys if k.split("/", 1)[1] == bare) == 1 else key


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
            fill_in_how(step.table.fill, f"a row with face {step.face}")
            if step.missing and step.table.fill
            else None
        ),
        "note": step.table.note,
        "kits_reading": step.table.reading,
        "source": step.table.source,
    }


def _step_lines(tables: dict[str, t.Table], step: t.Step, explain: bool = False) -> list[str]:
    """The result first, then the table, the die and each row's chance; the table's applies,
    note and how to fill in a gap only with ``explain`` (a hint says they are there)."""
    table = step.table
    how = "rolled" if step.rolled else "given"
    zero = "; 0 is ten" if step.face == 0 and table.die == "d10" else ""
    if len(step.rows) > 1:  # several rows list this face: say which result is whose
        lines = [
            wrap(f"{dice.face_runs(r.faces, list(table.faces()))}: {r.result}", "  ")
            for r in step.rows
        ]
    else:
        lines = [wrap(row.result, "  ") for row in step.rows]
    if not step.rows:
        lines.append(wrap(f"{step.why_missing}", "  "))
    head = f"{table.title} ({t.short_name(tables, table)})"
    lines += [head] if len(head) <= WIDTH else [table.title, f"  ({t.short_name(tables, table)})"]
    lines.append(f"{table.die}: {step.face} ({how}{zero})")
    for row in step.rows:
        faces = dice.face_runs(row.faces, list(table.faces()))
        ways, outcomes = _chance(table, row)
        lines.append(wrap(f"{faces}: {ways}/{outcomes} ({dice.percent(ways, outcomes)})", "  "))
    if len(step.rows) > 1:
        lines.append(wrap("(several rows list this face, as printed)", "  "))
        if table.note and not explain:
            lines.append(wrap(f"note: {table.note}", "  "))
    if table.reading and (explain or not table.reading_short):
        lines.append(wrap(f"kit's reading: {table.reading}", "  "))
    elif table.reading_short:
        lines.append(f"kit's reading: {table.reading_short}")
    if not step.rows:
        if not explain:
            lines.append(f"fill in: a row with face {step.face} (-e)")
        elif table.fill is not None:
            lines += fill_in_lines(table.fill, [f"  a row with face {step.face}"], "add a row")
        else:
            lines.append(f"no row has face {step.face}; add one to:")
            lines.extend(path_lines(str(table.path)))
    if explain:
        if table.applies:
            lines.append(wrap(f"applies: {table.applies}", "  "))
        if table.note:
            lines.append(wrap(f"note: {table.note}", "  "))
        lines.append(wrap(f"source: {table.source}", "  "))
    return lines


def _more(steps: list[t.Step]) -> bool:
    """Whether --explain has more to say (who rolls, a note not shown)."""
    return any(
        s.table.applies or s.table.reading_short or (s.table.note and len(s.rows) < 2)
        for s in steps
    )


def _listing(tables: dict[str, t.Table], broken: dict[str, DataError], as_json: bool) -> None:
    """Every table, grouped by game (a heading per game), in name order; broken ones with
    their error."""
    listing = sorted(tables.values(), key=lambda x: (x.game, x.name))
    bad = sorted(broken.items())
    if as_json:
        emit_json(
            [
                {"name": t.short_name(tables, x), "game": x.game, "expression": x.die}
                | {"title": x.title}
                for x in listing
            ]
            + [
                {"name": key.split("/", 1)[1], "game": key.split("/", 1)[0], "error": str(exc)}
                for key, exc in bad
            ]
        )
        return
    games = sorted({x.game for x in listing} | {key.split("/", 1)[0] for key, _ in bad})
    lines: list[str] = []
    for game in games:
        lines.append(f"{game}:" if not lines else f"\n{game}:")
        for x in (x for x in listing if x.game == game):
            lines += [f"  {t.short_name(tables, x)} ({x.die})", f"    {x.title}"]
        for key, exc in bad:
            if key.split("/", 1)[0] == game:
                lines.append(f"  {key.split('/', 1)[1]} (BROKEN)")
                where = exc.path if exc.line is None else f"{exc.path}:{exc.line}"
                lines += path_lines(f"{where}:", "    ") if exc.path else []
                lines += ["    " + x for x in wrap(exc.message, "  ", WIDTH - 4).split("\n")]
    click.echo(fit(lines, "      "))


def _left_open(table: t.Table, as_json: bool) -> None:
    """A table whose die the rules do not name: what the rules give, no roll (--source-only)."""
    rows = [{"faces": list(r.faces), "result": r.result} for r in table.rows]
    if as_json:
        emit_json(
            {"table": table.name, "open": table.reading, "rows": rows, "source": table.source}
        )
        return
    lines = [
        "open: the rules do not name the die",
        wrap(f"(the kit's reading, not applied: {table.reading})", "  "),
        table.title,
    ]
    lines += [wrap(f"{' '.join(map(str, r['faces']))}: {r['result']}", "  ") for r in rows]
    lines.append(wrap(f"source: {table.source}", "  "))
    click.echo(fit(lines))


def _complete_names(ctx: click.Context, _param: click.Parameter, incomplete: str) -> list[Any]:
    broken: dict[str, DataError] = {}
    tables = t.load_tables(cards_from(ctx), broken)
    names = [t.short_name(tables, x) for x in tables.values()]
    return [CompletionItem(n) for n in complete(sorted(names), incomplete)]


@click.command(
    cls=Command,
    short_help="Roll on a rolled table.",
    epilog="--json: {table, applies, steps: [{table, game, title, expression, die, rolled, "
    "results: [{faces, chance, percent, result, next, effect}], missing, missing_why, "
    "missing_how, note, kits_reading, source}], "
    "next}; the list: [{name, game, expression, title}], a broken table: {name, game, error}.",
)
@click.argument("name", required=False, shell_complete=_complete_names)
@die_option("A real die's face (repeat: one per table of the chain).")
@click.option("-e", "--explain", is_flag=True, help="Who rolls, notes, sources in full.")
@seed_option
@json_option
@click.pass_context
def table(
    ctx: click.Context,
    name: str | None,
    die: tuple[int, ...],
    explain: bool,
    seed: int | None,
    as_json: bool,
) -> None:
    """Roll on a table from cards/ (lake, river, death-spell ...); alone, list them.

    A result that says to roll on another table rolls it too; with --die, the chain stops
    when the given faces run out and says which table to roll next (add --seed to roll on).
    """
    broken: dict[str, DataError] = {}
    tables = t.load_tables(cards_from(ctx), broken)
    if name is None:
        _listing(tables, broken, as_json)
        return
    start = find(tables, name, broken)
    if source_only_from(ctx) and start.reading_short and start.die in start.reading_short:
        # the die itself is the kit's reading: --source-only says so instead of rolling it
        _left_open(start, as_json)
        return
    rng = dice.make_rng(seed) if (not die or seed is not None) else None
    steps, pending = t.chain(tables, start, list(die), rng, broken)
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
    for i, step in enumerate(steps):
        if i:
            lines.append("then:")
        lines.extend(_step_lines(tables, step, explain))
    if not explain and _more(steps):
        lines.append("(who rolls, notes: --explain)")
    if pending:
        lines.append(wrap(f"next: roll on {pending} (havoc table {pending} --die N)", "  "))
    elif steps and len(set(steps[-1].next_tables())) > 1:
        choices = " or ".join(sorted(set(steps[-1].next_tables())))
        lines.append(wrap(f"next: roll on {choices}", "  "))
    click.echo(fit(lines))
