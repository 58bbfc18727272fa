"""What defining a record class costs at import: the kinds the companion's lookups load.

A `havoc` lookup defines some forty record classes as it starts (its rules' rows, requests and
results), so their kind shows in its cold start. Each kind is timed in fresh interpreters
(CPU, user + system, median of RUNS, interleaved): a module of COUNT classes of six fields
imported after `typing` and `dataclasses`, less the same interpreter importing nothing more,
divided by COUNT:

- a `typing.NamedTuple` whose annotations are evaluated (a module without ``from __future__
  import annotations``);
- the same with postponed annotations: `typing` turns each field's string into a
  `ForwardRef`, which compiles it (a compile per field);
- a `dataclass` (its ``__init__``, ``__repr__``, ``__eq__`` generated and compiled);
- a frozen `dataclass` (``__setattr__``, ``__delattr__`` and ``__hash__`` too).

    python benchmarks/record_classes.py [RUNS] [COUNT]
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

FIELDS = "".join(f"    f{i}: dict[str, int] | None = None\n" for i in range(6))
KINDS = {
    "NamedTuple, annotations evaluated": ("", "class R{n}(typing.NamedTuple):\n"),
    "NamedTuple, postponed annotations": (
        "from __future__ import annotations\n",
        "class R{n}(typing.NamedTuple):\n",
    ),
    "dataclass": ("", "@dataclasses.dataclass\nclass R{n}:\n"),
    "dataclass(frozen=True)": ("", "@dataclasses.dataclass(frozen=True)\nclass R{n}:\n"),
}


def module(head: str, cls: str, count: int) -> str:
    """A module of ``count`` record classes of one kind."""
    body = "".join(cls.format(n=n) + FIELDS + "\n" for n in range(count))
    return f"{head}import dataclasses\nimport typing\n\n{body}"


def cpu(cmd: list[str], env: dict[str, str]) -> float:
    """One run's CPU seconds (user + system) in a fresh interpreter."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(cmd, check=True, env=env)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    args = [int(a) for a in sys.argv[1:]]
    runs, count = (args + [15, 40][len(args) :])[:2]
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "PYTHONPATH": tmp, "PYTHONPYCACHEPREFIX": str(Path(tmp) / "pyc")}
        env.pop("PYTHONDONTWRITEBYTECODE", None)  # bytecode cached, as after an install
        cmds = {"none": [sys.executable, "-c", "import dataclasses, typing"]}
        for i, (name, (head, cls)) in enumerate(KINDS.items()):
            (Path(tmp) / f"records{i}.py").write_text(module(head, cls, count), encoding="utf-8")
            cmds[name] = [sys.executable, "-c", f"import records{i}"]
        times: dict[str, list[float]] = {name: [] for name in cmds}
        for round_ in range(runs + 1):  # the first round fills the bytecode cache
            for name, cmd in cmds.items():
                took = cpu(cmd, env)
                if round_:
                    times[name].append(took)
    base = statistics.median(times.pop("none"))
    print(f"runs: {runs} each (interleaved); {count} classes of 6 fields a module")
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    for name, took in times.items():
        each = (statistics.median(took) - base) / count * 1000
        print(f"{name + ':':<36} {each:5.2f} ms a class")


if __name__ == "__main__":
    main()
