"""Where a playout's time goes: dealing, listing, the policy, applying.

Plays seeded rounds through the public API with the policy of ``playouts.py`` and times
each call of the loop with ``time.perf_counter_ns``: ``new_game`` (the deal),
``legal_moves``, the policy and ``apply``. The cost of the timer itself is measured in the
same run and taken off every span. It prints the cost per move and the share of each
part, then the cost of listing and applying by the kind of decision the state waits for
(``turn``, ``drawn``, ``penalty``, ``choose-color``), which is where a house rule shows up.
Under ``official``, with RLCard installed (the ``bench`` extra), it also times RLCard's
``UnoGame`` the same way (``init_game``, ``get_legal_actions``, the policy of
``compare_rlcard.py``, ``step``) and prints both per round, part by part.

    python benchmarks/breakdown.py                     # official, 4 players
    python benchmarks/breakdown.py --preset family --players 2
    python benchmarks/breakdown.py --quick

The figures are for finding where to look, not for comparing runs: the shares move little
from run to run, the microseconds move with the machine's load.
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter

import uno_rules as uno
from playouts import build, policy

PARTS = ("deal", "legal_moves", "policy", "apply")


def timer_cost(samples: int) -> int:
    """Nanoseconds that timing adds to a span by itself: the median gap between two
    consecutive clock reads."""
    clock = time.perf_counter_ns
    gaps = []
    for _ in range(samples):
        a = clock()
        b = clock()
        gaps.append(b - a)
    gaps.sort()
    return gaps[len(gaps) // 2]


def breakdown(
    rules: uno.Rules, players: int, rounds: int
) -> tuple[int, Counter[str], Counter[str], Counter[str]]:
    """Play ``rounds`` seeded rounds; returns the moves, the nanoseconds spent in each
    part, and, by decision kind, the nanoseconds of listing plus applying and the count."""
    clock = time.perf_counter_ns
    spent: Counter[str] = Counter()
    by_kind: Counter[str] = Counter()
    count: Counter[str] = Counter()
    moves = 0
    for seed in range(rounds):
        rng = random.Random(seed)
        t0 = clock()
        state = uno.new_game(rules, players=players, seed=seed)
        spent["deal"] += clock() - t0
        while not state.round_over:
            kind = state.phase.value
            t0 = clock()
            legal = uno.legal_moves(state)
            t1 = clock()
            move = policy(legal, rng)
            t2 = clock()
            result = uno.apply(state, move)
            t3 = clock()
            assert isinstance(result, uno.Transition)
            spent["legal_moves"] += t1 - t0
            spent["policy"] += t2 - t1
            spent["apply"] += t3 - t2
            by_kind[kind] += (t1 - t0) + (t3 - t2)
            count[kind] += 1
            state = result.state
            moves += 1
    return moves, spent, by_kind, count


def rlcard_breakdown(players: int, rounds: int) -> tuple[int, Counter[str]] | None:
    """RLCard's ``UnoGame`` timed like :func:`breakdown` (one game object reseeded per round,
    as ``compare_rlcard.py`` plays it): the moves and the nanoseconds of each part, or
    ``None`` when RLCard is not installed."""
    try:
        from rlcard.games.uno.game import UnoGame

        from compare_rlcard import rlcard_policy
    except ImportError:
        return None
    clock = time.perf_counter_ns
    game = UnoGame(num_players=players)
    spent: Counter[str] = Counter()
    moves = 0
    for seed in range(rounds):
        rng = random.Random(seed)
        t0 = clock()
        game.np_random.seed(seed)
        game.init_game()
        spent["deal"] += clock() - t0
        while not game.is_over():
            t0 = clock()
            legal = game.get_legal_actions()
            t1 = clock()
            action = rlcard_policy(legal, rng)
            t2 = clock()
            game.step(action)
            t3 = clock()
            spent["legal_moves"] += t1 - t0
            spent["policy"] += t2 - t1
            spent["apply"] += t3 - t2
            moves += 1
    return moves, spent


def take_off(spent: Counter[str], overhead: int, rounds: int, moves: int) -> None:
    """Take the timer's own cost off: one span per deal, three per move."""
    spent["deal"] -= overhead * rounds
    for part in PARTS[1:]:
        spent[part] -= overhead * moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a few rounds")
    parser.add_argument("--preset", default="official", help="a bundled preset or a file")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=300)
    args = parser.parse_args()
    rounds = 5 if args.quick else args.rounds
    try:
        rules = uno.load_preset(args.preset)
        breakdown(rules, args.players, min(rounds, 20))  # warm the caches first
    except uno.UnoError as error:  # a bad preset or table size: say so, no traceback
        parser.error(str(error))
    overhead = timer_cost(2_000 if args.quick else 20_000)
    moves, spent, by_kind, count = breakdown(rules, args.players, rounds)
    take_off(spent, overhead, rounds, moves)
    total = sum(spent[p] for p in PARTS)
    print(build())
    print(
        f"{rules.name}, {args.players} players, {rounds} rounds, {moves} moves "
        f"({moves / rounds:.1f} per round); timer cost {overhead:.0f} ns per span, taken off"
    )
    print(f"{'part':<12} {'us/move':>8} {'share':>6}")
    for part in PARTS:
        print(f"{part:<12} {spent[part] / moves / 1000:>8.2f} {spent[part] / total:>6.0%}")
    print(f"{'all':<12} {total / moves / 1000:>8.2f}")
    print("legal_moves + apply by decision:")
    print(f"{'decision':<13} {'moves':>6} {'us/move':>8} {'share':>6}")
    listed_applied = sum(by_kind.values()) - 2 * overhead * moves
    for kind, n in count.most_common():
        ns = by_kind[kind] - 2 * overhead * n
        print(f"{kind:<13} {n:>6} {ns / n / 1000:>8.2f} {ns / listed_applied:>6.0%}")
    if rules.name == "official":
        against_rlcard(args.players, rounds, overhead, moves, spent)


def against_rlcard(
    players: int, rounds: int, overhead: int, moves: int, spent: Counter[str]
) -> None:
    """Print uno_rules' parts (``spent``, over ``rounds``) beside RLCard's, per round."""
    if rlcard_breakdown(players, min(rounds, 20)) is None:  # warms its caches, as above
        print("RLCard is not installed: uno_rules alone (pip install '.[bench]')")
        return
    measured = rlcard_breakdown(players, rounds)
    assert measured is not None
    rl_moves, rl_spent = measured
    take_off(rl_spent, overhead, rounds, rl_moves)
    print("per round, beside RLCard's UnoGame (the same seeds and policy as compare_rlcard.py):")
    print(f"{'part':<12} {'uno_rules':>10} {'RLCard':>10}")
    rows = [(p, spent[p], rl_spent[p]) for p in PARTS]
    rows.append(("all", sum(spent[p] for p in PARTS), sum(rl_spent[p] for p in PARTS)))
    for part, ours, theirs in rows:
        print(f"{part:<12} {ours / rounds / 1000:>8.0f}us {theirs / rounds / 1000:>8.0f}us")
    print(f"{'moves':<12} {moves / rounds:>10.1f} {rl_moves / rounds:>10.1f}")


if __name__ == "__main__":
    main()
