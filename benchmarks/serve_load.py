"""Figures for `havoc serve`, on loopback only, bounded in time and count.

1. A player's private page and the umpire's page (a 12-player game) under 10 and 50
   concurrent keep-alive clients, side by side in the same run with a minimal Flask + waitress
   page that reads one SQLite row: requests per second and p50/p99 latency (goal: at least
   0.6x the minimal page's rate, p99 under 150 ms); then again at 50 clients while 8 more
   clients keep asking the dice page for the heavy ``1000d999`` (issue 17 item 9).
2. A fresh request's latency while 200 idle and 200 half-sent connections hang (item 8).
3. The umpire's page at 1,000 and 10,000 players: time (median of 5) and size (item 14).
4. 200 kill reports posted at once by 200 clients: how many applied, refused, lost or doubled.
5. The page weight of the combat look-up page with everything it loads (goal: under 30 KB).

Each server runs in its own child process with waitress's 8 threads; the `waitress.queue`
warnings are quieted there (they would flood the terminal while all threads are busy).
Run: python benchmarks/serve_load.py [--seconds 3] [--kills 200] [--journal wal] [--big 1000,10000]
"""

from __future__ import annotations

import argparse
import http.client
import multiprocessing
import re
import sqlite3
import statistics
import tempfile
import threading
import time
import urllib.parse
from pathlib import Path

UMPIRE = "Bench" + "x" * 22 + "Mark9"


def _minimal_app(db: Path):
    from flask import Flask

    app = Flask("minimal")
    local = threading.local()

    @app.get("/row/<int:n>")
    def row(n: int) -> str:
        conn = getattr(local, "conn", None)
        if conn is None:
            conn = local.conn = sqlite3.connect(db)
        name = conn.execute("SELECT name FROM t WHERE id = ?", (n,)).fetchone()[0]
        return f"<!doctype html><title>row</title><p>{name}</p>"

    return app


def _serve(kind: str, path: str, ready) -> None:
    """Child process: serve the kit's app or the minimal one, report the port, run."""
    from companion.web.app import create_app
    from companion.web.server import make_server

    app = (
        create_app(game=path, umpire_token=UMPIRE) if kind == "havoc" else _minimal_app(Path(path))
    )
    server = make_server(app, "127.0.0.1", 0)
    ready.send(server.effective_port)
    server.run()


def _start(kind: str, path: Path) -> tuple[multiprocessing.Process, int]:
    parent, child = multiprocessing.Pipe()
    proc = multiprocessing.Process(target=_serve, args=(kind, str(path), child), daemon=True)
    proc.start()
    return proc, parent.recv()


