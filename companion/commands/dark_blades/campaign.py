"""`havoc campaign`: a Dark Blades campaign kept in a file, scenario after scenario
(`companion.dark_blades.campaign`, `companion.dark_blades.campaign_store`).

`campaign new raid mill mule` starts it; `campaign` shows it (the next scenario first);
`campaign record --dead NAME --wounded NAME --captured NAME --winner SIDE` records the battle
just played (everyone not named lived); `campaign restore LEADER --by CASTER` and `campaign heir
LEADER NAME` are the rulebook's two ways back for a dead leader (the players' choice); `campaign
free NAME` frees a captive; `campaign roster` is the next scenario's roster after the losses
(`--csv FILE` writes it for `havoc-pnp counters --roster FILE`); `campaign undo` steps back.
"""

from __future__ import annotations

import csv
import io
import os
import tempfile
from pathlib import Path
from typing import Any

import click

from companion.errors import InputError
from companion.names import pick
from companion.text import fit, wrap
from havoc_cli.kit import Group, cards_from, emit_json, json_option

CAMPAIGN_JSON = """--json: {title, scenarios, played: [{scenario, winner, fates: {NAME:
{dead, wounded, captured}}}], next: KEY or null, roster: {NAME: count} (the next scenario's,
after the losses) or null, dead: {NAME: n}, captured: {NAME: n}, wounded: {NAME: n}, heirs:
{LEADER: [NAME]}, restored: {LEADER: [CASTER]}, waiting: [dead leaders], log: [..], events}"""


def _option(f: Any) -> Any:
    return click.option(
        "-f",
        "--file",
        "campaign_file",
        type=click.Path(dir_okay=False, path_type=Path),
        default=None,
        envvar="HAVOC_CAMPAIGN",
        help="The campaign file (default: dark-blades-campaign.sqlite3 beside the Who's Next "
        "game).",
    )(f)


@click.group(
    cls=Group, invoke_without_command=True, short_help="Dark Blades campaign.", epilog=CAMPAIGN_JSON
)
@_option
@json_option
@click.pass_context
def campaign(ctx: click.Context, campaign_file: Path | None, as_json: bool) -> None:
    """A Dark Blades campaign: a series of scenarios, who lived, was wounded, captured or died.

    Start with `campaign new SCENARIO...`; after each battle `campaign record`; a dead leader
    comes back by `campaign restore` or `campaign heir` (the players' choice, as the rulebook
    says: "if you wish"). `campaign roster` is the next scenario's roster.
    """
    ctx.meta["dark_blades_campaign"] = campaign_file
    if ctx.invoked_subcommand is None:
        ctx.invoke(show, as_json=as_json)


def _context(ctx: click.Context) -> Any:
    from companion.dark_blades import pieces
    from companion.dark_blades.campaign import load_rules
    from companion.dark_blades.campaign_store import Context
    from companion.dark_blades.scenarios import load_scenarios

    cards = cards_from(ctx)
    ps = pieces.load(cards)
    return Context(load_rules(cards), load_scenarios(cards, ps), ps)


def _open(ctx: click.Context, campaign_file: Path | None, create: bool = False) -> Any:
    from companion.dark_blades.campaign_store import CampaignStore, default_campaign_path

    given = campaign_file or ctx.meta.get("dark_blades_campaign")
    path = given if given is not None else default_campaign_path()
    if create and given is None:
        path.parent.mkdir(parents=True, exist_ok=True)
    return CampaignStore(path, create=create)


