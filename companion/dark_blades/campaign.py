"""A Dark Blades campaign: a series of scenarios and what each battle left (the rules).

The rulebook: "it is not too difficult to arrange your play into a campaign ... If one or both
of them die during a game, at the end of the battle a caster or magician can restore life to
them if you wish, or else their place could be taken by an heir" (``cards/dark-blades/
campaign.toml``, with the kit's readings where the text is silent). A campaign is a `Setup`
(the scenarios, in order) and a list of events, replayed by `replay`: ``record`` (a battle's
outcome: who was wounded, captured or died; everyone else lived), ``restore`` and ``heir`` (the
two ways back, the players' choice), ``free`` (a captive freed). `next_roster` is the roster the
next scenario uses after the losses: what `havoc-pnp counters` should print for it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from companion import schema
from companion.dark_blades.pieces import GAME, Character, PieceSet
from companion.dark_blades.scenarios import Scenario
from companion.data import Cards
from companion.errors import InputError
from companion.names import pick
from companion.schema import Field, MapOf, Table

FATES = ("dead", "wounded", "captured")
_COUNTED = re.compile(r"^(\d{1,4})\s+(.+)$")


@dataclass(frozen=True)
class CampaignRules:
    """campaign.toml: the rulebook's words on a campaign, its two leaders, the kit's readings."""

    source: str
    rule: str
    leaders: tuple[str, ...]
    restore: str
    heir: str
    kit_readings: dict[str, str]


CAMPAIGN_FILE = Table(
    (
        Field("source", str),
        Field("rule", str),
        Field("leaders", schema.ListOf(str)),
        Field("restore", str),
        Field("heir", str),
        Field("kit_readings", MapOf(str)),
    )
)


def load_rules(cards: Cards) -> CampaignRules:
    """Read and check ``cards/dark-blades/campaign.toml`` (once while it is unchanged)."""

    def build(data: dict[str, Any], path: Path) -> CampaignRules:
        for i, quoted in enumerate((data["restore"], data["heir"])):
            if quoted not in data["rule"]:
                key = ("restore", "heir")[i]
                raise schema.Where(path).child(key).error("expected words quoted from `rule`")
        return CampaignRules(**{**data, "leaders": tuple(data["leaders"])})

    return schema.load(cards.path(GAME, "campaign.toml"), CAMPAIGN_FILE, build)


@dataclass(frozen=True)
class Setup:
    """What a campaign starts from: its title and its scenarios (file keys), in order."""

    title: str
    scenarios: tuple[str, ...]

    def as_dict(self) -> dict[str, Any]:
        return {"title": self.title, "scenarios": list(self.scenarios)}


@dataclass(frozen=True)
class Battle:
    """One recorded battle: the scenario, the winner (as the players said) and the fates."""

    scenario: str
    winner: str | None
    fates: dict[str, dict[str, int]]  # roster name -> {fate: count}


@dataclass(frozen=True)
class Campaign:
    """A campaign as it stands after its events."""

    setup: Setup
    events: int = 0
    battles: tuple[Battle, ...] = ()
    dead: dict[str, int] = field(default_factory=dict)
    captured: dict[str, int] = field(default_factory=dict)
    wounded: dict[str, int] = field(default_factory=dict)  # in the last battle each fought
    heirs: dict[str, tuple[str, ...]] = field(default_factory=dict)  # leader -> heirs so far
    restored: dict[str, tuple[str, ...]] = field(default_factory=dict)  # leader -> casters
    log: tuple[str, ...] = ()  # one line per event, in order

    @property
    def next_key(self) -> str | None:
        """The next scenario to play (None: the campaign is over)."""
        n = len(self.battles)
        return self.setup.scenarios[n] if n < len(self.setup.scenarios) else None

    def out_of(self, name: str) -> int:
        """How many of ``name`` are dead or captured."""
        return self.dead.get(name, 0) + self.captured.get(name, 0)


def setup_from_dict(data: dict[str, Any]) -> Setup:
    return Setup(str(data["title"]), tuple(str(k) for k in data["scenarios"]))


def check_setup(setup: Setup, scenarios: dict[str, Scenario]) -> None:
    """Refuse a campaign without scenarios or naming one that is not there."""
    if not setup.scenarios:
        raise InputError("a campaign needs at least one scenario")
    for key in setup.scenarios:
        if key not in scenarios:
            raise InputError(f"unknown scenario {key!r}: expected one of {', '.join(scenarios)}")


def find_piece(scenario: Scenario, text: str) -> tuple[str, int]:
    """``"NAME"`` or ``"N NAME"`` → (a roster name of the scenario, N)."""
    m = _COUNTED.match(text.strip())
    count, name = (int(m.group(1)), m.group(2)) if m else (1, text.strip())
    labels: dict[str, str] = {}
    for side in scenario.sides:
        for f in side.forces:
            labels[f.character.name] = f.character.name
            if f.character.label:
                labels.setdefault(f.character.label, f.character.name)
    chosen = pick(name, list(labels), f"piece of {scenario.title}")
    return labels[chosen], count


def next_roster(c: Campaign, scenario: Scenario) -> dict[str, int]:
    """Roster name → how many the scenario can field after the campaign's losses (0: none)."""
    return {n: max(0, k - c.out_of(n)) for n, k in scenario.roster().items()}


