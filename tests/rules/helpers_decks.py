"""Helpers for the 112-card decks (RULES.md section 2, E1).

``helpers.ok`` checks card conservation against the 108-card deck; the ones here check it
against the deck the state's rules name, built from E1's counts (not by the engine).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import uno_rules as uno

from .helpers import DECK, _check_untouched


def expected_deck(rules: uno.Rules) -> Counter[uno.Card]:
    """E1: 108 cards, or 112 as 4 x BLANK, WSW + 3 x WC or WSH + 3 x WC, less the extra
    cards the preset switches off."""
    deck = Counter(DECK)
    extra = rules.extra_cards
    name = str(rules.deck)
    if name == "blank-112-2001":
        deck[uno.Card.parse("BLANK")] += extra.blank.count
    elif name == "swap-112-2015":
        deck[uno.Card.parse("WSW")] += 1 if extra.wild_swap_hands.enabled else 0
        deck[uno.Card.parse("WC")] += extra.wild_customizable.count
    elif name == "shuffle-112-2018":
        deck[uno.Card.parse("WSH")] += 1 if extra.wild_shuffle_hands.enabled else 0
        deck[uno.Card.parse("WC")] += extra.wild_customizable.count
    else:
        assert name == "classic-108"
    return +deck


def held(state: uno.GameState) -> Counter[uno.Card]:
    """Every card of the state: hands, draw pile and discard pile."""
    out: Counter[uno.Card] = Counter()
    for hand in state.hands:
        out.update(hand)
    out.update(state.draw_pile)
    out.update(state.discard_pile)
    return out


def assert_conserved(state: uno.GameState) -> None:
    """B1.4 with E1: hands + draw pile + discard pile == the deck the rules name."""
    assert held(state) == expected_deck(state.rules)


def ok(state: uno.GameState, move: str) -> uno.Transition:
    """Apply a move that must be legal (any deck); return the transition."""
    before = uno.dump_state(state)
    assert uno.validate(state, move) is None, f"{move!r}: {uno.validate(state, move)}"
    result = uno.apply(state, move)
    assert isinstance(result, uno.Transition), f"{move!r} was refused: {result}"
    _check_untouched(state, before)
    assert_conserved(result.state)
    return result


def run(state: uno.GameState, *moves: str) -> tuple[uno.GameState, list[Any]]:
    """Apply several legal moves (any deck); return the final state and all events."""
    events: list[Any] = []
    for move in moves:
        t = ok(state, move)
        state = t.state
        events.extend(t.events)
    return state, events


def hand_cards(state: uno.GameState) -> Counter[uno.Card]:
    """All cards held in hands."""
    out: Counter[uno.Card] = Counter()
    for hand in state.hands:
        out.update(hand)
    return out
