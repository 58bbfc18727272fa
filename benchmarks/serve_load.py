"""Figures for `havoc serve`, on loopback only, bounded in time and count.

1. A player's private page under 50 concurrent keep-alive clients, side by side in the same
   run with a minimal Flask + waitress page that reads one SQLite row: requests per second and
   p50/p99 latency (goal: at least 0.6x the minimal page's rate, p99 under 150 ms).
2. 200 kill reports posted at once by 200 clients: how many applied, refused, lost or doubled.
3. The page weight of the combat look-up page with everything it loads (goal: under 30 KB).

Each server runs in its own child process with waitress's 8 threads; the `waitress.queue`
warnings are quieted there (they would flood the terminal while all threads are busy).
Run: python benchmarks/serve_load.py [--seconds 5] [--clients 50] [--kills 200] [--journal wal]
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


def _load(port: int, path: str, clients: int, seconds: float, cap: int) -> dict[str, float]:
    """``clients`` keep-alive connections GET ``path`` for ``seconds`` (or ``cap`` requests)."""
    latencies: list[float] = []
    errors = [0]
    lock = threading.Lock()
    start_gate = threading.Barrier(clients + 1)
    stop_at = [0.0]

    def client() -> None:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        mine: list[float] = []
        start_gate.wait()
        while time.perf_counter() < stop_at[0] and len(mine) < cap // clients:
            t0 = time.perf_counter()
            conn.request("GET", path)
            answer = conn.getresponse()
            answer.read()
            mine.append(time.perf_counter() - t0)
            if answer.status != 200:
                with lock:
                    errors[0] += 1
        conn.close()
        with lock:
            latencies.extend(mine)

    threads = [threading.Thread(target=client) for _ in range(clients)]
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
    }


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
    parser.add_argument("--seconds", type=float, default=5.0, help="per load run (default 5)")
    parser.add_argument("--clients", type=int, default=50)
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

        havoc, havoc_port = _start("havoc", game)
        minimal, minimal_port = _start("minimal", minimal_db)
        try:
            # The umpire's page draws the players' links; read one player's link from it.
            from companion.whos_next.store import Store

            _get(havoc_port, f"/u/{UMPIRE}/")
            with Store(game) as store:
                links = store.links()
            player = f"/p/{links[0][1]}"
            assert b"Your victim" in _get(havoc_port, player)

            print(f"{args.clients} concurrent clients, {args.seconds:g} s each, loopback, "
                  "waitress 8 threads (waitress.queue warnings quieted), "
                  f"journal {args.journal}")  # fmt: skip
            results = {}
            for label, port, path in (
                ("minimal page (1 SQLite row)", minimal_port, "/row/1"),
                ("player's page", havoc_port, player),
            ):
                _load(port, path, args.clients, 0.5, args.cap)  # warm up
                results[label] = r = _load(port, path, args.clients, args.seconds, args.cap)
                print(f"  {label:28} {r['rps']:7.0f} req/s  p50 {r['p50']:6.1f} ms  "
                      f"p99 {r['p99']:6.1f} ms  ({r['requests']} requests, "
                      f"{r['errors']} errors)")  # fmt: skip
            ratio = results["player's page"]["rps"] / results["minimal page (1 SQLite row)"]["rps"]
            p99 = results["player's page"]["p99"]
            print(f"  player page / minimal: {ratio:.2f}x (goal >= 0.6x); "
                  f"p99 {p99:.0f} ms (goal < 150 ms)")  # fmt: skip

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
            for proc in (havoc, minimal):
                proc.terminate()
                proc.join(timeout=5)


if __name__ == "__main__":
    main()
