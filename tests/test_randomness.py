"""The seeded shuffle is part of every seeded game: it must never change, and both builds
must shuffle alike.

The pure package computes SplitMix64 on Python's integers, masked to 64 bits
(``_shuffled_exact`` and ``_derived_exact``, the definitions); for a deck or a pile it mixes
the numbers of every card at once, packed in one integer (``_shuffled_packed``). The
compiled build computes the same numbers on native 64-bit integers, whose arithmetic wraps
around (``_shuffled_wrapping`` and ``_derived_wrapping``), several times as fast. CI runs
this file against both builds.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import uno_rules
from uno_rules import randomness
from uno_rules.randomness import derive_seed, shuffled

# Computed once from the definition; a change here changes every seeded game ever stored.
PINNED = {
    0: (5, 11, 6, 7, 3, 1, 2, 9, 8, 0, 4, 10),
    1: (7, 0, 4, 1, 2, 11, 5, 10, 3, 9, 8, 6),
    2**63: (7, 5, 4, 6, 1, 10, 2, 0, 9, 11, 8, 3),
    2**64 - 1: (4, 9, 0, 8, 1, 6, 7, 5, 3, 2, 11, 10),
    -5: (3, 9, 4, 11, 2, 10, 0, 5, 7, 8, 6, 1),
    2**80 + 7: (8, 7, 11, 10, 6, 2, 1, 3, 5, 9, 0, 4),
}


@pytest.mark.parametrize("seed", list(PINNED))
def test_the_seeded_shuffle_never_changes(seed: int) -> None:
    assert shuffled(range(12), seed) == PINNED[seed]
    assert randomness._shuffled_exact(range(12), seed) == PINNED[seed]


@given(
    seed=st.integers(min_value=-(2**70), max_value=2**70)
    | st.sampled_from([0, 2**63 - 1, 2**63, 2**64 - 1, -(2**63)]),
    size=st.integers(min_value=0, max_value=randomness._PACKED_MAX),
)
def test_the_packed_shuffle_is_the_definition(seed: int, size: int) -> None:
    # in both builds: the pure package's shuffle for anything up to _PACKED_MAX items
    items = list(range(size))
    assert randomness._shuffled_packed(items, seed) == randomness._shuffled_exact(items, seed)


@pytest.mark.parametrize("count", [1, 2, 107, 111, randomness._PACKED_MAX - 1])
def test_the_lanes_of_a_packed_shuffle_are_their_definition(count: int) -> None:
    # the edges Hypothesis may not reach: the longest packed shuffle and the full decks
    ones = sum(1 << (128 * k) for k in range(count))
    steps = sum((k + 1) << (128 * k) for k in range(count))
    assert randomness._lanes(count) == (ones, steps, ones * (2**64 - 1))


@pytest.mark.skipif(randomness._WRAPS, reason="the compiled build shuffles on native integers")
def test_the_pure_shuffle_takes_the_loop_beyond_the_packed_length(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    packed: list[int] = []

    def counted(items: list[int], seed: int) -> tuple[int, ...]:
        packed.append(len(items))
        return randomness._shuffled_exact(items, seed)

    monkeypatch.setattr(randomness, "_shuffled_packed", counted)
    items = list(range(randomness._PACKED_MAX + 1))
    assert shuffled(items, 11) == randomness._shuffled_exact(items, 11)
    assert packed == []  # bounded memory: the loop, not one huge packed integer
    shuffled(items[:-1], 11)
    assert packed == [randomness._PACKED_MAX]


def test_the_seed_of_a_deal_never_changes() -> None:
    assert derive_seed(7, 0xDEA1E5) == 9454303914618917448
    assert randomness._derived_exact((7, 0xDEA1E5)) == 9454303914618917448
    assert derive_seed(-(2**70), 2**64 - 1, 0) == 3751079678285581746


def test_the_wrapping_shuffle_runs_exactly_where_the_build_is_compiled() -> None:
    """Python's integers never wrap around: the fast shuffle would be wrong there."""
    assert randomness._WRAPS is uno_rules.COMPILED


@pytest.mark.skipif(not randomness._WRAPS, reason="the pure-Python package runs")
@given(
    seed=st.integers(min_value=-(2**70), max_value=2**70)
    | st.sampled_from([0, 2**63 - 1, 2**63, 2**64 - 1, -(2**63)]),
    size=st.integers(min_value=0, max_value=130),
)
def test_the_compiled_shuffle_is_the_definition(seed: int, size: int) -> None:
    items = list(range(size))
    assert shuffled(items, seed) == randomness._shuffled_exact(items, seed)


@pytest.mark.skipif(not randomness._WRAPS, reason="the pure-Python package runs")
@given(
    parts=st.lists(
        st.integers(min_value=-(2**140), max_value=2**140)
        | st.sampled_from([0, -1, 2**63 - 1, 2**63, 2**64 - 1, 2**64, -(2**63), -(2**64)]),
        max_size=6,
    )
)
def test_the_compiled_seed_is_the_definition(parts: list[int]) -> None:
    assert derive_seed(*parts) == randomness._derived_exact(tuple(parts))
