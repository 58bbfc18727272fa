"""Dark Blades rules that change what a results-table letter does to the piece it hits:
``cards/dark-blades/combat-rules.toml`` and `outcome`, which applies them.

A wounded or stunned character dies of further injury; a war dog dies of a stun or a wound
(attacking or defending); a character who cannot retreat (boxed in, or stunned: the kit's
reading) is wounded instead; a pack mule ignores rider casualties and retreats with its string;
a killed troll must be burnt; a result that empties the defender's hex lets the attacker
advance; a star (★) cell has no letter; on a bridge or the stepping stones a retreat falls in
(and on the stones a stun drowns, a wound rolls: the kit's reading of when). The Magic
Sword's and Ring's rules name who may not hold them (`refused_holder`). The lookups
(`companion.dark_blades.combat`) attach the `Outcome` to their record, and the short word of
each result of the column (`Outcome.short`).

(NamedTuples, not dataclasses: this module is on `havoc fight`'s import path.)
"""

import re
from pathlib import Path
from typing import Any, NamedTuple

from companion import schema
from companion.dark_blades.crt import ResultsTable
from companion.dark_blades.readings import Reading, reading_schema
from companion.dark_blades.states import Health
from companion.data import Cards
from companion.errors import DataError
from companion.schema import Field, ListOf, MapOf, Table

RULES_FILE = "combat-rules.toml"
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
    "retreat",
    "magic-sword",
    "magic-ring",
)
READINGS = ("star", "mule", "stun-is-injury", "stunned-cannot-retreat", "stones-hurt")
FOOTINGS = ("bridge", "stepping-stones")  # where a retreat falls in: rules bridge, stones
SWIM = "havoc swim MAP HEX"  # what a piece that falls in does next (the swim page on the phone)
HORSE_HIT = re.compile(r"horse (and rider )?killed", re.IGNORECASE)
KILLS = re.compile(r"\b(defender|rider) killed", re.IGNORECASE)
INJURES = re.compile(r"\b(wounded|stunned)\b", re.IGNORECASE)


class Rule(NamedTuple):
    """One rule of the rulebook: its name, where it is printed, its text, the kit's line, and
    for a magic item the roster names its rule refuses as holders."""

    name: str
    section: str
    rule: str
    short: str
    refuses: tuple[str, ...] = ()

    def as_dict(self) -> dict[str, str]:
        return {"name": self.name, "section": self.section, "rule": self.rule}


class CombatRules(NamedTuple):
    """combat-rules.toml, checked: the special rules by name and the kit's readings."""

    path: Path
    source: str
    rules: dict[str, Rule]
    readings: dict[str, Reading]


class Outcome(NamedTuple):
    """What a cell does to the piece it hits once the rules above apply (``text`` None: as
    printed; ``short``: a word or two for the chance line), the rules that applied or are
    stated, and the kit's readings used."""

    text: str | None
    rules: tuple[Rule, ...] = ()
    readings: tuple[Reading, ...] = ()
    short: str = ""


class Hit(NamedTuple):
    """The piece a result falls on: its state before the blow, its kind, and whether the user
    says it cannot retreat (``boxed``: no hex to retreat to)."""

    state: str = Health.HEALTHY
    kind: str = "character"
    boxed: bool = False
    footing: str = ""  # bridge or stepping-stones (`FOOTINGS`); "": elsewhere


