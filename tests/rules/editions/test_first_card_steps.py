"""The first card turned up runs its kind's steps, as a played card does (1.3, B3.1, N2
``apply``, docs/cards.md "The first card"): a step aimed at the next seat acts on the first
player, one aimed at every other seat on every seat, one that needs the card's player does
nothing, and a wild then asks the seat whose turn it is for the color."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import uno_rules as uno
from uno_rules.effects import FIRST_STEPS, STEPS
from uno_rules.kinds import StepOp
from uno_rules.testing import check_conserved as assert_conserved

from ..helpers import find_game

NO_MERCY_APPLY = {"extends": "no-mercy", "first_card": {"action_cards": "apply"}}


def first_rank(rank: str) -> Callable[[uno.GameState], bool]:
    return lambda s: str(s.discard_pile[0].rank) == rank


def start(rules: Any, rank: str, players: int = 4) -> uno.GameState:
    _, state = find_game(first_rank(rank), rules, players, dealer=0)
    assert_conserved(state)
    return state


def sizes(state: uno.GameState) -> list[int]:
    return [len(h) for h in state.hands]


def test_every_step_says_what_it_does_as_the_first_card() -> None:
    assert set(FIRST_STEPS) == set(STEPS) == set(StepOp) - {StepOp.CUSTOM}


def test_n2_apply_a_first_draw_four_makes_the_first_player_draw_four_and_lose_the_turn() -> None:
    """Before, a first No Mercy +4 did nothing under ``apply`` (N2: each card has its
    effect, as 1.3 has a Draw Two's)."""
    state = start(NO_MERCY_APPLY, "+4")
    assert sizes(state) == [7, 11, 7, 7]
    assert state.turn == 2 and state.phase is uno.Phase.TURN
    assert state.penalty is None  # nobody played it: nothing to stack on or challenge (B3.1)


def test_n2_apply_a_first_wild_draw_six_is_drawn_and_the_next_seat_names_the_color() -> None:
    state = start(NO_MERCY_APPLY, "W+6")
    assert sizes(state) == [7, 13, 7, 7]
    assert state.turn == 2 and state.phase is uno.Phase.CHOOSE_COLOR
    assert uno.apply_or_raise(state, "2 color red").state.color is uno.Color.RED


def test_n2_apply_a_first_wild_reverse_draw_four_reverses_then_the_dealer_draws() -> None:
    """A2 (a): after a first Reverse the dealer plays first, so the dealer is the seat the
    draw is aimed at; the dealer's right-hand neighbour then names the color."""
    state = start(NO_MERCY_APPLY, "Wrev+4")
    assert sizes(state) == [11, 7, 7, 7]
    assert state.direction == -1 and state.turn == 3
    assert state.phase is uno.Phase.CHOOSE_COLOR


@pytest.mark.parametrize("rank", ["skipall", "discardall"])
def test_n2_apply_steps_that_need_the_cards_player_do_nothing(rank: str) -> None:
    """B3.1: nobody played the first card, so Skip Everyone has no player to come back to
    and Discard All no hand to empty: the first player starts."""
    state = start(NO_MERCY_APPLY, rank)
    assert sizes(state) == [7, 7, 7, 7]
    assert state.turn == 1 and state.phase is uno.Phase.TURN


def test_n2_default_still_returns_every_action_card() -> None:
    for seed in range(30):
        state = uno.new_game("no-mercy", players=4, seed=seed)
        assert state.discard_pile[0].rank.is_number


def test_at3_a_first_hit_2_is_two_presses_by_the_first_player_who_loses_the_turn() -> None:
    state = start("attack", "hit2", players=3)
    assert state.turn == 2 and state.phase is uno.Phase.TURN
    assert sizes(state)[0] == sizes(state)[2] == 7 and sizes(state)[1] >= 7


def test_at5_a_first_wild_all_hit_makes_every_seat_press_once() -> None:
    drawn = []
    for seed in range(400):
        state = uno.new_game("attack", players=3, seed=seed, dealer=0)
        if str(state.discard_pile[0].rank) != "Wallhit":
            continue
        assert state.turn == 1 and state.phase is uno.Phase.CHOOSE_COLOR
        drawn.append(sum(sizes(state)) - 21)
        assert_conserved(state)
    assert drawn and max(drawn) > 0  # somebody's press fired something


def test_a_first_card_is_the_same_for_the_same_seed() -> None:
    seed, state = find_game(first_rank("hit2"), "attack", 3, dealer=0)
    assert uno.new_game("attack", players=3, seed=seed, dealer=0) == state


def test_all_wild_a_first_wild_skip_skips_the_first_player_who_names_no_color() -> None:
    state = start("all-wild", "Wskip")
    assert state.turn == 2 and state.phase is uno.Phase.CHOOSE_COLOR


def test_all_wild_a_first_wild_reverse_lets_the_dealer_name_the_color() -> None:
    state = start("all-wild", "Wrev")
    assert state.direction == -1 and state.turn == 0
    assert state.phase is uno.Phase.CHOOSE_COLOR


def test_a_declared_kinds_steps_run_as_the_first_card_and_its_players_do_not() -> None:
    """A table's own kind: the next seat draws 2 (the first player), the card's player
    draws 1 (nobody)."""
    rules = {
        "extends": "official",
        "card_kinds": [
            {
                "rank": "tax",
                "name": "Tax",
                "count": 6,
                "points": 20,
                "effect": [{"next_draws": 2}, {"player_draws": 1}],
            }
        ],
    }
    state = start(rules, "tax")
    assert sizes(state) == [7, 9, 7, 7]
    assert state.turn == 2


def test_e3_4_a_wild_customizables_written_rule_does_not_apply_as_the_first_card() -> None:
    rules = {
        "extends": "official-112",
        "extra_cards": {"wild_customizable": {"effect": [{"skip": 1}]}},
    }
    state = start(rules, "WC")
    assert state.turn == 1 and state.phase is uno.Phase.CHOOSE_COLOR


def test_e4_2_a_first_wild_swap_hands_swaps_nothing() -> None:
    state = start("official-2015", "WSW")
    assert sizes(state) == [7, 7, 7, 7] and state.turn == 1
    assert state.phase is uno.Phase.CHOOSE_COLOR
