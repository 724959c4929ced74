"""docs/rules.md 1.3 The first discard: the first-card table and B3.1.

The alternatives (A1-A4, A52) are in test_s5_setup_first_card.py.
"""

from __future__ import annotations

import pytest

import uno_rules as uno

from ..helpers import (
    assert_conserved,
    find_game,
    first_is,
    new_game,
    number_first,
    ok,
    refused,
    sizes,
)

R = uno.Rank


def test_1_3_number_first_left_of_dealer_starts_and_must_match_it() -> None:
    """1.3 Number: no effect. The player left of the dealer starts and must match it."""
    _, state = find_game(number_first, dealer=1)
    top = state.top_card
    assert state.turn == 2
    assert state.direction == 1
    assert state.phase is uno.Phase.TURN
    assert sizes(state) == (7, 7, 7, 7)
    assert state.color is top.color
    for c in set(state.hands[2]):
        result = uno.validate(state, uno.Play(2, c, color=uno.Color.RED if c.is_wild else None))
        legal = c.is_wild or c.color is top.color or c.rank is top.rank
        assert (result is None) is legal, (c, top)


def test_1_3_draw_two_first_left_of_dealer_draws_two_and_next_player_starts() -> None:
    """1.3 Draw Two: the player left of the dealer draws 2 and loses the turn, so the next
    player starts."""
    _, state = find_game(first_is(R.DRAW_TWO), dealer=0)
    assert sizes(state) == (7, 9, 7, 7)
    assert state.turn == 2
    assert state.direction == 1
    assert state.draw_pile_size == 108 - 28 - 1 - 2
    assert_conserved(state)


def test_1_3_skip_first_left_of_dealer_is_skipped() -> None:
    """1.3 Skip: the player left of the dealer is skipped; the player to that player's
    left starts."""
    _, state = find_game(first_is(R.SKIP), dealer=0)
    assert state.turn == 2
    assert state.direction == 1
    assert sizes(state) == (7, 7, 7, 7)


def test_1_3_reverse_first_dealer_plays_first_then_play_goes_right() -> None:
    """1.3 Reverse: the dealer plays first, then play goes to the right (counter-clockwise)."""
    _, state = find_game(first_is(R.REVERSE), dealer=1)
    assert state.turn == 1
    assert state.direction == -1
    # The dealer's turn passes to the right: seat 0, then seat 3.
    after = ok(ok(state, "1 draw").state, "1 pass").state
    assert after.turn == 0
    after = ok(ok(after, "0 draw").state, "0 pass").state
    assert after.turn == 3


def test_1_3_wild_first_left_of_dealer_names_the_color_then_plays() -> None:
    """1.3 Wild: the player left of the dealer chooses the color that continues play, then
    plays."""
    _, state = find_game(first_is(R.WILD), dealer=3)
    assert state.phase is uno.Phase.CHOOSE_COLOR
    assert state.turn == 0
    assert state.color is None
    refused(state, "1 color red", "not-your-turn")
    refused(state, "0 draw", "color-choice-pending")
    chosen = ok(state, "0 color green")
    assert "color-chosen" in [e.kind for e in chosen.events]
    after = chosen.state
    assert after.color is uno.Color.GREEN
    assert after.turn == 0
    assert after.phase is uno.Phase.TURN
    assert after.top_card == uno.Card.parse("W")
    # Then the same player plays (or draws): the turn is still seat 0's.
    assert uno.validate(after, "0 draw") is None
    refused(after, "1 draw", "not-your-turn")


def test_1_3_wild_draw_four_first_is_returned_and_another_card_turned() -> None:
    """1.3 Wild Draw Four: return it to the deck and turn over another card. Nobody draws.
    (A4 checks where it goes.) No game ever starts on a W+4."""
    for seed in range(60):
        state = new_game("official", 4, seed)
        assert state.top_card != uno.Card.parse("W+4")
        assert len(state.discard_pile) == 1
        if state.top_card.rank is not R.DRAW_TWO:
            assert sizes(state) == (7, 7, 7, 7)


@pytest.mark.parametrize("rank", [R.DRAW_TWO, R.WILD, R.SKIP, R.REVERSE])
def test_B3_1_first_card_creates_no_challenge_right_and_no_uno_obligation(rank: uno.Rank) -> None:
    """B3.1 [D]: nobody played the first card, so it creates no challenge right and no UNO
    obligation."""
    _, state = find_game(first_is(rank), dealer=3)
    assert state.penalty is None
    assert state.uno_open == frozenset()
    for seat in range(4):
        refused(state, f"{seat} challenge", "no-challenge-pending")
        refused(state, f"{(seat + 1) % 4} catch {seat}", "nothing-to-catch")
        refused(state, f"{seat} accept", "no-penalty-pending")
