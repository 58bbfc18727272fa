"""The SQLite game store: same results as the pure ring, exact undo, safe under threads and
kill -9, and clear refusals for files that are not games."""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.errors import DataError, InputError
from companion.whos_next import ring as R
from companion.whos_next.store import NO_GAME, Store, default_game_path
from tests.companion.whos_next.test_ring import TABLE, check_invariants, dice, games, play

NAMES = [f"P{i:02}" for i in range(40)]


def new_store(path: Path, n: int = 8, seed: int = 1) -> Store:
    store = Store(path, create=True)
    store.new_game(NAMES[:n], random.Random(seed))
    return store


def replay(ring: R.Ring) -> R.Ring:
    """The ring's deaths applied one by one to its start: must give the ring itself."""
    start = ring
    while start.deaths:
        start, _ = R.undo(start)
    for death in ring.deaths:
        start = R.apply(start, death)
    return start


# --------------------------------------------------------------------------- same as the rules


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(games())
def test_store_matches_the_pure_ring_step_by_step(game):
    ring, steps = game
    with tempfile.TemporaryDirectory() as tmp, Store(Path(tmp) / "g.sqlite3", create=True) as s:
        s.new_game(ring.players, random.Random(0))
        # draw the same ring: rebuild it in the file from the hypothesis ring
        s.conn.execute("BEGIN IMMEDIATE")
        seat = {p: i for i, p in enumerate(ring.players)}
        for p, v in ring.victims.items():
            s.conn.execute("UPDATE players SET victim = ? WHERE seat = ?", (seat[v], seat[p]))
        s.conn.execute("COMMIT")
        assert s.load() == ring
        history = [ring]
        for step in steps:
            after = play(ring, step)
            if after is None:
                continue
            kind, *_ = step
            if kind == "undo":
                outcome = s.undo()
                history.pop()
            else:
                death = after.deaths[-1]
                if death.how == "kill":
                    outcome = s.kill(death.by.lower(), death.dead.upper())
                else:
                    flat = [f for throw in death.rolls for f in throw]
                    first = step[1] % len(R.alive(ring))
                    attacker = R.alive(ring)[first]
                    defender = death.dead if death.by == attacker else death.by
                    outcome = s.duel(
                        attacker, defender, TABLE.effect, dice(*flat), contest_at=TABLE.contest_at
                    )
                assert outcome.death == death
                history.append(after)
            ring = after
            loaded = s.load()
            assert loaded == ring == history[-1]
            assert outcome.alive == ring.alive_count()
            check_invariants(loaded)


@settings(max_examples=40, deadline=None)
@given(st.integers(3, 30).flatmap(lambda n: st.permutations(NAMES[:n])))
def test_new_with_order_stores_the_umpires_ring(order):
    with tempfile.TemporaryDirectory() as tmp, Store(Path(tmp) / "g.sqlite3", create=True) as s:
        ring, note = s.new_game(order, order=True)
        assert note is None and s.load() == ring == R.arranged_ring(order)
        assert [s.victim(p)[1] for p in order] == [*order[1:], order[0]]
        assert s.names() == sorted(order) and s.names(alive_only=True) == sorted(order)
        s.kill(order[0], order[1])
        assert s.names(alive_only=True) == sorted(order[2:] + [order[0]])
        check_invariants(s.load())


def test_undo_walks_back_to_the_draw(tmp_path):
    store = new_store(tmp_path / "g.sqlite3", 6)
    states = [store.load()]
    while store.load().alive_count() > 1:
        killer = R.alive(states[-1])[0]
        store.kill(killer, store.victim(killer)[1])
        states.append(store.load())
    assert store.load().winner() is not None
    while len(states) > 1:
        states.pop()
        store.undo()
        assert store.load() == states[-1]
    with pytest.raises(InputError, match="nothing to undo"):
        store.undo()


def test_refusals_leave_the_file_untouched(tmp_path):
    store = new_store(tmp_path / "g.sqlite3", 5)
    before = store.load()
    killer = before.players[0]
    wrong = next(p for p in before.players if p not in (killer, before.victims[killer]))
    for attempt, message in [
        (lambda: store.kill(killer, wrong), f"{wrong} is not {killer}'s victim"),
        (lambda: store.kill("nobody", killer), "no player named 'nobody'"),
        (
            lambda: store.duel(
                killer, killer.lower(), TABLE.effect, dice(1), contest_at=TABLE.contest_at
            ),
            "himself",
        ),
        (lambda: store.new_game(["A", "B", "C"]), "a game is in progress"),
    ]:
        with pytest.raises(InputError, match=message):
            attempt()
        assert store.load() == before
    # dice that run out mid-duel: nothing is written
    store.kill(killer, before.victims[killer])
    store.kill(killer, store.victim(killer)[1])
    mid = store.load()
    a, b = R.alive(mid)[:2]
    with pytest.raises(StopIteration):
        store.duel(a, b, TABLE.effect, dice(3, 3), contest_at=TABLE.contest_at)
    assert store.load() == mid


