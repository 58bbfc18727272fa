"""Dice: parse `NdM+K` expressions under hard caps, roll them, and give exact chances.

An expression is one or more dice terms and whole numbers added or taken away: `2d6`, `d10`,
`2d6 + 1`, `2D6+1d4-1` (spaces and a capital D are fine). Caps are checked on the digit
strings BEFORE anything is converted or computed, so `99999999999d6` or `1000000d1000000` is
refused at once. One cap (``MAX_DICE``) covers the whole command: every die of every term of
every expression rolled or analysed in one invocation counts against it.

Chances are exact: whole-number counts of outcomes out of ``sides ** count``. The full
distribution (``distribution``) is built by convolution, one die at a time, with a running
sum (integers only); it is refused above ``MAX_OUTCOMES`` distinct totals. The chance of
rolling at least a total (``ways_at_least``) of one dice term uses the inclusion-exclusion
count, which takes ``count`` steps whatever the size, so every roll can show it; a sum of
several terms is counted on its distribution, so it is held to ``MAX_OUTCOMES`` totals.

The d10: Cry Havoc-family tables label the ten "0". A d10 showing ten is DISPLAYED as 0
(``face_label``) and COUNTS as 10 in totals; a table's "0" row is that face.
"""

import math
import random
import re
from functools import lru_cache
from typing import TYPE_CHECKING, NamedTuple

from companion.data import note_unrepeatable
from companion.errors import DataError, FieldError, InputError

if TYPE_CHECKING:
    from pathlib import Path

    from companion.schema import Where

MAX_DICE = 1000  # dice across the whole command
MAX_SIDES = 1000
MAX_MODIFIER_DIGITS = 6
MAX_OUTCOMES = 2001  # distinct totals --stats will list (e.g. 1000d3, 400d6)

_TERM = re.compile(r"\s*([+-]?)\s*(?:([0-9]*)[dD]([0-9]+)|([0-9]+))\s*")
MAX_TERMS = 20  # dice terms and numbers in one expression


class Dice(NamedTuple):
    """One parsed expression: ``count`` dice in all, plus ``modifier``.

    ``terms`` holds each dice term as (how many, sides, +1 or -1 for a term taken away);
    ``sides`` is the dice's sides when every die is alike and added, else 0.
    """

    text: str
    count: int  # type: ignore[assignment]  # a NamedTuple field may shadow tuple.count
    sides: int
    modifier: int = 0
    terms: tuple[tuple[int, int, int], ...] = ()

    def parts(self) -> tuple[tuple[int, int, int], ...]:
        return self.terms or ((self.count, self.sides, 1),)

    @property
    def simple(self) -> bool:
        """One term of alike dice, added (``NdM+K``): the fast exact counts apply."""
        parts = self.parts()
        return len(parts) == 1 and parts[0][2] == 1

    def die_sides(self) -> tuple[tuple[int, int], ...]:
        """Each die in rolling order: (sides, +1 or -1)."""
        return tuple((s, sign) for n, s, sign in self.parts() for _ in range(n))

    @property
    def lowest(self) -> int:
        return sum(n if sign > 0 else -n * s for n, s, sign in self.parts()) + self.modifier

    @property
    def highest(self) -> int:
        return sum(n * s if sign > 0 else -n for n, s, sign in self.parts()) + self.modifier

    @property
    def outcomes(self) -> int:
        """How many equally likely ways the dice can fall (``sides ** count`` for each term)."""
        return math.prod(s**n for n, s, _ in self.parts())

    @property
    def spread(self) -> int:
        """How many distinct totals the dice can make."""
        return self.highest - self.lowest + 1


class Roll(NamedTuple):
    """The dice as they fell, the total, and the exact chance of at least that total."""

    dice: Dice
    values: tuple[int, ...]
    total: int
    ways_at_least: int

    @property
    def faces(self) -> tuple[str, ...]:
        """Each die as shown (a d10's ten as 0; a die taken away with a leading -)."""
        return tuple(
            ("-" if sign < 0 else "") + face_label(v, s)
            for v, (s, sign) in zip(self.values, self.dice.die_sides(), strict=True)
        )


