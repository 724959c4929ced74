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
   on a process pool of 1 and of 2 workers: games per second and their ratio.
3. **Dask against the process pool.** The same games on a local Dask cluster of 2 worker
   processes (extra ``cluster``) and on a pool of 2 processes; both are started and warmed
   before the clock starts, so only playing is timed.

Timings depend on what else the machine runs: the load average is printed with them.

    python benchmarks/simulate_scale.py            # 10^3 to 10^5 games, 400 full games
    python benchmarks/simulate_scale.py --quick    # fewer games, to check the script works
"""

from __future__ import annotations

import argparse
import importlib
import json
import multiprocessing
import os
import resource
import subprocess
import sys
import time
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any

import uno_rules as uno
from uno_rules.simulate import simulate


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


def _rate(executor: Executor, workers: int, rules: uno.Rules, games: int) -> tuple[float, Any]:
    # Warm up: workers started, the package imported, the rules shipped once.
    simulate(rules, players=4, games=workers, executor=executor, jobs=workers, block_size=1)
    start = time.perf_counter()
    totals = simulate(rules, players=4, games=games, seed=1, executor=executor, jobs=workers)
    return games / (time.perf_counter() - start), totals


def _pool(workers: int) -> ProcessPoolExecutor:
    return ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"))


def scaling(games: int) -> None:
    rules = uno.load_preset("official")
    print(f"2. two workers against one ({games} full games, official, 4 players, heuristic)")
    with _pool(1) as pool:
        one, totals_one = _rate(pool, 1, rules, games)
    with _pool(2) as pool:
        two, totals_two = _rate(pool, 2, rules, games)
    assert totals_one == totals_two
    print(f"   1 worker  {one:8.1f} games/s")
    print(f"   2 workers {two:8.1f} games/s   ratio {two / one:.2f}")
    try:
        distributed: Any = importlib.import_module("dask.distributed")
    except ImportError:
        print("3. Dask against the process pool: skipped (install the extra 'cluster')")
        return
    print(f"3. Dask against the process pool ({games} full games, 2 worker processes each)")
    with (
        distributed.LocalCluster(
            n_workers=2,
            threads_per_worker=1,
            processes=True,
            host="127.0.0.1",
            dashboard_address=None,
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        dask_rate, totals_dask = _rate(client.get_executor(), 2, rules, games)
    with _pool(2) as pool:
        pool_rate, _ = _rate(pool, 2, rules, games)
    assert totals_dask == totals_two
    print(f"   process pool {pool_rate:8.1f} games/s")
    print(f"   Dask         {dask_rate:8.1f} games/s   ratio {dask_rate / pool_rate:.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer games, to check the script")
    parser.add_argument("--games", type=int, help="full games for measures 2 and 3")
    parser.add_argument("--memory-turns", type=int, default=20, help="turn cap for measure 1")
    parser.add_argument("--child", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child, args.memory_turns)
        return
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    memory_series([200, 2000] if args.quick else [10**3, 10**4, 10**5], args.memory_turns)
    scaling(args.games or (20 if args.quick else 400))
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
