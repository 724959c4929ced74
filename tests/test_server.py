"""The referee service through its ASGI app: the same rulings and errors as the command line,
typed problem lists for bad input, limits, no file read for a client, and seats that can only
read and move for themselves."""

from __future__ import annotations

import json
import random
import subprocess
import sys
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

pytest.importorskip("starlette")
pytest.importorskip("httpx")

with warnings.catch_warnings():  # the test client may warn about its HTTP library's version
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

import uno_rules as uno
from uno_rules.cli import main
from uno_rules.server import MAX_BODY_BYTES, MAX_DISPUTE_MOVES, MAX_PRESETS, create_app

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = sorted((ROOT / "examples").glob("*.yaml"))
YAML = {"content-type": "application/yaml"}
LOCAL = "http://127.0.0.1"  # the service answers to its loopback names only, by default


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(), base_url=LOCAL) as c:
        yield c


def cli_json(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, Any]:
    code = main([*args, "--json"])
    return code, json.loads(capsys.readouterr().out)


def cli_error(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    assert main(list(args)) == 2
    err = capsys.readouterr().err
    assert err.startswith("uno-rules: ") and err.count("\n") == 1
    return err[len("uno-rules: ") :].rstrip("\n")


def auth(token: str) -> dict[str, str]:
    return {"authorization": f"Bearer {token}"}


# --------------------------------------------------------------------------- disputes


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_a_dispute_is_settled_as_the_command_line_settles_it(
    client: TestClient, capsys: pytest.CaptureFixture[str], path: Path
) -> None:
    presets = list(yaml.safe_load(path.read_text(encoding="utf-8"))["expect"])
    args = [a for p in presets for a in ("--preset", p)]
    code, expected = cli_json(capsys, "rule", str(path), *args)
    query = "&".join(f"preset={p}" for p in presets)
    r = client.post(f"/api/disputes?{query}", content=path.read_bytes(), headers=YAML)
    assert r.status_code == 200
    assert r.json() == {**expected, "file": None}
    assert r.json()["all_legal"] == (code == 0)


def test_a_dispute_without_presets_uses_its_own_rules(
    client: TestClient, capsys: pytest.CaptureFixture[str]
) -> None:
    path = ROOT / "examples" / "stacking-plus2-on-plus2.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    _, expected = cli_json(capsys, "rule", str(path))
    r = client.post("/api/disputes", json=data)
    assert r.status_code == 200 and r.json() == {**expected, "file": None}
    assert r.json()["presets"] == ["official"]


def test_pictures_show_each_move_from_the_movers_seat(client: TestClient) -> None:
    data = yaml.safe_load((ROOT / "examples" / "jump-in.yaml").read_text(encoding="utf-8"))
    r = client.post("/api/disputes?preset=family&pictures=1", json=data)
    pictures = r.json()["pictures"]["family"]
    assert len(pictures) == len(data["moves"]) == 2
    assert "Player 1's view" in pictures[0]["before"] and "Player 4's view" in pictures[1]["after"]
    # Seat 3 holds R5 G9 Y3; seat 1's B1 B4 Y6 must not appear in seat 3's picture.
    assert "blue 4" not in pictures[1]["before"] and "green 9" in pictures[1]["before"]
    assert "pictures" not in client.post("/api/disputes?preset=family", json=data).json()


def test_a_picture_of_the_ruling_shows_the_table_as_described_and_each_verdict(
    client: TestClient,
) -> None:
    """POST /api/disputes/picture.svg: one SVG with the named hands face up, a hand given
    as a count as that many backs (never the cards the engine filled in), the moves, and
    each preset's verdict with its clause and the clause's sentence, in ``?lang=``."""
    import re

    from uno_rules.dispute import settle
    from uno_rules.render import card_name
    from uno_rules.verdict import move_words

    data = {
        "title": "Chồng +2?",
        "players": 3,
        "hands": [["R+2", "G4", "Y7"], ["B+2", "R9", "G1", "Y3"], 5],
        "discard": ["R3"],
        "turn": 0,
        "moves": ["0 R+2", "1 B+2"],
    }
    r = client.post("/api/disputes/picture.svg?preset=official&preset=family&lang=vi", json=data)
    assert r.status_code == 200 and r.headers["content-type"].startswith("image/svg+xml")
    svg = r.text
    assert svg.startswith("<svg xmlns=") and "<title>Ảnh một phán quyết UNO: Chồng +2?" in svg
    settled = settle(data, ["official", "family"]).to_dict(None, "vi")
    for preset, name in (("official", "Luật gốc"), ("family", "Luật gia đình")):
        assert f"Theo {name}" in svg  # the rule set by its name, each move in words
        for number, ruling in enumerate(settled["rulings"][preset], 1):
            assert f"{number}. {move_words(ruling['move'], 'vi')}" in svg
    # each answer in words (no code): the +2 on the +2 refused officially, stacked at home
    assert "Theo Luật gốc: không được" in svg and "Theo Luật gia đình: được" in svg
    assert "cannot-stack" not in svg
    assert "B7.3: Lá +2: người kế tiếp rút hai lá và mất lượt." in svg
    # Seat 2's five cards are backs: the draw pile's back, and five more.
    assert svg.count(">bộ bài<") == 1 + 5 and "5 lá không ai biết" in svg  # "deck"
    faces = re.findall(r"<g transform='translate\([^)]*\)'><title>", svg)  # named cards
    assert len(faces) == 3 + 4 + 1  # seats 0 and 1, and the top card
    filled = {str(c) for c in settle(data, ["official"]).starts["official"].hands[2]}
    for card in filled - {"R+2", "G4", "Y7", "B+2", "R9", "G1", "Y3", "R3"}:
        assert card_name(card, "vi") not in svg, card
    english = client.post("/api/disputes/picture.svg", json=data).text
    assert "Under Official rules: no, because Player 2 may not" in english  # seat 1
    assert "Player 3" in english  # seat 2


def test_a_picture_of_a_bad_dispute_gets_the_same_problems(client: TestClient) -> None:
    r = client.post("/api/disputes/picture.svg", json={**TABLE, "hands": [["R5", "X9"], 3]})
    assert r.status_code == 422 and "X9" in r.json()["problems"][0]
    r = client.post("/api/disputes/picture.svg?preset=nope", json=TABLE)
    assert r.status_code == 422 and r.json()["error"] == "PresetError"


def test_pictures_draw_the_cards_filled_in_from_the_draw_pile_face_down(
    client: TestClient,
) -> None:
    """Seat 1 draws 2 from a draw pile the dispute does not name: in seat 1's picture its
    four named cards are face up and the two drawn ones face down, never named; when the
    dispute names the draw pile's top cards, the cards drawn from it are shown."""
    from uno_rules.dispute import settle
    from uno_rules.svg import card_name

    data = {
        "players": 3,
        "hands": [["R+2", "G4", "Y7"], ["B+2", "R9", "G1", "Y3"], 5],
        "discard": ["R3"],
        "turn": 0,
        "moves": ["0 R+2", "1 B+2"],
    }
    drew = settle(data, ["official"]).rulings["official"][0].events[1]
    assert drew.kind == "drew" and drew.seat == 1 and drew.cards and len(drew.cards) == 2
    picture = client.post("/api/disputes?preset=official&pictures=1", json=data).json()
    seat_1 = picture["pictures"]["official"][1]["before"]
    assert "Player 2's view" in seat_1 and "(2 not named: face down)" in seat_1
    assert seat_1.count(">deck<") == 1 + 2
    assert "blue draw two, red 9, green 1, yellow 3 and 2 cards, not named" in seat_1
    for card in set(drew.cards) - {uno.Card.parse(c) for c in data["hands"][1]}:
        assert f"{card_name(card)}" not in seat_1, card
    named = {**data, "draw_pile": ["B1", "B2"]}
    picture = client.post("/api/disputes?preset=official&pictures=1", json=named).json()
    seat_1 = picture["pictures"]["official"][1]["before"]
    assert "not named" not in seat_1 and seat_1.count(">deck<") == 1
    assert "blue 1" in seat_1 and "blue 2" in seat_1


BAD_DISPUTES = [
    ("bad-card", {"hands": [["R5", "X9"], 3]}),
    ("bad-move", {"moves": ["0 R5", "1 fly away"]}),
    ("moves-not-a-list", {"moves": "0 R5"}),
    ("three-R5", {"hands": [["R5", "R5"], 3], "discard": ["R5"]}),
    ("turn-out-of-range", {"turn": 5}),
    ("wild-without-color", {"discard": ["W"]}),
    ("unknown-field", {"colour": "red"}),
]
TABLE = {"players": 2, "hands": [["R5", "G9"], 3], "discard": ["R3"], "moves": ["0 R5"]}


@pytest.mark.parametrize(("name", "change"), BAD_DISPUTES, ids=[n for n, _ in BAD_DISPUTES])
def test_a_bad_dispute_gets_the_problems_the_command_line_prints(
    client: TestClient,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    name: str,
    change: dict[str, Any],
) -> None:
    data = {**TABLE, **change}
    path = tmp_path / "table.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    printed = cli_error(capsys, "rule", str(path))
    r = client.post("/api/disputes", json=data)
    assert r.status_code == 422
    body = r.json()
    assert body["error"] == "SituationError"
    assert printed == f"{path}: " + "; ".join(body["problems"])
    assert body["message"] == "; ".join(body["problems"])


def test_a_dispute_asks_for_a_bounded_number_of_rulings(client: TestClient) -> None:
    r = client.post("/api/disputes", json={**TABLE, "moves": ["0 draw"] * (MAX_DISPUTE_MOVES + 1)})
    assert r.status_code == 422 and r.json()["problems"] == [
        f"moves: at most {MAX_DISPUTE_MOVES} moves"
    ]
    query = "&".join(["preset=official"] * (MAX_PRESETS + 1))
    r = client.post(f"/api/disputes?{query}", json=TABLE)
    assert r.status_code == 422 and r.json()["error"] == "PresetError"
    assert client.post("/api/disputes", json={**TABLE, "moves": ["0 draw"] * 50}).status_code == 200


def test_an_unknown_preset_is_a_preset_error(client: TestClient) -> None:
    r = client.post("/api/disputes?preset=official&preset=nosuch", json=TABLE)
    assert r.status_code == 422 and r.json()["error"] == "PresetError"
    assert "nosuch" in r.json()["problems"][0] and "family" in r.json()["problems"][0]


@pytest.mark.parametrize(
    ("where", "data"),
    [
        ("rules", {**TABLE, "rules": str(ROOT / "presets" / "family.yaml")}),
        ("rules.extends", {**TABLE, "rules": {"extends": str(ROOT / "presets" / "family.yaml")}}),
        ("rules", {**TABLE, "rules": ["family"]}),
    ],
)
def test_no_file_is_read_for_a_client(client: TestClient, where: str, data: Any) -> None:
    """A path to a real preset file is refused: the service loads bundled presets only."""
    r = client.post("/api/disputes", json=data)
    assert r.status_code == 422 and r.json()["error"] == "PresetError"
    assert r.json()["problems"][0].startswith(f"{where}: unknown preset")
    query = "preset=" + str(ROOT / "presets" / "family.yaml")
    assert client.post(f"/api/disputes?{query}", json=TABLE).status_code == 422
    record = {"rules": str(ROOT / "presets" / "family.yaml"), "players": 2, "moves": []}
    assert client.post("/api/replay", json=record).status_code == 422
    game = {"rules": {"extends": str(ROOT / "presets" / "official.yaml")}}
    assert client.post("/api/games", json=game).status_code == 422
    check = {"extends": str(ROOT / "presets" / "official.yaml")}
    assert client.post("/api/presets/check", json=check).status_code == 422


def test_an_inline_preset_may_extend_a_bundled_one(client: TestClient) -> None:
    rules = {"extends": "official", "name": "house", "house_rules": {"jump_in": {"enabled": True}}}
    data = {**TABLE, "rules": rules, "hands": [["R3", "G9"], ["R5", "B1"]], "turn": 1}
    r = client.post("/api/disputes", json={**data, "moves": ["0 R3"]})
    assert r.status_code == 200
    assert r.json()["presets"] == ["house"]
    assert r.json()["rulings"]["house"][0]["clause"] == "H06"


# --------------------------------------------------------------------------- bodies


def test_a_body_over_the_limit_is_refused(client: TestClient) -> None:
    big = b'{"moves": ["' + b"x" * MAX_BODY_BYTES + b'"]}'
    r = client.post("/api/disputes", content=big, headers={"content-type": "application/json"})
    assert r.status_code == 413 and r.json()["error"] == "too-large"

    def chunks() -> Iterator[bytes]:  # no Content-Length: counted as it arrives
        yield b'{"moves": ["'
        for _ in range(MAX_BODY_BYTES // 1024 + 1):
            yield b"x" * 1024
        yield b'"]}'

    r = client.post("/api/disputes", content=chunks(), headers={"content-type": "application/json"})
    assert r.status_code == 413
    small = create_app(max_body=40)
    with TestClient(small, base_url=LOCAL) as c:
        assert c.post("/api/disputes", json=TABLE).status_code == 413


@pytest.mark.parametrize(
    ("content", "kind", "status", "error"),
    [
        (b"{not json", "application/json", 400, "bad-request"),
        (b"[" * 20_000, "application/json", 400, "bad-request"),
        (b"\xff\xfe", "application/json", 400, "bad-request"),
        (b"a: [1, 2\nb: }\n", "application/yaml", 400, "bad-request"),
        (b"!!python/object/apply:os.system ['true']", "application/yaml", 400, "bad-request"),
        (b"- 0 R5\n", "application/yaml", 422, "SituationError"),
        (b"players: 2", "text/plain", 415, "unsupported-media-type"),
    ],
)
def test_unreadable_bodies_are_4xx_with_a_problem_list(
    client: TestClient, content: bytes, kind: str, status: int, error: str
) -> None:
    r = client.post("/api/disputes", content=content, headers={"content-type": kind})
    assert r.status_code == status
    body = r.json()
    assert body["error"] == error and body["problems"] and isinstance(body["problems"][0], str)
    assert "Traceback" not in r.text


def test_the_page_reads_dispute_files_through_the_api(client: TestClient) -> None:
    path = ROOT / "examples" / "seven-o-swap.yaml"
    r = client.post("/api/disputes/read", content=path.read_bytes(), headers=YAML)
    assert r.json() == yaml.safe_load(path.read_text(encoding="utf-8"))
    quoted = client.post("/api/disputes/read", content=b"title: '2024-05-01'\n", headers=YAML)
    assert quoted.json() == {"title": "2024-05-01"}


# --------------------------------------------------------------------------- presets, replay


def test_presets_list_show_and_check_match_the_command_line(
    client: TestClient, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert client.get("/api/presets").json() == cli_json(capsys, "presets", "list")[1]
    for name in uno.preset_names():
        shown = client.get(f"/api/presets/{name}").json()
        assert shown == cli_json(capsys, "presets", "show", name)[1]
    assert client.get("/api/presets/nosuch").status_code == 404
    bad = {"extends": "official", "uno": {"penalty_cards": "two"}, "colour": 1}
    path = tmp_path / "bad.yaml"
    path.write_text(yaml.safe_dump(bad), encoding="utf-8")
    code, printed = cli_json(capsys, "presets", "check", str(path))
    r = client.post("/api/presets/check", json=bad).json()
    assert code == 1 and r["ok"] is False and r["problems"] == printed["problems"]
    assert set(r) == set(printed) and r["file"] is None  # the same keys; no file here
    good = client.post("/api/presets/check", json={"extends": "family", "name": "mine"}).json()
    assert good == {"file": None, "ok": True, "problems": [], "name": "mine"}


def test_replay_matches_the_command_line(
    client: TestClient, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    state = uno.new_game("family", players=3, seed=11)
    moves = []
    rng = random.Random(4)
    for _ in range(40):
        if state.round_over:
            break
        move = rng.choice(uno.legal_moves(state))
        moves.append(str(move))
        state = uno.apply_or_raise(state, move).state
    record = {"rules": "family", "players": 3, "seed": 11, "moves": moves}
    bad = {**record, "moves": [*moves, "0 W+4 blue", "1 draw"]}
    for data in (record, bad):
        path = tmp_path / "record.yaml"
        path.write_text(yaml.safe_dump(data), encoding="utf-8")
        _, expected = cli_json(capsys, "replay", str(path))
        assert client.post("/api/replay", json=data).json() == {**expected, "file": None}
    r = client.post("/api/replay", json={**record, "moves": ["0 fly"]})
    assert r.status_code == 422 and r.json()["error"] == "NotationError"


def test_a_card_picture(client: TestClient) -> None:
    r = client.get("/api/cards/W+4.svg")
    assert r.status_code == 200 and r.headers["content-type"].startswith("image/svg+xml")
    assert "wild draw four" in r.text
    assert client.get("/api/cards/X9.svg").status_code == 422
    # a card text with a line break reaches the route, and is a card it cannot read
    broken = client.get("/api/cards/R%0A5.svg")
    assert broken.status_code == 422 and broken.json()["error"] == "NotationError"


# --------------------------------------------------------------------------- tables and seats


def new_game(client: TestClient, **body: Any) -> dict[str, Any]:
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    data: dict[str, Any] = r.json()
    return data


def test_a_new_table_gives_every_seat_its_own_token_and_keeps_the_seed(
    client: TestClient,
) -> None:
    game = new_game(client, rules="family", players=3)
    tokens = [s["token"] for s in game["seats"]]
    assert [s["seat"] for s in game["seats"]] == [0, 1, 2]
    assert len(set(tokens)) == 3 and all(len(t) >= 32 for t in tokens)
    assert "seed" not in json.dumps(game)
    views = [
        client.get(f"/api/games/{game['game']}/seats/{s}/view", headers=auth(t)).json()
        for s, t in enumerate(tokens)
    ]
    assert "seed" not in json.dumps(views)
    hands = [v["view"]["hand"] for v in views]
    assert [len(h) for h in hands] == views[0]["view"]["hand_sizes"]
    # Two tables are dealt from different secret seeds.
    other = new_game(client, rules="family", players=3)
    other_hand = client.get(
        f"/api/games/{other['game']}/seats/0/view", headers=auth(other["seats"][0]["token"])
    ).json()["view"]["hand"]
    third = new_game(client, rules="family", players=3)
    third_hand = client.get(
        f"/api/games/{third['game']}/seats/0/view", headers=auth(third["seats"][0]["token"])
    ).json()["view"]["hand"]
    assert len({tuple(hands[0]), tuple(other_hand), tuple(third_hand)}) > 1


def test_one_seat_can_never_read_or_move_for_another(client: TestClient) -> None:
    game = new_game(client, rules="official", players=3)
    gid = game["game"]
    t0, t1, _ = (s["token"] for s in game["seats"])
    base = f"/api/games/{gid}/seats"
    for path in ("view", "table.svg", "events"):
        assert client.get(f"{base}/1/{path}", headers=auth(t0)).status_code == 403
        assert client.get(f"{base}/1/{path}").status_code == 401
        assert client.get(f"{base}/1/{path}", headers=auth(t1[:-1])).status_code == 403
        assert client.get(f"{base}/1/{path}?token={t0}").status_code == 401  # stream only
        assert client.get(f"{base}/1/{path}?token={t1}").status_code == 401
    view1 = client.get(f"{base}/1/view", headers=auth(t1)).json()
    before = client.get(f"{base}/0/view", headers=auth(t0)).json()
    mover = before["view"]["turn"]
    token = game["seats"][mover]["token"]
    other = (mover + 1) % 3
    move = client.get(f"{base}/{mover}/view", headers=auth(token)).json()["legal_moves"][0]
    # The mover's token cannot submit through another seat's path, nor name another seat.
    r = client.post(f"{base}/{other}/moves", json={"move": move}, headers=auth(token))
    assert r.status_code == 403
    forged = f"{other}{move[move.index(' ') :]}"
    r = client.post(f"{base}/{mover}/moves", json={"move": forged}, headers=auth(token))
    assert r.status_code == 403 and "cannot move for" in r.json()["message"]
    after = client.get(f"{base}/0/view", headers=auth(t0)).json()
    assert after == before  # nothing happened
    # A seat's view holds its own hand only: other hands are counts.
    assert set(view1["view"]) >= {"hand", "hand_sizes"}
    assert "hands" not in view1["view"] and "draw_pile" not in view1["view"]
    assert client.get("/api/games/nosuch/seats/0/view", headers=auth(t0)).status_code == 404
    assert client.get(f"{base}/7/view", headers=auth(t0)).status_code == 404


def test_a_table_is_played_to_the_end_of_a_round_through_the_api(client: TestClient) -> None:
    """Each seat plays with its own token; its events show its own drawn cards and hide the
    others'; a refused move is a ruling; next-round deals again."""
    game = new_game(client, rules="official", players=2)
    gid = game["game"]
    tokens = [s["token"] for s in game["seats"]]
    base = f"/api/games/{gid}/seats"
    rng = random.Random(7)
    seen_hidden = seen_own = False
    refused = client.post(f"{base}/0/moves", json={"move": "0 pass"}, headers=auth(tokens[0]))
    assert refused.status_code == 200 and refused.json()["legal"] is False
    assert refused.json()["violation"]["code"] and refused.json()["clause"]
    first = True
    seat = client.get(f"{base}/0/view", headers=auth(tokens[0])).json()["view"]["turn"]
    for _ in range(1000):
        mine = client.get(f"{base}/{seat}/view", headers=auth(tokens[seat])).json()
        final = mine["view"]["phase"]
        if final in ("round-over", "game-over"):
            break
        moves = [m for m in mine["legal_moves"] if m.split()[0] == str(seat)]
        draws = [m for m in moves if m.endswith(" draw")]
        plays = [m for m in moves if len(m.split()) > 1 and m.split()[1][0] in "RYGBW"]
        if first and draws:  # one draw at least, to see whose eyes its cards reach
            move, first = draws[0], False
        else:
            move = rng.choice(plays or moves)
        r = client.post(f"{base}/{seat}/moves", json={"move": move}, headers=auth(tokens[seat]))
        assert r.json()["legal"] is True and r.json()["clause"]
        seat = r.json()["view"]["turn"]
    else:
        pytest.fail("the round did not end")
    logs = [
        client.get(f"{base}/{s}/events", headers=auth(tokens[s])).json()["events"] for s in (0, 1)
    ]
    assert len(logs[0]) == len(logs[1]) > 0
    for mine, theirs in zip(logs[0], logs[1], strict=True):
        assert mine["move"] == theirs["move"] and mine["index"] == theirs["index"]
        for a, b in zip(mine["events"], theirs["events"], strict=True):
            if a["kind"] == "drew":
                own, other = (a, b) if a["seat"] == 0 else (b, a)
                assert own["cards"] and other["cards"] is None
                seen_own = seen_hidden = True
    assert seen_own and seen_hidden
    tail = client.get(f"{base}/1/events?after=2", headers=auth(tokens[1])).json()
    assert [e["index"] for e in tail["events"]] == list(range(2, len(logs[1])))
    wrong_time = client.post(f"{base}/0/moves", json={"move": "0 draw"}, headers=auth(tokens[0]))
    assert wrong_time.json()["legal"] is False
    assert wrong_time.json()["violation"]["code"] in ("round-over", "game-over")
    nxt = client.post(f"{base}/1/moves", json={"move": "next-round"}, headers=auth(tokens[1]))
    if final == "round-over":
        assert nxt.json()["legal"] is True
        assert nxt.json()["view"]["round_number"] == 1


def test_a_move_body_must_be_one_move_text(client: TestClient) -> None:
    game = new_game(client, players=2)
    url = f"/api/games/{game['game']}/seats/0/moves"
    headers = auth(game["seats"][0]["token"])
    for body in ({"move": 5}, {"moves": "0 draw"}, {"move": "0 draw", "x": 1}):
        r = client.post(url, json=body, headers=headers)
        assert r.status_code == 422 and r.json()["problems"]
    r = client.post(url, json={"move": "0 fly"}, headers=headers)
    assert r.status_code == 422 and r.json()["error"] == "NotationError"
    assert client.post("/api/games", json={"players": 2, "seed": 3}).status_code == 422


def test_a_full_store_refuses_new_tables_and_never_drops_a_live_one() -> None:
    with TestClient(create_app(max_games=2), base_url=LOCAL) as c:
        first = new_game(c, players=2)
        new_game(c, players=2)
        r = c.post("/api/games", json={"players": 2})
        assert r.status_code == 503 and r.json()["error"] == "too-many-games"
        assert r.headers["retry-after"].isdigit()
        url = f"/api/games/{first['game']}/seats/0/view"
        assert c.get(url, headers=auth(first["seats"][0]["token"])).status_code == 200


# --------------------------------------------------------------------------- page and document


def test_the_page_and_its_files_are_served(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert "default-src 'none'" in page.headers["content-security-policy"]
    assert '<meta name="viewport"' in page.text
    for name in ("page.js", "page.css"):
        assert client.get(f"/static/{name}").status_code == 200
    assert client.get("/static/index.html").status_code == 404
    assert client.get("/static/..%2Fserver.py").status_code == 404


def test_the_openapi_document_describes_every_route(client: TestClient) -> None:
    doc = client.get("/openapi.json").json()
    assert doc["openapi"].startswith("3.1")
    app = create_app()
    documented = {(path, method.upper()) for path, item in doc["paths"].items() for method in item}
    served = set()
    for route in app.routes:
        path = route.path.replace("{seat:int}", "{seat}")  # type: ignore[attr-defined]
        path = path.replace("{card:anytext}", "{card}")  # any text: a slash, a line break
        for method in route.methods - {"HEAD"}:  # type: ignore[attr-defined]
            served.add((path, method))
    assert documented == served
    text = json.dumps(doc)
    for ref in set(__import__("re").findall(r'"#/components/schemas/(\w+)"', text)):
        assert ref in doc["components"]["schemas"]


def test_the_cli_and_the_core_never_import_the_service() -> None:
    code = (
        "import sys, uno_rules, uno_rules.cli\n"
        "uno_rules.cli.main(['presets', 'list'])\n"
        "uno_rules.cli.main(['rule', sys.argv[1], '--json'])\n"
        "bad = [m for m in ('starlette', 'uvicorn', 'httpx', 'anyio', 'uno_rules.server') "
        "if m in sys.modules]\n"
        "print(bad, file=sys.stderr)\n"
    )
    example = str(ROOT / "examples" / "jump-in.yaml")
    out = subprocess.run(
        [sys.executable, "-c", code, example], capture_output=True, text=True, timeout=60
    )
    assert out.stderr.strip().splitlines()[-1] == "[]"


def test_serve_without_the_extra_is_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "uvicorn", None)
    assert main(["serve", "--port", "0"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and 'python -m pip install "starlette>=0.40"' in err


def test_serve_on_a_bad_port_or_address_is_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("UNO_RULES_SERVER_KEY", "k" * 24)
    assert main(["serve", "--port", "70000"]) == 2
    assert "--port" in capsys.readouterr().err
    assert main(["serve", "--host", "192.0.2.1", "--port", "0"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "cannot listen on 192.0.2.1" in err


def test_the_deal_comes_from_the_secure_random_source(monkeypatch: pytest.MonkeyPatch) -> None:
    """The seed is drawn from ``secrets`` (the operating system's secure source), not from a
    predictable generator: with that source fixed, the deal is the one its seed gives."""
    import uno_rules.server as server

    drawn: list[int] = []

    def randbits(k: int) -> int:
        drawn.append(k)
        return 424242

    monkeypatch.setattr(server.secrets, "randbits", randbits)
    with TestClient(create_app(), base_url=LOCAL) as c:
        game = new_game(c, rules="official", players=3)
        hand = c.get(
            f"/api/games/{game['game']}/seats/2/view", headers=auth(game["seats"][2]["token"])
        ).json()["view"]["hand"]
    assert drawn == [63]
    expected = uno.new_game("official", players=3, seed=424242).hands[2]
    assert hand == [str(card) for card in expected]


# --------------------------------------------------------------------------- stores


def play_turns(c: TestClient, game: dict[str, Any], turns: int) -> list[str]:
    """Play ``turns`` legal moves, each by the seat to move with its own token."""
    base = f"/api/games/{game['game']}/seats"
    tokens = [s["token"] for s in game["seats"]]
    played = []
    for _ in range(turns):
        views = [c.get(f"{base}/{s}/view", headers=auth(t)).json() for s, t in enumerate(tokens)]
        seat, move = next((v["seat"], v["legal_moves"][0]) for v in views if v["legal_moves"])
        r = c.post(f"{base}/{seat}/moves", json={"move": move}, headers=auth(tokens[seat]))
        assert r.status_code == 200 and r.json()["legal"] is True, r.text
        played.append(move)
    return played


def test_a_game_goes_on_in_a_new_app_over_the_same_sqlite_file(tmp_path: Path) -> None:
    from uno_rules.storage import SQLiteStore

    path = tmp_path / "games.sqlite3"
    with TestClient(create_app(store=SQLiteStore(path)), base_url=LOCAL) as c:
        game = new_game(c, rules="official", players=2)
        first = play_turns(c, game, 3)
        token = game["seats"][1]["token"]
        before = c.get(f"/api/games/{game['game']}/seats/1/events", headers=auth(token)).json()
    with TestClient(create_app(store=SQLiteStore(path)), base_url=LOCAL) as c:
        url = f"/api/games/{game['game']}/seats/1/events"
        after = c.get(url, headers=auth(token)).json()
        assert after == before and [e["move"] for e in after["events"]] == first
        more = play_turns(c, game, 2)
        log = c.get(url, headers=auth(token)).json()
        assert [e["index"] for e in log["events"]] == [0, 1, 2, 3, 4]
        assert [e["move"] for e in log["events"]] == first + more
        assert c.get(url, headers=auth(game["seats"][0]["token"])).status_code == 403


def test_flip_pictures_come_in_the_language_asked_for(client: TestClient) -> None:
    """The pictures of a Flip dispute and a Flip seat's table picture follow ``lang``."""
    data = {
        "rules": "flip",
        "players": 3,
        "hands": [["Rflip/T2", "R1/P1"], ["B6/T+5", "G3/O3"], 3],
        "discard": ["R9/T4"],
        "moves": ["0 Rflip"],
    }
    r = client.post("/api/disputes?pictures=1&lang=vi", json=data)
    assert r.status_code == 200, r.text
    before = r.json()["pictures"]["flip"][0]["before"]
    assert "mặt đang dùng: sáng" in before and "Backs of" not in before
    game = new_game(client, rules="flip", players=2)
    token = game["seats"][0]["token"]
    path = f"/api/games/{game['game']}/seats/0/table.svg"
    picture = client.get(f"{path}?lang=tl", headers=auth(token)).text
    assert "panig na nilalaro: maliwanag" in picture and "Hawak mo" in picture
    assert "side in play: light" in client.get(path, headers=auth(token)).text


# ------------------------------------------------------------------ UNO Flip's dispute page


def test_the_flip_picker_offers_every_two_sided_card_with_both_faces(client: TestClient) -> None:
    """The dispute page's picker reads /api/decks/flip: the 112 physical cards of the Flip
    deck, each once, written LIGHT/DARK and named by both faces; their pictures draw both."""
    from uno_rules.cards import deck_cards

    deck = client.get("/api/decks/flip").json()
    assert sorted(c["card"] for c in deck["cards"]) == sorted(
        str(c) for c in deck_cards("flip-112")
    )
    assert {"card": "R1/P1", "name": "red 1, other face pink 1", "copies": 1} in deck["cards"]
    vi = client.get("/api/decks/flip?lang=vi").json()["cards"]
    assert {"card": "R1/P1", "name": "1 đỏ, mặt kia 1 hồng", "copies": 1} in vi
    for path in ("/api/cards/R1%2FP1.svg", "/api/cards/R1/P1.svg"):
        r = client.get(path)
        assert r.status_code == 200 and "red 1, other face pink 1" in r.text
    assert "mặt kia" in client.get("/api/cards/R1%2FP1.svg?lang=vi").text
    assert client.get("/api/cards/R1/P1/G2.svg").status_code == 422


def test_a_flip_dispute_built_from_the_picker_is_ruled_and_pictured(client: TestClient) -> None:
    """What the page sends for a Flip table tapped from the picker (two-sided cards,
    ``preset=flip``): rulings, the move pictures, and the ruling picture with both faces."""
    data = {
        "players": 3,
        "hands": [["Rflip/T2", "R1/P1"], ["B6/T+5", "G3/O3"], 4],
        "discard": ["R9/T4"],
        "moves": ["0 Rflip", "1 B6/T+5"],
    }
    r = client.post("/api/disputes?preset=flip&pictures=1", json=data)
    assert r.status_code == 200, r.text
    rulings = r.json()["rulings"]["flip"]
    assert [ruling["legal"] for ruling in rulings] == [True, True]
    pictures = r.json()["pictures"]["flip"]
    assert "side in play: dark" in pictures[1]["before"]
    assert "Backs of Player 1's hand" in pictures[1]["before"]
    svg = client.post("/api/disputes/picture.svg?preset=flip", json=data).text
    assert "red flip, other face teal 2" in svg and "red 9, other face teal 4" in svg
    assert "4 cards nobody knows" in svg


def test_a_two_sided_cards_picture_shows_both_faces(client: TestClient) -> None:
    """``/api/cards/{card}.svg`` of a two-sided card (its ``/`` escaped in the address)
    draws both faces, in ``?lang=``."""
    r = client.get("/api/cards/R1%2FP1.svg?lang=vi")
    assert r.status_code == 200 and "1 đỏ, mặt kia 1 hồng" in r.text
    assert client.get("/api/cards/W+4.svg").status_code == 200


def test_a_dispute_whose_move_texts_hold_braces_is_refused_in_every_language(
    client: TestClient,
) -> None:
    """A move text quoted in what a move expected may hold ``{`` or ``}``: the problem is
    said as it is, in every language, never a server error."""
    body = {
        "rules": "official",
        "players": 2,
        "hands": [["R1"], ["R2"]],
        "discard": ["R3"],
        "moves": ["x} draw", "{y draw", "0 R1 }"],
    }
    for lang in ("en", "vi", "tl"):
        for path in ("/api/disputes", "/api/disputes/picture.svg"):
            r = client.post(f"{path}?lang={lang}", json=body)
            assert r.status_code == 422, (path, lang, r.text)
            problems = r.json()["problems"]
            assert len(problems) == 3 and problems[0].startswith("moves[0]: ")


def test_the_services_own_request_problems_are_said_in_the_callers_language(
    client: TestClient,
) -> None:
    """A body that is not JSON, of another media type, a route or preset that is not
    there, a Host it does not answer to: the same status and error code in every
    language, the sentence in the one asked for (?lang=, Accept-Language)."""
    asks = [
        (
            "post",
            "/api/disputes",
            {"content": b"{bad", "headers": {"content-type": "application/json"}},
        ),
        ("post", "/api/disputes", {"content": b"x", "headers": {"content-type": "text/plain"}}),
        (
            "post",
            "/api/disputes",
            {"content": b"\xff", "headers": {"content-type": "application/json"}},
        ),
        ("get", "/api/nowhere", {}),
        ("get", "/api/presets/famly", {}),
        ("get", "/api/presets", {"headers": {"host": "elsewhere.example"}}),
    ]
    said: dict[str, list[tuple[int, str, list[str]]]] = {}
    for lang in ("en", "vi", "tl"):
        for method, path, options in asks:
            headers = {**options.get("headers", {}), "accept-language": lang}
            answer = getattr(client, method)(path, **{**options, "headers": headers})
            body = answer.json()
            assert body["message"] == "; ".join(body["problems"])
            said.setdefault(lang, []).append((answer.status_code, body["error"], body["problems"]))
    english = said["en"]
    assert [problems for _s, _e, problems in english] == [
        ["body: not valid JSON: Expecting property name enclosed in double quotes: line 1..."],
        ["send application/json or application/yaml, not text/plain"],
        ["the request body is not UTF-8 text"],
        ["no such route"],
        ["unknown preset 'famly' (did you mean 'family'?)"],
        ["Host: 'elsewhere.example' is not a name this server answers to"],
    ]
    assert said["vi"][2][2] == ["nội dung yêu cầu không phải văn bản UTF-8"]
    assert said["tl"][4][2] == [
        "hindi kilalang preset 'famly' ('family' ba ang ibig mong sabihin?)"
    ]
    for lang in ("vi", "tl"):
        assert [(s, e) for s, e, _p in said[lang]] == [(s, e) for s, e, _p in english]
        for (_s, _e, theirs), (_s2, _e2, ours) in zip(said[lang], english, strict=True):
            assert theirs != ours
    in_query = client.get("/api/nowhere?lang=vi").json()
    assert in_query["problems"] == ["không có đường dẫn này"]


def test_a_seat_out_of_range_tells_the_table_size_only_to_its_seats(client: TestClient) -> None:
    """Whoever holds no token of the game learns nothing of it from a seat number: a seat
    out of range is a token that is not that seat's (403), as any other wrong seat is."""
    game = new_game(client, rules="official", players=3)
    gid, token = game["game"], game["seats"][0]["token"]
    stranger = new_game(client, rules="official", players=2)["seats"][0]["token"]
    for seat in (2, 5, 9):
        r = client.get(f"/api/games/{gid}/seats/{seat}/view", headers=auth(stranger))
        assert r.status_code == 403, r.text
        assert r.json()["problems"] == [f"this token is not seat {seat}'s"]
    r = client.get(f"/api/games/{gid}/seats/5/view", headers=auth(token))
    assert (r.status_code, r.json()["problems"]) == (404, ["seat: expected 0 to 2"])


def test_a_token_pasted_into_a_move_is_never_quoted_back(client: TestClient) -> None:
    game = new_game(client, rules="official", players=3)
    gid = game["game"]
    mine, other = game["seats"][1]["token"], game["seats"][0]["token"]
    for text in (mine, f"1 catch {other}", f"  {other} "):
        r = client.post(f"/api/games/{gid}/seats/1/moves", json={"move": text}, headers=auth(mine))
        assert r.status_code == 422, r.text
        assert mine not in r.text and other not in r.text
        assert r.json()["problems"] == [
            "the move text holds a seat's token: send it in the Authorization header only"
        ]


def test_a_move_text_that_cannot_be_read_is_said_in_the_language_asked_for(
    client: TestClient,
) -> None:
    game = new_game(client, rules="official", players=3)
    gid, token = game["game"], game["seats"][1]["token"]
    english = client.post(
        f"/api/games/{gid}/seats/1/moves", json={"move": "1 X9"}, headers=auth(token)
    ).json()["problems"]
    vietnamese = client.post(
        f"/api/games/{gid}/seats/1/moves?lang=vi", json={"move": "1 X9"}, headers=auth(token)
    ).json()["problems"]
    assert english[0].startswith("cannot read '1 X9'")
    assert vietnamese != english and "'1 X9'" in vietnamese[0]
    card = client.get("/api/cards/X9.svg?lang=vi")
    assert card.status_code == 422 and not card.json()["problems"][0].startswith("cannot read")


def test_next_round_answers_as_every_move_does(client: TestClient) -> None:
    """MoveResult: a refused or accepted next-round carries its clause, its rule's sentence,
    the violation (or null) and the seat's view, as any other move's answer."""
    game = new_game(client, players=2)
    url = f"/api/games/{game['game']}/seats/0/moves"
    headers = auth(game["seats"][0]["token"])
    refused = client.post(url, json={"move": "next-round"}, headers=headers).json()
    card = client.post(url, json={"move": "0 pass"}, headers=headers).json()
    assert set(refused) == set(card)
    assert refused["legal"] is False and refused["violation"]["code"] == "round-not-over"
    assert refused["clause"] == refused["violation"]["rule"] and refused["rule"]
    assert refused["seat"] == 0 and refused["view"]["hand"]
    assert isinstance(refused["legal_moves"], list) and refused["events"] == card["events"]


def test_a_preset_asked_for_twice_is_refused_as_on_the_command_line(client: TestClient) -> None:
    dispute = {"players": 2, "hands": [["R1"], 3], "discard": ["R5"], "moves": ["0 R1"]}
    r = client.post("/api/disputes?preset=official&preset=family&preset=official", json=dispute)
    assert r.status_code == 422, r.text
    assert r.json()["problems"] == [
        "preset: official is given more than once; give each preset once"
    ]
    assert client.post("/api/disputes?preset=official&preset=family", json=dispute).is_success
