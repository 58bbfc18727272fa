"""Figures for a typical Dark Blades lookup at the table: lines of output, characters typed.

Runs each form of the same lookup (8 v 3 on Infantry Against Infantry) in-process, with a
given die face (1: a printed cell) and a rolled one (seed 1: a cell the rules lost), and prints
the characters typed, the lines printed and the widest line (in characters).
Run: python benchmarks/lookup_lines.py
"""

from __future__ import annotations

import shlex

from click.testing import CliRunner

from companion.cli import main

FORMS = [
    "havoc crt infantry-vs-infantry --attack 8 --defence 3",
    "havoc crt ii 8 3",
]


def main_figures() -> None:
    runner = CliRunner()
    print(f"{'typed':>5}  {'lines (die 1)':>13}  {'lines (seed 1)':>14}  {'widest':>6}  command")
    for form in FORMS:
        args = shlex.split(form)[1:]
        hit = runner.invoke(main, [*args, "--die", "1"]).output.splitlines()
        lost = runner.invoke(main, [*args, "--seed", "1"]).output.splitlines()
        widest = max(len(line) for line in hit + lost)
        print(f"{len(form):>5}  {len(hit):>13}  {len(lost):>14}  {widest:>6}  {form}")


if __name__ == "__main__":
    main_figures()
