"""Cthulhu Who? attacks: the attack-scores table, its friendly names and the rules' notes.

Every score comes from ``cards/cthulhu-who/attack-scores.toml``: a 2d6 range, a dash (cannot
attack), a crush (no roll) or ``silent`` (the rules do not say). The set-up's monster names
(Dog, Bear ...) name the N-square monster rows and columns too.
"""

import re
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import NamedTuple

from companion import schema
from companion.cthulhu_who.ranges import GAME, parse_range
from companion.data import Cards
from companion.errors import DataError, InputError
from companion.schema import Field, ListOf, Where

ATTACK_FILE = "attack-scores.toml"

ROLL, CANNOT, CRUSH, SILENT = "roll", "cannot", "crush", "silent"
NOTE_KEYS = ("adjacent", "ranged", "action_points", "crush", "crush_cultist", "silent", "collapse")


class Score(NamedTuple):
    """One cell of the attack-scores table: a 2d6 range, a dash, a crush, or silent."""

    text: str
    kind: str  # ROLL, CANNOT, CRUSH or SILENT (the rules do not say)
    low: int = 0
    high: int = 0

    def ways(self) -> int:
        """How many of the 36 throws of 2d6 kill (36 for a crush, 0 for a dash or silent)."""
        if self.kind == CRUSH:
            return 36
        if self.kind in (CANNOT, SILENT):
            return 0
        return sum(1 for a in range(1, 7) for b in range(1, 7) if self.low <= a + b <= self.high)

    def chance(self) -> Fraction:
        """The exact chance that 2d6 kills (1 for a crush, 0 for a dash or a silent cell)."""
        return Fraction(self.ways(), 36)

    def kills(self, total: int) -> bool:
        """Whether a 2d6 total kills."""
        return self.kind == CRUSH or (self.kind == ROLL and self.low <= total <= self.high)


def parse_score(cell: str, where: Where) -> Score:
    """``"7-12"``, ``"12"``, ``"-"``, ``"crush"`` or ``"silent"``."""
    text = cell.strip()
    if text == "-":
        return Score(text, CANNOT)
    if text.lower() in (CRUSH, SILENT):
        return Score(text, text.lower())
    low, high = parse_range(text, where)
    if not 2 <= low <= high <= 12:
        raise where.error(f"{text!r} is not a 2d6 total (2-12)")
    return Score(text, ROLL, low, high)


class Attacker(NamedTuple):
    """One row of the attack-scores table and what the rules' text adds to it."""

    name: str
    scores: dict[str, Score]
    range: int = 1
    action_points: int = 1
    aliases: tuple[str, ...] = ()


def name_key(text: str) -> str:
    """The form names are matched in: lower case, spaces and underscores as hyphens."""
    return re.sub(r"[\s_]+", "-", text.strip().lower())


def _keys(name: str) -> set[str]:
    """The friendly names of a figure: ``Hero/Pike`` → hero/pike, hero-pike, pike."""
    key = name_key(name)
    keys = {key, key.replace("/", "-")}
    if "/" in key:
        keys.add(key.split("/", 1)[1])
    if key.endswith("-monster"):
        keys.add(key[: -len("-monster")])
    return keys


