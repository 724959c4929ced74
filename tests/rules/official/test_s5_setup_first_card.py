"""docs/rules.md 5, Setup and first card: A1-A6, with A52 and the first-card / first-player /
dealer-rotation options (FirstWild, FirstWildDrawFour, FirstReverse, FirstDrawTwo,
FirstPlayer, DealerRotation)."""

from __future__ import annotations

from collections import Counter

import pytest

import uno_rules as uno

from ..helpers import (
    assert_conserved,
    card,
    find_game,
    first_is,
    new_game,
    number_first,
    ok,
    rules,
    sizes,
    table,
)

R = uno.Rank
W = card("W")
W4 = card("W+4")


def expected_start(state: uno.GameState) -> int:
    """Who acts first under the official first-card table (1.3, B4.1)."""
    d, n = state.dealer, state.players
    rank = state.top_card.rank
    if rank in (R.SKIP, R.DRAW_TWO):
        return (d + 2) % n
    if rank is R.REVERSE:
        return d
    return (d + 1) % n


# -- A1 --------------------------------------------------------------------------------


def test_A1_default_a_left_of_dealer_names_the_color() -> None:
    """A1 Default (a): first card a Wild: the player left of the dealer names the color,
    then plays."""
    _, state = find_game(first_is(R.WILD), dealer=1)
    assert state.top_card == W
    assert state.phase is uno.Phase.CHOOSE_COLOR
    assert state.turn == 2
    after = ok(state, "2 color blue").state
    assert (after.color, after.turn, after.phase) == (uno.Color.BLUE, 2, uno.Phase.TURN)


def test_A1_b_return_and_flip_puts_the_wild_back_and_turns_another() -> None:
    """A1 (b) `return_and_flip`: return the Wild to the deck and turn another card."""
    seed, official = find_game(first_is(R.WILD))
    state = new_game(rules(first_card={"wild": "return_and_flip"}), 4, seed)
    assert not state.top_card.is_wild
    assert state.phase is uno.Phase.TURN
    assert state.color is state.top_card.color
    assert len(state.discard_pile) == 1
    # The same deal; the Wild went back into the draw pile (a Draw Two turned next may have
    # handed it to the first player as one of the two cards drawn).
    assert [h[:7] for h in state.hands] == [h[:7] for h in official.hands]
    extra = Counter(c for h in state.hands for c in h[7:])
    assert Counter(state.draw_pile)[W] + extra[W] == Counter(official.draw_pile)[W] + 1
    assert state.turn == expected_start(state)
    assert_conserved(state)


def test_A1_c_reshuffle_and_redeal() -> None:
    """A1 (c) `reshuffle_and_redeal`: a first Wild means the whole deal starts again."""
    seed, official = find_game(first_is(R.WILD))
    state = new_game(rules(first_card={"wild": "reshuffle_and_redeal"}), 4, seed)
    assert not state.top_card.is_wild
    assert state.hands != official.hands
    assert state.phase is uno.Phase.TURN
    assert state.turn == expected_start(state)
    assert_conserved(state)


# -- A2 --------------------------------------------------------------------------------


def test_A2_default_a_reverse_first_dealer_plays_first_counterclockwise() -> None:
    """A2 Default (a): first card a Reverse: the dealer plays first, then play goes
    counter-clockwise."""
    _, state = find_game(first_is(R.REVERSE), dealer=2)
    assert (state.turn, state.direction) == (2, -1)


def test_A2_b_right_of_dealer_plays_first() -> None:
    """A2 (b) `right_of_dealer_first_ccw` (M2001): the player to the dealer's right plays
    first, counter-clockwise."""
    option = rules(first_card={"reverse": "right_of_dealer_first_ccw"})
    _, state = find_game(first_is(R.REVERSE), rules=option, dealer=2)
    assert (state.turn, state.direction) == (1, -1)
    _, state = find_game(first_is(R.REVERSE), rules=option, dealer=0)
    assert (state.turn, state.direction) == (3, -1)


