"""UNO Flip moves written as ``docs/flip.md`` writes them (a face in play, or the
``LIGHT/DARK`` text either side up) are ruled like the hand's card they name (F1): no
crash in the referee, and the clause of the card on the side in play."""

from __future__ import annotations

from pathlib import Path

import pytest

import uno_rules as uno

from .helpers import run


def _table(side: str) -> uno.GameState:
    return uno.situation(
        {
            "rules": "flip",
            "players": 2,
            "side": side,
            "hands": [["W+2/T7", "R2/W+color", "R1/P1"], ["B6/T+5", "G3/O3"]],
            "discard": ["R9/T4"],
        }
    )


@pytest.mark.parametrize(
    ("side", "text", "clause"),
    [
        ("light", "0 W+2 red", "B5.4"),  # the face in play: a bluff, holding R1 on R9
        ("light", "0 W+2/T7 red", "B5.4"),
        ("dark", "0 W+color pink", "B5.4"),  # holding T7 on T4 teal: a bluff
        ("dark", "0 R2/W+color pink", "B5.4"),
        ("dark", "0 W+2/T7", "B5.1"),  # T7 on T4: a plain match
        ("dark", "0 T7", "B5.1"),
    ],
)
def test_rule_on_a_face_or_a_two_sided_text(side: str, text: str, clause: str) -> None:
    ruling = uno.rule_on(_table(side), text)
    assert ruling.legal and ruling.clause == clause


def test_text_and_listed_move_get_the_same_clause() -> None:
    table = _table("dark")
    for move in uno.legal_moves(table, 0):
        if isinstance(move, uno.Play):
            listed = uno.rule_on(table, move)
            written = uno.rule_on(table, str(move))
            assert (listed.legal, listed.clause) == (written.legal, written.clause), move


def test_the_command_line_rules_them(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "flip.yaml"
    path.write_text(
        "rules: flip\nside: dark\nplayers: 2\n"
        "hands:\n  - [W+2/T7, R2/W+color, R1/P1]\n  - [B6/T+5, G3/O3]\n"
        "discard: [R9/T4]\nmoves:\n  - 0 W+color pink\n",
        encoding="utf-8",
    )
    code, out, err = run(capsys, "rule", str(path), "--preset", "flip")
    assert code == 0, err
    assert "internal error" not in err
    assert "legal (B5.4)" in out
