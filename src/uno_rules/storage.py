"""Where the referee service keeps its games: in memory, in a SQLite file, or in PostgreSQL.

Only :mod:`uno_rules.server` imports this module. A game is its state (a snapshot, see
:func:`uno_rules.snapshot.dump_state`), the hashes of its seats' tokens and its log: one
entry per accepted move, each holding the events as every seat may see them. The game's
*version* is the number of entries in its log.

A move is kept by :meth:`Store.commit`, which succeeds only if the game is still at the
version the move was ruled on (compare-and-set, in one transaction with the new log entry):
two server processes sharing a database can never both apply a move to one game. The one
that loses rules again on the new state.

- ``memory``: nothing is kept when the process ends.
- ``sqlite:///PATH`` (or ``sqlite:PATH``): a SQLite file in WAL mode, each move written
  through to disk (``synchronous=FULL``) before it is answered. Several processes on one
  machine may share the file.
- ``postgresql://...``: a PostgreSQL database (extra ``postgres``: psycopg 3), for several
  server processes on one machine or many.
"""

from __future__ import annotations

import json
import os
import queue
import sqlite3
import threading
from abc import ABC, abstractmethod
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from attrs import define, evolve

from .errors import Problem
from .i18n import N_
from .snapshot import dump_state, load_state
from .state import GameState

__all__ = [
    "Game",
    "MemoryStore",
    "PostgresStore",
    "SQLiteStore",
    "Store",
    "StoreError",
    "StoreFull",
    "StoreUnavailable",
    "open_store",
]

STATE_CACHE = 256  # states kept decoded per process; the store holds the truth
DEAL_SHARE = 0.9  # new games may fill this share of ``max_bytes``: the rest is for moves


class StoreError(Exception):
    """A store that cannot be opened or used: one line naming the problem (its argument,
    a :class:`~uno_rules.errors.Problem`, said in any language)."""


class StoreUnavailable(Exception):
    """The store cannot be reached for now (its database is down, restarting, or locked
    for too long): nothing was changed, and the request may be sent again later."""


class StoreFull(Exception):
    """The store keeps as many bytes as it may (:attr:`Store.max_bytes`): nothing was
    changed; pruning old games makes room."""


def _store_error(message: str, **facts: object) -> StoreError:
    return StoreError(Problem("", message, facts))


@define
class Game:
    """One game as the service keeps it."""

    id: str
    players: int
    tokens: tuple[str, ...]  # the SHA-256 of each seat's token, hex
    state: GameState
    version: int = 0
    finished: bool = False
    touched: float = 0.0  # when a seat last moved (or the game was dealt), seconds


def entry_row(
    index: int,
    seat: int | None,
    move: str,
    views: list[list[dict[str, Any]]],
    clause: str | None = None,
) -> str:
    """One log entry as stored: the events as each seat may see them, JSON; and the clause
    that allowed the move (a retried move is answered with it again)."""
    data: dict[str, Any] = {"seat": seat, "move": move, "views": views}
    if clause is not None:
        data["clause"] = clause
    return json.dumps(data, separators=(",", ":"))


def entry_move(raw: str) -> tuple[int | None, str, str | None]:
    """A stored entry's seat, move and clause (``None`` for an entry kept without one)."""
    data = json.loads(raw)
    return data["seat"], data["move"], data.get("clause")


def _entry_for(index: int, raw: str, seat: int) -> dict[str, Any]:
    data = json.loads(raw)
    return {
        "index": index,
        "seat": data["seat"],
        "move": data["move"],
        "events": data["views"][seat],
    }


def _state_text(state: GameState) -> str:
    return json.dumps(dump_state(state))


def _game_bytes(game: Game, state_text: str) -> int:
    """What a newly dealt game takes in the store: its state and its tokens' hashes, as
    stored (ASCII JSON: one byte a character)."""
    return len(state_text) + len(json.dumps(list(game.tokens)))


