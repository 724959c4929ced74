"""The referee service's stores: the same behaviour in memory, in SQLite and in PostgreSQL
(when ``UNO_RULES_TEST_POSTGRES`` names a database): games kept with their state and log,
a move kept only on the version it was ruled on, pages of the log as each seat sees it, and
the pruning policy."""

from __future__ import annotations

import os
import secrets
import sqlite3
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

import uno_rules as uno
from uno_rules.storage import (
    Game,
    MemoryStore,
    SQLiteStore,
    Store,
    StoreError,
    default_sqlite_path,
    entry_row,
    open_store,
)

POSTGRES = os.environ.get("UNO_RULES_TEST_POSTGRES")


@pytest.fixture(params=["memory", "sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    if request.param == "memory":
        kept: Store = MemoryStore()
    elif request.param == "sqlite":
        kept = open_store(f"sqlite:///{tmp_path}/games.sqlite3")
    else:
        if not POSTGRES:
            pytest.skip("set UNO_RULES_TEST_POSTGRES to a PostgreSQL DSN (.ci/run does)")
        pytest.importorskip("psycopg")
        kept = open_store(POSTGRES)
    yield kept
    kept.close()


NOW = 2e9  # the other tests' games are recent: only the pruning test's are old


def a_game(touched: float = NOW) -> Game:
    state = uno.new_game("official", players=2, seed=5)
    return Game(secrets.token_urlsafe(12), 2, ("hash0", "hash1"), state, touched=touched)


def played(store: Store, game: Game, moves: int, now: float) -> Game:
    """``game`` after ``moves`` legal moves, each committed; the game as loaded back."""
    for _ in range(moves):
        kept = store.load(game.id)
        assert kept is not None
        move = uno.legal_moves(kept.state)[0]
        result = uno.apply_or_raise(kept.state, move)
        views = [[e.to_dict() for e in uno.view_events(result.events, s)] for s in (0, 1)]
        entry = entry_row(kept.version, move.seat, str(move), views)
        assert store.commit(kept, result.state, entry, now)
    loaded = store.load(game.id)
    assert loaded is not None
    return loaded


def test_a_game_is_kept_with_its_state_tokens_and_log(store: Store) -> None:
    game = a_game()
    store.create(game)
    kept = played(store, game, 3, now=NOW + 5)
    assert (kept.id, kept.players, kept.tokens, kept.version) == (game.id, 2, game.tokens, 3)
    assert kept.touched == NOW + 5 and not kept.finished
    assert store.head(game.id) == (3, False)
    log = store.entries(game.id, 0, 0, 10)
    assert [e["index"] for e in log] == [0, 1, 2]
    assert [e["index"] for e in store.entries(game.id, 1, 1, 1)] == [1]
    assert store.load("nosuch") is None and store.head("nosuch") is None
    assert store.entries("nosuch", 0, 0, 10) == []


def test_each_seat_reads_the_log_as_it_may_see_it(store: Store) -> None:
    game = a_game()
    store.create(game)
    state = game.state
    draw = next(m for m in uno.legal_moves(state) if str(m).endswith(" draw"))
    result = uno.apply_or_raise(state, draw)
    views = [[e.to_dict() for e in uno.view_events(result.events, s)] for s in (0, 1)]
    assert store.commit(game, result.state, entry_row(0, draw.seat, str(draw), views), NOW)
    mine = store.entries(game.id, draw.seat, 0, 1)[0]["events"][0]
    theirs = store.entries(game.id, 1 - draw.seat, 0, 1)[0]["events"][0]
    assert mine["kind"] == theirs["kind"] == "drew"
    assert mine["cards"] and theirs["cards"] is None


def test_a_move_is_kept_only_on_the_version_it_was_ruled_on(store: Store) -> None:
    """Two rulings on one version: the first is kept, the second is refused and changes
    nothing (the referee then rules again on the new state)."""
    game = a_game()
    store.create(game)
    stale = store.load(game.id)
    assert stale is not None
    played(store, game, 1, now=NOW)
    move = uno.legal_moves(stale.state)[0]
    result = uno.apply_or_raise(stale.state, move)
    assert not store.commit(stale, result.state, entry_row(0, 0, "late", [[], []]), NOW)
    assert store.head(game.id) == (1, False)
    assert [e["move"] for e in store.entries(game.id, 0, 0, 10)] != ["late"]


def test_concurrent_commits_on_one_version_apply_exactly_one(store: Store) -> None:
    game = a_game()
    store.create(game)
    base = store.load(game.id)
    assert base is not None
    move = uno.legal_moves(base.state)[0]
    result = uno.apply_or_raise(base.state, move)
    wins: list[bool] = []
    barrier = threading.Barrier(6)

    def commit(n: int) -> None:
        barrier.wait()
        snapshot = Game(base.id, 2, base.tokens, base.state, base.version)
        wins.append(store.commit(snapshot, result.state, entry_row(0, 0, f"m{n}", [[], []]), NOW))

    threads = [threading.Thread(target=commit, args=(n,)) for n in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(wins) == [False] * 5 + [True]
    assert len(store.entries(game.id, 0, 0, 10)) == 1


def test_old_games_are_pruned_by_the_policy(store: Store) -> None:
    """Finished games go ``keep_finished`` after their last move, unfinished ones
    ``keep_idle`` after it; nothing else goes."""
    idle, recent = a_game(touched=1000.0), a_game(touched=3000.0)
    finished, moved = a_game(touched=1200.0), a_game(touched=500.0)
    finished.finished = True
    for game in (idle, recent, finished, moved):
        store.create(game)
    assert store.head(finished.id) == (0, True)
    played(store, moved, 1, now=2500.0)  # a move refreshes a game's place; nothing else does
    before = store.count()
    assert store.prune(finished_before=1100.0, idle_before=900.0) == 0
    assert store.prune(finished_before=1300.0, idle_before=900.0) == 1
    assert store.load(finished.id) is None and store.entries(finished.id, 0, 0, 5) == []
    assert store.prune(finished_before=1300.0, idle_before=2000.0) == 1
    assert store.load(idle.id) is None and store.load(recent.id) is not None
    assert store.load(moved.id) is not None
    assert store.count() == before - 2


def test_a_sqlite_store_survives_a_reopening_in_wal_mode(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "games.sqlite3"
    first = SQLiteStore(path, make_folder=True)
    game = a_game()
    first.create(game)
    kept = played(first, game, 4, now=NOW)
    first.close()
    again = SQLiteStore(path)
    loaded = again.load(game.id)
    assert loaded is not None and loaded.state == kept.state and loaded.version == 4
    assert [e["index"] for e in again.entries(game.id, 0, 2, 10)] == [2, 3]
    again.close()
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_store_urls(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert isinstance(open_store("memory"), MemoryStore)
    relative = open_store("sqlite:" + str(tmp_path / "a.sqlite3"))
    assert isinstance(relative, SQLiteStore) and relative.where == str(tmp_path / "a.sqlite3")
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    assert default_sqlite_path() == tmp_path / "state" / "uno-rules" / "games.sqlite3"
    default = open_store(None)
    assert isinstance(default, SQLiteStore) and default.path == default_sqlite_path()
    monkeypatch.delenv("XDG_STATE_HOME")
    assert default_sqlite_path() == Path.home() / ".local" / "state" / "uno-rules" / "games.sqlite3"
    for bad, words in [
        ("redis://x", "expected memory, sqlite:///PATH or postgresql://"),
        ("sqlite:", "name a file"),
        ("sqlite:///" + str(tmp_path), "cannot open the SQLite store"),
        ("x" * 500, "..."),
    ]:
        with pytest.raises(StoreError, match=words.replace(".", r"\.")):
            open_store(bad)


def test_a_store_in_a_folder_that_does_not_exist_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A mistyped folder in --store is an error, not folders made behind the user's back;
    the default store's own folder is made (it is the service's, not the user's)."""
    missing = tmp_path / "no" / "such" / "folder"
    with pytest.raises(StoreError, match=r"its folder .* does not exist"):
        open_store(f"sqlite:///{missing / 'games.sqlite3'}")
    assert not (tmp_path / "no").exists()
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    assert isinstance(open_store(None), SQLiteStore)
    assert (tmp_path / "state" / "uno-rules" / "games.sqlite3").is_file()


def test_a_postgres_store_without_its_extra_or_its_server_is_one_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "psycopg", None)
    with pytest.raises(
        StoreError, match=r"optional extra .postgres.: python -m pip install \"psycopg\[binary\]"
    ):
        open_store("postgresql://u:secret@127.0.0.1:1/db")
    monkeypatch.undo()
    pytest.importorskip("psycopg")
    with pytest.raises(StoreError) as caught:
        open_store("postgresql://u:secret@127.0.0.1:1/db?connect_timeout=2")
    text = str(caught.value)
    assert "cannot open the PostgreSQL store" in text and "secret" not in text
    assert "\n" not in text


def test_decoded_states_are_cached_within_a_bound(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import uno_rules.storage as storage

    monkeypatch.setattr(storage, "STATE_CACHE", 1)
    store = SQLiteStore(tmp_path / "games.sqlite3")
    games = [a_game(), a_game()]
    for game in games:
        store.create(game)
    for game in games:  # each load decodes again: only one state fits
        kept = store.load(game.id)
        assert kept is not None and kept.state == game.state
    with pytest.raises(sqlite3.IntegrityError):  # a failed transaction changes nothing
        store.create(games[0])
    assert store.count() == 2
    store.close()


def test_a_dsn_is_printed_without_its_password() -> None:
    from uno_rules.storage import _without_password

    assert _without_password("postgresql://uno:s3cret@db/uno") == "postgresql://uno:***@db/uno"
    assert _without_password("postgresql://uno@db/uno") == "postgresql://uno@db/uno"
    assert _without_password("postgresql://u:p@[bad/uno") == "postgresql://..."
