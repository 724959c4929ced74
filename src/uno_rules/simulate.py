"""Simulating a rule set: bots play many games and the results are summarised.

Each game ``i`` is played from ``derive_seed(seed, i)``, so the result for a seed does not
depend on how the games are spread over processes. Means come with a 95% confidence interval
(normal approximation), shares with a 95% Wilson interval.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable
from typing import Any

from attrs import frozen

from .bots import BOTS
from .deal import new_game, next_round
from .engine import Transition, apply
from .events import CardsDrawn, RoundEnded
from .randomness import derive_seed
from .rules import Rules
from .state import GameState

__all__ = ["GameStats", "Summary", "play_game", "simulate", "summarise"]


@frozen
class GameStats:
    """What one simulated game did."""

    rounds: int
    turns: tuple[int, ...]  # moves made by the seat whose decision it was, per round
    drawn: tuple[int, ...]  # cards drawn in each round
    longest_stack: int  # the largest pending penalty seen
    winners: tuple[int, ...]
    blocked_rounds: int
    hit_cap: bool


def play_game(
    rules: Rules, players: int, seed: int, bot: str = "heuristic", max_turns: int = 20_000
) -> GameStats:
    """Play one game between bots of kind ``bot``; stop after ``max_turns`` moves (all
    moves count towards the cap, out-of-turn catches and jump-ins included)."""
    rng = random.Random(seed)
    player = BOTS[bot]()
    state = new_game(rules, players=players, seed=seed)
    turns: list[int] = [0]
    drawn: list[int] = [0]
    longest = 0
    blocked = 0
    moves = 0
    jump_in = rules.house_rules.jump_in.enabled
    while not state.game_over:
        if moves >= max_turns:
            return GameStats(len(turns), tuple(turns), tuple(drawn), longest, (), blocked, True)
        if state.round_over:
            nxt = next_round(state)
            assert isinstance(nxt, GameState)
            state = nxt
            turns.append(0)
            drawn.append(0)
            continue
        move = None
        if state.uno_open or jump_in:
            # Seats that may act out of turn are asked in a random order, so no seat is
            # favoured by its number.
            for seat in rng.sample(state.active_seats, len(state.active_seats)):
                move = player.interrupt(state, seat, rng)
                if move is not None:
                    break
        if move is None:
            move = player.choose(state, state.turn, rng)
        in_turn = move.seat == state.turn
        result = apply(state, move)
        assert isinstance(result, Transition), (move, result)
        for event in result.events:
            if isinstance(event, CardsDrawn):
                drawn[-1] += event.count
            elif isinstance(event, RoundEnded) and event.blocked:
                blocked += 1
        state = result.state
        if state.penalty is not None:
            longest = max(longest, state.penalty.amount)
        turns[-1] += in_turn
        moves += 1
    return GameStats(
        len(turns), tuple(turns), tuple(drawn), longest, state.game_winners, blocked, False
    )


def _play_indexed(job: tuple[Rules, int, int, str, int]) -> GameStats:
    rules, players, seed, bot, max_turns = job
    return play_game(rules, players, seed, bot, max_turns)


def simulate(
    rules: Rules,
    players: int = 4,
    games: int = 100,
    seed: int = 0,
    bot: str = "heuristic",
    jobs: int = 1,
    max_turns: int = 20_000,
    progress: Callable[[int, int], None] | None = None,
) -> list[GameStats]:
    """Play ``games`` games; the same ``seed`` gives the same results for any ``jobs``."""
    work = [(rules, players, derive_seed(seed, i), bot, max_turns) for i in range(games)]
    results: list[GameStats] = []
    if jobs <= 1:
        iterator: Iterable[GameStats] = map(_play_indexed, work)
        for stats in iterator:
            results.append(stats)
            if progress:
                progress(len(results), games)
        return results
    import multiprocessing

    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        for stats in pool.imap(_play_indexed, work, chunksize=max(1, games // (jobs * 8))):
            results.append(stats)
            if progress:
                progress(len(results), games)
    return results


@frozen
class Summary:
    """Aggregates of simulated games, each value with its 95% interval ``(low, high)``."""

    games: int
    players: int
    values: dict[str, tuple[float, float, float]]
    seat_wins: tuple[tuple[float, float, float], ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "players": self.players,
            "metrics": {
                k: {"value": v, "low": lo, "high": hi} for k, (v, lo, hi) in self.values.items()
            },
            "seat_win_rate": [{"value": v, "low": lo, "high": hi} for v, lo, hi in self.seat_wins],
        }


def _mean_ci(xs: list[float]) -> tuple[float, float, float]:
    n = len(xs)
    if n == 0:
        return (math.nan, math.nan, math.nan)
    mean = sum(xs) / n
    if n == 1:
        return (mean, mean, mean)
    var = sum((x - mean) ** 2 for x in xs) / (n - 1)
    half = 1.96 * math.sqrt(var / n)
    return (mean, mean - half, mean + half)


def _wilson(hits: float, n: int) -> tuple[float, float, float]:
    if n == 0:
        return (math.nan, math.nan, math.nan)
    p = hits / n
    z = 1.96
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (p, max(0.0, centre - half), min(1.0, centre + half))


def summarise(results: list[GameStats], players: int) -> Summary:
    """Means and shares over ``results``, with 95% intervals."""
    n = len(results)
    rounds_all = sum(r.rounds for r in results)
    values = {
        "rounds_per_game": _mean_ci([r.rounds for r in results]),
        "turns_per_round": _mean_ci([t for r in results for t in r.turns]),
        "cards_drawn_per_round": _mean_ci([d for r in results for d in r.drawn]),
        "longest_stack": _mean_ci([r.longest_stack for r in results]),
        "blocked_round_share": _wilson(sum(r.blocked_rounds for r in results), rounds_all),
        "turn_cap_share": _wilson(sum(r.hit_cap for r in results), n),
    }
    wins = [0.0] * players
    for r in results:
        for s in r.winners:
            wins[s] += 1 / len(r.winners)
    return Summary(n, players, values, tuple(_wilson(w, n) for w in wins))
