"""The referee service when the network or the store fails: a move sent with the version of
the game it was decided on cannot be applied twice (a retry after a lost answer gets the
same ruling back, a stale one a 409 of its own); a store that cannot be reached is a 503
with ``Retry-After``, never a 500; counting the games and keeping a new one cannot race."""

from __future__ import annotations

import contextlib
import os
import secrets
import socket
import threading
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

import uno_rules as uno
from uno_rules.server import create_app, openapi_document
from uno_rules.storage import Game, MemoryStore, Store, StoreUnavailable, open_store

LOCAL = "http://127.0.0.1"
POSTGRES = os.environ.get("UNO_RULES_TEST_POSTGRES")


def auth(token: str) -> dict[str, str]:
    return {"authorization": f"Bearer {token}"}


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(create_app(), base_url=LOCAL) as c:
        yield c


def deal(c: TestClient) -> dict[str, Any]:
    """A dealt game whose first mover may draw: a deal is random, and one whose first card
    is a Wild (A1) opens on naming a color, with no draw; such a deal is dealt again."""
    for _ in range(50):
        r = c.post("/api/games", json={"players": 2})
        assert r.status_code == 201, r.text
        data: dict[str, Any] = r.json()
        if any(m.endswith("draw") for m in mover(c, data)[2]["legal_moves"]):
            return data
    raise AssertionError("50 deals in a row opened with no draw")


def mover(c: TestClient, game: dict[str, Any]) -> tuple[str, dict[str, str], dict[str, Any]]:
    """The moves URL, the headers and the view of the seat whose turn it is."""
    for s in game["seats"]:
        base = f"/api/games/{game['game']}/seats/{s['seat']}"
        view = c.get(f"{base}/view", headers=auth(s["token"])).json()
        if view["legal_moves"]:
            return f"{base}/moves", auth(s["token"]), view
    raise AssertionError("nobody may move")


def events(c: TestClient, game: dict[str, Any]) -> int:
    s = game["seats"][0]
    r = c.get(f"/api/games/{game['game']}/seats/0/events", headers=auth(s["token"]))
    return len(r.json()["events"])


# --------------------------------------------------------------------------- retried moves


def test_a_retried_move_is_answered_again_and_applied_once(client: TestClient) -> None:
    game = deal(client)
    url, headers, view = mover(client, game)
    move = next(m for m in view["legal_moves"] if m.endswith("draw"))
    body = {"move": move, "version": view["events"]}
    first = client.post(url, json=body, headers=headers)
    assert first.status_code == 200 and first.json()["legal"] is True
    assert "replayed" not in first.json()
    again = client.post(url, json=body, headers=headers)  # the answer was lost: sent again
    assert again.status_code == 200, again.text
    replay = again.json()
    assert replay["replayed"] is True
    for key in ("move", "legal", "clause", "rule", "violation", "events"):
        assert replay[key] == first.json()[key], key
    assert events(client, game) == 1  # applied once


def test_a_move_for_a_stale_version_is_refused_with_its_own_code(client: TestClient) -> None:
    game = deal(client)
    url, headers, view = mover(client, game)
    drew = next(m for m in view["legal_moves"] if m.endswith("draw"))
    assert client.post(url, json={"move": drew, "version": 0}, headers=headers).json()["legal"]
    # decided on version 0, sent after the game moved on: a different move is refused
    _, _, after = mover(client, game)
    other = next(m for m in after["legal_moves"] if m != drew)
    stale = client.post(url, json={"move": other, "version": 0}, headers=headers)
    assert stale.status_code == 409, stale.text
    assert stale.json()["error"] == "stale-version"
    assert "version 1" in stale.json()["message"] and stale.headers["etag"] == '"1"'
    ahead = client.post(url, json={"move": drew, "version": 7}, headers=headers)
    assert ahead.status_code == 409 and ahead.json()["error"] == "stale-version"
    assert events(client, game) == 1  # nothing applied


