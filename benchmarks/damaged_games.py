"""Damaged Who's Next game files against every command and page that reads one (issue 30 item 3).

A game is drawn (8 players, 2 deaths), then damaged as a user's stray edit or a hostile file
would: truncated, a name stored as a BLOB, text where the history or a seat belongs, a trigger,
a view, a stray table, a wrong type in the game row. Each damaged file is given to the CLI
(`havoc ring status/scores/show/kill/duel/undo/new -f`, `havoc-pnp slips`, in-process) and to
the phone pages (player page and QR, umpire pages, umpire POSTs, through Flask's test client).

Printed: inputs tried, tracebacks (CLI exits other than 0 and 2, or an exception out of a
command), 500s (a player's page must answer 503), CLI refusals longer than one line, and
"schema obeyed": a command or page that went on over a trigger, view or table no kit writes
(a page shown, or a form that changed the file).

Run: python benchmarks/damaged_games.py [-v]
"""

from __future__ import annotations

import argparse
import logging
import random
import shutil
import sqlite3
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from click.testing import CliRunner

from companion.cli import main as havoc
from companion.web.app import create_app
from companion.whos_next.store import Store
from generator.cli import main as havoc_pnp

NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]
UMPIRE = "U" * 32


def _sql(*statements: str) -> Callable[[Path], None]:
    def damage(path: Path) -> None:
        conn = sqlite3.connect(path, isolation_level=None)
        for statement in statements:
            conn.execute(statement)
        conn.close()

    return damage


def _truncate(size: int) -> Callable[[Path], None]:
    def damage(path: Path) -> None:
        data = path.read_bytes()[:size]
        path.write_bytes(data)

    return damage


DAMAGE: dict[str, Callable[[Path], None]] = {
    "truncated 2048": _truncate(2048),
    "truncated 4096": _truncate(4096),
    "truncated 100": _truncate(100),
    "name as blob": _sql("UPDATE players SET name = x'414e4e' WHERE seat = 0"),
    "all names blob": _sql("UPDATE players SET name = CAST(name AS BLOB)"),
    "history text": _sql("UPDATE history SET dead = 'x', hunter = 'y' WHERE op = 'death'"),
    "history number text": _sql("UPDATE history SET number = 'two' WHERE op = 'death'"),
    "rolls not json": _sql("UPDATE history SET rolls = '[[[' WHERE op = 'death'"),
    "rolls blob": _sql("UPDATE history SET rolls = x'00ff' WHERE op = 'death'"),
    "players seat text": _sql("UPDATE players SET victim = 'Bob' WHERE died IS NULL AND seat = 1"),
    "died text": _sql("UPDATE players SET died = 'yes' WHERE died IS NOT NULL"),
    "game players text": _sql("UPDATE game SET players = 'eight'"),
    "game created blob": _sql("UPDATE game SET created = x'00'"),
    "token blob": _sql("UPDATE web_tokens SET seat = 'zero'"),
    "trigger doubles": _sql(
        "CREATE TRIGGER t AFTER INSERT ON history WHEN NEW.op = 'death' BEGIN "
        "INSERT INTO history (op, at, number) VALUES ('death', NEW.at, NEW.number); END"
    ),
    "view": _sql("CREATE VIEW v AS SELECT * FROM players"),
    "stray table": _sql("CREATE TABLE stray (x)"),
    "history op odd": _sql("UPDATE history SET op = 'zap' WHERE op = 'death'"),
    "huge name": _sql("UPDATE players SET name = printf('%.*c', 100000, 'A') WHERE seat = 2"),
}

FOREIGN = {"trigger doubles", "view", "stray table"}  # schema objects no kit writes: refused


def _game(folder: Path) -> Path:
    path = folder / "g.sqlite3"
    with Store(path, create=True) as store:
        store.new_game(NAMES, random.Random(3))
        ring = store.load()
        for _ in range(2):
            killer = next(p for p in ring.players if p in ring.victims)
            store.kill(killer, ring.victims[killer])
            ring = store.load()
    return path


