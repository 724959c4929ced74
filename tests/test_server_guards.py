"""The referee service against a stranger: a server key for dealing and the admin routes,
per-client limits, strict Content-Type, Host and Origin checks, no token in a URL but the
stream's, a game's place refreshed by its seats' moves only; and every answer on the
contract: JSON with a documented status, 405 with Allow, OPTIONS, 400 for bad numbers,
no-store on private answers, YAML that JSON cannot carry refused."""

from __future__ import annotations

import logging
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

from uno_rules import server
from uno_rules.cli import main
from uno_rules.server import EVENTS_PAGE, create_app
from uno_rules.storage import MemoryStore

LOCAL = "http://127.0.0.1"
KEY = "a-server-key-of-some-length"


def auth(token: str) -> dict[str, str]:
    return {"authorization": f"Bearer {token}"}


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(create_app(), base_url=LOCAL) as c:
        yield c


def deal(c: TestClient, headers: dict[str, str] | None = None) -> dict[str, Any]:
    r = c.post("/api/games", json={"players": 2}, headers=headers or {})
    assert r.status_code == 201, r.text
    data: dict[str, Any] = r.json()
    return data


# --------------------------------------------------------------------------- the server key


def test_a_server_key_guards_dealing_and_the_admin_routes() -> None:
    with TestClient(create_app(server_key=KEY), base_url=LOCAL) as c:
        r = c.post("/api/games", json={"players": 2})
        assert r.status_code == 401 and "key" in r.json()["message"]
        assert c.post("/api/games", json={"players": 2}, headers=auth("x" * 30)).status_code == 403
        game = deal(c, auth(KEY))
        assert c.get("/api/admin/games").status_code == 401
        summary = c.get("/api/admin/games", headers=auth(KEY)).json()
        assert summary == {
            "store": "memory",
            "games": 1,
            "max_games": server.MAX_GAMES,
            "bytes": summary["bytes"],
            "max_bytes": server.MAX_STORE_BYTES,
        }
        assert 1000 < summary["bytes"] < 100_000  # a dealt table's state and tokens
        assert c.post("/api/admin/prune", headers=auth(KEY)).json() == {"pruned": 0}
        # The seats need their own tokens, not the key.
        view = f"/api/games/{game['game']}/seats/0/view"
        assert c.get(view, headers=auth(game["seats"][0]["token"])).status_code == 200
        assert c.get(view, headers=auth(KEY)).status_code == 403
    with TestClient(create_app(), base_url=LOCAL) as c:  # no key: open, on loopback
        assert c.get("/api/admin/games").json()["games"] == 0