def test_a_move_without_a_version_is_ruled_as_before(client: TestClient) -> None:
    game = deal(client)
    url, headers, view = mover(client, game)
    drew = next(m for m in view["legal_moves"] if m.endswith("draw"))
    assert client.post(url, json={"move": drew}, headers=headers).json()["legal"]
    again = client.post(url, json={"move": drew}, headers=headers)  # ruled on the new state
    assert again.status_code == 200 and again.json()["legal"] is False
    assert events(client, game) == 1


@pytest.mark.parametrize("version", [-1, "3", 1.5, True, None])
def test_a_version_that_is_not_a_count_is_a_422(client: TestClient, version: object) -> None:
    game = deal(client)
    url, headers, view = mover(client, game)
    body: dict[str, object] = {"move": view["legal_moves"][0], "version": version}
    if version is None:
        body["extra"] = 1
    r = client.post(url, json=body, headers=headers)
    assert r.status_code == 422 and '"version"' in r.json()["message"]


class MovedMeanwhile(MemoryStore):
    """A store shared with another process, which applies the seat's very move first (the
    first attempt whose answer was lost) just before this process commits it."""

    def __init__(self) -> None:
        super().__init__()
        self.armed = False

    def commit(self, game: Game, state: Any, entry: str, now: float) -> bool:
        if self.armed:
            self.armed = False
            assert super().commit(game, state, entry, now)
            return False
        return super().commit(game, state, entry, now)


def test_a_retry_racing_its_first_attempt_in_another_process_is_applied_once() -> None:
    store = MovedMeanwhile()
    with TestClient(create_app(store=store), base_url=LOCAL) as c:
        game = deal(c)
        url, headers, view = mover(c, game)
        move = next(m for m in view["legal_moves"] if m.endswith("draw"))
        store.armed = True
        r = c.post(url, json={"move": move, "version": 0}, headers=headers)
        assert r.status_code == 200 and r.json()["replayed"] is True
        assert events(c, game) == 1


def test_the_version_is_documented() -> None:
    doc = openapi_document()
    post = doc["paths"]["/api/games/{game}/seats/{seat}/moves"]["post"]
    schema = post["requestBody"]["content"]["application/json"]["schema"]
    assert schema["properties"]["version"]["type"] == "integer"
    assert "stale-version" in post["responses"]["409"]["description"]
    result = doc["components"]["schemas"]["MoveResult"]["allOf"][1]["properties"]
    assert result["replayed"]["type"] == "boolean"
    page = (Path(__file__).parents[1] / "docs" / "serve.md").read_text(encoding="utf-8")
    assert '"version"' in page and "stale-version" in page


# --------------------------------------------------------------------------- the store's limit


def _stores(tmp_path: Path) -> Iterator[Store]:
    yield MemoryStore()
    yield open_store(f"sqlite:///{tmp_path}/games.sqlite3")
    if POSTGRES:
        # a schema of its own: other tests' games on the same database neither count here
        # nor see these
        psycopg = pytest.importorskip("psycopg")
        name = f"uno_test_{secrets.token_hex(6)}"
        with psycopg.connect(POSTGRES, autocommit=True) as conn:
            conn.execute(f"CREATE SCHEMA {name}")
        try:
            sep = "&" if "?" in POSTGRES else "?"
            yield open_store(f"{POSTGRES}{sep}options=-csearch_path%3D{name}")
        finally:
            with psycopg.connect(POSTGRES, autocommit=True) as conn:
                conn.execute(f"DROP SCHEMA {name} CASCADE")


def _deal_many(store: Store, limit: int, kept: list[bool]) -> None:
    state = uno.new_game("official", players=2, seed=3)
    for _ in range(5):
        game = Game(secrets.token_urlsafe(12), 2, ("a", "b"), state, touched=2e9)
        kept.append(store.create(game, limit))


