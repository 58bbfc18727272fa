"""Dice: parse `NdM+K` expressions under hard caps, roll them, and give exact chances.

Caps are checked on the digit strings BEFORE anything is converted or computed, so
`99999999999d6` or `1000000d1000000` is refused at once. One cap (``MAX_DICE``) covers the
whole command: every expression rolled or analysed in one invocation counts against it.

Chances are exact: whole-number counts of outcomes out of ``sides ** count``. The full
distribution (``distribution``) is built by convolution, one die at a time, with a running
sum (integers only); it is refused above ``MAX_OUTCOMES`` distinct totals. The chance of
rolling at least a total (``ways_at_least``) uses the inclusion-exclusion count, which takes
``count`` steps whatever the size, so every roll can show it.

The d10: Cry Havoc-family tables label the ten "0". A d10 showing ten is DISPLAYED as 0
(``face_label``) and COUNTS as 10 in totals; a table's "0" row is that face.
"""

from __future__ import annotations

import math
import random
import re
from typing import NamedTuple

from companion.errors import InputError

MAX_DICE = 1000  # dice across the whole command
MAX_SIDES = 1000
MAX_MODIFIER_DIGITS = 6
MAX_OUTCOMES = 2001  # distinct totals --stats will list (e.g. 1000d3, 400d6)

_EXPR = re.compile(r"([0-9]*)[dD]([0-9]+)(?:([+-])([0-9]+))?")


class Dice(NamedTuple):
    """One parsed expression: ``count`` dice of ``sides`` sides, plus ``modifier``."""

    text: str
    count: int
    sides: int
    modifier: int = 0

    @property
    def lowest(self) -> int:
        return self.count + self.modifier

    @property
    def highest(self) -> int:
        return self.count * self.sides + self.modifier

    @property
    def outcomes(self) -> int:
        """How many equally likely ways the dice can fall (``sides ** count``)."""
        return self.sides**self.count


class Roll(NamedTuple):
    """The dice as they fell, the total, and the exact chance of at least that total."""

    dice: Dice
    values: tuple[int, ...]
    total: int
    ways_at_least: int

    @property
    def faces(self) -> tuple[str, ...]:
        return tuple(face_label(v, self.dice.sides) for v in self.values)


def face_label(value: int, sides: int) -> str:
    """How a die face is shown: a d10's ten is printed 0, as on Cry Havoc-family tables."""
    return "0" if sides == 10 and value == 10 else str(value)


def parse(text: str) -> Dice:
    """Parse ``NdM``, ``dM``, ``NdM+K`` or ``NdM-K`` (caps checked before any conversion)."""
    shown = text if len(text) <= 24 else text[:21] + "..."
    match = _EXPR.fullmatch(text.strip())
    if match is None:
        raise InputError(f"{shown!r}: expected dice like 2d6, d10 or 3d6+1")
    count_s, sides_s, sign, mod_s = match.groups()
    count_s = count_s.lstrip("0") or ("0" if count_s else "1")
    sides_s = sides_s.lstrip("0") or "0"
    if len(count_s) > len(str(MAX_DICE)) or int(count_s) > MAX_DICE:
        raise InputError(f"{shown!r}: too many dice (at most {MAX_DICE} in one command)")
    if len(sides_s) > len(str(MAX_SIDES)) or int(sides_s) > MAX_SIDES:
        raise InputError(f"{shown!r}: too many sides (at most {MAX_SIDES})")
    if mod_s is not None and len(mod_s) > MAX_MODIFIER_DIGITS:
        raise InputError(f"{shown!r}: modifier too large (at most {MAX_MODIFIER_DIGITS} digits)")
    count, sides = int(count_s), int(sides_s)
    if count < 1:
        raise InputError(f"{shown!r}: roll at least one die")
    if sides < 1:
        raise InputError(f"{shown!r}: a die needs at least one side")
    modifier = 0 if mod_s is None else int(mod_s) * (-1 if sign == "-" else 1)
    return Dice(text.strip(), count, sides, modifier)


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
    """A seeded generator for reproducible rolls, else the system's random source."""
    return random.SystemRandom() if seed is None else random.Random(seed)