def _say(c: Any, cx: Any, as_json: bool, head: list[str] | None = None) -> None:
    """The campaign as it stands, the next scenario first."""
    from companion.dark_blades.campaign import dead_leaders, next_roster

    key = c.next_key
    scenario = cx.scenarios[key] if key is not None else None
    waiting = dead_leaders(c, cx.rules, cx.pieces)
    if as_json:
        emit_json(
            {
                "title": c.setup.title,
                "scenarios": list(c.setup.scenarios),
                "played": [
                    {"scenario": b.scenario, "winner": b.winner, "fates": b.fates}
                    for b in c.battles
                ],
                "next": key,
                "roster": None if scenario is None else next_roster(c, scenario),
                "dead": {n: k for n, k in c.dead.items() if k},
                "captured": {n: k for n, k in c.captured.items() if k},
                "wounded": c.wounded,
                "heirs": {n: list(h) for n, h in c.heirs.items()},
                "restored": {n: list(h) for n, h in c.restored.items()},
                "waiting": waiting,
                "log": list(c.log),
                "events": c.events,
            }
        )
        return
    lines = list(head or [])
    done = len(c.battles)
    total = len(c.setup.scenarios)
    if scenario is None:
        lines.append(f"{c.setup.title}: over ({done} of {total} played)")
    else:
        lines.append(f"Next: {scenario.title} ({done + 1} of {total})")
    for name in waiting:
        word = name.split()[-1].lower() if name.startswith("The ") else name.split()[0].lower()
        lines.append(f"{name} is dead: the players' choice")
        lines.append("  of the rulebook's ways back:")
        lines.append(f"  campaign restore {word} --by CASTER")
        lines.append(f"  campaign heir {word} HEIR")
    out = {n: k for n, k in c.dead.items() if k}
    if out:
        lines.append("Dead: " + ", ".join(_n(n, k) for n, k in out.items()))
    held = {n: k for n, k in c.captured.items() if k}
    if held:
        lines.append("Captured: " + ", ".join(_n(n, k) for n, k in held.items()))
    if c.wounded:
        lines.append("Wounded: " + ", ".join(_n(n, k) for n, k in c.wounded.items()))
    for leader, heirs in c.heirs.items():
        lines.append(f"{leader} played by his heir {heirs[-1]}")
    if c.log:
        lines.append("So far:")
        lines += [f"- {line}" for line in c.log]
    click.echo(fit(lines, "    "))


def _n(name: str, count: int) -> str:
    return name if count == 1 else f"{count} {name}"


@campaign.command("show", short_help="The campaign as it stands.", epilog=CAMPAIGN_JSON)
@_option
@json_option
@click.pass_context
def show(ctx: click.Context, campaign_file: Path | None = None, as_json: bool = False) -> None:
    """The next scenario, dead leaders waiting for a way back, the dead, captured, wounded."""
    cx = _context(ctx)
    with _open(ctx, campaign_file) as store:
        _say(store.load(cx), cx, as_json)


@campaign.command("new", short_help="Start a campaign.", epilog=CAMPAIGN_JSON)
@click.argument("scenarios", nargs=-1, required=True)
@click.option("-t", "--title", default="Campaign", help="The campaign's name.")
@click.option("--force", is_flag=True, help="Replace the campaign kept in the file.")
@_option
@json_option
@click.pass_context
def new(
    ctx: click.Context,
    scenarios: tuple[str, ...],
    title: str,
    force: bool,
    campaign_file: Path | None,
    as_json: bool,
) -> None:
    """Start a campaign: SCENARIOS in the order they are to be played, by name or file key
    (`havoc scenario` lists them), e.g. `campaign new raid mill mule`."""
    from companion.dark_blades.campaign import Setup
    from companion.dark_blades.scenarios import find_scenario

    cx = _context(ctx)
    keys = tuple(find_scenario(cx.scenarios, s).key for s in scenarios)
    with _open(ctx, campaign_file, create=True) as store:
        try:
            started = store.new(cx, Setup(title.strip() or "Campaign", keys), force=force)
        except InputError as exc:
            if "already kept" not in exc.message:
                raise
            raise InputError("a campaign is already kept here: --force replaces it") from None
        _say(started, cx, as_json)


