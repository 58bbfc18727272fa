"""Kniggits: the army check (points, runaways, move cap) and the sword-and-shield exchange.

Movement tokens above those the 12-inch cap needs are not wasted: the move stays at the cap
while low blows knock tokens off, so they are reported as spares, never as waste.

The numbers (costs, inches, colours, which height hits which token) come from
``cards/kniggits/rules.toml``; an army is rows (`army_columns`: ``count,name`` then one column
per token colour), read by the front end from a CSV file or a page's form. Everything here is
pure: check rows, return plain records.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion import schema
from companion.csv_rosters import Column, Row
from companion.data import Cards
from companion.errors import DataError, FieldError
from companion.numbers import is_whole
from companion.schema import Field, ListOf, MapOf, Table, Where

GAME = "kniggits"
RULES_FILE = "rules.toml"
FUMBLE = "fumble"
ROLES = ("movement", "attack", "defense")  # the three kinds of skill token
NONE = "none"
SPELLINGS = {"defense": ("defence",)}  # the rules spell it "Defense"; both are accepted
# The kit's limits on what a user can type (far above any real army; a bigger number is a typo).
MAX_COUNT = 1_000  # identical kniggits on one army-file row
MAX_TOKENS = 1_000  # tokens of one colour on one kniggit (army file or --tokens)
MAX_POINTS = 1_000_000  # --points
# What one army may ask the paper to print (its standees, its tokens, its sheet's rows): the
# rules suggest 50 points, 10 kniggits; past these a file is a typo or a hostile one (a two-line
# army of 1,000 kniggits with 3,000 tokens each took over 1 GB and a minute).
MAX_ARMY_KNIGGITS = 500
MAX_ARMY_TOKENS = 5_000
MAX_ARMIES = 8  # --army files in one run (the rules' battles are two armies, or a few)


@dataclass(frozen=True)
class KniggitRules:
    """The Kniggits numbers the companion uses."""

    path: Path
    kniggit_cost: int
    token_cost: int
    suggested_total: int
    inches_per_token: int
    max_move: int
    crawl: int
    combat_range: int
    deployment: int
    colours: tuple[str, ...]  # movement, attack, defense in the army file's column order
    heights: dict[str, str]  # attack height -> the colour an undefended hit knocks off

    def move(self, movement_tokens: int) -> int:
        """How far a kniggit moves: per-token inches, capped; a crawl with no Movement token."""
        if movement_tokens <= 0:
            return self.crawl
        return min(self.inches_per_token * movement_tokens, self.max_move)

    def spare_movement(self, movement_tokens: int) -> int:
        """Movement tokens beyond those the capped move needs: low blows can knock that many
        off before he moves less (they do not lengthen the move, but they are not wasted)."""
        useful = -(-self.max_move // self.inches_per_token)  # ceiling
        return max(0, movement_tokens - useful)


def _at_least(least: int) -> Callable[[int, Where], int]:
    def check(value: int, where: Where) -> int:
        if value < least:
            raise where.error(f"{value} is too small")
        return value

    return check


def _colours(colours: list[str], where: Where) -> tuple[str, ...]:
    if sorted(colours) != sorted(ROLES):
        raise where.error(f"expected the three kinds {', '.join(ROLES)} (any order)")
    return tuple(colours)


_POSITIVE, _NOT_NEGATIVE = _at_least(1), _at_least(0)
RULES = Table(
    (
        Field(
            "points",
            Table(
                tuple(
                    Field(k, int, check=_POSITIVE) for k in ("kniggit", "token", "suggested_total")
                )
            ),
        ),
        Field(
            "distances",
            Table(
                (
                    Field("inches_per_movement_token", int, check=_POSITIVE),
                    Field("max_move", int, check=_POSITIVE),
                    Field("crawl", int, check=_NOT_NEGATIVE),
                    Field("combat_range", int, check=_POSITIVE),
                    Field("deployment", int, check=_POSITIVE),
                )
            ),
        ),
        Field(
            "tokens",
            Table((Field("colours", ListOf(str), check=_colours),), rest=object, rest_as=""),
        ),
        Field("heights", MapOf(str)),
    )
)
"""rules.toml: the Kniggits numbers."""


def load_rules(path: str | Path) -> KniggitRules:
    """Read and check ``rules.toml`` (once while it is unchanged)."""
    return schema.load(Path(path), RULES, _build)


def _build(data: dict[str, Any], path: Path) -> KniggitRules:
    colours = data["tokens"]["colours"]
    heights = data["heights"]
    for height, colour in heights.items():
        at = Where(path).child("heights").child(height)
        if colour not in colours:
            raise at.error(f"expected one of {', '.join(colours)}, got {colour!r}")
        if height in (FUMBLE, NONE):
            raise at.error("that word is reserved")
    hit_by = {c: [h for h, hc in heights.items() if hc == c] for c in colours}
    # the rules: one height for each colour of token (a doubled height is the likelier typo)
    for colour in sorted(colours, key=lambda c: len(hit_by[c]) < 2):
        if len(hit_by[colour]) != 1:
            many = hit_by[colour]
            what = (
                "no height knocks" if not many else f"{len(many)} heights ({', '.join(many)}) knock"
            )
            raise (
                Where(path)
                .child("heights")
                .error(f"{what} off {colour} tokens; expected one height for each colour")
            )
    points, dist = data["points"], data["distances"]
    return KniggitRules(
        path,
        points["kniggit"],
        points["token"],
        points["suggested_total"],
        dist["inches_per_movement_token"],
        dist["max_move"],
        dist["crawl"],
        dist["combat_range"],
        dist["deployment"],
        colours,
        dict(heights),
    )


def rules(cards: Cards) -> KniggitRules:
    """The Kniggits rules from a cards directory."""
    return load_rules(cards.path(GAME, RULES_FILE))


# --------------------------------------------------------------------------- the army


@dataclass(frozen=True)
class Kniggit:
    """One army-file row: ``count`` identical kniggits, each with these tokens."""

    count: int
    name: str
    tokens: dict[str, int]
    line: int

    def missing(self, rules: KniggitRules) -> list[str]:
        """The colours he has no token of (any one means he runs away before the battle)."""
        return [c for c in rules.colours if self.tokens[c] <= 0]

    def points(self, rules: KniggitRules) -> int:
        """What the row costs: ``count`` x (a kniggit + his tokens)."""
        return self.count * (rules.kniggit_cost + rules.token_cost * sum(self.tokens.values()))


def army_columns(rules: KniggitRules) -> list[Column]:
    """The army file's columns: count, name, then one whole number per token colour."""
    return [
        Column(
            "count", "count", required=True, doc="how many identical kniggits", maximum=MAX_COUNT
        ),
        Column("name", "text", required=True, unique=True),
        *(
            Column(
                c,
                "int",
                required=True,
                doc=f"{c} tokens each",
                maximum=MAX_TOKENS,
                aliases=SPELLINGS.get(c, ()),
            )
            for c in rules.colours
        ),
    ]


