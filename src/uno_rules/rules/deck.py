"""The deck a rule set deals (B1.1, E1, K7), in canonical order."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import TYPE_CHECKING

from ..cards import COLORS, Card, Rank, classic_deck, deck_cards
from ..errors import Problem
from ..i18n import N_
from ..kinds import CardKind, register_kind
from .options import Deck

if TYPE_CHECKING:
    from .model import Rules

__all__ = ["build_deck", "deck_of_rules", "deck_problems", "forget_declared"]


def build_deck(rules: Rules) -> tuple[Card, ...]:
    """The deck of ``rules`` in canonical order (B1.1, E1, N1, K7): the bundled deck named
    by ``rules.deck`` (none for ``deck: none``) with, for the 112-card decks, the edition's
    extra cards that the preset keeps; the bundled kinds ``deck_counts`` re-counts, in the
    bundled data's order (each color in turn, then the wilds); then the rule set's own
    kinds (K1)."""
    cards = rules.extra_cards
    # Cached on the facts that decide the deck: hashing a whole Rules costs more than
    # building a deck, and new_game asks for one every round.
    deck = _deck(
        rules.deck,
        cards.blank.count,
        cards.wild_swap_hands.enabled,
        cards.wild_shuffle_hands.enabled,
        cards.wild_customizable.count,
    )
    if rules.deck_counts:
        deck = _recounted(deck, tuple(rules.deck_counts.items()))
    if rules.card_kinds:
        deck += _declared(tuple((spec.kind(), spec.count) for spec in rules.card_kinds))
    return deck


def counted_rank(text: str) -> Rank | None:
    """The bundled kind a ``deck_counts`` key names (its rank, exactly), or ``None``."""
    try:
        rank = Rank(text)
    except ValueError:
        return None
    return rank if rank.kind.points_class != "kind" else None


@cache
def _recounted(deck: tuple[Card, ...], counts: tuple[tuple[str, int], ...]) -> tuple[Card, ...]:
    """``deck`` with the kinds of ``counts`` re-counted (K7)."""
    wanted = {counted_rank(text): n for text, n in counts}
    kept = [c for c in deck if c.rank not in wanted]
    order = [r for r in Rank if r in wanted]  # the bundled data's order
    for color in COLORS:
        for rank in order:
            if not rank.is_wild:
                kept += [Card(color, rank)] * wanted[rank]
    for rank in order:
        if rank.is_wild:
            kept += [Card(None, rank)] * wanted[rank]
    return tuple(kept)


def deck_problems(deck: Deck, counts: Mapping[str, int]) -> list[str]:
    """What is wrong with ``deck_counts`` (K7), each with its path: a key that is not a
    bundled kind's rank, or a re-count of a deck of two-sided cards."""
    problems: list[str] = []
    if counts and deck is Deck.FLIP_112:
        problems.append(
            Problem(
                "deck_counts",
                N_("the flip-112 deck is of two-sided cards; its kinds cannot be re-counted"),
            )
        )
        return problems
    for text in counts:
        if counted_rank(text) is None:
            problems.append(
                Problem(
                    f"deck_counts.{text[:40]}",
                    N_(
                        "not the rank of a bundled card kind (write it as the notation does, "
                        "W+4 or skip; a rule set's own kinds take their count in card_kinds)"
                    ),
                )
            )
    return problems


@cache
def _declared(kinds: tuple[tuple[CardKind, int], ...]) -> tuple[Card, ...]:
    """The cards of a rule set's own kinds (K1), after the bundled deck's: each color in
    turn with the colored kinds in their order, then the wild kinds."""
    ranks = [(register_kind(kind), count) for kind, count in kinds]
    cards = [Card(c, r) for c in COLORS for r, n in ranks if not r.is_wild for _ in range(n)]
    return tuple(cards + [Card(None, r) for r, n in ranks if r.is_wild for _ in range(n)])


def forget_declared() -> None:
    """Drop the cached cards of declared kinds (a refused preset's, K4)."""
    _declared.cache_clear()
    _recounted.cache_clear()


def deck_of_rules(
    deck: Deck, blanks: int = 0, swap: bool = False, shuffle: bool = False, custom: int = 0
) -> tuple[Card, ...]:
    """The deck ``deck`` with the 112-card editions' extras as given (``blanks`` blank
    cards, the Wild Swap Hands, the Wild Shuffle Hands, ``custom`` Wild Customizable)."""
    return _deck(deck, blanks, swap, shuffle, custom)


@cache
def _deck(deck: Deck, blanks: int, swap: bool, shuffle: bool, custom: int) -> tuple[Card, ...]:
    if deck is Deck.NONE:
        return ()
    if deck is Deck.NO_MERCY_168 or deck is Deck.FLIP_112:
        return deck_cards(deck.value)
    extra: list[Card] = []
    if deck is Deck.BLANK_112_2001:
        extra += [Card(None, Rank.BLANK)] * blanks
    elif deck is Deck.SWAP_112_2015:
        if swap:
            extra.append(Card(None, Rank.WILD_SWAP_HANDS))
        extra += [Card(None, Rank.WILD_CUSTOMIZABLE)] * custom
    elif deck is Deck.SHUFFLE_112_2018:
        if shuffle:
            extra.append(Card(None, Rank.WILD_SHUFFLE_HANDS))
        extra += [Card(None, Rank.WILD_CUSTOMIZABLE)] * custom
    return classic_deck() + tuple(extra)
