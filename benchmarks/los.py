"""Line of sight speed: queries per second in the library, and `havoc los` cold start.

A seeded sample of PAIRS pairs of hexes on each of the kit's maps and on each layout (maps laid
together, layouts.toml; there half the pairs cross the join) is asked `sight.line_of_sight`
once each (maps and sight.toml loaded before the clock starts); prints the queries per second
and the microseconds per query, the 99th percentile and the worst pair's time (on a busy machine
the worst is often a pause of the process, not the query), then the median wall time of RUNS cold
`havoc los arena A1 T14` and `havoc los --layout raid mill:C4 arena:K3` calls against the
minimal click program of benchmarks/cold_start.py (goal: at most 1.5x), each with a bytecode
cache as after `pip install` (see cold_start_commands.py --pyc).

    python benchmarks/los.py [PAIRS [RUNS]]
"""

from __future__ import annotations

import os
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from cold_start import MINIMAL_CLICK, cached_bytecode, havoc_command, medians  # noqa: E402

from companion.dark_blades.layouts import find_layout, load_layouts  # noqa: E402
from companion.dark_blades.maps import load_maps  # noqa: E402
from companion.dark_blades.sight import line_of_sight, load_sight  # noqa: E402
from companion.data import Cards  # noqa: E402

LAYOUT = "havoc los --layout raid mill:C4 arena:K3"


def main() -> None:
    pairs_n = int(sys.argv[1]) if len(sys.argv) > 1 else 20000
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 15
    cards = Cards()
    rules = load_sight(cards)
    rng = random.Random(1)
    boards = [*load_maps(cards), *(find_layout(cards, lay.key) for lay in load_layouts(cards))]
    for m in boards:
        hexes = m.hexes()
        pairs = [(rng.choice(hexes), rng.choice(hexes)) for _ in range(pairs_n)]
        if hasattr(m, "pieces"):  # a layout: half the pairs from its first map to another
            first = [h for h in hexes if m.piece(h)[0] is m.pieces[0]]
            rest = [h for h in hexes if m.piece(h)[0] is not m.pieces[0]]
            half = pairs_n // 2
            pairs[:half] = [(rng.choice(first), rng.choice(rest)) for _ in range(half)]
        line_of_sight(m, rules, hexes[0], hexes[-1])  # build the map's cached tables
        times = []
        start = time.perf_counter()
        for a, b in pairs:
            t0 = time.perf_counter()
            line_of_sight(m, rules, a, b)
            times.append(time.perf_counter() - t0)
        took = time.perf_counter() - start
        times.sort()
        p99, worst = times[len(times) * 99 // 100], times[-1]
        print(
            f"{m.name}: {pairs_n} queries, {pairs_n / took:,.0f} queries/s, "
            f"{took / pairs_n * 1e6:.0f} us/query (99% under {p99 * 1e6:.0f} us, worst "
            f"{worst * 1e6:.0f} us; goal < 1000)"
        )
    with tempfile.TemporaryDirectory() as tmp:
        env = cached_bytecode(dict(os.environ), Path(tmp) / "pyc")  # as after pip install
        script = Path(tmp) / "minimal_click_roll.py"
        script.write_text(MINIMAL_CLICK, encoding="utf-8")
        commands = {
            "minimal click 2d6": [sys.executable, str(script), "2d6"],
            "havoc los arena A1 T14": havoc_command() + ["los", "arena", "A1", "T14"],
            LAYOUT: havoc_command() + ["los", "--layout", "raid", "mill:C4", "arena:K3"],
        }
        med = medians(commands, dict.fromkeys(commands, env), runs, warm=2)
    for name, value in med.items():
        print(f"{name + ':':<24} median {value * 1000:6.1f} ms ({runs} runs)")
    for name in ("havoc los arena A1 T14", LAYOUT):
        ratio = med[name] / med["minimal click 2d6"]
        print(f"{name}: {ratio:.2f}x minimal click   (goal <= 1.5x)")


if __name__ == "__main__":
    main()
