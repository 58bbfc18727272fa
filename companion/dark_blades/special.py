"""Dark Blades rules that change what a results-table letter does to the piece it hits:
``cards/dark-blades/combat-rules.toml`` and `outcome`, which applies them.

A wounded or stunned defender dies of further injury; a war dog dies of a stun or a wound; a
pack mule ignores rider casualties and retreats with its string; a killed troll must be burnt;
a result that empties the defender's hex lets the attacker advance; a star (★) cell has no
letter. The lookups (`companion.dark_blades.combat`) attach the `Outcome` to their record.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion import schema
from companion.dark_blades.crt import ResultsTable
from companion.dark_blades.readings import Reading, reading_schema
from companion.data import Cards
from companion.errors import DataError
from companion.schema import Field, MapOf, Table

RULES_FILE = "combat-rules.toml"
KINDS = ("character", "dog", "mule", "troll")  # what the defender is
STATES = ("healthy", "wounded", "stunned")
NEEDED = (
    "further-injury",
    "advance",
    "combine-defence",
    "combine-attack",
    "several",
    "stunned",
    "dog",
    "mule",
    "troll",
    "star",
)
READINGS = ("star", "mule", "stun-is-injury")
HORSE_HIT = re.compile(r"horse (and rider )?killed", re.IGNORECASE)
KILLS = re.compile(r"\b(defender|rider) killed", re.IGNORECASE)
INJURES = re.compile(r"\b(wounded|stunned)\b", re.IGNORECASE)


@dataclass(frozen=True)
class Rule:
    """One rule of the rulebook: its name, where it is printed, its text, the kit's line."""

    name: str
    section: str
    rule: str
    short: str

    def as_dict(self) -> dict[str, str]:
        return {"name": self.name, "section": self.section, "rule": self.rule}


@dataclass(frozen=True)
class CombatRules:
    """combat-rules.toml, checked: the special rules by name and the kit's readings."""

    path: Path
    source: str
    rules: dict[str, Rule]
    readings: dict[str, Reading]


@dataclass(frozen=True)
class Outcome:
    """What a cell does to this defender once the rules above apply (``text`` None: as
    printed), the rules that applied or are stated, and the kit's readings used."""

    text: str | None
    rules: tuple[Rule, ...] = ()
    readings: tuple[Reading, ...] = ()


RULE = Table(
    (Field("section", str), Field("rule", str), Field("short", str)),
    build=lambda v, where: Rule(where.name, **v),
)
COMBAT_RULES = Table(
    (
        Field("source", str),
        Field("rules", MapOf(RULE)),
        Field("readings", MapOf(reading_schema(lambda where: where.name))),
    )
)
"""combat-rules.toml."""


def load_combat_rules(cards: Cards) -> CombatRules:
    """Read and check ``combat-rules.toml`` (once while it is unchanged)."""
    return schema.load(cards.path("dark-blades", RULES_FILE), COMBAT_RULES, _build)


def _build(data: dict[str, Any], path: Path) -> CombatRules:
    rules, readings = data["rules"], data["readings"]
    for name in NEEDED:
        if name not in rules:
            raise DataError(f"missing [rules.{name}] (the lookups and the paper need it)", path)
    for name in READINGS:
        if name not in readings:
            raise DataError(f"missing [readings.{name}] (the lookups need it)", path)
    return CombatRules(path, data["source"], rules, readings)


def empties_hex(text: str) -> bool:
    """A defender's result that kills him or makes him retreat (the advance rule)."""
    return not text.startswith("Attacker") and (
        bool(KILLS.search(text)) or "Defender retreats" in text
    )


def outcome(
    rules: CombatRules,
    table: ResultsTable,
    cell: str,
    state: str = "healthy",
    kind: str = "character",
    source_only: bool = False,
) -> Outcome:
    """The cell's effect on a defender of ``kind`` in ``state`` (see the module docstring)."""
    r, k = rules.rules, rules.readings
    if cell == "★":
        if source_only:
            return Outcome("No letter printed here: the rules give no result.", (r["star"],))
        return Outcome("No effect (the kit's reading of the star).", (r["star"],), (k["star"],))
    text = table.key.get(cell)
    if text is None or text.startswith("Attacker"):
        return Outcome(None)
    killed = bool(KILLS.search(text))
    injured = bool(INJURES.search(HORSE_HIT.sub("", text)))
    stun_only = injured and not re.search(r"\bwounded\b", text, re.IGNORECASE)
    after: list[Rule] = []
    if empties_hex(text) and table.kind == "hand-to-hand" and kind != "mule":
        after.append(r["advance"])
    if kind == "dog":
        if injured and not killed:
            return Outcome("Dog killed (a stun or wound kills a war dog).", (r["dog"], *after))
        return Outcome(None, (r["dog"], *after) if killed else tuple(after))
    if kind == "mule":
        return _mule(rules, text, killed, source_only)
    if kind == "troll" and killed:
        return Outcome("Troll killed: burn it this combat step.", (r["troll"], *after))
    if state != "healthy" and injured and not killed:
        readings = (k["stun-is-injury"],) if stun_only else ()
        if source_only and stun_only:
            open_ = f"Open: the rules do not say if a stun is further injury ({state})."
            return Outcome(open_, (r["further-injury"], *after))
        who = "Defender"
        if "horse" in text.lower():
            horse = "horse killed" if HORSE_HIT.search(text) else "horse unharmed"
            return Outcome(
                f"Rider killed (already {state}), {horse}.",
                (r["further-injury"], *after),
                readings,
            )
        return Outcome(f"{who} killed (already {state}).", (r["further-injury"], *after), readings)
    if kind == "troll":
        return Outcome(None, (r["troll"], *after))
    return Outcome(None, tuple(after))


def _mule(rules: CombatRules, text: str, killed: bool, source_only: bool) -> Outcome:
    rule, reading = rules.rules["mule"], rules.readings["mule"]
    if HORSE_HIT.search(text):
        return Outcome("Mule killed.", (rule,))
    if "retreats" in text:
        return Outcome("Mule retreats: its whole string, not the leaders.", (rule,))
    if text.lower().startswith(("horse unharmed", "defender's horse unharmed")):
        return Outcome("No effect on the mule (rider casualty).", (rule,))
    if source_only:  # the rules leave it open: said, not decided
        return Outcome("Open: the rules do not say what this does to a mule.", (rule,))
    if killed:
        return Outcome("Mule killed.", (rule,), (reading,))
    return Outcome("No effect on the mule (rider casualty).", (rule,), (reading,))
