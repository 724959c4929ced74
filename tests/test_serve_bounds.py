"""The referee service's answers and store are bounded: a short request with ``pictures=1``
cannot make the service send much (the pictures are bounded in bytes, and long answers are
compressed for a client that accepts gzip), the store refuses to grow past its size in
bytes until it is pruned, and one address cannot flood the service with requests."""

from __future__ import annotations

import contextlib
import gzip
import json
import logging
import os
import re
import secrets
import sqlite3
import threading
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("httpx")

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

import uno_rules as uno
from uno_rules import server
from uno_rules.server import MAX_PICTURE_BYTES, _accepts_gzip, create_app
from uno_rules.snapshot import dump_state
from uno_rules.storage import Game, MemoryStore, Store, StoreFull, entry_row, open_store

LOCAL = "http://127.0.0.1"
JSON = {"content-type": "application/json"}
POSTGRES = os.environ.get("UNO_RULES_TEST_POSTGRES")


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(), base_url=LOCAL) as c:
        yield c


def short_pictured_dispute() -> bytes:
    """A dispute of about 0.6 KB asking for the most rulings with pictures (50 moves under
    two presets), its hands long enough to make each picture large."""
    hand = ["R5", "G9", "B3", "Y7", "R1", "G2", "B4", "Y6", "R+2", "G+2", "W", "W+4"]
    data = {
        "players": 2,
        "hands": [hand, hand],
        "discard": ["R3"],
        "moves": (["0 draw", "0 pass", "1 draw", "1 pass"] * 13)[:50],
    }
    return json.dumps(data, separators=(",", ":")).encode()


PICTURED = "/api/disputes?preset=official&preset=family&pictures=1"


# --------------------------------------------------------------------------- pictures


def test_a_short_request_cannot_make_a_long_answer_without_compression(
    client: TestClient,
) -> None:
    """Without gzip, the pictures are at most MAX_PICTURE_BYTES: the later moves' are left
    out, and the answer says how many (it was 3.0 MB for this 0.6 KB request)."""
    body = short_pictured_dispute()
    assert len(body) < 1100
    r = client.post(PICTURED, content=body, headers={**JSON, "accept-encoding": "identity"})
    assert r.status_code == 200 and "content-encoding" not in r.headers
    answer = r.json()
    pictures = answer["pictures"]
    size = sum(len(p["before"]) + len(p["after"]) for drawn in pictures.values() for p in drawn)
    assert 0 < size <= MAX_PICTURE_BYTES
    assert len(r.content) <= MAX_PICTURE_BYTES + 128 * 1024
    # the same moves pictured under each preset, the first ones; every ruling still there
    kept = {len(drawn) for drawn in pictures.values()}
    assert len(kept) == 1 and 0 < kept.pop() == 50 - answer["pictures_omitted"] < 50
    assert all(len(rulings) == 50 for rulings in answer["rulings"].values())


def test_pictures_that_fit_are_all_given(client: TestClient) -> None:
    data = {"players": 2, "hands": [["R5", "G9"], 3], "discard": ["R3"], "moves": ["0 R5"]}
    answer = client.post("/api/disputes?preset=official&pictures=1", json=data).json()
    assert answer["pictures_omitted"] == 0 and len(answer["pictures"]["official"]) == 1
    assert "pictures_omitted" not in client.post("/api/disputes", json=data).json()


def test_the_pictures_budget_keeps_whole_moves_for_every_preset() -> None:
    pictures = {
        "a": [{"before": "x" * 10, "after": "y" * 10}] * 4,
        "b": [{"before": "x" * 5, "after": "y" * 5}] * 4,
    }
    kept, omitted = server._within_budget(pictures, 65)
    assert (len(kept["a"]), len(kept["b"]), omitted) == (2, 2, 2)
    assert server._within_budget(pictures, 29) == ({"a": [], "b": []}, 4)
    assert server._within_budget(pictures, 120) == (pictures, 0)


def test_a_long_answer_is_compressed_for_a_client_that_accepts_gzip(client: TestClient) -> None:
    body = short_pictured_dispute()
    r = client.post(PICTURED, content=body, headers={**JSON, "accept-encoding": "gzip"})
    assert r.status_code == 200 and r.headers["content-encoding"] == "gzip"
    assert "Accept-Encoding" in r.headers["vary"]
    wire = int(r.headers["content-length"])
    assert wire < 64 * 1024 < len(r.content)  # sent compressed, read back whole
    assert r.json()["rulings"]["family"][0]["move"] == "0 draw"
    # a card's picture keeps its own Vary beside the new one
    card = client.get("/api/cards/R5.svg", headers={"accept-encoding": "gzip"})
    assert card.headers["vary"] == "Accept-Language, Accept-Encoding"


