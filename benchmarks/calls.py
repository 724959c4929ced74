"""What one call of the engine costs: listing, applying, validating, dealing.

Plays seeded rounds with the policy of ``playouts.py`` and records every position and the
move chosen there (its place in the listing). Then each entry point is timed over all the
recorded positions, best of several repetitions, with no timer inside the loop:

- ``legal_moves(state)``: every position is a different state, so nothing is cached;
- ``apply`` of a move just listed: ``legal_moves`` then ``apply`` of the recorded move
  taken from that listing (the usual loop), less the listing alone. ``apply`` does not
  validate a move object it has just listed for the same state;
- ``apply`` of any other move: the recorded move, not just listed, so validated in full;
- ``validate(state, move)`` of the recorded moves;
- ``new_game``: a deal, once per recorded round.

The reference, timed in the same run, is one move of the minimal mutable, unchecked loop
of ``playouts.py`` (``play_reference``); each figure is also given in reference moves.
Run it under both builds to see what compiling gains where (``PYTHONPATH=src`` puts the
pure package first).

    python benchmarks/calls.py
    python benchmarks/calls.py --preset family --players 2
    python benchmarks/calls.py --quick
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

import uno_rules as uno
from playouts import build, play_reference, policy

Position = tuple[uno.GameState, uno.Move, int]  # the state, the move chosen, its index


def record(rules: uno.Rules, players: int, rounds: int) -> list[Position]:
    positions = []
    for seed in range(rounds):
        rng = random.Random(seed)
        state = uno.new_game(rules, players=players, seed=seed)
        while not state.round_over:
            legal = uno.legal_moves(state)
            move = policy(legal, rng)
            positions.append((state, move, legal.index(move)))
            result = uno.apply(state, move)
            assert isinstance(result, uno.Transition)
            state = result.state
    return positions


def best(run: Callable[[], object], repeat: int) -> float:
    """The fastest of ``repeat`` runs, in seconds."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a few rounds, one repetition")
    parser.add_argument("--preset", default="official", help="a bundled preset or a file")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=150)
    parser.add_argument("--repeat", type=int, default=5, help="repetitions (best taken)")
    args = parser.parse_args()
    rounds = 3 if args.quick else args.rounds
    repeat = 1 if args.quick else args.repeat
    try:
        rules = uno.load_preset(args.preset)
        positions = record(rules, args.players, rounds)
    except uno.UnoError as error:  # a bad preset or table size: say so, no traceback
        parser.error(str(error))
    legal_moves, apply, validate = uno.legal_moves, uno.apply, uno.validate

    def listing() -> None:
        for state, _, _ in positions:
            legal_moves(state)

    def listed() -> None:
        for state, _, index in positions:
            apply(state, legal_moves(state)[index])

    fresh = uno.new_game(rules, players=args.players, seed=rounds)

    def unlisted() -> None:
        # apply() skips validation only for a move listed for the very state it is given:
        # the listing it keeps must be that of a state not recorded here.
        legal_moves(fresh)
        for state, move, _ in positions:
            apply(state, move)

    def validating() -> None:
        for state, move, _ in positions:
            validate(state, move)

    def dealing() -> None:
        for seed in range(rounds):
            uno.new_game(rules, players=args.players, seed=seed)

    def reference() -> int:
        return sum(play_reference(args.players, seed) for seed in range(rounds))

    reference_moves = reference()
    n = len(positions)
    per_move = best(reference, repeat) / reference_moves
    listing_cost = best(listing, repeat) / n
    rows = [
        ("legal_moves", listing_cost),
        ("apply, a move just listed", best(listed, repeat) / n - listing_cost),
        ("apply, any other move", best(unlisted, repeat) / n),
        ("validate", best(validating, repeat) / n),
        ("new_game (a deal)", best(dealing, repeat) / rounds),
    ]
    print(build())
    print(f"{rules.name}, {args.players} players, {rounds} rounds, {n} positions; best of {repeat}")
    print(f"{'call':<28} {'ns/call':>9} {'reference moves':>16}")
    print(f"{'reference loop, one move':<28} {per_move * 1e9:>9.0f} {1:>16.2f}")
    for name, seconds in rows:
        print(f"{name:<28} {seconds * 1e9:>9.0f} {seconds / per_move:>16.2f}")


if __name__ == "__main__":
    main()
