"""Judging cards against a state: matching (B5), the Wild Draw Four restriction (B8.1),
what a hand can play, drawing until playable (H02). Used by the engine and by rule modules.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Final

from ..cards import Card, Color, Rank
from ..state import GameState, pile_size
from .hooks import KIND_TURN
from .options import TwoPlayerReverse, W4Restriction

if TYPE_CHECKING:
    from .model import Rules

__all__ = [
    "can_draw",
    "cards_left",
    "draw_until_playable",
    "gone_out",
    "has_legal_card",
    "holds",
    "is_bluff",
    "matches",
    "playable",
    "position",
    "reverse_skips",
    "without",
]

RANK_WILD_DRAW_FOUR: Final = Rank.WILD_DRAW_FOUR
W4_RESTRICTION_COLOR: Final = W4Restriction.COLOR
W4_RESTRICTION_STRICT: Final = W4Restriction.STRICT
W4_RESTRICTION_ANY_PLAYABLE: Final = W4Restriction.ANY_PLAYABLE


def matches(card: Card, top: Card, color: Color | None) -> bool:
    """B5.1-B5.5: a wild always matches; a colored card matches the active color, or the
    top card's number or symbol (a wild on top has neither)."""
    held = card.color
    if held is None or held is color:
        return True
    return top.color is not None and card.rank is top.rank


def cards_left(hand_after: tuple[Card, ...], card: Card) -> int:
    """The cards a hand keeps once ``card``, played from it, has had its effect:
    ``hand_after`` less, for a Discard All, every card of its color (N13)."""
    if card.kind.sheds:
        color = card.color
        return sum(1 for c in hand_after if c.color is not color)
    return len(hand_after)


def gone_out(state: GameState) -> int | None:
    """B10.1: the seat still in the game whose hand is empty while the round goes on, or
    ``None``. Only the victim's answer to a going-out Wild Draw Four (A12) or the naming of
    the color its draw waits for (H17) can leave such a state; eliminated seats (H16, 3.4),
    which hold nothing, do not count."""
    out = state.eliminated
    for seat, hand in enumerate(state.hands):
        if not hand and seat not in out:
            return seat
    return None


def can_draw(state: GameState) -> bool:
    """A card can be drawn: the draw pile has one, or a reshuffle would give one (B11, A44)."""
    return state.draw is not None or pile_size(state.discard) > 1


def is_bluff(rules: Rules, hand_after: tuple[Card, ...], top: Card, color: Color | None) -> bool:
    """B8.1 / A10 / A11 / H10: whether a Wild Draw Four breaks its restriction, judged on
    the hand left after playing it (B8.2)."""
    restriction = rules.w4_restriction
    if restriction is W4_RESTRICTION_COLOR or restriction is W4_RESTRICTION_STRICT:
        return any(c.color is color for c in hand_after)
    if restriction is W4_RESTRICTION_ANY_PLAYABLE:
        return any(c.rank is not RANK_WILD_DRAW_FOUR and matches(c, top, color) for c in hand_after)
    return False


def playable(state: GameState, hand: tuple[Card, ...], card: Card, fair_only: bool = True) -> bool:
    """``card`` can be played from ``hand`` on its own turn: it matches (B5), it may go out
    if it is the last card (H14), and a Wild Draw Four is no bluff where bluffing is barred
    (H10 ``strict``) or where ``fair_only`` asks for a fair card (B8.1); so is any card
    under the same restriction (UNO Flip's Wild Draw Two and Wild Draw Color, F3, F4)."""
    if not matches(card, state.top_card, state.color):
        return False
    rules = state.rules
    if len(hand) == 1:
        for hook, params in rules.plan.last_card:  # H14
            if hook(state, state.turn, card, KIND_TURN, params) is not None:
                return False
    if card.kind.restricted and (fair_only or rules.w4_restriction is W4_RESTRICTION_STRICT):
        return not is_bluff(rules, without(hand, (card,)), state.top_card, state.color)
    return True