@dataclass
class ArmyCheck:
    """An army measured against the agreed points total and the rules."""

    path: Path | None  # where the rows were read (None: typed into a page)
    budget: int
    kniggits: list[Kniggit]
    kniggit_points: int
    token_points: int
    runaways: list[Kniggit] = field(default_factory=list)
    spare: list[tuple[Kniggit, int]] = field(default_factory=list)  # (row, spare Movement)

    @property
    def points(self) -> int:
        return self.kniggit_points + self.token_points

    @property
    def over(self) -> int:
        """Points above the agreed total (0 if within it)."""
        return max(0, self.points - self.budget)

    @property
    def under(self) -> int:
        """Points left unspent (the rules allow spending "up to" the total)."""
        return max(0, self.budget - self.points)

    @property
    def legal(self) -> bool:
        """Within the points total. Runaways are not illegal: they just leave before battle."""
        return self.points <= self.budget

    @property
    def fighting(self) -> int:
        """How many kniggits start the battle."""
        return sum(k.count for k in self.kniggits) - sum(k.count for k in self.runaways)


def check_army(
    rows: Sequence[Row],
    rules: KniggitRules,
    budget: int | None = None,
    path: str | Path | None = None,
) -> ArmyCheck:
    """Check an army's rows against ``budget`` (default: the rules' suggested total). The
    front end reads them (`army_columns`: a file's with `read_csv`, a form's with `rows_of`);
    ``path``: where from, for the record and its errors."""
    if budget is None:
        budget = rules.suggested_total
    if budget < 0:
        raise FieldError("points", budget, f"expected 0 or more, got {budget}")
    if budget > MAX_POINTS:
        raise FieldError("points", budget, f"at most {MAX_POINTS:,}, got {budget:,}")
    if not rows:
        raise DataError("no kniggits: expected at least one row after the header", path)
    kniggits = [
        Kniggit(row["count"], row["name"], {c: row[c] for c in rules.colours}, row.line)
        for row in rows
    ]
    count = sum(k.count for k in kniggits)
    tokens = sum(k.count * sum(k.tokens.values()) for k in kniggits)
    if count > MAX_ARMY_KNIGGITS:
        raise DataError(
            f"{count:,} kniggits in one army: at most {MAX_ARMY_KNIGGITS:,} (the kit's limit)",
            path,
        )
    if tokens > MAX_ARMY_TOKENS:
        raise DataError(
            f"{tokens:,} skill tokens in one army: at most {MAX_ARMY_TOKENS:,} (the kit's limit)",
            path,
        )
    check = ArmyCheck(
        None if path is None else Path(path),
        budget,
        kniggits,
        count * rules.kniggit_cost,
        tokens * rules.token_cost,
    )
    for k in kniggits:
        if k.missing(rules):
            check.runaways.append(k)
        spare = rules.spare_movement(k.tokens["movement"])
        if spare:
            check.spare.append((k, spare))
    return check