RULE = Table(
    (
        Field("section", str),
        Field("rule", str),
        Field("short", str),
        Field("refuses", ListOf(str), required=False, default=[]),
    ),
    build=lambda v, where: Rule(
        where.name, v["section"], v["rule"], v["short"], tuple(v["refuses"])
    ),
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


def refused_holder(rules: CombatRules, item: str, name: str) -> Rule | None:
    """The rule of ``item`` (``magic-sword``, ``magic-ring``) if it refuses ``name`` (a roster
    name) as its holder, else None."""
    rule = rules.rules[item]
    return rule if name.casefold() in (n.casefold() for n in rule.refuses) else None


def empties_hex(text: str) -> bool:
    """A defender's result that kills him or makes him retreat (the advance rule)."""
    return not text.startswith("Attacker") and (
        bool(KILLS.search(text)) or "Defender retreats" in text
    )


def outcome(
    rules: CombatRules,
    table: ResultsTable,
    cell: str,
    state: str = Health.HEALTHY,
    kind: str = "character",
    source_only: bool = False,
    boxed: bool = False,
    attacker: Hit | None = None,
    footing: str = "",
) -> Outcome:
    """The cell's effect on the piece it hits: a defender of ``kind`` in ``state`` (``boxed``:
    he cannot retreat; ``footing``: on a bridge or the stepping stones), or for a result against
    the attacker, ``attacker`` (None: not known, or several: as printed). See the module
    docstring."""
    r, k = rules.rules, rules.readings
    if cell == "★":
        if source_only:
            return Outcome("No letter printed here: the rules give no result.", (r["star"],))
        short = "no effect"
        return Outcome(
            "No effect (the kit's reading of the star).", (r["star"],), (k["star"],), short
        )
    text = table.key.get(cell)
    if text is None:
        return Outcome(None)
    if text.startswith("Attacker"):
        if attacker is None:
            return Outcome(None)
        return _hit(rules, table, text, attacker, "Attacker", source_only)
    return _hit(rules, table, text, Hit(state, kind, boxed, footing), "Defender", source_only)


def _hit(
    rules: CombatRules, table: ResultsTable, text: str, hit: Hit, who: str, source_only: bool
) -> Outcome:
    r, k = rules.rules, rules.readings
    state, kind = hit.state, hit.kind
    killed = bool(KILLS.search(text))
    injured = bool(INJURES.search(HORSE_HIT.sub("", text)))
    stun_only = injured and not re.search(r"\bwounded\b", text, re.IGNORECASE)
    advance = (r["advance"],) if who == "Defender" and table.kind == "hand-to-hand" else ()
    after = advance if empties_hex(text) and kind != "mule" else ()
    if kind == "mule":
        return _mule(rules, text, killed, source_only)
    if hit.footing and "retreats" in text:  # before "wounded instead": he falls in
        return _falls_in(rules, hit, who)
    if "retreats" in text and (hit.boxed or state == Health.STUNNED):
        return _no_retreat(rules, hit, who, advance, source_only)
    if kind == "dog":
        if injured and not killed:
            dog = "Dog" if who == "Defender" else "Attacking dog"
            text = f"{dog} killed (a stun or wound kills a war dog)."
            return Outcome(text, (r["dog"], *advance), short="dog dead")
        return Outcome(None, (r["dog"], *after) if killed else after)
    if kind == "troll" and killed:
        return Outcome("Troll killed: burn it this combat step.", (r["troll"], *after), (), "dead")
    if state != Health.HEALTHY and injured and not killed:
        readings = (k["stun-is-injury"],) if stun_only else ()
        if source_only and stun_only:
            open_ = f"Open: the rules do not say if a stun is further injury ({state})."
            return Outcome(open_, (r["further-injury"], *after), short="open")  # undecided
        said = (r["further-injury"], *advance, *((r["troll"],) if kind == "troll" else ()))
        if "horse" in text.lower():
            horse = "horse killed" if HORSE_HIT.search(text) else "horse unharmed"
            return Outcome(f"Rider killed (already {state}), {horse}.", said, readings, "dead")
        return Outcome(f"{who} killed (already {state}).", said, readings, "dead")
    if hit.footing == "stepping-stones" and injured and not killed and kind != "dog":
        return _on_stones(rules, who, stun_only, source_only, after)
    if kind == "troll":
        return Outcome(None, (r["troll"], *after))
    return Outcome(None, after)


def _falls_in(rules: CombatRules, hit: Hit, who: str) -> Outcome:
    """A retreat result on a bridge or the stepping stones: "falls in" (the rulebook's, boxed
    in or not), then the water rules: the swim (`SWIM`; hurt already, if he is)."""
    rule = rules.rules["bridge" if hit.footing == "bridge" else "stones"]
    hurt = f", {hit.state} already" if hit.state != Health.HEALTHY else ""
    place = "the bridge" if hit.footing == "bridge" else "the stepping stones"
    said = f"{who} falls in from {place} instead of retreating: swim ({SWIM}){hurt}."
    advance = (rules.rules["advance"],) if who == "Defender" else ()
    return Outcome(said, (rule, *advance), (), "falls in")


def _on_stones(
    rules: CombatRules, who: str, stun_only: bool, source_only: bool, after: tuple[Rule, ...]
) -> Outcome:
    """A stun or a wound on the stepping stones (the kit's reading: by this combat): a stun
    drowns him, a wound rolls 1-5 falls in and drowns, 6-10 stays."""
    rule = rules.rules["stones"]
    if source_only:
        return Outcome(None, (rule, *after))
    reading = (rules.readings["stones-hurt"],)
    if stun_only:
        return Outcome(f"{who} stunned on the stepping stones: drowns.", (rule,), reading, "drowns")
    said = f"{who} wounded on the stepping stones: roll a die: 1-5 falls in and drowns, 6-10 stays."
    return Outcome(said, (rule, *after), reading, "roll: 1-5 drowns")


def _no_retreat(
    rules: CombatRules, hit: Hit, who: str, advance: tuple[Rule, ...], source_only: bool
) -> Outcome:
    """A retreat result on a piece that cannot retreat: "If unable to retreat, the character is
    wounded instead" (boxed in: the rulebook's; stunned, he "may not move": the kit's reading),
    then further injury if he was already hurt, or a war dog's death."""
    r, k = rules.rules, rules.readings
    readings: tuple[Reading, ...] = ()
    said: tuple[Rule, ...] = (r["retreat"],)
    if not hit.boxed:  # stunned: whether he can retreat at all is the kit's reading
        if source_only:
            open_ = (
                f"Open: the rules do not say if a stunned character can retreat ({who.lower()})."
            )
            return Outcome(open_, (r["stunned"], r["retreat"]), short="open")
        readings = (k["stunned-cannot-retreat"],)
        said = (r["stunned"], r["retreat"])
    why = "boxed in" if hit.boxed else "stunned"
    if hit.kind == "dog":
        text = f"Dog killed: cannot retreat ({why}), wounded instead, and a wound kills a war dog."
        return Outcome(text, (*said, r["dog"], *advance), readings, "dog dead")
    if hit.state != Health.HEALTHY:
        text = f"{who} killed: cannot retreat ({why}), wounded instead, already {hit.state}."
        return Outcome(text, (*said, r["further-injury"], *advance), readings, "dead")
    text = f"{who} wounded instead: cannot retreat ({why})."
    return Outcome(text, said, readings, "wounded")


def _mule(rules: CombatRules, text: str, killed: bool, source_only: bool) -> Outcome:
    rule, reading = rules.rules["mule"], rules.readings["mule"]
    if HORSE_HIT.search(text):
        return Outcome("Mule killed.", (rule,), short="mule dead")
    if "retreats" in text:
        return Outcome(
            "Mule retreats: its whole string, not the leaders.", (rule,), short="string retreats"
        )
    if text.lower().startswith(("horse unharmed", "defender's horse unharmed")):
        return Outcome("No effect on the mule (rider casualty).", (rule,), short="no effect")
    if source_only:  # the rules leave it open: said, not decided
        return Outcome(
            "Open: the rules do not say what this does to a mule.", (rule,), short="open"
        )
    if killed:
        return Outcome("Mule killed.", (rule,), (reading,), "mule dead")
    return Outcome("No effect on the mule (rider casualty).", (rule,), (reading,), "no effect")
