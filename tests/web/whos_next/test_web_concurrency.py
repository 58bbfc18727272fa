"""Many phones reporting kills at once: every kill applied once, none lost, the ring one cycle."""

from __future__ import annotations

import threading

import pytest

from companion.whos_next.ring import cycle, is_single_cycle

pytestmark = pytest.mark.slow  # concurrency stress

PLAYERS = 40
THREADS = 40


def test_concurrent_kill_reports_are_applied_exactly_once(site):
    names = [f"P{i:02d}" for i in range(PLAYERS)]
    site.new_game(names)
    ring = site.ring()
    order = cycle(ring)
    # Every second player kills his victim: these kills are valid in any order, so every one
    # must land. Each is reported twice (two phones), so exactly one copy must be refused.
    kills = [(order[i], order[i + 1]) for i in range(0, PLAYERS, 2)]
    seats = {name: i for i, name in enumerate(ring.players)}
    reports = [pair for pair in kills for _ in range(2)]
    statuses: list[int] = []
    barrier = threading.Barrier(THREADS)
    lock = threading.Lock()

    def report(index: int) -> None:
        client = site.app.test_client()
        barrier.wait()
        for killer, victim in reports[index::THREADS]:
            answer = site.post_with(client, "kill", killer=seats[killer], victim=seats[victim])
            with lock:
                statuses.append(answer.status_code)

    threads = [threading.Thread(target=report, args=(i,)) for i in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert statuses == [302] * len(reports)
    after = site.ring()
    assert len(after.deaths) == len(kills)  # nothing lost, nothing doubled
    assert sorted(d.dead for d in after.deaths) == sorted(v for _, v in kills)
    assert is_single_cycle(dict(after.victims))
    assert sorted(after.victims) == sorted(k for k, _ in kills)
    for killer, victim in kills:
        assert after.victims[killer] == ring.victims[victim]


def test_the_cli_and_the_server_kill_on_one_file_at_once(site):
    """Half the kills come from the web, half from `Store` (what `havoc ring kill` runs) in
    other threads with their own connections, all at once: all land, once each."""
    from companion.whos_next.store import Store

    names = [f"Q{i:02d}" for i in range(24)]
    site.new_game(names)
    ring = site.ring()
    order = cycle(ring)
    kills = [(order[i], order[i + 1]) for i in range(0, len(order), 2)]
    seats = {name: i for i, name in enumerate(ring.players)}
    barrier = threading.Barrier(len(kills))
    failures: list[BaseException] = []

    def by_web(killer: str, victim: str) -> None:
        client = site.app.test_client()
        barrier.wait()
        answer = site.post_with(client, "kill", killer=seats[killer], victim=seats[victim])
        if answer.status_code != 302:
            failures.append(AssertionError(answer.status_code))

    def by_cli(killer: str, victim: str) -> None:
        barrier.wait()
        try:
            with Store(site.game) as store:
                store.kill(killer, victim)
        except BaseException as error:  # reported below
            failures.append(error)

    threads = [
        threading.Thread(target=by_web if i % 2 else by_cli, args=pair)
        for i, pair in enumerate(kills)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not failures
    after = site.ring()
    assert sorted(d.dead for d in after.deaths) == sorted(v for _, v in kills)
    assert is_single_cycle(dict(after.victims))
