"""docs/rules.md 1.1 Components: B1.1-B1.4."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import uno_rules as uno

from ..helpers import DECK, all_cards, assert_conserved, card


def test_B1_1_deck_has_108_cards_with_the_official_composition() -> None:
    """B1.1: per color one 0, two each of 1-9, two Skip, two Reverse, two Draw Two (25 per
    color, 100 colored); plus 4 Wild and 4 Wild Draw Four. 76 numbers, 24 actions, 8 wilds."""
    state = uno.new_game("official", players=4, seed=11)
    deck = all_cards(state)
    assert sum(deck.values()) == 108
    assert deck == DECK
    per_color = Counter(c.color for c in deck.elements() if c.color is not None)
    assert per_color == {color: 25 for color in uno.COLORS}
    ranks = Counter(c.rank for c in deck.elements())
    assert sum(n for r, n in ranks.items() if r.is_number) == 76
    assert sum(n for r, n in ranks.items() if r.is_action) == 24
    assert ranks[uno.Rank.WILD] == 4 and ranks[uno.Rank.WILD_DRAW_FOUR] == 4
    for color in uno.COLORS:
        assert deck[uno.Card(color, uno.Rank.ZERO)] == 1
        assert deck[uno.Card(color, uno.Rank.NINE)] == 2
        assert deck[uno.Card(color, uno.Rank.DRAW_TWO)] == 2


@pytest.mark.parametrize("players", [2, 3, 7, 10])
def test_B1_2_two_to_ten_players_can_be_dealt(players: int) -> None:
    """B1.2: 2 to 10 players."""
    state = uno.new_game("official", players=players, seed=1)
    assert state.players == players
    assert len(state.hands) == players
    assert all(len(h) == 7 for h in state.hands)


@pytest.mark.parametrize("players", [0, 1, 11, 12])
def test_B1_2_fewer_than_two_or_more_than_ten_players_is_refused(players: int) -> None:
    """B1.2: 2 to 10 players; any other count is not a table."""
    with pytest.raises(uno.SituationError):
        uno.new_game("official", players=players, seed=1)


@pytest.mark.parametrize(
    ("text", "color", "number", "is_action", "is_wild"),
    [
        ("R0", uno.Color.RED, 0, False, False),
        ("Y9", uno.Color.YELLOW, 9, False, False),
        ("Gskip", uno.Color.GREEN, None, True, False),
        ("Brev", uno.Color.BLUE, None, True, False),
        ("R+2", uno.Color.RED, None, True, False),
        ("W", None, None, False, True),
        ("W+4", None, None, False, True),
    ],
)
def test_B1_3_card_attributes(
    text: str, color: uno.Color | None, number: int | None, is_action: bool, is_wild: bool
) -> None:
    """B1.3: numbers have a color and a number; Skip/Reverse/Draw Two have a color and a
    symbol and no number; Wild and W+4 have neither color nor number."""
    c = card(text)
    assert c.color is color
    assert c.number == number
    assert c.rank.is_action is is_action
    assert c.is_wild is is_wild
    assert str(c) == text


def test_B1_4_hands_and_piles_always_equal_the_deck() -> None:
    """B1.4 [D]: hands + draw pile + discard pile always equal the deck multiset, through
    every move of whole random games (draws, penalties, reshuffles, challenges, catches)."""
    rng = random.Random(20240)
    for seed in range(3):
        state = uno.new_game("official", players=3 + seed, seed=seed)
        assert_conserved(state)
        for _ in range(250):
            if state.round_over:
                break
            seat = rng.randrange(state.players)
            moves = uno.legal_moves(state, seat) or uno.legal_moves(state)
            result = uno.apply(state, rng.choice(moves))
            assert isinstance(result, uno.Transition)
            state = result.state
            assert_conserved(state)