class AttackTable(NamedTuple):
    """The attack-scores table, its friendly names, and the rules' notes."""

    path: Path
    targets: tuple[str, ...]
    attackers: tuple[Attacker, ...]
    rules: dict[str, str]
    quotes: dict[str, str]  # the rules' own words for each note, for --explain
    attacker_names: dict[str, str]  # friendly key -> attacker name
    target_names: dict[str, str]  # friendly key -> target name
    pending: list[Callable[[], dict[str, int]]]  # more names (Dog, Bear ...), read on first need

    def _more(self) -> None:
        """Add the names still pending (the set-up's monsters): read only when a name is not
        one of the table's own, so `havoc attack shotgun cultist` never loads the set-up."""
        while self.pending:
            _add_aliases(self, self.pending.pop()())

    def attacker(self, text: str) -> Attacker:
        """The attacker a user means, or an InputError listing the valid names."""
        key = name_key(text)
        if key not in self.attacker_names:
            self._more()
        name = _by_start(self.attacker_names, key)
        if name is None:
            which = [
                name_key(a.name) for a in self.attackers if name_key(a.name).startswith(key + "/")
            ]
            if which:
                raise InputError(f"which {text}? expected one of {', '.join(which)}")
            found = {n for k, n in self.attacker_names.items() if k.startswith(key)}
            if len(found) > 1:
                raise InputError(
                    f"attacker {text!r} could be {', '.join(sorted(found))}: type more of it"
                )
            raise InputError(
                f"unknown attacker {text!r}: expected one of "
                + ", ".join(name_key(a.name) for a in self.attackers)
            )
        return next(a for a in self.attackers if a.name == name)

    def target(self, text: str) -> str:
        """The target column a user means, or an InputError listing the valid names."""
        if name_key(text) not in self.target_names:
            self._more()
        name = _by_start(self.target_names, name_key(text))
        if name is None:
            raise InputError(
                f"unknown target {text!r}: expected one of "
                + ", ".join(name_key(t) for t in self.targets)
            )
        return name

    def names(self) -> tuple[list[str], list[str]]:
        """Every name an attacker and a target may be given by (for shell completion)."""
        self._more()
        return sorted(self.attacker_names), sorted(self.target_names)

    def note_keys(self, attacker: Attacker, target: str) -> list[str]:
        """Which of the rules' notes apply to this attack (keys of ``rules`` and ``quotes``)."""
        kind = attacker.scores[target].kind
        keys: list[str] = []
        if kind == CRUSH:
            keys.append("crush")
            if target == self.rules["collapse_attacker"]:
                keys.append("crush_cultist")
        elif kind == SILENT:
            keys.append("silent")
        elif kind == ROLL:
            keys.append("ranged" if attacker.range > 1 else "adjacent")
            if attacker.action_points != 1:
                keys.append("action_points")
        if target == self.rules["collapse_target"] and kind in (ROLL, CRUSH):
            keys.append("collapse")
        return keys

    def notes(self, attacker: Attacker, target: str) -> list[str]:
        """The special rules that apply to this attack: short, the kit's paraphrase."""
        notes = []
        for key in self.note_keys(attacker, target):
            note = self.rules[key].format(n=attacker.action_points)
            if key == "collapse":
                note += f" ({self.collapse_hits()})"
            notes.append(note)
        return notes

    def collapse_hits(self) -> str:
        """What the collapse's attack needs against each figure: ``11-12 v Hero; ...``."""
        collapse = next(a for a in self.attackers if a.name == self.rules["collapse_attacker"])
        hits = [f"{s.text} v {t}" for t, s in collapse.scores.items() if s.kind == ROLL]
        if len(hits) < len(collapse.scores):
            # "all figures" next to it: the Cultist row prints "-" against the rest,
            # and the rules do not say what the collapse does to them
            hits.append("v others: rules silent")
        return "; ".join(hits)

    def explain(self, attacker: Attacker, target: str) -> list[str]:
        """The rules' own words behind each note that applies (for ``--explain``)."""
        return [self.quotes[key] for key in self.note_keys(attacker, target)]


def _by_start(names: dict[str, str], key: str) -> str | None:
    """The name ``key`` stands for: a whole friendly name, or the start of names of one figure."""
    if key in names:
        return names[key]
    found = {name for k, name in names.items() if key and k.startswith(key)}
    return found.pop() if len(found) == 1 else None


ATTACKER = schema.Table(
    (
        Field("name", str),
        Field("scores", ListOf(str, start=1)),
        Field("range", int, required=False, default=1),
        Field("action_points", int, required=False, default=1),
        Field("aliases", ListOf(str), required=False, default=[]),
    ),
    rest=object,  # free keys are kept, not read
)
ATTACK_SCORES = schema.Table(
    (
        Field("attacked", ListOf(str, start=1)),
        Field("attacker", ListOf(ATTACKER, start=1)),
        Field(
            "rules",
            schema.Table(
                tuple(Field(k, str) for k in (*NOTE_KEYS, "collapse_target", "collapse_attacker")),
                rest=object,
                rest_as="",
            ),
        ),
        Field(
            "quotes",
            schema.Table(tuple(Field(k, str) for k in NOTE_KEYS), rest=object, rest_as=""),
        ),
    ),
    rest=object,
)
"""attack-scores.toml."""