class Store(ABC):
    """The interface every backend offers; each method is one short transaction, and may be
    called from any thread.

    The store's *size* is the bytes of what it keeps (each game's state and tokens' hashes,
    and its log entries, as stored). With :attr:`max_bytes` set, a new game is refused once
    the size would pass ``DEAL_SHARE`` of it, and a move once it would pass all of it
    (:class:`StoreFull`): the games being played keep room to go on. The check and the
    change are one step, as for the count of games."""

    kind = "memory"
    where = "memory"
    max_bytes: int | None = None

    def _deal_bytes(self) -> int | None:
        return None if self.max_bytes is None else int(self.max_bytes * DEAL_SHARE)

    @abstractmethod
    def create(self, game: Game, limit: int | None = None) -> bool:
        """Keep a newly dealt game, unless the store already keeps ``limit`` games: the
        count and the insert are one step, so that two servers dealing at once cannot
        both take the last place. ``False`` (and nothing kept) when the store is full;
        :class:`StoreFull` when its bytes are (see :attr:`max_bytes`)."""

    @abstractmethod
    def size(self) -> int:
        """The bytes the store keeps (see the class)."""

    @abstractmethod
    def load(self, game_id: str) -> Game | None:
        """The game, or ``None`` when there is no such game (never dealt, or pruned)."""

    @abstractmethod
    def head(self, game_id: str) -> tuple[int, bool] | None:
        """The game's version and whether it is finished, without its state."""

    def heads(self, game_ids: list[str]) -> dict[str, tuple[int, bool]]:
        """:meth:`head` of each game that is kept, by id (one query where the store can)."""
        out = {}
        for game_id in game_ids:
            head = self.head(game_id)
            if head is not None:
                out[game_id] = head
        return out

    @abstractmethod
    def commit(self, game: Game, state: GameState, entry: str, now: float) -> bool:
        """Append ``entry`` to the log of ``game`` and make ``state`` its state, if the game
        is still at ``game.version``; ``False`` (and nothing changed) if it is not;
        :class:`StoreFull` (and nothing changed) if the store would grow past
        :attr:`max_bytes`."""

    @abstractmethod
    def entries(self, game_id: str, seat: int, after: int, limit: int) -> list[dict[str, Any]]:
        """At most ``limit`` log entries from index ``after`` on, as ``seat`` sees them."""

    @abstractmethod
    def entry(self, game_id: str, index: int) -> str | None:
        """The log entry at ``index`` as stored (see :func:`entry_row`), or ``None``."""

    @abstractmethod
    def count(self) -> int:
        """How many games are kept."""

    @abstractmethod
    def prune(self, finished_before: float, idle_before: float) -> int:
        """Remove the finished games last moved before ``finished_before`` and the unfinished
        ones last moved before ``idle_before``; how many went."""

    @abstractmethod
    def close(self) -> None:
        """Release the store's connections."""


