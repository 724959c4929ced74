"""A problem the play check finds late in a long round still gets a dispute file that the
dispute page opens: the page rules on at most ``MAX_DISPUTE_MOVES`` moves, so a round whose
problem comes later starts its file from a table described card by card nearer to it."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import uno_rules as uno
from uno_rules.dispute import settle
from uno_rules.playtesting import DISPUTE_PAGE_MOVES

sys.path.insert(0, str(Path(__file__).parent))
from house_rule_plugin import installed
from test_playtest import HAND_LIMIT


@pytest.fixture
def hand_limit(tmp_path: Path) -> Iterator[None]:
    with installed(tmp_path, {"pt_limit": HAND_LIMIT}, {"pt_hand_limit": "pt_limit:RULE"}):
        yield


def test_the_move_limit_is_the_dispute_pages() -> None:
    pytest.importorskip("starlette")
    from uno_rules.server import MAX_DISPUTE_MOVES

    assert MAX_DISPUTE_MOVES == DISPUTE_PAGE_MOVES


def late_stuck(limit: int) -> uno.PlaytestReport:
    # family's stacking under a hand limit of 20: with 2 players and random bots, game 0
    # gets stuck in its first round after 818 moves (at a limit of 9, after 39)
    rules = uno.load_preset(
        {
            "extends": "family",
            "name": "late-deadlock",
            "house_rules": {"pt_hand_limit": {"enabled": True, "limit": limit}},
        }
    )
    return uno.playtest(
        rules, players=(2,), games=1, bots=("random",), baseline=None, dead_settings=False
    )


def test_a_late_stuck_table_gets_a_dispute_file_the_page_opens(hand_limit: None) -> None:
    report = late_stuck(20)
    [stuck] = report.findings
    assert stuck.kind == "stuck" and stuck.round == 0
    assert len(stuck.round_moves) > DISPUTE_PAGE_MOVES  # the problem comes late
    assert len(stuck.moves) == len(stuck.round_moves)  # the report keeps every move
    dispute = stuck.dispute
    assert dispute is not None
    assert 0 < len(dispute["moves"]) <= DISPUTE_PAGE_MOVES
    assert "deal" not in dispute and len(dispute["hands"]) == 2  # a table described
    assert list(stuck.round_moves[-len(dispute["moves"]) :]) == dispute["moves"]
    # ruled on, every move is legal and the table it ends at is stuck
    settled = settle(dispute)
    assert settled.all_legal
    end = next(iter(settled.rulings.values()))[-1].state
    assert not end.round_over and uno.legal_moves(end) == ()
    # and the dispute page's service rules on it
    pytest.importorskip("starlette")
    pytest.importorskip("httpx")
    from starlette.testclient import TestClient

    from uno_rules.server import create_app

    with TestClient(create_app(), base_url="http://127.0.0.1") as client:
        answer = client.post("/api/disputes", json=dispute)
        assert answer.status_code == 200, answer.text
        assert answer.json()["all_legal"] is True


def test_an_early_stuck_table_keeps_its_deal(hand_limit: None) -> None:
    [stuck] = late_stuck(9).findings
    assert stuck.dispute is not None
    assert stuck.dispute["deal"] == {"players": 2, "seed": stuck.seed}
    assert stuck.dispute["moves"] == list(stuck.round_moves)
