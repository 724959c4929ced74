"""The workload of a tree-search bot: expand a position, play each child out at random.

From many mid-round positions, every legal move is tried and the round is played out to
its end with the shared random policy (``playouts.policy``). This is what a Monte Carlo
bot does at each decision, and where an engine's way of keeping positions matters:

- uno_rules keeps positions as immutable values: a child is ``apply(state, move).state``
  and the parent is untouched, so nothing is copied;
- RLCard's game is mutable: a child needs ``copy.deepcopy(game)`` before ``step`` (the same
  deep copies its ``allow_step_back`` mode makes to keep history).

Both sides reach their positions by playing ``--depth`` policy moves from a seeded deal,
then expand every legal action once. The figure to compare is playouts per second (and
moves per second inside playouts), the two engines interleaved in one run; the ratio is
uno_rules / RLCard. Perfect information on both sides (no determinisation): the benchmark
measures the engine, not a bot.

    python benchmarks/search.py            # full run
    python benchmarks/search.py --quick    # a few positions, to check the script works

Without RLCard installed (the optional ``bench`` extra) the script measures uno_rules alone.
"""

from __future__ import annotations

import argparse
import copy
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import uno_rules as uno
from compare_rlcard import rlcard_policy
from playouts import OFFICIAL, build, policy

Search = Callable[[int, int, random.Random], tuple[int, int]]  # -> (playouts, moves)


def search_uno_rules(players: int, depth: int) -> Search:
    def run(seed: int, _unused: int, rng: random.Random) -> tuple[int, int]:
        state = uno.new_game(OFFICIAL, players=players, seed=seed)
        for _ in range(depth):
            if state.round_over:
                return 0, 0
            state = step(state, policy(uno.legal_moves(state), rng))
        playouts = moves = 0
        for move in uno.legal_moves(state):
            child = step(state, move)  # the parent stays as it was: nothing to copy
            while not child.round_over:
                child = step(child, policy(uno.legal_moves(child), rng))
                moves += 1
            playouts += 1
        return playouts, moves

    return run


def step(state: uno.GameState, move: uno.Move) -> uno.GameState:
    result = uno.apply(state, move)
    assert isinstance(result, uno.Transition)
    return result.state


def search_rlcard(players: int, depth: int) -> Search | None:
    try:
        from rlcard.games.uno.game import UnoGame
    except ImportError:
        return None
    game: Any = UnoGame(num_players=players)

    def run(seed: int, _unused: int, rng: random.Random) -> tuple[int, int]:
        game.np_random.seed(seed)
        game.init_game()
        for _ in range(depth):
            if game.is_over():
                return 0, 0
            game.step(rlcard_policy(game.get_legal_actions(), rng))
        playouts = moves = 0
        for action in game.get_legal_actions():
            child = copy.deepcopy(game)  # a mutable game: the child needs its own copy
            child.step(action)
            while not child.is_over():
                child.step(rlcard_policy(child.get_legal_actions(), rng))
                moves += 1
            playouts += 1
        return playouts, moves

    return run


def measure(run: Search, positions: int, stream: int) -> tuple[float, float]:
    rng = random.Random(stream)
    start = time.perf_counter()
    playouts = moves = 0
    for seed in range(positions):
        p, m = run(seed, 0, rng)
        playouts += p
        moves += m
    elapsed = time.perf_counter() - start
    return playouts / elapsed, moves / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a few positions, one repetition")
    parser.add_argument("--positions", type=int, default=40, help="positions per repetition")
    parser.add_argument("--depth", type=int, default=12, help="policy moves before expanding")
    parser.add_argument("--repeat", type=int, default=5, help="repetitions (median taken)")
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    positions = 3 if args.quick else args.positions
    repeat = 1 if args.quick else args.repeat
    engines: dict[str, Search] = {"uno_rules": search_uno_rules(args.players, args.depth)}
    theirs = search_rlcard(args.players, args.depth)
    if theirs is None:
        print("RLCard is not installed (pip install '.[bench]'): measuring uno_rules alone.")
    else:
        engines["rlcard+deepcopy"] = theirs
    print(build())
    print(
        f"{args.players} players, {positions} positions at depth {args.depth}, "
        f"{repeat} repetitions, median"
    )
    runs: dict[str, list[tuple[float, float]]] = {name: [] for name in engines}
    for rep in range(repeat):  # interleaved, so a noisy moment hits both engines
        for name, run in engines.items():
            runs[name].append(measure(run, positions, rep))
    print(f"{'engine':<16} {'playouts/s':>10} {'moves/s':>9} {'uno_rules/this':>15}")
    ours = statistics.median(p for p, _ in runs["uno_rules"])
    for name, rs in runs.items():
        p = statistics.median(x for x, _ in rs)
        m = statistics.median(y for _, y in rs)
        ratio = "" if name == "uno_rules" else f"{ours / p:.2f}x"
        print(f"{name:<16} {p:>10.1f} {m:>9.0f} {ratio:>15}")


if __name__ == "__main__":
    main()
