"""The phone map page and the player's page under 20 concurrent keep-alive clients, side by
side in one run with a minimal Flask + waitress page that reads one SQLite row (issue 33 item
4: the map page at least 0.5x the minimal page's rate with p99 under 100 ms, the player's page
at least 0.6x). Servers as in `serve_load.py` (child processes, waitress's 8 threads, the
`waitress.queue` warnings quieted there).
Run: python benchmarks/map_load.py [--seconds 3] [--clients 20]
"""

from __future__ import annotations

import argparse
import sqlite3
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from serve_load import _get, _load, _start  # noqa: E402

MAP = "/dark-blades/maps/mill"
PAGES = (
    ("map page, nothing tapped", MAP),
    ("map page, shooter and target", MAP + "?f=K1&t=K3"),
    ("map page, after Fire", MAP + "?f=K1&t=K3&w=crossbow&d=10&k=infantry&die=4"),
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="per load run (default 3)")
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--cap", type=int, default=100_000, help="most requests in one run")
    args = parser.parse_args()

    from companion.whos_next.store import Store

    with tempfile.TemporaryDirectory() as tmp:
        minimal_db = Path(tmp) / "minimal.sqlite3"
        with sqlite3.connect(minimal_db) as db:
            db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)")
            db.execute("INSERT INTO t VALUES (1, 'Ann')")
        game = Path(tmp) / "game.sqlite3"
        with Store(game, create=True) as store:
            store.new_game([f"P{i:02d}" for i in range(12)])
            player = f"/p/{store.links()[0][1]}"
        havoc, havoc_port = _start("havoc", game)
        minimal, minimal_port = _start("minimal", minimal_db)
        try:
            pages = [("minimal page (1 SQLite row)", minimal_port, "/row/1")]
            pages += [(label, havoc_port, path) for label, path in PAGES]
            pages.append(("player's page", havoc_port, player))
            for _, port, path in pages:
                _get(port, path)
            print(f"{args.seconds:g} s per run, {args.clients} concurrent keep-alive clients, "
                  "loopback, waitress 8 threads (waitress.queue warnings quieted)")  # fmt: skip
            rates = {}
            for label, port, path in pages:
                _load(port, path, args.clients, 0.5, args.cap)  # warm up
                r = _load(port, path, args.clients, args.seconds, args.cap)
                rates[label] = r["rps"]
                ratio = r["rps"] / rates[pages[0][0]]
                print(f"  {label:30} {r['rps']:7.0f} req/s {ratio:5.2f}x  p50 {r['p50']:6.1f} ms  "
                      f"p99 {r['p99']:6.1f} ms  ({r['requests']} requests, "
                      f"{r['errors']} errors)")  # fmt: skip
            print("goals: each map page >= 0.5x with p99 < 100 ms; the player's page >= 0.6x")
        finally:
            for proc in (havoc, minimal):
                proc.terminate()
                proc.join(timeout=5)


if __name__ == "__main__":
    main()
