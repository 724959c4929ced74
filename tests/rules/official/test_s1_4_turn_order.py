"""docs/rules.md 1.4 Turn order and direction: B4.1-B4.5."""

from __future__ import annotations

import pytest

import uno_rules as uno

from ..helpers import find_game, first_is, number_first, ok, refused, sizes, table


@pytest.mark.parametrize(
    ("players", "dealer", "starter"), [(4, 3, 0), (4, 0, 1), (3, 2, 0), (2, 0, 1)]
)
def test_B4_1_play_starts_left_of_dealer(players: int, dealer: int, starter: int) -> None:
    """B4.1: play starts with the player to the dealer's left unless the first card says
    otherwise."""
    _, state = find_game(number_first, players=players, dealer=dealer)
    assert state.turn == starter


def test_B4_1_first_card_can_say_otherwise() -> None:
    """B4.1: ...unless the first card says otherwise (1.3): a Skip moves the start on."""
    _, state = find_game(first_is(uno.Rank.SKIP), dealer=3)
    assert state.turn == 1


def test_B4_2_initial_direction_is_clockwise() -> None:
    """B4.2: the initial direction is to the left, clockwise (+1)."""
    _, state = find_game(number_first)
    assert state.direction == 1
    after = ok(state, "0 draw").state
    after = ok(after, "0 pass").state
    assert after.turn == 1


@pytest.mark.parametrize(
    ("direction", "turn", "players", "next_seat"),
    [
        ("clockwise", 0, 4, 1),
        ("clockwise", 3, 4, 0),
        ("counterclockwise", 0, 4, 3),
        ("counterclockwise", 2, 4, 1),
        ("clockwise", 4, 5, 0),
        ("counterclockwise", 0, 2, 1),
    ],
)
def test_B4_3_next_player_is_adjacent_seat_in_current_direction(
    direction: str, turn: int, players: int, next_seat: int
) -> None:
    """B4.3: the next player is the adjacent seat in the current direction."""
    hands: list[object] = [5] * players
    hands[turn] = ["R7", "B2"]
    state = table(hands, ["R5"], turn=turn, direction=direction)
    after = ok(state, f"{turn} R7").state
    assert after.turn == next_seat


def test_B4_4_a_turn_is_a_play_or_a_draw_and_then_it_is_over() -> None:
    """B4.4: on a turn the player must do exactly one of (a) play one legal card or
    (b) draw one card. After a play the turn has passed."""
    state = table([["R7", "R8", "B2"], 5, 5], ["R5"])
    after = ok(state, "0 R7").state
    assert after.turn == 1
    assert sizes(after) == (2, 5, 5)
    refused(after, "0 R8", "not-your-turn", "B4.3")
    refused(after, "0 draw", "not-your-turn")


def test_B4_4_b_drawing_is_the_alternative_to_playing() -> None:
    """B4.4 (b): draw one card from the draw pile (optional with a legal card)."""
    state = table([["R7", "B2"], 5, 5], ["R5"], draw_pile=["G1"])
    t = ok(state, "0 draw")
    assert sizes(t.state) == (3, 5, 5)
    assert [e.kind for e in t.events] == ["drew"]


def test_B4_5_only_one_card_per_turn() -> None:
    """B4.5: only one card may be played per turn (a Play with extra cards is refused)."""
    state = table([["B5", "G5", "R1"], 5, 5], ["R5"])
    refused(state, "0 B5 G5", "one-card-per-turn", "B4.5")
    refused(state, "0 B5 R1", "one-card-per-turn", "B4.5")
