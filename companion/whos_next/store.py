"""Who's Next games in a SQLite file: the only module that speaks SQL to it.

One transaction per command, undoable, crash-safe. A kill updates two player rows and adds one
history row inside one ``BEGIN IMMEDIATE`` transaction, so a crash or ``kill -9`` leaves the
game before or after the kill, never between, and two commands on the same file queue up (busy
timeout) instead of corrupting it. The journal is SQLite's default rollback journal (the game is
one file when no command is running). The rules live in `companion.whos_next.ring`; `SqlView`
reads the game for them inside a transaction, and the store writes what they decide.

The players' private links (`companion.whos_next.links` tokens) live in the same file
(``web_tokens``), drawn with the ring in the same transaction; the web asks the store for them
(`links`, `player`) and never writes while it only shows a page.
"""

from __future__ import annotations

import os
import random
import sqlite3
import stat
import threading
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from companion.errors import DataError, InputError
from companion.whos_next import ring as rules
from companion.whos_next.game_file import (
    APPLICATION_ID,
    NO_GAME,
    SCHEMA_VERSION,
    DamagedGame,
    NoGame,
    ReplacedMeanwhile,
    ReplaceRefused,
    death_from_row,
    death_values,
    default_game_path,
)
from companion.whos_next.links import new_token

__all__ = ["NO_GAME", "NoGame", "Outcome", "Player", "ReplaceRefused", "Store"]

BUSY_SECONDS = 30.0
DEATH_COLUMNS = "number, dead, by, hunter, inherited, own, how, rolls"
TOKENS = """CREATE TABLE IF NOT EXISTS web_tokens (
    token TEXT PRIMARY KEY,
    seat INTEGER NOT NULL,
    key TEXT NOT NULL,
    game TEXT NOT NULL
)"""
SCHEMA = f"""
CREATE TABLE game (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    players INTEGER NOT NULL,
    created TEXT NOT NULL
);
CREATE TABLE players (
    seat INTEGER PRIMARY KEY,          -- order entered, from 0
    name TEXT NOT NULL,
    key TEXT NOT NULL UNIQUE,          -- case-folded name, for lookups
    victim INTEGER,                    -- seat of his victim, NULL once dead
    died INTEGER                       -- 1 for the first to die, NULL while alive
);
CREATE INDEX players_victim ON players (victim);
CREATE TABLE history (
    seq INTEGER PRIMARY KEY,
    op TEXT NOT NULL,                  -- 'new' (the ring was drawn) or 'death'
    at TEXT NOT NULL,
    number INTEGER, dead INTEGER, by INTEGER, hunter INTEGER, inherited INTEGER,
    own INTEGER, how TEXT, rolls TEXT
);
{TOKENS};
"""
# One statement (one consistent snapshot) for the page every phone polls: the token's player
# in the current game, his victim's name (``victim`` is a seat, NULL once dead), and whether
# the game is over (one player left).
PLAYER_QUERY = """
SELECT p.seat, p.name, p.died IS NULL, v.name,
       (SELECT count(*) FROM players WHERE died IS NULL) = 1
FROM web_tokens t
JOIN game g ON g.id = 1 AND g.created = t.game
JOIN players p ON p.seat = t.seat AND p.key = t.key
LEFT JOIN players v ON v.seat = p.victim
WHERE t.token = ?
"""


_IDLE = threading.local()  # per thread: file key -> (identity, idle connection), for ``reuse``

# What a game file may hold besides its rows: the kit's tables and indexes exactly as the kit
# writes them (an older kit's file may lack ``web_tokens``). A trigger, a view, another table or
# a table of other columns is refused before anything is read or written: a trigger would run
# inside the kit's own transactions (issue 30 item 8: one doubled a death on `ring kill`).
_SAMPLE = sqlite3.connect(":memory:")
for _statement in SCHEMA.split(";")[:-1]:
    _SAMPLE.execute(_statement)