# --------------------------------------------------------------------------- the exchange


@dataclass(frozen=True)
class Standing:
    """What a kniggit can still do with the tokens he has left."""

    tokens: dict[str, int]
    can_attack: bool
    can_defend: bool
    move: int  # inches
    crawls: bool
    flees: bool
    no_tokens: bool  # flees with nothing at all: the kit's reading (the rules say "one colour")


def standing(rules: KniggitRules, tokens: dict[str, int]) -> Standing:
    """Can he attack, defend, how far does he move, does he flee (one colour or none left)?"""
    colours_left = [c for c in rules.colours if tokens[c] > 0]
    flees = len(colours_left) <= 1
    moving = tokens["movement"]
    return Standing(
        dict(tokens),
        can_attack=not flees and tokens["attack"] > 0,
        can_defend=tokens["defense"] > 0,
        move=rules.move(moving),
        crawls=moving <= 0,
        flees=flees,
        no_tokens=not colours_left,
    )


@dataclass(frozen=True)
class Exchange:
    """One sword blow against one shield."""

    attack: str
    defend: str
    result: str  # "no attack", "defended" or "hit"
    loses: str | None  # the colour of the token lost, if any
    why: str
    before: Standing | None = None
    after: Standing | None = None


def parse_tokens(text: str, rules: KniggitRules) -> dict[str, int]:
    """``"2,1,1"`` → tokens by colour, in the rules' colour order."""
    parts = [p.strip() for p in text.split(",")]
    names = ",".join(c[0].upper() for c in rules.colours)
    if len(parts) != len(rules.colours) or not all(is_whole(p) for p in parts):
        why = f"expected {names} as whole numbers like 2,1,1, got {text!r}"
        raise FieldError("tokens", text, why)
    if any(len(p.lstrip("0")) > len(str(MAX_TOKENS)) or int(p) > MAX_TOKENS for p in parts):
        why = f"at most {MAX_TOKENS:,} of each colour, got {text!r}"
        raise FieldError("tokens", text, why)
    return dict(zip(rules.colours, (int(p) for p in parts), strict=True))


