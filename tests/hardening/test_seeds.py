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


# --------------------------------------------------------------------------- round 2


@pytest.mark.parametrize("seed", [2**332 - 1, -(2**332 - 1), 2**331 + 5])
def test_every_seed_new_game_takes_saves_and_loads_everywhere(seed: int) -> None:
    """Round 2, finding 4: seeds over 333 bits were dealt (up to 1024) but their snapshots
    and records did not load (an integer of more than 100 digits). One limit, 332 bits,
    now holds for new_game, snapshots, records and table descriptions."""
    state = uno.new_game("official", players=2, seed=seed)
    assert uno.load_state(uno.dump_state(state)) == state
    record = {"rules": "official", "players": 2, "seed": seed, "moves": []}
    assert uno.replay(record).state == state
    described = uno.situation({"players": 2, "hands": [["R1"], ["R2"]], "discard": ["R3"]})
    assert described.seed == 0
    table = {"players": 2, "hands": [["R1"], ["R2"]], "discard": ["R3"], "seed": seed}
    assert uno.situation(table).seed == seed


@pytest.mark.parametrize("seed", [2**332, -(2**332), 10**100])
def test_a_seed_over_332_bits_is_refused_everywhere_as_the_seed_limit(seed: int) -> None:
    with pytest.raises(uno.SituationError) as info:
        uno.new_game("official", players=2, seed=seed)
    assert "seed limit" in info.value.problems[0]
    table = {"players": 2, "hands": [["R1"], ["R2"]], "discard": ["R3"], "seed": seed}
    with pytest.raises(uno.SituationError) as info:
        uno.situation(table)
    assert any("seed" in p or "integer limit" in p for p in info.value.problems)
    snap = uno.dump_state(uno.new_game("official", players=2, seed=1))
    snap["seed"] = seed
    with pytest.raises(uno.SituationError) as info:
        uno.load_state(snap)
    assert any("seed" in p or "integer limit" in p for p in info.value.problems)


def test_a_101_digit_integer_in_memory_is_refused_as_yaml_refuses_it() -> None:
    """Round 2, finding 14: the in-memory check counted bits, so some 101-digit integers
    passed that the YAML reader refuses."""
    snap = uno.dump_state(uno.new_game("official", players=2, seed=1))
    snap["shuffles"] = 10**100
    with pytest.raises(uno.SituationError) as info:
        uno.load_state(snap)
    assert "100 digits" in info.value.problems[0]
    snap["shuffles"] = 10**100 - 1
    assert uno.load_state(snap).shuffles == 10**100 - 1


def test_a_record_with_an_empty_seed_is_refused_not_dealt_at_random() -> None:
    """Round 2, finding 5: ``seed:`` with no value became ``None`` and then a fresh secret
    seed, so the record replayed a different game each time."""
    with pytest.raises(uno.SituationError) as info:
        uno.replay({"rules": "official", "players": 2, "seed": None, "moves": []})
    assert info.value.problems[0].startswith("seed: no value")
    assert uno.replay({"rules": "official", "players": 2, "moves": []}).state.seed == 0


def test_a_dispute_deal_with_an_empty_seed_is_refused() -> None:
    from uno_rules.dispute import start_table

    with pytest.raises(uno.SituationError) as info:
        start_table({"rules": "official"}, {"players": 2, "seed": None})
    assert info.value.problems[0].startswith("deal.seed: no value")
    state, _ = start_table({"rules": "official"}, {"players": 2})
    assert state.seed == 0


def test_a_table_description_with_an_empty_seed_is_refused_too() -> None:
    table = {"players": 2, "hands": [["R1"], ["R2"]], "discard": ["R3"], "seed": None}
    with pytest.raises(uno.SituationError) as info:
        uno.situation(table)
    assert any(p.startswith("seed:") for p in info.value.problems)