def test_serve_beyond_loopback_needs_a_key(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv("UNO_RULES_SERVER_KEY", raising=False)
    assert main(["serve", "--host", "0.0.0.0", "--port", "0"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "server key" in err and "--key-file" in err
    short = tmp_path / "short"
    short.write_text("abc\n", encoding="utf-8")
    empty = tmp_path / "empty"
    empty.write_text("\n", encoding="utf-8")
    for args, words in [
        (["--key-file", str(short)], "at least 16 characters"),
        (["--key-file", str(empty)], "is empty"),
        (["--key-file", str(tmp_path / "none")], "cannot read"),
        (["--store", "redis://x"], "--store: expected memory"),
        (["--keep-idle", "0"], "--keep-idle: expected a number of seconds"),
        (["--max-store-mb", "0"], "--max-store-mb: expected a number of megabytes"),
        (["--rate", "-1"], "--rate: expected a number of requests a second"),
    ]:
        assert main(["serve", "--port", "0", *args]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and words in err, err


# --------------------------------------------------------------------------- limits per client


def test_dealing_is_limited_per_client() -> None:
    clock = Clock()
    with TestClient(create_app(creations=(2, 0.1), clock=clock), base_url=LOCAL) as c:
        deal(c)
        deal(c)
        r = c.post("/api/games", json={"players": 2})
        assert r.status_code == 429 and r.json()["error"] == "too-many-requests"
        assert r.headers["retry-after"] == "10"
        clock.now += 10
        deal(c)


def test_wrong_tokens_are_limited_per_client() -> None:
    clock = Clock()
    with TestClient(create_app(failed_tokens=(3, 0.1), clock=clock), base_url=LOCAL) as c:
        game = deal(c)
        view = f"/api/games/{game['game']}/seats/0/view"
        good = auth(game["seats"][0]["token"])
        for _ in range(3):
            assert c.get(view, headers=auth("guess" * 8)).status_code == 403
        assert c.get(view, headers=auth("guess" * 8)).status_code == 429
        assert c.get(view, headers=good).status_code == 429  # this address waits
        clock.now += 10
        assert c.get(view, headers=good).status_code == 200


# --------------------------------------------------------------------------- what a browser sends


@pytest.mark.parametrize(
    ("headers", "words"),
    [
        ({}, "no Content-Type"),
        ({"content-type": "text/plain"}, "not text/plain"),
        ({"content-type": "application/x-www-form-urlencoded"}, "not application/x-www-form"),
    ],
)
def test_a_body_must_say_it_is_json_or_yaml(
    client: TestClient, headers: dict[str, str], words: str
) -> None:
    """A page elsewhere can send text/plain or a form without asking (``no-cors``): such a
    body is refused, not read as JSON."""
    r = client.post("/api/games", content=b'{"players": 2}', headers=headers)
    assert r.status_code == 415 and r.json()["error"] == "unsupported-media-type"
    assert words in r.json()["message"]
    assert client.get("/api/admin/games").json()["games"] == 0


def test_only_the_servers_own_names_and_page_may_call_it(client: TestClient) -> None:
    rebound = client.get("/api/presets", headers={"host": "evil.example:8000"})
    assert rebound.status_code == 400 and "evil.example" in rebound.json()["message"]
    for host in ("127.0.0.1:8000", "localhost:8000", "[::1]:8000"):
        assert client.get("/api/presets", headers={"host": host}).status_code == 200
    body = {"json": {"players": 2}}
    foreign = client.post("/api/games", headers={"origin": "http://evil.example"}, **body)
    assert foreign.status_code == 403 and foreign.json()["error"] == "forbidden"
    null = client.post("/api/games", headers={"origin": "null"}, **body)
    assert null.status_code == 403
    site = client.post("/api/games", headers={"sec-fetch-site": "cross-site"}, **body)
    assert site.status_code == 403
    own = client.post("/api/games", headers={"origin": "http://127.0.0.1"}, **body)
    assert own.status_code == 201
    with TestClient(create_app(allowed_hosts=None), base_url="http://anything.example") as c:
        assert c.get("/api/presets").status_code == 200


def test_a_games_place_is_refreshed_by_its_seats_moves_only() -> None:
    """Looking at a game, or knocking with wrong tokens, keeps nothing alive: an idle game
    goes ``keep_idle`` after its last move."""
    clock = Clock()
    app = create_app(keep_idle=100, keep_finished=10, clock=clock)
    with TestClient(app, base_url=LOCAL) as c:
        idle, moved = deal(c), deal(c)
        clock.now += 60
        for game in (idle, moved):
            view = f"/api/games/{game['game']}/seats/0/view"
            assert c.get(view, headers=auth("wrong" * 8)).status_code == 403
            assert c.get(view, headers=auth(game["seats"][0]["token"])).status_code == 200
        seats = [
            c.get(f"/api/games/{moved['game']}/seats/{s}/view", headers=auth(t["token"]))
            for s, t in enumerate(moved["seats"])
        ]
        mover = next(v.json() for v in seats if v.json()["legal_moves"])
        token = moved["seats"][mover["seat"]]["token"]
        r = c.post(
            f"/api/games/{moved['game']}/seats/{mover['seat']}/moves",
            json={"move": mover["legal_moves"][0]},
            headers=auth(token),
        )
        assert r.json()["legal"] is True
        clock.now += 60
        assert c.post("/api/admin/prune").json() == {"pruned": 1}
        gone = f"/api/games/{idle['game']}/seats/0/view"
        assert c.get(gone, headers=auth(idle["seats"][0]["token"])).status_code == 404
        kept = f"/api/games/{moved['game']}/seats/0/view"
        assert c.get(kept, headers=auth(moved["seats"][0]["token"])).status_code == 200


# --------------------------------------------------------------------------- errors on the contract


def test_an_internal_failure_is_a_json_500_in_one_log_line(
    client: TestClient, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    import uno_rules.server as server

    game = deal(client)

    def broken(*args: Any) -> Any:
        raise RuntimeError("a fault in the service")

    monkeypatch.setattr(server, "_seat_view", broken)
    with caplog.at_level(logging.WARNING, "uno_rules.server"):
        r = client.get(
            f"/api/games/{game['game']}/seats/0/view", headers=auth(game["seats"][0]["token"])
        )
    assert r.status_code == 500 and r.headers["content-type"] == "application/json"
    assert r.json()["error"] == "internal-error" and "fault" not in r.text
    lines = [rec for rec in caplog.records if rec.name == "uno_rules.server"]
    assert len(lines) == 1 and lines[0].exc_info is None and "internal error" in lines[0].message


def test_a_wrong_method_is_405_with_allow_and_options_is_answered(client: TestClient) -> None:
    r = client.get("/api/games")
    assert r.status_code == 405 and r.headers["allow"] == "OPTIONS, POST"
    assert r.json()["error"] == "method-not-allowed"
    r = client.delete("/api/presets")
    assert r.status_code == 405 and r.headers["allow"] == "GET, HEAD, OPTIONS"
    r = client.options("/api/games")
    assert r.status_code == 204 and r.headers["allow"] == "OPTIONS, POST"
    nowhere = client.get("/api/nowhere")
    assert nowhere.status_code == 404 and nowhere.json()["error"] == "not-found"


@pytest.mark.parametrize(
    ("query", "headers", "words"),
    [
        ("?after=²", {}, "after: expected a number"),
        ("?after=" + "9" * 5000, {}, "after: expected a number"),
        ("?after=-1", {}, "after: expected a number"),
        ("", {"last-event-id": "²".encode()}, "Last-Event-ID: expected a number"),
        ("", {"last-event-id": "1" * 5000}, "Last-Event-ID: expected a number"),
        ("?limit=0", {}, f"limit: expected 1 to {EVENTS_PAGE}"),
        ("?limit=x", {}, "limit: expected a number"),
    ],
)
def test_bad_numbers_for_the_events_are_a_400(
    client: TestClient, query: str, headers: dict[str, Any], words: str
) -> None:
    game = deal(client)
    token = game["seats"][0]["token"]
    url = f"/api/games/{game['game']}/seats/0/events{query}"
    streams = () if "limit" in query else ("text/event-stream",)  # a stream has no pages
    for accept in ("application/json", *streams):
        r = client.get(url, headers={**auth(token), **headers, "accept": accept})
        assert r.status_code == 400 and r.json()["error"] == "bad-request"
        assert r.json()["problems"] == [words + (" (0 to 999999999)" if "number" in words else "")]


def test_private_answers_are_never_cached(client: TestClient) -> None:
    r = client.post("/api/games", json={"players": 2})
    assert r.headers["cache-control"] == "no-store"
    game = r.json()
    base = f"/api/games/{game['game']}/seats/0"
    token = auth(game["seats"][0]["token"])
    for path in ("view", "table.svg", "events"):
        assert client.get(f"{base}/{path}", headers=token).headers["cache-control"] == "no-store"
    moved = client.post(f"{base}/moves", json={"move": "0 pass"}, headers=token)
    assert moved.headers["cache-control"] == "no-store"
    assert client.get(f"{base}/view").headers["cache-control"] == "no-store"  # a 401 too


def test_the_event_log_is_read_in_pages(client: TestClient) -> None:
    game = deal(client)
    tokens = [s["token"] for s in game["seats"]]
    base = f"/api/games/{game['game']}/seats"
    for _ in range(5):
        views = [
            client.get(f"{base}/{s}/view", headers=auth(t)).json() for s, t in enumerate(tokens)
        ]
        mover = next(v for v in views if v["legal_moves"])
        client.post(
            f"{base}/{mover['seat']}/moves",
            json={"move": mover["legal_moves"][-1]},
            headers=auth(tokens[mover["seat"]]),
        )
    whole = client.get(f"{base}/0/events", headers=auth(tokens[0])).json()
    assert len(whole["events"]) == whole["next"] == 5 and whole["more"] is False
    page = client.get(f"{base}/0/events?after=1&limit=2", headers=auth(tokens[0])).json()
    assert [e["index"] for e in page["events"]] == [1, 2]
    assert page["next"] == 3 and page["more"] is True
    last = client.get(f"{base}/0/events?after=3&limit=2", headers=auth(tokens[0])).json()
    assert [e["index"] for e in last["events"]] == [3, 4] and last["more"] is False
    beyond = client.get(f"{base}/0/events?after=9", headers=auth(tokens[0])).json()
    assert beyond == {"events": [], "next": 9, "more": False}


@pytest.mark.parametrize(
    ("yaml", "words"),
    [
        (b"title: !!binary aGVsbG8=\n", "body.title: a YAML bytes is not plain data"),
        (b"title: !!set {a: null}\n", "body.title: a YAML set is not plain data"),
        (b"title: 2024-05-01\n", "body.title: a YAML date is not plain data"),
        (b"title: 2024-05-01 10:00:00\n", "body.title: a YAML datetime is not plain data"),
        (b"1: one\n", "body: the key 1 must be text"),
        (b"moves: [.inf]\n", "body.moves[0]: inf is not a number JSON can carry"),
    ],
)
def test_yaml_that_json_cannot_carry_is_refused(
    client: TestClient, yaml: bytes, words: str
) -> None:
    for route in ("/api/disputes/read", "/api/disputes", "/api/replay"):
        r = client.post(route, content=yaml, headers={"content-type": "application/yaml"})
        assert r.status_code == 400 and r.json()["error"] == "bad-request", r.text
        assert r.json()["problems"][0].startswith(words), r.json()
        assert "datetime." not in r.text and "b'" not in r.text


def test_json_numbers_that_are_not_numbers_are_refused(client: TestClient) -> None:
    r = client.post(
        "/api/disputes", content=b'{"moves": [NaN]}', headers={"content-type": "application/json"}
    )
    assert r.status_code == 400 and "NaN is not a JSON number" in r.json()["message"]


def test_pictures_are_asked_for_a_bounded_number_of_rulings(client: TestClient) -> None:
    from uno_rules.server import MAX_PICTURES

    table = {"players": 2, "hands": [["R5", "G9"], 3], "discard": ["R3"]}
    many = {**table, "moves": ["0 draw"] * (MAX_PICTURES // 2 + 1)}
    r = client.post("/api/disputes?preset=official&preset=family&pictures=1", json=many)
    assert r.status_code == 422 and r.json()["error"] == "answer-too-large"
    assert str(MAX_PICTURES) in r.json()["message"]
    assert client.post("/api/disputes?preset=official&preset=family", json=many).status_code == 200


def test_an_answer_over_its_size_limit_is_refused_with_the_limit(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    import uno_rules.server as server

    monkeypatch.setattr(server, "MAX_ANSWER_BYTES", 2000)
    r = client.get("/api/presets/official")
    assert r.status_code == 422 and r.json()["error"] == "answer-too-large"
    assert "over the limit of 2000" in r.json()["message"]


def test_a_games_log_has_a_bound(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    import uno_rules.server as server

    monkeypatch.setattr(server, "MAX_LOG_ENTRIES", 2)
    game = deal(client)
    tokens = [s["token"] for s in game["seats"]]
    base = f"/api/games/{game['game']}/seats"
    answers = []
    for _ in range(3):
        views = [
            client.get(f"{base}/{s}/view", headers=auth(t)).json() for s, t in enumerate(tokens)
        ]
        mover = next(v for v in views if v["legal_moves"])
        answers.append(
            client.post(
                f"{base}/{mover['seat']}/moves",
                json={"move": mover["legal_moves"][-1]},
                headers=auth(tokens[mover["seat"]]),
            )
        )
    assert [a.status_code for a in answers] == [200, 200, 409]
    assert (
        answers[2].json()["error"] == "log-full" and "2 log entries" in answers[2].json()["message"]
    )


# --------------------------------------------------------------------------- more edges


class LosingStore(MemoryStore):
    """A store where another process always (or the first ``times`` times) moved first."""

    def __init__(self, times: int) -> None:
        super().__init__()
        self.times = times

    def commit(self, game: Any, state: Any, entry: str, now: float) -> bool:
        if self.times > 0:
            self.times -= 1
            return False
        return super().commit(game, state, entry, now)


def first_move(c: TestClient, game: dict[str, Any]) -> tuple[int, str]:
    views = [
        c.get(f"/api/games/{game['game']}/seats/{s['seat']}/view", headers=auth(s["token"])).json()
        for s in game["seats"]
    ]
    mover = next(v for v in views if v["legal_moves"])
    return mover["seat"], mover["legal_moves"][0]


@pytest.mark.parametrize(("times", "status"), [(1, 200), (100, 503)])
def test_a_move_beaten_by_another_process_is_ruled_again(times: int, status: int) -> None:
    store = LosingStore(0)
    with TestClient(create_app(store=store), base_url=LOCAL) as c:
        game = deal(c)
        seat, move = first_move(c, game)
        store.times = times
        url = f"/api/games/{game['game']}/seats/{seat}/moves"
        r = c.post(url, json={"move": move}, headers=auth(game["seats"][seat]["token"]))
        assert r.status_code == status
        if status == 200:
            assert r.json()["legal"] is True and r.json()["events"] == 1
        else:
            assert r.json()["error"] == "busy"
        again = c.post(url, json={"move": "next-round"}, headers=auth(game["seats"][seat]["token"]))
        assert again.json()["legal"] is False and again.json()["violation"]["code"]


def test_odd_requests_get_clear_answers(client: TestClient) -> None:
    assert client.post("/api/games", json={"players": 1}).status_code == 422
    long_id = "a" * 65
    r = client.get(f"/api/games/{long_id}/seats/0/view", headers=auth("x" * 32))
    assert r.status_code == 404
    huge = client.post(
        "/api/disputes/read", content=b'{"x": 1e400}', headers={"content-type": "application/json"}
    )
    assert huge.status_code == 400 and "JSON cannot carry" in huge.json()["message"]
    many = b"".join(b"d%d: 2024-05-%02d\n" % (i, i + 1) for i in range(15))
    r = client.post(
        "/api/disputes/read", content=many, headers={"content-type": "application/yaml"}
    )
    assert r.status_code == 400 and len(r.json()["problems"]) == 10


def test_a_stream_pages_through_a_long_log_and_keeps_the_connection_open(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import uno_rules.server as server

    monkeypatch.setattr(server, "EVENTS_PAGE", 2)
    monkeypatch.setattr(server, "KEEP_ALIVE_SECONDS", 0.2)
    with TestClient(create_app(), base_url=LOCAL) as c:
        game = deal(c)
        for _ in range(3):
            seat, move = first_move(c, game)
            token = game["seats"][seat]["token"]
            c.post(
                f"/api/games/{game['game']}/seats/{seat}/moves",
                json={"move": move},
                headers=auth(token),
            )
        url = f"/api/games/{game['game']}/seats/0/events"
        lines: list[str] = []
        headers = {**auth(game["seats"][0]["token"]), "accept": "text/event-stream"}
        with c.stream("GET", url, headers=headers) as s:
            for line in s.iter_lines():
                lines.append(line)
                if line.startswith(": keep-alive"):
                    break
        assert [line for line in lines if line.startswith("id: ")] == ["id: 0", "id: 1", "id: 2"]


# --------------------------------------------------------------------------- time limits


def test_a_ruling_not_answered_in_time_is_a_503_in_one_log_line(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A dispute that takes longer than the limit is answered 503 ``too-slow``, in one log
    line; the same dispute under the default limit is ruled. The work cannot be stopped,
    so it keeps its place among the rulings that may run at once."""
    dispute = {
        "rules": "official",
        "players": 3,
        "hands": [["R5", "B3"], 3, 3],
        "discard": ["R2"],
        "moves": ["0 R5"],
    }
    with TestClient(create_app(heavy_seconds=0), base_url=LOCAL) as c:
        with caplog.at_level(logging.WARNING, logger="uno_rules.server"):
            r = c.post("/api/disputes", json=dispute)
        assert r.status_code == 503, r.text
        assert r.json()["error"] == "too-slow"
        assert "took over 0 s" in r.json()["message"]
        assert [rec.getMessage() for rec in caplog.records] == [
            "testclient: gave up on a request after 0 s"
        ]
    with TestClient(create_app(), base_url=LOCAL) as c:
        assert c.post("/api/disputes", json=dispute).status_code == 200
