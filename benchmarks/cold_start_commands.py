"""Cold start of the table lookups against the minimal click program of cold_start.py.

Runs `havoc los arena K1 K3`, `havoc los --layout raid mill:C4 arena:K3`, `havoc swim mill G8 5
3`, `havoc crt ii 8 3`, `havoc missile bow 10 8 i`, `havoc missile bow 8 i --map arena --from K1
--to K3`, `havoc fight thr gra 7`, `havoc terrain`, `havoc roll 2d6` and Cthulhu Who?'s `havoc
attack ... --setup 1 --from B2 --to D4` and `havoc crush --setup 1 --monster F5 --to F4`, each
RUNS times in fresh subprocesses, interleaved with the minimal click program (so all see the
same machine load), and prints each command's median wall time and median CPU time (user +
system, steadier on a busy machine), each with its ratio to the minimal program (goal: at most
1.5x). Then, for each command, the companion's own imports that take longest (`python -X
importtime`, cumulative).

    python benchmarks/cold_start_commands.py [RUNS] [--pyc] [--before DIR]

``--before DIR`` also runs each command from another copy of the kit's source (say ``git
worktree add DIR main`` or ``git archive main | tar -x -C DIR``; its ``companion`` package put
first on ``PYTHONPATH``), interleaved with the rest, to compare a change with what it changes.

Python's own bytecode cache decides much of a cold start. By default the environment is used as
it is (``PYTHONDONTWRITEBYTECODE=1`` makes every run compile the kit's modules from source);
``--pyc`` runs every program with a bytecode cache in a temporary ``PYTHONPYCACHEPREFIX``, as
after a ``pip install`` (which writes the bytecode), filled by the warm-up runs.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from cold_start import (  # noqa: E402
    MINIMAL_CLICK,
    both_medians,
    cached_bytecode,
    havoc_command,
    import_rows,
)

COMMANDS = (
    ("los", "arena", "K1", "K3"),
    ("los", "--layout", "raid", "mill:C4", "arena:K3"),
    ("swim", "mill", "G8", "5", "3"),
    ("crt", "ii", "8", "3"),
    ("missile", "bow", "10", "8", "i"),
    ("missile", "bow", "8", "i", "--map", "arena", "--from", "K1", "--to", "K3"),
    ("fight", "thr", "gra", "7"),
    ("terrain",),
    ("roll", "2d6"),
    ("attack", "shotgun", "cultist", "--setup", "1", "--from", "B2", "--to", "D4"),
    ("crush", "--setup", "1", "--monster", "F5", "--to", "F4"),
)


def top_imports(cmd: list[str], env: dict[str, str], count: int = 6) -> list[tuple[int, str]]:
    """The companion modules with the largest cumulative import time (microseconds)."""
    rows = [(us, name.strip()) for us, name in import_rows(cmd, env)]
    return sorted((r for r in rows if r[1].startswith("companion")), reverse=True)[:count]


def main() -> None:
    argv = sys.argv[1:]
    before = None
    if "--before" in argv:
        at = argv.index("--before")
        before = str(Path(argv[at + 1]).resolve())
        del argv[at : at + 2]
    args = [a for a in argv if not a.startswith("--")]
    runs = int(args[0]) if args else 15
    pyc = "--pyc" in argv
    env = dict(os.environ)
    with tempfile.TemporaryDirectory() as tmp:
        if pyc:
            env = cached_bytecode(env, Path(tmp) / "pyc")
        script = Path(tmp) / "minimal_click_roll.py"
        script.write_text(MINIMAL_CLICK, encoding="utf-8")
        commands = {"minimal click 2d6": [sys.executable, str(script), "2d6"]}
        envs = {"minimal click 2d6": env}
        old = {**env, "PYTHONPATH": os.pathsep.join(filter(None, (before, env.get("PYTHONPATH"))))}
        for words in COMMANDS:
            name = "havoc " + " ".join(words)
            commands[name], envs[name] = havoc_command() + list(words), env
            if before is not None:
                commands["before: " + name], envs["before: " + name] = commands[name], old
        med, cpu = both_medians(commands, envs, runs, warm=2)  # --pyc: warming fills the cache
        imports = {
            name: top_imports(cmd, envs[name])
            for name, cmd in commands.items()
            if name != "minimal click 2d6"
        }
    base, cpu_base = med["minimal click 2d6"], cpu["minimal click 2d6"]
    mode = "bytecode cached (--pyc)" if pyc else "environment as is"
    dont = env.get("PYTHONDONTWRITEBYTECODE", "unset")
    print(f"runs: {runs} each (interleaved); {mode}; PYTHONDONTWRITEBYTECODE={dont}")
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"{'':<30} {'wall (median)':>17}  {'CPU (median)':>17}")
    for name, value in med.items():
        print(
            f"{name + ':':<30} {value * 1000:6.1f} ms {value / base:4.2f}x"
            f"  {cpu[name] * 1000:6.1f} ms {cpu[name] / cpu_base:4.2f}x"
        )
    print("goal: at most 1.5x the minimal click program (CPU: steadier on a busy machine)")
    for name, rows in imports.items():
        shown = ", ".join(f"{n} {us / 1000:.0f}" for us, n in rows)
        print(f"{name}: companion imports (ms, cumulative): {shown}")


if __name__ == "__main__":
    main()