def apply(
    c: Campaign,
    event: dict[str, Any],
    rules: CampaignRules,
    scenarios: dict[str, Scenario],
    pieces: PieceSet,
) -> Campaign:
    """The campaign after ``event``; an `InputError` (nothing changed) if the rules refuse it."""
    op = event.get("op")
    if op == "record":
        return _record(c, event, scenarios)
    if op in ("restore", "heir"):
        return _way_back(c, event, rules, pieces)
    if op == "free":
        name = str(event["name"])
        if not c.captured.get(name):
            raise InputError(f"{name} is not held captive")
        captured = {**c.captured, name: c.captured[name] - 1}
        return _logged(c, f"{name} freed (the players' choice)", captured=captured)
    raise InputError(f"unknown campaign event {op!r}")


def _logged(c: Campaign, line: str, **changes: Any) -> Campaign:
    return replace(c, events=c.events + 1, log=(*c.log, line), **changes)


def _record(c: Campaign, event: dict[str, Any], scenarios: dict[str, Scenario]) -> Campaign:
    key = c.next_key
    if key is None:
        raise InputError("the campaign is over: every scenario has been played")
    scenario = scenarios[key]
    fielded = next_roster(c, scenario)
    fates: dict[str, dict[str, int]] = {}
    for item in event.get("fates", []):
        name, fate, count = str(item["name"]), str(item["fate"]), int(item["count"])
        if fate not in FATES:
            raise InputError(f"fate {fate!r}: expected {', '.join(FATES)}")
        if name not in fielded:
            raise InputError(f"{name} is not in {scenario.title}")
        fates.setdefault(name, {})
        fates[name][fate] = fates[name].get(fate, 0) + count
        if count < 1 or sum(fates[name].values()) > fielded[name]:
            raise InputError(
                f"{name}: {sum(fates[name].values())} dead, wounded or captured, but "
                f"{fielded[name]} took the field"
            )
    dead = dict(c.dead)
    captured = dict(c.captured)
    wounded = {n: k for n, k in c.wounded.items() if n not in fielded}  # fought again: anew
    for name, said in fates.items():
        dead[name] = dead.get(name, 0) + said.get("dead", 0)
        captured[name] = captured.get(name, 0) + said.get("captured", 0)
        if said.get("wounded"):
            wounded[name] = said["wounded"]
    winner = event.get("winner") or None
    battle = Battle(key, winner, fates)
    who = f", won by {winner}" if winner else ""
    return _logged(
        c,
        f"{scenario.title}{who}",
        battles=(*c.battles, battle),
        dead=dead,
        captured=captured,
        wounded=wounded,
    )


def _way_back(
    c: Campaign, event: dict[str, Any], rules: CampaignRules, pieces: PieceSet
) -> Campaign:
    name = str(event["name"])
    leaders = leader_names(rules, pieces)
    if name not in leaders:
        raise InputError(f"{name}: the rulebook's ways back are for {' and '.join(leaders)} only")
    if not c.dead.get(name):
        raise InputError(f"{name} is not dead")
    if not c.battles:
        raise InputError("no battle yet")
    dead = {**c.dead, name: c.dead[name] - 1}
    if event["op"] == "heir":
        heir = str(event.get("heir", "")).strip()
        if not heir:
            raise InputError("name the heir")
        heirs = {**c.heirs, name: (*c.heirs.get(name, ()), heir)}
        line = f"{heir}, heir of {name}, takes his place (the players' choice)"
        return _logged(c, line, dead=dead, heirs=heirs)
    caster = str(event.get("caster", "")).strip()
    casters = [ch.name for ch in pieces.roster if ch.weapon == "spells"]
    by_label = {(ch.label or ch.name): ch.name for ch in pieces.roster if ch.weapon == "spells"}
    chosen = pick(caster, [*casters, *(k for k in by_label if k not in casters)], "caster")
    chosen = by_label.get(chosen, chosen)
    if c.out_of(chosen) >= _count(pieces, chosen):
        raise InputError(f"{chosen} is dead or captured: he cannot restore {name}")
    restored = {**c.restored, name: (*c.restored.get(name, ()), chosen)}
    line = f"{name} restored to life by {chosen} (the players' choice)"
    return _logged(c, line, dead=dead, restored=restored)


def _count(pieces: PieceSet, name: str) -> int:
    found: Character | None = next((ch for ch in pieces.roster if ch.name == name), None)
    return found.count if found is not None else 0


def replay(
    rules: CampaignRules,
    scenarios: dict[str, Scenario],
    pieces: PieceSet,
    setup: Setup,
    events: list[dict[str, Any]],
) -> Campaign:
    """The campaign from its set-up and events, each re-checked."""
    check_setup(setup, scenarios)
    c = Campaign(setup)
    for event in events:
        c = apply(c, event, rules, scenarios, pieces)
    return c


def leader_names(rules: CampaignRules, pieces: PieceSet) -> list[str]:
    """The two leaders as the roster names them (by name or label: "Black Fox" is the label
    of The Black Fox)."""
    out = []
    for leader in rules.leaders:
        wanted = leader.casefold()
        for ch in pieces.roster:
            if wanted in (ch.name.casefold(), (ch.label or "").casefold()):
                out.append(ch.name)
                break
    return out


def dead_leaders(c: Campaign, rules: CampaignRules, pieces: PieceSet) -> list[str]:
    """The leaders dead now, waiting for the players' choice of a way back (or none)."""
    return [n for n in leader_names(rules, pieces) if c.dead.get(n)]