def test_new_with_force_replaces_and_a_finished_game_is_never_replaced_silently(tmp_path):
    store = new_store(tmp_path / "g.sqlite3", 5)
    _, note = store.new_game(["A", "B", "C"], force=True)
    assert "in progress (5 of 5 alive)" in note
    assert store.load().players == ("A", "B", "C")
    while (ring := store.load()).winner() is None:
        store.kill(R.alive(ring)[0], ring.victims[R.alive(ring)[0]])
    finished = store.load()
    with pytest.raises(
        InputError, match=r"over and keeps its scores: it is replaced only when asked"
    ):
        store.new_game(["X", "Y", "Z", "W"])
    assert store.load() == finished  # the finished game, its scores with it, is untouched
    _, note = store.new_game(["X", "Y", "Z", "W"], force=True)
    assert "replaced the finished game" in note
    with pytest.raises(InputError, match="nothing to undo"):
        store.undo()


# --------------------------------------------------------------------------- the file itself


def test_default_game_file_is_in_the_user_data_directory(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert default_game_path() == tmp_path / "xdg" / "havoc-kit" / "whos-next.sqlite3"
    with pytest.raises(InputError, match="no game"):
        Store()
    assert not default_game_path().exists()  # only `ring new` creates it
    with Store(create=True) as store:
        store.new_game(["A", "B", "C"])
    assert default_game_path().is_file()
    monkeypatch.delenv("XDG_DATA_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert default_game_path() == tmp_path / "home/.local/share/havoc-kit/whos-next.sqlite3"


def test_files_that_are_not_games(tmp_path):
    text = tmp_path / "notes.txt"
    text.write_text("shopping list\n" * 200)
    other = tmp_path / "other.sqlite3"
    with sqlite3.connect(other) as conn:
        conn.execute("CREATE TABLE t (x)")
    for path in (text, other):
        for create in (False, True):
            with pytest.raises(DataError, match="not a Havoc Kit game database"):
                Store(path, create=create)
    assert text.read_text().startswith("shopping list")  # untouched
    with pytest.raises(InputError, match="is a directory"):
        Store(tmp_path)
    with pytest.raises(InputError) as err:
        Store(tmp_path / "missing.sqlite3")
    assert str(err.value) == NO_GAME
    empty = tmp_path / "empty.sqlite3"
    empty.touch()
    with pytest.raises(InputError, match="no game"):
        Store(empty)


def test_file_from_a_newer_kit_is_refused(tmp_path):
    new_store(tmp_path / "g.sqlite3").close()
    with sqlite3.connect(tmp_path / "g.sqlite3") as conn:
        conn.execute("PRAGMA user_version = 99")
    with pytest.raises(DataError, match="newer Havoc Kit"):
        Store(tmp_path / "g.sqlite3")


def test_a_damaged_ring_is_reported(tmp_path):
    store = new_store(tmp_path / "g.sqlite3", 6)
    ring = store.load()
    a = ring.players[0]
    b = ring.victims[a]
    # make a two-player loop: a's victim's victim is a again
    seat = {p: i for i, p in enumerate(ring.players)}
    store.conn.execute("UPDATE players SET victim = ? WHERE seat = ?", (seat[a], seat[b]))
    with pytest.raises(DataError, match="not one cycle"):
        store.load()


def test_a_ring_that_is_not_one_cycle_accepts_no_kill(tmp_path, havoc):
    """Issue 17 item 13: two loops in the file; a kill inside one of them is refused."""
    path = tmp_path / "g.sqlite3"
    new_store(path, 6).close()
    with sqlite3.connect(path) as conn:  # split the ring: 0->1->2->0 and 3->4->5->3
        for seat, victim in enumerate([1, 2, 0, 4, 5, 3]):
            conn.execute("UPDATE players SET victim = ? WHERE seat = ?", (victim, seat))
    with Store(path) as store, pytest.raises(DataError, match="not one cycle"):
        store.kill(NAMES[0], NAMES[1])
    result = havoc("ring", "kill", NAMES[0], NAMES[1], "--game", path)
    assert result.exit_code == 2 and result.output.count("\n") == 1
    assert "not one cycle" in result.output


def test_invalid_json_in_the_history_is_one_line(tmp_path, havoc):
    path = tmp_path / "g.sqlite3"
    with new_store(path, 6) as store:
        killer = store.load().players[0]
        store.kill(killer, store.victim(killer)[1])
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE history SET rolls = '[[1, oops' WHERE op = 'death'")
    for args in (["status"], ["scores"], ["undo"]):
        result = havoc("ring", *args, "--game", path)
        assert result.exit_code == 2, (args, result.output)
        assert result.output.count("\n") == 1 and "dice are not a list" in result.output


# --------------------------------------------------------------------------- concurrency


def test_eight_threads_reporting_kills_at_once(tmp_path):
    path = tmp_path / "g.sqlite3"
    new_store(path, 40, seed=7).close()
    killers = [NAMES[:40][i::8] for i in range(8)]
    done: list[R.Death] = []
    refused: list[str] = []
    lock = threading.Lock()
    start = threading.Barrier(8)

    def worker(mine: list[str]) -> None:
        with Store(path) as store:
            start.wait()
            for _ in range(30):
                for killer in mine:
                    try:
                        _, victim = store.victim(killer)
                        outcome = store.kill(killer, victim)
                    except InputError as exc:  # dead meanwhile, or the game is over
                        with lock:
                            refused.append(str(exc))
                        continue
                    with lock:
                        done.append(outcome.death)

    threads = [threading.Thread(target=worker, args=(k,)) for k in killers]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    with Store(path) as store:
        ring = store.load()
    check_invariants(ring)
    assert ring.winner() is not None  # they played it to the end
    assert sorted(d.number for d in done) == list(range(1, 40))  # none lost, none doubled
    assert sorted(done, key=lambda d: d.number) == list(ring.deaths)
    assert replay(ring) == ring
    assert refused and all(("is dead" in m or "game is over" in m) for m in refused)


def test_the_same_kill_reported_eight_times_counts_once(tmp_path):
    path = tmp_path / "g.sqlite3"
    with new_store(path, 10) as store:
        killer = store.load().players[0]
        victim = store.victim(killer)[1]
    results: list[str] = []
    start = threading.Barrier(8)

    def worker() -> None:
        with Store(path) as store:
            start.wait()
            try:
                store.kill(killer, victim)
                results.append("ok")
            except InputError as exc:
                results.append(str(exc))

    threads = [threading.Thread(target=worker) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results.count("ok") == 1
    assert results.count(f"{victim} is dead") == 7
    with Store(path) as store:
        assert len(store.load().deaths) == 1


# --------------------------------------------------------------------------- kill -9


# The CLI in a child process whose store pauses between writing a change and committing it
# (after creating the file named by argv[1]), so a test can kill -9 it inside the transaction.
PAUSING_CLI = """
import os, sys, time
from pathlib import Path
from companion.whos_next.store import Store
marker, pause = sys.argv[1], float(sys.argv[2])
commit = Store._commit
def paused(self):
    if self.conn.in_transaction and self.conn.total_changes:
        Path(marker).write_text(str(os.getpid()))
        time.sleep(pause)
    commit(self)
Store._commit = paused
sys.argv[1:3] = []
from companion.cli import main
sys.exit(main())
"""


def havoc_process(args: list[str], pause: tuple[Path, float] | None = None) -> subprocess.Popen:
    if pause is None:
        command = ["-c", "import sys; from companion.cli import main; sys.exit(main())", *args]
    else:
        command = ["-c", PAUSING_CLI, str(pause[0]), str(pause[1]), *args]
    return subprocess.Popen(
        [sys.executable, *command],
        env=dict(os.environ),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )


def kill_inside_transaction(tmp_path: Path, args: list[str]) -> None:
    marker = tmp_path / "inside"
    marker.unlink(missing_ok=True)
    proc = havoc_process(args, (marker, 60))
    deadline = time.monotonic() + 30
    while not marker.exists():
        assert proc.poll() is None, proc.stderr.read().decode()
        assert time.monotonic() < deadline, "the command never reached its transaction"
        time.sleep(0.02)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    assert proc.returncode == -signal.SIGKILL


@pytest.mark.slow
def test_kill_9_inside_a_transaction_leaves_the_state_before(tmp_path):
    path = tmp_path / "g.sqlite3"
    with new_store(path, 6) as store:
        killer = store.load().players[0]
        victim = store.victim(killer)[1]
        store.kill(killer, victim)
        before = store.load()
    others = [p for p in R.alive(before) if p != killer]
    for args in (
        ["ring", "kill", killer, before.victims[killer], "--game", str(path)],
        ["ring", "duel", others[0], others[1], "--die", "6", "--game", str(path)],
        ["ring", "undo", "1", "--game", str(path)],
        ["ring", "new", "A", "B", "C", "--force", "--game", str(path)],
    ):
        kill_inside_transaction(tmp_path, args)
        with Store(path) as store:  # the next open recovers the journal
            assert store.load() == before, args
    # and without the pause the same command goes through
    proc = havoc_process(["ring", "undo", "1", "--game", str(path)])
    assert proc.wait() == 0
    with Store(path) as store:
        assert len(store.load().deaths) == 0


SCRIPT = """
import random, sys
from companion.whos_next.store import Store
from companion.whos_next import ring as R
from companion.data import Cards
from companion.whos_next.duel_scoring import load_attack_table
table = load_attack_table(Cards())
rng = random.Random(int(sys.argv[2]))
print("ready", flush=True)
while True:
    with Store(sys.argv[1]) as store:
        ring = store.load()
        if ring.winner() is not None or (ring.deaths and rng.random() < 0.3):
            store.undo()
            continue
        alive = R.alive(ring)
        a = rng.choice(alive)
        if rng.random() < 0.5:
            store.kill(a, ring.victims[a])
        else:
            b = rng.choice([p for p in alive if p != a])
            store.duel(a, b, table.effect, lambda: rng.randint(1, 6), contest_at=table.contest_at)
"""


@pytest.mark.slow
def test_kill_9_at_random_moments_never_leaves_half_a_death(tmp_path):
    path = tmp_path / "g.sqlite3"
    new_store(path, 30).close()
    rng = random.Random(3)
    for round_ in range(6):
        proc = subprocess.Popen(
            [sys.executable, "-c", SCRIPT, str(path), str(round_)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        assert proc.stdout.readline() == b"ready\n", proc.stderr.read().decode()
        time.sleep(rng.uniform(0.05, 0.4))
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        with Store(path) as store:
            ring = store.load()  # checks one cycle; a half kill would break it
        check_invariants(ring)
        assert replay(ring) == ring


def test_a_new_game_file_is_readable_by_its_owner_only(tmp_path):
    new_store(tmp_path / "g.sqlite3").close()
    assert (tmp_path / "g.sqlite3").stat().st_mode & 0o777 == 0o600


def test_undo_of_a_named_death_is_refused_once_it_is_undone(tmp_path):
    with new_store(tmp_path / "g.sqlite3", 6) as store:
        for _ in range(2):
            killer = R.alive(store.load())[0]
            store.kill(killer, store.victim(killer)[1])
        assert store.undo(2).death.number == 2
        with pytest.raises(InputError, match="death 2 is already undone"):
            store.undo(2)
        assert len(store.load().deaths) == 1


def test_a_reused_connection_never_outlives_its_file(tmp_path):
    """The web's stores (reuse=True) keep this thread's connection idle between requests; a
    game file replaced on disk is opened afresh, never read through the old connection."""
    path, other = tmp_path / "g.sqlite3", tmp_path / "other.sqlite3"
    new_store(path, 4).close()
    first = Store(path, reuse=True)
    conn = first.conn
    first.close()
    again = Store(path, reuse=True)
    assert again.conn is conn  # the idle connection, taken again
    again.close()
    with Store(other, create=True) as store:
        store.new_game(["X", "Y", "Z"])
    os.replace(other, path)
    replaced = Store(path, reuse=True)
    assert replaced.conn is not conn and replaced.load().players == ("X", "Y", "Z")
    replaced.close()


def test_a_reused_connection_checks_the_files_header_again_once_another_changed_it(tmp_path):
    """A store on an idle connection skips the header read at open (the file passed it); the
    first read after another connection changed the file reads the header again: a file a
    newer kit has since upgraded in place is refused as a fresh open would refuse it, and
    the connection left idle afterwards reads the file once it is back."""
    path = tmp_path / "g.sqlite3"
    new_store(path, 4).close()
    first = Store(path, reuse=True)
    assert len(first.load().players) == 4
    first.close()
    with sqlite3.connect(path) as conn:  # a newer kit's upgrade, in place (same file)
        conn.execute("PRAGMA user_version = 99")
    with pytest.raises(DataError, match="newer Havoc Kit"):
        with Store(path, reuse=True) as again:  # on the idle connection
            again.load()
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA user_version = 1")
    with Store(path, reuse=True) as back:
        assert len(back.load().players) == 4


def test_a_game_file_in_a_folder_that_does_not_exist_is_refused_not_made(tmp_path, havoc):
    wanted = tmp_path / "no" / "such" / "g.sqlite3"
    result = havoc("ring", "-g", wanted, "new", "Ann", "Bob", "Cat")
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [
        f"havoc: error: cannot create the game file {wanted}: the folder {wanted.parent} does "
        "not exist (make it first, or give another file)"
    ]
    assert not (tmp_path / "no").exists()


def test_the_default_game_file_s_folder_is_made_on_a_fresh_machine(tmp_path, monkeypatch, havoc):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "fresh" / "share"))
    assert havoc("ring", "new", "Ann", "Bob", "Cat").exit_code == 0
    assert (tmp_path / "fresh" / "share" / "havoc-kit" / "whos-next.sqlite3").is_file()