class MemoryStore(Store):
    """Games in this process's memory."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._games: dict[str, Game] = {}
        self._logs: dict[str, list[str]] = {}
        self._sizes: dict[str, tuple[int, int]] = {}  # each game's (all, its state's) bytes
        self._size = 0

    def create(self, game: Game, limit: int | None = None) -> bool:
        text = _state_text(game.state)
        size = _game_bytes(game, text)
        most = self._deal_bytes()
        with self._lock:
            if limit is not None and len(self._games) >= limit:
                return False
            if most is not None and self._size + size > most:
                raise StoreFull(f"{self._size} + {size} bytes > {most}")
            self._games[game.id] = evolve(game)  # its own copy: the caller's may change
            self._logs[game.id] = []
            self._sizes[game.id] = (size, len(text))
            self._size += size
            return True

    def size(self) -> int:
        with self._lock:
            return self._size

    def load(self, game_id: str) -> Game | None:
        with self._lock:
            game = self._games.get(game_id)
            return None if game is None else evolve(game)

    def head(self, game_id: str) -> tuple[int, bool] | None:
        with self._lock:
            game = self._games.get(game_id)
            return None if game is None else (game.version, game.finished)

    def commit(self, game: Game, state: GameState, entry: str, now: float) -> bool:
        state_bytes = len(_state_text(state))
        with self._lock:
            kept = self._games.get(game.id)
            if kept is None or kept.version != game.version:
                return False
            size, old_state = self._sizes[game.id]
            grows = state_bytes - old_state + len(entry)
            if self.max_bytes is not None and grows > 0 and self._size + grows > self.max_bytes:
                raise StoreFull(f"{self._size} + {grows} bytes > {self.max_bytes}")
            self._sizes[game.id] = (size + grows, state_bytes)
            self._size += grows
            self._logs[game.id].append(entry)
            kept.state, kept.version = state, kept.version + 1
            kept.finished, kept.touched = state.game_over, now
            return True

    def entries(self, game_id: str, seat: int, after: int, limit: int) -> list[dict[str, Any]]:
        with self._lock:
            log = self._logs.get(game_id, [])[after : after + limit]
        return [_entry_for(index, raw, seat) for index, raw in enumerate(log, after)]

    def entry(self, game_id: str, index: int) -> str | None:
        with self._lock:
            log = self._logs.get(game_id, [])
            return log[index] if 0 <= index < len(log) else None

    def count(self) -> int:
        with self._lock:
            return len(self._games)

    def prune(self, finished_before: float, idle_before: float) -> int:
        with self._lock:
            old = [
                g.id
                for g in self._games.values()
                if g.touched < (finished_before if g.finished else idle_before)
            ]
            for game_id in old:
                del self._games[game_id], self._logs[game_id]
                self._size -= self._sizes.pop(game_id)[0]
            return len(old)

    def close(self) -> None:
        """Nothing to release: the games go with the process."""


_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS uno_games (id TEXT PRIMARY KEY, version INTEGER NOT NULL, "
    "players INTEGER NOT NULL, tokens TEXT NOT NULL, state TEXT NOT NULL, "
    "finished BOOLEAN NOT NULL, touched DOUBLE PRECISION NOT NULL)",
    "CREATE TABLE IF NOT EXISTS uno_entries (game TEXT NOT NULL, idx INTEGER NOT NULL, "
    "entry TEXT NOT NULL, PRIMARY KEY (game, idx))",
    "CREATE INDEX IF NOT EXISTS uno_games_touched ON uno_games (finished, touched)",
    # the store's size in bytes (one row), kept in the transaction of each change; a store
    # made before it had one is measured once, when a server first opens it
    "CREATE TABLE IF NOT EXISTS uno_usage (id INTEGER PRIMARY KEY, bytes BIGINT NOT NULL)",
    "INSERT INTO uno_usage (id, bytes) SELECT 1, "
    "COALESCE((SELECT SUM(LENGTH(state) + LENGTH(tokens)) FROM uno_games), 0) + "
    "COALESCE((SELECT SUM(LENGTH(entry)) FROM uno_entries), 0) "
    "WHERE NOT EXISTS (SELECT 1 FROM uno_usage)",
)


class _SQLStore(Store):
    """What the SQL backends share: the queries, and a cache of decoded states by version."""

    placeholder = "?"
    lock_rows = ""  # what locks the rows a prune reads until it deletes them

    def __init__(self) -> None:
        self._cache: OrderedDict[str, tuple[int, GameState]] = OrderedDict()
        self._cache_lock = threading.Lock()

    @abstractmethod
    def _transaction(self) -> AbstractContextManager[Any]:
        """A cursor inside one transaction, committed when the block ends."""

    def _sql(self, text: str) -> str:
        return text.replace("?", self.placeholder)

    def _remember(self, game_id: str, version: int, state: GameState) -> None:
        with self._cache_lock:
            self._cache[game_id] = (version, state)
            self._cache.move_to_end(game_id)
            while len(self._cache) > STATE_CACHE:
                self._cache.popitem(last=False)

    def _lock_for_count(self, cur: Any) -> None:
        """Make the count and the insert that follows one step (SQLite's ``BEGIN
        IMMEDIATE`` already does: one writer at a time)."""

    def _grow(self, cur: Any, grows: int, most: int | None) -> None:
        """Add ``grows`` bytes to the store's size, unless that takes it past ``most``
        (then :class:`StoreFull`, and the transaction is rolled back). The last statement
        of a transaction: the one row is held until it commits, never while waiting for
        a game's row."""
        if most is None or grows <= 0:
            cur.execute(self._sql("UPDATE uno_usage SET bytes = bytes + ? WHERE id = 1"), (grows,))
            return
        cur.execute(
            self._sql("UPDATE uno_usage SET bytes = bytes + ? WHERE id = 1 AND bytes + ? <= ?"),
            (grows, grows, most),
        )
        if cur.rowcount != 1:
            raise StoreFull(f"{grows} more bytes would pass {most}")

    def size(self) -> int:
        with self._transaction() as cur:
            cur.execute("SELECT bytes FROM uno_usage WHERE id = 1")
            row = cur.fetchone()
        return 0 if row is None else int(row[0])

    def create(self, game: Game, limit: int | None = None) -> bool:
        text = _state_text(game.state)
        row = (
            game.id,
            game.version,
            game.players,
            json.dumps(list(game.tokens)),
            text,
            game.finished,
            game.touched,
        )
        with self._transaction() as cur:
            if limit is not None:
                self._lock_for_count(cur)
                cur.execute("SELECT COUNT(*) FROM uno_games")
                if int(cur.fetchone()[0]) >= limit:
                    return False
            cur.execute(self._sql("INSERT INTO uno_games VALUES (?, ?, ?, ?, ?, ?, ?)"), row)
            self._grow(cur, _game_bytes(game, text), self._deal_bytes())
        self._remember(game.id, game.version, game.state)
        return True

    def load(self, game_id: str) -> Game | None:
        with self._cache_lock:
            cached = self._cache.get(game_id)
        with self._transaction() as cur:
            cur.execute(
                self._sql(
                    "SELECT version, players, tokens, finished, touched FROM uno_games WHERE id = ?"
                ),
                (game_id,),
            )
            row = cur.fetchone()
            if row is None:
                return None
            version, players, tokens, finished, touched = row
            if cached is not None and cached[0] == version:
                state = cached[1]
            else:
                cur.execute(
                    self._sql("SELECT state, version FROM uno_games WHERE id = ?"), (game_id,)
                )
                got = cur.fetchone()
                if got is None:
                    return None
                text, version = got
                state = load_state(json.loads(text))
                self._remember(game_id, version, state)
        return Game(
            game_id, players, tuple(json.loads(tokens)), state, version, bool(finished), touched
        )

    def head(self, game_id: str) -> tuple[int, bool] | None:
        with self._transaction() as cur:
            cur.execute(
                self._sql("SELECT version, finished FROM uno_games WHERE id = ?"), (game_id,)
            )
            row = cur.fetchone()
        return None if row is None else (row[0], bool(row[1]))

    def heads(self, game_ids: list[str]) -> dict[str, tuple[int, bool]]:
        out: dict[str, tuple[int, bool]] = {}
        for start in range(0, len(game_ids), 500):
            some = game_ids[start : start + 500]
            marks = ", ".join("?" * len(some))
            with self._transaction() as cur:
                cur.execute(
                    self._sql(f"SELECT id, version, finished FROM uno_games WHERE id IN ({marks})"),
                    tuple(some),
                )
                rows = cur.fetchall()
            out.update((row[0], (row[1], bool(row[2]))) for row in rows)
        return out

    def commit(self, game: Game, state: GameState, entry: str, now: float) -> bool:
        snapshot = _state_text(state)
        with self._transaction() as cur:
            # the game's row first (locked by the update below in PostgreSQL), the size last
            cur.execute(
                self._sql(
                    "SELECT LENGTH(state) FROM uno_games WHERE id = ? AND version = ?"
                    + self.lock_rows
                ),
                (game.id, game.version),
            )
            old = cur.fetchone()
            if old is None:
                return False
            cur.execute(
                self._sql(
                    "UPDATE uno_games SET version = ?, state = ?, finished = ?, touched = ? "
                    "WHERE id = ? AND version = ?"
                ),
                (game.version + 1, snapshot, state.game_over, now, game.id, game.version),
            )
            if cur.rowcount != 1:
                return False
            cur.execute(
                self._sql("INSERT INTO uno_entries VALUES (?, ?, ?)"),
                (game.id, game.version, entry),
            )
            self._grow(cur, len(snapshot) - int(old[0]) + len(entry), self.max_bytes)
        self._remember(game.id, game.version + 1, state)
        return True

    def entries(self, game_id: str, seat: int, after: int, limit: int) -> list[dict[str, Any]]:
        with self._transaction() as cur:
            cur.execute(
                self._sql(
                    "SELECT idx, entry FROM uno_entries WHERE game = ? AND idx >= ? "
                    "ORDER BY idx LIMIT ?"
                ),
                (game_id, after, limit),
            )
            rows = cur.fetchall()
        return [_entry_for(index, raw, seat) for index, raw in rows]

    def entry(self, game_id: str, index: int) -> str | None:
        with self._transaction() as cur:
            cur.execute(
                self._sql("SELECT entry FROM uno_entries WHERE game = ? AND idx = ?"),
                (game_id, index),
            )
            row = cur.fetchone()
        return None if row is None else str(row[0])

    def count(self) -> int:
        with self._transaction() as cur:
            cur.execute("SELECT COUNT(*) FROM uno_games")
            row = cur.fetchone()
        return int(row[0])

    def prune(self, finished_before: float, idle_before: float) -> int:
        where = "(finished AND touched < ?) OR (NOT finished AND touched < ?)"
        bounds = (finished_before, idle_before)
        with self._transaction() as cur:
            # the old games' rows locked (in one order: two pruning servers cannot
            # deadlock) and measured before they go, so that the size stays exact
            cur.execute(
                self._sql(
                    "SELECT id, LENGTH(state) + LENGTH(tokens) FROM uno_games "
                    f"WHERE {where} ORDER BY id" + self.lock_rows
                ),
                bounds,
            )
            old = cur.fetchall()
            freed = sum(int(row[1]) for row in old)
            for start in range(0, len(old), 500):
                ids = tuple(row[0] for row in old[start : start + 500])
                marks = ", ".join("?" * len(ids))
                cur.execute(
                    self._sql(
                        f"SELECT COALESCE(SUM(LENGTH(entry)), 0) FROM uno_entries "
                        f"WHERE game IN ({marks})"
                    ),
                    ids,
                )
                freed += int(cur.fetchone()[0])
                cur.execute(self._sql(f"DELETE FROM uno_entries WHERE game IN ({marks})"), ids)
                cur.execute(self._sql(f"DELETE FROM uno_games WHERE id IN ({marks})"), ids)
            if old:
                self._grow(cur, -freed, None)
        with self._cache_lock:
            self._cache.clear()
        return len(old)