def _change(ctx: click.Context, campaign_file: Path | None, event: Any, as_json: bool) -> None:
    cx = _context(ctx)
    with _open(ctx, campaign_file) as store:
        c = store.load(cx)
        if callable(event):
            event = event(c, cx)
        after = store.add(cx, event, c.events)
    _say(after, cx, as_json, None if as_json else [f"Recorded: {after.log[-1]}", ""])


@campaign.command("record", short_help="Record the battle just played.", epilog=CAMPAIGN_JSON)
@click.option("--dead", "-d", multiple=True, metavar="NAME", help="Died ('3 Mon-Oger Sword').")
@click.option("--wounded", "-w", multiple=True, metavar="NAME", help="Was wounded.")
@click.option("--captured", "-c", multiple=True, metavar="NAME", help="Was captured.")
@click.option("--winner", default=None, metavar="SIDE", help="The side that won (or draw).")
@_option
@json_option
@click.pass_context
def record(
    ctx: click.Context,
    dead: tuple[str, ...],
    wounded: tuple[str, ...],
    captured: tuple[str, ...],
    winner: str | None,
    campaign_file: Path | None,
    as_json: bool,
) -> None:
    """Record the next scenario's outcome: each NAME (a piece of that scenario, by unique
    start, "N NAME" for several) died, was wounded or captured; everyone else lived."""
    from companion.dark_blades.campaign import find_piece

    def event(c: Any, cx: Any) -> dict[str, Any]:
        if c.next_key is None:
            raise InputError("the campaign is over: every scenario has been played")
        scenario = cx.scenarios[c.next_key]
        fates = []
        for fate, names in (("dead", dead), ("wounded", wounded), ("captured", captured)):
            for text in names:
                name, count = find_piece(scenario, text)
                fates.append({"name": name, "fate": fate, "count": count})
        won = None
        if winner is not None:
            won = pick(winner, [*(s.name for s in scenario.sides), "draw"], "side")
        return {"op": "record", "winner": won, "fates": fates}

    _change(ctx, campaign_file, event, as_json)


@campaign.command("restore", short_help="A caster restores a dead leader.")
@click.argument("leader")
@click.option("--by", "caster", required=True, metavar="CASTER", help="The caster or magician.")
@_option
@json_option
@click.pass_context
def restore(
    ctx: click.Context, leader: str, caster: str, campaign_file: Path | None, as_json: bool
) -> None:
    """The rulebook: "a caster or magician can restore life to them if you wish" (the
    players' choice). LEADER: Dark Blades or Black Fox."""
    _change(
        ctx, campaign_file, lambda c, cx: _leader(cx, leader, "restore", caster=caster), as_json
    )


@campaign.command("heir", short_help="An heir takes a dead leader's place.")
@click.argument("leader")
@click.argument("heir_name", metavar="HEIR")
@_option
@json_option
@click.pass_context
def heir(
    ctx: click.Context, leader: str, heir_name: str, campaign_file: Path | None, as_json: bool
) -> None:
    """The rulebook: "their place could be taken by an heir who has been kept secretly in
    hiding" (the players' choice). The heir plays with the leader's counters."""
    _change(ctx, campaign_file, lambda c, cx: _leader(cx, leader, "heir", heir=heir_name), as_json)


def _leader(cx: Any, text: str, op: str, **more: str) -> dict[str, Any]:
    from companion.dark_blades.campaign import leader_names

    return {"op": op, "name": pick(text, leader_names(cx.rules, cx.pieces), "leader"), **more}


@campaign.command("free", short_help="Free a captive.")
@click.argument("name")
@_option
@json_option
@click.pass_context
def free(ctx: click.Context, name: str, campaign_file: Path | None, as_json: bool) -> None:
    """A captured character goes free (the kit's: the rulebook says nothing of captives)."""

    def event(c: Any, cx: Any) -> dict[str, Any]:
        held = [n for n, k in c.captured.items() if k]
        if not held:
            raise InputError("no one is held captive")
        return {"op": "free", "name": pick(name, held, "captive")}

    _change(ctx, campaign_file, event, as_json)


