"""The undo race (issue 30 item 8): every undo names the death it undoes — the phone's button
and `havoc ring undo N` alike — so two undos sent at once for the same death undo one.
`benchmarks/undo_race.py` runs the phone against the CLI's own process, round after round."""

from __future__ import annotations

import random
import subprocess
import sys
import threading
from pathlib import Path

from companion.errors import InputError
from companion.web.app import create_app
from companion.whos_next.store import Store

NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]
UMPIRE = "U" * 32
CLI = "import sys; from companion.cli import main; sys.exit(main())"


def _three_deaths(path: Path, seed: int = 1) -> None:
    with Store(path, create=True) as store:
        store.new_game(NAMES, random.Random(seed))
        for _ in range(3):
            ring = store.load()
            killer = next(p for p in ring.players if p in ring.victims)
            store.kill(killer, ring.victims[killer])


def test_eight_threads_undoing_the_same_death_undo_it_once(tmp_path):
    path = tmp_path / "g.sqlite3"
    _three_deaths(path)
    done: list[int] = []
    refused: list[str] = []
    start = threading.Barrier(8)

    def undo() -> None:
        with Store(path) as store:
            start.wait()
            try:
                done.append(store.undo(3).death.number)
            except InputError as error:
                refused.append(str(error))

    threads = [threading.Thread(target=undo) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert done == [3] and len(refused) == 7
    assert all("death 3 is already undone" in why for why in refused)
    with Store(path) as store:
        assert [d.number for d in store.load().deaths] == [1, 2]


def test_the_phone_and_the_cli_at_once_undo_one_death(tmp_path):
    for seed in range(2):
        path = tmp_path / f"g{seed}.sqlite3"
        _three_deaths(path, seed)
        app = create_app(game=path, umpire_token=UMPIRE, testing=True)
        csrf = app.extensions["havoc_csrf"].token(UMPIRE)
        cli = subprocess.Popen(
            [sys.executable, "-c", CLI, "ring", "undo", "3", "--game", str(path)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        web = app.test_client().post(f"/u/{UMPIRE}/undo", data={"csrf": csrf, "number": "3"})
        out, err = cli.communicate(timeout=60)
        assert web.status_code == 302
        assert cli.returncode in (0, 2), err
        with Store(path) as store:
            assert len(store.load().deaths) == 2, (out, err)


def test_a_bare_cli_undo_names_the_last_death_and_undoes_nothing(tmp_path, havoc):
    path = tmp_path / "g.sqlite3"
    _three_deaths(path)
    result = havoc("ring", "undo", "--game", path)
    assert result.exit_code == 2 and result.output.count("\n") == 1
    assert "the last is 3" in result.output and "`havoc ring undo 3`" in result.output
    for number, said in (("2", "is not the last"), ("9", "is not in this game")):
        result = havoc("ring", "undo", number, "--game", path)
        assert result.exit_code == 2 and said in result.output, result.output
    with Store(path) as store:
        assert len(store.load().deaths) == 3
    assert havoc("ring", "undo", "3", "--game", path).exit_code == 0