# -- A3 --------------------------------------------------------------------------------


def test_A3_default_a_first_draw_two_also_loses_the_turn() -> None:
    """A3 Default (a): first card a Draw Two: the first player draws 2 and loses the turn."""
    _, state = find_game(first_is(R.DRAW_TWO), dealer=2)
    assert sizes(state) == (7, 7, 7, 9)
    assert state.turn == 0


def test_A3_default_a_two_players_first_draw_two_dealer_plays_first() -> None:
    """A3 (a) with two players: the non-dealer draws 2 and loses the turn: the dealer starts."""
    _, state = find_game(first_is(R.DRAW_TWO), players=2, dealer=0)
    assert sizes(state) == (7, 9)
    assert state.turn == 0


def test_A3_b_draw_only_first_player_draws_two_then_plays() -> None:
    """A3 (b) `draw_only` (M2001): the first player must draw two cards, and keeps the
    turn."""
    option = rules(first_card={"draw_two": "draw_only"})
    _, state = find_game(first_is(R.DRAW_TWO), rules=option, dealer=2)
    assert sizes(state) == (7, 7, 7, 9)
    assert state.turn == 3
    assert state.phase is uno.Phase.TURN
    assert_conserved(state)


# -- A4 --------------------------------------------------------------------------------

BOTTOM = rules(first_card={"wild_draw_four": "bottom_and_reflip"})


def w4_returned() -> tuple[int, uno.GameState, uno.GameState]:
    """A seed whose first turned card was a W+4: the two A4 options then differ."""
    for seed in range(3000):
        shuffled_in = new_game("official", 4, seed)
        at_bottom = new_game(BOTTOM, 4, seed)
        assert shuffled_in.top_card != W4 and at_bottom.top_card != W4
        if shuffled_in.draw_pile != at_bottom.draw_pile:
            return seed, shuffled_in, at_bottom
    raise AssertionError("no seed turned a W+4 first")


def test_A4_default_a_first_w4_is_shuffled_back_into_the_draw_pile() -> None:
    """A4 Default (a): a first-card W+4 is shuffled into the draw pile and another card is
    turned; nobody draws; it is not on the discard pile; every card is still there."""
    _, state, at_bottom = w4_returned()
    assert state.discard_pile == (state.top_card,)
    assert state.top_card != W4
    assert W4 not in state.discard_pile
    dealt = sum(Counter(h[:7])[W4] for h in state.hands)
    extra = sum(Counter(h[7:])[W4] for h in state.hands)
    assert dealt < 4
    assert Counter(state.draw_pile)[W4] + extra == 4 - dealt
    assert state.draw_pile != at_bottom.draw_pile
    assert [h[:7] for h in state.hands] == [h[:7] for h in at_bottom.hands]
    assert_conserved(state)


def test_A4_b_bottom_and_reflip_puts_the_w4_at_the_bottom() -> None:
    """A4 (b) `bottom_and_reflip`: the W+4 goes to the bottom of the draw pile."""
    _, _, state = w4_returned()
    assert state.draw_pile[-1] == W4
    assert state.top_card != W4
    assert len(state.discard_pile) == 1
    assert_conserved(state)


# -- A5, A6 ----------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "dealer"), [(3, None), (3, 0), (5, 2), (10, 9)])
def test_A5_dealer_is_an_input_or_derived(players: int, dealer: int | None) -> None:
    """A5: the engine may take the dealer as an input (dealer=None: the last seat deals);
    the first player is then determined from that dealer."""
    state = new_game("official", players, 5, dealer)
    assert state.dealer == (players - 1 if dealer is None else dealer)
    assert state.turn == expected_start(state)


