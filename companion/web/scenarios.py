"""The Dark Blades scenarios on a phone: a list page and one page per scenario.

Thin over `companion.dark_blades.scenarios` (the files `havoc scenario` and `havoc-pnp
scenarios` read): sides, set-up, first player, special rules and victory as the rulebook gives
them; the kit's readings and the kit's background marked KIT.
"""

from __future__ import annotations

from flask import Blueprint, render_template, url_for

from companion.dark_blades import pieces
from companion.dark_blades.scenarios import Scenario, load_scenarios
from companion.web.current import cards
from companion.web.current import source_only as page_source_only
from companion.web.paths import named

bp = Blueprint("scenarios", __name__, url_prefix="/dark-blades/scenarios")


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
    return render_template("scenario.html", s=found, source_only=page_source_only())
