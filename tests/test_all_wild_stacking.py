"""docs/all-wild.md's figures for stacking by value under UNO All Wild, as the play check
finds them: one round of the first 19 games of 4 random bots passes 1,500 moves with its
hands swollen, and is long, not endless."""

from __future__ import annotations

from pathlib import Path

import uno_rules as uno

PAGE = Path(__file__).resolve().parents[1] / "docs" / "all-wild.md"

STACKING = {
    "extends": "all-wild",
    "name": "all-wild-stacking",
    "house_rules": {"stacking": {"enabled": True, "by_value": "equal_or_higher"}},
}


def _check(max_moves: int) -> uno.PlaytestReport:
    return uno.playtest(
        STACKING,
        players=(4,),
        games=19,
        bots=("random",),
        baseline=None,
        dead_settings=False,
        max_moves=max_moves,
    )


def test_stacking_by_value_makes_one_round_long_with_swollen_hands() -> None:
    report = _check(1500)
    assert report.verdict == "ok"  # a long round is listed, not counted as endless
    [long] = report.endless
    assert (long.kind, long.game, long.held_start, long.held_end, long.fewest) == (
        "long",
        18,
        28,
        109,
        4,
    )
    page = " ".join(PAGE.read_text(encoding="utf-8").split())
    assert "game 18 reached 1,500 moves, the hands holding 109 cards against 28" in page
    assert "the smallest hand still fell to 4 cards" in page


def test_that_round_ends_before_its_1600th_move() -> None:
    report = _check(1600)
    assert report.endless == ()
    assert report.to_dict()["by_players"]["4"]["capped_games"] == 0
