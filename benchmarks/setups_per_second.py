"""Cthulhu Who? set-ups rolled per second: `havoc setup -n N` as a subprocess, and the library.

Run: python benchmarks/setups_per_second.py [N]   (default N = 100000)
Prints figures; asserts nothing.
"""

from __future__ import annotations

import random
import shutil
import subprocess
import sys
import time


def best_of(runs: int, func) -> float:
    """The fastest of ``runs`` timings of ``func()``, in seconds."""
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        func()
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    havoc = shutil.which("havoc")
    command = [havoc, "setup", "-n", str(n), "--seed", "1"] if havoc else None
    if command is None:
        command = [sys.executable, "-m", "companion.cli", "setup", "-n", str(n), "--seed", "1"]

    def run_cli() -> None:
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)

    def run_startup() -> None:
        subprocess.run(
            [*command[:-4], "-n", "1", "--seed", "1"], check=True, stdout=subprocess.DEVNULL
        )

    from companion.cthulhu_who.setup import setup_tables
    from companion.data import Cards

    tables = setup_tables(Cards())
    cli = best_of(3, run_cli)
    startup = best_of(3, run_startup)
    lib = best_of(3, lambda: tables.roll_many(random.Random(1), n))
    shown = " ".join(["havoc", *command[1:]]) if havoc else " ".join(command)
    print(f"command: {shown} > /dev/null  (best of 3)")
    print(f"  CLI:     {cli:.3f} s  = {n / cli:,.0f} set-ups/s  (incl. startup)")
    print(f"  startup: {startup:.3f} s  (havoc setup -n 1)")
    print(f"library: SetupTables.roll_many(random.Random(1), {n})  (best of 3)")
    print(f"  {lib:.3f} s  = {n / lib:,.0f} set-ups/s")


if __name__ == "__main__":
    main()