def face_label(value: int, sides: int) -> str:
    """How a die face is shown: a d10's ten is printed 0, as on Cry Havoc-family tables."""
    return "0" if sides == 10 and value == 10 else str(value)


def parse(text: str) -> Dice:
    """Parse ``2d6``, ``d10``, ``3d6+1``, ``2d6 + 1d4 - 1`` ... (caps checked before any
    conversion: the digits are counted first, so a huge number is refused at once)."""
    shown = text if len(text) <= 24 else text[:21] + "..."
    compact = "".join(text.split())
    wanted = f"{shown!r}: expected dice like 2d6, d10, 3d6+1 or 2d6+1d4-1"
    if not compact:
        raise InputError(wanted)
    terms: list[tuple[int, int, int]] = []
    modifier, count, position = 0, 0, 0
    while position < len(text):
        match = _TERM.match(text, position)
        if match is None or match.end() == position or (position and not match.group(1)):
            raise InputError(wanted)
        position = match.end()
        if len(terms) + (modifier != 0) >= MAX_TERMS:
            raise InputError(f"{shown!r}: at most {MAX_TERMS} terms in one expression")
        sign_s, count_s, sides_s, number_s = match.groups()
        sign = -1 if sign_s == "-" else 1
        if number_s is not None:
            digits = number_s.lstrip("0")
            if len(digits) > MAX_MODIFIER_DIGITS:
                raise InputError(
                    f"{shown!r}: modifier too large (at most {MAX_MODIFIER_DIGITS} digits)"
                )
            modifier += sign * int(digits or "0")
            continue
        count_s = count_s.lstrip("0") or ("0" if count_s else "1")
        sides_s = sides_s.lstrip("0") or "0"
        if len(count_s) > len(str(MAX_DICE)) or count + int(count_s) > MAX_DICE:
            raise InputError(f"{shown!r}: too many dice (at most {MAX_DICE} in one command)")
        if len(sides_s) > len(str(MAX_SIDES)) or int(sides_s) > MAX_SIDES:
            raise InputError(f"{shown!r}: too many sides (at most {MAX_SIDES})")
        n, sides = int(count_s), int(sides_s)
        if n < 1:
            raise InputError(f"{shown!r}: roll at least one die")
        if sides < 1:
            raise InputError(f"{shown!r}: a die needs at least one side")
        count += n
        terms.append((n, sides, sign))
    if not terms:
        raise InputError(wanted)
    alike = len({s for _, s, _ in terms}) == 1 and all(sign > 0 for *_, sign in terms)
    if alike:  # 2d6+1d6 is 3d6
        terms = [(count, terms[0][1], 1)]
    dice = Dice(compact, count, terms[0][1] if alike else 0, modifier, tuple(terms))
    if not dice.simple and dice.spread > MAX_OUTCOMES:
        raise InputError(
            f"{shown!r}: {dice.spread} possible totals; a sum of several dice terms is "
            f"counted exactly up to {MAX_OUTCOMES}"
        )
    return dice


def parse_all(texts: list[str] | tuple[str, ...]) -> list[Dice]:
    """Parse every expression of one command and apply the one cap on dice across them all."""
    if len(texts) > MAX_DICE:
        raise InputError(f"too many expressions (at most {MAX_DICE} dice in one command)")
    parsed: list[Dice] = []
    total = 0
    for text in texts:
        dice = parse(text)
        total += dice.count
        if total > MAX_DICE:
            raise InputError(f"too many dice in one command (at most {MAX_DICE} in all)")
        parsed.append(dice)
    return parsed


def make_rng(seed: int | None) -> random.Random:
    """A seeded generator for reproducible rolls, else the system's random source (and an
    answer that rolls with it is not kept for its address: `companion.data.reading`)."""
    if seed is None:
        note_unrepeatable()
        return random.SystemRandom()
    return random.Random(seed)


def _total(dice: Dice, values: tuple[int, ...] | list[int]) -> int:
    signs = (sign for _, sign in dice.die_sides())
    return sum(v * sign for v, sign in zip(values, signs, strict=True)) + dice.modifier


def roll(dice: Dice, rng: random.Random) -> Roll:
    """Roll ``dice`` with ``rng``."""
    values = tuple(rng.randint(1, s) for s, _ in dice.die_sides())
    total = _total(dice, values)
    return Roll(dice, values, total, ways_at_least(dice, total))


