"""What a played card does (``docs/rules.md`` 1.7, 2, and the house rules that change it).

:func:`apply_card_effect` is called by the engine once the cards are on the discard pile,
with the kind of play (ordinary, stack, jump-in) and any penalty carried over. The order is
fixed here: draw penalties first (they apply even to a last card, B10.3), then "no further
effect" for a card that went out (B10.4, A30, A41), then the card's own effect.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import engine  # circular, read at call time: engine imports this module first
from .cards import Card, Color, Rank
from .events import (
    ExtraTurn,
    HandsRotated,
    HandsShuffled,
    HandsSwapped,
    Reversed,
    Skipped,
    WildsDiscarded,
)
from .moves import Play
from .randomness import shuffled
from .rules import (
    ActionSemantics,
    CustomEffect,
    DealDirection,
    DrawChooser,
    MultiCardEffects,
    OnLastCard,
    ShuffleLastCard,
    StackChallenge,
    TwoPlayerReverse,
    W4InStack,
)
from .rules.stacking import draw_value
from .state import Penalty, Phase

if TYPE_CHECKING:
    from .engine import PlayKind, _Builder

__all__ = ["apply_card_effect", "draw_until_color"]

# Enum members read on every move, bound to module names: on Python 3.11 reading
# ``Phase.TURN`` goes through EnumType.__getattr__'s hook and costs about ten times a
# global read (docs/performance.md).
PHASE_CHOOSE_COLOR = Phase.CHOOSE_COLOR
PHASE_PENALTY = Phase.PENALTY
PHASE_TURN = Phase.TURN
RANK_DRAW_TWO = Rank.DRAW_TWO
RANK_REVERSE = Rank.REVERSE
RANK_SEVEN = Rank.SEVEN
RANK_SKIP = Rank.SKIP
RANK_WILD_CUSTOMIZABLE = Rank.WILD_CUSTOMIZABLE
RANK_WILD_DRAW_FOUR = Rank.WILD_DRAW_FOUR
RANK_WILD_SHUFFLE_HANDS = Rank.WILD_SHUFFLE_HANDS
RANK_WILD_SWAP_HANDS = Rank.WILD_SWAP_HANDS
RANK_ZERO = Rank.ZERO


def apply_card_effect(
    b: _Builder,
    move: Play,
    cards: tuple[Card, ...],
    kind: PlayKind,
    carried: int,
    color_before: Color,
    hand: tuple[Card, ...],
) -> None:
    """Apply the effect of ``cards`` just played by ``move.seat``, leaving ``hand``."""
    rules = b.rules
    hr = rules.house_rules
    seat = move.seat
    card = cards[-1]
    rank = card.rank
    each = hr.multi_card.enabled and hr.multi_card.effects is MultiCardEffects.EACH_APPLIES
    k = len(cards) if each else 1
    went_out = not hand
    if rank is RANK_DRAW_TWO or rank is RANK_WILD_DRAW_FOUR:
        # B7.3, B7.5, H01, H09: the next player faces the (accumulated) penalty.
        amount = draw_value(card) * k + carried
        victim = b.next(seat)
        if engine.penalty_has_choice(rules, card):
            stacked = kind is engine.KIND_STACK or carried > 0
            stacking = hr.stacking
            waived = stacked and stacking.w4_color_restriction_in_stack is not W4InStack.ENFORCE
            bluff = (
                rank is RANK_WILD_DRAW_FOUR
                and not waived
                and engine.is_bluff(rules, hand, b.old.top_card, color_before)
            )
            challengeable = (
                rank is RANK_WILD_DRAW_FOUR
                and rules.challenge_possible
                and not waived
                and not (stacked and stacking.challenge is StackChallenge.DISABLED)
            )
            b.penalty = Penalty(amount, card, seat, bluff, hand, color_before, challengeable)
            b.phase = PHASE_PENALTY
            b.turn = victim
            return
        b.draw_cards(victim, amount, "penalty")
        b.events.append(Skipped(victim))
        b.turn = b.next(seat, 2)
        return
    seven_o = hr.seven_o
    transfer_on_last = (
        seven_o.enabled
        and seven_o.on_last_card is OnLastCard.APPLY
        and rank in (RANK_SEVEN, RANK_ZERO)
    )
    redeal_on_last = (
        rank is RANK_WILD_SHUFFLE_HANDS
        and rules.extra_cards.wild_shuffle_hands.on_last_card is ShuffleLastCard.REDEAL
    )
    if went_out and not (transfer_on_last or redeal_on_last):
        return  # B10.4, A30, A41: a last card has no further effect.
    b.turn = b.next(seat)
    if rank is RANK_SKIP:
        # B7.1 (H09: k Skips skip k players).
        for i in range(1, k + 1):
            b.events.append(Skipped(b.next(seat, i)))
        b.turn = b.next(seat, k + 1)
    elif rank is RANK_REVERSE:
        _reverse(b, seat, k, kind)
    elif rank is RANK_SEVEN and seven_o.enabled and seven_o.seven_swap:
        if move.target is not None:
            _swap(b, seat, move.target)
    elif rank is RANK_ZERO and seven_o.enabled and seven_o.zero_rotate:
        _rotate(b)
    elif rank is RANK_WILD_SHUFFLE_HANDS:
        _shuffle_hands(b, seat)
    elif rank is RANK_WILD_SWAP_HANDS:
        if move.target is not None:
            _swap(b, seat, move.target)
    elif rank is RANK_WILD_CUSTOMIZABLE:
        _custom(b, seat)


def _reverse(b: _Builder, seat: int, k: int, kind: PlayKind) -> None:
    rules = b.rules
    if len(b.active()) == 2 and rules.two_player_reverse is TwoPlayerReverse.SKIP:
        # H08 / T1: with two players a Reverse acts as a Skip.
        b.events.append(Skipped(b.next(seat)))
        b.turn = seat
        return
    flips = k
    ji = rules.house_rules.jump_in
    cancel_first = ji.action_semantics is ActionSemantics.CANCEL_FIRST_THEN_APPLY
    if kind is engine.KIND_JUMP_IN and cancel_first:
        flips += 1  # A26: the first Reverse is cancelled, then the jumper's applies.
    if flips % 2:
        b.direction = -b.direction
        b.events.append(Reversed(b.direction))
    b.turn = b.next(seat)


def _swap(b: _Builder, seat: int, target: int) -> None:
    """H07 7-swap and E4 Wild Swap Hands: two seats trade hands."""
    b.hands[seat], b.hands[target] = b.hands[target], b.hands[seat]
    b.transferred = b.transferred | {seat, target}
    b.events.append(HandsSwapped(seat, target))


def _rotate(b: _Builder) -> None:
    """H07 0-rotate: every hand passes to the next seat in the direction of play (A32)."""
    active = b.active()
    old = {s: b.hands[s] for s in active}
    for s in active:
        b.hands[b.next(s)] = old[s]
    b.transferred = b.transferred | set(active)
    b.events.append(HandsRotated(b.direction))


def _shuffle_hands(b: _Builder, seat: int) -> None:
    """E2.2, E2.3, A35-A37: collect every hand, shuffle, deal from the player's left."""
    active = b.active()
    pool = [c for s in active for c in b.hands[s]]
    order = shuffled(pool, b.next_shuffle_seed())
    wsh = b.rules.extra_cards.wild_shuffle_hands
    direction = b.direction if wsh.deal_direction is DealDirection.DIRECTION_OF_PLAY else 1
    dealt: dict[int, list[Card]] = {s: [] for s in active}
    to = b.next(seat, 1, direction)
    for c in order:
        dealt[to].append(c)
        to = b.next(to, 1, direction)
    for s in active:
        b.hands[s] = tuple(dealt[s])
    b.transferred = b.transferred | set(active)
    b.events.append(HandsShuffled(seat, tuple(len(b.hands[s]) for s in range(b.players))))


