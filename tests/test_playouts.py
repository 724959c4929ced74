"""Whole games: random playouts under the official rules, to the 500-point target.

A seeded ``random.Random`` picks uniformly among the acting seat's legal moves and, now and
then, lets another seat call UNO or catch a missed call. Every game must end. Each game is
recorded with ``make_record`` (``next-round`` between rounds) and replayed: the replay must
reach the very same final state. Along the way each round's scoring is checked (B10.5,
B10.6) and the cards are counted at every round's end (B1.4).
"""

from __future__ import annotations

import functools
import random
from collections import Counter

import pytest

import uno_rules as uno
from uno_rules.cards import classic_deck
from uno_rules.record import NEXT_ROUND, make_record

MAX_MOVES = 200_000
DECK = Counter(classic_deck())


def conserved(state: uno.GameState) -> bool:
    held: Counter[uno.Card] = Counter()
    for hand in state.hands:
        held.update(hand)
    held.update(state.draw_pile)
    held.update(state.discard_pile)
    return held == DECK


def check_round_end(before: uno.GameState, after: uno.GameState) -> None:
    """The round that just ended was scored as B10.5 says: the winner collects the points
    of every other hand; a blocked round scores nothing (A44)."""
    assert conserved(after)
    winner = after.round_winner
    gained = [a - b for a, b in zip(after.scores, before.scores, strict=True)]
    if winner is None:
        assert gained == [0] * after.players
        return
    assert after.hands[winner] == ()
    expected = sum(c.points for k, hand in enumerate(after.hands) if k != winner for c in hand)
    assert gained[winner] == expected
    assert all(g == 0 for k, g in enumerate(gained) if k != winner)
    reached = max(after.scores) >= after.rules.scoring.target
    assert after.game_over == reached
    if after.game_over:
        assert after.game_winner == winner
        assert after.game_winners == (winner,)


@functools.cache
def play_game(players: int, seed: int, policy_seed: int) -> tuple[uno.GameState, tuple[str, ...]]:
    """Play one whole game; returns the final state and the record's move texts."""
    rng = random.Random(policy_seed)
    state = uno.new_game("official", players=players, seed=seed)
    texts: list[str] = []
    moves_made = 0
    rounds = 1
    while not state.game_over:
        if state.round_over:
            nxt = uno.next_round(state)
            assert isinstance(nxt, uno.GameState), nxt
            assert nxt.round_number == state.round_number + 1
            assert nxt.scores == state.scores
            assert nxt.dealer == (state.dealer + 1) % players
            assert conserved(nxt)
            texts.append(NEXT_ROUND)
            state = nxt
            rounds += 1
            continue
        if moves_made >= MAX_MOVES:
            pytest.fail(
                f"{players} players, seed {seed}: the game did not end within {MAX_MOVES} "
                f"moves ({rounds} rounds, scores {state.scores})"
            )
        move: uno.Move | None = None
        if rng.random() < 0.15:
            # another seat speaks up: an UNO call or a catch
            others = [
                m
                for k in range(players)
                if k != state.turn
                for m in uno.legal_moves(state, k)
                if isinstance(m, (uno.CallUno, uno.CatchUno))
            ]
            if others:
                move = rng.choice(others)
        if move is None:
            legal = uno.legal_moves(state)
            assert legal, f"seat {state.turn} has no legal move in {state!r}"
            move = rng.choice(legal)
        result = uno.apply(state, move)
        assert isinstance(result, uno.Transition), f"listed move {move} refused: {result}"
        if result.state.round_over:
            check_round_end(state, result.state)
        state = result.state
        texts.append(str(move))
        moves_made += 1
    assert uno.next_round(state) == uno.GameOver()
    return state, tuple(texts)


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
    result = uno.replay(record)
    assert result.violation is None, (result.index, result.violation)
    assert result.index is None
    assert result.applied == len(texts)
    assert result.state == final
    assert uno.dump_state(result.state) == uno.dump_state(final)


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
    assert conserved(a)
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
    assert conserved(fresh)
    start = uno.new_game("official", players=4, seed=44)
    assert fresh.hands != start.hands  # a new shuffle for the new round