def test_a_short_answer_and_a_client_without_gzip_get_plain_text(client: TestClient) -> None:
    short = client.get("/api/presets/official", headers={"accept-encoding": "gzip;q=0"})
    assert "content-encoding" not in short.headers and short.json()["name"] == "official"
    r = client.get("/api/page-text?lang=en", headers={"accept-encoding": "gzip"})
    raw = r.headers.get("content-encoding")
    assert raw == ("gzip" if len(json.dumps(r.json())) >= server.GZIP_FROM else None)


def test_the_accept_encoding_header_is_read_as_http_says() -> None:
    assert _accepts_gzip("gzip, deflate, br")
    assert _accepts_gzip("deflate;q=0.5, GZIP;q=0.1")
    assert _accepts_gzip("*")
    assert _accepts_gzip("gzip;level=1;q=0.3")
    assert not _accepts_gzip("")
    assert not _accepts_gzip("identity")
    assert not _accepts_gzip("gzip;q=0, *")
    assert not _accepts_gzip("gzip;q=nonsense")
    assert not _accepts_gzip("br, *;q=0")


def test_a_compressed_answer_is_the_same_answer(client: TestClient) -> None:
    """The bytes on the wire are gzip of exactly what an identity client is sent."""
    import httpx

    data = short_pictured_dispute()
    plain = client.post(PICTURED, content=data, headers={**JSON, "accept-encoding": "identity"})
    with client.stream(
        "POST", PICTURED, content=data, headers={**JSON, "accept-encoding": "gzip"}
    ) as r:
        wire = b"".join(r.iter_raw())
    assert isinstance(r, httpx.Response)
    assert gzip.decompress(wire) == plain.content


def long_picture_dispute() -> bytes:
    """A dispute of about 4.7 KB, 500 moves, whose one picture under two presets was
    1.1 MB of SVG (2.7 MB under more presets) before the picture was bounded."""
    data = json.loads(short_pictured_dispute())
    data["moves"] = (["0 draw", "0 pass", "1 draw", "1 pass"] * 125)[:500]
    return json.dumps(data, separators=(",", ":")).encode()


LEFT_OUT = {
    "en": r"Moves left out of this picture, the last ones, to keep it small .*?: (\d+)\.",
    "vi": r"Số nước đi bị bỏ ra khỏi hình này, là những nước cuối, .*?: (\d+)\.",
    "tl": r"Mga galaw na hindi isinama sa larawang ito, ang mga huli, .*?: (\d+)\.",
}


@pytest.mark.parametrize("lang", ["en", "vi", "tl"])
def test_the_rulings_picture_of_a_short_request_is_bounded_and_says_what_it_left_out(
    client: TestClient, lang: str
) -> None:
    """The picture draws the first moves and their rulings under every preset while its
    SVG text fits in MAX_PICTURE_BYTES, and says, in the request's language, how many moves
    it left out at the end."""
    body = long_picture_dispute()
    assert len(body) < 5_000
    r = client.post(
        f"/api/disputes/picture.svg?preset=official&preset=family&lang={lang}",
        content=body,
        headers={**JSON, "accept-encoding": "identity"},
    )
    assert r.status_code == 200 and r.headers["content-type"].startswith("image/svg+xml")
    assert 0.9 * MAX_PICTURE_BYTES < len(r.content) <= MAX_PICTURE_BYTES
    svg = r.content.decode()
    title, lines = svg_words(svg)
    # said in the picture's title, for screen readers, and drawn in its last lines
    (said,) = re.findall(LEFT_OUT[lang], title)
    assert re.findall(LEFT_OUT[lang], " ".join(lines[-3:])) == [said]
    omitted = int(said)
    assert 0 < omitted < 500
    # the first moves are drawn, and only those: in the list of moves and under each preset
    drawn = 500 - omitted
    assert sum(line.startswith(f"{drawn}. ") for line in lines) == 3
    assert not any(line.startswith(f"{drawn + 1}. ") for line in lines)


