"""docs/rules.md 1.2 Dealer selection and the deal: B2.1-B2.5 (with A5 and A6 in test_s5_setup)."""

from __future__ import annotations

import pytest

import uno_rules as uno

from ..helpers import assert_conserved, find_game, new_game, number_first, ok, table


@pytest.mark.parametrize(("players", "dealer"), [(4, 0), (4, 2), (3, 1), (6, 5)])
def test_B2_1_B2_2_dealer_taken_as_input_and_left_of_dealer_starts(
    players: int, dealer: int
) -> None:
    """B2.1/B2.2 with A5: the engine may take the dealer as an input; that seat deals and the
    player to its left starts (when the first card is a number)."""
    _, state = find_game(number_first, players=players, dealer=dealer)
    assert state.dealer == dealer
    assert state.turn == (dealer + 1) % players


def test_B2_1_default_dealer_is_the_last_seat() -> None:
    """B2.1 / API 4: dealer=None means the last seat deals, so seat 0 acts first."""
    _, state = find_game(number_first, players=5)
    assert state.dealer == 4
    assert state.turn == 0


@pytest.mark.parametrize("players", [2, 4, 10])
def test_B2_3_B2_4_seven_cards_each_rest_is_draw_pile_top_turned_up(players: int) -> None:
    """B2.3: the dealer deals 7 cards to each player. B2.4: the rest of the deck is the draw
    pile, and its top card is turned up to start the discard pile."""
    _, state = find_game(number_first, players=players)
    assert [len(h) for h in state.hands] == [7] * players
    assert len(state.discard_pile) == 1
    assert state.draw_pile_size == 108 - 7 * players - 1
    assert state.color is state.top_card.color
    assert_conserved(state)


@pytest.mark.parametrize(("players", "dealer"), [(4, 3), (3, 0), (5, 2)])
def test_B2_3_B2_4_one_card_at_a_time_from_dealers_left_rest_is_the_draw_pile(
    players: int, dealer: int
) -> None:
    """B2.3 [D]: one card at a time, starting at the dealer's left. B2.4: the rest of the deck
    is the draw pile and its top card is turned up. Checked by dealing the same shuffled
    deck (same seed and round) with hand sizes 1 and 2: the second round of the deal must be
    exactly the cards that, with one card each, were turned up and then lay on the pile."""
    one = {"extends": "official", "hand_size": 1}
    two = {"extends": "official", "hand_size": 2}
    seed, single = find_game(number_first, rules=one, players=players, dealer=dealer)
    double = new_game(two, players, seed, dealer)
    order = [(dealer + 1 + i) % players for i in range(players)]
    assert [double.hands[s][0] for s in order] == [single.hands[s][0] for s in order]
    second_round = [double.hands[s][1] for s in order]
    assert second_round == [single.top_card, *single.draw_pile[: players - 1]]


def test_B2_3_hand_size_setting_changes_the_deal() -> None:
    """B2.3 / H18 hand_size: the number of cards dealt is a rules setting (default 7)."""
    _, state = find_game(number_first, rules={"extends": "official", "hand_size": 5})
    assert [len(h) for h in state.hands] == [5, 5, 5, 5]
    assert state.draw_pile_size == 108 - 20 - 1


def test_B2_3_same_arguments_give_the_same_deal() -> None:
    """B2.3 [D] / API 4: the same arguments always give the same state."""
    assert uno.new_game("official", 4, 77) == uno.new_game("official", 4, 77)
    assert uno.new_game("official", 4, 77).hands != uno.new_game("official", 4, 78).hands


def test_B2_5_after_a_scored_round_all_cards_are_reshuffled_and_dealt_again() -> None:
    """B2.5: after a round is scored, if nobody reached the target, all cards are
    reshuffled and a new round is dealt (the finished round's score is kept)."""
    state = table([["R3"], ["B9", "Y1"], ["G+2"], ["W"]], ["R5"], uno_called=[0], dealer=3)
    done = ok(state, "0 R3").state
    assert done.round_over and not done.game_over
    assert done.scores == (9 + 1 + 20 + 50, 0, 0, 0)
    new = uno.next_round(done)
    assert isinstance(new, uno.GameState)
    assert not new.round_over
    assert new.round_number == done.round_number + 1
    assert new.scores == done.scores
    assert all(len(h) >= 7 for h in new.hands)
    assert len(new.discard_pile) == 1
    assert_conserved(new)