def _cli(game: Path, out: Path) -> list[tuple[str, Callable[[], object], list[str]]]:
    g = ["-g", str(game)]
    return [
        ("ring status", havoc, ["ring", "status", *g]),
        ("ring scores", havoc, ["ring", "scores", *g]),
        ("ring show", havoc, ["ring", "show", "Ann", *g]),
        ("ring kill", havoc, ["ring", "kill", "Ann", "Bob", *g]),
        ("ring duel", havoc, ["ring", "duel", "Cat", "Dan", *g]),
        ("ring undo", havoc, ["ring", "undo", *g]),
        ("ring new -f", havoc, ["ring", "new", "-f", "A1", "B1", "C1", *g]),
        ("status --json", havoc, ["ring", "status", "--json", *g]),
        ("slips", havoc_pnp, ["slips", "--game", str(game), "-o", str(out)]),
    ]


def run(verbose: bool = False) -> dict[str, int]:
    logging.getLogger("havoc.web").disabled = True  # the 500s are counted, not logged
    counts = {"inputs": 0, "tracebacks": 0, "500s": 0, "long answers": 0, "schema obeyed": 0}
    runner = CliRunner()
    with tempfile.TemporaryDirectory() as tmp:
        base = _game(Path(tmp))
        for name, damage in DAMAGE.items():
            steps = [(label, "cli", cmd, args) for label, cmd, args in _cli(Path(), Path())]
            web = [
                "GET /p/T", "GET /p/T/qr", "GET /u/U/", "GET /u/U/slips", "GET /u/U/links",
                "GET /u/U/new", "POST /u/U/kill", "POST /u/U/duel", "POST /u/U/undo",
                "POST /u/U/links", "POST /u/U/new",
            ]  # fmt: skip
            for step in [*steps, *web]:
                folder = Path(tmp) / f"case{counts['inputs']}"
                folder.mkdir()
                game = folder / "g.sqlite3"
                shutil.copy(base, game)
                token = next(iter(_tokens(game)), "T" * 32)
                damage(game)
                counts["inputs"] += 1
                if isinstance(step, tuple):
                    label = step[0]
                    cmd, args = next((c, a) for lab, c, a in _cli(game, folder) if lab == label)
                    result = runner.invoke(cmd, args, catch_exceptions=True)
                    text = result.output.strip()
                    bad = result.exit_code not in (0, 2) or (
                        result.exception is not None
                        and not isinstance(result.exception, SystemExit)
                    )
                    if bad:
                        counts["tracebacks"] += 1
                        _say(verbose, f"TRACEBACK {name}: {label}: {result.exception!r}")
                    elif result.exit_code == 0 and name in FOREIGN:
                        counts["schema obeyed"] += 1
                        _say(verbose, f"OBEYED {name}: {label}")
                    elif result.exit_code == 2 and len(text.splitlines()) > 1:
                        counts["long answers"] += 1
                        _say(verbose, f"LONG {name}: {label}: {text[:200]!r}")
                else:
                    method, url = step.split()
                    url = url.replace("/p/T", f"/p/{token}").replace("/u/U", f"/u/{UMPIRE}")
                    app = create_app(game=game, umpire_token=UMPIRE)
                    client = app.test_client()
                    csrf = app.extensions["havoc_csrf"].token(UMPIRE)
                    form = {"csrf": csrf, "killer": "Ann", "victim": "Bob", "attacker": "Cat",
                            "defender": "Dan", "number": "2", "names": "A1\nB1\nC1",
                            "force": "1", "replace": "1"}  # fmt: skip
                    before = game.read_bytes()
                    answer = client.get(url) if method == "GET" else client.post(url, data=form)
                    changed = game.read_bytes() != before
                    if answer.status_code >= 500 and not (
                        url.startswith("/p/") and answer.status_code == 503
                    ):
                        counts["500s"] += 1
                        _say(verbose, f"{answer.status_code} {name}: {step}")
                    elif name in FOREIGN and (
                        changed if method == "POST" else answer.status_code < 400
                    ):
                        counts["schema obeyed"] += 1
                        _say(verbose, f"OBEYED {name}: {step}")
    return counts


def _tokens(game: Path) -> list[str]:
    conn = sqlite3.connect(game)
    try:
        return [t for (t,) in conn.execute("SELECT token FROM web_tokens ORDER BY seat")]
    finally:
        conn.close()


def _say(verbose: bool, line: str) -> None:
    if verbose:
        print(line[:300])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-v", "--verbose", action="store_true", help="print each failure")
    args = parser.parse_args()
    counts = run(args.verbose)
    print(f"damages: {len(DAMAGE)}")
    for key, value in counts.items():
        print(f"{key}: {value}")
    sys.exit(0)


if __name__ == "__main__":
    main()