def load_attack_table(
    path: str | Path,
    extra_aliases: dict[str, int] | Callable[[], dict[str, int]] | None = None,
) -> AttackTable:
    """Read and check ``attack-scores.toml`` (its shape once while it is unchanged).

    ``extra_aliases`` maps more names (e.g. the monster names Dog, Bear) to a size in squares:
    they then name the ``N-square Monster`` attacker and target (a function giving them: called
    when a name is first not one of the table's own).
    """
    path = Path(path)
    data = schema.load(path, ATTACK_SCORES)
    targets = data["attacked"]
    attackers = []
    for index, row in enumerate(data["attacker"]):
        at = Where(path).child("attacker").child(index, number=index + 1)
        name, cells = row["name"], row["scores"]
        if len(cells) != len(targets):
            raise DataError(
                f"key '{at.shown}.scores' ({name}): expected {len(targets)} cells, one per "
                f"'attacked' column, got {len(cells)}",
                path,
                at.child("scores").line(),
            )
        scores = {
            t: parse_score(c, at.child("scores").child(i, f"{name} v {t}", i + 1))
            for i, (t, c) in enumerate(zip(targets, cells, strict=True))
        }
        attackers.append(
            Attacker(name, scores, row["range"], row["action_points"], tuple(row["aliases"]))
        )
    rules, quotes = dict(data["rules"]), dict(data["quotes"])
    if rules["collapse_target"] not in targets:
        raise (
            Where(path)
            .child("rules")
            .child("collapse_target")
            .error("expected one of the 'attacked' names")
        )
    if rules["collapse_attacker"] not in {a.name for a in attackers}:
        raise (
            Where(path)
            .child("rules")
            .child("collapse_attacker")
            .error("expected an attacker's name")
        )

    attacker_names: dict[str, str] = {}
    target_names: dict[str, str] = {}

    def add(table: dict[str, str], key: str, name: str, what: str) -> None:
        if table.get(key, name) != name:
            raise DataError(f"the {what} name {key!r} means both {table[key]} and {name}", path)
        table[key] = name

    for attacker in attackers:
        for key in _keys(attacker.name) | {name_key(a) for a in attacker.aliases}:
            add(attacker_names, key, attacker.name, "attacker")
    for target in targets:
        tkey = name_key(target)
        keys = _keys(target)
        for attacker in attackers:
            akey = name_key(attacker.name)
            if akey == tkey or akey.startswith(tkey + "/"):
                keys |= _keys(attacker.name) | {name_key(a) for a in attacker.aliases}
        for key in keys:
            add(target_names, key, target, "target")
    table = AttackTable(
        path, tuple(targets), tuple(attackers), rules, quotes, attacker_names, target_names, []
    )
    if callable(extra_aliases):
        table.pending.append(extra_aliases)
    elif extra_aliases:
        _add_aliases(table, extra_aliases)
    return table


def _add_aliases(table: AttackTable, aliases: dict[str, int]) -> None:
    """``aliases`` (a name -> a size in squares) name the ``N-square Monster`` attacker and
    target; the table's own names win."""
    for alias, squares in aliases.items():
        prefix = f"{squares}-square"
        for names, pool in (
            (table.attacker_names, [a.name for a in table.attackers]),
            (table.target_names, list(table.targets)),
        ):
            match = [n for n in pool if name_key(n).startswith(prefix)]
            if len(match) == 1:
                names.setdefault(name_key(alias), match[0])


def attack_table(cards: Cards) -> AttackTable:
    """The attack-scores table from a cards directory; the set-up's monster names are aliases
    (read from setup.toml when first needed)."""

    def monsters() -> dict[str, int]:
        # the set-up roller, off attack's and crush's path: benchmarks/startup_tricks.py
        from companion.cthulhu_who.setup import setup_tables

        return {s.name: s.squares for s in setup_tables(cards).sizes.values()}

    return load_attack_table(cards.path(GAME, ATTACK_FILE), monsters)
