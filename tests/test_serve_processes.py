"""Two ``uno-rules serve`` processes on one store (a shared SQLite file, and a PostgreSQL
database when ``UNO_RULES_TEST_POSTGRES`` names one) serve one game: each move sent through
both at the same moment is applied exactly once, every answer agrees with the log, and a
stream on one process sees the moves made through the other."""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path
from typing import Any

import pytest

httpx = pytest.importorskip("httpx")
pytest.importorskip("uvicorn")

from serve_helpers import start_servers, stop_server  # noqa: E402

POSTGRES = os.environ.get("UNO_RULES_TEST_POSTGRES")
TURNS = 8


def stores(tmp_path: Path, kind: str) -> str:
    if kind == "sqlite":
        return f"sqlite:///{tmp_path}/games.sqlite3"
    if not POSTGRES:
        pytest.skip("set UNO_RULES_TEST_POSTGRES to a PostgreSQL DSN (.ci/run does)")
    pytest.importorskip("psycopg")
    return POSTGRES


def send(
    barrier: threading.Barrier,
    answers: list[Any],
    i: int,
    http: httpx.Client,
    path: str,
    move: str,
    headers: dict[str, str],
) -> None:
    """Post ``move`` once the other sender is ready too; its answer goes in ``answers[i]``."""
    barrier.wait()
    answers[i] = http.post(path, json={"move": move}, headers=headers).json()


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_two_processes_serve_one_game_and_apply_each_move_once(tmp_path: Path, kind: str) -> None:
    store = stores(tmp_path, kind)
    (a, url_a), (b, url_b) = start_servers(2, "--store", store)
    try:
        with (
            httpx.Client(base_url=url_a, timeout=20) as ca,
            httpx.Client(base_url=url_b, timeout=20) as cb,
        ):
            game = ca.post("api/games", json={"players": 2}).json()
            tokens = [s["token"] for s in game["seats"]]
            base = f"api/games/{game['game']}/seats"

            def headers(seat: int) -> dict[str, str]:
                return {"authorization": f"Bearer {tokens[seat]}"}

            seen: list[tuple[str, str]] = []
            stream_path = f"{base}/1/events?token={tokens[1]}"

            def watch() -> None:  # through B, from the start
                with (
                    httpx.Client(base_url=url_b, timeout=20) as cs,
                    cs.stream("GET", stream_path, headers={"accept": "text/event-stream"}) as s,
                ):
                    ident = ""
                    for line in s.iter_lines():
                        if line.startswith("id: "):
                            ident = line[4:]
                        elif line.startswith("data: ") and ident:
                            seen.append((ident, json.loads(line[6:])["move"]))
                            ident = ""
                            if len(seen) == TURNS:
                                return

            watcher = threading.Thread(target=watch, daemon=True)
            watcher.start()
            made: list[str] = []
            for turn in range(TURNS):
                client = (ca, cb)[turn % 2]  # views through both
                views = [client.get(f"{base}/{s}/view", headers=headers(s)).json() for s in (0, 1)]
                assert all(v["events"] == turn for v in views)  # each process sees every move
                mover = next(v for v in views if v["legal_moves"])
                move = mover["legal_moves"][-1]
                answers: list[Any] = [None, None]
                barrier = threading.Barrier(2)
                seat = mover["seat"]
                threads = [
                    threading.Thread(
                        target=send,
                        args=(barrier, answers, i, c, f"{base}/{seat}/moves", move, headers(seat)),
                    )
                    for i, c in enumerate((ca, cb))
                ]
                for t in threads:
                    t.start()
                for t in threads:
                    t.join(timeout=30)
                legal = [x["legal"] for x in answers]
                assert sorted(legal) == [False, True], answers  # once, not twice, never lost
                refused = answers[legal.index(False)]
                assert refused["events"] == turn + 1  # ruled again on the state after the move
                made.append(move)
            watcher.join(timeout=15)
            for client in (ca, cb):
                log = client.get(f"{base}/0/events", headers=headers(0)).json()["events"]
                assert [e["move"] for e in log] == made
                assert [e["index"] for e in log] == list(range(TURNS))
            assert seen == [(str(i), m) for i, m in enumerate(made)]
    finally:
        errors = stop_server(a) + stop_server(b)
    assert "Traceback" not in errors
