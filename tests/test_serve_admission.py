"""The referee service against one hostile client, over real sockets on loopback (the hostile
client from 127.0.0.2, the ordinary one from 127.0.0.1): silent sockets cost nothing others
need, event streams are capped by seat and by address, small work never waits behind a
client's large work, YAML is read off the event loop, and a time limit counts from the
request's arrival. Small counts: the figures under load are the benchmark's."""

from __future__ import annotations

import asyncio
import json
import logging
import socket
import threading
import time
import warnings
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest

httpx = pytest.importorskip("httpx")
pytest.importorskip("uvicorn")

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from uno_rules import _serving, server  # noqa: E402
from uno_rules.server import Problem, _Lane, create_app  # noqa: E402
from uno_rules.storage import SQLiteStore  # noqa: E402
from uno_rules.verdict import add_plain_verdicts  # noqa: E402

HOSTILE = "127.0.0.2"


class Running:
    """``uno-rules serve``'s uvicorn set-up in a thread of this process, on loopback."""

    def __init__(self, app: server.Service) -> None:
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(64)
        self.url = f"http://127.0.0.1:{self.sock.getsockname()[1]}/"
        self.server = _serving.make_server(app)
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.sock]})
        self.thread.start()
        while not self.server.started:
            time.sleep(0.01)

    def raw(self) -> socket.socket:
        return socket.create_connection(self.sock.getsockname()[:2], timeout=5)

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=15)
        self.sock.close()


def hostile_socket(running: Running) -> socket.socket:
    conn = socket.socket()
    conn.bind((HOSTILE, 0))
    conn.settimeout(5)
    conn.connect(running.sock.getsockname()[:2])
    return conn


@pytest.fixture
def tight(monkeypatch: pytest.MonkeyPatch) -> Iterator[Running]:
    monkeypatch.setattr(_serving, "MAX_CONNECTIONS_PER_ADDRESS", 10)
    monkeypatch.setattr(server, "BODY_SECONDS", 5.0)
    app = create_app(
        at_once={"requests": 4, "streams-per-seat": 2, "streams-per-address": 3},
        heavy_seconds=0.5,
    )
    r = Running(app)
    yield r
    r.stop()


def test_silent_sockets_lock_nobody_out(tight: Running) -> None:
    with ExitStack() as stack:
        silent = [stack.enter_context(hostile_socket(tight)) for _ in range(30)]
        # far more silent sockets than requests at once: the cap counts requests only
        r = httpx.get(f"{tight.url}api/presets")
        assert r.status_code == 200 and r.headers["content-type"] == "application/json"
        # one address holds at most MAX_CONNECTIONS_PER_ADDRESS: the rest are closed at once
        closed = 0
        for conn in silent:
            conn.settimeout(0.05)
            try:
                closed += conn.recv(1) == b""
            except TimeoutError:
                pass
            except OSError:
                closed += 1
        assert closed >= 20


def deal(url: str) -> dict[str, Any]:
    r = httpx.post(f"{url}api/games", json={"players": 2})
    assert r.status_code == 201, r.text
    data: dict[str, Any] = r.json()
    return data


def test_streams_are_capped_by_seat_and_by_address(tight: Running) -> None:
    game = deal(tight.url)
    path = f"api/games/{game['game']}/seats/0/events"
    headers = {
        "accept": "text/event-stream",
        "authorization": f"Bearer {game['seats'][0]['token']}",
    }
    with ExitStack() as stack:
        clients = [stack.enter_context(httpx.Client(base_url=tight.url)) for _ in range(4)]
        for c in clients[:2]:
            stack.enter_context(c.stream("GET", path, headers=headers)).raise_for_status()
        third = clients[2].get(path, headers=headers)
        assert third.status_code == 429 and third.json()["error"] == "too-many-requests"
        assert third.headers["retry-after"] == "1" and "seat" in third.json()["message"]
        other = {**headers, "authorization": f"Bearer {game['seats'][1]['token']}"}
        seat1 = f"api/games/{game['game']}/seats/1/events"
        stack.enter_context(clients[2].stream("GET", seat1, headers=other)).raise_for_status()
        fourth = clients[3].get(seat1, headers=other)  # a third stream from this address
        assert fourth.status_code == 429 and "address" in fourth.json()["message"]
        # a seat's moves and views are not streams: still answered
        view = httpx.get(f"{tight.url}{seat1.replace('events', 'view')}", headers=other)
        assert view.status_code == 200


