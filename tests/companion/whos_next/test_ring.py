"""The Who's Next ring as pure functions: one cycle always, exact undo, the rules' refusals."""

from __future__ import annotations

import itertools
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.data import Cards
from companion.errors import InputError
from companion.whos_next import ring as R
from companion.whos_next.duel_scoring import load_attack_table

TABLE = load_attack_table(Cards())
NAMES = [f"P{i}" for i in range(40)]


def dice(*faces: int):
    it = iter(faces)
    return lambda: next(it)


def check_invariants(ring: R.Ring) -> None:
    alive = R.alive(ring)
    assert set(ring.victims) == set(alive)
    assert R.is_single_cycle(ring.victims)
    assert len(R.cycle(ring)) == len(alive)
    assert len(alive) + len(ring.deaths) == len(ring.players)
    assert [d.number for d in ring.deaths] == list(range(1, len(ring.deaths) + 1))
    assert {d.dead for d in ring.deaths}.isdisjoint(alive)
    assert sum(own + other for own, other in R.kills(ring).values()) == len(ring.deaths)


# --------------------------------------------------------------------------- drawing the ring


@given(st.integers(3, 60), st.integers(0, 2**32))
def test_new_ring_is_one_cycle_over_everyone(n, seed):
    ring = R.new_ring(NAMES[:n] if n <= 40 else [f"Q{i}" for i in range(n)], random.Random(seed))
    assert len(ring.victims) == n
    assert all(hunter != victim for hunter, victim in ring.victims.items())
    assert R.is_single_cycle(ring.victims)
    check_invariants(ring)


def test_new_ring_reaches_every_single_cycle_and_nothing_else():
    # 4 players: there are 3! = 6 single cycles and 9 derangements (3 of them two 2-loops).
    seen = {
        tuple(sorted(R.new_ring("ABCD", random.Random(seed)).victims.items()))
        for seed in range(400)
    }
    cycles = set()
    for perm in itertools.permutations("BCD"):
        order = ("A", *perm)
        cycles.add(tuple(sorted((order[i], order[(i + 1) % 4]) for i in range(4))))
    assert seen == cycles


def test_new_ring_uses_the_system_source_by_default():
    assert R.is_single_cycle(R.new_ring(["Ann", "Bob", "Cat", "Dan"]).victims)


@given(st.integers(3, 60).flatmap(lambda n: st.permutations([f"Q{i}" for i in range(n)])))
def test_arranged_ring_is_the_order_given_and_one_cycle(order):
    ring = R.arranged_ring(order)
    assert [ring.victims[p] for p in order] == [*order[1:], order[0]]
    assert R.cycle(ring, order[0]) == list(order)
    assert R.is_single_cycle(ring.victims)
    assert list(ring.players) == sorted(order, key=R.name_key)  # never the ring order
    check_invariants(ring)


@pytest.mark.parametrize(
    "names, message",
    [
        (["A", "B"], "at least 3 players"),
        (["A", "B", "a"], "duplicate player name 'a'"),
        (["A", "B", " "], "cannot be blank"),
    ],
)
def test_arranged_ring_refuses_what_a_draw_refuses(names, message):
    with pytest.raises(InputError, match=re.escape(message)):
        R.arranged_ring(names)


def test_is_single_cycle_rejects_two_loops():
    assert not R.is_single_cycle({"A": "B", "B": "A", "C": "D", "D": "C"})
    assert R.is_single_cycle({"A": "B", "B": "C", "C": "D", "D": "A"})


@pytest.mark.parametrize(
    "names, message",
    [
        (["Ann", "Bob"], "at least 3 players"),
        (["Ann", "Bob", "ann"], "duplicate player name 'ann' (same as 'Ann')"),
        (["Ann", "Bob", "ANN "], "duplicate"),
        (["Ann", "Bob", "  "], "blank"),
        (["Ann", "Bob", "x" * 31], "longer than"),
        (["Ann", "Bob", "C  at"], None),  # runs of spaces are folded: "C at" is fine
        (["Ann", "Bob", "C\tat"], "control character"),
        (["Ann", "Bob", "C\nat"], "control character"),
        (["Ann", "Bob", "Cat\r"], "control character"),
        (["Ann", "Bob", "C\u2028at"], "control character"),
        ([f"P{i}" for i in range(R.MAX_PLAYERS + 1)], f"at most {R.MAX_PLAYERS:,} players"),
    ],
)
def test_bad_player_lists_are_refused(names, message):
    if message is None:
        assert R.check_names(names)[2] == "C at"
        return
    with pytest.raises(InputError, match=re.escape(message)):
        R.new_ring(names)


