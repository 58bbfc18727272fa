"""The Who's Next private links: one token per player, kept in the game file beside the ring.

The tokens live in their own ``web_tokens`` table of the same SQLite file the CLI uses (the
Store's tables are not touched). A token names a seat, the player's case-folded name and the
game's creation time, so a token from a replaced game opens nothing. Connections are kept one
per thread (SQLite connections are not shared between threads).
"""

from __future__ import annotations

import os
import sqlite3
import threading
from dataclasses import dataclass
from pathlib import Path

from companion.web.security import new_token

BUSY_SECONDS = 30.0
TABLE = """CREATE TABLE IF NOT EXISTS web_tokens (
    token TEXT PRIMARY KEY,
    seat INTEGER NOT NULL,
    key TEXT NOT NULL,
    game TEXT NOT NULL
)"""
_local = threading.local()


@dataclass(frozen=True)
class Player:
    """What a player's token opens: his name, whether he lives, his victim while the game
    goes on (None once he is dead or the game is over)."""

    seat: int
    name: str
    alive: bool
    victim: str | None
    over: bool


def _connection(path: Path) -> sqlite3.Connection | None:
    """This thread's connection to ``path`` (reopened if the file was replaced); None when
    there is no file (a look-up never creates one)."""
    try:
        ident = os.stat(path).st_ino
    except OSError:
        return None
    cache: dict[str, tuple[int, sqlite3.Connection]] = getattr(_local, "conns", None) or {}
    _local.conns = cache
    held = cache.get(str(path))
    if held is not None and held[0] == ident:
        return held[1]
    if held is not None:
        held[1].close()
    uri = Path(path).resolve().as_uri() + "?mode=rw"
    conn = sqlite3.connect(uri, uri=True, timeout=BUSY_SECONDS, isolation_level=None)
    cache[str(path)] = (ident, conn)
    return conn


def _has(conn: sqlite3.Connection, table: str) -> bool:
    row = conn.execute(
        "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?", (table,)
    ).fetchone()
    return bool(row[0])


def player_links(path: Path) -> dict[int, tuple[str, str]]:
    """Every player's (name, token) by seat, drawing tokens for players who have none.

    Tokens of an earlier game in the same file are deleted in the same transaction.
    """
    conn = _connection(path)
    if conn is None:
        return {}
    conn.execute("BEGIN IMMEDIATE")
    try:
        if not _has(conn, "game"):
            conn.execute("ROLLBACK")
            return {}
        conn.execute(TABLE)
        game = conn.execute("SELECT created FROM game WHERE id = 1").fetchone()
        if game is None:
            conn.execute("ROLLBACK")
            return {}
        conn.execute("DELETE FROM web_tokens WHERE game != ?", game)
        conn.execute(
            "DELETE FROM web_tokens WHERE NOT EXISTS (SELECT 1 FROM players p "
            "WHERE p.seat = web_tokens.seat AND p.key = web_tokens.key)"
        )
        have = {
            seat: token
            for seat, token in conn.execute("SELECT seat, token FROM web_tokens").fetchall()
        }
        links: dict[int, tuple[str, str]] = {}
        for seat, name, key in conn.execute("SELECT seat, name, key FROM players ORDER BY seat"):
            token = have.get(seat)
            if token is None:
                token = new_token()
                conn.execute(
                    "INSERT INTO web_tokens (token, seat, key, game) VALUES (?, ?, ?, ?)",
                    (token, seat, key, game[0]),
                )
            links[seat] = (name, token)
        conn.execute("COMMIT")
        return links
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise


def forget_all(path: Path) -> None:
    """Delete every player link (a new game is drawn from the web)."""
    conn = _connection(path)
    if conn is not None and _has(conn, "web_tokens"):
        conn.execute("DELETE FROM web_tokens")


# One statement (one consistent snapshot) for the page every phone polls: the token's player
# in the current game, and his victim's name from the game file's players table
# (companion.whos_next.game_file: ``victim`` is the seat of his victim, NULL once dead). The
# ring is one cycle, so a player who hunts himself is the last one standing: the game is over.
PLAYER_QUERY = """
SELECT p.seat, p.name, p.died IS NULL, v.name, p.victim = p.seat
FROM web_tokens t
JOIN game g ON g.id = 1 AND g.created = t.game
JOIN players p ON p.seat = t.seat AND p.key = t.key
LEFT JOIN players v ON v.seat = p.victim
WHERE t.token = ?
"""


def player(path: Path, token: str) -> Player | None:
    """The player ``token`` belongs to in the current game; None for any other token."""
    conn = _connection(path)
    if conn is None:
        return None
    try:
        row = conn.execute(PLAYER_QUERY, (token,)).fetchone()
    except sqlite3.OperationalError:  # no web_tokens table yet: no links were handed out
        return None
    if row is None:
        return None
    seat, name, alive, victim, over = row
    shown = victim if alive and not over else None
    return Player(seat, name, bool(alive), shown, bool(over))
