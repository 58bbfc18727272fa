"""Rewrite cards/dark-blades/crt-completion.toml's grids from each table's method settings, or
report how the grids play.

A maintainer's tool, not part of the kit: run it after changing a table's settings (``ladder``,
``slope``, ``lead``, ``harm``) or the transcription in crt.toml. The method is
`companion.dark_blades.completion.derive`; the tests check that the file's grids are exactly
what it gives.

    python tools/complete_crt.py [--cards CARDS_DIR]
    python tools/complete_crt.py --report [--before OLD_COMPLETION_TOML] [--cards CARDS_DIR]

``--report`` prints, per table and column, the faces (of 10) that harm the attacker / have no
effect / harm the defender / kill, and the count of identical neighbouring columns; with
``--before`` (e.g. a copy from ``git show main:cards/dark-blades/crt-completion.toml``) the same
for that file's grids first.
"""

from __future__ import annotations

import argparse
import re
import sys
import tomllib
from pathlib import Path

from companion.dark_blades.completion import (
    COMPLETION_FILE,
    derive,
    load_completion,
    outcome_shares,
)
from companion.dark_blades.crt import Crt, load_crt
from companion.data import Cards

Grids = dict[str, dict[int, tuple[str, ...]]]


def rewrite(cards: Cards) -> None:
    crt = load_crt(cards)
    completion = load_completion(cards, crt)
    path = completion.path
    text = path.read_text(encoding="utf-8")
    for name, kit in completion.tables.items():
        rows = derive(crt.tables[name].rows, crt.faces, kit.method)
        block = "\n".join(
            f'"{face}" = [' + ", ".join(f'"{c}"' for c in rows[face]) + "]" for face in crt.faces
        )
        pattern = re.compile(
            rf"(\[tables\.{re.escape(name)}\.rows\]\n)(?:\"[0-9]\" = \[[^\n]*\]\n?)+"
        )
        text, n = pattern.subn(lambda m, b=block: m.group(1) + b + "\n", text)
        if n != 1:
            sys.exit(f"{path}: no [tables.{name}.rows] block to rewrite")
    path.write_text(text, encoding="utf-8")
    print(f"rewrote {path} ({COMPLETION_FILE})")


def _grids_of(path: Path, crt: Crt) -> Grids:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    return {
        name: {f: tuple(spec["rows"][str(f)]) for f in crt.faces}
        for name, spec in data["tables"].items()
    }


def report(crt: Crt, grids: Grids, ladders: dict[str, tuple[str, ...]], title: str) -> int:
    """Print the shares table of ``grids``; return its count of identical neighbour columns."""
    print(title)
    total = 0
    for name, rows in grids.items():
        shares = outcome_shares(crt, crt.tables[name], rows, ladders[name])
        same = sum(
            1
            for c in range(len(crt.columns) - 1)
            if [rows[f][c] for f in crt.faces] == [rows[f][c + 1] for f in crt.faces]
        )
        total += same
        print(f"  {name} (identical neighbour columns: {same})")
        print("    " + " ".join(f"{col:>8}" for col in crt.columns))
        print("    " + " ".join(f"{'/'.join(map(str, s)):>8}" for s in shares))
    print(f"  identical neighbouring columns, all tables: {total}")
    print("  (each cell: faces of 10 attacker-harmed/no effect/defender-harmed/killed)")
    return total


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", help="a cards directory (default: the kit's)")
    parser.add_argument("--report", action="store_true", help="print the shares; change nothing")
    parser.add_argument("--before", type=Path, help="an older completion file to compare")
    args = parser.parse_args(argv)
    cards = Cards(Path(args.cards) if args.cards else None)
    if not args.report:
        rewrite(cards)
        return
    crt = load_crt(cards)
    completion = load_completion(cards, crt)
    ladders = {name: kit.ladder for name, kit in completion.tables.items()}
    if args.before:
        report(crt, _grids_of(args.before, crt), ladders, f"BEFORE ({args.before})")
    now = {name: kit.rows for name, kit in completion.tables.items()}
    report(crt, now, ladders, f"AFTER ({completion.path})")


if __name__ == "__main__":
    main()
