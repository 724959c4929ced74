"""Player views carry the public facts a client needs (docs/reference.md)."""

from __future__ import annotations

import uno_rules as uno


def test_a_view_shows_who_played_the_top_card_and_who_is_out() -> None:
    """For jump-in a client must know who played the top card; eliminated seats are
    public too. Both are in the view and its JSON form."""
    state = uno.situation(
        {
            "rules": "family",
            "players": 3,
            "hands": [["R5", "B2"], 3, ["R5", "G1"]],
            "discard": ["G5"],
        }
    )
    after = uno.apply_or_raise(state, "0 R5").state
    seen = uno.view(after, 2)
    assert seen.played_by == 0 and seen.eliminated == frozenset()
    assert seen.to_dict()["played_by"] == 0 and seen.to_dict()["eliminated"] == []


def test_a_view_shows_eliminated_seats() -> None:
    """H16: a seat that draws up to the mercy limit is out, and every view says so."""
    rules = {"extends": "no-mercy-lite", "house_rules": {"mercy": {"limit": 9}}}
    state = uno.situation(
        {
            "rules": rules,
            "players": 3,
            "hands": [["R1", "R2", "R3", "R4", "B1", "B2", "B3", "B4"], ["B6", "Y7"], ["Y1", "Y2"]],
            "discard": ["G5"],
            "turn": 0,
            "draw_pile": ["R6", "G7"],
        }
    )
    after = uno.apply_or_raise(state, "0 draw").state
    assert after.eliminated == frozenset({0})
    assert uno.view(after, 1).eliminated == frozenset({0})
    assert uno.view(after, 1).to_dict()["eliminated"] == [0]
