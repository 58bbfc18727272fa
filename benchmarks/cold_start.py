"""Cold start of `havoc roll 2d6` against `python -c pass`: median wall-clock ratio.

Runs each command RUNS times in fresh subprocesses (interleaved, so both see the same machine
load), prints both medians and their ratio (goal: at most 3x), then the biggest imports on
the `havoc roll` path from `python -X importtime`, and checks that neither reportlab nor
svgwrite is among them.

    python benchmarks/cold_start.py [RUNS]

`havoc` is run as its installed console script under this interpreter (what the entry point
does, without the pyenv/shell shim in front of it); if that script is missing, the same
entry point is called with `python -c`.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path


def havoc_command() -> list[str]:
    script = Path(sys.executable).parent / "havoc"
    try:
        first = script.read_text(encoding="utf-8", errors="replace").splitlines()[0]
    except (OSError, IndexError):
        first = ""
    if first.startswith("#!") and "python" in first:
        return [sys.executable, str(script)]
    return [sys.executable, "-c", "import sys; from companion.cli import main; sys.exit(main())"]


def wall(cmd: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    done = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} failed: {done.stderr.decode()[-300:]}")
    return elapsed


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 30
    env = dict(os.environ)
    baseline = [sys.executable, "-c", "pass"]
    havoc = havoc_command() + ["roll", "2d6"]
    for _ in range(3):  # warm the OS file cache for both
        wall(baseline, env)
        wall(havoc, env)
    base_times, havoc_times = [], []
    for _ in range(runs):
        base_times.append(wall(baseline, env))
        havoc_times.append(wall(havoc, env))
    base, hav = statistics.median(base_times), statistics.median(havoc_times)
    print(f"runs: {runs} each (interleaved)")
    print(f"python -c pass:  median {base * 1000:.1f} ms")
    print(f"havoc roll 2d6:  median {hav * 1000:.1f} ms   ({' '.join(havoc[1:2])})")
    print(f"ratio: {hav / base:.2f}x   (goal <= 3x)")

    probe = havoc_command()
    trace = subprocess.run(
        [probe[0], "-X", "importtime", *probe[1:], "roll", "2d6"],
        capture_output=True,
        text=True,
        env=env,
    ).stderr
    rows = []
    for line in trace.splitlines():
        if not line.startswith("import time:") or "imported package" in line:
            continue
        _, cumulative, name = line.split("|", 2)
        rows.append((int(cumulative), name[1:].rstrip()))  # nested imports keep their indent
    names = {name.strip() for _, name in rows}
    heavy = sorted(n for n in names if n.split(".")[0] in ("reportlab", "svgwrite"))
    print("top-level imports on the `havoc roll` path (cumulative):")
    for cumulative, name in sorted(rows, reverse=True):
        if not name.startswith(" ") and cumulative >= 2000:
            print(f"  {cumulative / 1000:6.1f} ms  {name}")
    print(f"reportlab/svgwrite imported: {heavy or 'no'}")


if __name__ == "__main__":
    main()
