"""Agent steps per second: the uno_rules PettingZoo environment against RLCard's UNO
environment, in one run, with random masked agents at two players.

Both sides do the same work per step: build the acting agent's observation and its legal
actions, choose uniformly among the legal actions, apply the choice; and each episode ends
by reading its rewards.

- RLCard (package ``rlcard``, optional extra ``bench``): ``rlcard.make("uno")``; each step
  picks uniformly among ``state["legal_actions"]`` (a dict of the legal action ids, built
  by the environment) and calls ``env.step``, which also builds the next state's observation
  planes and legal actions; ``env.get_payoffs()`` gives the rewards when the episode is
  over. Its rules: no challenge, no voluntary draw, no UNO call, a drawn playable card
  played automatically, no action checked.
- uno_rules: ``uno_rules.env.UnoEnv("official", players=2)``; each step calls ``last()``
  (the observation array, the action mask, the reward, the info), picks uniformly among the
  mask's actions and calls ``step``. Every move is checked by the engine; the mask is
  exactly the legal moves; every bluff, challenge, voluntary draw and UNO call of the
  official rules is offered.

The agents work the same way on both sides except for the form of the legal actions:
RLCard hands the agent a list of legal ids, this environment a 0/1 ``int8`` mask (232
entries for the standard table), from which the agent takes the legal ids with the
ordinary NumPy idiom, ``np.flatnonzero(mask)`` (``--mask-scan bool`` times
``mask.view(np.bool_).nonzero()[0]`` instead, the same ids read faster: NumPy's
``nonzero`` is slow on ``int8``).

- The Gymnasium wrapper: ``uno_rules.env.UnoGymEnv("official", players=2)`` against the
  ``random`` bot; each learner step takes the legal ids from ``info["action_mask"]`` with
  ``np.flatnonzero``, picks one uniformly and calls ``step``, which also plays the bot's
  moves up to the learner's next decision. Its figure is learner steps per second, against
  two references: RLCard's environment steps per second (where a step is either player's),
  and RLCard's *learner* steps per second, the same single-agent loop on RLCard's
  environment (``rlcard learner``): seat 0 learns, the other seat picks uniformly among its
  legal actions, and only seat 0's steps are counted. At two players a learner step holds
  about two moves on either side, so the second reference is the like-for-like one.

A step is one agent decision on either side (on uno_rules, declining an out-of-turn chance
to catch or call UNO is a step too). Each repetition times a batch of whole episodes on
each side in turn (which side goes first alternates), in CPU time of this process; the
figure is the median steps/s of each and their ratio uno_rules / RLCard.

    pip install ".[rl,bench]"
    python benchmarks/env_rlcard.py            # full run
    python benchmarks/env_rlcard.py --quick    # a smoke run, for CI
    python benchmarks/env_rlcard.py --breakdown  # where a uno_rules step's time goes
    python benchmarks/env_rlcard.py --floor    # also the engine and observation alone

``--breakdown`` (pure package) then plays uno_rules episodes again with a clock around each
part of a step, where it runs: the engine's ``apply`` and ``legal_moves``, the observation, and the
agent's ``np.flatnonzero``; what is left is the environment's own work (the mask, polling,
options, infos, rewards) and the clocks' own cost. Each part is given in wall microseconds
per step and as a share of RLCard's whole step in the same run (from its steps/s): what a
part must stay under for uno_rules to reach a given ratio. Time the breakdown on a quiet
machine: its clocks are wall clocks.

``--floor`` adds a side that is not an environment: the same rounds played with the
engine and the observation alone (``engine only``): each step lists the acting seat's
legal moves, gives them their action ids (remembered by move object, as the environment
does), fills the mask, builds the observation, lets the agent pick with
``np.flatnonzero`` and applies the move. No polling (nobody is asked out of turn), no
rewards, infos or PettingZoo. It is a bound: what any environment built on this engine
and this observation could reach with the ordinary loop, in the same run as RLCard.

``--instructions`` counts instead the machine instructions per step of each side with
valgrind's callgrind (``valgrind`` must be on the path): a count that a busy shared machine
does not change, where the steps per second of one side (RLCard's above all) can swing by a
third from one run to the next. Each side is run twice, for a few and for more episodes
(after one warm-up episode), and the difference in instructions is divided by the
difference in steps, so that start-up and imports cancel out. Fewer instructions are not
the same as less time (the two sides' code differs in how many instructions a cycle
retires), but the ratio is a figure that repeats.

Without RLCard installed the script says so and measures uno_rules alone.
"""

