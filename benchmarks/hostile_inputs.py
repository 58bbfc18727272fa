"""Hostile inputs across both CLIs and the phone pages (issue 30 items 2, 5, 6, 7, 9): counts.

- secrets: non-ASCII and odd text in every private link part and every umpire form's `csrf`
  (Flask's test client); a 500 is counted.
- paths: a name over 255 bytes in --cards (on every command of both CLIs), -o, --svg,
  export --out, --army, --game; an exit other than 0/2 or a traceback is counted.
- armies: runaway Kniggits armies and cells in other scripts' digits (`havoc army`,
  `havoc-pnp kniggits`); a traceback, or a file taken that should be refused, is counted.
- files: links planted in an --svg folder, a forged listing, -o over a file that is not a PDF;
  each file the kit did not write and yet wrote through, replaced or deleted is counted.

Run: python benchmarks/hostile_inputs.py [-v] [--skip-runaway]
(against an older kit: PYTHONPATH=/path/to/its/checkout python benchmarks/hostile_inputs.py
--skip-runaway, since its paper grows past 1 GB on the runaway armies)
"""

from __future__ import annotations

import argparse
import logging
import os
import tempfile
import time
from pathlib import Path

import click
from click.testing import CliRunner

from companion.cli import main as havoc
from companion.web.app import create_app
from generator.cli import main as havoc_pnp

UMPIRE = "U" * 32
ODD = ["é" * 32, "é", "\u0661" * 32, "😀" * 20, "a\u0301" * 16, "\x00" * 32, "%ff" * 11, "ß" * 40]
LONG = "a" * 300


class Counts(dict):
    def bad(self, kind: str, verbose: bool, what: str) -> None:
        self[kind] = self.get(kind, 0) + 1
        if verbose:
            print(f"{kind}: {what}"[:240])


def _traceback(result) -> bool:
    """An exception out of the command (`havoc army` exits 1, on purpose, over budget)."""
    return result.exception is not None and not isinstance(result.exception, SystemExit)


def secrets(tmp: Path, counts: Counts, verbose: bool) -> None:
    app = create_app(game=tmp / "g.sqlite3", umpire_token=UMPIRE)
    client = app.test_client()
    csrf = app.extensions["havoc_csrf"].token(UMPIRE)
    client.post(f"/u/{UMPIRE}/new", data={"csrf": csrf, "names": "Ann\nBob\nCat\nDan"})
    deal = "D" * 32
    for odd in ODD:
        urls = [
            f"/dark-blades/spells/deal/{deal}/3/{odd}",
            f"/dark-blades/spells/hand/{deal}/3/1/{odd}",
            f"/dark-blades/spells/hand/{deal}/3/1/{odd}/qr",
            f"/dark-blades/spells/hand/{odd}/3/1/{'a' * 32}",
            f"/u/{odd}/",
            f"/p/{odd}",
            f"/p/{odd}/qr",
            f"/dice?e=d6&h=2d6:+7+(3+4)|{odd}",
        ]
        for url in urls:
            counts["inputs"] += 1
            if client.get(url).status_code >= 500:
                counts.bad("500s", verbose, url)
        for action in ("new", "kill", "duel", "undo", "links"):
            counts["inputs"] += 1
            answer = client.post(f"/u/{UMPIRE}/{action}", data={"csrf": odd, "number": "1"})
            if answer.status_code >= 500:
                counts.bad("500s", verbose, f"POST {action} csrf={odd!r}")


def paths(tmp: Path, counts: Counts, verbose: bool) -> None:
    runner = CliRunner()
    long = tmp / LONG
    runs = []
    for group in (havoc, havoc_pnp):
        for name in group.list_commands(click.Context(group)):
            runs += [(group, ["--cards", str(long), name]), (group, [name, "--cards", str(long)])]
    runs += [
        (havoc_pnp, ["counters", "-o", f"{long}.pdf"]),
        (havoc_pnp, ["counters", "-o", f"{long}/c.pdf"]),
        (havoc_pnp, ["calibrate", "-o", str(tmp / "c.pdf"), "--cards", str(long)]),
        (havoc_pnp, ["counters", "-o", str(tmp / "c.pdf"), "--svg", str(long)]),
        (havoc_pnp, ["export", "tgc", "--out", str(long)]),
        (havoc_pnp, ["kniggits", "--army", f"{long}.csv", "--out", str(tmp / "k")]),
        (havoc, ["ring", "status", "-g", str(long)]),
        (havoc, ["ring", "new", "A", "B", "C", "-g", str(long)]),
        (havoc, ["serve", "--game", "", "--port", "0"]),
        (havoc, ["serve", "--game", str(long), "--port", "0"]),
    ]
    for group, args in runs:
        counts["inputs"] += 1
        if args[0] == "serve" and group is havoc and not _refuses_serve(args):
            counts.bad("served a bad --game", verbose, " ".join(args)[:80])
            continue
        if args[0] == "serve":
            continue
        result = runner.invoke(group, args, catch_exceptions=True)
        if _traceback(result):
            counts.bad("tracebacks", verbose, f"{args[:3]}: {result.exception!r}")


