"""Seeded random games of UNO Flip, played to the end (docs/flip.md).

Each game is dealt by ``uno.new_game("flip", players, seed)`` (2 to 10 players, by seed) and
played through the checked public API, a ``random.Random(seed)`` picking uniformly among the
acting seat's legal moves, round after round until someone reaches 500 (F9). After every
round and at the end of the game the table is counted: the 112 physical cards are all there
once each (hands, draw pile, discard pile), every card shows the side in play, and the light
faces and the dark faces each match the sheet's tables (F1: numbers 1-9 twice in each color,
two of each action per color, four Wilds and four wild draw cards a side). A game that
breaks this, refuses a listed move or does not end is reported with its seed; the others
are summed up: games per second, mean turns, mean Flips played per game.

A *turn* counts the decisions that begin a seat's turn (phases ``turn``, ``penalty`` and
``choose-color``), as ``benchmarks/no_mercy.py`` counts them. A Flip is a ``flipped`` event.

    python benchmarks/flip_games.py                       # 100,000 games
    python benchmarks/flip_games.py --games 1000 --jobs 2
    python benchmarks/flip_games.py --quick               # a few games, to check the script
    UNO_RULES_BENCH_QUICK=1 python benchmarks/flip_games.py   # the same
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

import uno_rules as uno
from uno_rules.cards import Card, deck_cards

RULES = uno.load_preset("flip")
MAX_MOVES = 200_000  # a whole game of several rounds
TURN_PHASES = frozenset({uno.Phase.TURN, uno.Phase.PENALTY, uno.Phase.CHOOSE_COLOR})
MAX_JOBS = 2  # the machines this runs on share their cores


def side_table(colors: str, actions: tuple[str, ...], wild_draw: str) -> Counter[str]:
    """One side of F1 as the sheet lists it, by face text."""
    want: Counter[str] = Counter()
    for color in colors:
        for face in (*map(str, range(1, 10)), *actions):
            want[color + face] += 2
    want["W"] += 4
    want[wild_draw] += 4
    return want


LIGHT = side_table("RYGB", ("+1", "rev", "skip", "flip"), "W+2")
DARK = side_table("PTOV", ("+5", "rev", "skipall", "flip"), "W+color")
DECK = Counter(str(c) for c in deck_cards("flip-112"))


def count_problem(state: uno.GameState) -> str | None:
    """What is wrong with the cards of ``state`` (F1), or ``None``."""
    held: list[Card] = [c for hand in state.hands for c in hand]
    held += state.draw_pile
    held += state.discard_pile
    dark = state.side == "dark"
    if any(c.dark is not dark for c in held):
        return f"a card does not show the {state.side} side in play"
    # each card written LIGHT/DARK, whichever side is up: the physical cards, once each
    physical = Counter(str(c.flipped if dark else c) for c in held)
    if physical != DECK:
        return f"{len(held)} cards held, not the deck's 112 once each"
    light = Counter(str(c.other if c.dark else c.face) for c in held)
    faces = Counter(str(c.face if c.dark else c.other) for c in held)
    if light != LIGHT:
        return "the light faces are not the sheet's table"
    if faces != DARK:
        return "the dark faces are not the sheet's table"
    return None


def play(seed: int) -> tuple[int, int, int, int, str | None]:
    """One game: ``(players, turns, flips, rounds, problem or None)``."""
    players = 2 + seed % 9
    rng = random.Random(seed)
    state = uno.new_game(RULES, players, seed)
    moves = turns = flips = rounds = 0
    while not state.game_over:
        if state.round_over:
            rounds += 1
            problem = count_problem(state)
            if problem is not None:
                return players, turns, flips, rounds, f"round {rounds}: {problem}"
            nxt = uno.next_round(state)
            if not isinstance(nxt, uno.GameState):
                return players, turns, flips, rounds, f"next_round refused: {nxt}"
            state = nxt
            continue
        choices = uno.legal_moves(state)
        if not choices:
            return players, turns, flips, rounds, f"no legal move after {moves} moves"
        move = rng.choice(choices)
        if state.phase in TURN_PHASES and not isinstance(move, uno.CallUno):
            turns += 1
        result = uno.apply(state, move)
        if not isinstance(result, uno.Transition):
            return players, turns, flips, rounds, f"listed move {move} refused: {result.code}"
        flips += sum(1 for e in result.events if e.kind == "flipped")
        state = result.state
        moves += 1
        if moves > MAX_MOVES:
            return players, turns, flips, rounds, f"no end after {MAX_MOVES} moves"
    problem = count_problem(state)
    return players, turns, flips, rounds + 1, None if problem is None else f"end: {problem}"


def batch(seeds: list[int]) -> list[tuple[int, int, int, int, int, str | None]]:
    return [(seed, *play(seed)) for seed in seeds]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--first", type=int, default=0, help="the first game's seed")
    parser.add_argument("--jobs", type=int, default=1, help=f"worker processes (1 to {MAX_JOBS})")
    parser.add_argument("--quick", action="store_true", help="20 games, to check the script")
    args = parser.parse_args()
    quick = args.quick or os.environ.get("UNO_RULES_BENCH_QUICK") == "1"
    games = 20 if quick else args.games
    jobs = max(1, min(args.jobs, MAX_JOBS))
    kind = "compiled" if uno.COMPILED else "pure Python"
    print(f"uno_rules {uno.__version__}, {kind} build, Python {sys.version.split()[0]}")
    start = time.perf_counter()
    first, end = args.first, args.first + games
    step = 100 * jobs
    parts = [list(range(first + k, end, step)) for k in range(step)]
    parts = [p for p in parts if p]
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            results = [g for part in pool.map(batch, parts) for g in part]
    else:
        results = [g for part in map(batch, parts) for g in part]
    took = time.perf_counter() - start
    failed = [r for r in results if r[5] is not None]
    print(
        f"{len(results):,} games of flip (2 to 10 players) in {took:.1f} s, "
        f"{len(results) / took:.1f} games/s, {jobs} worker(s)"
    )
    turns = sum(r[2] for r in results) / len(results)
    flips = sum(r[3] for r in results) / len(results)
    rounds = sum(r[4] for r in results) / len(results)
    print(f"mean turns per game {turns:.1f}, flips per game {flips:.1f}, rounds {rounds:.2f}")
    if failed:
        print(f"{len(failed)} games failed:")
        for seed, players, _, _, _, problem in failed[:20]:
            print(f"  seed {seed} ({players} players): {problem}")
        sys.exit(1)
    print("every game kept the 112 cards, once each, and both sides' counts (F1)")


if __name__ == "__main__":
    main()