from __future__ import annotations

import argparse
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from playouts import build
from uno_rules._compiled import ENV_MODULES, compiled_modules
from uno_rules.env import UnoEnv, UnoGymEnv


def env_build() -> str:
    """Which build runs, the environment's step included (``ENV_MODULES``, which
    ``uno_rules.COMPILED`` does not count)."""
    step = "compiled" if all(compiled_modules(ENV_MODULES).values()) else "pure Python"
    return f"{build()}; the environment's step: {step}"


def uno_rules_runner(mask_scan: str = "flatnonzero") -> Callable[[int, int], int]:
    """uno_rules's episodes; ``mask_scan`` is how the agent finds the legal ids in its
    mask (``"flatnonzero"``: ``np.flatnonzero(mask)``, ``"bool"``: the mask read as
    booleans)."""
    as_bool = mask_scan == "bool"

    def uno_rules_steps(episodes: int, seed: int, rules: str = "official") -> int:
        """Play ``episodes`` rounds with uniformly random masked agents; the steps taken."""
        rng = random.Random(seed)
        env = UnoEnv(rules, players=2)
        steps = 0
        for episode in range(episodes):
            env.reset(seed=seed + episode)
            for _agent in env.agent_iter():
                observation, _reward, terminated, truncated, _info = env.last()
                if terminated or truncated:
                    env.step(None)
                    continue
                mask = observation["action_mask"]
                legal = mask.view(np.bool_).nonzero()[0] if as_bool else np.flatnonzero(mask)
                env.step(int(legal[rng.randrange(len(legal))]))
                steps += 1
        return steps

    return uno_rules_steps


def floor_steps(episodes: int, seed: int, rules: str = "official") -> int:
    """``--floor``: rounds played with the engine and the observation alone, the agent as
    above (see the module's docstring); the steps taken."""
    from uno_rules.cards import Card, Color
    from uno_rules.deal import new_game
    from uno_rules.engine import apply_listed, legal_moves
    from uno_rules.env.observation import observation_of
    from uno_rules.moves import Move, Play
    from uno_rules.state import Phase

    rng = random.Random(seed)
    core = UnoEnv(rules, players=2)._core  # its rules, action table and scales
    table, scales = core.action_table, core._scales
    count, over = table.ACTION_COUNT, (Phase.ROUND_OVER, Phase.GAME_OVER)
    action_of: dict[int, int] = {}
    kept = []  # the moves whose ids are remembered, kept alive
    steps = 0
    for episode in range(episodes):
        state = new_game(core.rules, players=2, seed=seed + episode)
        last_moves: list[Move | None] = [None, None]
        previous: tuple[Card | None, Color | None] = (None, None)
        while state.phase not in over:
            moves = legal_moves(state)
            options: dict[int, Move] = {}
            for move in moves:
                action = action_of.get(id(move))
                if action is None:
                    action = action_of[id(move)] = table.encode(move, 2)[0]
                    kept.append(move)
                options[action] = move
            mask = np.zeros(count, np.int8)
            entries = mask.data  # as the environment fills it
            for action in options:
                entries[action] = 1
            observation = observation_of(
                state, state.turn, last_moves, (), False, scales, previous, 0
            )
            seen: dict[str, npt.NDArray[Any]] = {"observation": observation, "action_mask": mask}
            legal = np.flatnonzero(seen["action_mask"])  # as the agent reads it
            move = options[int(legal[rng.randrange(len(legal))])]
            if type(move) is Play:
                previous = (state.top_card, state.color)
            last_moves[move.seat] = move
            state = apply_listed(state, move).state
            steps += 1
    return steps