KIT_SCHEMA = frozenset(_SAMPLE.execute("SELECT type, name, tbl_name, sql FROM sqlite_master"))
_SAMPLE.close()
# Each row's types as the kit writes them (SQLite keeps whatever a hand-edit stores: a name as a
# BLOB, text where a seat belongs); each query counts the rows that break them.
_INT = "typeof({}) = 'integer'"
_INT_OR_NULL = "typeof({}) IN ('integer', 'null')"
_TEXT = "typeof({}) = 'text'"
_DEATH = " AND ".join(_INT.format(c) for c in DEATH_COLUMNS.split(", ")[:6])
ROW_CHECKS = {
    "game": f"""SELECT count(*) FROM game WHERE NOT ({_INT.format("id")} AND id = 1
        AND {_INT.format("players")} AND players BETWEEN 2 AND {rules.MAX_PLAYERS}
        AND {_TEXT.format("created")} AND length(created) <= 64)""",
    "players": f"""SELECT count(*) FROM players WHERE NOT ({_INT.format("seat")}
        AND seat BETWEEN 0 AND {rules.MAX_PLAYERS}
        AND {_TEXT.format("name")} AND length(name) BETWEEN 1 AND {rules.MAX_NAME}
        AND {_TEXT.format("key")} AND length(key) <= {4 * rules.MAX_NAME}
        AND {_INT_OR_NULL.format("victim")} AND {_INT_OR_NULL.format("died")})""",
    "history": f"""SELECT count(*) FROM history WHERE NOT ({_INT.format("seq")}
        AND {_TEXT.format("at")} AND length(at) <= 64 AND (
            (op = 'new' AND number IS NULL AND dead IS NULL) OR
            (op = 'death' AND {_DEATH} AND how IN ('kill', 'duel')
             AND typeof(rolls) IN ('text', 'null') AND length(rolls) <= 4096)))""",
    "web_tokens": f"""SELECT count(*) FROM web_tokens WHERE NOT ({_TEXT.format("token")}
        AND length(token) <= 64 AND {_INT.format("seat")} AND {_TEXT.format("key")}
        AND {_TEXT.format("game")})""",
}


class GameConnection(sqlite3.Connection):
    """A connection to a game file that remembers up to which change (SQLite's
    ``data_version``) it found the file sound, so a page polled every few seconds checks the
    file again only after another connection wrote it."""

    checked: int | None = None


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds")


@dataclass(frozen=True)
class Outcome:
    """A death written (or undone), with the game's state right after it (``winner``: the
    last one standing, once only one is left)."""

    death: rules.Death
    alive: int
    winner: str | None


@dataclass(frozen=True)
class Player:
    """What a player's private link opens: his name, whether he lives, his victim while the
    game goes on (None once he is dead or the game is over), whether the game is over."""

    seat: int
    name: str
    alive: bool
    victim: str | None
    over: bool


