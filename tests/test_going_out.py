"""B10.1, B10.3, A12: a seat whose hand is empty has gone out, and nothing can make it draw
or play again in that round, under every bundled preset (``uno.preset_names()``) and under
random rule sets generated from the rules model (``tests/rules_strategies.py``).

Each example starts from a described table near the end of a round, the hands small and
rich in draw cards (so that players go out on them, and stacks, deflects and jump-ins are
at hand), and plays a bounded random walk in which any seat may make any of its legal
moves. At every state where an active seat's hand is empty while the round goes on (only
the answer to a going-out Wild Draw Four, A12, or the naming of the color its draw waits
for, H17, can leave one): that seat has no legal move, the decision is another seat's, and
no legal move of any seat gives it a card or keeps the round going past that answer.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st

import uno_rules as uno
from budget import examples
from rules_strategies import FACES, player_counts, rules_for_games
from uno_rules.rules.deck import build_deck

MAX_MOVES = 40


def out_seats(state: uno.GameState) -> list[int]:
    """The seats still in whose hands are empty."""
    return [s for s in state.active_seats if not state.hands[s]]


def check_gone_out(state: uno.GameState) -> None:
    """The property at one state (see the module docstring)."""
    if state.round_over:
        return
    out = out_seats(state)
    if not out:
        return
    assert len(out) == 1, f"two empty hands while the round goes on: {state!r}"
    seat = out[0]
    event("an empty hand waits for the answer to its draw card")
    decision = state.decision
    assert decision is not None and decision.kind in ("penalty", "choose-color"), state
    assert decision.seat != seat
    assert uno.legal_moves(state, seat=seat) == ()
    for other in state.active_seats:
        for move in uno.legal_moves(state, seat=other):
            after = uno.apply_or_raise(state, move).state
            assert after.hands[seat] == (), f"{move} gave the seat that went out a card"
            if move.seat == decision.seat and isinstance(
                move, uno.Accept | uno.Challenge | uno.ChooseColor
            ):
                assert after.round_over, f"the round goes on after {move}"


@st.composite
def near_the_end(draw: st.DrawFn) -> uno.GameState:
    """A described table with hands of one to three cards, many of them draw cards."""
    rules = draw(rules_for_games(), label="rules")
    players = draw(player_counts(rules), label="players")
    deck = build_deck(rules)
    in_deck = set(deck)
    draw_cards = sorted({c for c in deck if c.kind.draw}, key=str)
    colored = [c for c in FACES if c.color is not None and c in in_deck] or sorted(
        {c for c in deck if c.color is not None}, key=str
    )  # F1: the two-sided cards of the Flip deck are no one-sided face
    hands: list[Any] = []
    for _ in range(players):
        if draw_cards and draw(st.booleans()):
            named = draw(st.lists(st.sampled_from(draw_cards), min_size=1, max_size=2))
            hands.append([str(c) for c in named])
        else:
            hands.append(draw(st.integers(1, 3)))
    # AW1: a deck of wild cards alone starts on a wild with its color named
    top = draw(st.sampled_from(colored or sorted(in_deck, key=str)))
    description: dict[str, Any] = {
        "rules": rules,
        "players": players,
        "hands": hands,
        "discard": [str(top)],
        "turn": draw(st.integers(0, players - 1)),
        "seed": draw(st.integers(0, 2**32)),
    }
    if top.color is None:
        description["color"] = "red"
    try:
        return uno.situation(description)
    except uno.SituationError:
        assume(False)  # more copies of a card named than the deck holds
        raise


@settings(
    max_examples=examples(12),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(state=near_the_end(), policy=st.integers(0, 2**16))
def test_a_seat_that_went_out_never_draws_or_plays_again(state: uno.GameState, policy: int) -> None:
    rng = random.Random(policy)
    check_gone_out(state)
    for _ in range(MAX_MOVES):
        if state.round_over:
            break
        moves = [m for s in state.active_seats for m in uno.legal_moves(state, seat=s)]
        assert moves, state
        # mostly the seat to act; now and then a move out of turn (a jump-in, a catch)
        acting = [m for m in moves if m.seat == state.turn]
        move = rng.choice(acting if acting and rng.random() < 0.8 else moves)
        before = out_seats(state)
        state = uno.apply_or_raise(state, move).state
        for seat in before:
            assert state.hands[seat] == (), f"{move} gave seat {seat}, which went out, a card"
        check_gone_out(state)
        if state.round_over and state.top_card.kind.draw:
            event("a round ended on a draw card")