def gym_steps(episodes: int, seed: int, rules: str = "official") -> int:
    """The Gymnasium wrapper's episodes against the random bot; the learner's steps."""
    rng = random.Random(seed)
    env = UnoGymEnv(rules, players=2, opponents="random")
    steps = 0
    for episode in range(episodes):
        _observation, info = env.reset(seed=seed + episode)
        done = False
        while not done:
            legal = np.flatnonzero(info["action_mask"])
            _observation, _reward, terminated, truncated, info = env.step(
                int(legal[rng.randrange(len(legal))])
            )
            done = terminated or truncated
            steps += 1
    return steps


def rlcard_runner(learner: bool = False) -> Callable[[int, int], int] | None:
    """RLCard's episodes, or ``None`` when RLCard is not installed. The steps counted are
    every player's, or with ``learner`` seat 0's alone (the other seat playing the same
    uniformly random policy, as the wrapper's ``random`` bot does)."""
    try:
        import rlcard  # type: ignore[import-untyped]
    except ImportError:
        return None

    def rlcard_steps(episodes: int, seed: int) -> int:
        rng = random.Random(seed)
        env = rlcard.make("uno", config={"seed": seed})
        steps = 0
        for _ in range(episodes):
            state, player = env.reset()
            while not env.is_over():
                legal = list(state["legal_actions"])
                if not learner or player == 0:
                    steps += 1
                state, player = env.step(legal[rng.randrange(len(legal))])
            env.get_payoffs()
        return steps

    return rlcard_steps


def _env_compiled() -> bool:
    """Whether the environment's step runs compiled (the compiled wheel)."""
    from uno_rules._compiled import ENV_MODULES, compiled_modules

    return any(compiled_modules(ENV_MODULES).values())


def breakdown(episodes: int, seed: int) -> dict[str, float]:
    """Microseconds per uno_rules step: the whole step, and the parts of it timed where
    they run (see the module's docstring)."""
    from uno_rules.env import aec, core

    clock = time.perf_counter
    spent = {"engine: apply": 0.0, "engine: legal_moves": 0.0, "observation": 0.0}
    clocked = {  # the names the step calls, and the part each one is
        "apply_listed": "engine: apply",
        "legal_moves": "engine: legal_moves",
        "observation_of": "observation",
    }
    originals = {name: getattr(core, name) for name in clocked}

    def timing(part: str, work: Callable[..., object]) -> Callable[..., object]:
        def timed(*args: object, **kwargs: object) -> object:
            begin = clock()
            result = work(*args, **kwargs)
            spent[part] += clock() - begin
            return result

        return timed

    for name, part in clocked.items():
        setattr(core, name, timing(part, originals[name]))
    try:
        rng = random.Random(seed)
        env = aec.UnoEnv("official", players=2)
        steps, agent = 0, 0.0
        start = clock()
        for episode in range(episodes):
            env.reset(seed=seed + episode)
            for _agent in env.agent_iter():
                observation, _reward, terminated, truncated, _info = env.last()
                if terminated or truncated:
                    env.step(None)
                    continue
                begin = clock()
                legal = np.flatnonzero(observation["action_mask"])
                agent += clock() - begin
                env.step(int(legal[rng.randrange(len(legal))]))
                steps += 1
        whole = clock() - start
    finally:
        for name, work in originals.items():
            setattr(core, name, work)
    parts = {name: value * 1e6 / steps for name, value in spent.items()}
    parts["agent: np.flatnonzero"] = agent * 1e6 / steps
    total = whole * 1e6 / steps
    parts["the rest"] = total - sum(parts.values())
    return {"whole step": total, **parts}


def measure(run: Callable[[int, int], int], episodes: int, seed: int) -> float:
    """Steps per second of CPU time used by this process: on a shared machine, time spent
    waiting for a core while other programs run is not counted against either side."""
    start = time.process_time()
    steps = run(episodes, seed)
    return steps / (time.process_time() - start)