def _refuses_serve(args: list[str]) -> bool:
    """`havoc serve` with a bad --game must refuse before it listens (run with a deadline)."""
    import subprocess
    import sys

    code = "import sys; from companion.cli import main; sys.exit(main())"
    try:
        done = subprocess.run(
            [sys.executable, "-c", code, *args], capture_output=True, timeout=10, check=False
        )
    except subprocess.TimeoutExpired:
        return False
    return done.returncode == 2


RUNAWAY = ("two lines", "twenty rows", "50,000 rows")  # an unbounded kit: 1 GB, minutes
SKIP_RUNAWAY_PAPER = False  # --skip-runaway: not on paper (to run this against an older kit)


def armies(tmp: Path, counts: Counts, verbose: bool) -> None:
    runner = CliRunner()
    header = "count,name,movement,attack,defense\n"
    bodies = {
        "two lines": "1000,K,1000,1000,1000\n",
        "twenty rows": "".join(f"1000,K{i},1000,1000,1000\n" for i in range(20)),
        "50,000 rows": "".join(f"1,K{i},1,1,1\n" for i in range(50_000)),
        "plus one": "+1,K,1,1,1\n",
        "arabic-indic": "\u0661,K,1,1,1\n",
        "arabic-indic stat": "1,K,\u0663,1,1\n",
        "fullwidth": "\uff11,K,1,1,1\n",
    }
    for name, body in bodies.items():
        army = tmp / f"{name}.csv"
        army.write_text(header + body, encoding="utf-8")
        runs = [(havoc, ["army", str(army)])]
        if not (SKIP_RUNAWAY_PAPER and name in RUNAWAY):
            runs.append((havoc_pnp, ["kniggits", "--army", str(army), "--out", str(tmp / "k")]))
        for group, args in runs:
            counts["inputs"] += 1
            began = time.perf_counter()
            result = runner.invoke(group, args, catch_exceptions=True)
            took = time.perf_counter() - began
            counts["slowest army s"] = max(counts.get("slowest army s", 0), round(took, 1))
            if _traceback(result):
                counts.bad("tracebacks", verbose, f"{name}: {result.exception!r}")
            elif result.exit_code in (0, 1):  # taken (1: taken, and over budget)
                counts.bad("taken that should be refused", verbose, f"{name}: {args[0]}")


def files(tmp: Path, counts: Counts, verbose: bool) -> None:
    from generator.sheet.options import SheetOptions
    from generator.sheet.pieces import Face, Piece
    from generator.sheet.render_svg import MANIFEST, write_piece_svgs

    sheet = SheetOptions.parse()
    pieces = [Piece("Orc", Face("o")), Piece("Elf", Face("e"))]
    for name in (MANIFEST, "orc-front.svg"):
        counts["inputs"] += 1
        folder = tmp / f"svg-{name.strip('.')}"
        folder.mkdir()
        secret = tmp / f"secret-{name.strip('.')}.txt"
        secret.write_text("keep me")
        (folder / name).symlink_to(secret)
        try:
            write_piece_svgs(folder, pieces, sheet)
        except Exception:  # noqa: BLE001 - a refusal is what is wanted here
            pass
        if secret.read_text() != "keep me":
            counts.bad("written through a link", verbose, name)
    counts["inputs"] += 1
    folder = tmp / "svg-forged"
    folder.mkdir()
    write_piece_svgs(folder, pieces, sheet)
    (folder / "notes.svg").write_text("the user's own")
    listing = (folder / MANIFEST).read_text()
    (folder / MANIFEST).write_text(listing + "notes.svg\n" + "notes.svg " + "0" * 64 + "\n")
    write_piece_svgs(folder, pieces[:1], sheet)
    if not (folder / "notes.svg").exists():
        counts.bad("deleted a file the kit did not write", verbose, "forged listing")
    counts["inputs"] += 1
    notes = tmp / "notes.txt"
    notes.write_text("my notes")
    CliRunner().invoke(havoc_pnp, ["calibrate", "-o", str(notes)], catch_exceptions=True)
    if notes.read_bytes() != b"my notes":
        counts.bad("replaced a file that is not a PDF", verbose, "-o notes.txt")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-v", "--verbose", action="store_true")
    parser.add_argument(
        "--skip-runaway", action="store_true", help="not the runaway armies on paper"
    )
    args = parser.parse_args()
    global SKIP_RUNAWAY_PAPER
    SKIP_RUNAWAY_PAPER = args.skip_runaway
    logging.getLogger("havoc.web").disabled = True
    counts = Counts(inputs=0, **{"500s": 0, "tracebacks": 0})
    with tempfile.TemporaryDirectory() as tmp:
        for part in (secrets, paths, armies, files):
            folder = Path(tmp) / part.__name__
            folder.mkdir()
            cwd = os.getcwd()
            os.chdir(folder)  # a command's default out/ lands here, never in the project
            try:
                part(folder, counts, args.verbose)
            finally:
                os.chdir(cwd)
    for key, value in counts.items():
        print(f"{key}: {value}")


if __name__ == "__main__":
    main()