@pytest.mark.parametrize("selection", ["highest_number", "highest_point_value"])
def test_A5_dealer_selection_by_a_seeded_draw(selection: str) -> None:
    """A5 / H18 dealer_selection: without a given dealer, a draw for the deal (M2008 highest
    number, symbols 0; M2001 highest point value) picks the dealer from the seed: it is
    deterministic, not always the same seat, and the player to its left starts."""
    option = rules(dealer_selection=selection)
    dealers = [new_game(option, 4, seed).dealer for seed in range(24)]
    assert dealers == [new_game(option, 4, seed).dealer for seed in range(24)]
    assert len(set(dealers)) > 1
    for seed in range(6):
        state = new_game(option, 4, seed)
        assert state.turn == expected_start(state)
    assert new_game(option, 4, 3, dealer=1).dealer == 1


def test_A5_point_value_and_number_selections_differ() -> None:
    """A5: under M2001's highest point value a Wild (50) or an action card (20) wins the
    draw; under M2008 symbols count 0. Over a few seeds the two rules pick differently."""
    by_number = [new_game(rules(dealer_selection="highest_number"), 4, s).dealer for s in range(24)]
    by_points = [
        new_game(rules(dealer_selection="highest_point_value"), 4, s).dealer for s in range(24)
    ]
    assert by_number != by_points


def finished_round(option: dict[str, object] | str, dealer: int, winner: int) -> uno.GameState:
    hands: list[object] = [["B1", "B2"], ["B3", "B4"], ["B5", "B6"], ["B7", "B8"]]
    hands[winner] = ["G4"]
    state = table(hands, ["G7"], uno_called=[winner], turn=winner, dealer=dealer, rules=option)
    return ok(state, f"{winner} G4").state


@pytest.mark.parametrize(
    ("option", "dealer", "winner", "next_dealer"),
    [
        ("official", 3, 1, 0),  # A6 Default: rotate one seat left
        ("official", 1, 1, 2),
        (rules(dealer_rotation="left"), 0, 2, 1),
        (rules(dealer_rotation="winner_deals"), 3, 1, 1),
        (rules(dealer_rotation="winner_deals"), 0, 2, 2),
        (rules(dealer_rotation="fixed"), 2, 1, 2),
    ],
)
def test_A6_who_deals_the_next_round(
    option: dict[str, object] | str, dealer: int, winner: int, next_dealer: int
) -> None:
    """A6 Default: the deal rotates one seat left [D]; options `winner_deals`, `fixed`."""
    done = finished_round(option, dealer, winner)
    nxt = uno.next_round(done)
    assert isinstance(nxt, uno.GameState)
    assert nxt.dealer == next_dealer
    assert nxt.turn == expected_start(nxt)
    assert all(len(h) >= 7 for h in nxt.hands)
    assert_conserved(nxt)


# -- first_player (H18) and A52 ---------------------------------------------------------


def test_H18_first_player_dealer_option() -> None:
    """H18 first_player `dealer` (SEED1): the dealer plays first."""
    option = rules(first_player="dealer")
    _, state = find_game(number_first, rules=option, dealer=2)
    assert state.turn == 2
    _, state = find_game(first_is(R.SKIP), rules=option, dealer=2)
    assert state.turn == 3


def test_A52_two_players_reverse_first_dealer_plays_first() -> None:
    """A52 Default: with two players and a Reverse first, the dealer plays first."""
    _, state = find_game(first_is(R.REVERSE), players=2, dealer=0)
    assert state.turn == 0
    assert state.direction == -1


def test_A52_two_players_reverse_first_dealer_first_under_reverse_as_skip() -> None:
    """A52: consistent with Reverse as Skip, the dealer plays first even with the M2001
    options (right-of-dealer first Reverse, two-player Reverse as Skip)."""
    option = rules(two_player_reverse="skip", first_card={"reverse": "right_of_dealer_first_ccw"})
    _, state = find_game(first_is(R.REVERSE), rules=option, players=2, dealer=1)
    assert state.turn == 1
