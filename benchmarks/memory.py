"""Bytes added per retained state along a long game (the cost of keeping its history).

States are immutable and share what did not change, so keeping every state of a game (for
undo, replays, search trees) costs only what each transition adds. This script plays long
games under a preset, keeps every state in a list, and measures with ``tracemalloc`` the
memory those states hold beyond the first one, divided by their number. The reference
printed beside it is the same measure for a naive copy: every state's hands and piles
copied into fresh tuples, as an engine without structural sharing would hold them.

    python benchmarks/memory.py              # official and family, several seeds
    python benchmarks/memory.py --quick
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import tracemalloc

import uno_rules as uno
from playouts import build


def play(rules: uno.Rules, players: int, seed: int, moves: int) -> list[uno.GameState]:
    """States of one game (rounds chained with next_round), ``moves`` transitions long."""
    rng = random.Random(seed)
    state = uno.new_game(rules, players=players, seed=seed)
    states = [state]
    while len(states) <= moves and not state.game_over:
        if state.round_over:
            nxt = uno.next_round(state)
            assert isinstance(nxt, uno.GameState)
            state = nxt
        else:
            result = uno.apply(state, rng.choice(uno.legal_moves(state)))
            assert isinstance(result, uno.Transition)
            state = result.state
        states.append(state)
    return states


def retained_bytes(build: object) -> tuple[int, int]:
    """(bytes held by what ``build()`` returns, number of states in it)."""
    assert callable(build)
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.take_snapshot()
    kept = build()
    gc.collect()
    after = tracemalloc.take_snapshot()
    tracemalloc.stop()
    size = sum(stat.size_diff for stat in after.compare_to(before, "filename"))
    count = len(kept)
    del kept
    return size, count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    moves = 200 if args.quick else 3000
    seeds = range(1) if args.quick else range(3)
    print(build())
    print(
        f"{'preset':<10} {'players':>7} {'states':>7} {'bytes/state':>12} "
        f"{'naive copy':>11} {'ratio':>6}"
    )
    for name in ("official", "family"):
        rules = uno.load_preset(name)
        uno.new_game(rules)  # warm caches (bundled preset, deck) outside the measure
        for players in (4,):
            per_state, naive_per_state, counts = [], [], []
            for seed in seeds:
                states = play(rules, players, seed, moves)
                size, count = retained_bytes(
                    lambda rules=rules, players=players, seed=seed: play(
                        rules, players, seed, moves
                    )
                )
                per_state.append(size / count)
                counts.append(count)

                def naive(states: list[uno.GameState] = states) -> list[object]:
                    return [
                        (tuple(tuple(h) for h in s.hands), s.draw_pile, s.discard_pile)
                        for s in states
                    ]

                naive_size, naive_count = retained_bytes(naive)
                naive_per_state.append(naive_size / naive_count)
            ours = statistics.median(per_state)
            ref = statistics.median(naive_per_state)
            print(
                f"{name:<10} {players:>7} {int(statistics.median(counts)):>7} "
                f"{ours:>12.0f} {ref:>11.0f} {ours / ref:>6.2f}"
            )


if __name__ == "__main__":
    main()
