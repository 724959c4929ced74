"""The play check's cost against plain simulation: games per second of each, in one run.

The same games (the same rule set, table size, bot and number) are played twice in this
process, in turns, several times (``--repeat``; the best rate of each is kept, the one least
disturbed by other work on the machine):

- ``simulate``: ``uno_rules.simulate.simulate``, which only plays and counts;
- ``playtest``: the play check's games (``uno.playtest`` with no baseline and no settings
  switched off): the same bots, plus the kit's invariants every 25 moves and at each round's
  end, the move record, the digest of moves and events, and the state keys of a long round.

The ratio ``playtest / simulate`` is the price of the checks, per game. A whole play check
plays more games than that: its own, the baseline's (the same number again) and one more set
for each setting switched off; ``--full`` also times one whole check of ``family`` (baseline
and settings included) and prints how many games it played.

    python benchmarks/playtest.py            # 40 games of each, 3 times
    python benchmarks/playtest.py --quick    # a few games, to check the script works
"""

from __future__ import annotations

import argparse
import os
import time

import uno_rules as uno
from uno_rules.simulate import simulate


def rate(run: object, games: int) -> float:
    start = time.perf_counter()
    run()  # type: ignore[operator]
    return games / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a few games, to check it works")
    parser.add_argument("--preset", default="family")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bot", default="heuristic", choices=("heuristic", "random"))
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--full", action="store_true", help="also time a whole check")
    args = parser.parse_args()
    games, repeat = (4, 1) if args.quick else (args.games, args.repeat)
    rules = uno.load_preset(args.preset)

    def plain() -> None:
        totals = simulate(rules, args.players, games, seed=0, bot=args.bot)
        assert totals.games == games

    def checked() -> None:
        report = uno.playtest(
            rules,
            baseline=None,
            dead_settings=False,
            games=games,
            players=(args.players,),
            bots=(args.bot,),
        )
        assert report.games == games

    best = {"simulate": 0.0, "playtest": 0.0}
    for _ in range(repeat):
        best["simulate"] = max(best["simulate"], rate(plain, games))
        best["playtest"] = max(best["playtest"], rate(checked, games))
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(
        f"{args.preset}, {args.players} players, {args.bot} bots, {games} games, best of "
        f"{repeat} (load average {load:.2f})"
    )
    print(f"  simulate   {best['simulate']:8.1f} games/s")
    print(f"  playtest   {best['playtest']:8.1f} games/s")
    print(f"  ratio      {best['playtest'] / best['simulate']:8.2f} (playtest / simulate)")
    if args.full or args.quick:
        # quick: one table, heuristic bots; full: tables of 2 and 4, both bots
        sizes, bots, size = ((2,), ("heuristic",), 1) if args.quick else ((2, 4), None, 5)
        start = time.perf_counter()
        report = uno.playtest(
            rules, games=size, players=sizes, bots=bots or ("random", "heuristic")
        )
        elapsed = time.perf_counter() - start
        switched = len(report.live) + len(report.dead)
        played = report.games * (2 + switched)
        print(
            f"  a whole check of {args.preset} (tables of {sizes}, bots {report.bots}, {size} "
            f"game(s) each, the baseline and {switched} settings switched off): {played} games "
            f"in {elapsed:.1f} s"
        )


if __name__ == "__main__":
    main()
