"""Memory of a long-running process fed an endless stream of refused and accepted inputs.

A referee service reads presets, card texts, snapshots and game records from anyone, for
as long as it runs. Whatever an input leaves behind in process-wide tables (the card-kind
registry, interned cards, parse caches) adds up over its life. This script feeds one
process, for each kind of input, ``--count`` refused and ``--count`` accepted inputs
(alternately, every input different from the ones before) and prints its resident memory
(RSS) after a warm-up, half-way and at the end. A flat line (end within a small margin of
the middle) means the stream leaves nothing behind; the margin is printed.

- presets: mappings declaring card kinds of their own, refused (a bad setting beside the
  kinds, a bad step, a bad alias) or accepted (kinds from a pool of 40, each declared the
  same way whenever it comes back);
- card texts: malformed, over-long and padded texts, and every kind of valid one
  (two-sided cards in pairings no deck prints included);
- snapshots: tampered ones (UNO Flip ones naming pairings no deck prints, either side up,
  of the Flip deck's faces and the declared kinds'; cards missing; a bad field) and
  snapshots of states of random games (UNO Flip, No Mercy, a rule set with its own kinds,
  the official rules);
- records: malformed ones, ones with a move that cannot be read or is refused, and records
  of random games (each replayed to its end).

    python benchmarks/memory_inputs.py                # 10,000 refused and 10,000 accepted
    python benchmarks/memory_inputs.py --quick        # 300 of each, in seconds

RSS is read from ``/proc/self/statm`` (Linux); elsewhere the script prints the peak
(``getrusage``), which can only grow.
"""

from __future__ import annotations

import argparse
import copy
import gc
import json
import random
import resource
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import uno_rules as uno
from uno_rules.cards import Card, deck_cards
from uno_rules.errors import NotationError, PresetError, SituationError
from uno_rules.testing import random_playout

REFUSALS = (NotationError, PresetError, SituationError)


def rss_mb() -> tuple[float, str]:
    """The process's resident memory in MB, and how it was read."""
    statm = Path("/proc/self/statm")
    if statm.exists():
        pages = int(statm.read_text().split()[1])
        return pages * resource.getpagesize() / 2**20, "RSS"
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KB on Linux, bytes on macOS
    return peak / (2**20 if sys.platform == "darwin" else 2**10), "peak RSS"


# --------------------------------------------------------------------------- presets


def _kind(rank: str, name: str, **more: Any) -> dict[str, Any]:
    return {"rank": rank, "name": name, "effect": [{"skip": 1}], **more}


def refused_preset(i: int) -> dict[str, Any]:
    """A preset declaring a kind never seen before, refused for a reason of its own."""
    kinds = [_kind(f"zr{i}", f"Refused {i}", aliases=[f"zra{i}", f"zrb{i}"])]
    case = i % 3
    if case == 0:  # a setting out of range beside good kinds
        return {"extends": "official", "name": f"refused-{i}", "hand_size": 50, "card_kinds": kinds}
    if case == 1:  # a step that does not exist
        kinds.append(_kind(f"zs{i}", "Bad step", effect=[{"explode": i}]))
        return {"extends": "official", "name": f"refused-{i}", "card_kinds": kinds}
    kinds.append(_kind(f"zt{i}", "Too many aliases", aliases=[f"zt{i}a{k}" for k in range(9)]))
    return {"extends": "official", "name": f"refused-{i}", "card_kinds": kinds}


def accepted_preset(i: int) -> dict[str, Any]:
    """A preset of its own name and settings, its kind one of a pool of 40."""
    k = i % 40
    return {
        "extends": "official" if i % 2 else "no-mercy",
        "name": f"accepted-{i}",
        "hand_size": 5 + i % 4,
        "card_kinds": [_kind(f"zk{k}", f"Pool {k}", count=1 + k % 2, points=10 + k)],
    }


def feed_preset(document: dict[str, Any]) -> bool:
    try:
        uno.load_preset(document)
    except PresetError:
        return False
    return True


# --------------------------------------------------------------------------- card texts