def roll(dice: Dice, rng: random.Random) -> Roll:
    """Roll ``dice`` with ``rng``."""
    values = tuple(rng.randint(1, dice.sides) for _ in range(dice.count))
    total = sum(values) + dice.modifier
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
    need = total - dice.modifier  # the dice alone must reach this
    return dice.outcomes - _ways_at_most_sum(dice.count, dice.sides, need - 1)


def distribution(dice: Dice) -> dict[int, int]:
    """Every total (modifier included) and how many throws give it, by exact convolution.

    Refused (InputError) when there would be more than ``MAX_OUTCOMES`` totals.
    """
    spread = dice.count * (dice.sides - 1) + 1
    if spread > MAX_OUTCOMES:
        raise InputError(
            f"{dice.text}: {spread} possible totals; --stats lists at most {MAX_OUTCOMES}"
        )
    counts = [1]  # sums of zero dice: one way to make 0
    for _ in range(dice.count):
        # Adding one die: new[k] = counts[k-1] + ... + counts[k-sides], a sliding window.
        prefix = [0]
        for c in counts:
            prefix.append(prefix[-1] + c)
        size = len(counts) + dice.sides - 1
        new = []
        for k in range(size):
            hi = min(k, len(counts) - 1)
            lo = max(0, k - dice.sides + 1)
            new.append(prefix[hi + 1] - prefix[lo])
        counts = new
    base = dice.count + dice.modifier  # counts[0] is every die showing 1
    return {base + i: c for i, c in enumerate(counts)}


def table_faces(spec: str) -> dict[int, int]:
    """The results a table rolled with ``spec`` ("d6", "d10", "2d6") can show, with their ways.

    A single d10's ten is the face 0, as the tables print it.
    """
    dice = parse(spec)
    faces = distribution(dice)
    if dice.count == 1 and dice.sides == 10 and not dice.modifier:
        faces[0] = faces.pop(10)
    return faces


def roll_face(spec: str, rng: random.Random) -> tuple[int, tuple[int, ...]]:
    """Roll ``spec`` for a table: (the face as the table prints it, the dice as they fell)."""
    dice = parse(spec)
    r = roll(dice, rng)
    face = r.total
    if dice.count == 1 and dice.sides == 10 and not dice.modifier and face == 10:
        face = 0
    return face, r.values


def face_runs(faces: tuple[int, ...] | list[int], order: tuple[int, ...] | list[int]) -> str:
    """Faces as printed tables list them: ``(3, 4, 5, 6, 7, 8, 9, 0)`` → ``"3-9, 0"``.

    ``order`` is the die's face order (for a d10: 1 ... 9, 0), so runs follow the table.
    """
    position = {f: i for i, f in enumerate(order)}
    picked = sorted(faces, key=lambda f: position.get(f, len(order) + f))
    runs: list[list[int]] = []
    for f in picked:
        if runs and position.get(f) == position.get(runs[-1][-1], -9) + 1 and f == runs[-1][-1] + 1:
            runs[-1].append(f)
        else:
            runs.append([f])
    return ", ".join(str(r[0]) if len(r) == 1 else f"{r[0]}-{r[-1]}" for r in runs)


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
                raise InputError(f"--die {value}: a d{sides} shows 1 to {sides}{ten}")
            return value, False
        if self.rng is None:
            raise InputError(
                f"--die: more dice are needed than the {self.count} given "
                "(give more, or add --seed N to roll the rest)"
            )
        return self.rng.randint(1, sides), True

    def roll(self, dice: Dice) -> tuple[Roll, bool]:
        """Roll (or take from the given faces) every die of ``dice``; True if any was rolled."""
        values, rolled = [], False
        for _ in range(dice.count):
            value, was_rolled = self.next(dice.sides)
            values.append(value)
            rolled = rolled or was_rolled
        total = sum(values) + dice.modifier
        return Roll(dice, tuple(values), total, ways_at_least(dice, total)), rolled

    def finish(self) -> None:
        """Refuse faces nobody used."""
        if self.given:
            left = " ".join(str(v) for v in self.given)
            raise InputError(f"--die: {len(self.given)} more than needed given ({left})")
