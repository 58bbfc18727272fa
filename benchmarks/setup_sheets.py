"""Cthulhu Who? set-up sheets: sheets per second, peak memory as N grows, bytes per set-up.

Run: python benchmarks/setup_sheets.py [N ...]   (default: 100 1000)
Each N runs in a fresh Python process (so peak memory is that run's own): it writes
`havoc-pnp setups -n N --seed 1` (A4, 1in squares, one board) into a temporary directory
through the library call the command makes, and reports CPU time (one core) and wall time,
peak resident memory (ru_maxrss) and the file size. Prints figures; asserts nothing.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile

CHILD = r"""
import json, resource, sys, time
from pathlib import Path
from companion.data import Cards
from generator.sheet.options import SheetOptions
from generator.cthulhu_who.setups import write_setups_pdf

n, out = int(sys.argv[1]), Path(sys.argv[2])
options = SheetOptions.parse(piece_size="1in")
write_setups_pdf(out, Cards(), options, 1, 1)  # warm up: fonts, tables, imports
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
cpu, wall = time.process_time(), time.perf_counter()
stats = write_setups_pdf(out, Cards(), options, n, 1)
cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps({"n": n, "cpu": cpu, "wall": wall, "before_kb": before, "peak_kb": peak,
                  "bytes": stats.bytes, "pages": stats.pages}))
"""


def run(n: int) -> dict[str, float]:
    """One fresh process writing ``n`` set-ups; its figures."""
    with tempfile.TemporaryDirectory() as tmp:
        result = subprocess.run(
            [sys.executable, "-c", CHILD, str(n), f"{tmp}/setups.pdf"],
            check=True,
            capture_output=True,
            text=True,
        )
    return json.loads(result.stdout)


def main() -> None:
    sizes = [int(a) for a in sys.argv[1:]] or [100, 1000]
    print("havoc-pnp setups -n N --seed 1 (A4, 1in squares, 1 board), one process per N")
    print(
        f"{'N':>6} {'sheets/CPU s':>13} {'sheets/wall s':>14} {'peak MB':>8} "
        f"{'growth MB':>10} {'bytes/set-up':>13} {'pages':>6}"
    )
    rows = [run(n) for n in sizes]
    for r in rows:
        print(
            f"{r['n']:>6} {r['n'] / r['cpu']:>13.1f} {r['n'] / r['wall']:>14.1f} "
            f"{r['peak_kb'] / 1024:>8.1f} {(r['peak_kb'] - r['before_kb']) / 1024:>10.1f} "
            f"{r['bytes'] / r['n']:>13,.0f} {r['pages']:>6}"
        )
    if len(rows) >= 2:
        low, high = rows[0], rows[-1]
        change = 100 * (high["peak_kb"] - low["peak_kb"]) / low["peak_kb"]
        print(f"peak memory N={high['n']} vs N={low['n']}: {change:+.1f}%")


if __name__ == "__main__":
    main()
