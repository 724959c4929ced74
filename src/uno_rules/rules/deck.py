"""The deck a rule set deals (B1.1, E1), in canonical order."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from ..cards import COLORS, Card, Rank, classic_deck, deck_cards
from ..kinds import CardKind, register_kind
from .options import Deck

if TYPE_CHECKING:
    from .model import Rules

__all__ = ["build_deck", "deck_of_rules"]


def build_deck(rules: Rules) -> tuple[Card, ...]:
    """The deck named by ``rules.deck`` in canonical order (B1.1, E1, N1): the bundled
    deck's cards (``data/cards.json``), and for the 112-card decks the edition's extra
    cards that the preset keeps."""
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
    if rules.card_kinds:
        deck += _declared(tuple((spec.kind(), spec.count) for spec in rules.card_kinds))
    return deck


@cache
def _declared(kinds: tuple[tuple[CardKind, int], ...]) -> tuple[Card, ...]:
    """The cards of a rule set's own kinds (K1), after the bundled deck's: each color in
    turn with the colored kinds in their order, then the wild kinds."""
    ranks = [(register_kind(kind), count) for kind, count in kinds]
    cards = [Card(c, r) for c in COLORS for r, n in ranks if not r.is_wild for _ in range(n)]
    return tuple(cards + [Card(None, r) for r, n in ranks if r.is_wild for _ in range(n)])


def deck_of_rules(
    deck: Deck, blanks: int = 0, swap: bool = False, shuffle: bool = False, custom: int = 0
) -> tuple[Card, ...]:
    """The deck ``deck`` with the 112-card editions' extras as given (``blanks`` blank
    cards, the Wild Swap Hands, the Wild Shuffle Hands, ``custom`` Wild Customizable)."""
    return _deck(deck, blanks, swap, shuffle, custom)


@cache
def _deck(deck: Deck, blanks: int, swap: bool, shuffle: bool, custom: int) -> tuple[Card, ...]:
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