def all_sides(
    mask_scan: str = "flatnonzero", floor: bool = False
) -> dict[str, Callable[[int, int], int]]:
    """The sides measured, by name: RLCard's two only when it is installed; with ``floor``
    the engine and the observation alone too."""
    sides: dict[str, Callable[[int, int], int]] = {
        "uno_rules": uno_rules_runner(mask_scan),
        "gym wrapper": gym_steps,
    }
    if floor:
        sides["engine only"] = floor_steps
    rlcard, rlcard_learner = rlcard_runner(), rlcard_runner(learner=True)
    if rlcard is not None and rlcard_learner is not None:
        sides["rlcard"] = rlcard
        sides["rlcard learner"] = rlcard_learner
    return sides


# Episodes of each side for the two runs of --instructions (few, more; quick: few, more).
# A uno_rules episode is a whole game (about 1,000 steps at two players), an RLCard
# episode one round (about 50 steps), so the runs hold a few thousand steps on each side.
_EPISODES = {"uno_rules": (2, 8), "gym wrapper": (2, 8), "rlcard": (10, 150)}
_QUICK_EPISODES = {"uno_rules": (1, 2), "rlcard": (2, 10)}


# What a run without RLCard says first: which rows it leaves out, and how to get them.
_NO_RLCARD = 'RLCard is not installed (from a clone: python -m pip install ".[bench]"): {what}.'


def counted(side: str, episodes: int) -> tuple[int, int]:
    """(instructions, steps) of a callgrind run of ``episodes`` episodes of ``side``."""
    with tempfile.TemporaryDirectory() as tmp:
        done = subprocess.run(
            [
                "valgrind",
                "--tool=callgrind",
                f"--callgrind-out-file={Path(tmp) / 'callgrind.out'}",
                sys.executable,
                __file__,
                "--count",
                side,
                str(episodes),
            ],
            capture_output=True,
            text=True,
            check=True,
        )
    found = re.search(r"Collected : (\d+)", done.stderr)
    if found is None:
        raise SystemExit(f"callgrind did not report a count for {side}")
    return int(found.group(1)), int(done.stdout.split()[-1])


def instructions(quick: bool) -> None:
    """Print the instructions per step of each side (see the module's docstring)."""
    if shutil.which("valgrind") is None:
        print("valgrind is not installed: no instruction counts")
        return
    plan = _QUICK_EPISODES if quick else _EPISODES
    found = all_sides()
    if "rlcard" not in found:
        print(_NO_RLCARD.format(what="counting uno_rules alone, without the RLCard rows"))
    sides = [name for name in found if name in plan or name == "rlcard learner"]
    if quick:  # the environment against RLCard's only: a smoke run under valgrind is slow
        sides = [name for name in sides if name in {"uno_rules", "rlcard"}]
    runs = [(side, n) for side in sides for n in plan[side.replace(" learner", "")]]
    # valgrind runs code about fifty times slower: the whole count takes minutes, so it
    # says so first, and reports each run as it ends
    print(
        f"counting instructions with callgrind: {len(runs)} runs under valgrind, two at a "
        "time; " + ("about a minute" if quick else "about 5 minutes on two cores"),
        flush=True,
    )
    started, done = time.perf_counter(), [0]

    def count(run: tuple[str, int]) -> tuple[int, int]:
        result = counted(*run)
        done[0] += 1
        took = time.perf_counter() - started
        print(f"  {done[0]}/{len(runs)}: {run[0]}, {run[1]} episodes ({took:.0f} s)", flush=True)
        return result

    with ThreadPoolExecutor(max_workers=2) as pool:  # one valgrind per core
        results = dict(zip(runs, pool.map(count, runs), strict=True))
    per_step = {}
    for side in sides:
        few, more = plan[side.replace(" learner", "")]
        (i_few, s_few), (i_more, s_more) = results[side, few], results[side, more]
        per_step[side] = (i_more - i_few) / (s_more - s_few)
    print("instructions per step (callgrind; a busy machine does not change them)")
    for side, value in per_step.items():
        learner = side in {"gym wrapper", "rlcard learner"}
        print(f"{side:<14} {value:>9.0f}" + ("  (learner steps)" if learner else ""))
    if "rlcard" in per_step:
        env_ratio = per_step["rlcard"] / per_step["uno_rules"]
        print(f"RLCard / uno_rules instructions per step: {env_ratio:.2f}x")
    if "rlcard learner" in per_step:
        gym_ratio = per_step["rlcard learner"] / per_step["gym wrapper"]
        print(f"RLCard learner / gym wrapper instructions per learner step: {gym_ratio:.2f}x")