def _ways_at_most_sum(count: int, sides: int, limit: int) -> int:
    """How many of the ``sides ** count`` throws sum to ``limit`` or less (dice only).

    Inclusion-exclusion over how many dice exceed ``sides``: the number of ways ``count``
    dice of 1..sides sum to at most m is sum_j (-1)^j C(count, j) C(m - j*sides, count).
    """
    if limit < count:
        return 0
    if limit >= count * sides:
        return sides**count
    ways = 0
    for j in range(count + 1):
        rest = limit - j * sides
        if rest < count:
            break
        term = math.comb(count, j) * math.comb(rest, count)
        ways += -term if j % 2 else term
    return ways


def ways_at_least(dice: Dice, total: int) -> int:
    """How many of ``dice.outcomes`` throws give ``total`` or more (modifier included)."""
    if not dice.simple:  # several terms: count on the distribution (held to MAX_OUTCOMES)
        return sum(ways for t, ways in distribution(dice).items() if t >= total)
    need = total - dice.modifier  # the dice alone must reach this
    return dice.outcomes - _ways_at_most_sum(dice.count, dice.sides, need - 1)


def distribution(dice: Dice) -> dict[int, int]:
    """Every total (modifier included) and how many throws give it, by exact convolution.

    Refused (InputError) when there would be more than ``MAX_OUTCOMES`` totals.
    """
    spread = dice.spread
    if spread > MAX_OUTCOMES:
        raise InputError(
            f"{dice.text}: {spread} possible totals; the odds list at most {MAX_OUTCOMES}"
        )
    counts = [1]  # sums of zero dice: one way to make 0
    for sides, _sign in dice.die_sides():
        # Adding one die: new[k] = counts[k-1] + ... + counts[k-sides], a sliding window.
        # A die taken away has the same window; only where the totals start moves.
        prefix = [0]
        for c in counts:
            prefix.append(prefix[-1] + c)
        size = len(counts) + sides - 1
        new = []
        for k in range(size):
            hi = min(k, len(counts) - 1)
            lo = max(0, k - sides + 1)
            new.append(prefix[hi + 1] - prefix[lo])
        counts = new
    base = dice.lowest  # counts[0] is every added die showing 1, every taken one its highest
    return {base + i: c for i, c in enumerate(counts)}


def table_faces(spec: str) -> dict[int, int]:
    """The results a table rolled with ``spec`` ("d6", "d10", "2d6") can show, with their ways.

    A single d10's ten is the face 0, as the tables print it.
    """
    dice = parse(spec)
    faces = distribution(dice)
    if is_d10(dice):
        faces[0] = faces.pop(10)
    return faces


def is_d10(dice: Dice) -> bool:
    """A single d10 and nothing else: its ten is the face 0."""
    return dice.simple and dice.count == 1 and dice.sides == 10 and not dice.modifier


def d10_face(face: int, die: str) -> int:
    """A face given for a table rolled on ``die``: a d10's 10 is the printed 0."""
    return 0 if face == 10 and die.strip().lower() == "d10" else face


def roll_face(spec: str, rng: random.Random) -> tuple[int, tuple[int, ...]]:
    """Roll ``spec`` for a table: (the face as the table prints it, the dice as they fell)."""
    dice = parse(spec)
    r = roll(dice, rng)
    face = r.total
    if is_d10(dice) and face == 10:
        face = 0
    return face, r.values


@lru_cache(maxsize=32)
def _positions(order: tuple[int, ...]) -> dict[int, int]:
    """Each face's place in the die's order, worked out once per order (a look-up's page
    prints a run of faces for every result of its column). Read only."""
    return {f: i for i, f in enumerate(order)}


def face_runs(faces: tuple[int, ...] | list[int], order: tuple[int, ...] | list[int]) -> str:
    """Faces as printed tables list them: ``(3, 4, 5, 6, 7, 8, 9, 0)`` → ``"3-9, 0"``.

    A run that starts below zero reads ``"-3 to -1"`` (not ``"-3--1"``).

    ``order`` is the die's face order (for a d10: 1 ... 9, 0), so runs follow the table.
    """
    position = _positions(tuple(order))
    picked = sorted(faces, key=lambda f: position.get(f, len(order) + f))
    runs: list[list[int]] = []
    for f in picked:
        if runs and position.get(f) == position.get(runs[-1][-1], -9) + 1 and f == runs[-1][-1] + 1:
            runs[-1].append(f)
        else:
            runs.append([f])
    return ", ".join(
        str(r[0]) if len(r) == 1 else f"{r[0]}{' to ' if r[0] < 0 else '-'}{r[-1]}" for r in runs
    )