def test_a_time_limit_counts_from_the_requests_arrival(tight: Running) -> None:
    body = json.dumps({"players": 2, "hands": [["R5"], 1], "discard": ["R3"], "moves": ["0 R5"]})
    with tight.raw() as conn:
        conn.sendall(
            b"POST /api/disputes HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json"
            + f"\r\nContent-Length: {len(body)}\r\n\r\n".encode()
        )
        time.sleep(0.8)  # the body comes after the limit (0.5 s) has passed
        conn.sendall(body.encode())
        answer = ""
        while '"problems"' not in answer:
            chunk = conn.recv(65536).decode()
            if not chunk:
                break
            answer += chunk
    assert answer.startswith("HTTP/1.1 503"), answer
    assert '"error":"too-slow"' in answer and "retry-after: 1" in answer.lower()
    fresh = httpx.post(
        f"{tight.url}api/disputes", content=body, headers={"content-type": "application/json"}
    )
    assert fresh.status_code == 200


def test_yaml_is_read_off_the_event_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    on_loop: list[bool] = []
    real = server.parse_yaml

    def parse(text: str, where: str) -> Any:
        try:
            asyncio.get_running_loop()
            on_loop.append(True)
        except RuntimeError:
            on_loop.append(False)
        return real(text, where)

    monkeypatch.setattr(server, "parse_yaml", parse)
    with TestClient(create_app(), base_url="http://127.0.0.1") as c:
        r = c.post(
            "/api/disputes/read",
            content="players: 2\nmoves: ['0 draw']\n",
            headers={"content-type": "application/yaml"},
        )
    assert r.status_code == 200 and r.json()["players"] == 2
    assert on_loop == [False]


async def _turns(lane: _Lane, plan: list[str]) -> list[str]:
    """The order in which the queued requests of ``plan`` (client names) get a slot."""
    assert await lane.acquire("first", 5)  # the only slot: everyone else waits
    served: list[str] = []

    async def one(client: str) -> None:
        assert await lane.acquire(client, 5)
        served.append(client)
        await asyncio.sleep(0)
        lane.release()

    tasks = []
    for client in plan:
        tasks.append(asyncio.ensure_future(one(client)))
        await asyncio.sleep(0)  # queued in this order
    lane.release()
    await asyncio.gather(*tasks)
    return served


def test_a_client_waits_behind_its_own_requests_not_in_front_of_others() -> None:
    served = asyncio.run(_turns(_Lane(1, 32), ["big"] * 6 + ["small", "other"]))
    # first come, first served would put "small" seventh; in turn, it is second
    assert served[:3] == ["big", "small", "other"] and served.count("big") == 6


def test_a_lane_refuses_a_client_queueing_too_much_and_gives_up_in_time() -> None:
    async def run() -> tuple[bool, int]:
        lane = _Lane(1, 2)
        assert await lane.acquire("a", 1)
        waiting = [asyncio.ensure_future(lane.acquire("b", 5)) for _ in range(2)]
        await asyncio.sleep(0)
        with pytest.raises(Problem) as refused:
            await lane.acquire("b", 5)
        late = await lane.acquire("c", 0.05)  # no slot in time
        lane.release()
        lane.release()
        await asyncio.gather(*waiting)
        lane.release()
        return late, refused.value.status

    assert asyncio.run(run()) == (False, 429)


class CountingStore(SQLiteStore):
    """A SQLite store that counts the reads made for one stream (its entries, its head)."""

    reads = 0

    def entries(self, game_id: str, seat: int, after: int, limit: int) -> list[dict[str, Any]]:
        self.reads += 1
        return super().entries(game_id, seat, after, limit)

    def head(self, game_id: str) -> tuple[int, bool] | None:
        self.reads += 1
        return super().head(game_id)


