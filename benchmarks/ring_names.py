"""What naming players by prefix costs `havoc ring` on a big game; print the figures.

Every `ring show/kill/duel` reads the game's roster once (alive players, then everyone) and
picks each named player from it (`companion.names.pick`). This times that on a ring of
--players players: the roster read, a pick by unique prefix, a pick by whole name, and a
whole in-process `havoc ring show PREFIX` against `havoc ring show FULLNAME`'s store work.

    python benchmarks/ring_names.py [--players 10000] [--repeat 20]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from click.testing import CliRunner  # noqa: E402

from companion.cli import main  # noqa: E402
from companion.names import pick
from companion.whos_next.store import Store  # noqa: E402


def best(repeat: int, f) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        f()
        times.append(time.perf_counter() - start)
    return min(times) * 1000


def victim(game: Path, name: str) -> None:
    with Store(game) as store:
        store.victim(name)


def main_() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    names = [f"P{i:05} of the ring" for i in range(args.players)]
    with tempfile.TemporaryDirectory() as tmp:
        game = Path(tmp) / "g.sqlite3"
        with Store(game, create=True) as store:
            store.new_game(names)

        def roster() -> None:
            with Store(game) as s:
                s.names(alive_only=True), s.names()

        everyone = names
        prefix = names[-1].split()[0].lower()  # "p09999": a unique prefix, not the whole name
        runner = CliRunner()
        figures = {
            "roster read (alive + all)": best(args.repeat, roster),
            "pick by unique prefix": best(args.repeat, lambda: pick(prefix, everyone, "player")),
            "pick by whole name": best(args.repeat, lambda: pick(names[-1], everyone, "player")),
            "havoc ring show PREFIX": best(
                args.repeat, lambda: runner.invoke(main, ["ring", "show", prefix, "-g", str(game)])
            ),
            "store.victim(FULLNAME) only": best(args.repeat, lambda: Store(game).victim(names[-1])),
        }
    print(f"{args.players:,} players, best of {args.repeat}:")
    for what, ms in figures.items():
        print(f"  {what:<28} {ms:7.2f} ms")


if __name__ == "__main__":
    main_()
