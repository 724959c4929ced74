"""The referee service as users run it: ``uno-rules serve`` on 127.0.0.1 (a free port, started
and stopped here), over real sockets, with a seat's events pushed as server-sent events."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

httpx = pytest.importorskip("httpx")
pytest.importorskip("uvicorn")

from serve_helpers import running_server  # noqa: E402
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
