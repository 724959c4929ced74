"""Whole games: random playouts under the official rules, to the 500-point target.

A seeded ``random.Random`` picks uniformly among the acting seat's legal moves and, now and
then, lets another seat call UNO or catch a missed call. Every game must end. Each game is
recorded with ``make_record`` (``next-round`` between rounds) and replayed: the replay must
reach the very same final state. Along the way each round's scoring is checked (B10.5,
B10.6) and the cards are counted at every round's end (B1.4).

The playout (``random_playout``) and its checks live in ``tests/rules_strategies.py``,
shared with ``tests/test_all_presets.py``; here they are pinned to the official rules: the
cards are counted against the 108-card classic deck, each card scores its standard
``points``, and the deal passes to the left (A6).
"""

from __future__ import annotations

import functools
import operator
from collections import Counter

import pytest

import uno_rules as uno
from rules_strategies import assert_conserved, assert_replays, random_playout
from uno_rules.cards import classic_deck
from uno_rules.record import NEXT_ROUND, make_record

MAX_MOVES = 200_000
DECK = Counter(classic_deck())


def next_dealer(state: uno.GameState) -> int:
    """A6: the deal passes to the left."""
    return (state.dealer + 1) % state.players


@functools.cache
def play_game(players: int, seed: int, policy_seed: int) -> tuple[uno.GameState, tuple[str, ...]]:
    """Play one whole official game; returns the final state and the record's move texts."""
    return random_playout(
        "official",
        players,
        seed,
        policy_seed,
        max_moves=MAX_MOVES,
        deck=DECK,
        points=operator.attrgetter("points"),
        next_dealer=next_dealer,
    )


GAMES = [
    (2, 114, 2),
    (2, 149, 7),
    (3, 128, 4),
    (3, 149, 7),
    (4, 44, 4),
    (4, 84, 8),
    (10, 20, 1),
    (10, 80, 7),
]


@pytest.mark.parametrize(("players", "seed", "policy_seed"), GAMES)
def test_random_game_ends_and_replays(players: int, seed: int, policy_seed: int) -> None:
    final, texts = play_game(players, seed, policy_seed)
    assert final.game_over
    assert max(final.scores) >= 500
    assert final.game_winner is not None
    assert final.scores[final.game_winner] == max(final.scores)

    record = make_record("official", players, seed, texts)
    assert record["moves"] == list(texts)
    assert_replays(record, final)


def test_replay_stops_at_the_first_illegal_move() -> None:
    _final, texts = play_game(3, 128, 4)
    cut = len(texts) // 2
    while texts[cut] == NEXT_ROUND:
        cut += 1
    state = uno.replay(make_record("official", 3, 128, texts[:cut])).state
    # a move by a seat that is not at the table is refused wherever it is put
    bad = [*texts[:cut], "7 draw", *texts[cut:]]
    result = uno.replay(make_record("official", 3, 128, bad))
    assert result.index == cut
    assert result.applied == cut
    assert result.violation is not None and result.violation.code == "unknown-seat"
    assert result.state == state


@pytest.mark.parametrize("players", [2, 3, 4, 7, 10])
@pytest.mark.parametrize("seed", [0, 1, 2**40 + 3])
def test_new_game_is_deterministic(players: int, seed: int) -> None:
    a = uno.new_game("official", players=players, seed=seed)
    b = uno.new_game("official", players=players, seed=seed)
    c = uno.new_game(uno.load_preset("official"), players=players, seed=seed)
    assert a == b == c
    assert uno.dump_state(a) == uno.dump_state(b)
    assert_conserved(a, DECK)
    assert a.dealer == players - 1
    for dealer in range(players):
        d1 = uno.new_game("official", players=players, seed=seed, dealer=dealer)
        d2 = uno.new_game("official", players=players, seed=seed, dealer=dealer)
        assert d1 == d2
        assert d1.dealer == dealer


@pytest.mark.parametrize("players", [2, 4, 10])
def test_different_seeds_deal_differently(players: int) -> None:
    deals = {}
    for seed in range(40):
        state = uno.new_game("official", players=players, seed=seed)
        deals[seed] = (state.hands, state.draw_pile, state.discard_pile)
    assert len(set(deals.values())) == len(deals), "two seeds gave the same deal"
    hands = {d[0] for d in deals.values()}
    assert len(hands) == len(deals)


def test_next_round_is_deterministic_and_deals_afresh() -> None:
    _final, texts = play_game(4, 44, 4)
    first_round_end = texts.index(NEXT_ROUND)
    ended = uno.replay(make_record("official", 4, 44, texts[:first_round_end])).state
    assert ended.round_over and not ended.game_over
    assert uno.next_round(ended) == uno.next_round(ended)
    fresh = uno.next_round(ended)
    assert isinstance(fresh, uno.GameState)
    assert_conserved(fresh, DECK)
    start = uno.new_game("official", players=4, seed=44)
    assert fresh.hands != start.hands  # a new shuffle for the new round
