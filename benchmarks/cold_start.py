"""Cold start of `havoc roll 2d6` against a minimal click program and `python -c pass`.

The minimal program (written to a temporary file by this script) is what any click CLI that
rolls 2d6 must pay for: import click, parse one argument, roll, print. Runs each command RUNS
times in fresh subprocesses (interleaved, so all see the same machine load), prints the
medians and the ratios (goal: at most 1.5x the minimal click program; `python -c pass` for
reference), then the biggest imports on the `havoc roll` path from `python -X importtime`,
and checks that neither reportlab nor svgwrite is among them.

    python benchmarks/cold_start.py [RUNS]

`havoc` is run as its installed console script under this interpreter (what the entry point
does, without the pyenv/shell shim in front of it); if that script is missing, the same
entry point is called with `python -c`.
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

MINIMAL_CLICK = """
import random
import click


@click.command()
@click.argument("expression")
def main(expression):
    count, sides = (int(x) for x in expression.split("d"))
    dice = [random.randint(1, sides) for _ in range(count)]
    click.echo(f"{sum(dice)} on {expression}: {' '.join(map(str, dice))}")


main()
"""


def havoc_command() -> list[str]:
    script = Path(sys.executable).parent / "havoc"
    try:
        first = script.read_text(encoding="utf-8", errors="replace").splitlines()[0]
    except (OSError, IndexError):
        first = ""
    if first.startswith("#!") and "python" in first:
        return [sys.executable, str(script)]
    return [sys.executable, "-c", "import sys; from companion.cli import main; sys.exit(main())"]


def timed(cmd: list[str], env: dict[str, str]) -> tuple[float, float]:
    """One run of ``cmd``: (wall seconds, CPU seconds of the child, user + system)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} failed: {done.stderr.decode()[-300:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return elapsed, cpu


def wall(cmd: list[str], env: dict[str, str]) -> float:
    """One run of ``cmd``: its wall seconds."""
    return timed(cmd, env)[0]


def cached_bytecode(env: dict[str, str], folder: Path) -> dict[str, str]:
    """``env`` as after a ``pip install`` (which writes the bytecode): a bytecode cache in
    ``folder`` (PYTHONPYCACHEPREFIX), even where PYTHONDONTWRITEBYTECODE is set."""
    out = {k: v for k, v in env.items() if k != "PYTHONDONTWRITEBYTECODE"}
    out["PYTHONPYCACHEPREFIX"] = str(folder)
    return out


def medians(
    commands: dict[str, list[str]], envs: dict[str, dict[str, str]], runs: int, warm: int
) -> dict[str, float]:
    """Each command's median wall time (see `both_medians`)."""
    return both_medians(commands, envs, runs, warm)[0]


def both_medians(
    commands: dict[str, list[str]], envs: dict[str, dict[str, str]], runs: int, warm: int
) -> tuple[dict[str, float], dict[str, float]]:
    """Each command's median wall time and median CPU time (user + system) over ``runs``
    rounds, the commands interleaved in each round (so all see the same machine load), after
    ``warm`` rounds that fill the OS file cache (and a bytecode cache, if the environment keeps
    one). CPU time swings less than wall time on a busy machine."""
    for _ in range(warm):
        for name, cmd in commands.items():
            timed(cmd, envs[name])
    walls: dict[str, list[float]] = {name: [] for name in commands}
    cpus: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(runs):
        for name, cmd in commands.items():
            w, c = timed(cmd, envs[name])
            walls[name].append(w)
            cpus[name].append(c)
    return (
        {name: statistics.median(ts) for name, ts in walls.items()},
        {name: statistics.median(ts) for name, ts in cpus.items()},
    )


def import_rows(cmd: list[str], env: dict[str, str]) -> list[tuple[int, str]]:
    """(cumulative microseconds, module name indented as nested) of every import the command
    makes, from ``python -X importtime``."""
    trace = subprocess.run(
        [cmd[0], "-X", "importtime", *cmd[1:]], capture_output=True, text=True, env=env
    ).stderr
    rows = []
    for line in trace.splitlines():
        if not line.startswith("import time:") or "imported package" in line:
            continue
        _, cumulative, name = line.split("|", 2)
        rows.append((int(cumulative), name[1:].rstrip()))  # nested imports keep their indent
    return rows


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 30
    env = dict(os.environ)
    baseline = [sys.executable, "-c", "pass"]
    havoc = havoc_command() + ["roll", "2d6"]
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "minimal_click_roll.py"
        script.write_text(MINIMAL_CLICK, encoding="utf-8")
        minimal = [sys.executable, str(script), "2d6"]
        commands = {
            "python -c pass": baseline,
            "minimal click 2d6": minimal,
            "havoc roll 2d6": havoc,
        }
        med = medians(commands, dict.fromkeys(commands, env), runs, warm=3)
    print(f"runs: {runs} each (interleaved)")
    for name, value in med.items():
        print(f"{name + ':':<20} median {value * 1000:6.1f} ms")
    hav = med["havoc roll 2d6"]
    print(f"ratio to minimal click: {hav / med['minimal click 2d6']:.2f}x   (goal <= 1.5x)")
    print(f"ratio to python -c pass: {hav / med['python -c pass']:.2f}x   (for reference)")

    rows = import_rows(havoc, env)
    names = {name.strip() for _, name in rows}
    heavy = sorted(n for n in names if n.split(".")[0] in ("reportlab", "svgwrite"))
    print("top-level imports on the `havoc roll` path (cumulative):")
    for cumulative, name in sorted(rows, reverse=True):
        if not name.startswith(" ") and cumulative >= 2000:
            print(f"  {cumulative / 1000:6.1f} ms  {name}")
    print(f"reportlab/svgwrite imported: {heavy or 'no'}")


if __name__ == "__main__":
    main()
