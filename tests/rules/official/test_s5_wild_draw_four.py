"""docs/rules.md 5, Wild Draw Four: A7-A13, with the GuiltyTurn and GuiltyColor options and the
w4_challenge setting (H11). W4Restriction is in test_s1_8_wild_draw_four.py."""

from __future__ import annotations

import pytest

import uno_rules as uno

from ..helpers import card, events_of, kinds, ok, refused, rules, run, sizes, table


def bluff(option: object = "official", players: int = 4) -> uno.GameState:
    """Seat 0 bluffs a W+4 (holds R3 on red) naming green; seat 1 is the victim."""
    hands: list[object] = [["W+4", "R3", "B1"], ["Y1", "G2", "Y3"], ["G1", "G5"], ["G3", "G4"]]
    state = table(hands[:players], ["B9", "R5"], rules=option, draw_pile=["B6", "B7", "B8", "Y9"])
    return ok(state, "0 W+4 green").state


# -- A7 --------------------------------------------------------------------------------


def test_A7_default_a_successful_challenger_takes_a_normal_turn() -> None:
    """A7 Default (a): after a successful challenge the challenger takes a normal turn."""
    after = ok(bluff(), "1 challenge")
    assert after.state.turn == 1
    assert "skipped" not in kinds(after.events)
    assert ok(after.state, "1 G2").state.turn == 2


def test_A7_b_challenger_skipped_option() -> None:
    """A7 (b) `challenger_skipped`: the W+4's skip still applies to the challenger."""
    after = ok(bluff(rules(challenge={"on_guilty_turn": "challenger_skipped"})), "1 challenge")
    assert after.state.turn == 2
    assert [e.seat for e in events_of(after.events, "skipped")] == [1]
    assert sizes(after.state) == (6, 3, 2, 2)


# -- A8 --------------------------------------------------------------------------------


def test_A8_default_a_card_stays_and_declared_color_stands() -> None:
    """A8 Default (a): the W+4 stays on the pile and the declared color stands."""
    after = ok(bluff(), "1 challenge").state
    assert after.discard_pile == uno.parse_cards("B9 R5 W+4")
    assert after.color is uno.Color.GREEN


def test_A8_b_card_returned_option() -> None:
    """A8 (b) `card_returned`: the W+4 goes back to the offender's hand, on top of the 4-card
    penalty, and the previous top card and color return."""
    after = ok(bluff(rules(challenge={"on_guilty_color": "card_returned"})), "1 challenge").state
    assert after.discard_pile == uno.parse_cards("B9 R5")
    assert after.color is uno.Color.RED
    assert sorted(after.hands[0]) == sorted(uno.parse_cards("R3 B1 W+4 B6 B7 B8 Y9"))
    assert after.turn == 1


def test_A8_b_card_returned_before_a_reshuffle_keeps_the_previous_top() -> None:
    """A8 (b) with an empty draw pile: the card goes back first, so the penalty reshuffle
    keeps the previous top card (R5, red) on the discard pile (A43)."""
    option = rules(challenge={"on_guilty_color": "card_returned"})
    state = table(
        [["W+4", "R3", "B1"], 51, 50], ["G1", "G2", "G3", "R5"], draw_pile_size=0, rules=option
    )
    pending = ok(state, "0 W+4 green").state
    t = ok(pending, "1 challenge")
    after = t.state
    assert "reshuffled" in kinds(t.events)
    assert after.discard_pile == uno.parse_cards("R5")
    assert after.color is uno.Color.RED
    assert sorted(after.hands[0][:3]) == sorted(uno.parse_cards("R3 B1 W+4"))
    assert sorted(after.hands[0][3:] + after.draw_pile) == sorted(uno.parse_cards("G1 G2 G3"))


def test_A8_c_previous_color_option() -> None:
    """A8 (c) `previous_color`: the card stays but the active color reverts."""
    after = ok(bluff(rules(challenge={"on_guilty_color": "previous_color"})), "1 challenge").state
    assert after.top_card == card("W+4")
    assert after.color is uno.Color.RED
    assert sizes(after) == (6, 3, 2, 2)


def test_A8_d_challenger_names_option() -> None:
    """A8 (d) `challenger_names`: the challenger names a new color, then plays."""
    pending = ok(bluff(rules(challenge={"on_guilty_color": "challenger_names"})), "1 challenge")
    state = pending.state
    assert state.phase is uno.Phase.CHOOSE_COLOR
    assert state.turn == 1
    refused(state, "2 color red", "not-your-turn")
    named = ok(state, "1 color yellow").state
    assert named.color is uno.Color.YELLOW
    assert named.turn == 1
    assert ok(named, "1 Y1").state.turn == 2


# -- A9 --------------------------------------------------------------------------------


@pytest.mark.parametrize("seat", [0, 2, 3])
def test_A9_only_the_victim_may_challenge(seat: int) -> None:
    """A9: only the victim may challenge: any other challenge gets not-challenge-eligible."""
    refused(bluff(), f"{seat} challenge", "not-challenge-eligible")


def test_A9_challenge_after_accepting_is_no_pending_challenge() -> None:
    """A9: the victim's decision is Accept | Challenge; a challenge after accepting gets
    no-challenge-pending."""
    accepted = ok(bluff(), "1 accept").state
    assert sizes(accepted) == (2, 7, 2, 2)
    refused(accepted, "1 challenge", "no-challenge-pending")