def fraction(ways: int, outcomes: int) -> str:
    """``ways/outcomes`` in lowest terms, e.g. ``"5/18"`` (``"1"`` or ``"0"`` when certain)."""
    if ways == 0:
        return "0"
    g = math.gcd(ways, outcomes)
    num, den = ways // g, outcomes // g
    return "1" if den == 1 else f"{num}/{den}"


def percent(ways: int, outcomes: int) -> str:
    """A short percentage of an exact chance: ``"58.3%"``, ``"0.05%"``, ``"<0.01%"``, ``"100%"``."""
    if ways == 0:
        return "0%"
    if ways == outcomes:
        return "100%"
    p = ways / outcomes * 100  # int / int is correctly rounded, even for huge numbers
    if p < 0.01:
        return "<0.01%"
    if p > 99.99:
        return ">99.99%"
    if 0.1 <= p <= 99.9:
        return f"{p:.1f}%"
    return f"{p:.2f}%"


class DiceSource:
    """A command's dice: the faces given with ``--die`` first, in order, then rolls.

    One rule for every command: given faces are checked against the die they stand for; once
    they run out, more dice are rolled only if no faces were given or ``--seed`` was (so real
    dice are never silently mixed with the system's); a face left over is refused.
    """

    def __init__(self, given: tuple[int, ...] | list[int], seed: int | None) -> None:
        self.given = list(given)
        self.count = len(self.given)
        self.seed = seed
        self.rng = make_rng(seed) if seed is not None or not self.given else None

    def next(self, sides: int) -> tuple[int, bool]:
        """One die of ``sides`` sides: (its value, whether it was rolled). A d10's 0 is ten."""
        if self.given:
            value = self.given.pop(0)
            if sides == 10 and value == 0:
                value = 10
            if not 1 <= value <= sides:
                ten = ", 0 for ten" if sides == 10 else ""
                raise FieldError("die", value, f"a d{sides} shows 1 to {sides}{ten}", echo=True)
            return value, False
        if self.rng is None:
            raise FieldError(
                "die",
                None,
                f"more dice are needed than the {self.count} given "
                "(give more, or a seed to roll the rest)",
            )
        return self.rng.randint(1, sides), True

    def roll(self, dice: Dice) -> tuple[Roll, bool]:
        """Roll (or take from the given faces) every die of ``dice``; True if any was rolled."""
        values, rolled = [], False
        for sides, _sign in dice.die_sides():
            value, was_rolled = self.next(sides)
            values.append(value)
            rolled = rolled or was_rolled
        total = _total(dice, values)
        return Roll(dice, tuple(values), total, ways_at_least(dice, total)), rolled

    def has_more(self) -> bool:
        """Whether another die can be had: a given face left, or rolls allowed."""
        return bool(self.given) or self.rng is not None

    def finish(self) -> None:
        """Refuse faces nobody used."""
        if self.given:
            left = " ".join(str(v) for v in self.given)
            raise FieldError("die", left, f"{len(self.given)} more than needed given ({left})")


# --------------------------------------------------------------------------- data files' dice


def die_faces(die: str, path: "Path") -> dict[int, int]:
    """The faces of a data file's ``die`` ("d6", "d10", "2d6"), or a DataError naming the key."""
    try:
        return table_faces(die)
    except InputError as exc:
        wanted = f"expected a die like d6, d10 or 2d6 ({exc.message})"
        raise DataError(f"key 'die': {wanted}", path) from None


def check_die(die: str, where: "Where") -> str:
    """A schema check for a ``die`` key ("d6", "d10", "2d6"): the error names its line."""
    try:
        table_faces(die)
    except InputError as exc:
        raise where.error(f"expected a die like d6, d10 or 2d6 ({exc.message})") from None
    return die