class SQLiteStore(_SQLStore):
    """Games in a SQLite file (WAL mode; each move on disk before it is answered)."""

    kind = "sqlite"

    def __init__(self, path: str | Path, make_folder: bool = False) -> None:
        """Open (or create) the file at ``path``. Its folder must exist, unless
        ``make_folder``: the default store's own folder is made, a folder named by the user
        never is (a mistyped path would leave folders behind)."""
        super().__init__()
        self._lock = threading.Lock()
        self.path = Path(path).expanduser().resolve()
        self.where = str(self.path)
        try:
            if make_folder:
                self.path.parent.mkdir(parents=True, exist_ok=True)
            elif not self.path.parent.is_dir():
                raise _store_error(
                    N_("cannot open the SQLite store {path}: its folder {folder} does not exist"),
                    path=self.path,
                    folder=self.path.parent,
                )
            self._db = sqlite3.connect(
                self.path, timeout=10.0, isolation_level=None, check_same_thread=False
            )
            self._db.execute("PRAGMA busy_timeout = 10000")
            mode = self._db.execute("PRAGMA journal_mode = WAL").fetchone()[0]
            self._db.execute("PRAGMA synchronous = FULL")
            with self._transaction() as cur:
                for statement in _SCHEMA:
                    cur.execute(statement)
        except (OSError, sqlite3.Error, StoreUnavailable) as exc:
            raise _store_error(
                N_("cannot open the SQLite store {path}: {why}"), path=self.path, why=exc
            ) from None
        if str(mode).lower() != "wal":
            raise _store_error(
                N_("the SQLite store {path} cannot be put in WAL mode"), path=self.path
            )

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Cursor]:
        # A file locked by another process for longer than the busy timeout, or a disk
        # that fails, is an outage of the store (StoreUnavailable), not a bug.
        with self._lock:
            cur = self._db.cursor()
            try:
                cur.execute("BEGIN IMMEDIATE")  # the write lock at once: no upgrade deadlock
                try:
                    yield cur
                except BaseException:
                    self._db.rollback()
                    raise
                else:
                    self._db.commit()
            except sqlite3.OperationalError as exc:
                raise StoreUnavailable(_first_line(exc)) from None
            finally:
                cur.close()

    def close(self) -> None:
        self._db.close()