@campaign.command("undo", short_help="Step back one change.", epilog=CAMPAIGN_JSON)
@_option
@json_option
@click.pass_context
def undo(ctx: click.Context, campaign_file: Path | None, as_json: bool) -> None:
    """Take back the last change (a battle recorded, a way back, a captive freed)."""
    cx = _context(ctx)
    with _open(ctx, campaign_file) as store:
        c = store.load(cx)
        gone = c.log[-1] if c.log else None
        after = store.undo(cx, c.events)
    _say(after, cx, as_json, None if as_json else [f"Undone: {gone}", ""])


@campaign.command("roster", short_help="The next scenario's roster after the losses.")
@click.option(
    "--csv",
    "csv_file",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="Write it as a roster CSV for `havoc-pnp counters --roster FILE`.",
)
@_option
@json_option
@click.pass_context
def roster(
    ctx: click.Context, csv_file: Path | None, campaign_file: Path | None, as_json: bool
) -> None:
    """The pieces the next scenario can field after the campaign's dead and captured: the
    counters to print for it."""
    from companion.dark_blades.campaign import next_roster

    cx = _context(ctx)
    with _open(ctx, campaign_file) as store:
        c = store.load(cx)
    if c.next_key is None:
        raise InputError("the campaign is over: no next scenario")
    scenario = cx.scenarios[c.next_key]
    fielded = next_roster(c, scenario)
    if csv_file is not None:
        rows = _write_csv(cx.pieces.roster_path, fielded, csv_file, scenario.title)
    if as_json:
        emit_json({"scenario": scenario.key, "roster": fielded})
        return
    lines = [f"{scenario.title}: {sum(fielded.values())} pieces"]
    for side in scenario.sides:
        lines.append(side.name)
        for f in side.forces:
            name = f.character.name
            have = fielded[name]
            bit = _n(name, have) if have else f"no {name}"
            out = c.out_of(name)
            if out:
                bit += f" ({out} lost)"
            if name in c.heirs:
                bit += f" (heir: {c.heirs[name][-1]})"
            if c.wounded.get(name):
                bit += f" ({c.wounded[name]} wounded last time)"
            lines.append(wrap(f"  {bit}", "    "))
    if c.wounded:
        lines.append(wrap(f"kit's: {cx.rules.kit_readings.get('wounded', '')}", "  "))
    if csv_file is not None:
        lines.append(f"{rows} rows written to {csv_file}")
        lines.append(wrap(f"print: havoc-pnp counters --roster {csv_file}", "  "))
    click.echo(fit(lines, "    "))


def _write_csv(source: Path, fielded: dict[str, int], out: Path, title: str) -> int:
    """The roster file's rows for ``fielded`` (its counts), whole or not at all; the rows."""
    text = source.read_text(encoding="utf-8-sig")
    data = [line for line in text.splitlines() if line.strip() and not line.startswith("#")]
    dialect = max((",", ";", "\t"), key=data[0].count)
    rows = list(csv.reader(io.StringIO("\n".join(data)), delimiter=dialect))
    header = rows[0]
    at_count, at_name = header.index("count"), header.index("name")
    buf = io.StringIO()
    buf.write(f"# The roster for {title} after the campaign's losses (havoc campaign roster).\n")
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(header)
    written = 0
    for row in rows[1:]:
        if len(row) > at_name and fielded.get(row[at_name].strip(), 0) > 0:
            row[at_count] = str(fielded[row[at_name].strip()])
            writer.writerow(row)
            written += 1
    if not out.parent.is_dir():
        raise InputError(f"cannot write {out}: the folder does not exist")
    fd, tmp = tempfile.mkstemp(dir=out.parent, prefix=".campaign-", suffix=".csv")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(buf.getvalue())
        os.replace(tmp, out)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return written
