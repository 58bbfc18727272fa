"""The phone map page and the player's page under 20 concurrent keep-alive clients, side by
side in one run with a minimal Flask + waitress page that reads one SQLite row (issue 33 item
4: the map page at least 0.5x the minimal page's rate with p99 under 100 ms, the player's page
at least 0.6x). Servers as in `serve_load.py` (child processes, waitress's 8 threads, the
`waitress.queue` warnings quieted there).

The map page is asked in each state a tap leaves it in (nothing tapped, the shooter, shooter and
target, a horseman's two hexes, after Fire) on one map and on a layout, at 1x and 3x. The pages
take turns in ``--rounds`` short runs (their order turned each round), so a burst of load from
elsewhere on the machine falls on all of them alike: each page's ratio is the median of its
rounds' ratios to the minimal page's run in the same round, its p99 over all its requests. The
machine's load average is printed before and after. The missile look-up page answering the
same shot without a map is measured too, for comparison: after Fire the map page does that
look-up's work as well. A page asked again is served as it was kept for its address
(`companion.web.kept`), so the map page is also asked with a new target on each request (more
addresses than the server keeps): what a tap not made before costs. Beside the rate, each
page's server CPU per request (the server process's user + system time, from /proc, over its
requests): the minimal page's CPU per request over the page's is its ratio as the server's own
work sees it, steadier than the rate when other programs load the machine.
Run: python benchmarks/map_load.py [--seconds 3] [--clients 20] [--rounds 3]
"""

from __future__ import annotations

import argparse
import os
import sqlite3
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from serve_load import _get, _load, _start  # noqa: E402

MAP = "/dark-blades/maps/mill"
LAYOUT = "/dark-blades/maps/layout/raid"
FIRE = "w=crossbow&d=10&k=infantry&die=4"
PAGES = (
    ("map, nothing tapped", MAP),
    ("map, shooter", MAP + "?f=K1"),
    ("map, shooter and target", MAP + "?f=K1&t=K3"),
    ("map, horseman's 2 hexes", MAP + "?f=K1&t=K3&t2=K4"),
    ("map, after Fire", f"{MAP}?f=K1&t=K3&{FIRE}"),
    ("map 3x, after Fire", f"{MAP}?f=K1&t=K3&{FIRE}&z=3"),
    ("layout, target", LAYOUT + "?f=mill:K12&t=arena:K3"),
    ("layout, after Fire", f"{LAYOUT}?f=mill:K12&t=arena:K3&{FIRE}"),
    # for comparison, not a goal: the same shot on the missile look-up page, no map
    ("missile look-up alone", "/dark-blades/missile?weapon=crossbow&range=2&defence=10&die=4"),
)
# Each request a new address (a target never asked before in the run: more addresses than the
# server keeps, `companion.web.kept.SIZE`): what a tap the table has not made yet costs.
NEW_ADDRESS = (
    ("map, new target each request", MAP + "?f=K1&t={}"),
    ("map, new target, after Fire", MAP + "?f=K1&t={}&" + FIRE),
)
MINIMAL = "minimal page (1 SQLite row)"
PLAYER = "player's page"


def _cpu_seconds(pid: int) -> float:
    """The process's user + system CPU time so far (Linux's /proc; 0 elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _hexes(key: str) -> list[str]:
    """The map's hex names, in the map's order."""
    from companion.dark_blades.maps import find_map
    from companion.data import Cards

    m = find_map(Cards(), key)
    return [m.label(h) for h in m.hexes()]


def _load_average() -> str:
    one, five, fifteen = os.getloadavg()
    return f"{one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} cores"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="per page, all rounds (3)")
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=3, help="turns each page takes (3)")
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
            pids = {minimal_port: minimal.pid, havoc_port: havoc.pid}
            pages = [(MINIMAL, minimal_port, "/row/1")]
            pages += [(label, havoc_port, path) for label, path in PAGES]
            targets = [h for h in _hexes("mill") if h != "K1"]
            pages += [
                (label, havoc_port, tuple(path.format(h) for h in targets))
                for label, path in NEW_ADDRESS
            ]
            pages.append((PLAYER, havoc_port, player))
            for label, port, path in pages:
                first = path if isinstance(path, str) else path[0]
                assert b"<html" in _get(port, first) or label == MINIMAL, label
                _load(port, path, args.clients, 0.5, args.cap)  # warm up
            print(f"load average before: {_load_average()}")
            print(f"{args.seconds:g} s per page in {args.rounds} turns, {args.clients} "
                  "concurrent keep-alive clients, loopback, waitress 8 threads "
                  "(waitress.queue warnings quieted)")  # fmt: skip
            runs: dict[str, list[dict]] = {label: [] for label, _, _ in pages}
            cpu: dict[str, float] = {}
            for turn in range(args.rounds):
                shift = turn % len(pages)
                for label, port, path in pages[shift:] + pages[:shift]:
                    slice_ = args.seconds / args.rounds
                    before = _cpu_seconds(pids[port])
                    run = _load(port, path, args.clients, slice_, args.cap)
                    run["cpu"] = _cpu_seconds(pids[port]) - before
                    runs[label].append(run)
            for label, _, _ in pages:
                mine = runs[label]
                ratios = [r["rps"] / m["rps"] for r, m in zip(mine, runs[MINIMAL], strict=True)]
                latencies = sorted(x for r in mine for x in r["latencies"])
                p99 = latencies[int(len(latencies) * 0.99) - 1] * 1000
                p50 = statistics.median(latencies) * 1000
                rps = statistics.median(r["rps"] for r in mine)
                errors = sum(r["errors"] for r in mine)
                cpu[label] = sum(r["cpu"] for r in mine) / len(latencies) * 1000
                print(f"  {label:28} {rps:6.0f} req/s {statistics.median(ratios):5.2f}x "
                      f"(rounds {min(ratios):.2f}-{max(ratios):.2f})  p50 {p50:5.1f} ms  "
                      f"p99 {p99:6.1f} ms  server CPU {cpu[label]:.2f} ms/request "
                      f"({cpu[MINIMAL] / cpu[label]:.2f}x)  ({len(latencies)} requests, "
                      f"{errors} errors)")  # fmt: skip
            print(f"load average after: {_load_average()}")
            print("goals: each map page >= 0.5x with p99 < 100 ms; the player's page >= 0.6x")
        finally:
            for proc in (havoc, minimal):
                proc.terminate()
                proc.join(timeout=5)


if __name__ == "__main__":
    main()
