"""The Dark Blades scenarios on a phone: a list page and one page per scenario.

Thin over `companion.dark_blades.scenarios` (the files `havoc scenario` and `havoc-pnp
scenarios` read): sides, set-up, first player, special rules and victory as the rulebook gives
them; the kit's readings and the kit's background marked KIT.
"""

from __future__ import annotations

from flask import Blueprint, render_template, url_for

from companion.dark_blades import pieces
from companion.dark_blades.scenario_marks import STAR_NOTE, Mark, block_note, mark_line, marks_for
from companion.dark_blades.scenarios import Scenario, load_scenarios
from companion.web.current import cards
from companion.web.current import source_only as page_source_only
from companion.web.paths import named

bp = Blueprint("scenarios", __name__, url_prefix="/dark-blades/scenarios")


def _parts(mark: Mark) -> tuple[str, list[str], str]:
    """`mark_line` cut for the page: (name and colon, each run of hexes, the place), so a run
    such as E1-E4 is never broken at its hyphen."""
    line = mark_line(mark)
    head, _, rest = line.partition(": ")
    tail = rest[len(mark.runs) :]
    return f"{head}:", mark.runs.split(), tail


def _scenarios() -> dict[str, Scenario]:
    here = cards()
    return load_scenarios(here, pieces.load(here))


@bp.get("/")
def listing() -> str:
    """Every scenario, in the rulebook's order."""
    return render_template("scenarios.html", scenarios=_scenarios())


@bp.get("/<key>")
def scenario(key: str) -> str:
    """One scenario by its file name (``raid``, any case, by its start): what `havoc scenario
    raid` shows."""
    scenarios = _scenarios()
    found = scenarios[named(key, scenarios, "scenario", lambda k: url_for(".scenario", key=k))]
    quiet = page_source_only()
    where = marks_for(cards(), found.key, quiet)
    groups = []
    if where is not None:
        maps, marks = where
        for m in maps:
            lines = [_parts(k) for k in marks if k.map == m.key]
            if lines:
                groups.append((m, lines))
        starred = any(k.reading for k in marks)
        note = block_note(marks)
    else:
        starred, note = False, ""
    return render_template(
        "scenario.html",
        s=found,
        source_only=quiet,
        where=groups,
        star_note=STAR_NOTE if starred else "",
        block_note=note,
    )
