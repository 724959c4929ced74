"""Simulation at scale: memory and speed as the number of games grows, and with workers.

Three measures, each printed with the reference it is compared with, taken in the same run:

1. **Memory against games.** For 10^3, 10^4 and 10^5 games, a fresh process runs
   ``simulate`` with two worker processes and reports its peak resident memory (the driver)
   and the largest worker's. The blocks in flight bound memory, so the peaks should not grow
   with the number of games; the ratio of the largest run's peak to the smallest's says how
   flat they are. These runs use a low turn cap (``--memory-turns``, default 20 moves), so
   each game is cheap and the 10^5 games take about a minute: a capped game goes through the
   same blocks, totals and merging as a full one.
2. **Two workers against one.** Full games under ``official`` (4 players, heuristic bots)
   on a process pool of 1 and of 2 workers: games per second and their ratio. The same
   games played in this process, with no pool, show what shipping blocks costs, and the
   sizes of a pickled block and of its totals are printed too.
3. **Dask against the process pool.** The same games on a local Dask cluster of 2 worker
   processes (extra ``cluster``) and on the pool of 2 processes.

The executors of 2 and 3 are started and warmed before the clock starts, so only playing is
timed, and they are measured in turns, several times (``--repeat``): the best rate of each
is kept, the one least disturbed by other work on the machine.

Timings depend on what else the machine runs: the load average is printed with them.

``--costs`` measures instead what one full game costs under each bundled preset (4 players,
one process, heuristic and random bots): the figures the simulation guide quotes.

    python benchmarks/simulate_scale.py            # 10^3 to 10^5 games, 400 full games
    python benchmarks/simulate_scale.py --quick    # fewer games, to check the script works
    python benchmarks/simulate_scale.py --costs    # milliseconds per game, per preset
"""

from __future__ import annotations

import argparse
import importlib
import json
import multiprocessing
import os
import pickle
import resource
import subprocess
import sys
import time
from concurrent.futures import Executor, ProcessPoolExecutor
from contextlib import ExitStack
from typing import Any

import uno_rules as uno
from uno_rules.simulate import Block, simulate


def child(games: int, turns: int) -> None:
    """Run in a fresh process: simulate ``games`` capped games on 2 workers, print JSON."""
    rules = uno.load_preset("official")
    start = time.perf_counter()
    totals = simulate(rules, players=4, games=games, jobs=2, max_turns=turns)
    elapsed = time.perf_counter() - start
    assert totals.games == games
    kib = 1024 if sys.platform != "darwin" else 1  # ru_maxrss: KiB on Linux, bytes on macOS
    report = {
        "games": games,
        "seconds": elapsed,
        "driver_peak": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * kib,
        "worker_peak": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * kib,
    }
    print(json.dumps(report))


def memory_series(sizes: list[int], turns: int) -> None:
    print(f"1. memory against games (official, 4 players, 2 workers, cap {turns} moves)")
    print(f"   {'games':>8} {'games/s':>9} {'driver peak':>12} {'worker peak':>12}")
    rows = []
    for games in sizes:
        cmd = [sys.executable, __file__, "--child", str(games), "--memory-turns", str(turns)]
        out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
        row = json.loads(out)
        rows.append(row)
        print(
            f"   {games:>8} {games / row['seconds']:>9.0f} {_mib(row['driver_peak']):>12}"
            f" {_mib(row['worker_peak']):>12}"
        )
    first, last = rows[0], rows[-1]
    print(
        f"   peak at {last['games']} games / peak at {first['games']} games: driver "
        f"{last['driver_peak'] / first['driver_peak']:.3f}, "
        f"worker {last['worker_peak'] / first['worker_peak']:.3f}"
    )


def _mib(size: int) -> str:
    return f"{size / 2**20:.1f} MiB"


def _warm(executor: Executor, workers: int, rules: uno.Rules) -> None:
    # Workers started, the package imported, the rules shipped once.
    simulate(rules, players=4, games=workers, executor=executor, jobs=workers, block_size=1)


def _rate(
    executor: Executor | None, workers: int, rules: uno.Rules, games: int
) -> tuple[float, Any]:
    start = time.perf_counter()
    totals = simulate(rules, players=4, games=games, seed=1, executor=executor, jobs=workers)
    return games / (time.perf_counter() - start), totals