def test_counting_and_keeping_a_game_cannot_race(tmp_path: Path) -> None:
    for store in _stores(tmp_path):
        limit = store.count() + 10
        kept: list[bool] = []
        threads = [threading.Thread(target=_deal_many, args=(store, limit, kept)) for _ in range(6)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert kept.count(True) == 10 and store.count() == limit, store.kind
        store.close()


# --------------------------------------------------------------------------- store outages


class DownStore(MemoryStore):
    """A store whose database went away after the game was dealt."""

    down = False

    def load(self, game_id: str) -> Game | None:
        if self.down:
            raise StoreUnavailable("connection refused")
        return super().load(game_id)


def test_a_store_outage_is_a_503_with_retry_after(caplog: pytest.LogCaptureFixture) -> None:
    store = DownStore()
    with TestClient(create_app(store=store), base_url=LOCAL) as c:
        game = deal(c)
        url, headers, view = mover(c, game)
        store.down = True
        for _ in range(3):
            r = c.post(url, json={"move": view["legal_moves"][0]}, headers=headers)
            assert r.status_code == 503 and r.json()["error"] == "store-unavailable"
            assert int(r.headers["retry-after"]) >= 1
        store.down = False
        assert c.post(url, json={"move": view["legal_moves"][0]}, headers=headers).json()["legal"]
    lines = [r for r in caplog.records if "unavailable" in r.getMessage()]
    assert len(lines) == 1 and lines[0].exc_info is None  # one line a second, no traceback


class Proxy:
    """A TCP relay on loopback in front of the test database: ``cut()`` drops every
    connection and refuses new ones, as a database that is down or restarting does."""

    def __init__(self, port: int) -> None:
        self.target = ("127.0.0.1", port)
        self.sock = socket.socket()
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.sock.bind(("127.0.0.1", 0))
        self.port = self.sock.getsockname()[1]
        self.sock.listen(16)
        self.up = True
        self.open: list[socket.socket] = []
        self.thread = threading.Thread(target=self._accept, daemon=True)
        self.thread.start()

    def _accept(self) -> None:
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            if not self.up:
                conn.close()
                continue
            upstream = socket.create_connection(self.target, timeout=5)
            upstream.settimeout(None)
            self.open += [conn, upstream]
            for a, b in ((conn, upstream), (upstream, conn)):
                threading.Thread(target=self._pipe, args=(a, b), daemon=True).start()

    @staticmethod
    def _pipe(a: socket.socket, b: socket.socket) -> None:
        with contextlib.suppress(OSError):
            while data := a.recv(65536):
                b.sendall(data)
        for s in (a, b):
            with contextlib.suppress(OSError):
                s.shutdown(socket.SHUT_RDWR)

    def cut(self) -> None:
        self.up = False
        for s in self.open:
            with contextlib.suppress(OSError):
                s.shutdown(socket.SHUT_RDWR)
            s.close()
        self.open.clear()

    def close(self) -> None:
        self.cut()
        self.sock.close()


@pytest.mark.skipif(not POSTGRES, reason="set UNO_RULES_TEST_POSTGRES (.ci/run does)")
def test_a_postgresql_outage_is_a_503_and_the_service_recovers() -> None:
    pytest.importorskip("psycopg")
    from urllib.parse import urlsplit

    assert POSTGRES is not None
    parts = urlsplit(POSTGRES)
    proxy = Proxy(parts.port or 5432)
    host = parts.netloc.rsplit("@", 1)
    netloc = (host[0] + "@" if len(host) == 2 else "") + f"127.0.0.1:{proxy.port}"
    store = open_store(parts._replace(netloc=netloc).geturl())
    try:
        with TestClient(create_app(store=store), base_url=LOCAL) as c:
            game = deal(c)
            url, headers, view = mover(c, game)
            move = {"move": view["legal_moves"][0], "version": view["events"]}
            proxy.cut()  # the database restarts: its connections are cut, new ones refused
            for _ in range(3):
                r = c.post(url, json=move, headers=headers)
                assert r.status_code == 503, r.text
                assert r.json()["error"] == "store-unavailable" and r.headers["retry-after"]
            assert c.get(url.replace("/moves", "/view"), headers=headers).status_code == 503
            assert c.post("/api/games", json={"players": 2}).status_code == 503
            proxy.up = True  # back: the next request is served, with nothing lost
            r = c.post(url, json=move, headers=headers)
            assert r.status_code == 200 and r.json()["legal"] and "replayed" not in r.json()
            assert events(c, game) == 1
    finally:
        store.close()
        proxy.close()