def exchange(
    rules: KniggitRules, attack: str, defend: str, tokens: dict[str, int] | None = None
) -> Exchange:
    """Resolve a blow: same height is defended; an undefended height knocks off one token."""
    heights = list(rules.heights)
    if attack not in (*heights, FUMBLE):
        why = f"expected one of {', '.join(heights)}, fumble; got {attack!r}"
        raise FieldError("attack", attack, why)
    if defend not in (*heights, NONE, FUMBLE):
        raise FieldError(
            "defend", defend, f"expected one of {', '.join(heights)}, none, fumble; got {defend!r}"
        )
    before = standing(rules, tokens) if tokens is not None else None
    if attack == FUMBLE:
        return Exchange(
            attack, defend, "no attack", None, "sword fumbled: no attack", before, before
        )
    shield = defend
    why_undefended = {NONE: "no defense", FUMBLE: "shield fumbled: no defense"}.get(defend, "")
    if defend in heights and before is not None and not before.can_defend:
        shield = NONE
        why_undefended = "no Defense token: cannot defend"
    if shield == attack:
        return Exchange(attack, defend, "defended", None, "same height: defended", before, before)
    colour = rules.heights[attack]
    why = why_undefended or f"defended {defend}, not {attack}"
    if before is None:
        return Exchange(attack, defend, "hit", colour, why)
    left = dict(before.tokens)
    if left[colour] <= 0:
        return Exchange(
            attack,
            defend,
            "hit",
            None,
            f"{why}; he has no {colour.capitalize()} token to lose",
            before,
            before,
        )
    left[colour] -= 1
    return Exchange(attack, defend, "hit", colour, why, before, standing(rules, left))


# --------------------------------------------------------------------------- both fighters

NO_ATTACK_RULE = "Kniggits with no attack tokens left cannot attack."
FLEES_RULE = (
    "Kniggits that have only got tokens of one colour left get scared and run (or crawl) "
    "away ... They may not attack - even if they have attack tokens left."
)


@dataclass(frozen=True)
class Fighter:
    """One side of an exchange as shown at the table: his sword (a height, ``fumble``, or
    ``none``: he does not attack, facing the wrong way), his shield (a height, ``none`` or
    ``fumble``) and his tokens before it (None: not given, nothing is checked)."""

    name: str
    sword: str
    shield: str
    tokens: dict[str, int] | None = None


@dataclass(frozen=True)
class Clash:
    """Both blows of one exchange, resolved at once with the tokens from before: ``blows``
    are (the first's blow at the second, the second's at the first), None for a fighter who
    does not attack; ``before``/``after``: each fighter's standing (None: tokens not given)."""

    fighters: tuple[Fighter, Fighter]
    blows: tuple[Exchange | None, Exchange | None]
    before: tuple[Standing | None, Standing | None]
    after: tuple[Standing | None, Standing | None]


def cannot_attack(rules: KniggitRules, tokens: dict[str, int]) -> str | None:
    """Why a kniggit with these tokens may not attack, quoting the rule (None: he may)."""
    s = standing(rules, tokens)
    if s.flees:
        return f'he flees (one colour or none left): "{FLEES_RULE}"'
    if not s.can_attack:
        return f'he has no Attack token: "{NO_ATTACK_RULE}"'
    return None


def check_height(rules: KniggitRules, text: str, field: str, extra: tuple[str, ...]) -> str:
    """A height (or one of ``extra``) exactly as the rules file names it; else refused."""
    choices = (*rules.heights, *extra)
    if text not in choices:
        raise FieldError(field, text, f"expected one of {', '.join(choices)}; got {text!r}")
    return text


def clash(rules: KniggitRules, first: Fighter, second: Fighter) -> Clash:
    """Resolve one exchange for both fighters at once: each one's blow against the other's
    shield, both with the tokens from before (the rules: "both kniggits are attacking" when
    they face each other). A fighter who may not attack (no Attack token, fleeing) is refused
    as an attacker, quoting the rule; nothing is resolved."""
    fighters = (first, second)
    for f in fighters:
        check_height(rules, f.sword, f"{f.name} sword", (FUMBLE, NONE))
        check_height(rules, f.shield, f"{f.name} shield", (NONE, FUMBLE))
    if first.sword == NONE and second.sword == NONE:
        raise FieldError("sword", NONE, "neither attacks: at least one sword is needed")
    for f in fighters:
        why = None if f.sword == NONE or f.tokens is None else cannot_attack(rules, f.tokens)
        if why:
            raise FieldError(
                f"{f.name} sword", f.sword, f"{f.name} cannot attack: {why}", named=True
            )
    before = tuple(None if f.tokens is None else standing(rules, f.tokens) for f in fighters)
    blows = tuple(
        None if a.sword == NONE else exchange(rules, a.sword, d.shield, d.tokens)
        for a, d in ((first, second), (second, first))
    )
    after = tuple(
        None if s is None else (blow.after if blow is not None else s)
        for s, blow in zip(before, reversed(blows), strict=True)
    )
    return Clash(fighters, blows, before, after)  # type: ignore[arg-type]
