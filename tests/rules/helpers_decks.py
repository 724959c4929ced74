"""Helpers for the 112-card decks (docs/rules.md section 2, E1).

``helpers.ok`` checks card conservation against the 108-card deck; ``ok`` and ``run`` here
are ``helpers.ok`` and ``helpers.run`` checking it against the deck the state's rules name,
built from E1's counts (not by the engine).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import uno_rules as uno

from . import helpers
from .helpers import DECK
from .helpers import all_cards as held

__all__ = [
    "assert_conserved",
    "expected_deck",
    "flip_deck",
    "flip_pairs",
    "hand_cards",
    "held",
    "no_mercy_deck",
    "ok",
    "run",
]


def no_mercy_deck() -> Counter[uno.Card]:
    """N1: the 168 cards of No Mercy as docs/no-mercy.md lists them (built here, not by the
    engine)."""
    per_color = {str(n): 2 for n in range(10)}
    per_color.update({"+2": 3, "+4": 2, "skip": 3, "skipall": 2, "rev": 3, "discardall": 3})
    texts: list[str] = []
    for c in "RYGB":
        for face, count in per_color.items():
            texts += [f"{c}{face}"] * count
    texts += ["Wrev+4"] * 8 + ["W+6"] * 4 + ["W+10"] * 4 + ["Wroulette"] * 8
    return Counter(uno.Card.parse(t) for t in texts)


def flip_pairs() -> list[str]:
    """F1: the 112 two-sided cards as docs/flip.md constructs them (built here, not by the
    engine): the light faces in the order of its first table, the dark faces in the order
    of its second, the k-th light face with dark face 37k mod 112."""
    light: list[str] = []
    dark: list[str] = []
    for side, colors, symbols, wilds in (
        (light, "RYGB", ("+1", "rev", "skip", "flip"), ("W", "W+2")),
        (dark, "PTOV", ("+5", "rev", "skipall", "flip"), ("W", "W+color")),
    ):
        for c in colors:
            for face in (*(str(n) for n in range(1, 10)), *symbols):
                side += [c + face] * 2
        for wild in wilds:
            side += [wild] * 4
    return [f"{light[k]}/{dark[37 * k % 112]}" for k in range(112)]


def flip_deck() -> Counter[uno.Card]:
    """F1: the Flip deck, light side up."""
    return Counter(uno.Card.parse(t) for t in flip_pairs())


def expected_deck(rules: uno.Rules) -> Counter[uno.Card]:
    """E1: 108 cards, or 112 as 4 x BLANK, WSW + 3 x WC or WSH + 3 x WC, less the extra
    cards the preset switches off; N1: No Mercy's 168."""
    if str(rules.deck) == "no-mercy-168":
        return no_mercy_deck()
    if str(rules.deck) == "flip-112":
        return flip_deck()
    if rules.name == "all-wild":  # AW1's table
        counts = {"W": 26, "W+2": 14, "Wrev": 14, "Wskip": 14, "Wskip2": 12, "Wt+2": 12,
                  "W+4": 10, "Wswap": 10}  # fmt: skip
        return Counter({uno.Card.parse(text): n for text, n in counts.items()})
    if rules.name == "attack":  # AT1's table
        per_color = {"0": 1, **{str(n): 2 for n in range(1, 10)}, "skip": 1, "rev": 1,
                     "hit2": 2, "discardall": 1, "trade": 1}  # fmt: skip
        attack = Counter(
            {uno.Card.parse(f"{c}{face}"): n for c in "RYGB" for face, n in per_color.items()}
        )
        for wild in ("W", "Wallhit", "Whitfire"):
            attack[uno.Card.parse(wild)] = 4
        return attack
    deck = Counter(DECK)
    extra = rules.extra_cards
    name = str(rules.deck)
    if name == "blank-112-2001":
        deck[uno.Card.parse("BLANK")] += extra.blank.count
    elif name == "swap-112-2015":
        deck[uno.Card.parse("WSW")] += 1 if extra.wild_swap_hands.enabled else 0
        deck[uno.Card.parse("WC")] += extra.wild_customizable.count
    elif name == "shuffle-112-2018":
        deck[uno.Card.parse("WSH")] += 1 if extra.wild_shuffle_hands.enabled else 0
        deck[uno.Card.parse("WC")] += extra.wild_customizable.count
    else:
        assert name == "classic-108"
    return +deck


def assert_conserved(state: uno.GameState) -> None:
    """B1.4 with E1: hands + draw pile + discard pile == the deck the rules name."""
    helpers.assert_conserved(state, expected_deck(state.rules))


def ok(state: uno.GameState, move: str) -> uno.Transition:
    """Apply a move that must be legal (any deck); return the transition."""
    return helpers.ok(state, move, deck_of=expected_deck)


def run(state: uno.GameState, *moves: str) -> tuple[uno.GameState, list[Any]]:
    """Apply several legal moves (any deck); return the final state and all events."""
    return helpers.run(state, *moves, deck_of=expected_deck)


def hand_cards(state: uno.GameState) -> Counter[uno.Card]:
    """All cards held in hands."""
    out: Counter[uno.Card] = Counter()
    for hand in state.hands:
        out.update(hand)
    return out