def test_a_rulings_picture_that_fits_is_whole_and_leaves_nothing_out(client: TestClient) -> None:
    body = json.loads(long_picture_dispute())
    body["moves"] = body["moves"][:20]
    svg = client.post("/api/disputes/picture.svg?preset=official", json=body).text
    title, lines = svg_words(svg)
    assert sum(line.startswith("20. ") for line in lines) == 2
    assert not re.search(LEFT_OUT["en"], title + " ".join(lines))
    from uno_rules.dispute import settle
    from uno_rules.svg import ruling_svg
    from uno_rules.verdict import add_plain_verdicts

    settled = settle(body, ["official"])
    result = add_plain_verdicts(settled.to_dict(None, "en"), settled.rulings, "en")
    assert ruling_svg(body, result) == svg == ruling_svg(body, result, budget=len(svg))
    smaller = ruling_svg(body, result, budget=len(svg) - 1)
    assert len(smaller) < len(svg) and re.findall(LEFT_OUT["en"], svg_words(smaller)[0]) == ["1"]


def svg_words(svg: str) -> tuple[str, list[str]]:
    """A picture's title and the lines of text it draws, in order."""
    from xml.etree import ElementTree

    root = ElementTree.fromstring(svg)
    ns = "{http://www.w3.org/2000/svg}"
    title = root.find(f"{ns}title")
    assert title is not None and title.text
    return title.text, ["".join(t.itertext()) for t in root.iter(f"{ns}text")]


# --------------------------------------------------------------------------- the store's size


def _stores(tmp_path: Path) -> Iterator[Store]:
    """Each store kind, empty: memory, SQLite, and PostgreSQL when the tests have one (in
    a schema of its own, so that other tests' games neither count here nor see these)."""
    yield MemoryStore()
    yield open_store(f"sqlite:///{tmp_path}/games.sqlite3")
    if POSTGRES:
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


def _game(touched: float) -> Game:
    state = uno.new_game("official", players=2, seed=7)
    return Game(secrets.token_urlsafe(12), 2, ("a" * 64, "b" * 64), state, touched=touched)


def _move(store: Store, game_id: str, now: float) -> bool:
    """One legal move of the game, committed: whether it was kept."""
    kept = store.load(game_id)
    assert kept is not None
    move = uno.legal_moves(kept.state)[0]
    result = uno.apply_or_raise(kept.state, move)
    views = [[e.to_dict() for e in uno.view_events(result.events, s)] for s in (0, 1)]
    return store.commit(
        kept, result.state, entry_row(kept.version, move.seat, str(move), views), now
    )


def _measured(store: Store) -> int:
    """The store's size measured from scratch, as the size is defined."""
    if isinstance(store, MemoryStore):
        total = 0
        for game_id in list(store._games):
            game = store.load(game_id)
            assert game is not None
            total += len(json.dumps(dump_state(game.state))) + len(json.dumps(list(game.tokens)))
            total += sum(len(raw) for raw in store._logs[game_id])
        return total
    with store._transaction() as cur:  # type: ignore[attr-defined]
        cur.execute(
            "SELECT COALESCE((SELECT SUM(LENGTH(state) + LENGTH(tokens)) FROM uno_games), 0)"
            " + COALESCE((SELECT SUM(LENGTH(entry)) FROM uno_entries), 0)"
        )
        return int(cur.fetchone()[0])


def test_a_full_store_refuses_new_games_then_moves_until_it_is_pruned(tmp_path: Path) -> None:
    for store in _stores(tmp_path):
        try:
            one = _game(touched=1000.0)
            assert store.create(one)
            per_game = store.size()
            assert per_game == _measured(store) > 1000
            store.max_bytes = int(per_game * 3.5)  # new games up to 90 %: three of them
            assert store.create(_game(touched=2e9)) and store.create(_game(touched=2e9))
            with pytest.raises(StoreFull):
                store.create(_game(touched=2e9))
            assert store.count() == 3 and store.size() == _measured(store)
            # the games being played go on into the last 10 %, then stop, changing nothing
            moved = 0
            while True:
                try:
                    assert _move(store, one.id, 1000.0)
                except StoreFull:
                    break
                moved += 1
                assert moved < 1000, store.kind
            head, size = store.head(one.id), store.size()
            assert moved > 0 and size <= store.max_bytes and size == _measured(store)
            with pytest.raises(StoreFull):
                _move(store, one.id, 1000.0)
            assert (store.head(one.id), store.size()) == (head, size)
            # pruning the old game makes room, and the size follows exactly
            assert store.prune(finished_before=2000.0, idle_before=2000.0) == 1
            assert store.size() == _measured(store) == 2 * per_game
            assert store.create(_game(touched=2e9))
        finally:
            store.close()


