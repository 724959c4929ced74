"""UNO Flip moves written as ``docs/flip.md`` writes them (a face in play, or the
``LIGHT/DARK`` text either side up) are ruled like the hand's card they name (F1): no
crash in the referee, and the clause of the card on the side in play."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import uno_rules as uno
from rules_strategies import hidden_changed
from uno_rules.events import CardPlayed
from uno_rules.moves import as_listed
from uno_rules.testing import check_move

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


def test_legal_moves_name_the_faces_a_seat_sees() -> None:
    """F14: a seat does not see its own cards' backs, so its legal plays name faces (one
    play for two cards showing the same face), and applied they play the first such card
    of the hand."""
    table = uno.situation(
        {
            "rules": "flip",
            "players": 2,
            "hands": [["R5/Orev", "R1/P1", "R5/W+color"], ["B6/T+5", "Y1/O8"]],
            "discard": ["R9/T4"],
        }
    )
    listed = [str(m) for m in uno.legal_moves(table, 0) if isinstance(m, uno.Play)]
    assert listed == ["0 R5", "0 R1"]
    played = uno.apply_or_raise(table, uno.legal_moves(table, 0)[0]).state
    assert played.top_card is uno.Card.parse("R5/Orev")
    assert played.hands[0] == (uno.Card.parse("R1/P1"), uno.Card.parse("R5/W+color"))


def test_legal_moves_do_not_change_when_a_seats_own_backs_are_dealt_again() -> None:
    """F14: at decisions of seeded random Flip games, on both sides, each seat's own
    cards are traded for cards of the same faces with other backs (and everything else it
    cannot see dealt again): the text of its legal moves does not change, and each listed
    move still applies, putting down a card showing the face it names."""
    checked = changed_backs = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = uno.new_game("flip", players=2 + seed % 3, seed=seed)
        for _ in range(160):
            if state.round_over:
                break
            if rng.random() < 0.3:
                for seat in state.active_seats:
                    texts = [str(m) for m in uno.legal_moves(state, seat)]
                    again = hidden_changed(state, seat, rng)
                    changed_backs += again.hands[seat] != state.hands[seat]
                    assert [str(m) for m in uno.legal_moves(again, seat)] == texts, seat
                    for move in uno.legal_moves(again, seat):
                        done = uno.apply(again, move)
                        assert isinstance(done, uno.Transition), (move, done)
                        if isinstance(move, uno.Play):
                            played = [e.card for e in done.events if isinstance(e, CardPlayed)]
                            assert {c.face for c in played} == {move.card, *move.extra}
                    checked += 1
            state = uno.apply_or_raise(state, rng.choice(uno.legal_moves(state))).state
    assert checked > 50 and changed_backs > 20


def test_a_play_written_light_dark_is_listed_by_its_face() -> None:
    """Listed iff valid iff applies, whichever way a play is written: a ``LIGHT/DARK``
    play of a card of the hand validates and applies, and is listed as its face's play; a
    ``LIGHT/DARK`` text of a card the hand lacks is refused though its face is listed."""
    table = uno.situation(
        {
            "rules": "flip",
            "players": 2,
            "hands": [["R5/Orev", "R1/P1", "R5/W+color"], ["B6/T+5", "Y1/O8"]],
            "discard": ["R9/T4"],
        }
    )
    listed = uno.legal_moves(table, 0)
    for text in ("0 R5/Orev", "0 R5/W+color", "0 R5", "0 R1/P1", "0 R1"):
        assert isinstance(check_move(table, text), uno.Transition), text
        assert as_listed(table, uno.parse_move(text)) in listed, text
    assert isinstance(check_move(table, "0 R5/T7"), uno.Violation)  # not in the hand
    assert uno.parse_move("0 R5") in listed