def test_idle_streams_do_not_each_read_the_store(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(server, "POLL_SECONDS", 0.02)
    store = CountingStore(tmp_path / "games.sqlite3")
    running = Running(create_app(store=store))
    try:
        games = [deal(running.url) for _ in range(3)]
        with ExitStack() as stack:
            for game in games:
                for seat in game["seats"]:
                    headers = {
                        "accept": "text/event-stream",
                        "authorization": f"Bearer {seat['token']}",
                    }
                    path = f"api/games/{game['game']}/seats/{seat['seat']}/events"
                    c = stack.enter_context(httpx.Client(base_url=running.url))
                    stack.enter_context(c.stream("GET", path, headers=headers))
            time.sleep(0.3)  # each stream has read the log once; the watcher looked
            before = store.reads
            time.sleep(0.3)  # fifteen polls of the store, nothing moved
            assert store.reads == before  # one query a poll for all, none per stream
    finally:
        running.stop()


def test_a_request_that_is_not_http_gets_json_and_one_line(
    tight: Running, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.WARNING), tight.raw() as conn:
        conn.sendall(b"NOT HTTP AT ALL\r\n\r\n")
        answer = b""
        while chunk := conn.recv(65536):
            answer += chunk
    head, _, body = answer.decode().partition("\r\n\r\n")
    assert head.startswith("HTTP/1.1 400") and "content-type: application/json" in head
    assert json.loads(body)["error"] == "bad-request"
    lines = [r.getMessage() for r in caplog.records if r.name.startswith(("uno_rules", "uvicorn"))]
    lines = [line for line in lines if "HTTP" in line]
    assert lines == ["127.0.0.1: refused: the request is not valid HTTP/1.1"]


def test_work_in_hand_over_the_cap_is_a_json_503(tight: Running) -> None:
    with ExitStack() as stack:
        for _ in range(4):  # four requests in hand (their bodies still coming): the cap
            conn = stack.enter_context(tight.raw())
            conn.sendall(
                b"POST /api/disputes HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                b"Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"
            )
        time.sleep(0.3)
        r = httpx.get(f"{tight.url}api/presets")
        assert r.status_code == 503 and r.json()["error"] == "overloaded"
        assert r.headers["retry-after"] == "1"
    time.sleep(0.3)
    assert httpx.get(f"{tight.url}api/presets").status_code == 200  # the cap counts work


LARGE = {
    "players": 2,
    "hands": [["R5", "G9", "B3", "Y7"], 4],
    "discard": ["R3"],
    "moves": ["0 draw", "0 pass", "1 draw", "1 pass"] * 20,
}


def test_large_work_is_ruled_in_a_worker_process() -> None:
    from uno_rules.dispute import settle

    app = create_app()
    with TestClient(app, base_url="http://127.0.0.1") as c:
        app.use_worker_processes(1)
        r = c.post("/api/disputes?preset=official&preset=family", json=LARGE)
        assert r.status_code == 200, r.text
        settled = settle(LARGE, ["official", "family"])
        assert r.json() == add_plain_verdicts(settled.to_dict(None), settled.rulings, "en")
        wrong = {**LARGE, "hands": [["X9", "G9"], 4]}  # refused in the worker, said here
        r = c.post("/api/disputes?preset=official&preset=family", json=wrong)
        assert r.status_code == 422 and "X9" in r.json()["message"]


def test_a_worker_process_ignores_ctrl_c_and_ends_when_its_server_is_gone() -> None:
    """A worker started for a server process ignores SIGINT (the server stops it) and
    leaves by itself once the server's process no longer exists, even killed."""
    import subprocess
    import sys

    server_stand_in = subprocess.Popen([sys.executable, "-c", "pass"])
    server_stand_in.wait(timeout=30)
    code = (
        "import signal, time\n"
        "from uno_rules.server import _worker_started\n"
        f"_worker_started({server_stand_in.pid})\n"
        "assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN\n"
        "time.sleep(30)\n"
        "raise SystemExit(3)\n"
    )
    worker = subprocess.run([sys.executable, "-c", code], timeout=60, capture_output=True)
    assert worker.returncode == 0, worker.stderr[-2000:]
