"""Finding 6: a guessable seed revealed every hidden card: from one seat's view, trying
seeds in order recovered a game's seed, and with it the other hands and the draw pile.
``new_game`` without a seed now draws 128 bits from ``secrets``; a given seed stays fully
deterministic, of any width up to the seed limit."""

from __future__ import annotations

from pathlib import Path

import pytest

import uno_rules as uno

DOCS = Path(__file__).resolve().parents[2] / "docs"


def recover_seed(view: dict[str, object], seat: int, players: int, tries: int) -> int | None:
    """The attack of the review: deal seeds in order until one gives the seat's view."""
    for seed in range(tries):
        if uno.view(uno.new_game("official", players=players, seed=seed), seat).to_dict() == view:
            return seed
    return None


def test_a_small_seed_is_found_from_one_view() -> None:
    """Why a seed must be secret: a small one is found in a few hundred deals."""
    dealt = uno.new_game("official", players=3, seed=321)
    found = recover_seed(uno.view(dealt, 0).to_dict(), 0, 3, 400)
    assert found == 321
    assert uno.new_game("official", players=3, seed=found).hands == dealt.hands


def test_without_a_seed_new_game_draws_a_wide_secret_one() -> None:
    states = [uno.new_game("official", players=3) for _ in range(8)]
    seeds = {s.seed for s in states}
    assert len(seeds) == 8
    assert max(s.bit_length() for s in seeds) > 100  # 128 random bits, not a counter
    assert len({s.hands for s in states}) == 8
    view = uno.view(states[0], 0).to_dict()
    assert recover_seed(view, 0, 3, 300) is None
    assert "seed" not in view


def test_a_given_seed_is_deterministic_at_any_width() -> None:
    for seed in (0, 48611, 2**64 - 1, 2**64, 2**64 + 1, 2**200 + 12345, -(2**90)):
        assert uno.new_game("official", players=4, seed=seed) == uno.new_game(
            "official", players=4, seed=seed
        )
    deals = {uno.new_game("official", players=4, seed=s).hands for s in (1, 2**64 + 1, 2**128 + 1)}
    assert len(deals) == 3, "bits above 64 must change the deal"


def test_a_wide_seed_replays_and_round_trips() -> None:
    seed = 2**100 + 7
    state = uno.new_game("official", players=2, seed=seed)
    assert uno.load_state(uno.dump_state(state)) == state
    moves = [str(uno.legal_moves(state)[0])]
    record = {"rules": "official", "players": 2, "seed": seed, "moves": moves}
    assert uno.replay(record).ok


def test_a_seed_over_the_limit_is_refused() -> None:
    with pytest.raises(uno.SituationError) as info:
        uno.new_game("official", players=2, seed=2**2000)
    assert "seed limit" in info.value.problems[0]


def test_docs_say_a_seed_is_secret_and_server_examples_use_unguessable_seeds() -> None:
    embedding = (DOCS / "embedding.md").read_text(encoding="utf-8")
    assert "seed=11" not in embedding
    assert "secrets.randbits(128)" in embedding
    concepts = (DOCS / "concepts.md").read_text(encoding="utf-8")
    assert "A seed is as secret as the deck" in concepts