class PostgresStore(_SQLStore):
    """Games in a PostgreSQL database (extra ``postgres``), shared by several processes."""

    kind = "postgresql"
    placeholder = "%s"
    lock_rows = " FOR UPDATE"
    POOL = 8

    def __init__(self, dsn: str) -> None:
        super().__init__()
        try:
            # optional extra (postgres): psycopg
            import psycopg
        except ImportError:
            # start-up: only a missing extra reads the package's metadata
            from ._extras import install_line

            raise _store_error(
                N_("a PostgreSQL store needs the optional extra 'postgres': {command}"),
                command=install_line("postgres"),
            ) from None
        self._psycopg = psycopg
        self._dsn = dsn
        self.where = _without_password(dsn)
        self._idle: queue.LifoQueue[Any] = queue.LifoQueue()
        self._slots = threading.BoundedSemaphore(self.POOL)
        try:
            with self._transaction() as cur:
                cur.execute("SELECT pg_advisory_xact_lock(2749127)")  # one schema creator at once
                for statement in _SCHEMA:
                    cur.execute(statement)
        except (psycopg.Error, StoreUnavailable) as exc:
            raise _store_error(
                N_("cannot open the PostgreSQL store {path}: {why}"),
                path=self.where,
                why=_first_line(exc),
            ) from None

    def _lock_for_count(self, cur: Any) -> None:
        cur.execute("SELECT pg_advisory_xact_lock(2749128)")  # one counting creator at once

    @contextmanager
    def _transaction(self) -> Iterator[Any]:
        # The database down or restarting (a refused connection, a connection cut, the
        # server shutting down) is StoreUnavailable: the request may be sent again. The
        # pool's other connections went with that server: they are dropped too.
        operational = self._psycopg.OperationalError
        with self._slots:
            try:
                conn = self._idle.get_nowait()
            except queue.Empty:
                try:
                    conn = self._psycopg.connect(self._dsn, autocommit=True, connect_timeout=5)
                except operational as exc:
                    raise StoreUnavailable(_first_line(exc)) from None
            try:
                with conn.transaction(), conn.cursor() as cur:
                    yield cur
            except operational as exc:
                conn.close()
                self.close()
                raise StoreUnavailable(_first_line(exc)) from None
            except BaseException:
                self._idle.put(conn)
                raise
            else:
                self._idle.put(conn)

    def close(self) -> None:
        while True:
            try:
                self._idle.get_nowait().close()
            except queue.Empty:
                return