def has_legal_card(state: GameState, seat: int) -> bool:
    """``seat`` holds a card it can fairly play (a bluff does not count: H04, B6.1)."""
    hand = state.hands[seat]
    top, color = state.top_card, state.color
    top_rank = top.rank if top.color is not None else None
    for card in hand:  # a second copy is judged again: cheaper than collecting distinct cards
        held = card.color
        if held is not None and held is not color and card.rank is not top_rank:
            continue  # B5: matches(), inlined (it rules out most cards before playable's rest)
        if playable(state, hand, card):
            return True
    return False


def draw_until_playable(
    state: GameState, seat: int, source: Iterable[Card], cap: int | None
) -> tuple[tuple[Card, ...], bool]:
    """H02: the cards ``seat`` takes one at a time from ``source`` until one can be played
    (a bluff counts) or ``cap`` is reached, and whether ``source`` ran out first. A card
    is taken from ``source`` only when it is drawn."""
    got: list[Card] = []
    hand = state.hands[seat]
    top, color = state.top_card, state.color
    top_rank = top.rank if top.color is not None else None
    cards = iter(source)
    while cap is None or len(got) < cap:
        card = next(cards, None)
        if card is None:
            return tuple(got), True
        got.append(card)
        held = card.color
        if held is not None and held is not color and card.rank is not top_rank:
            continue  # B5: matches(), inlined (most drawn cards fail it)
        if playable(state, hand + tuple(got), card, fair_only=False):
            break
    return tuple(got), False


def position(hand: tuple[Card, ...], card: Card) -> int:
    """Where ``card`` first is in ``hand``, or -1. Cards are found by identity: there is one
    object per distinct card (:class:`~uno_rules.Card`), and ``==`` between two different
    cards goes through Python-level comparison (cards define an order), which made
    ``hand.index(card)`` several times slower than this loop."""
    for i, held in enumerate(hand):
        if held is card:
            return i
    return -1


def without(hand: tuple[Card, ...], cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """``hand`` less one copy of each of ``cards`` (which it holds)."""
    for card in cards:
        i = position(hand, card)
        if i < 0:
            raise ValueError(f"{card} is not in the hand")
        hand = hand[:i] + hand[i + 1 :]
    return hand


def holds(hand: tuple[Card, ...], cards: tuple[Card, ...]) -> Card | None:
    """The first of ``cards`` that ``hand`` does not hold (counting copies), or ``None``.

    Several cards (H09) are counted against the hand's card counts, which are kept for the
    last hand asked about: listing the plays of a large hand with many copies of one
    number checks thousands of sequences against the same hand."""
    if len(cards) == 1:
        card = cards[0]
        return None if position(hand, card) >= 0 else card
    global _COUNTED
    counted = _COUNTED
    if counted[0] is not hand:
        counts: dict[Card, int] = {}
        for card in hand:
            counts[card] = counts.get(card, 0) + 1
        counted = _COUNTED = (hand, counts)
    have = counted[1]
    wanted: dict[Card, int] = {}
    for card in cards:
        count = wanted.get(card, 0) + 1
        if count > have.get(card, 0):
            return card
        wanted[card] = count
    return None


# The card counts of the hand ``holds`` last counted (a hand is an immutable tuple, so the
# counts cannot go stale; the tuple is replaced whole, so threads see a matching pair).
_COUNTED: tuple[tuple[Card, ...], dict[Card, int]] = ((), {})


_TWO_PLAYER_REVERSE_SKIP: Final = TwoPlayerReverse.SKIP


def reverse_skips(rules: Rules, seats_in_play: int) -> bool:
    """H08 (T1, N11), decided in this one place: with two seats in play and
    ``two_player_reverse: skip``, a Reverse acts as a Skip (its player plays again), played
    or turned first (A52), by the effect step, the fast path, a jump-in (A26) and the
    clause a ruling cites alike."""
    return seats_in_play == 2 and rules.two_player_reverse is _TWO_PLAYER_REVERSE_SKIP
