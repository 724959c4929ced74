"""The command line's sentences for people count players from 1 ("Player 2 drew 2"), as
the dispute page and the plain verdicts do; notation, the JSON output and the events'
data keep the seats counted from 0."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from uno_rules.cli import main

ROOT = Path(__file__).resolve().parents[1]
STACKING = str(ROOT / "examples" / "stacking-plus2-on-plus2.yaml")
# a seat counted from 0, in each language's word for it
SEAT = {"en": r"\bseat \d", "vi": r"\bngười chơi \d", "tl": r"\bmanlalaro \d"}


@pytest.mark.parametrize(
    ("lang", "drew", "skipped"),
    [
        ("en", "Player 2 drew 2", "Player 2 loses the turn"),
        ("vi", "Người chơi 2 rút 2", "Người chơi 2 mất lượt"),
        ("tl", "Manlalaro 2", "Manlalaro 2"),
    ],
)
def test_rule_says_each_seat_as_its_player_counted_from_1(
    capsys: pytest.CaptureFixture[str], lang: str, drew: str, skipped: str
) -> None:
    main(["--lang", lang, "rule", STACKING, "--preset", "official"])
    out = capsys.readouterr().out
    assert drew in out and skipped in out
    # seat 0 played, and it is said as Player 1; no sentence names a seat counted from 0
    first = {"en": "Player 1 played", "vi": "Người chơi 1", "tl": "Manlalaro 1"}[lang]
    assert first in out
    assert not re.search(SEAT[lang], out), out
    # the move's notation keeps its seat counted from 0
    assert "1. 0 R+2" in out and "2. 1 B+2" in out


def test_the_side_by_side_form_and_the_table_line_count_players_from_1(
    capsys: pytest.CaptureFixture[str],
) -> None:
    main(["rule", STACKING, "--preset", "official", "--preset", "family"])
    out = capsys.readouterr().out
    assert "official: Player 3 to play" in out
    assert "family: Player 3 to answer a draw-4 penalty" in out or "family: Player 3" in out
    assert not re.search(SEAT["en"], out, re.I), out


def test_the_json_output_keeps_the_seats_counted_from_0(
    capsys: pytest.CaptureFixture[str],
) -> None:
    main(["rule", STACKING, "--preset", "official", "--json"])
    out = json.loads(capsys.readouterr().out)
    events = out["rulings"]["official"][0]["events"]
    drew = next(e for e in events if e["kind"] == "drew")
    assert drew["seat"] == 1  # the API's data: seat 1 is the second player


def test_replay_says_players_counted_from_1(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = tmp_path / "game.yaml"
    # the first entries of a dealt two-player game, then one by the wrong seat
    record.write_text(
        "rules: official\nplayers: 2\nseed: 5\nmoves: [0 G6, 1 G2, 1 draw]\n", encoding="utf-8"
    )
    assert main(["replay", str(record)]) == 1
    out = capsys.readouterr().out
    assert "Player 1 to play" in out and "Player 2" in out
    assert not re.search(SEAT["en"], out, re.I), out