class SqlView:
    """`companion.whos_next.ring.RingView` over a game file, inside the store's transaction."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn
        self._rows: dict[str, tuple[int, int | None, int | None]] = {}  # name -> seat,victim,died
        self._names: dict[int, str] = {}

    def _remember(self, row: tuple) -> str:
        seat, name, victim, died = row
        self._rows[name] = (seat, victim, died)
        self._names[seat] = name
        return name

    def name_at(self, seat: int) -> str:
        if seat not in self._names:
            row = self.conn.execute(
                "SELECT seat, name, victim, died FROM players WHERE seat = ?", (seat,)
            ).fetchone()
            if row is None:
                raise DamagedGame(f"game file damaged: no player in seat {seat}")
            self._remember(row)
        return self._names[seat]

    def seat(self, player: str) -> int:
        return self._rows[player][0]

    def lookup(self, name: str) -> str | None:
        row = self.conn.execute(
            "SELECT seat, name, victim, died FROM players WHERE key = ?", (rules.name_key(name),)
        ).fetchone()
        return None if row is None else self._remember(row)

    def is_alive(self, player: str) -> bool:
        return self._rows[player][2] is None

    def victim_of(self, player: str) -> str:
        victim = self._rows[player][1]
        if victim is None:
            raise DamagedGame(f"game file damaged: {player} is alive but has no victim")
        return self.name_at(victim)

    def hunter_of(self, player: str) -> str:
        row = self.conn.execute(
            "SELECT seat, name, victim, died FROM players WHERE victim = ?", (self.seat(player),)
        ).fetchone()
        if row is None:
            raise DamagedGame(f"game file damaged: nobody hunts {player}")
        return self._remember(row)

    def player_count(self) -> int:
        row = self.conn.execute("SELECT players FROM game WHERE id = 1").fetchone()
        if row is None:
            raise NoGame()
        return row[0]

    def death_count(self) -> int:
        row = self.conn.execute("SELECT number FROM history ORDER BY seq DESC LIMIT 1").fetchone()
        return 0 if row is None or row[0] is None else row[0]

    def alive_count(self) -> int:
        return self.player_count() - self.death_count()

    def winner(self) -> str | None:
        if self.alive_count() != 1:
            return None
        row = self.conn.execute(
            "SELECT seat, name, victim, died FROM players WHERE died IS NULL"
        ).fetchone()
        return self._remember(row)


class Store:
    """One open game file. ``create=True`` (for `ring new`) makes the file if needed (0600:
    the ring is secret)."""

    def __init__(
        self,
        path: str | os.PathLike[str] | None = None,
        *,
        create: bool = False,
        reuse: bool = False,
    ):
        """``reuse``: take this thread's idle connection to the same file if it has one, and
        leave it idle on `close` (the web opens a store per request; a fresh SQLite connection
        costs more than the player's page itself)."""
        self.path = Path(path) if path is not None else default_game_path()
        self._reuse = reuse
        self._held: tuple[str, tuple[int, int]] = ("", (0, 0))  # pool key, identity (`_idle`)
        self._checked = False  # the ring checked to be one cycle (before the first write)
        info: os.stat_result | None = None
        try:
            info = os.stat(self.path)
            is_dir = stat.S_ISDIR(info.st_mode)
        except FileNotFoundError:
            is_dir = None
        except OSError as exc:
            raise DataError(f"cannot open the game file: {exc.strerror}", self.path) from None
        if is_dir:
            raise InputError(f"{self.path} is a directory, not a game file")
        if is_dir is None:
            if not create:
                raise NoGame()
            self._make_folder()
            try:
                os.close(os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
            except FileExistsError:
                pass  # another command made it first
            except OSError as exc:
                raise DataError(f"cannot create the game file: {exc.strerror}", self.path) from None
        self._create = create
        try:
            idle = self._idle(info)
            self.conn = idle or self._connect()
        except sqlite3.Error as exc:
            raise DataError(f"cannot open the game file: {exc}", self.path) from None
        try:
            if idle is None:  # an idle connection's file passed; `_verify` checks it again
                self._check_file(create)  # whenever another connection has changed it
        except sqlite3.DatabaseError:
            self.conn.close()
            raise DamagedGame(
                "not a Havoc Kit game database, or a damaged one", self.path
            ) from None
        except BaseException:
            self.conn.close()
            raise

    def _connect(self) -> GameConnection:
        conn = sqlite3.connect(
            self.path, timeout=BUSY_SECONDS, isolation_level=None, factory=GameConnection
        )
        conn.execute("PRAGMA trusted_schema = OFF")  # no SQL function runs from the schema
        return conn

    def _verify(self) -> None:
        """Inside a transaction: the file is sound (SQLite's quick check), holds only the
        kit's tables and indexes and rows of the kit's types; else `DamagedGame`. Checked
        again only after another connection changed the file, its header too (`_check_file`:
        a store that took an idle connection left that to here)."""
        conn = self.conn
        version = conn.execute("PRAGMA data_version").fetchone()[0]
        if isinstance(conn, GameConnection) and conn.checked == version:
            return
        self._check_file(self._create)
        problem = self._problem()
        if problem is not None:
            raise DamagedGame(f"game file damaged: {problem}", self.path)
        if isinstance(conn, GameConnection):
            conn.checked = version

    def _problem(self) -> str | None:
        """What is wrong with the file, or None."""
        found = self.conn.execute("SELECT type, name, tbl_name, sql FROM sqlite_master").fetchall()
        for kind, name, _table, _sql in found:
            if (kind, name, _table, _sql) not in KIT_SCHEMA:
                what = name if isinstance(name, str) else "?"
                return f"it holds a {kind} {what[:30]!r} no Havoc Kit writes"
        (verdict,) = self.conn.execute("PRAGMA quick_check(1)").fetchone()
        if verdict != "ok":
            return "SQLite finds it broken"
        tables = {name for kind, name, *_ in found if kind == "table"}
        for table, query in ROW_CHECKS.items():
            if table in tables and self.conn.execute(query).fetchone()[0]:
                return f"a row of {table} holds what no Havoc Kit writes"
        return None

    def _header(self) -> tuple[int, int] | None:
        """(application_id, user_version) from the SQLite file header, read as bytes (no
        query: the phone page opens a store per request); None for an empty file."""
        with open(self.path, "rb") as handle:
            head = handle.read(100)
        if not head:
            return None
        if len(head) < 100 or not head.startswith(b"SQLite format 3\0"):
            raise sqlite3.DatabaseError("not a database")
        return int.from_bytes(head[68:72], "big"), int.from_bytes(head[60:64], "big")

    def _check_file(self, create: bool) -> None:
        app_id, version = self._header() or (0, 0)
        if app_id == APPLICATION_ID:
            if version > SCHEMA_VERSION:
                raise DataError(
                    f"game file made by a newer Havoc Kit (schema {version}); upgrade the kit",
                    self.path,
                )
        elif app_id != 0 or self.conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]:
            raise DataError("not a Havoc Kit game database", self.path)
        elif not create:
            raise NoGame()
        # SQLite's defaults are kept on purpose: a rollback journal (one file at rest, a hot
        # journal rolled back by the next open after a crash) and synchronous = FULL. WAL was
        # measured slower here: every command opens and closes the file, and each close
        # checkpoints the WAL.

    def _make_folder(self) -> None:
        """The default game file's folder is made as needed (a fresh machine has none); a
        file named by the user goes only into a folder that exists (a typo never makes one)."""
        folder = self.path.parent
        if folder.is_dir():
            return
        if self.path != default_game_path():
            raise InputError(
                f"cannot create the game file {self.path}: the folder {folder} does not exist "
                "(make it first, or give another file)"
            )
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise DataError(f"cannot create the game file: {exc.strerror}", self.path) from None

    def _idle(self, info: os.stat_result | None) -> sqlite3.Connection | None:
        """This thread's idle connection to the file (only with ``reuse``). ``info``: the
        file's status as the store found it (None: the store made it), whose identity (device
        and inode: a replaced file is another) the connection is kept under (`close`)."""
        if not self._reuse:
            return None
        info = info or os.stat(self.path)
        self._held = key, ident = os.path.abspath(self.path), (info.st_dev, info.st_ino)
        held = _IDLE.__dict__.setdefault("conns", {}).pop(key, None)
        if held is not None and held[0] == ident:
            return held[1]
        if held is not None:
            held[1].close()
        return None

    def close(self) -> None:
        """Close the connection; with ``reuse`` leave it idle for this thread's next store,
        under the identity of the file it was opened on (a file replaced meanwhile is another:
        the next store opens the new one)."""
        if self._reuse and not self.conn.in_transaction:
            key, ident = self._held
            old = _IDLE.__dict__.setdefault("conns", {}).get(key)
            if old is not None and old[1] is not self.conn:
                old[1].close()
            _IDLE.conns[key] = (ident, self.conn)
            return
        self.conn.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------------ transactions

    @contextmanager
    def _transaction(self, write: bool) -> Iterator[SqlView]:
        try:
            self.conn.execute("BEGIN IMMEDIATE" if write else "BEGIN")
        except sqlite3.OperationalError as exc:
            raise DataError(f"game file busy or unwritable: {exc}", self.path) from None
        except sqlite3.DatabaseError as exc:
            raise DamagedGame(f"game file damaged: {exc}", self.path) from None
        try:
            try:
                self._verify()
            except sqlite3.DatabaseError as exc:
                raise DamagedGame(f"game file damaged: {exc}", self.path) from None
            yield SqlView(self.conn)
            self._commit()
        except sqlite3.DatabaseError as exc:
            self._rollback()
            raise DataError(f"game file not changed: {exc}", self.path) from None
        except BaseException:
            self._rollback()
            raise

    def _commit(self) -> None:
        self.conn.execute("COMMIT")

    def _rollback(self) -> None:
        try:
            if self.conn.in_transaction:  # a failed COMMIT may already have rolled back
                self.conn.execute("ROLLBACK")
        except sqlite3.Error:
            pass  # a file too damaged to roll back: the connection is closed with the store

    def _has_table(self, table: str) -> bool:
        row = self.conn.execute(
            "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?", (table,)
        ).fetchone()
        return bool(row[0])

    def stamp(self) -> str | None:
        """When the saved game was drawn (None: no game): names the game a form replaces."""
        with self._transaction(write=False):
            return self._stamp() if self._has_game() else None

    def _stamp(self) -> str:
        return self.conn.execute("SELECT created FROM game WHERE id = 1").fetchone()[0]

    def _has_game(self) -> bool:
        if not self._has_table("game"):
            return False
        return self.conn.execute("SELECT count(*) FROM game").fetchone()[0] > 0

    def _require_game(self) -> None:
        if not self._has_game():
            raise NoGame()

    def _require_one_cycle(self) -> None:
        """Before this store's first change: the saved ring is one cycle, else refused."""
        if self._checked:
            return
        rows = self.conn.execute("SELECT seat, victim FROM players WHERE died IS NULL").fetchall()
        if not rules.is_single_cycle(dict(rows)):
            raise DamagedGame("game file damaged: the ring is not one cycle", self.path)
        self._checked = True

    def has_game(self) -> bool:
        """True when the file holds a game (in progress or finished)."""
        with self._transaction(write=False):
            return self._has_game()

    # ------------------------------------------------------------------ operations

    def new_game(
        self,
        names: Iterable[str],
        rng: random.Random | None = None,
        *,
        force: bool = False,
        order: bool = False,
        replacing: str | None = None,
    ) -> tuple[rules.Ring, str | None]:
        """Draw a new ring and every player's private link; refuse to replace any saved game
        (in progress, or finished and keeping its scores) unless ``force`` (`ReplaceRefused`).

        ``order=True``: ``names`` are the ring as the umpire arranged it (each hunts the next,
        the last hunts the first) instead of a random draw; the players are then kept in name
        order, so nothing that lists them (`ring status`) gives the ring away.

        ``replacing``: the `stamp` of the game the umpire saw when he asked to replace it; a
        different game there now (his form sent twice: the first drew a new ring and handed
        out its links) is refused (`ReplacedMeanwhile`) rather than replaced in turn.

        Returns the ring and, when a game was replaced, a note saying which.
        """
        ring = rules.arranged_ring(names) if order else rules.new_ring(names, rng)
        with self._transaction(write=True) as view:
            replaced = None
            if self._has_game():
                alive, total = view.alive_count(), view.player_count()
                last = view.winner()
                if not force:
                    raise ReplaceRefused(alive, total, last)
                if replacing is not None and replacing != self._stamp():
                    raise ReplacedMeanwhile()
                replaced = (
                    f"replaced the game in progress ({alive} of {total} alive)"
                    if last is None
                    else "replaced the finished game"
                )
                self.conn.execute("DELETE FROM history")
                self.conn.execute("DELETE FROM players")
                self.conn.execute("DELETE FROM game")
                self.conn.execute(TOKENS)
                self.conn.execute("DELETE FROM web_tokens")
            else:
                for statement in SCHEMA.split(";")[:-1]:  # executescript would commit
                    self.conn.execute(statement)
                self.conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                self.conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            seats = {name: i for i, name in enumerate(ring.players)}
            self.conn.executemany(
                "INSERT INTO players (seat, name, key, victim, died) VALUES (?, ?, ?, ?, NULL)",
                ((seats[p], p, rules.name_key(p), seats[ring.victims[p]]) for p in ring.players),
            )
            created = _now()
            self.conn.execute(
                "INSERT INTO game (id, players, created) VALUES (1, ?, ?)",
                (len(ring.players), created),
            )
            self.conn.execute("INSERT INTO history (op, at) VALUES ('new', ?)", (created,))
            self._draw_links(created)
            self._checked = True
        return ring, replaced

    def _apply(self, view: SqlView, death: rules.Death) -> None:
        self.conn.execute(
            "UPDATE players SET victim = NULL, died = ? WHERE seat = ?",
            (death.number, view.seat(death.dead)),
        )
        self.conn.execute(
            "UPDATE players SET victim = ? WHERE seat = ?",
            (view.seat(death.inherited), view.seat(death.hunter)),
        )
        self.conn.execute(
            f"INSERT INTO history (op, at, {DEATH_COLUMNS})"
            " VALUES ('death', ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (_now(), *death_values(view.seat, death)),
        )

    def kill(self, killer: str, victim: str) -> Outcome:
        """The umpire confirms KILLER killed his own VICTIM."""
        with self._transaction(write=True) as view:
            self._require_game()
            self._require_one_cycle()
            death = rules.plan_kill(view, killer, victim)
            self._apply(view, death)
            return Outcome(death, view.alive_count(), view.winner())

    def duel(
        self,
        attacker: str,
        defender: str,
        effect_of: Callable[[int], str],
        roll: Callable[[], int],
        check: Callable[[], None] | None = None,
        *,
        contest_at: int,
        more: Callable[[], bool] | None = None,
    ) -> Outcome:
        """Roll ATTACKER against DEFENDER (see `companion.whos_next.ring.plan_duel`) and apply it.

        ``check`` runs after the dice, before anything is written (e.g. refusing dice the
        user gave that the duel did not use); ``more``: whether another die can be had.
        """
        with self._transaction(write=True) as view:
            self._require_game()
            self._require_one_cycle()
            death = rules.plan_duel(
                view, attacker, defender, effect_of, roll, contest_at=contest_at, more=more
            )
            if check is not None:
                check()
            self._apply(view, death)
            return Outcome(death, view.alive_count(), view.winner())

    def undo(self, number: int | None = None) -> Outcome:
        """Step back over the last death; the drawing of the ring cannot be undone.

        ``number``: the death the caller means (the web's button names it), so a repeated
        request is refused instead of undoing the death before it.
        """
        with self._transaction(write=True) as view:
            self._require_game()
            row = self.conn.execute(
                f"SELECT seq, op, {DEATH_COLUMNS} FROM history ORDER BY seq DESC LIMIT 1"
            ).fetchone()
            if row is None or row[1] != "death":
                raise InputError("nothing to undo: nobody has died since the ring was drawn")
            if number is not None and row[2] != number:
                said = {True: "is already undone", False: "is not the last"}[number > row[2]]
                if number > row[2] + 1:
                    said = "is not in this game"
                raise InputError(f"death {number} {said} (the last death is now number {row[2]})")
            seq, _op, last, dead, _by, hunter, inherited = row[:7]
            hunter_row = self.conn.execute(
                "SELECT victim, died FROM players WHERE seat = ?", (hunter,)
            ).fetchone()
            dead_row = self.conn.execute(
                "SELECT died FROM players WHERE seat = ?", (dead,)
            ).fetchone()
            if hunter_row != (inherited, None) or dead_row != (last,):
                raise DamagedGame(
                    "game file damaged: the last death does not match the ring", self.path
                )
            self.conn.execute("UPDATE players SET victim = ? WHERE seat = ?", (dead, hunter))
            self.conn.execute(
                "UPDATE players SET victim = ?, died = NULL WHERE seat = ?", (inherited, dead)
            )
            self.conn.execute("DELETE FROM history WHERE seq = ?", (seq,))
            death = death_from_row(view.name_at, row[2:], self.path)
            return Outcome(death, view.alive_count(), None)

    def last_death(self) -> rules.Death | None:
        """The last death (the one `undo` would step back over), or None."""
        with self._transaction(write=False) as view:
            self._require_game()
            row = self.conn.execute(
                f"SELECT op, {DEATH_COLUMNS} FROM history ORDER BY seq DESC LIMIT 1"
            ).fetchone()
            if row is None or row[0] != "death":
                return None
            return death_from_row(view.name_at, row[1:], self.path)

    def victim(self, player: str) -> tuple[str, str]:
        """(player as entered, his current victim): the umpire's private look-up."""
        with self._transaction(write=False) as view:
            self._require_game()
            victim = rules.victim(view, player)
            return view.lookup(player) or player, victim

    def names(self, *, alive_only: bool = False) -> list[str]:
        """The players' names in seat order (entry order, or name order for an arranged
        ring), only the alive ones if ``alive_only``: for naming players by prefix and for
        shell completion. Never the ring order."""
        where = " WHERE died IS NULL" if alive_only else ""
        with self._transaction(write=False):
            self._require_game()
            rows = self.conn.execute(f"SELECT name FROM players{where} ORDER BY seat").fetchall()
        return [name for (name,) in rows]

    def load(self) -> rules.Ring:
        """The whole game as an in-memory `Ring` (checked to be one cycle)."""
        with self._transaction(write=False):
            self._require_game()
            rows = self.conn.execute(
                "SELECT seat, name, victim, died FROM players ORDER BY seat"
            ).fetchall()
            history = self.conn.execute(
                f"SELECT {DEATH_COLUMNS} FROM history WHERE op = 'death' ORDER BY seq"
            ).fetchall()
        names = {seat: name for seat, name, _v, _d in rows}
        try:
            victims = {name: names[v] for _s, name, v, died in rows if died is None}
            deaths = tuple(death_from_row(names.__getitem__, row, self.path) for row in history)
        except KeyError:
            raise DamagedGame("game file damaged: a victim is not a player", self.path) from None
        if not rules.is_single_cycle(victims):
            raise DamagedGame("game file damaged: the ring is not one cycle", self.path)
        return rules.Ring(tuple(names[s] for s, *_ in rows), victims, deaths)

    # ------------------------------------------------------------------ private links

    def _draw_links(self, game: str) -> None:
        """A token for every player of game ``game`` who has none (inside a write)."""
        held = self.conn.execute("SELECT seat FROM web_tokens WHERE game = ?", (game,))
        have = {seat for (seat,) in held}
        rows = self.conn.execute("SELECT seat, key FROM players ORDER BY seat").fetchall()
        self.conn.executemany(
            "INSERT INTO web_tokens (token, seat, key, game) VALUES (?, ?, ?, ?)",
            ((new_token(), seat, key, game) for seat, key in rows if seat not in have),
        )

    def links(self) -> dict[int, tuple[str, str]]:
        """Every player's (name, token) by seat, as drawn with the ring; read only (a game
        from an older kit may have none: `issue_links` draws them)."""
        with self._transaction(write=False):
            if not self._has_game() or not self._has_table("web_tokens"):
                return {}
            rows = self.conn.execute(
                "SELECT p.seat, p.name, t.token FROM players p "
                "JOIN web_tokens t ON t.seat = p.seat AND t.key = p.key "
                "JOIN game g ON g.id = 1 AND g.created = t.game ORDER BY p.seat"
            ).fetchall()
        return {seat: (name, token) for seat, name, token in rows}

    def issue_links(self) -> dict[int, tuple[str, str]]:
        """Draw the private links a game still lacks (one made by an older kit); the tokens of
        any earlier game in the file are deleted in the same transaction."""
        with self._transaction(write=True):
            self._require_game()
            self.conn.execute(TOKENS)
            (created,) = self.conn.execute("SELECT created FROM game WHERE id = 1").fetchone()
            self.conn.execute("DELETE FROM web_tokens WHERE game != ?", (created,))
            self.conn.execute(
                "DELETE FROM web_tokens WHERE NOT EXISTS (SELECT 1 FROM players p "
                "WHERE p.seat = web_tokens.seat AND p.key = web_tokens.key)"
            )
            self._draw_links(created)
        return self.links()

    def player(self, token: str) -> Player | None:
        """The player ``token`` belongs to in the current game; None for any other token."""
        with self._transaction(write=False):  # checked, then one consistent snapshot
            try:
                row = self.conn.execute(PLAYER_QUERY, (token,)).fetchone()
            except sqlite3.OperationalError:
                if not self._has_table("web_tokens"):  # a game from an older kit: no links
                    return None
                raise
        if row is None:
            return None
        seat, name, alive, victim, over = row
        shown = victim if alive and not over else None
        return Player(seat, name, bool(alive), shown, bool(over))
