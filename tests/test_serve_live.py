"""The referee service as users run it: ``uno-rules serve`` on 127.0.0.1 (a free port, started
and stopped here), over real sockets, with a seat's events pushed as server-sent events."""

from __future__ import annotations

import json
import signal
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

httpx = pytest.importorskip("httpx")
pytest.importorskip("uvicorn")

from serve_helpers import running_server, start_server, stop_server  # noqa: E402
from uno_rules.cli import main  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


def _sse(lines: Iterator[str]) -> Iterator[tuple[str, str, str]]:
    """(event, id, data) for each server-sent event; comments are skipped."""
    event, ident, data = "message", "", ""
    for line in lines:
        if line == "":
            if data:
                yield event, ident, data
            event, ident, data = "message", "", ""
        elif line.startswith(":"):
            continue
        else:
            key, _, value = line.partition(":")
            value = value.removeprefix(" ")
            if key == "event":
                event = value
            elif key == "id":
                ident = value
            elif key == "data":
                data += value


def test_the_service_over_a_real_socket(capsys: pytest.CaptureFixture[str]) -> None:
    example = ROOT / "examples" / "stacking-plus2-on-plus2.yaml"
    assert main(["rule", str(example), "--preset", "official", "--preset", "family", "--json"])
    expected = json.loads(capsys.readouterr().out)
    with running_server() as url, httpx.Client(base_url=url, timeout=20) as client:
        r = client.post(
            "api/disputes?preset=official&preset=family",
            content=example.read_bytes(),
            headers={"content-type": "application/yaml"},
        )
        assert r.status_code == 200 and r.json() == {**expected, "file": None}
        assert client.get("openapi.json").json()["openapi"].startswith("3.1")
        page = client.get("")
        assert page.status_code == 200 and "UNO referee" in page.text
        problem = client.post("api/disputes", json={"players": 1, "moves": []})
        assert problem.status_code == 422 and problem.json()["error"] == "SituationError"


def test_a_seat_receives_its_events_as_they_happen() -> None:
    with running_server() as url, httpx.Client(base_url=url, timeout=20) as client:
        game = client.post("api/games", json={"rules": "official", "players": 2}).json()
        tokens = [s["token"] for s in game["seats"]]
        base = f"api/games/{game['game']}/seats"

        def view(seat: int) -> Any:
            headers = {"authorization": f"Bearer {tokens[seat]}"}
            return client.get(f"{base}/{seat}/view", headers=headers).json()

        def move(text: str) -> None:
            seat = int(text.split()[0])
            headers = {"authorization": f"Bearer {tokens[seat]}"}
            r = client.post(f"{base}/{seat}/moves", json={"move": text}, headers=headers)
            assert r.json()["legal"] is True

        turn = view(0)["view"]["turn"]
        if view(turn)["view"]["phase"] == "choose-color":  # a wild was turned first (A1)
            move(f"{turn} color red")
            turn = view(0)["view"]["turn"]
        start = view(0)["events"]
        first = f"{turn} draw"
        assert first in view(turn)["legal_moves"]
        move(first)  # already in the log when the stream opens
        watcher = 1 - turn
        stream_url = f"{base}/{watcher}/events?token={tokens[watcher]}&after={start}"
        headers = {"accept": "text/event-stream"}
        with httpx.Client(base_url=url, timeout=20) as other:
            with other.stream("GET", stream_url, headers=headers) as stream:
                assert stream.headers["content-type"].startswith("text/event-stream")
                events = _sse(stream.iter_lines())
                kind, ident, data = next(events)
                entry = json.loads(data)
                assert (kind, ident, entry["move"]) == ("move", str(start), first)
                drew = entry["events"][0]
                assert drew["kind"] == "drew" and drew["seat"] == turn and drew["cards"] is None
                # The next move is pushed while the stream is open.
                timer = threading.Timer(0.3, move, args=(f"{turn} pass",))
                timer.start()
                kind, ident, data = next(events)
                timer.join()
                pushed = json.loads(data)["move"]
                assert (kind, ident, pushed) == ("move", str(start + 1), f"{turn} pass")
            # Last-Event-ID resumes after the last entry seen; another seat's token is refused.
            headers["last-event-id"] = str(start)
            with other.stream("GET", stream_url, headers=headers) as stream:
                kind, ident, _ = next(_sse(stream.iter_lines()))
                assert ident == str(start + 1)
            wrong = f"{base}/{watcher}/events?token={tokens[turn]}"
            assert other.get(wrong, headers={"accept": "text/event-stream"}).status_code == 403