# --------------------------------------------------------------------------- the rules


def small_ring() -> R.Ring:
    """Ann -> Bob -> Cat -> Dan -> Eve -> Ann."""
    names = ("Ann", "Bob", "Cat", "Dan", "Eve")
    return R.Ring(names, {p: names[(i + 1) % 5] for i, p in enumerate(names)})


def test_killer_inherits_his_victims_victim():
    ring = R.kill(small_ring(), "ann", "BOB")  # names in any case
    assert ring.victims["Ann"] == "Cat"
    assert "Bob" not in ring.victims
    death = ring.deaths[-1]
    assert (death.dead, death.by, death.hunter, death.inherited) == ("Bob", "Ann", "Ann", "Cat")
    assert death.own_victim and death.how == "kill"


def test_any_death_hands_the_slip_to_the_hunter():
    # Dan attacks Ann (not his victim) and rolls a 6: Dan dies; Cat hunted Dan, gets Eve.
    ring = R.duel(small_ring(), "Dan", "Ann", TABLE.effect, dice(6), contest_at=TABLE.contest_at)
    death = ring.deaths[-1]
    assert (death.dead, death.by, death.hunter, death.inherited) == ("Dan", "Ann", "Cat", "Eve")
    assert ring.victims["Cat"] == "Eve"
    assert not death.own_victim  # Dan was not Ann's victim
    check_invariants(ring)


@pytest.mark.parametrize("face", range(1, 7))
def test_duel_follows_the_attack_table(face):
    ring = R.duel(small_ring(), "Ann", "Cat", TABLE.effect, dice(face), contest_at=TABLE.contest_at)
    dead = ring.deaths[-1].dead
    expected = "Cat" if TABLE.effect(face) == R.DEFENDER_DIES else "Ann"
    assert dead == expected
    # the rulebook: "on a 1 to 5 you kill him, on a six he kills you!"
    assert dead == ("Ann" if face == 6 else "Cat")
    assert ring.deaths[-1].rolls == ((face,),)


def test_duel_uses_whatever_table_it_is_given():
    inverted = {f: R.ATTACKER_DIES if f < 6 else R.DEFENDER_DIES for f in range(1, 7)}
    ring = R.duel(
        small_ring(), "Ann", "Cat", inverted.__getitem__, dice(6), contest_at=TABLE.contest_at
    )
    assert ring.deaths[-1].dead == "Cat"


def test_three_left_both_roll_highest_wins_ties_again():
    ring = R.kill(R.kill(small_ring(), "Ann", "Bob"), "Ann", "Cat")  # Ann, Dan, Eve left
    assert ring.alive_count() == 3
    after = R.duel(
        ring, "Ann", "Eve", TABLE.effect, dice(4, 4, 6, 6, 2, 5), contest_at=TABLE.contest_at
    )
    death = after.deaths[-1]
    assert death.rolls == ((4, 4), (6, 6), (2, 5))
    assert (death.dead, death.by) == ("Ann", "Eve")  # attacker rolled 2, defender 5


def test_three_left_highest_wins():
    ring = R.kill(R.kill(small_ring(), "Ann", "Bob"), "Ann", "Cat")
    assert (
        R.duel(ring, "Ann", "Eve", TABLE.effect, dice(6, 1), contest_at=TABLE.contest_at)
        .deaths[-1]
        .dead
        == "Eve"
    )
    assert (
        R.duel(ring, "Ann", "Eve", TABLE.effect, dice(1, 6), contest_at=TABLE.contest_at)
        .deaths[-1]
        .dead
        == "Ann"
    )
    # one die on the table never decides once three are left: a single 6 is not enough
    with pytest.raises(StopIteration):
        R.duel(ring, "Ann", "Eve", TABLE.effect, dice(6), contest_at=TABLE.contest_at)


def test_last_one_standing_ends_the_game():
    ring = small_ring()
    while ring.alive_count() > 1:
        killer = R.alive(ring)[0]
        ring = R.kill(ring, killer, ring.victims[killer])
    winner = ring.winner()
    assert winner is not None and ring.victims == {winner: winner}
    for attempt in (
        lambda: R.kill(ring, winner, "Bob"),
        lambda: R.duel(ring, winner, "Bob", TABLE.effect, dice(1), contest_at=TABLE.contest_at),
        lambda: R.victim(ring, winner),
    ):
        with pytest.raises(
            InputError, match=f"the game is over \\({winner} is the last one standing\\)"
        ):
            attempt()


