"""Figures for Kniggits and Who's Next on paper: pages and bytes of each PDF (default set, an
army set, a saved 7-player ring after two kills) and the smallest colour difference between
token kinds under each simulated colour-vision deficiency and in greyscale.

Run: python benchmarks/paper_figures.py   (writes into a temporary directory)
"""

from __future__ import annotations

import os
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from click.testing import CliRunner  # noqa: E402
from pypdf import PdfReader  # noqa: E402

from companion.data import Cards  # noqa: E402
from companion.whos_next.store import Store  # noqa: E402
from generator.cli import main  # noqa: E402
from generator.kniggits.colour_check import FORMULA, smallest_differences  # noqa: E402
from generator.kniggits.settings import settings  # noqa: E402


def _run(args: list[str]) -> float:
    start = time.perf_counter()
    result = CliRunner().invoke(main, args, catch_exceptions=False)
    if result.exit_code != 0:
        raise SystemExit(result.output)
    return time.perf_counter() - start


def _report(out: Path, label: str, seconds: float) -> None:
    print(f"\n{label} ({seconds:.2f} s)")
    for pdf in sorted(out.glob("*.pdf")):
        pages = len(PdfReader(pdf).pages)
        print(f"  {pdf.name:32} {pages:3} pages {pdf.stat().st_size:9,} bytes")


def main_figures() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp)
        os.environ["XDG_DATA_HOME"] = str(base / "xdg")  # never the user's own game
        os.environ.pop("HAVOC_RING_GAME", None)
        _report(base / "k", "havoc-pnp kniggits", _run(["kniggits", "--out", str(base / "k")]))
        army = str(ROOT / "cards/kniggits/army.csv")
        args = ["kniggits", "--out", str(base / "ka"), "--army", army, "--army", army]
        _report(base / "ka", "havoc-pnp kniggits --army army.csv --army army.csv", _run(args))
        args = ["kniggits", "--out", str(base / "kd"), "--scale", "double"]
        _report(base / "kd", "havoc-pnp kniggits --scale double", _run(args))
        _report(base / "s", "havoc-pnp slips (blank)", _run(["slips", "--out", str(base / "s")]))
        game = base / "game.sqlite3"
        with Store(game, create=True) as store:
            store.new_game(["Ann", "Bob", "Cat", "Dan", "Eve", "Fred", "Gwen"], random.Random(1))
            for _ in range(2):
                killer = sorted(store.load().victims)[0]
                store.kill(killer, store.victim(killer)[1])
        args = ["slips", "--game", str(game), "--out", str(base / "g")]
        _report(base / "g", "havoc-pnp slips --game (7 players, 2 kills)", _run(args))
    kinds = settings(Cards()).kinds
    colours = {role: kind.colour for role, kind in kinds.items()}
    print(f"\nToken colours {colours}")
    print(f"Smallest difference between token kinds ({FORMULA}):")
    for vision, (difference, a, b) in smallest_differences(colours).items():
        print(f"  {vision:13} {difference:6.1f}  ({a} vs {b})")


if __name__ == "__main__":
    main_figures()