ONE_ROUND = {"extends": "official", "name": "one-round", "scoring": {"target": 1}}


class Watcher:
    """One seat's event stream, read in a thread: each event as (kind, id, data); the stream
    is opened again (with Last-Event-ID) by :meth:`watch` on another server."""

    def __init__(self, game: str, seat: int, token: str) -> None:
        self.path = f"api/games/{game}/seats/{seat}/events"
        self.token = token
        self.seen: list[tuple[str, str, str]] = []
        self.thread: threading.Thread | None = None

    def watch(self, url: str) -> None:
        def read() -> None:
            headers = {"accept": "text/event-stream", "authorization": f"Bearer {self.token}"}
            ids = [i for kind, i, _ in self.seen if kind == "move"]
            if ids:
                headers["last-event-id"] = ids[-1]
            try:
                with (
                    httpx.Client(base_url=url, timeout=20) as client,
                    client.stream("GET", self.path, headers=headers) as stream,
                ):
                    for event in _sse(stream.iter_lines()):
                        self.seen.append(event)
                        if event[0] == "end":
                            return
            except httpx.HTTPError:
                return  # the server went away

        self.thread = threading.Thread(target=read, daemon=True)
        self.thread.start()

    def join(self) -> None:
        assert self.thread is not None
        self.thread.join(timeout=30)
        assert not self.thread.is_alive()


def play(url: str, game: dict[str, Any], moves: int) -> int:
    """Up to ``moves`` legal moves (plays first), each by its own seat; how many were made."""
    base = f"api/games/{game['game']}/seats"
    tokens = [s["token"] for s in game["seats"]]
    made = 0
    with httpx.Client(base_url=url, timeout=20) as client:
        while made < moves:
            views = [
                client.get(f"{base}/{s}/view", headers={"authorization": f"Bearer {t}"}).json()
                for s, t in enumerate(tokens)
            ]
            movers = [v for v in views if v["legal_moves"]]
            if not movers:
                return made
            mine = movers[0]
            plays = [m for m in mine["legal_moves"] if m.split()[1][0] in "RYGBW"]
            move = (plays or mine["legal_moves"])[0]
            headers = {"authorization": f"Bearer {tokens[mine['seat']]}"}
            r = client.post(f"{base}/{mine['seat']}/moves", json={"move": move}, headers=headers)
            assert r.status_code == 200 and r.json()["legal"] is True, r.text
            made += 1
    return made


def test_a_game_survives_sigkill_and_its_streams_resume_without_a_gap_or_a_repeat(
    tmp_path: Path,
) -> None:
    store = f"sqlite:///{tmp_path}/games.sqlite3"
    process, url = start_server("--store", store)
    try:
        with httpx.Client(base_url=url, timeout=20) as client:
            game = client.post("api/games", json={"rules": ONE_ROUND, "players": 2}).json()
        watchers = [Watcher(game["game"], s["seat"], s["token"]) for s in game["seats"]]
        for w in watchers:
            w.watch(url)
        assert play(url, game, 6) == 6
    finally:
        stop_server(process, signal.SIGKILL)  # no chance to save anything more
    for w in watchers:
        w.join()
        assert not any(kind == "end" for kind, _, _ in w.seen)
    process, url = start_server("--store", store)
    try:
        for w in watchers:
            w.watch(url)
        assert play(url, game, 400) < 400  # the game ends
        for w in watchers:
            w.join()
        with httpx.Client(base_url=url, timeout=20) as client:
            token = game["seats"][0]["token"]
            log = client.get(
                f"api/games/{game['game']}/seats/0/events?limit=500",
                headers={"authorization": f"Bearer {token}"},
            ).json()["events"]
    finally:
        err = stop_server(process)
    assert "Traceback" not in err
    for w in watchers:
        moves = [(i, json.loads(d)["move"]) for kind, i, d in w.seen if kind == "move"]
        assert [int(i) for i, _ in moves] == list(range(len(log)))  # no gap, no repeat
        assert [m for _, m in moves] == [e["move"] for e in log]
        assert w.seen[-1][0] == "end" and json.loads(w.seen[-1][2]) == {"reason": "game-over"}