def test_A9_no_challenge_without_a_wild_draw_four() -> None:
    """A9: nothing to challenge on an ordinary play or after a Draw Two."""
    state = table([["R+2", "B1"], ["Y1", "Y2"], ["G1", "G2"]], ["R5"])
    refused(state, "1 challenge", "no-challenge-pending")
    after = ok(state, "0 R+2").state
    refused(after, "1 challenge", "no-challenge-pending")
    refused(after, "2 challenge", "no-challenge-pending")


def test_H11_challenge_disabled_option() -> None:
    """H11 w4_challenge `disabled`: the victim draws 4 and loses the turn; no challenge."""
    state = table(
        [["W+4", "R3", "B1"], ["Y1", "Y2"], ["G1", "G2"]],
        ["R5"],
        rules=rules(w4_challenge="disabled"),
    )
    t = ok(state, "0 W+4 blue")
    assert t.state.phase is uno.Phase.TURN  # no choice, so no pending decision (A60)
    assert sizes(t.state) == (2, 6, 2)
    assert t.state.turn == 2
    assert [e.seat for e in events_of(t.events, "skipped")] == [1]
    refused(t.state, "1 challenge", "challenge-disabled", "H11")


# -- A10 -------------------------------------------------------------------------------


def test_A10_guilt_uses_the_hand_recorded_at_play_shown_to_the_challenger_alone() -> None:
    """A10: guilty = at the moment of play the offender held a card of the active color,
    evaluated on the hand recorded at play time; in player views it is revealed to the
    challenger alone."""
    t = ok(bluff(), "1 challenge")
    won = events_of(t.events, "challenge-won")[0]
    assert won.hand == uno.parse_cards("R3 B1")
    assert events_of(uno.view_events(t.events, 1), "challenge-won")[0].hand == won.hand
    assert events_of(uno.view_events(t.events, 2), "challenge-won")[0].hand is None
    assert events_of(uno.view_events(t.events, 3), "challenge-won")[0].hand is None
    # other seats do not see the offender's penalty cards either
    drew = events_of(uno.view_events(t.events, 2), "drew")[0]
    assert drew.count == 4 and drew.cards is None
    assert events_of(uno.view_events(t.events, 0), "drew")[0].cards == uno.parse_cards(
        "B6 B7 B8 Y9"
    )


# -- A11 -------------------------------------------------------------------------------


def w4_table(offender_hand: list[str], **fields: object) -> uno.GameState:
    hands = [["W+4", *offender_hand], ["Y1", "Y2", "Y3"], ["G1", "G2"], ["G3", "G4"]]
    return table(hands, ["B9", "R5"], **fields)


@pytest.mark.parametrize(
    ("hand", "guilty"),
    [
        (["B5", "G1"], True),  # same number as the top card: playable, so a bluff here
        (["Bskip", "G1"], False),
        (["R3", "G1"], True),
        (["W", "G1"], True),  # a Wild is another playable card
        (["W+4", "G1"], False),  # other W+4s are not counted
    ],
)
def test_A11_any_playable_option_counts_every_playable_card(hand: list[str], guilty: bool) -> None:
    """A11 / H10 `any_playable`: the compatibility misreading: the W+4 is a bluff when the
    player holds any other playable card."""
    state = w4_table(hand, rules=rules(w4_restriction="any_playable"))
    pending = ok(state, "0 W+4 green").state
    t = ok(pending, "1 challenge")
    assert kinds(t.events)[0] == ("challenge-won" if guilty else "challenge-lost")


def test_A11_default_is_color_only() -> None:
    """A11 Default: color only. Holding a same-number card of another color is no bluff."""
    pending = ok(w4_table(["B5", "G1"]), "0 W+4 green").state
    _, events = run(pending, "1 challenge")
    assert kinds(events)[0] == "challenge-lost"


# -- A12 -------------------------------------------------------------------------------


def test_A12_challenge_against_a_last_card_w4_always_fails_and_counts() -> None:
    """A12 Default: a challenge against a W+4 played as the last card is allowed and always
    fails: the challenger draws 6, and those 6 count in scoring."""
    state = table(
        [["W+4"], ["R1", "R2"], ["G5"]],
        ["R5"],
        uno_called=[0],
        draw_pile=["Y1", "Y2", "Y3", "Y4", "Y5", "Y6"],
    )
    pending = ok(state, "0 W+4 blue").state
    assert not pending.round_over
    t = ok(pending, "1 challenge")
    assert kinds(t.events)[0] == "challenge-lost"
    assert t.state.hands[1] == uno.parse_cards("R1 R2 Y1 Y2 Y3 Y4 Y5 Y6")
    assert t.state.round_over
    assert t.state.round_winner == 0
    assert t.state.scores == (1 + 2 + 21 + 5, 0, 0)


# -- A13 -------------------------------------------------------------------------------


def test_A13_two_players_successful_challenge_challenger_plays_next() -> None:
    """A13 Default: with two players, after a successful challenge the challenger plays
    next."""
    after = ok(bluff(players=2), "1 challenge").state
    assert after.turn == 1
    assert sizes(after) == (6, 3)


def test_A13_two_players_failed_challenge_w4_player_plays_again() -> None:
    """A13: after an unsuccessful challenge, the W+4's player plays again (T3)."""
    state = table([["W+4", "B3", "B1"], ["Y1", "Y2", "Y3"]], ["R5"])
    pending = ok(state, "0 W+4 green").state
    after = ok(pending, "1 challenge").state
    assert after.turn == 0
    assert sizes(after) == (2, 9)
    accepted = ok(pending, "1 accept").state
    assert accepted.turn == 0
    assert sizes(accepted) == (2, 7)
