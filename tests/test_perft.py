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

and review the diff of the JSON file.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

import uno_rules as uno

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


def start(setup: dict[str, Any]) -> uno.GameState:
    if "new_game" in setup:
        return uno.new_game("official", **setup["new_game"])
    return uno.situation(setup["situation"])


def moves_at(state: uno.GameState, all_seats: bool) -> tuple[uno.Move, ...]:
    if not all_seats:
        return uno.legal_moves(state)
    return tuple(m for k in range(state.players) for m in uno.legal_moves(state, k))


def child(state: uno.GameState, move: uno.Move) -> uno.GameState:
    result = uno.apply(state, move)
    assert isinstance(result, uno.Transition), f"listed move {move} refused: {result}"
    return result.state


def perft(state: uno.GameState, depth: int, all_seats: bool = False) -> int:
    """The number of move sequences of length ``depth`` from ``state``."""
    if depth == 0:
        return 1
    moves = moves_at(state, all_seats)
    if depth == 1:
        return len(moves)
    return sum(perft(child(state, m), depth - 1, all_seats) for m in moves)


def divide(state: uno.GameState, depth: int, all_seats: bool = False) -> dict[str, int]:
    """For each first move (by its text), the number of sequences of length ``depth``
    that start with it."""
    out: dict[str, int] = {}
    for m in moves_at(state, all_seats):
        text = str(m)
        assert text not in out, f"two listed moves print as {text!r}"
        out[text] = perft(child(state, m), depth - 1, all_seats)
    return out


def compute(setup: dict[str, Any]) -> dict[str, Any]:
    state = start(setup)
    return {
        "setup": setup,
        "acting": {str(d): divide(state, d) for d in ACTING_DEPTHS},
        "all_seats": {str(d): divide(state, d, all_seats=True) for d in ALL_SEATS_DEPTHS},
    }


def breakdown(expected: dict[str, int], actual: dict[str, int]) -> str:
    """A python-chess style per-move comparison."""
    lines = []
    for text in sorted(set(expected) | set(actual)):
        e, a = expected.get(text), actual.get(text)
        mark = "" if e == a else "   <-- differs"
        shown_e = "missing" if e is None else str(e)
        shown_a = "missing" if a is None else str(a)
        lines.append(f"  {text:<22} expected {shown_e:>8}  actual {shown_a:>8}{mark}")
    lines.append(
        f"  {'total':<22} expected {sum(expected.values()):>8}  actual {sum(actual.values()):>8}"
    )
    return "\n".join(lines)


def load_expected() -> dict[str, Any]:
    with DATA.open(encoding="utf-8") as f:
        data: dict[str, Any] = json.load(f)
    return data


def test_data_file_covers_every_case() -> None:
    expected = load_expected()["cases"]
    assert sorted(expected) == sorted(CASES)
    for name, setup in CASES.items():
        assert expected[name]["setup"] == setup, f"{name}: the setup changed; regenerate"


@pytest.mark.parametrize("name", sorted(CASES))
@pytest.mark.parametrize("variant", ["acting", "all_seats"])
def test_perft(name: str, variant: str) -> None:
    expected = load_expected()["cases"][name][variant]
    state = start(CASES[name])
    all_seats = variant == "all_seats"
    depths = ALL_SEATS_DEPTHS if all_seats else ACTING_DEPTHS
    for depth in depths:
        want = expected[str(depth)]
        total = perft(state, depth, all_seats)
        if total == sum(want.values()):
            continue
        got = divide(state, depth, all_seats)
        pytest.fail(
            f"perft {name} ({variant}) depth {depth}: expected {sum(want.values())}, "
            f"got {total}\n" + breakdown(want, got)
        )
    # the totals agree; the split among first moves must agree too
    deepest = str(depths[-1])
    got = divide(state, depths[-1], all_seats)
    assert got == expected[deepest], breakdown(expected[deepest], got)


def test_perft_counts_are_consistent() -> None:
    """Self-checks of the data: depth 1 counts one per listed move; the acting-seat and
    all-seats counts agree at depth 1 when nobody else can call or catch."""
    for name, case in load_expected()["cases"].items():
        acting = case["acting"]
        assert all(n == 1 for n in acting["1"].values()), name
        assert set(acting["2"]) == set(acting["1"]) == set(acting["3"]), name
        assert set(acting["1"]) <= set(case["all_seats"]["1"]), name


def regenerate() -> None:
    data = {
        "comment": (
            "Perft counts for the official rules, written by "
            "`python tests/test_perft.py --regenerate`. For each case and depth: the number "
            "of move sequences starting with each first move (acting: legal_moves(state); "
            "all_seats: every seat's legal_moves)."
        ),
        "cases": {name: compute(setup) for name, setup in sorted(CASES.items())},
    }
    DATA.parent.mkdir(parents=True, exist_ok=True)
    DATA.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    for name, case in data["cases"].items():
        acting = {d: sum(v.values()) for d, v in case["acting"].items()}
        every = {d: sum(v.values()) for d, v in case["all_seats"].items()}
        print(f"{name}: acting {acting}, all seats {every}")


if __name__ == "__main__":
    if sys.argv[1:] == ["--regenerate"]:
        regenerate()
    else:
        sys.exit("usage: python tests/test_perft.py --regenerate")