def _pool(workers: int) -> ProcessPoolExecutor:
    return ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"))


def scaling(games: int, repeat: int) -> None:
    """Measures 2 and 3, taken in turns ``repeat`` times; the best rate of each is kept,
    which is the one least disturbed by other work on the machine."""
    rules = uno.load_preset("official")
    try:
        distributed: Any = importlib.import_module("dask.distributed")
    except ImportError:
        distributed = None
    with ExitStack() as stack:
        executors: dict[str, tuple[Executor | None, int]] = {
            "in this process": (None, 1),
            "1 worker": (stack.enter_context(_pool(1)), 1),
            "2 workers": (stack.enter_context(_pool(2)), 2),
        }
        if distributed is not None:
            cluster = stack.enter_context(
                distributed.LocalCluster(
                    n_workers=2,
                    threads_per_worker=1,
                    processes=True,
                    host="127.0.0.1",
                    dashboard_address="127.0.0.1:0",
                )
            )
            client = stack.enter_context(distributed.Client(cluster))
            executors["Dask, 2 workers"] = (client.get_executor(), 2)
        for executor, workers in executors.values():
            if executor is not None:
                _warm(executor, workers, rules)
        best = dict.fromkeys(executors, 0.0)
        results = {}
        for _ in range(repeat):
            for name, (executor, workers) in executors.items():
                rate, results[name] = _rate(executor, workers, rules, games)
                best[name] = max(best[name], rate)
    assert len(set(results.values())) == 1, "the totals differ between executors"
    print(
        f"2. two workers against one ({games} full games, official, 4 players, heuristic; "
        f"best of {repeat})"
    )
    here, one, two = best["in this process"], best["1 worker"], best["2 workers"]
    sent = len(pickle.dumps(Block(rules, 4, "heuristic", 1, 0, 50)))
    back = len(pickle.dumps(results["1 worker"]))
    print(f"   in this process          {here:8.1f} games/s   (blocks shipped nowhere)")
    print(f"   1 worker  (process pool) {one:8.1f} games/s   ratio {one / here:.2f} to it")
    print(f"   2 workers (process pool) {two:8.1f} games/s   ratio {two / one:.2f} to 1 worker")
    print(f"   a block is {sent} bytes pickled (the rule set, mostly); its totals {back}")
    if distributed is None:
        print("3. Dask against the process pool: skipped (install the extra 'cluster')")
        return
    dask = best["Dask, 2 workers"]
    print("3. Dask against the process pool (the same games, 2 worker processes each)")
    print(f"   process pool             {two:8.1f} games/s")
    print(f"   Dask LocalCluster        {dask:8.1f} games/s   ratio {dask / two:.2f}")


def costs(games: int) -> None:
    print(f"milliseconds per game, 4 players, one process ({games} games each, seed 0)")
    print(f"   {'preset':<16} {'heuristic':>10} {'random':>10} {'capped (random)':>16}")
    for name in uno.preset_names():
        rules = uno.load_preset(name)
        cells = []
        capped = 0
        for bot in ("heuristic", "random"):
            start = time.perf_counter()
            totals = simulate(rules, players=4, games=games, bot=bot)
            cells.append(1000 * (time.perf_counter() - start) / games)
            capped = totals.capped_games
        print(f"   {name:<16} {cells[0]:>10.1f} {cells[1]:>10.1f} {capped:>10}/{games}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer games, to check the script")
    parser.add_argument("--games", type=int, help="full games for measures 2 and 3")
    parser.add_argument("--memory-turns", type=int, default=20, help="turn cap for measure 1")
    parser.add_argument("--repeat", type=int, default=3, help="turns for measures 2 and 3")
    parser.add_argument("--costs", action="store_true", help="cost of a game per preset")
    parser.add_argument("--child", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child, args.memory_turns)
        return
    if args.costs:
        print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
        costs(args.games or (2 if args.quick else 50))
        print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
        return
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    memory_series([200, 2000] if args.quick else [10**3, 10**4, 10**5], args.memory_turns)
    scaling(args.games or (20 if args.quick else 400), 1 if args.quick else args.repeat)
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
