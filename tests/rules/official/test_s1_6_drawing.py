"""docs/rules.md 1.6 Drawing: B6.1-B6.7 (A53, A54 are in test_s5_drawing_choices.py)."""

from __future__ import annotations

import uno_rules as uno

from ..helpers import card, ok, refused, sizes, table


def test_B6_1_no_legal_card_must_draw() -> None:
    """B6.1: a player with no legal card must draw one card; passing is refused."""
    state = table([["B7", "G2"], 5, 5], ["R5"], draw_pile=["Y3"])
    refused(state, "0 pass", "must-play-or-draw", "B6.6")
    refused(state, "0 B7", "card-does-not-match")
    t = ok(state, "0 draw")
    assert t.state.hands[0] == (card("B7"), card("G2"), card("Y3"))
    assert t.state.turn == 0
    assert t.state.phase is uno.Phase.DRAWN
    drew = [e for e in t.events if e.kind == "drew"]
    assert len(drew) == 1 and drew[0].seat == 0 and drew[0].count == 1


def test_B6_2_player_with_a_legal_card_may_still_draw() -> None:
    """B6.2: a player with a legal card may still choose to draw one card (reneging)."""
    state = table([["R7", "G2"], 5, 5], ["R5"], draw_pile=["Y3"])
    t = ok(state, "0 draw")
    assert sizes(t.state) == (3, 5, 5)
    assert t.state.turn == 0


def test_B6_3_after_drawing_only_the_drawn_card_may_be_played() -> None:
    """B6.3: after drawing, the player may play the drawn card only, and only if it is legal;
    no other card from the hand may be played after the draw."""
    state = table([["R7", "G2"], 5, 5], ["R5"], draw_pile=["R1"])
    drawn = ok(state, "0 draw").state
    v = refused(drawn, "0 R7", "only-drawn-card-playable", "B6.3")
    assert v.drawn == card("R1")
    t = ok(drawn, "0 R1")
    assert t.state.top_card == card("R1")
    assert t.state.hands[0] == (card("R7"), card("G2"))
    assert t.state.turn == 1


def test_B6_3_drawn_card_that_does_not_match_cannot_be_played() -> None:
    """B6.3: the drawn card may be played only if it is legal."""
    state = table([["R7", "G2"], 5, 5], ["R5"], draw_pile=["B1"])
    drawn = ok(state, "0 draw").state
    refused(drawn, "0 B1", "card-does-not-match")


def test_B6_4_drawn_card_not_played_stays_and_the_turn_ends() -> None:
    """B6.4: if the drawn card is not played, the turn ends and the card stays in hand."""
    state = table([["R7", "G2"], 5, 5], ["R5"], draw_pile=["R1"])
    drawn = ok(state, "0 draw").state
    t = ok(drawn, "0 pass")
    assert t.state.turn == 1
    assert t.state.hands[0] == (card("R7"), card("G2"), card("R1"))
    assert t.state.top_card == card("R5")
    assert t.state.phase is uno.Phase.TURN
    assert "passed" in [e.kind for e in t.events]


def test_B6_5_exactly_one_card_is_drawn() -> None:
    """B6.5: exactly one card is drawn; a second draw in the same turn is refused (no "draw
    until playable")."""
    state = table([["B7", "G2"], 5, 5], ["R5"], draw_pile=["Y3", "R1", "R2"])
    drawn = ok(state, "0 draw").state
    assert sizes(drawn) == (3, 5, 5)
    assert drawn.hands[0][-1] == card("Y3")
    refused(drawn, "0 draw", "already-drawn", "B6.5")


def test_B6_6_no_pass_without_drawing_while_a_card_can_be_drawn() -> None:
    """B6.6 [D]: passing without drawing is not allowed while a card can be drawn, whether or
    not the player holds a legal card."""
    refused(table([["R7"], 5, 5], ["R5"], uno_called=[0]), "0 pass", "must-play-or-draw", "B6.6")
    refused(table([["B7", "G2"], 5, 5], ["R5"]), "0 pass", "must-play-or-draw", "B6.6")


def test_B6_7_drawn_w4_playable_when_hand_after_draw_has_no_active_color() -> None:
    """B6.7 [D]: a drawn W+4 may be played if the color restriction holds, judged on the hand
    after the draw. Here the hand has no red: a challenge fails (challenger draws 6)."""
    state = table([["B5", "G2"], ["Y1", "Y2"], 5], ["R5"], draw_pile=["W+4"])
    drawn = ok(state, "0 draw").state
    played = ok(drawn, "0 W+4 green").state
    assert played.phase is uno.Phase.PENALTY and played.turn == 1
    t = ok(played, "1 challenge")
    assert "challenge-lost" in [e.kind for e in t.events]
    assert sizes(t.state) == (2, 8, 5)
    assert t.state.turn == 2


def test_B6_7_drawn_w4_played_while_holding_active_color_is_a_bluff() -> None:
    """B6.7: the restriction is judged on the hand after the draw; holding red makes the drawn
    W+4 a bluff (legal to play, guilty when challenged)."""
    state = table([["R7", "G2"], ["Y1", "Y2"], 5], ["R5"], draw_pile=["W+4"])
    played = ok(ok(state, "0 draw").state, "0 W+4 green").state
    t = ok(played, "1 challenge")
    assert "challenge-won" in [e.kind for e in t.events]
    assert sizes(t.state) == (6, 2, 5)
    assert t.state.turn == 1
