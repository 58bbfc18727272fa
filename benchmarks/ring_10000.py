"""Play a 10,000-player Who's Next ring to the end through the SQLite store; print the figures.

Every operation is what one `havoc ring ...` command does: open the game file, one
transaction, close (``--keep-open`` reuses one connection instead). Kills report a player's
own victim (looked up first, as the umpire would with `ring show`); duels pit two random
players. Prints the total time, operations per second and the game file's size at the end.

    python benchmarks/ring_10000.py [--players 10000] [--seed 1] [--keep-open [--no-sync]]
"""

from __future__ import annotations

import argparse
import os
import random
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.data import Cards  # noqa: E402
from companion.whos_next import ring as R  # noqa: E402
from companion.whos_next.duel_scoring import load_attack_table  # noqa: E402
from companion.whos_next.store import Store  # noqa: E402


def size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.parent.glob(path.name + "*"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--keep-open", action="store_true", help="one connection for all")
    parser.add_argument("--file", type=Path, default=None, help="game file (default: a temp)")
    parser.add_argument(
        "--no-sync", action="store_true", help="with --keep-open: no fsync per commit"
    )
    parser.add_argument("--cli", type=int, default=10, help="time N real CLI kills first")
    args = parser.parse_args()

    table = load_attack_table(Cards())
    rng = random.Random(args.seed)
    tmp = tempfile.TemporaryDirectory()
    path = args.file or Path(tmp.name) / "whos-next.sqlite3"
    if path.exists():
        sys.exit(f"{path} exists: give a new file")
    names = [f"P{i:05}" for i in range(args.players)]

    t0 = time.perf_counter()
    with Store(path, create=True) as store:
        store.new_game(names, random.Random(args.seed))
    t_new = time.perf_counter() - t0
    size_new = size(path)

    shared = Store(path) if args.keep_open else None
    if shared and args.no_sync:  # measure the work without the disk flush of each commit
        shared.conn.execute("PRAGMA synchronous = OFF")
    alive = list(names)
    where = {n: i for i, n in enumerate(alive)}
    writes = reads = kills = duels = 0
    cli_times = []

    def remove(name: str) -> None:
        i = where.pop(name)
        last = alive.pop()
        if i < len(alive):
            alive[i] = last
            where[last] = i

    code = "import sys; from companion.cli import main; sys.exit(main())"
    for _ in range(args.cli):  # a few real commands first, timed as processes
        with Store(path) as store:
            killer = rng.choice(alive)
            _, victim = store.victim(killer)
        t0 = time.perf_counter()
        subprocess.run(
            [sys.executable, "-c", code, "ring", "kill", killer, victim, "--game", str(path)],
            check=True,
            capture_output=True,
            cwd=Path(__file__).resolve().parent.parent,
        )
        cli_times.append(time.perf_counter() - t0)
        remove(victim)

    t0 = time.perf_counter()
    while len(alive) > 1:
        store = shared or Store(path)
        attacker = rng.choice(alive)
        if rng.random() < 0.5:
            _, victim = store.victim(attacker)
            reads += 1
            outcome = store.kill(attacker, victim)
            kills += 1
        else:
            defender = rng.choice(alive)
            while defender == attacker:
                defender = rng.choice(alive)
            outcome = store.duel(
                attacker,
                defender,
                table.effect,
                lambda: rng.randint(1, table.sides),
                contest_at=table.contest_at,
            )
            duels += 1
        writes += 1
        remove(outcome.death.dead)
        if shared is None:
            store.close()
    t_play = time.perf_counter() - t0
    if shared:
        shared.close()

    t0 = time.perf_counter()
    with Store(path) as store:
        final = store.load()  # what `ring status` / `ring scores` read
    t_load = time.perf_counter() - t0
    assert final.winner() == alive[0] and R.is_single_cycle(final.victims)
    assert len(final.deaths) == args.players - 1
    size_end = size(path)

    ops = writes + reads
    mode = "one connection" if args.keep_open else "open/close per operation (as the CLI)"
    if args.keep_open and args.no_sync:
        mode += ", synchronous = OFF (no fsync)"
    print(f"Who's Next ring benchmark: {args.players:,} players, seed {args.seed}")
    print(
        f"python {sys.version.split()[0]}, SQLite {sqlite3.sqlite_version}, {os.cpu_count()} cpus"
    )
    print(f"mode: {mode}")
    print(f"ring new ({args.players:,} rows, one transaction): {t_new * 1000:.0f} ms")
    print(f"after {len(cli_times)} CLI kills, played to the end through the store:")
    print(f"  {writes:,} deaths ({kills:,} kills, {duels:,} duels)")
    print(f"  + {reads:,} victim look-ups before the kills")
    print(f"total time: {t_play:.2f} s")
    print(f"write transactions per second: {writes / t_play:,.0f}")
    print(f"operations per second (writes + look-ups): {ops / t_play:,.0f}")
    print(f"mean per death: {t_play / writes * 1000:.3f} ms")
    print(f"load the whole game (status/scores): {t_load * 1000:.0f} ms")
    print(f"winner: {final.winner()}")
    print(f"file size after ring new: {size_new / 1024:,.0f} KiB")
    print(f"file size at the end: {size_end / 1024:,.0f} KiB")
    if cli_times:
        mean = sum(cli_times) / len(cli_times) * 1000
        print(f"a real `havoc ring kill` process on the full ring: {mean:.0f} ms")
        print(f"  (mean of {len(cli_times)}, Python start-up and imports included)")
    tmp.cleanup()


if __name__ == "__main__":
    main()
