"""The undo race (issue 30 item 8): the umpire's phone and `havoc ring undo` undo at once.

Each round draws a game with 3 deaths, then the umpire's phone page posts its undo (which names
the last death, as its button does) while `havoc ring undo` runs in its own process, both meant
for the same last death; the deaths left are counted. Both undoing the same death leaves 2;
a race that removes two deaths leaves 1.

The CLI is run as ``havoc ring undo N`` (the death as `ring status` numbers it), or with
``--bare`` as ``havoc ring undo`` with no number (what an earlier kit took; this kit refuses it
in one line and undoes nothing).

Run: python benchmarks/undo_race.py [--rounds 6] [--bare]
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

from companion.web.app import create_app
from companion.whos_next.store import Store

NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]
UMPIRE = "U" * 32
CLI = "import sys; from companion.cli import main; sys.exit(main())"


def round_(folder: Path, seed: int, bare: bool) -> int:
    """Deaths left after both undos of death 3 (of 3)."""
    path = folder / f"g{seed}.sqlite3"
    with Store(path, create=True) as store:
        store.new_game(NAMES, random.Random(seed))
        for _ in range(3):
            ring = store.load()
            killer = next(p for p in ring.players if p in ring.victims)
            store.kill(killer, ring.victims[killer])
    app = create_app(game=path, umpire_token=UMPIRE)
    client = app.test_client()
    csrf = app.extensions["havoc_csrf"].token(UMPIRE)
    named = [] if bare else ["3"]
    cli = subprocess.Popen(
        [sys.executable, "-c", CLI, "ring", "undo", *named, "--game", str(path)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    # the phone's undo when the CLI process is starting up: both meant for death 3
    web = threading.Thread(
        target=client.post,
        args=(f"/u/{UMPIRE}/undo",),
        kwargs={"data": {"csrf": csrf, "number": "3"}},
    )
    web.start()
    web.join()
    cli.wait(timeout=60)
    with Store(path) as store:
        return len(store.load().deaths)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--bare", action="store_true", help="run `havoc ring undo` with no number")
    args = parser.parse_args()
    rounds = max(1, min(args.rounds, 50))
    with tempfile.TemporaryDirectory() as tmp:
        left = [round_(Path(tmp), seed, args.bare) for seed in range(rounds)]
    form = "havoc ring undo" if args.bare else "havoc ring undo 3"
    print(f"rounds: {rounds} (3 deaths each; the phone and `{form}` undo at once)")
    print(f"deaths left per round: {left}")
    print(f"rounds where two deaths were removed: {sum(n < 2 for n in left)}")


if __name__ == "__main__":
    main()
