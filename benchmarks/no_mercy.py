"""Seeded random games of UNO Show 'Em No Mercy, played to the end (docs/no-mercy.md).

Each game is dealt by ``uno.new_game("no-mercy", players, seed)`` and played through the
checked public API by one of two policies: ``uniform`` picks uniformly among the acting
seat's legal moves (drawing while holding a playable card, or taking a penalty that could be
stacked, is as likely as any play); ``play-first`` plays a random legal card whenever there
is one (a stack, on a penalty), and otherwise picks among the other moves. Every
move is checked: the 168 cards are all there (N1) and the game ends within a bound (no hang).
The script reports, by player count, the mean game length in moves and in turns, how often
the game ends by knockout (everyone else out by the mercy rule, N5) rather than by a player
going out, and the longest game.

A *move* here is every decision the engine asks for: a draw and the play of the card found
are two moves (N3), answering a penalty is a move, the Roulette's victim naming a color is a
move. A *turn* counts the decisions that begin a seat's turn (phases ``turn``, ``penalty`` and
``choose-color``), so a draw followed by its play is one turn, as in a simulation that counts
turns. UNO calls are not turns.

    python benchmarks/no_mercy.py                       # 100,000 games, 2 to 6 players
    python benchmarks/no_mercy.py --games 5000 --jobs 2
    python benchmarks/no_mercy.py --quick               # a few games, to check the script
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor

import uno_rules as uno
from uno_rules.state import pile_size

RULES = uno.load_preset("no-mercy")
MAX_MOVES = 50_000
TURN_PHASES = frozenset({uno.Phase.TURN, uno.Phase.PENALTY, uno.Phase.CHOOSE_COLOR})


def choose(choices: tuple[uno.Move, ...], rng: random.Random, policy: str) -> uno.Move:
    if policy == "play-first":
        plays = [m for m in choices if isinstance(m, uno.Play)]
        if plays:
            return rng.choice(plays)
    return rng.choice(choices)


def play(seed: int, players: int, policy: str = "uniform") -> tuple[int, int, int, bool]:
    """One game: ``(players, moves, turns, ended by knockout)``."""
    rng = random.Random(seed)
    state = uno.new_game(RULES, players, seed)
    moves = turns = 0
    while not state.game_over:
        choices = uno.legal_moves(state)
        if not choices:
            raise AssertionError(f"seed {seed}: no legal move in {state!r}")
        move = choose(choices, rng, policy)
        if state.phase in TURN_PHASES and not isinstance(move, uno.CallUno):
            turns += 1
        result = uno.apply(state, move)
        if not isinstance(result, uno.Transition):
            raise AssertionError(f"seed {seed}: a listed move was refused: {result}")
        state = result.state
        moves += 1
        held = sum(map(len, state.hands)) + pile_size(state.draw) + pile_size(state.discard)
        if held != 168:
            raise AssertionError(f"seed {seed}: {held} cards after move {moves}")
        if moves > MAX_MOVES:
            raise AssertionError(f"seed {seed}: no end after {MAX_MOVES} moves")
    knockout = len(state.eliminated) == players - 1
    return players, moves, turns, knockout


def batch(job: tuple[list[int], str]) -> list[tuple[int, int, int, bool]]:
    seeds, policy = job
    return [play(seed, 2 + seed % 5, policy) for seed in seeds]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--first", type=int, default=0, help="the first game's seed")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--policy", choices=("uniform", "play-first"), default="uniform")
    parser.add_argument("--quick", action="store_true", help="50 games, to check the script")
    args = parser.parse_args()
    games = 50 if args.quick else args.games
    kind = "compiled" if uno.COMPILED else "pure Python"
    print(f"uno_rules {uno.__version__}, {kind} build, Python {sys.version.split()[0]}")
    start = time.perf_counter()
    first, end = args.first, args.first + games
    chunks = [range(first + k, end, 1000 * args.jobs) for k in range(1000 * args.jobs)]
    jobs = [(list(r), args.policy) for r in chunks if len(r)]
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            results = [g for part in pool.map(batch, jobs) for g in part]
    else:
        results = [g for part in map(batch, jobs) for g in part]
    took = time.perf_counter() - start
    print(
        f"{len(results):,} games of no-mercy, policy {args.policy}, in {took:.1f} s; "
        "every move kept 168 cards"
    )
    print("players  games  mean moves  mean turns  by knockout  longest (moves / turns)")
    for players in range(2, 7):
        rows = [r for r in results if r[0] == players]
        if not rows:
            continue
        moves = sum(r[1] for r in rows) / len(rows)
        turns = sum(r[2] for r in rows) / len(rows)
        knocked = 100 * sum(r[3] for r in rows) / len(rows)
        longest = max(rows, key=lambda r: r[1])
        print(
            f"{players:>7}  {len(rows):>5}  {moves:>10.1f}  {turns:>10.1f}  {knocked:>10.1f}%"
            f"  {longest[1]} / {longest[2]}"
        )
    worst = max(results, key=lambda r: r[2])
    print(f"longest game: {worst[2]} turns ({worst[1]} moves, {worst[0]} players)")


if __name__ == "__main__":
    main()
