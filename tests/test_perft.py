"""Perft: count the move sequences from fixed starting tables, like a chess engine's perft.

From each starting state the number of move sequences of length 1, 2 and 3 is counted,
where the moves at each node are ``legal_moves(state)`` (the acting seat only); a second
count, to depth 2, takes every seat's moves at each node (``legal_moves(state, k)`` for all
``k``: UNO calls and catches included). A node with no legal move (a finished round)
ends its sequences early and counts 0 at the depths below it.

The expected counts live in ``tests/data/perft_official.json``, with a per-move breakdown
("divide") at every depth. A mismatch prints, for each first move, the expected and the
actual subtree count, so the move whose subtree changed stands out. After a deliberate
change to the rules, regenerate the file with::

    python tests/test_perft.py --regenerate

and review the diff of the JSON file. The counting, the data file and the breakdown are
``tests/perft_tools.py``, shared with ``tests/test_perft_presets.py``.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

import perft_tools

DATA = Path(__file__).parent / "data" / "perft_official.json"
ACTING_DEPTHS = (1, 2, 3)
ALL_SEATS_DEPTHS = (1, 2)

# A table where seat 0 may bluff a Wild Draw Four (it holds R7 of the active color red,
# B8.1), seat 2 holds one card without having called UNO, and seat 0 plays down to one card.
BLUFF_TABLE: dict[str, Any] = {
    "rules": "official",
    "players": 4,
    "hands": [["R7", "W+4"], ["G2", "Y3", "B9"], ["R1"], 5],
    "discard": ["G5", "R5"],
    "turn": 0,
    "seed": 1,
}

CASES: dict[str, dict[str, Any]] = {
    **{
        f"official-{players}p-seed{seed}": {"new_game": {"players": players, "seed": seed}}
        for players in (2, 3, 4)
        for seed in (1, 2, 3)
    },
    "situation-w4-bluff": {"situation": BLUFF_TABLE},
}


def load_expected() -> dict[str, Any]:
    return perft_tools.load_expected(DATA)


def test_data_file_covers_every_case() -> None:
    perft_tools.check_cases_match(load_expected()["cases"], CASES)


@pytest.mark.parametrize("name", sorted(CASES))
@pytest.mark.parametrize("variant", ["acting", "all_seats"])
def test_perft(name: str, variant: str) -> None:
    expected = load_expected()["cases"][name][variant]
    depths = ALL_SEATS_DEPTHS if variant == "all_seats" else ACTING_DEPTHS
    perft_tools.check_perft(name, variant, CASES[name], expected, depths)


def test_perft_counts_are_consistent() -> None:
    """Self-checks of the data: depth 1 counts one per listed move; the acting-seat and
    all-seats counts agree at depth 1 when nobody else can call or catch."""
    for name, case in load_expected()["cases"].items():
        acting = case["acting"]
        assert all(n == 1 for n in acting["1"].values()), name
        assert set(acting["2"]) == set(acting["1"]) == set(acting["3"]), name
        assert set(acting["1"]) <= set(case["all_seats"]["1"]), name


def regenerate() -> None:
    perft_tools.regenerate(
        DATA,
        "Perft counts for the official rules, written by "
        "`python tests/test_perft.py --regenerate`. For each case and depth: the number "
        "of move sequences starting with each first move (acting: legal_moves(state); "
        "all_seats: every seat's legal_moves).",
        CASES,
        ACTING_DEPTHS,
        ALL_SEATS_DEPTHS,
    )


if __name__ == "__main__":
    if sys.argv[1:] == ["--regenerate"]:
        regenerate()
    else:
        sys.exit("usage: python tests/test_perft.py --regenerate")
