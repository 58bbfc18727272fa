"""What each start-up trick left in the kit saves of a lookup's cold start (CPU, bytecode cached).

The kit keeps a trick for start-up time only where it saves at least 3 ms of a lookup's cold
start (issue 29 item 8); this script is the line that shows it. Each row runs a lookup as it
is and without the trick, interleaved, RUNS times in fresh subprocesses with a bytecode cache
(as after `pip install`), and prints both median CPU times (user + system) and the saving:

- the disk cache of parsed data files (`companion.data`, ``HAVOC_CACHE_DIR``): without it
  (``HAVOC_CACHE_DIR=off``) every process parses the TOML and CSV again, and imports the parser;
- the TOML parser (tomllib; tomli before Python 3.14) imported only when a file is not in
  the disk cache (without: imported first);
- the Cthulhu Who? set-up roller (`companion.cthulhu_who.setup`) imported only where a set-up
  is rolled or its monster names are read (without: imported first), for `havoc attack` and
  `havoc crush`;
- the cyclic garbage collector paused while `havoc` starts and its objects set aside
  (`havoc_cli.start`), for `havoc crt`, `havoc fight` and `havoc missile --map` (without: the
  installed script's plain ``companion.cli.main``);
- the map modules of `havoc missile --map` (`companion.commands.dark_blades.map_shot`: the
  line of sight, the layouts, the shot parser and the roster it reads) imported only when a
  map is given, for `havoc missile` without one (without: imported first).

"Imported first" is what a module-level import would cost: the same command run with the
module imported before it starts.

    python benchmarks/startup_tricks.py [RUNS] [--instructions]

On a busy machine a few milliseconds drown in the CPU times' noise: ``--instructions`` also
counts each variant's instructions once under valgrind (deterministic) and turns the
difference into milliseconds at the rate the lookup itself ran (its median CPU time over its
instructions); a trick stays where either measure shows 3 ms (instructions leave out the
system's work, such as loading a C extension).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from cold_start import both_medians, cached_bytecode  # noqa: E402

CRT = ("crt", "ii", "8", "3")
TOML = "tomllib" if sys.version_info >= (3, 14) else "tomli"  # what companion.data parses with
ATTACK = ("attack", "shotgun", "cultist", "--setup", "1", "--from", "B2", "--to", "D4")
CRUSH = ("crush", "--setup", "1", "--monster", "F5", "--to", "F4")
MISSILE = ("missile", "bow", "10", "8", "i")
FIGHT = ("fight", "thr", "gra", "7")
MAP = ("missile", "bow", "8", "i", "--map", "arena", "--from", "K1", "--to", "K3")
PLAIN = "plain"  # undo the collector's pause: `companion.cli.main` called as it is

# (trick, lookup, module imported first to undo the trick or None, environment changes)
ROWS = (
    ("disk cache of parsed data", CRT, None, {"HAVOC_CACHE_DIR": "off"}),
    ("TOML parser on a cache miss", CRT, TOML, {}),
    ("set-up roller kept out", ATTACK, "companion.cthulhu_who.setup", {}),
    ("set-up roller kept out", CRUSH, "companion.cthulhu_who.setup", {}),
    ("map modules kept out", MISSILE, "companion.commands.dark_blades.map_shot", {}),
    ("collector paused at start", CRT, PLAIN, {}),
    ("collector paused at start", FIGHT, PLAIN, {}),
    ("collector paused at start", MAP, PLAIN, {}),
)


def havoc(words: tuple[str, ...], first: str | None) -> list[str]:
    """`havoc WORDS` in a fresh interpreter, as the installed script runs it
    (`havoc_cli.start`), ``first`` imported before it starts (`PLAIN`: the CLI's ``main``
    called without the script's collector pause)."""
    pre = f"import {first}; " if first and first != PLAIN else ""
    code = f"{pre}import sys; sys.argv = ['havoc', *{list(words)!r}]; "
    if first == PLAIN:
        code += "from companion.cli import main; main()"
    else:
        code += "from havoc_cli.start import havoc; havoc()"
    return [sys.executable, "-c", code]


def instructions(cmd: list[str], env: dict[str, str]) -> int:
    """The instructions ``cmd`` runs, counted by valgrind's callgrind."""
    done = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *cmd],
        capture_output=True,
        text=True,
        env=env,
    )
    found = re.search(r"Collected : (\d+)", done.stderr)
    if found is None:
        raise SystemExit(f"valgrind counted nothing: {done.stderr[-300:]}")
    return int(found.group(1))


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    runs = int(args[0]) if args else 15
    counting = "--instructions" in sys.argv[1:]
    if counting and shutil.which("valgrind") is None:
        raise SystemExit("--instructions needs valgrind")
    with tempfile.TemporaryDirectory() as tmp:
        env = cached_bytecode(dict(os.environ), Path(tmp) / "pyc")
        commands: dict[str, list[str]] = {}
        envs: dict[str, dict[str, str]] = {}
        for i, (_trick, words, first, changes) in enumerate(ROWS):
            commands[f"{i} with"] = havoc(words, None)
            envs[f"{i} with"] = env
            commands[f"{i} without"] = havoc(words, first)
            envs[f"{i} without"] = {**env, **changes}
        _wall, cpu = both_medians(commands, envs, runs, warm=2)
        counted = {n: instructions(c, envs[n]) for n, c in commands.items()} if counting else {}
    print(f"runs: {runs} each (interleaved); bytecode cached; CPU medians (user + system)")
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    for i, (trick, words, _first, _changes) in enumerate(ROWS):
        kept, undone = cpu[f"{i} with"], cpu[f"{i} without"]
        saved = measured = undone - kept
        name = words[0] + (" --map" if "--map" in words else "")
        line = (
            f"{trick:<28} havoc {name:<13} CPU with {kept * 1000:6.1f} ms  without "
            f"{undone * 1000:6.1f} ms  saves {saved * 1000:5.1f} ms"
        )
        if counting:
            with_i, without_i = counted[f"{i} with"], counted[f"{i} without"]
            estimate = (without_i - with_i) * kept / with_i
            saved = max(measured, estimate)
            line += f"; instructions {with_i / 1e6:.1f}M/{without_i / 1e6:.1f}M"
            line += f": {estimate * 1000:4.1f} ms"
        print(f"{line}  ({'stays' if saved >= 0.003 else 'under 3 ms'})")


if __name__ == "__main__":
    main()