def _custom(b: _Builder, seat: int) -> None:
    """E3.3 / A42 / H17: the effect written on the Wild Customizable cards."""
    wc = b.rules.extra_cards.wild_customizable
    if wc.effect is CustomEffect.EXTRA_TURN:
        b.turn = seat
        b.events.append(ExtraTurn(seat))
    elif wc.effect is CustomEffect.DRAW_UNTIL_COLOR:
        victim = b.next(seat)
        if wc.chooser is DrawChooser.VICTIM:
            # H17 chooser victim: the victim first names the color to draw until.
            assert b.color is not None
            b.penalty = Penalty(0, _WC, seat, False, (), b.color, False)
            b.phase = PHASE_CHOOSE_COLOR
            b.turn = victim
            return
        assert b.color is not None
        draw_until_color(b, victim, b.color)

    elif wc.effect is CustomEffect.DISCARD_WILDS:
        for s in b.active():
            if s == seat:
                continue
            wilds = tuple(c for c in b.hands[s] if c.is_wild)
            if wilds:
                b.hands[s] = tuple(c for c in b.hands[s] if not c.is_wild)
                b.put_under(wilds)
                b.transferred = b.transferred | {s}
                b.events.append(WildsDiscarded(s, wilds))


_WC = Card(None, RANK_WILD_CUSTOMIZABLE)


def draw_until_color(b: _Builder, victim: int, color: Color) -> None:
    """H17: ``victim`` draws until a card of ``color`` shows, keeping them all, then loses
    the turn unless ``victim_loses_turn`` is false."""
    wc = b.rules.extra_cards.wild_customizable
    got: list[Card] = []
    while True:
        card = b.take()
        if card is None:
            break
        got.append(card)
        if card.color is color:
            break
    b.receive(victim, tuple(got), "penalty")
    b.phase = PHASE_TURN
    if wc.victim_loses_turn:
        b.events.append(Skipped(victim))
        b.turn = b.next(victim)
    else:
        b.turn = victim
