"""A rule set whose deck holds more than about a thousand cards (accepted by
``load_preset``) used to make ``GameState`` equality, pickling and ``copy.deepcopy`` raise
``RecursionError``: the piles are linked nodes, and the tuple's own methods recursed once
per card. ``docs/formats.md`` promises ``load_state(dump_state(s)) == s`` for every state."""

from __future__ import annotations

import copy
import pickle
import random
import sys

import uno_rules as uno
from uno_rules.state import pile_from


def big_rules() -> uno.Rules:
    kinds = [
        {"rank": f"hq{i}", "name": f"Heavy {i}", "count": 20, "effect": [{"skip": 1}]}
        for i in range(16)
    ]
    return uno.load_preset({"extends": "official", "name": "a big deck", "card_kinds": kinds})


def test_a_deck_over_the_recursion_limit_round_trips() -> None:
    state = uno.new_game(big_rules(), players=3, seed=11)
    assert state.draw_pile_size > sys.getrecursionlimit()
    loaded = uno.load_state(uno.dump_state(state))
    assert loaded == state
    assert hash(loaded) == hash(state)
    assert pickle.loads(pickle.dumps(state)) == state
    copied = copy.deepcopy(state)
    assert copied == state and copied.draw_pile == state.draw_pile
    assert copy.copy(state) == state
    # a state after moves shares most of its piles with the one before: still compared
    # card by card, and told apart
    rng = random.Random(3)
    after = state
    for _ in range(30):
        if after.round_over:
            break
        after = uno.apply_or_raise(after, rng.choice(uno.legal_moves(after))).state
        assert pickle.loads(pickle.dumps(after)) == after
    assert after != state
    assert uno.load_state(uno.dump_state(after)) == after


def test_piles_that_differ_only_deep_down_are_unequal() -> None:
    state = uno.new_game(big_rules(), players=2, seed=2)
    cards = list(state.draw_pile)
    i = next(k for k in range(len(cards) - 1, 0, -1) if cards[k] != cards[k - 1])
    cards[i], cards[i - 1] = cards[i - 1], cards[i]

    other = state._replace(draw=pile_from(cards))
    assert other != state and state != other
    assert other == state._replace(draw=pile_from(list(cards)))
