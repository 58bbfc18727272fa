"""Figures for the test suite: wall and CPU time of the quick tier (`-m "not slow"`) and of the
whole suite (the README's `python -m pytest`), each with the load average before it ran.

Each tier runs in a child process; its CPU time (user + system, every xdist worker included) is
read with ``resource.getrusage(RUSAGE_CHILDREN)``. Other load on the machine inflates the wall
times (compare the load average with the number of cores); the CPU times move much less.
Run: python benchmarks/test_times.py [--tier quick|full|both] [extra pytest options, e.g. -n 0]
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TIERS = {"quick": ["-m", "not slow"], "full": []}


def cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run(tier: str, extra: list[str]) -> None:
    load = os.getloadavg()[0]
    command = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", *TIERS[tier], *extra]
    start_wall, start_cpu = time.perf_counter(), cpu()
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    wall, used = time.perf_counter() - start_wall, cpu() - start_cpu
    summary = done.stdout.strip().splitlines()[-1] if done.stdout.strip() else done.stderr
    print(
        f"{tier:5}  wall {wall:6.0f} s  cpu {used:6.0f} s  load {load:4.1f} on "
        f"{os.cpu_count()} cores  {summary}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tier", choices=["quick", "full", "both"], default="both")
    args, extra = parser.parse_known_args()
    for tier in ("quick", "full") if args.tier == "both" else (args.tier,):
        run(tier, extra)


if __name__ == "__main__":
    main()
