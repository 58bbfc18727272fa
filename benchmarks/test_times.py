"""Figures for the test suite: wall and CPU time of the quick tier (`-m "not slow"`) and of the
whole suite (the README's `python -m pytest`), each with the load average before it ran, and
each tier's 20 slowest test phases (setup, call or teardown) by CPU seconds, with their wall,
and its 20 slowest test files by CPU seconds; any test that failed or erred, by name.

Each tier runs in a child process; its CPU time (user + system, every xdist worker included) is
read with ``resource.getrusage(RUSAGE_CHILDREN)``. Other load on the machine inflates the wall
times (compare the load average with the number of cores); the CPU times move much less. The
slowest phases are measured by the plugin in benchmarks/cpu_durations.py, in the process that
ran each (pytest's own `--durations` gives wall seconds only).
Run: python benchmarks/test_times.py [--tier quick|full|both] [--slowest N]
     [extra pytest options, e.g. -n 0]
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


def run(tier: str, slowest: int, extra: list[str]) -> None:
    load = os.getloadavg()[0]
    command = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p", "cpu_durations",
               f"--cpu-durations={slowest}", "-rfE", *TIERS[tier], *extra]  # fmt: skip
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        p for p in (str(ROOT / "benchmarks"), os.environ.get("PYTHONPATH")) if p)}  # fmt: skip
    start_wall, start_cpu = time.perf_counter(), cpu()
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, env=env)
    wall, used = time.perf_counter() - start_wall, cpu() - start_cpu
    lines = done.stdout.strip().splitlines()
    summary = lines[-1] if lines else done.stderr
    print(
        f"{tier:5}  wall {wall:6.0f} s  cpu {used:6.0f} s  load {load:4.1f} on "
        f"{os.cpu_count()} cores  {summary}",
        flush=True,
    )
    for line in lines:  # what failed, by name (-rfE)
        if line.startswith(("FAILED ", "ERROR ")):
            print("    " + line, flush=True)
    for start, line in enumerate(lines):  # the slowest phases, then the slowest files
        if line.startswith("slowest "):
            for shown in lines[start : start + slowest + 1]:
                print("    " + shown, flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tier", choices=["quick", "full", "both"], default="both")
    parser.add_argument("--slowest", type=int, default=20, help="how many slow phases to list")
    args, extra = parser.parse_known_args()
    for tier in ("quick", "full") if args.tier == "both" else (args.tier,):
        run(tier, args.slowest, extra)


if __name__ == "__main__":
    main()
