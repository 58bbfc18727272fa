"""Dice: the parser's caps, exact chances against brute force, and a chi-square of seeded rolls."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from companion import dice
from companion.errors import InputError
from tests.conftest import sweep


def brute_force(count: int, sides: int, modifier: int = 0) -> Counter:
    """Every throw enumerated: total → number of throws."""
    return Counter(
        sum(faces) + modifier for faces in itertools.product(range(1, sides + 1), repeat=count)
    )


SMALL = [(1, 1), (1, 6), (2, 6), (3, 6), (4, 6), (1, 10), (2, 10), (3, 4), (5, 3), (2, 1)]


@pytest.mark.parametrize("count,sides", SMALL)
@pytest.mark.parametrize("modifier", [0, 3, -2])
def test_distribution_matches_brute_force(count: int, sides: int, modifier: int) -> None:
    expr = dice.Dice("x", count, sides, modifier)
    assert dice.distribution(expr) == dict(brute_force(count, sides, modifier))


@pytest.mark.parametrize("count,sides", SMALL)
@pytest.mark.parametrize("modifier", [0, 1, -3])
def test_chance_at_least_matches_brute_force(count: int, sides: int, modifier: int) -> None:
    expr = dice.Dice("x", count, sides, modifier)
    counts = brute_force(count, sides, modifier)
    for total in range(expr.lowest - 2, expr.highest + 3):
        expected = sum(n for t, n in counts.items() if t >= total)
        assert dice.ways_at_least(expr, total) == expected, total


def test_chance_at_least_agrees_with_convolution_for_bigger_rolls() -> None:
    for count, sides in [(30, 6), (12, 10), (50, 2)]:
        expr = dice.Dice("x", count, sides)
        dist = dice.distribution(expr)
        for total in range(expr.lowest, expr.highest + 1, 7):
            assert dice.ways_at_least(expr, total) == sum(n for t, n in dist.items() if t >= total)


def test_the_most_dice_allowed_still_get_an_exact_chance() -> None:
    expr = dice.parse("1000d1000")
    assert dice.ways_at_least(expr, 1000) == expr.outcomes
    assert dice.ways_at_least(expr, 1_000_000) == 1
    assert dice.ways_at_least(expr, 1_000_001) == 0


def _fields(d: dice.Dice) -> tuple:
    return d.text, d.count, d.sides, d.modifier, d.parts()


def test_parse_forms() -> None:
    assert _fields(dice.parse("d6")) == ("d6", 1, 6, 0, ((1, 6, 1),))
    assert _fields(dice.parse("2d6")) == ("2d6", 2, 6, 0, ((2, 6, 1),))
    assert _fields(dice.parse("3D6+1")) == ("3D6+1", 3, 6, 1, ((3, 6, 1),))
    assert _fields(dice.parse("2d10-3")) == ("2d10-3", 2, 10, -3, ((2, 10, 1),))
    # spaces around the signs, several terms, numbers anywhere
    assert _fields(dice.parse(" 2d6 + 1 ")) == ("2d6+1", 2, 6, 1, ((2, 6, 1),))
    assert _fields(dice.parse("2d6+1d4-1")) == ("2d6+1d4-1", 3, 0, -1, ((2, 6, 1), (1, 4, 1)))
    assert dice.parse("2d6 - 1d4").parts() == ((2, 6, 1), (1, 4, -1))
    assert dice.parse("1+2d6+1d6-3").parts() == ((3, 6, 1),)  # alike dice are one term
    assert dice.parse("1+2d6+1d6-3").modifier == -2


def _brute(spec: list[tuple[int, int, int]], modifier: int) -> dict[int, int]:
    import itertools
    from collections import Counter

    dies = [(s, sign) for n, s, sign in spec for _ in range(n)]
    out: Counter[int] = Counter()
    for values in itertools.product(*(range(1, s + 1) for s, _ in dies)):
        out[sum(v * sign for v, (_, sign) in zip(values, dies, strict=True)) + modifier] += 1
    return dict(out)


@pytest.mark.parametrize("text", ["2d6+1d4-1", "2d6-1d4", "d8+d6+d4+2", "3d4-2d3+5"])
def test_sums_of_terms_are_counted_exactly(text: str) -> None:
    expr = dice.parse(text)
    brute = _brute(list(expr.parts()), expr.modifier)
    assert dice.distribution(expr) == brute
    assert sum(brute.values()) == expr.outcomes
    for total in range(expr.lowest - 1, expr.highest + 2):
        assert dice.ways_at_least(expr, total) == sum(w for t, w in brute.items() if t >= total)
    r = dice.roll(expr, random.Random(3))
    dies = expr.die_sides()
    assert (
        r.total
        == sum(v * sign for v, (_, sign) in zip(r.values, dies, strict=True)) + expr.modifier
    )
    assert all(1 <= v <= s for v, (s, _) in zip(r.values, dies, strict=True))


def test_the_dice_cap_counts_every_term() -> None:
    assert dice.parse("600d2+400d3").count == 1000  # within the cap ...
    with pytest.raises(InputError, match="too many dice"):
        dice.parse("600d2+401d3")  # ... and one more is refused
    with pytest.raises(InputError, match="in all"):
        dice.parse_all(["500d2+499d3", "2d6"])


@pytest.mark.parametrize(
    "text,words",
    [
        ("99999999999d6", "too many dice"),
        ("1000000d1000000", "too many dice"),
        ("1001d6", "too many dice"),
        ("d1001", "too many sides"),
        ("2d" + "9" * 5000, "too many sides"),
        ("2d6+" + "9" * 5000, "modifier too large"),
        ("0d6", "at least one die"),
        ("2d0", "at least one side"),
        ("2x6", "expected dice"),
        ("", "expected dice"),
        ("6", "expected dice"),
        ("2d6 1", "expected dice"),  # a space is not a sign
        ("2d6+", "expected dice"),
        ("2d6++1", "expected dice"),
        ("1d6+99999999999d6", "too many dice"),
        ("500d6+500d4", "possible totals"),  # a sum of terms is counted exactly, so held
        ("+".join(["1d2", "1d3"] * 11), "at most 20 terms"),
    ],
)
def test_parse_refusals(text: str, words: str) -> None:
    with pytest.raises(InputError, match=words):
        dice.parse(text)


def test_one_cap_for_the_whole_command() -> None:
    assert sum(d.count for d in dice.parse_all(["500d6", "500d6"])) == 1000
    with pytest.raises(InputError, match="in all"):
        dice.parse_all(["600d6", "400d6", "d6"])


def test_oversized_distribution_is_refused_not_computed() -> None:
    with pytest.raises(InputError, match="possible totals"):
        dice.distribution(dice.parse("1000d6"))


def test_seeded_rolls_repeat_and_stay_in_range() -> None:
    expr = dice.parse("5d6+2")
    a = [dice.roll(expr, dice.make_rng(7)) for _ in range(3)]
    b = [dice.roll(expr, dice.make_rng(7)) for _ in range(3)]
    assert a == b
    for r in a:
        assert all(1 <= v <= 6 for v in r.values)
        assert r.total == sum(r.values) + 2
    assert isinstance(dice.make_rng(None), random.SystemRandom)


def test_d10_ten_is_shown_as_zero_and_counts_ten() -> None:
    rng = random.Random(0)
    expr = dice.parse("d10")
    rolls = [dice.roll(expr, rng) for _ in range(200)]
    tens = [r for r in rolls if r.values == (10,)]
    assert tens, "200 rolls of a d10 should show a ten"
    assert all(r.faces == ("0",) and r.total == 10 for r in tens)
    assert set(dice.table_faces("d10")) == {0, 1, 2, 3, 4, 5, 6, 7, 8, 9}
    assert dice.table_faces("2d6") == dict(brute_force(2, 6))


# Critical values of chi-square at p = 0.001 (standard tables).
CHI2_CRITICAL_001 = {5: 20.515, 9: 27.877, 10: 29.588}


@pytest.mark.parametrize("spec,df", sweep(("d6", 5), ("d10", 9), ("2d6", 10)))
def test_chi_square_of_100000_seeded_rolls(spec: str, df: int) -> None:
    expr = dice.parse(spec)
    rng = dice.make_rng(20260101)
    n = 100_000
    seen = Counter(dice.roll(expr, rng).total for _ in range(n))
    dist = dice.distribution(expr)
    statistic = sum(
        (seen[t] - n * ways / expr.outcomes) ** 2 / (n * ways / expr.outcomes)
        for t, ways in dist.items()
    )
    assert len(dist) - 1 == df
    assert statistic < CHI2_CRITICAL_001[df], statistic


def test_fraction_and_percent() -> None:
    assert dice.fraction(15, 36) == "5/12"
    assert dice.fraction(36, 36) == "1"
    assert dice.fraction(0, 36) == "0"
    assert dice.percent(21, 36) == "58.3%"
    assert dice.percent(1, 6**100) == "<0.01%"
    assert dice.percent(6**100 - 1, 6**100) == ">99.99%"


def test_face_runs() -> None:
    d10 = (1, 2, 3, 4, 5, 6, 7, 8, 9, 0)
    assert dice.face_runs((3, 4, 5, 6, 7, 8, 9, 0), d10) == "3-9, 0"
    assert dice.face_runs((9, 0), d10) == "9, 0"
    assert dice.face_runs((1, 3), d10) == "1, 3"
    assert dice.face_runs((-3, -2, -1), (-3, -2, -1)) == "-3 to -1"  # not "-3--1"
    assert dice.face_runs((-1, 0, 1, 2), (-1, 0, 1, 2)) == "-1 to 2"


def test_dice_source_uses_given_faces_first_then_only_seeded_rolls() -> None:
    given = dice.DiceSource([3, 0], None)
    assert given.next(6) == (3, False)
    assert given.next(10) == (10, False)  # a d10's 0 is ten
    with pytest.raises(InputError, match="more dice are needed than the 2 given"):
        given.next(6)  # real dice are never topped up with the system's
    seeded = dice.DiceSource([4], 7)
    assert seeded.next(6) == (4, False)
    rolled = [seeded.next(6) for _ in range(50)]
    assert all(was_rolled and 1 <= v <= 6 for v, was_rolled in rolled)
    again = dice.DiceSource([4], 7)
    again.next(6)
    assert [again.next(6) for _ in range(50)] == rolled
    with pytest.raises(InputError, match="^die 7: a d6 shows 1 to 6"):
        dice.DiceSource([7], None).next(6)
    with pytest.raises(InputError, match="^die 0: a d6"):
        dice.DiceSource([0], None).next(6)
    left = dice.DiceSource([1, 2, 3], None)
    left.next(6)
    with pytest.raises(InputError, match=r"2 more than needed given \(2 3\)"):
        left.finish()


def test_dice_source_roll_counts_the_chance_of_the_given_dice() -> None:
    roll, rolled = dice.DiceSource([6, 5], None).roll(dice.parse("2d6+1"))
    assert (roll.values, roll.total, rolled) == ((6, 5), 12, False)
    assert roll.ways_at_least == 3  # 11 or 12 on the dice: (5,6), (6,5), (6,6)