def _load(
    port: int, path: str | tuple[str, ...], clients: int, seconds: float, cap: int
) -> dict[str, float]:
    """``clients`` keep-alive connections GET ``path`` for ``seconds`` (or ``cap`` requests);
    ``path`` a tuple: each request the next address in it (each client from its own start)."""
    paths = (path,) if isinstance(path, str) else path
    latencies: list[float] = []
    errors = [0]
    lock = threading.Lock()
    start_gate = threading.Barrier(clients + 1)
    stop_at = [0.0]

    def client(first: int) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        mine: list[float] = []
        start_gate.wait()
        while time.perf_counter() < stop_at[0] and len(mine) < cap // clients:
            t0 = time.perf_counter()
            conn.request("GET", paths[(first + len(mine)) % len(paths)])
            answer = conn.getresponse()
            answer.read()
            mine.append(time.perf_counter() - t0)
            if answer.status != 200:
                with lock:
                    errors[0] += 1
        conn.close()
        with lock:
            latencies.extend(mine)

    step = max(1, len(paths) // clients)
    threads = [threading.Thread(target=client, args=(k * step,)) for k in range(clients)]
    for thread in threads:
        thread.start()
    stop_at[0] = time.perf_counter() + seconds
    began = time.perf_counter()
    start_gate.wait()
    for thread in threads:
        thread.join()
    took = time.perf_counter() - began
    latencies.sort()
    return {
        "requests": len(latencies),
        "rps": len(latencies) / took,
        "p50": statistics.median(latencies) * 1000,
        "p99": latencies[int(len(latencies) * 0.99) - 1] * 1000,
        "errors": errors[0],
        "latencies": latencies,  # seconds, sorted: runs pooled by benchmarks/map_load.py
    }


def _heavy(port: int, path: str, stop: threading.Event, count: list[int]) -> None:
    """One client asking for ``path`` again and again until ``stop``."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    while not stop.is_set():
        conn.request("GET", path)
        conn.getresponse().read()
        count[0] += 1
    conn.close()


def _fresh_with_idle(port: int, idle: int) -> float:
    """Seconds for a fresh GET while ``idle`` silent and ``idle`` half-sent connections hang."""
    import socket

    hanging = []
    try:
        for i in range(2 * idle):
            s = socket.create_connection(("127.0.0.1", port), timeout=10)
            if i % 2:
                s.sendall(b"GET /dice HTTP/1.1\r\nHost: x\r\n")
            hanging.append(s)
        time.sleep(0.5)  # let the server take them all in
        t0 = time.perf_counter()
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        conn.request("GET", "/dice?e=2d6")
        conn.getresponse().read()
        took = time.perf_counter() - t0
        conn.close()
        return took
    finally:
        for s in hanging:
            s.close()


def _big_umpire(tmp: Path, players: int) -> tuple[float, int]:
    """(median seconds, bytes) of the umpire's page of a ring of ``players`` (10% dead up to
    1,000 players)."""
    import random

    from companion.whos_next.store import Store

    game = tmp / f"big-{players}.sqlite3"
    with Store(game, create=True) as store:
        store.new_game([f"Player {i:05d}" for i in range(players)], random.Random(1))
        ring = store.load()
        for killer in list(ring.victims)[: players // 10]:
            if store.load().victims.get(killer) is not None and players <= 1000:
                store.kill(killer, store.victim(killer)[1])
    proc, port = _start("havoc", game)
    try:
        _get(port, f"/u/{UMPIRE}/")
        times, size = [], 0
        for _ in range(5):
            t0 = time.perf_counter()
            size = len(_get(port, f"/u/{UMPIRE}/"))
            times.append(time.perf_counter() - t0)
        return statistics.median(times), size
    finally:
        proc.terminate()
        proc.join(timeout=5)


def _post(port: int, path: str, form: dict[str, str]) -> int:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    body = urllib.parse.urlencode(form)
    conn.request("POST", path, body, {"Content-Type": "application/x-www-form-urlencoded"})
    status = conn.getresponse().status
    conn.close()
    return status


def _get(port: int, path: str) -> bytes:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    conn.request("GET", path)
    data = conn.getresponse().read()
    conn.close()
    return data


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="per load run (default 3)")
    parser.add_argument("--big", default="1000,10000", help="umpire page ring sizes")
    parser.add_argument("--kills", type=int, default=200)
    parser.add_argument("--cap", type=int, default=100_000, help="most requests in one run")
    parser.add_argument(
        "--journal",
        choices=["delete", "wal"],
        default="delete",
        help="the game file's journal mode (delete: SQLite's default, as the CLI leaves it)",
    )
    args = parser.parse_args()

    from companion.whos_next.ring import cycle, is_single_cycle
    from companion.whos_next.store import Store

    with tempfile.TemporaryDirectory() as tmp:
        game = Path(tmp) / "game.sqlite3"
        names = [f"P{i:03d}" for i in range(2 * args.kills)]
        with Store(game, create=True) as store:
            store.new_game(names)
            ring = store.load()
        with sqlite3.connect(game) as db:
            db.execute(f"PRAGMA journal_mode = {args.journal}")
        minimal_db = Path(tmp) / "minimal.sqlite3"
        with sqlite3.connect(minimal_db) as db:
            db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)")
            db.execute("INSERT INTO t VALUES (1, 'Ann')")

        small = Path(tmp) / "small.sqlite3"
        with Store(small, create=True) as store:
            store.new_game([f"P{i:02d}" for i in range(12)])
            player = f"/p/{store.links()[0][1]}"

        havoc, havoc_port = _start("havoc", small)
        minimal, minimal_port = _start("minimal", minimal_db)
        try:
            assert b"Your victim" in _get(havoc_port, player)
            umpire = f"/u/{UMPIRE}/"
            print(f"{args.seconds:g} s per run, loopback, waitress 8 threads "
                  f"(waitress.queue warnings quieted), journal {args.journal}")  # fmt: skip
            pages = (
                ("minimal page (1 SQLite row)", minimal_port, "/row/1"),
                ("player's page", havoc_port, player),
                ("umpire's page (12 players)", havoc_port, umpire),
            )
            results = {}
            for clients in (10, 50):
                print(f"{clients} concurrent clients:")
                for label, port, path in pages:
                    _load(port, path, clients, 0.5, args.cap)  # warm up
                    results[label, clients] = r = _load(port, path, clients, args.seconds, args.cap)
                    print(f"  {label:28} {r['rps']:7.0f} req/s  p50 {r['p50']:6.1f} ms  "
                          f"p99 {r['p99']:6.1f} ms  ({r['requests']} requests, "
                          f"{r['errors']} errors)")  # fmt: skip
            ratio = results["player's page", 50]["rps"] / results[pages[0][0], 50]["rps"]
            p99 = results["player's page", 50]["p99"]
            print(f"  player page / minimal at 50: {ratio:.2f}x (goal >= 0.6x); "
                  f"p99 {p99:.0f} ms (goal < 150 ms)")  # fmt: skip

            print("50 clients while 8 more keep asking /dice?e=1000d999:")
            for label, port, path in pages:
                stop, count = threading.Event(), [0]
                heavy = [
                    threading.Thread(target=_heavy, args=(port, "/dice?e=1000d999", stop, count))
                    for _ in range(8)
                ]
                for thread in heavy:
                    thread.start()
                r = _load(port, path, 50, args.seconds, args.cap)
                stop.set()
                for thread in heavy:
                    thread.join()
                print(f"  {label:28} {r['rps']:7.0f} req/s  p50 {r['p50']:6.1f} ms  "
                      f"p99 {r['p99']:6.1f} ms  ({count[0]} heavy answered)")  # fmt: skip

            fresh = _fresh_with_idle(havoc_port, 200)
            print(f"fresh request with 200 idle + 200 half-sent sockets open: "
                  f"{fresh * 1000:.0f} ms (goal < 2 s)")  # fmt: skip
        finally:
            for proc in (havoc, minimal):
                proc.terminate()
                proc.join(timeout=5)

        for players in (int(n) for n in args.big.split(",") if n):
            took, size = _big_umpire(Path(tmp), players)
            print(f"umpire page at {players:,} players: {took * 1000:.0f} ms (median of 5), "
                  f"{size / 1024:,.0f} KB (goal < 300 ms at 1,000)")  # fmt: skip

        havoc, havoc_port = _start("havoc", game)
        try:
            _get(havoc_port, f"/u/{UMPIRE}/")
            # 200 kill reports at once: disjoint kills, valid in any order.
            order = cycle(ring)
            kills = [(order[i], order[i + 1]) for i in range(0, len(order), 2)][: args.kills]
            seats = {name: i for i, name in enumerate(ring.players)}
            page = _get(havoc_port, f"/u/{UMPIRE}/").decode()
            csrf = re.search(r'name="csrf" value="([0-9a-f]+)"', page).group(1)
            gate = threading.Barrier(len(kills))
            statuses: list[int] = []

            def report(killer: str, victim: str) -> None:
                gate.wait()
                form = {"csrf": csrf, "killer": str(seats[killer]), "victim": str(seats[victim])}
                statuses.append(_post(havoc_port, f"/u/{UMPIRE}/kill", form))

            threads = [threading.Thread(target=report, args=k) for k in kills]
            t0 = time.perf_counter()
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            took = time.perf_counter() - t0
            with Store(game) as store:
                after = store.load()
            dead = [d.dead for d in after.deaths]
            lost = len({v for _, v in kills} - set(dead))
            doubled = len(dead) - len(set(dead))
            one_cycle = is_single_cycle(dict(after.victims))
            print(f"{len(kills)} kill reports at once: {len(after.deaths)} applied, "
                  f"{lost} lost, {doubled} doubled, ring one cycle: {one_cycle}; "
                  f"{took:.2f} s; HTTP {sorted(set(statuses))}")  # fmt: skip

            # Page weight: the look-up page with a result, and everything it loads.
            look = "/dark-blades/crt?table=infantry-vs-infantry&attack=8&defence=3&die=1"
            html = _get(havoc_port, look)
            assets = re.findall(rb'(?:href|src)="(/static/[^"]+)"', html)
            sizes = {a.decode(): len(_get(havoc_port, a.decode())) for a in assets}
            total = len(html) + sum(sizes.values())
            parts = ", ".join(f"{k} {v:,} B" for k, v in sizes.items())
            print(f"combat look-up page weight: {total:,} B uncompressed (HTML {len(html):,} B, "
                  f"{parts}); goal < 30 KB")  # fmt: skip
        finally:
            havoc.terminate()
            havoc.join(timeout=5)


if __name__ == "__main__":
    main()
