"""What a played card does under the official rules (1.7, 2), with the house rules' say.

:func:`apply_card_effect` is called by the engine once the cards are on the discard pile.
The order is fixed here: draw penalties first (they apply even to a last card, B10.3; an
enabled rule may shape the penalty left pending, H01), then the enabled rules' own effects
(``play_effect``, in the registry's order; H15, H06, H07 and rules installed from other
packages), then "no further effect" for a card that went out (B10.4, A41), then the card's
official effect.
"""

from __future__ import annotations

from typing import Final

from .cards import Card, Color, Rank
from .events import (
    ExtraTurn,
    HandsShuffled,
    Reversed,
    Skipped,
    WildsDiscarded,
)
from .randomness import shuffled
from .rules import (
    CustomEffect,
    DealDirection,
    DrawChooser,
    ShuffleLastCard,
    TwoPlayerReverse,
)
from .rules.builder import Builder
from .rules.hooks import PlayContext
from .rules.judge import is_bluff
from .rules.stacking import draw_value
from .state import Penalty, Phase

__all__ = ["apply_card_effect", "draw_until_color"]

# Enum members read on every move, bound to module names: on Python 3.11 reading
# ``Phase.TURN`` goes through EnumType.__getattr__'s hook and costs about ten times a
# global read (docs/performance.md).
PHASE_CHOOSE_COLOR: Final = Phase.CHOOSE_COLOR
PHASE_PENALTY: Final = Phase.PENALTY
PHASE_TURN: Final = Phase.TURN
RANK_DRAW_TWO: Final = Rank.DRAW_TWO
RANK_REVERSE: Final = Rank.REVERSE
RANK_SEVEN: Final = Rank.SEVEN
RANK_SKIP: Final = Rank.SKIP
RANK_WILD_CUSTOMIZABLE: Final = Rank.WILD_CUSTOMIZABLE
RANK_WILD_DRAW_FOUR: Final = Rank.WILD_DRAW_FOUR
RANK_WILD_SHUFFLE_HANDS: Final = Rank.WILD_SHUFFLE_HANDS
RANK_WILD_SWAP_HANDS: Final = Rank.WILD_SWAP_HANDS
RANK_ZERO: Final = Rank.ZERO
TWO_PLAYER_REVERSE_SKIP: Final = TwoPlayerReverse.SKIP
DEAL_DIRECTION_DIRECTION_OF_PLAY: Final = DealDirection.DIRECTION_OF_PLAY
SHUFFLE_LAST_CARD_REDEAL: Final = ShuffleLastCard.REDEAL
CUSTOM_EFFECT_EXTRA_TURN: Final = CustomEffect.EXTRA_TURN
CUSTOM_EFFECT_DRAW_UNTIL_COLOR: Final = CustomEffect.DRAW_UNTIL_COLOR
DRAW_CHOOSER_VICTIM: Final = DrawChooser.VICTIM
CUSTOM_EFFECT_DISCARD_WILDS: Final = CustomEffect.DISCARD_WILDS


