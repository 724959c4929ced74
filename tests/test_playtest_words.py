"""The play check's report says a stuck table for people as `uno-rules rule` says the same
table: its player counted from 1, in the report's language. The JSON keeps the seat counted
from 0, as notation does."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import uno_rules as uno
from uno_rules.playtest_page import report_html, report_text

sys.path.insert(0, str(Path(__file__).parent))
from house_rule_plugin import installed
from test_playtest import HAND_LIMIT


@pytest.fixture(scope="module")
def stuck(tmp_path_factory: pytest.TempPathFactory) -> Iterator[uno.PlaytestReport]:
    folder = tmp_path_factory.mktemp("plugin")
    with installed(folder, {"pt_limit": HAND_LIMIT}, {"pt_hand_limit": "pt_limit:RULE"}):
        rules = uno.load_preset(
            {
                "extends": "family",
                "name": "deadlock",
                "house_rules": {"pt_hand_limit": {"enabled": True, "limit": 9}},
            }
        )
        # game 0 of 2 players and random bots: seat 1 (Player 2) is stuck at move 39
        yield uno.playtest(
            rules, players=(2,), games=1, bots=("random",), baseline=None, dead_settings=False
        )


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "Player 2 is to act and has no legal move"),
        ("vi", "Người chơi 2 phải đi nhưng không có nước hợp lệ nào"),
        ("tl", "Si Manlalaro 2 ang dapat kumilos pero wala siyang legal na move"),
    ],
)
def test_a_stuck_table_is_said_for_people(stuck: uno.PlaytestReport, lang: str, said: str) -> None:
    [finding] = stuck.findings
    assert finding.kind == "stuck"
    text = report_text(stuck, lang)
    assert said in text and "seat 1" not in text
    page = report_html(stuck, lang)
    assert said in page and ": seat 1 is to act" not in page  # (the dispute file keeps it)


def test_the_json_keeps_the_seat_as_notation_counts_it(stuck: uno.PlaytestReport) -> None:
    [problem] = stuck.to_dict()["problems"]
    assert problem["what"] == "seat 1 is to act and has no legal move"
    assert problem["dispute"]["description"] == problem["what"]


@pytest.mark.parametrize(
    ("lang", "played", "dead"),
    [
        ("en", "1 game: 1 per table size", "in 1 game: it is probably"),
        ("vi", "1 trận: 1 trận cho mỗi", "trong 1 trận: có lẽ"),
        ("tl", "1 laro: 1 bawat laki", "sa 1 laro: malamang"),
    ],
)
def test_one_game_is_said_in_the_singular(lang: str, played: str, dead: str) -> None:
    # the mercy rule at 108 cards cannot knock anyone out: a dead setting
    report = uno.playtest(
        {
            "extends": "official",
            "name": "dead-mercy",
            "house_rules": {"mercy": {"enabled": True, "limit": 108}},
        },
        players=(2,),
        games=1,
        bots=("heuristic",),
        baseline=None,
    )
    assert report.games == 1 and report.dead
    for text in (report_text(report, lang), report_html(report, lang)):
        assert played in text and dead in text
        assert "1 games" not in text


def test_the_help_gives_every_default(capsys: pytest.CaptureFixture[str]) -> None:
    from uno_rules.cli import main

    assert main(["--lang", "en", "playtest", "--help"]) == 0
    flat = " ".join(capsys.readouterr().out.split())
    for option in (
        "--baseline",
        "--games",
        "--seed",
        "--players",
        "--bot",
        "--max-moves",
        "--jobs",
    ):
        said = flat.split(f"{option} ", 2)[-1]
        assert "default" in said.split(" --", 1)[0], option