def _first_line(exc: BaseException) -> str:
    return (str(exc).strip().splitlines() or [type(exc).__name__])[0]


def _without_password(dsn: str) -> str:
    """The DSN as it may be printed: a password in it is replaced by ``***``."""
    try:
        parts = urlsplit(dsn)
        if parts.password is None:
            return dsn
        netloc = parts.netloc.replace(f":{parts.password}@", ":***@", 1)
        return urlunsplit(parts._replace(netloc=netloc))
    except ValueError:
        return "postgresql://..."


def default_sqlite_path() -> Path:
    """The default store: ``$XDG_STATE_HOME/uno-rules/games.sqlite3`` (``~/.local/state``)."""
    base = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(base) / "uno-rules" / "games.sqlite3"


def open_store(url: str | None) -> Store:
    """The store ``url`` names: ``memory``, ``sqlite:///PATH`` or ``sqlite:PATH``,
    ``postgresql://...``; ``None`` is the default SQLite file."""
    if url is None:
        return SQLiteStore(default_sqlite_path(), make_folder=True)
    if url == "memory":
        return MemoryStore()
    if url.startswith(("postgresql://", "postgres://")):
        return PostgresStore(url)
    if url.startswith("sqlite:"):
        path = url.removeprefix("sqlite:")
        path = path.removeprefix("///") if path.startswith("///") else path
        if not path:
            raise _store_error(N_("--store sqlite: name a file, e.g. sqlite:///games.sqlite3"))
        return SQLiteStore(path)
    shown = url if len(url) <= 40 else url[:37] + "..."
    raise _store_error(
        N_("--store: expected memory, sqlite:///PATH or postgresql://..., got {got}"),
        got=repr(shown),
    )