@pytest.mark.parametrize(
    "killer, victim, message",
    [
        ("Zed", "Bob", "no player named 'Zed'"),
        ("Ann", "Zed", "no player named 'Zed'"),
        ("Ann", "Ann", "Ann cannot attack himself"),
        ("Ann", "Cat", "^Cat is not Ann's victim$"),
        ("Bob", "Ann", "^Ann is not Bob's victim$"),
    ],
)
def test_refused_kills(killer, victim, message):
    ring = small_ring()
    with pytest.raises(InputError, match=message):
        R.kill(ring, killer, victim)


def test_the_dead_cannot_kill_or_be_killed():
    ring = R.kill(small_ring(), "Ann", "Bob")
    with pytest.raises(InputError, match="^Bob is dead$"):
        R.kill(ring, "Bob", "Cat")
    with pytest.raises(InputError, match="^Bob is dead$"):
        R.duel(ring, "Eve", "bob", TABLE.effect, dice(1), contest_at=TABLE.contest_at)
    with pytest.raises(InputError, match="^Bob is dead$"):
        R.victim(ring, "Bob")


def test_wrong_victim_does_not_name_the_real_one():
    with pytest.raises(InputError) as err:
        R.kill(small_ring(), "Ann", "Cat")
    assert "Bob" not in str(err.value)


def test_undo_with_no_deaths_is_refused():
    with pytest.raises(InputError, match="nothing to undo"):
        R.undo(small_ring())


# --------------------------------------------------------------------------- property


@st.composite
def games(draw):
    """A ring and a sequence of (kind, picks) steps to play on it."""
    n = draw(st.integers(3, 12))
    seed = draw(st.integers(0, 2**32))
    steps = draw(
        st.lists(
            st.tuples(
                st.sampled_from(["kill", "duel", "duel", "undo"]),
                st.integers(0, 10**6),
                st.integers(0, 10**6),
                st.lists(st.integers(1, 6), min_size=12, max_size=12),
            ),
            max_size=30,
        )
    )
    if draw(st.booleans()):  # the umpire's own order (`ring new --order`)
        return R.arranged_ring(draw(st.permutations(NAMES[:n]))), steps
    return R.new_ring(NAMES[:n], random.Random(seed)), steps


def play(ring: R.Ring, step) -> R.Ring | None:
    """One step, or None when the step is not possible now (game over, nothing to undo)."""
    kind, a, b, faces = step
    alive = R.alive(ring)
    if kind == "undo":
        return R.undo(ring)[0] if ring.deaths else None
    if len(alive) < 2:
        return None
    attacker = alive[a % len(alive)]
    if kind == "kill":
        return R.kill(ring, attacker, ring.victims[attacker])
    others = [p for p in alive if p != attacker]
    # a duel of all ties would need more dice: append a decisive pair
    return R.duel(
        ring,
        attacker,
        others[b % len(others)],
        TABLE.effect,
        dice(*faces, 6, 1),
        contest_at=TABLE.contest_at,
    )


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(games())
def test_ring_stays_one_cycle_and_undo_is_exact(game):
    ring, steps = game
    history = [ring]
    for step in steps:
        after = play(ring, step)
        if after is None:
            continue
        if step[0] == "undo":
            history.pop()
            assert after == history[-1]  # exactly the state before the last death
        else:
            history.append(after)
        ring = after
        check_invariants(ring)
    # undo all the way back to the draw
    while ring.deaths:
        ring, _ = R.undo(ring)
    assert ring == history[0]


@pytest.mark.parametrize(
    ("names", "words"),
    [
        (["Ann", "\u0410nn", "Bob"], "looks just like 'Ann'"),  # Cyrillic A
        (["Ann", "Bob", "\u0392ob"], "looks just like 'Bob'"),  # Greek B
        (["\uff21nn", "Ann", "Bob"], "looks just like"),  # full-width A (NFKC)
        (["Bob", "B0b", "Cat"], "looks just like 'Bob'"),
        (["Ann", "Bob", "\u3164"], "shows blank"),  # Hangul filler
        (["Ann", "Bob", "\u2800\u2800"], "shows blank"),  # braille blank
        (["Ann", "Bob", "\u0301"], "shows blank"),  # a lone accent
    ],
)
def test_look_alike_and_blank_names_are_refused(names, words):
    with pytest.raises(InputError, match=re.escape(words)):
        R.check_names(names)


def test_names_that_differ_to_the_eye_are_kept():
    assert R.check_names(["Zoë", "Zoe", "Chloé"]) == ["Zoë", "Zoe", "Chloé"]
