"""docs/rules.md 5, Drawing choices: A53, A54."""

from __future__ import annotations

import uno_rules as uno

from ..helpers import card, kinds, ok, sizes, table


def test_A53_playing_a_playable_drawn_card_is_optional() -> None:
    """A53 Default: a playable drawn card *may* be played (H03 off): passing keeps it."""
    state = table([["B7", "G2"], 4, 4], ["R5"], draw_pile=["R9"])
    drawn = ok(state, "0 draw").state
    assert uno.validate(drawn, "0 R9") is None
    passed = ok(drawn, "0 pass").state
    assert passed.turn == 1
    assert passed.hands[0] == uno.parse_cards("B7 G2 R9")
    assert passed.top_card == card("R5")


def test_A54_voluntary_draw_then_w4_legal_when_restriction_holds_after_draw() -> None:
    """A54 Default: after a voluntary draw (holding a playable B5 on R5), the drawn W+4 is
    legal if the restriction holds for the hand after the draw; a challenge fails."""
    state = table([["B5", "G2"], ["Y1", "Y2"], ["Y3", "Y4"]], ["R5"], draw_pile=["W+4"])
    drawn = ok(state, "0 draw").state
    pending = ok(drawn, "0 W+4 yellow").state
    assert pending.phase is uno.Phase.PENALTY
    t = ok(pending, "1 challenge")
    assert kinds(t.events)[0] == "challenge-lost"
    assert sizes(t.state) == (2, 8, 2)


def test_A54_voluntary_draw_then_w4_while_holding_the_color_can_be_challenged() -> None:
    """A54: the drawn W+4 can be challenged as usual: holding red R7 makes it guilty."""
    state = table([["R7", "G2"], ["Y1", "Y2"], ["Y3", "Y4"]], ["R5"], draw_pile=["W+4"])
    pending = ok(ok(state, "0 draw").state, "0 W+4 yellow").state
    t = ok(pending, "1 challenge")
    assert kinds(t.events)[0] == "challenge-won"
    assert sizes(t.state) == (6, 2, 2)
    assert t.state.turn == 1