def apply_card_effect(b: Builder, ctx: PlayContext) -> None:
    """Apply the effect of the cards just played (``ctx``)."""
    rules = b.rules
    plan = rules.plan
    seat = ctx.move.seat
    card = ctx.cards[-1]
    rank = card.rank
    if rank is RANK_DRAW_TWO or rank is RANK_WILD_DRAW_FOUR:
        # B7.3, B7.5, H01, H09: the next player faces the (accumulated) penalty.
        amount = draw_value(card) * ctx.times + ctx.carried
        victim = b.next(seat)
        if plan.penalty_choice(card):
            w4 = rank is RANK_WILD_DRAW_FOUR
            bluff = w4 and is_bluff(rules, ctx.hand, b.old.top_card, ctx.color_before)
            challengeable = w4 and rules.challenge_possible
            penalty = Penalty(amount, card, seat, bluff, ctx.hand, ctx.color_before, challengeable)
            for hook, params in plan.shape_penalty:  # H01: a stacked card's terms
                penalty = hook(penalty, ctx, params)
            b.penalty = penalty
            b.phase = PHASE_PENALTY
            b.turn = victim
            return
        b.draw_cards(victim, amount, "penalty")
        b.events.append(Skipped(victim))
        b.turn = b.next(seat, 2)
        return
    for hook, params in plan.play_effect:  # the enabled rules, in the registry's order
        if hook(b, ctx, params):
            return
    redeal_on_last = (
        rank is RANK_WILD_SHUFFLE_HANDS
        and rules.extra_cards.wild_shuffle_hands.on_last_card is SHUFFLE_LAST_CARD_REDEAL
    )
    if not ctx.hand and not redeal_on_last:
        return  # B10.4, A30, A41: a last card has no further effect.
    b.turn = b.next(seat)
    k = ctx.times
    if rank is RANK_SKIP:
        # B7.1 (H09: k Skips skip k players).
        for i in range(1, k + 1):
            b.events.append(Skipped(b.next(seat, i)))
        b.turn = b.next(seat, k + 1)
    elif rank is RANK_REVERSE:
        _reverse(b, seat, k)
    elif rank is RANK_WILD_SHUFFLE_HANDS:
        _shuffle_hands(b, seat)
    elif rank is RANK_WILD_SWAP_HANDS:
        if ctx.move.target is not None:
            b.swap_hands(seat, ctx.move.target)
    elif rank is RANK_WILD_CUSTOMIZABLE:
        _custom(b, seat)


def _reverse(b: Builder, seat: int, k: int) -> None:
    rules = b.rules
    if len(b.active()) == 2 and rules.two_player_reverse is TWO_PLAYER_REVERSE_SKIP:
        # H08 / T1: with two players a Reverse acts as a Skip.
        b.events.append(Skipped(b.next(seat)))
        b.turn = seat
        return
    if k % 2:  # H09: an even number of Reverses cancel out
        b.direction = -b.direction
        b.events.append(Reversed(b.direction))
    b.turn = b.next(seat)


def _shuffle_hands(b: Builder, seat: int) -> None:
    """E2.2, E2.3, A35-A37: collect every hand, shuffle, deal from the player's left."""
    active = b.active()
    pool = [c for s in active for c in b.hands[s]]
    order = shuffled(pool, b.next_shuffle_seed())
    wsh = b.rules.extra_cards.wild_shuffle_hands
    direction = b.direction if wsh.deal_direction is DEAL_DIRECTION_DIRECTION_OF_PLAY else 1
    dealt: dict[int, list[Card]] = {s: [] for s in active}
    to = b.next(seat, 1, direction)
    for c in order:
        dealt[to].append(c)
        to = b.next(to, 1, direction)
    for s in active:
        b.hands[s] = tuple(dealt[s])
    b.transferred = b.transferred | set(active)
    b.events.append(HandsShuffled(seat, tuple(len(b.hands[s]) for s in range(b.players))))


def _custom(b: Builder, seat: int) -> None:
    """E3.3 / A42 / H17: the effect written on the Wild Customizable cards."""
    wc = b.rules.extra_cards.wild_customizable
    if wc.effect is CUSTOM_EFFECT_EXTRA_TURN:
        b.turn = seat
        b.events.append(ExtraTurn(seat))
    elif wc.effect is CUSTOM_EFFECT_DRAW_UNTIL_COLOR:
        victim = b.next(seat)
        if wc.chooser is DRAW_CHOOSER_VICTIM:
            # H17 chooser victim: the victim first names the color to draw until.
            assert b.color is not None
            b.penalty = Penalty(0, _WC, seat, False, (), b.color, False)
            b.phase = PHASE_CHOOSE_COLOR
            b.turn = victim
            return
        assert b.color is not None
        draw_until_color(b, victim, b.color)

    elif wc.effect is CUSTOM_EFFECT_DISCARD_WILDS:
        for s in b.active():
            if s == seat:
                continue
            wilds = tuple(c for c in b.hands[s] if c.is_wild)
            if wilds:
                b.hands[s] = tuple(c for c in b.hands[s] if not c.is_wild)
                b.put_under(wilds)
                b.transferred = b.transferred | {s}
                b.events.append(WildsDiscarded(s, wilds))


_WC: Final = Card(None, RANK_WILD_CUSTOMIZABLE)


def draw_until_color(b: Builder, victim: int, color: Color) -> None:
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
