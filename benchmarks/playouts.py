"""Random playouts per second under the official rules, against an in-run reference.

The machines that run this are shared and noisy, so an absolute time means little. Each
run therefore also times a *reference*: a minimal mutable UNO round written here with plain
lists, no validation, no immutability and no events (draw one, play the first matching card,
Skip / Reverse / Draw Two / wilds applied, no UNO calls, no challenges). The figure to
compare across runs is the ratio uno_rules / reference. The script also plays the same
rounds under ``family`` (stacking, jump-in, 7-0, draw until playable) and prints its cost
per move relative to ``official``.

    python benchmarks/playouts.py            # full run
    python benchmarks/playouts.py --quick    # a few rounds, to check the script works

Both engines follow one policy: play a uniformly random playable card if there is one
(random color for a wild), otherwise draw, then play the drawn card if it is legal, else
pass. uno_rules plays through its public, checked API (``legal_moves`` then ``apply``),
calls UNO with its next-to-last card and accepts Wild Draw Fours.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

import uno_rules as uno
from uno_rules.cards import Rank, classic_deck

OFFICIAL = uno.load_preset("official")


def build() -> str:
    """Which build of uno_rules runs (``uno_rules.COMPILED``), for the benchmarks' output."""
    kind = "compiled" if uno.COMPILED else "pure Python"
    return f"uno_rules {uno.__version__}, {kind} build, Python {sys.version.split()[0]}"


FAMILY = uno.load_preset("family")


def play_family(players: int, seed: int) -> int:
    """One round under ``family`` (stacking, jump-in rules, 7-0, draw until playable)."""
    return play_uno_rules(players, seed, FAMILY)


def play_uno_rules(players: int, seed: int, rules: uno.Rules = OFFICIAL) -> int:
    """One round through the public API; returns the number of moves applied."""
    rng = random.Random(seed)
    state = uno.new_game(rules, players=players, seed=seed)
    moves = 0
    while not state.round_over:
        choice = policy(uno.legal_moves(state), rng)
        result = uno.apply(state, choice)
        assert isinstance(result, uno.Transition)
        state = result.state
        moves += 1
    return moves


def policy(legal: tuple[uno.Move, ...], rng: random.Random) -> uno.Move:
    """A random playable card (calling UNO when it leaves one card), else draw, else pass;
    a pending Wild Draw Four is accepted."""
    plays: dict[uno.Card, list[uno.Play]] = {}
    fallback: uno.Move | None = None
    for move in legal:
        kind = type(move)
        if kind is _PLAY:
            assert isinstance(move, uno.Play)
            group = plays.get(move.card)
            if group is None:
                plays[move.card] = [move]
            else:
                group.append(move)
        elif kind is _DRAW or kind is _ACCEPT or (kind is _PASS and fallback is None):
            fallback = move
        elif kind is _CHOOSE:
            return rng.choice([m for m in legal if type(m) is _CHOOSE])
    if plays:
        options = plays[rng.choice(list(plays))]
        calls = [m for m in options if m.call_uno]
        return rng.choice(calls or options)
    assert fallback is not None
    return fallback


# The move classes, read once: the policy runs once per move of every playout.
_PLAY, _DRAW, _PASS, _ACCEPT, _CHOOSE = uno.Play, uno.Draw, uno.Pass, uno.Accept, uno.ChooseColor


def play_reference(players: int, seed: int) -> int:
    """One round of a minimal mutable, unchecked UNO loop; returns the moves made."""
    rng = random.Random(seed)
    deck = list(classic_deck())
    rng.shuffle(deck)
    hands = [deck[i * 7 : (i + 1) * 7] for i in range(players)]
    pile = deck[players * 7 :]
    discard = [pile.pop()]
    while discard[-1].color is None:
        pile.insert(0, discard.pop())
        discard.append(pile.pop())
    color = discard[-1].color
    turn, direction, moves = 0, 1, 0
    while True:
        hand = hands[turn]
        top = discard[-1]
        playable = [c for c in hand if c.color is None or c.color is color or c.rank is top.rank]
        if not playable:
            if not pile:
                pile = discard[:-1]
                del discard[:-1]
                rng.shuffle(pile)
            if pile:
                drawn = pile.pop()
                moves += 1
                if drawn.color is None or drawn.color is color or drawn.rank is top.rank:
                    hand.append(drawn)
                    playable = [drawn]
                else:
                    hand.append(drawn)
                    turn = (turn + direction) % players
                    continue
            else:
                moves += 1
                turn = (turn + direction) % players
                continue
        card = rng.choice(playable)
        hand.remove(card)
        discard.append(card)
        color = card.color if card.color is not None else rng.choice(uno.COLORS)
        moves += 1
        if not hand:
            return moves
        step = 1
        if card.rank is Rank.SKIP:
            step = 2
        elif card.rank is Rank.REVERSE:
            direction = -direction
        elif card.rank in (Rank.DRAW_TWO, Rank.WILD_DRAW_FOUR):
            victim = (turn + direction) % players
            for _ in range(2 if card.rank is Rank.DRAW_TWO else 4):
                if not pile:
                    pile = discard[:-1]
                    del discard[:-1]
                    rng.shuffle(pile)
                if pile:
                    hands[victim].append(pile.pop())
            step = 2
        turn = (turn + direction * step) % players


def measure(play: object, players: int, rounds: int) -> tuple[float, float]:
    """Rounds per second and moves per second over ``rounds`` seeded rounds."""
    assert callable(play)
    start = time.perf_counter()
    total_moves = 0
    for seed in range(rounds):
        total_moves += play(players, seed)
    elapsed = time.perf_counter() - start
    return rounds / elapsed, total_moves / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a few rounds only")
    parser.add_argument("--repeat", type=int, default=5, help="repetitions (median)")
    args = parser.parse_args()
    rounds = 3 if args.quick else 100
    repeat = 1 if args.quick else args.repeat
    print(build())
    print(f"{'players':>7} {'engine':>10} {'rounds/s':>10} {'moves/s':>10} {'ratio':>7}")
    family_cost: list[float] = []
    for players in (2, 4):
        ours, ref, fam = [], [], []
        for _ in range(repeat):  # interleaved, so a noisy moment hits all three
            ours.append(measure(play_uno_rules, players, rounds))
            ref.append(measure(play_reference, players, rounds))
            fam.append(measure(play_family, players, rounds))
        ours_r = statistics.median(r for r, _ in ours)
        ours_m = statistics.median(m for _, m in ours)
        ref_r = statistics.median(r for r, _ in ref)
        ref_m = statistics.median(m for _, m in ref)
        print(f"{players:>7} {'reference':>10} {ref_r:>10.1f} {ref_m:>10.0f} {1.0:>7.2f}")
        print(
            f"{players:>7} {'uno_rules':>10} {ours_r:>10.1f} {ours_m:>10.0f} {ours_r / ref_r:>7.3f}"
        )
        fam_r = statistics.median(r for r, _ in fam)
        fam_m = statistics.median(m for _, m in fam)
        print(f"{players:>7} {'(family)':>10} {fam_r:>10.1f} {fam_m:>10.0f} {fam_r / ref_r:>7.3f}")
        family_cost.append(ours_m / fam_m)
    print(
        "cost per move, family / official: "
        + ", ".join(f"{c:.2f}x ({p} players)" for c, p in zip(family_cost, (2, 4), strict=True))
    )


if __name__ == "__main__":
    main()
