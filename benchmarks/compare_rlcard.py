"""uno_rules against RLCard's UNO, in one run, under the same policy.

RLCard (PyPI ``rlcard``, module ``rlcard.games.uno``) is the most used Python UNO
implementation: mutable, with fewer rules, and no move validation. This script plays
complete rounds on both engines and prints rounds/s, moves/s and the ratio
uno_rules / RLCard, for 2 and 4 players, the median of several repetitions:

- RLCard at its public game API: ``UnoGame.init_game`` / ``get_legal_actions`` / ``step`` /
  ``is_over``;
- RLCard at its rules core: ``UnoRound.get_legal_actions`` + ``UnoRound.proceed_round``
  (no state dictionaries built);
- uno_rules under ``official`` through its public, checked API: ``legal_moves`` + ``apply``
  (every move validated, every state a new immutable value).

Policy for both: play a uniformly random playable card if there is one (a random color for
a wild), otherwise draw, then play the drawn card if it is legal, else pass. (RLCard plays a
playable drawn card by itself, inside its ``draw`` action.) uno_rules also calls UNO with
the next-to-last card and accepts a Wild Draw Four. RLCard lists one action per color for
a wild and one per copy of a card in hand, so its side groups the actions by card first
(``rlcard_policy``); picking among actions directly would make a wild four times as likely
as a number card.

    pip install ".[bench]"                  # RLCard, optional
    python benchmarks/compare_rlcard.py     # full run
    python benchmarks/compare_rlcard.py --quick

Without RLCard installed the script says so and measures uno_rules alone.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import uno_rules as uno
from playouts import OFFICIAL, build, policy  # the same policy as the playout benchmark


def round_uno_rules(players: int, seed: int, rng: random.Random) -> int:
    """One round on uno_rules, dealt from ``seed``; returns the moves applied."""
    state = uno.new_game(OFFICIAL, players=players, seed=seed)
    moves = 0
    while not state.round_over:
        result = uno.apply(state, policy(uno.legal_moves(state), rng))
        assert isinstance(result, uno.Transition)
        state = result.state
        moves += 1
    return moves


def rlcard_policy(actions: list[str], rng: random.Random) -> str:
    """The shared policy on RLCard's action strings (``r-5``, ``b-wild``, ``draw``): a
    uniformly random playable card, then a random one of its actions (a wild's color)."""
    if len(actions) == 1:
        return actions[0]
    by_card: dict[str, list[str]] = {}
    for action in actions:
        trait = action.partition("-")[2]
        by_card.setdefault(trait if trait.startswith("wild") else action, []).append(action)
    return rng.choice(by_card[rng.choice(list(by_card))])


def any_action(actions: list[str], rng: random.Random) -> str:
    """A uniformly random RLCard action (``--rlcard-actions``): a wild is then four times as
    likely as a number card, since RLCard lists it once per color."""
    return rng.choice(actions)


Round = Callable[[int, random.Random], int]  # (seed, policy stream) -> moves
Engine = Callable[[int], Round]  # players -> a round player, built once per repetition


def uno_rules_engine(players: int) -> Round:
    return lambda seed, rng: round_uno_rules(players, seed, rng)


def rlcard_engines(
    pick: Callable[[list[str], random.Random], str] = rlcard_policy,
) -> dict[str, Engine] | None:
    """RLCard's three entry points as its users run them, or ``None`` when RLCard is not
    installed. Each builds its objects once per repetition and reseeds its generator per
    round (``RandomState.seed``, about 6 us; constructing a ``RandomState`` costs about
    0.3 ms and a ``UnoGame`` about 0.4 ms, which the earlier script paid every round)."""
    try:
        import numpy as np
        import rlcard
        from rlcard.games.uno.dealer import UnoDealer
        from rlcard.games.uno.game import UnoGame
        from rlcard.games.uno.player import UnoPlayer
        from rlcard.games.uno.round import UnoRound
        from rlcard.games.uno.utils import ACTION_SPACE
    except ImportError:
        return None

    def game_api(players: int) -> Round:
        game = UnoGame(num_players=players)

        def play(seed: int, rng: random.Random) -> int:
            game.np_random.seed(seed)
            game.init_game()
            moves = 0
            while not game.is_over():
                game.step(pick(game.get_legal_actions(), rng))
                moves += 1
            return moves

        return play

    def rules_core(players: int) -> Round:
        np_random = np.random.RandomState(0)

        def play(seed: int, rng: random.Random) -> int:
            np_random.seed(seed)
            dealer = UnoDealer(np_random)
            seats: list[Any] = [UnoPlayer(i, np_random) for i in range(players)]
            for seat in seats:
                dealer.deal_cards(seat, 7)
            rnd = UnoRound(dealer, players, np_random)
            rnd.perform_top_card(seats, rnd.flip_top_card())
            moves = 0
            while not rnd.is_over:
                actions = rnd.get_legal_actions(seats, rnd.current_player)
                rnd.proceed_round(seats, pick(actions, rng))
                moves += 1
            return moves

        return play

    def env_api(players: int) -> Round:
        env = rlcard.make("uno", config={"game_num_players": players, "seed": 0})

        def play(seed: int, rng: random.Random) -> int:
            env.game.np_random.seed(seed)
            state, _ = env.reset()
            moves = 0
            while not env.is_over():
                action = pick(state["raw_legal_actions"], rng)
                state, _ = env.step(ACTION_SPACE[action])
                moves += 1
            return moves

        return play

    return {"rlcard-game": game_api, "rlcard-core": rules_core, "rlcard-env": env_api}


def measure(engine: Engine, players: int, rounds: int, stream: int) -> tuple[float, float]:
    """Rounds per second and moves per second over ``rounds`` rounds dealt from seeds
    ``0 .. rounds-1``; the engine's objects are built before the clock starts, and the
    policy draws from one stream per repetition (``stream``)."""
    play = engine(players)
    rng = random.Random(stream)
    start = time.perf_counter()
    moves = sum(play(seed, rng) for seed in range(rounds))
    elapsed = time.perf_counter() - start
    return rounds / elapsed, moves / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a few rounds, one repetition")
    parser.add_argument("--rounds", type=int, default=200, help="rounds per repetition")
    parser.add_argument("--repeat", type=int, default=11, help="repetitions (median taken)")
    parser.add_argument(
        "--rlcard-actions",
        action="store_true",
        help="RLCard picks uniformly among its actions instead of among cards",
    )
    args = parser.parse_args()
    rounds = 5 if args.quick else args.rounds
    repeat = 1 if args.quick else args.repeat
    engines: dict[str, Engine] = {"uno_rules": uno_rules_engine}
    others = rlcard_engines(any_action if args.rlcard_actions else rlcard_policy)
    if others is None:
        print("RLCard is not installed (pip install '.[bench]'): measuring uno_rules alone.")
    else:
        engines.update(others)
    print(build())
    print(f"{rounds} rounds x {repeat} repetitions, median")
    print(
        f"{'players':>7}  {'engine':<12} {'rounds/s':>9} {'moves/s':>9} "
        f"{'uno_rules/this (rounds/s)':>26}"
    )
    for players in (2, 4):
        runs: dict[str, list[tuple[float, float]]] = {name: [] for name in engines}
        for rep in range(repeat):  # interleave engines so a noisy moment hits all of them
            for name, engine in engines.items():
                runs[name].append(measure(engine, players, rounds, rep))
        medians = {
            name: (statistics.median(r for r, _ in rs), statistics.median(m for _, m in rs))
            for name, rs in runs.items()
        }
        ours = medians["uno_rules"][0]
        for name, (r, m) in medians.items():
            ratio = "" if name == "uno_rules" else f"{ours / r:.2f}x"
            print(f"{players:>7}  {name:<12} {r:>9.1f} {m:>9.0f} {ratio:>26}")


if __name__ == "__main__":
    main()