def test_a_store_made_before_its_size_was_kept_is_measured_when_opened(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    store = open_store(f"sqlite:///{path}")
    game = _game(touched=2e9)
    store.create(game)
    _move(store, game.id, 2e9)
    size = store.size()
    store.close()
    with sqlite3.connect(path) as db:  # as a store of the previous release: no size kept
        db.execute("DROP TABLE uno_usage")
    again = open_store(f"sqlite:///{path}")
    try:
        assert again.size() == size == _measured(again)
    finally:
        again.close()


def test_a_full_store_is_a_507_relieved_by_the_admin_prune(tmp_path: Path) -> None:
    now = [1e9]
    store = open_store(f"sqlite:///{tmp_path}/games.sqlite3")
    app = create_app(store=store, max_store_bytes=40_000, clock=lambda: now[0], requests=None)
    with TestClient(app, base_url=LOCAL) as c:
        dealt = []
        while True:
            r = c.post("/api/games", json={"players": 2})
            if r.status_code != 201:
                break
            dealt.append(r.json())
            assert len(dealt) < 100
        assert r.status_code == 507 and r.json()["error"] == "store-full"
        assert "40000 bytes" in r.json()["message"] and r.headers["retry-after"] == "60"
        admin = c.get("/api/admin/games").json()
        assert admin["max_bytes"] == 40_000 and admin["bytes"] <= 40_000 * 0.9
        # a game being played keeps going past the dealing share, then gets a 507 too
        game, token = dealt[0]["game"], dealt[0]["seats"][0]["token"]
        seat = {"authorization": f"Bearer {token}"}
        for _ in range(200):
            view = c.get(f"/api/games/{game}/seats/0/view", headers=seat).json()
            move = next((m for m in view["legal_moves"] if m.startswith("0 ")), None)
            if move is None:  # not seat 0's turn: the other seat draws and passes
                other = {"authorization": f"Bearer {dealt[0]['seats'][1]['token']}"}
                other_view = c.get(f"/api/games/{game}/seats/1/view", headers=other).json()
                body = {"move": other_view["legal_moves"][0], "version": view["events"]}
                r = c.post(f"/api/games/{game}/seats/1/moves", json=body, headers=other)
            else:
                body = {"move": move, "version": view["events"]}
                r = c.post(f"/api/games/{game}/seats/0/moves", json=body, headers=seat)
            if r.status_code != 200:
                break
        assert r.status_code == 507 and r.json()["error"] == "store-full"
        assert store.size() <= 40_000
        # the old games pruned: room again
        now[0] += server.KEEP_IDLE_SECONDS + 1
        assert c.post("/api/admin/prune").json()["pruned"] == len(dealt)
        assert c.get("/api/admin/games").json()["bytes"] == 0
        assert c.post("/api/games", json={"players": 2}).status_code == 201


# --------------------------------------------------------------------------- a request flood


def test_a_flood_from_one_address_is_refused_and_others_are_served(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    paused: list[float] = []

    async def pause(seconds: float) -> None:  # the refusal's delay, without the waiting
        paused.append(seconds)

    monkeypatch.setattr(server, "_pause", pause)
    now = [1000.0]
    app = create_app(requests=(5, 2), clock=lambda: now[0])
    flood = TestClient(app, base_url=LOCAL, client=("127.0.0.9", 4000))
    other = TestClient(app, base_url=LOCAL, client=("127.0.0.10", 4000))
    with flood, other:
        assert [flood.get("/api/presets").status_code for _ in range(5)] == [200] * 5
        r = flood.get("/api/presets/official")
        assert r.status_code == 429 and r.headers["retry-after"] == "1"
        assert r.json()["error"] == "too-many-requests"
        assert "requests a second" in r.json()["message"]
        # a refused request costs the flood its place, not anyone else's
        assert flood.post("/api/disputes", json={}).status_code == 429
        assert other.get("/api/presets").status_code == 200
        now[0] += 1.0  # two a second come back
        assert [flood.get("/api/presets").status_code for _ in range(3)] == [200, 200, 429]
        vi = flood.get("/api/presets", headers={"accept-language": "vi"})
        assert vi.status_code == 429 and vi.json()["message"] != r.json()["message"]
    # each refusal was answered late (a flooding client waits on every connection it
    # floods with), and nothing else was
    assert paused == [server.RATE_DELAY_SECONDS] * 4 and server.RATE_DELAY_SECONDS >= 1


def test_the_default_rate_lets_a_busy_client_through() -> None:
    """The defaults take a page's load (its files, the deck's card pictures) at once, and a
    game server's steady requests: only a flood goes past them."""
    burst, rate = server.REQUEST_RATE
    assert burst >= 400 and rate >= 200
    now = [1000.0]
    bucket = server._Bucket(burst, rate, lambda: now[0])
    assert all(bucket.spend("127.0.0.1") == 0 for _ in range(int(burst)))
    assert bucket.spend("127.0.0.1") == 1 and bucket.spend("127.0.0.2") == 0
    now[0] += 1.0
    assert all(bucket.spend("127.0.0.1") == 0 for _ in range(int(rate)))
    assert bucket.spend("127.0.0.1") == 1
    with TestClient(create_app(requests=None), base_url=LOCAL) as c:  # no limit
        app = c.app
        assert isinstance(app, server.Service) and app._guarded.rate is None


def test_a_burst_of_refused_deals_is_one_log_line(caplog: pytest.LogCaptureFixture) -> None:
    """The documented form: a burst of refusals is one line a second, not one a request."""
    with (
        caplog.at_level(logging.WARNING, logger="uno_rules.server"),
        TestClient(create_app(creations=(2, 0.001)), base_url=LOCAL) as c,
    ):
        codes = [c.post("/api/games", json={"players": 2}).status_code for _ in range(40)]
    assert codes[:2] == [201, 201] and set(codes[2:]) == {429}
    said = [r.getMessage() for r in caplog.records if "too many new games" in r.getMessage()]
    assert said == ["testclient: refused: too many new games"]


def _deal(store: Store) -> None:
    for _ in range(4):
        with contextlib.suppress(StoreFull):
            store.create(_game(touched=2e9))


def _play(store: Store, game_id: str) -> None:
    for _ in range(60):
        try:
            _move(store, game_id, 2e9)
        except StoreFull:
            return


def test_servers_dealing_and_moving_at_once_cannot_pass_the_size_together(
    tmp_path: Path,
) -> None:
    """Threads dealing and moving at once (as several server processes on one database
    would): the size's check and the change are one step, so the store never keeps more
    than its limit, and its size stays exact."""
    for store in _stores(tmp_path):
        try:
            games = [_game(touched=2e9) for _ in range(4)]
            for game in games:
                assert store.create(game)
            store.max_bytes = store.size() * 3  # room for a few more games, a few moves

            threads = [threading.Thread(target=_deal, args=(store,)) for _ in range(3)]
            threads += [threading.Thread(target=_play, args=(store, g.id)) for g in games]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            assert store.size() == _measured(store) <= store.max_bytes, store.kind
            assert store.size() > store.max_bytes * 0.95  # it was filled, not left short
        finally:
            store.close()


def test_serve_takes_the_store_size_and_the_rate_of_an_address() -> None:
    """``uno-rules serve --max-store-mb MB --rate N``, over a real socket."""
    import httpx

    from serve_helpers import running_server

    with (
        running_server("--max-store-mb", "0.01", "--rate", "10") as url,
        httpx.Client(base_url=url, timeout=20) as c,
    ):
        codes = [c.post("api/games", json={"players": 2}).status_code for _ in range(4)]
        assert codes[0] == 201 and codes[-1] == 507, codes  # 10 KB: two or so tables
        refused = c.post("api/games", json={"players": 2}).json()
        assert refused["error"] == "store-full" and "10485 bytes" in refused["message"]
        # 20 at once, then 10 a second: a client asking as fast as it can is soon refused
        statuses = []
        while 429 not in statuses and len(statuses) < 200:
            statuses.append(c.get("api/presets").status_code)
        assert statuses[-1] == 429 and set(statuses[:-1]) == {200}, statuses


def test_answers_the_same_for_everyone_are_computed_once(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A flood of GET /api/presets costs the event loop the asking only: the list (and
    its gzip) is written once, not once a request."""
    summaries: list[str] = []
    real = server.preset_summary

    def counted(name: str) -> str:
        summaries.append(name)
        return real(name)

    monkeypatch.setattr(server, "preset_summary", counted)
    server._fixed_answer.cache_clear()
    server._gzipped.cache_clear()
    answers = [client.get("/api/presets", headers={"accept-encoding": "gzip"}) for _ in range(5)]
    assert len({a.content for a in answers}) == 1 and answers[0].json()[0]["name"] == "official"
    assert sorted(summaries) == sorted(server.preset_names())  # once each, not five times
    assert server._gzipped.cache_info().hits == 4
    # a seat's answer is never kept
    dealt = client.post("/api/games", json={"players": 2}).json()
    seat = {"authorization": f"Bearer {dealt['seats'][0]['token']}", "accept-encoding": "gzip"}
    view = client.get(f"/api/games/{dealt['game']}/seats/0/table.svg", headers=seat)
    assert view.headers["content-encoding"] == "gzip"
    assert server._gzipped.cache_info().currsize == 1