def main() -> None:
    if sys.argv[1:2] == ["--count"]:  # a run of --instructions, under callgrind
        side, episodes = sys.argv[2], int(sys.argv[3])
        run = all_sides()[side]
        run(1, 999)  # the warm-up episode: first-use caches on either side
        print(run(episodes, 0))
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a few episodes, 3 repetitions")
    parser.add_argument("--episodes", type=int, default=20, help="episodes per repetition")
    parser.add_argument("--repeat", type=int, default=15, help="repetitions (median taken)")
    parser.add_argument(
        "--mask-scan",
        choices=("flatnonzero", "bool"),
        default="flatnonzero",
        help="how the uno_rules agent finds the legal ids in its int8 mask (see above)",
    )
    parser.add_argument(
        "--breakdown",
        action="store_true",
        help="also time each part of a uno_rules step against RLCard's step (see above)",
    )
    parser.add_argument(
        "--floor",
        action="store_true",
        help="also the engine and the observation alone, no environment (see above)",
    )
    parser.add_argument(
        "--instructions",
        action="store_true",
        help="count each side's instructions per step with callgrind instead (see above)",
    )
    args = parser.parse_args()
    if args.instructions:
        instructions(args.quick)
        return
    if args.episodes < 1 or args.repeat < 1:
        parser.error("--episodes and --repeat must be positive")
    episodes = 3 if args.quick else args.episodes
    repeat = 3 if args.quick else args.repeat
    sides = all_sides(args.mask_scan, args.floor)
    print(env_build())
    if "rlcard" not in sides:
        print(_NO_RLCARD.format(what="measuring uno_rules alone"))
    runs: dict[str, list[float]] = {name: [] for name in sides}
    order = list(sides)
    for rep in range(repeat):  # interleaved, in turn first, so a noisy moment hits both sides
        for name in order if rep % 2 == 0 else order[::-1]:
            runs[name].append(measure(sides[name], episodes, seed=1000 * rep))
    print(f"2 players, random masked agents, {episodes} episodes x {repeat} repetitions, median")
    print(f"mask read with: {'np.flatnonzero(mask)' if args.mask_scan != 'bool' else 'bool view'}")
    print(f"{'environment':<14} {'steps/s':>9}")
    medians = {name: statistics.median(values) for name, values in runs.items()}
    for name, value in medians.items():
        learner = name in {"gym wrapper", "rlcard learner"}
        print(f"{name:<14} {value:>9.0f}" + ("  (learner steps)" if learner else ""))
    if "rlcard" in medians:
        wrapper = medians["gym wrapper"]
        print(f"uno_rules / RLCard: {medians['uno_rules'] / medians['rlcard']:.2f}x")
        print(f"gym wrapper / RLCard env steps: {wrapper / medians['rlcard']:.2f}x")
        print(f"gym wrapper / RLCard learner steps: {wrapper / medians['rlcard learner']:.2f}x")
        if "engine only" in medians:
            print(f"engine only / RLCard: {medians['engine only'] / medians['rlcard']:.2f}x")
    if args.breakdown and _env_compiled():
        print("\n--breakdown times the pure package's step only: in the compiled build the")
        print("environment's step calls the engine and the observation directly, unclocked.")
    elif args.breakdown:
        reference = 1e6 / medians["rlcard"] if "rlcard" in medians else None
        split = [breakdown(episodes * 5, seed=1000 * rep) for rep in range(repeat)]
        print("\nwhere a uno_rules step goes (median of the repetitions)")
        print(f"{'part':<24} {'us/step':>8}" + (f" {'of RLCard step':>15}" if reference else ""))
        for part in split[0]:
            value = statistics.median(s[part] for s in split)
            share = f" {value / reference:>14.0%}" if reference else ""
            print(f"{part:<24} {value:>8.2f}{share}")
        if reference:
            print(f"{'RLCard step':<24} {reference:>8.2f} {1:>14.0%}")


if __name__ == "__main__":
    main()
