"""What loading a state snapshot costs, with its rule set remembered and validated afresh.

A snapshot (``dump_state``) carries its whole rule set, and ``load_state`` rebuilds the
rules with ``load_preset``, which remembers the rules it built from a plain mapping
(``docs/performance.md``). The reference, measured in the same run, is the same load with
that memory emptied before each load: what every load cost before rule sets were
remembered. Each figure is the median over alternating repetitions, in CPU time of this
process; the ratio is what counts on a shared machine.

    python benchmarks/snapshots.py            # 400 loads a repetition, 7 repetitions
    python benchmarks/snapshots.py --quick    # a smoke run, for CI
"""

from __future__ import annotations

import argparse
import statistics
import time

import uno_rules as uno
from uno_rules import presets

TABLES = (("official", 4), ("progressive", 3), ("no-mercy", 4), ("flip", 4))


def per_load(dumped: dict[str, object], loads: int, remembered: bool) -> float:
    """Milliseconds of CPU time per ``load_state`` of ``dumped``."""
    start = time.process_time()
    for _ in range(loads):
        if not remembered:
            presets._forget_loaded()
        uno.load_state(dumped)
    return (time.process_time() - start) / loads * 1e3


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a few loads, two repetitions")
    args = parser.parse_args()
    loads, repeat = (20, 2) if args.quick else (400, 7)
    print(f"load_state, {loads} loads x {repeat} repetitions, median ms per load (CPU time)")
    print(f"{'rules':12} {'seats':>5} {'validated':>10} {'remembered':>11} {'ratio':>6}")
    for rules, players in TABLES:
        dumped = uno.dump_state(uno.new_game(rules, players=players, seed=1))
        fresh, kept = [], []
        for _ in range(repeat):
            fresh.append(per_load(dumped, loads, remembered=False))
            kept.append(per_load(dumped, loads, remembered=True))
        validated, remembered = statistics.median(fresh), statistics.median(kept)
        print(
            f"{rules:12} {players:>5} {validated:>10.2f} {remembered:>11.2f} "
            f"{validated / remembered:>5.1f}x"
        )


if __name__ == "__main__":
    main()
