"""The service as ``uno-rules serve`` runs it (uvicorn with the limits of ``_serving``), in a
thread of this process on a loopback port, with the deadlines made short: slow and silent
clients are closed, a client that hangs up is one log line, and open streams end with an
event when their game is pruned or the server stops."""

from __future__ import annotations

import asyncio
import json
import logging
import socket
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest

httpx = pytest.importorskip("httpx")
pytest.importorskip("uvicorn")

from uno_rules import _serving, server  # noqa: E402
from uno_rules.server import create_app  # noqa: E402


class Running:
    def __init__(self, app: server.Service) -> None:
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(16)
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


@pytest.fixture
def running(monkeypatch: pytest.MonkeyPatch) -> Iterator[Running]:
    monkeypatch.setattr(_serving, "HEADER_SECONDS", 0.4)
    monkeypatch.setattr(_serving, "KEEP_ALIVE_SECONDS", 1)
    monkeypatch.setattr(server, "BODY_SECONDS", 0.4)
    r = Running(create_app(keep_idle=1e-6))
    yield r
    r.stop()


def closed_after(conn: socket.socket, send: bytes = b"", every: float = 0.0) -> float:
    """Seconds until the server closes ``conn`` (trickling ``send`` a byte at a time)."""
    start = time.monotonic()
    conn.settimeout(0.1)
    sent = 0
    while time.monotonic() - start < 5:
        if sent < len(send):
            try:
                conn.send(send[sent : sent + 1])
            except OSError:
                return time.monotonic() - start
            sent += 1
        try:
            if conn.recv(4096) == b"":
                return time.monotonic() - start
        except TimeoutError:
            time.sleep(every)
        except OSError:
            return time.monotonic() - start
    return 99.0


def test_a_silent_client_is_closed_in_one_log_line(
    running: Running, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.WARNING, "uno_rules.server"), running.raw() as conn:
        assert closed_after(conn) < 3
    lines = [r for r in caplog.records if "no request header" in r.getMessage()]
    assert len(lines) == 1 and lines[0].exc_info is None


def test_a_client_trickling_its_header_is_closed(running: Running) -> None:
    header = b"GET /api/presets HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"a" * 200
    with running.raw() as conn:
        assert closed_after(conn, header, every=0.05) < 3


def test_a_client_trickling_its_body_gets_a_408(running: Running) -> None:
    with running.raw() as conn:
        conn.sendall(
            b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            b"Content-Length: 100\r\n\r\n{"
        )
        conn.settimeout(5)
        answer = ""
        while '"problems"' not in answer:
            chunk = conn.recv(65536).decode()
            if not chunk:
                break
            answer += chunk
    assert answer.startswith("HTTP/1.1 408") and '"error":"timeout"' in answer


def test_an_idle_kept_alive_connection_is_closed(running: Running) -> None:
    with running.raw() as conn:
        conn.sendall(b"GET /api/presets HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        conn.settimeout(5)
        assert conn.recv(65536).startswith(b"HTTP/1.1 200")
        assert closed_after(conn) < 3


def test_a_client_that_hangs_up_mid_body_is_one_log_line(
    running: Running, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.WARNING):
        with running.raw() as conn:
            conn.sendall(
                b"POST /api/disputes HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                b'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"moves": ['
            )
            time.sleep(0.1)
        time.sleep(0.3)
        assert httpx.get(f"{running.url}api/presets").status_code == 200  # still serving
    mine = [r for r in caplog.records if r.name.startswith(("uno_rules", "uvicorn"))]
    assert len(mine) == 1 and "hung up" in mine[0].getMessage() and mine[0].exc_info is None


def sse(lines: Iterator[str]) -> Iterator[tuple[str, str]]:
    event, data = "message", ""
    for line in lines:
        if line == "":
            if data:
                yield event, data
            event, data = "message", ""
        elif line.startswith("event:"):
            event = line[6:].strip()
        elif line.startswith("data:"):
            data += line[5:].strip()


def open_stream(url: str, seen: list[tuple[str, str]]) -> tuple[threading.Thread, str]:
    game: dict[str, Any] = httpx.post(f"{url}api/games", json={"players": 2}).json()
    path = f"{url}api/games/{game['game']}/seats/0/events?token={game['seats'][0]['token']}"

    opened = threading.Event()

    def read() -> None:
        with httpx.stream("GET", path, headers={"accept": "text/event-stream"}, timeout=10) as s:
            opened.set()  # the answer has begun: the server holds the stream open
            for event in sse(s.iter_lines()):
                seen.append(event)
                if event[0] == "end":
                    return

    thread = threading.Thread(target=read, daemon=True)
    thread.start()
    # the stream is open and waiting (not a fixed pause: a loaded machine may take longer)
    assert opened.wait(10), "the event stream did not open"
    return thread, game["game"]


def test_a_stream_ends_when_its_game_is_pruned(running: Running) -> None:
    seen: list[tuple[str, str]] = []
    thread, _ = open_stream(running.url, seen)
    time.sleep(0.1)
    assert httpx.post(f"{running.url}api/admin/prune").json()["pruned"] >= 1
    thread.join(timeout=5)
    assert not thread.is_alive()
    assert seen == [("end", json.dumps({"reason": "gone"}, separators=(",", ":")))]


def test_open_streams_end_with_an_event_when_the_server_stops(running: Running) -> None:
    seen: list[tuple[str, str]] = []
    thread, _ = open_stream(running.url, seen)
    running.server.should_exit = True
    thread.join(timeout=5)
    assert not thread.is_alive()
    assert seen == [("end", '{"reason":"shutdown"}')]


def test_asyncios_own_reports_are_one_line(caplog: pytest.LogCaptureFixture) -> None:
    loop = asyncio.new_event_loop()
    try:
        with caplog.at_level(logging.WARNING, "uno_rules.server"):
            _serving._one_line(
                loop,
                {
                    "message": "socket.accept() out of system resource",
                    "exception": OSError(24, "Too many open files"),
                },
            )
            _serving._one_line(loop, {"message": "a plain report"})
    finally:
        loop.close()
    lines = [r.getMessage() for r in caplog.records if r.name == "uno_rules.server"]
    assert lines == [
        "socket.accept() out of system resource: [Errno 24] Too many open files",
        "a plain report",
    ]
    assert all(r.exc_info is None for r in caplog.records)


def test_the_server_may_hold_as_many_connections_as_the_system_allows() -> None:
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(256, hard), hard))
        _serving._more_files()
        raised = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
        assert raised == (65536 if hard == resource.RLIM_INFINITY else min(hard, 65536))
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


def test_a_client_that_leaves_before_its_request_is_forgotten(running: Running) -> None:
    with running.raw() as conn:
        conn.sendall(b"GET /api/pre")
    time.sleep(0.6)  # past the header deadline: nothing is left to fire
    assert httpx.get(f"{running.url}api/presets").status_code == 200
