"""Damaged game files (issue 30 item 3): a truncated file, a name stored as a BLOB, text where
the history or a seat belongs, a trigger, a view or a stray table. Every command that reads the
file answers in one line (exit 2), a player's page answers 503 "the game file cannot be read;
ask the umpire", nothing in the file runs (a trigger never fires) and nothing is changed.
`benchmarks/damaged_games.py` tries more damages against every command and page."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path

import pytest

from companion.errors import DataError
from companion.web.app import create_app
from companion.whos_next.store import Store

NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]
UMPIRE = "U" * 32


def _sql(*statements: str):
    def damage(path: Path) -> None:
        conn = sqlite3.connect(path, isolation_level=None)
        for statement in statements:
            conn.execute(statement)
        conn.close()

    return damage


def _truncate(size: int):
    def damage(path: Path) -> None:
        path.write_bytes(path.read_bytes()[:size])

    return damage


DOUBLE = (
    "CREATE TRIGGER t AFTER INSERT ON history WHEN NEW.op = 'death' BEGIN "
    "INSERT INTO history (op, at, number) VALUES ('death', NEW.at, NEW.number); END"
)
DAMAGES = {
    "truncated": _truncate(2048),
    "name blob": _sql("UPDATE players SET name = CAST(name AS BLOB) WHERE seat = 0"),
    "history text": _sql("UPDATE history SET dead = 'x', number = 'two' WHERE op = 'death'"),
    "seat text": _sql("UPDATE players SET victim = 'Bob' WHERE victim IS NOT NULL"),
    "players text": _sql("UPDATE game SET players = 'six'"),
    "trigger": _sql(DOUBLE),
    "view": _sql("CREATE VIEW v AS SELECT * FROM players"),
    "stray table": _sql("CREATE TABLE stray (x)"),
}
COMMANDS = [
    ["status"],
    ["scores"],
    ["show", "Ann"],
    ["kill", "Ann", "Bob"],
    ["duel", "Cat", "Dan"],
    ["undo"],
    ["new", "-f", "X", "Y", "Z"],
]


@pytest.fixture
def damaged(tmp_path):
    """``damaged(kind)``: a game with one death, damaged that way; (path, a player's token)."""

    def make(kind: str) -> tuple[Path, str]:
        path = tmp_path / f"{kind}.sqlite3"
        with Store(path, create=True) as store:
            store.new_game(NAMES, random.Random(5))
            killer = store.load().players[0]
            store.kill(killer, store.victim(killer)[1])
        with sqlite3.connect(path) as conn:
            (token,) = conn.execute("SELECT token FROM web_tokens LIMIT 1").fetchone()
        conn.close()
        DAMAGES[kind](path)
        return path, token

    return make


@pytest.mark.parametrize("kind", DAMAGES)
def test_every_ring_command_answers_one_line(damaged, havoc, havoc_pnp, tmp_path, kind):
    path, _ = damaged(kind)
    before = path.read_bytes()
    for args in COMMANDS:
        result = havoc("ring", *args, "--game", path)
        assert result.exit_code == 2, (args, result.output, result.exception)
        assert result.output.count("\n") == 1, (args, result.output)
        assert "damaged" in result.output or "not a Havoc Kit" in result.output
    result = havoc_pnp("slips", "--game", path, "-o", tmp_path / "slips")
    assert result.exit_code == 2 and result.output.count("\n") == 1, result.output
    assert path.read_bytes() == before  # nothing written into a damaged file


@pytest.mark.parametrize("kind", DAMAGES)
def test_phone_pages_answer_503_and_umpire_pages_400(damaged, kind):
    path, token = damaged(kind)
    app = create_app(game=path, umpire_token=UMPIRE, testing=True)
    client = app.test_client()
    for url in (f"/p/{token}", f"/p/{token}/qr"):
        answer = client.get(url)
        assert answer.status_code == 503, url
        assert "The game file cannot be read; ask the umpire." in answer.get_data(as_text=True)
        assert str(path) not in answer.get_data(as_text=True)
    for url in (f"/u/{UMPIRE}/", f"/u/{UMPIRE}/slips", f"/u/{UMPIRE}/links"):
        assert client.get(url).status_code in (200, 400), url  # a refusal, never a 500
    csrf = app.extensions["havoc_csrf"].token(UMPIRE)
    before = path.read_bytes()
    for action in ("kill", "duel", "undo", "links"):
        form = {"csrf": csrf, "killer": "0", "victim": "1", "number": "1"}
        assert client.post(f"/u/{UMPIRE}/{action}", data=form).status_code == 302
    assert path.read_bytes() == before


def test_a_trigger_never_fires(damaged):
    """The trigger would double each death: the kill is refused before it is written."""
    path, _ = damaged("trigger")
    with Store(path) as store, pytest.raises(DataError, match="trigger 't'"):
        store.kill("Bob", "Cat")
    conn = sqlite3.connect(path)
    assert conn.execute("SELECT count(*) FROM history WHERE op = 'death'").fetchone() == (1,)
    conn.close()


def test_a_sound_file_is_checked_once_per_change(tmp_path):
    """The check runs again only after another connection wrote the file."""
    path = tmp_path / "g.sqlite3"
    with Store(path, create=True) as store:
        store.new_game(NAMES, random.Random(1))
    with Store(path) as reader:
        assert reader.names() == sorted(NAMES, key=NAMES.index)
        with sqlite3.connect(path) as conn:
            conn.execute("CREATE TABLE stray (x)")
        conn.close()
        with pytest.raises(DataError, match="table 'stray'"):
            reader.names()