def faces() -> tuple[list[str], list[str]]:
    """The faces a two-sided card may show on each side: the Flip deck's, and those of the
    pool's declared kinds (registered first, as an accepted preset registers them), in
    each color of the side."""
    for k in range(40):
        feed_preset(accepted_preset(k))
    flip = deck_cards("flip-112")
    light = sorted({str(c.face) for c in flip}) + [f"{c}zk{k}" for c in "RYGB" for k in range(40)]
    dark = sorted({str(c.other) for c in flip}) + [f"{c}zk{k}" for c in "PTOV" for k in range(40)]
    return light, dark


def _valid_texts() -> list[str]:
    light, dark = faces()
    one_sided = sorted({str(c) for c in deck_cards("no-mercy-168") + deck_cards("classic-108")})
    # printed by the deck or not; a sample, so that the accepted texts come back
    pairings = [f"{a}/{b}" for a in light[::7] for b in dark[::7]]
    words = ["red5", "Blue-Skip", "g-reverse", "yellow+2", "w+4", "teal7", "purple-flip"]
    return one_sided + pairings + words


def card_texts() -> tuple[Callable[[int], str], Callable[[int], str]]:
    valid = _valid_texts()

    def refused(i: int) -> str:
        case = i % 4
        if case == 0:
            return f"Q{i}"
        if case == 1:
            return "R5" + " " * 2000 + f"x{i}"  # padded: a long text is never kept
        if case == 2:
            return f"R5/T{i + 10}"  # no dark 10 or more
        return f"{valid[i % len(valid)]}/{i}"

    def accepted(i: int) -> str:
        text = valid[i % len(valid)]
        return " " * (i // len(valid) % 8) + text  # the same card, other spellings

    return refused, accepted


def feed_card(text: str) -> bool:
    try:
        Card.parse(text)
    except NotationError:
        return False
    return True


# --------------------------------------------------------------------------- snapshots

OWN_KINDS = {
    "extends": "official",
    "name": "own-kinds",
    "card_kinds": [_kind("bomb", "Bomb", count=2, points=30)],
}


def _states(presets: list[Any], games: int, moves: int) -> list[uno.GameState]:
    """States along seeded random games (every fifth state of each)."""
    found: list[uno.GameState] = []
    for seed in range(games):
        rules = presets[seed % len(presets)]
        rng = random.Random(seed)
        state = uno.new_game(rules, players=2 + seed % 4, seed=seed)
        for step in range(moves):
            if state.round_over:
                break
            if step % 5 == 0:
                found.append(state)
            state = uno.apply_or_raise(state, rng.choice(uno.legal_moves(state))).state
    return found


def snapshots() -> tuple[Callable[[int], dict[str, Any]], Callable[[int], dict[str, Any]]]:
    pool = [
        json.loads(json.dumps(uno.dump_state(s)))
        for s in _states(["flip", "no-mercy", OWN_KINDS, "official"], 24, 60)
    ]
    flip = [p for p in pool if p.get("side")]
    light, dark = faces()

    def refused(i: int) -> dict[str, Any]:
        rng = random.Random(i)
        case = i % 3
        if case == 0:  # UNO Flip: pairings no deck prints, either side up
            bad = copy.deepcopy(flip[i % len(flip)])
            bad["side"] = "dark" if i % 2 else "light"
            bad["hands"] = [
                [f"{rng.choice(light)}/{rng.choice(dark)}" for _ in hand] for hand in bad["hands"]
            ]
            bad["draw_pile"] = [f"{rng.choice(light)}/{rng.choice(dark)}" for _ in bad["draw_pile"]]
            return bad
        bad = copy.deepcopy(pool[i % len(pool)])
        if case == 1 and bad["draw_pile"]:  # a card missing
            bad["draw_pile"].pop(rng.randrange(len(bad["draw_pile"])))
        else:
            bad["turn"] = len(bad["hands"]) + rng.randrange(100)
        return bad

    def accepted(i: int) -> dict[str, Any]:
        return copy.deepcopy(pool[i % len(pool)])

    return refused, accepted


def feed_snapshot(document: dict[str, Any]) -> bool:
    try:
        uno.load_state(document)
    except SituationError:
        return False
    return True


# --------------------------------------------------------------------------- records


def records() -> tuple[Callable[[int], dict[str, Any]], Callable[[int], dict[str, Any]]]:
    pool: list[dict[str, Any]] = []
    for seed, rules in enumerate(["official", "flip", "no-mercy", OWN_KINDS] * 5):
        _, texts = random_playout(rules, 2 + seed % 3, seed, seed, max_moves=100_000)
        pool.append(uno.make_record(rules, 2 + seed % 3, seed, texts[:40]))

    def refused(i: int) -> dict[str, Any]:
        bad = copy.deepcopy(pool[i % len(pool)])
        case = i % 3
        if case == 0:
            bad["moves"][len(bad["moves"]) // 2] = f"0 Q{i}"  # a move that cannot be read
        elif case == 1:
            bad["moves"].insert(1, "0 R5 >9")  # a move that is refused
        else:
            bad[f"unknown{i}"] = i
        return bad

    def accepted(i: int) -> dict[str, Any]:
        return copy.deepcopy(pool[i % len(pool)])

    return refused, accepted


def feed_record(document: dict[str, Any]) -> bool:
    try:
        return uno.replay(document).ok
    except REFUSALS:
        return False


# --------------------------------------------------------------------------- the stream


def stream(
    refused: Callable[[int], Any],
    accepted: Callable[[int], Any],
    feed: Callable[[Any], bool],
    count: int,
    warm: int,
) -> Iterator[tuple[str, float, int, int]]:
    """Feed ``warm`` inputs of each outcome, then ``count``; yield the RSS at the start
    (after the warm-up), half-way and at the end, with the outcomes counted."""
    for i in range(warm):
        feed(refused(-1 - i))
        feed(accepted(-1 - i))
    outcomes = {True: 0, False: 0}
    gc.collect()
    yield "start", rss_mb()[0], 0, 0
    for i in range(count):
        outcomes[feed(refused(i))] += 1
        outcomes[feed(accepted(i))] += 1
        if i + 1 == count // 2:
            gc.collect()
            yield "middle", rss_mb()[0], outcomes[False], outcomes[True]
    gc.collect()
    yield "end", rss_mb()[0], outcomes[False], outcomes[True]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="300 inputs of each outcome")
    parser.add_argument("--count", type=int, default=10_000, help="inputs of each outcome")
    args = parser.parse_args()
    count = 300 if args.quick else args.count
    warm = 20 if args.quick else 200
    print(
        f"uno_rules {uno.__version__}, compiled: {uno.COMPILED}; {count} refused and "
        f"{count} accepted inputs of each kind, after {warm} of each to warm up"
    )
    kinds: list[tuple[str, Callable[[int], Any], Callable[[int], Any], Callable[[Any], bool]]]
    kinds = [("presets", refused_preset, accepted_preset, feed_preset)]
    kinds.append(("card texts", *card_texts(), feed_card))
    kinds.append(("snapshots", *snapshots(), feed_snapshot))
    kinds.append(("records", *records(), feed_record))
    how = rss_mb()[1]
    print(
        f"{'input':<11} {how + ' MB: start':>17} {'middle':>8} {'end':>8} "
        f"{'end - middle':>13} {'refused':>8} {'accepted':>9} {'seconds':>8}  verdict"
    )
    for name, refused, accepted, feed in kinds:
        began = time.perf_counter()
        points = {}
        for label, mb, no, yes in stream(refused, accepted, feed, count, warm):
            points[label] = mb
            outcomes = (no, yes)
        grew = points["end"] - points["middle"]
        margin = max(2.0, 0.02 * points["start"])
        verdict = "flat" if grew <= margin else f"GROWS ({grew:.1f} MB > {margin:.1f} MB)"
        print(
            f"{name:<11} {points['start']:>17.1f} {points['middle']:>8.1f} {points['end']:>8.1f} "
            f"{grew:>+13.1f} {outcomes[0]:>8} {outcomes[1]:>9} "
            f"{time.perf_counter() - began:>8.1f}  {verdict}"
        )
        if outcomes[0] != count or outcomes[1] != count:
            raise SystemExit(f"{name}: expected {count} refused and {count} accepted")


if __name__ == "__main__":
    main()
