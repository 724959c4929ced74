"""The first card turned up (1.3, 2.6, A1-A4, A39, A52, E3.4, E4.2): which cards go back,
and what the one that stays does before the first player acts.

The deal (:mod:`uno_rules.deal`) shuffles and deals, turns cards until one stays
(:func:`returned_first`), then gives the table to :func:`turn_first_card`, which runs the
card's steps as a played card's (:func:`official_effect`): a house rule that changes what a
card does through its ``card_steps`` hook changes what it does turned up first too.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, TypeAlias

from ..cards import Card, Rank
from ..events import Event, Redealt
from ..kinds import Step
from ..randomness import derive_seed, shuffled
from ..state import Phase, seat_after
from .extra_cards import ShuffleFirstCard
from .options import (
    FirstAction,
    FirstWild,
    FirstWildDrawFour,
)

if TYPE_CHECKING:
    from .model import Rules

__all__ = ["FirstSteps", "FirstTurn", "official_effect", "returned_first", "turn_first_card"]


# Enum members read as module constants: reading one from its class costs about 100 ns on
# Python 3.11, and every deal turns a first card.
_PHASE_TURN = Phase.TURN
_RANK_WILD_DRAW_FOUR = Rank.WILD_DRAW_FOUR
_RANK_WILD_DRAW_TWO = Rank.WILD_DRAW_TWO
_RANK_FLIP = Rank.FLIP
_RANK_WILD = Rank.WILD
_FIRST_WILD_RETURN_AND_FLIP = FirstWild.RETURN_AND_FLIP
_RANK_WILD_SHUFFLE_HANDS = Rank.WILD_SHUFFLE_HANDS
_SHUFFLE_FIRST_CARD_RETURN_AND_FLIP = ShuffleFirstCard.RETURN_AND_FLIP
_PHASE_CHOOSE_COLOR = Phase.CHOOSE_COLOR
_SHUFFLE_FIRST_CARD_REDEAL = ShuffleFirstCard.REDEAL
_FIRST_ACTION_RETURN_AND_FLIP = FirstAction.RETURN_AND_FLIP
_FIRST_W4_RESHUFFLE_AND_REDEAL = FirstWildDrawFour.RESHUFFLE_AND_REDEAL


class FirstTurn:
    """The table as the first card stays face up, before anyone acts; the card's effect
    changes it. ``hands`` (by seat) and ``pile`` (the draw pile, top card first) are
    lists; ``starter`` is the seat that would act first with no effect; ``events`` collects
    what happens when the caller asked for events (``None`` otherwise: use :meth:`tell`)."""

    __slots__ = (
        "card",
        "color",
        "dealer",
        "direction",
        "events",
        "hands",
        "out",
        "phase",
        "pile",
        "players",
        "round_number",
        "rules",
        "seed",
        "starter",
        "turn",
    )

    def __init__(
        self,
        rules: Rules,
        players: int,
        seed: int,
        round_number: int,
        dealer: int,
        out: frozenset[int],
        hands: list[list[Card]],
        pile: list[Card],
        card: Card,
        starter: int,
        events: list[Event] | None,
    ) -> None:
        self.rules = rules
        self.players = players
        self.seed = seed
        self.round_number = round_number
        self.dealer = dealer
        self.out = out
        self.hands = hands
        self.pile = pile
        self.card = card
        self.starter = starter
        self.events = events
        self.turn = starter
        self.direction = 1
        self.phase = _PHASE_TURN
        self.color = card.color

    def tell(self, event: Event) -> None:
        """Record ``event``, if events are collected."""
        if self.events is not None:
            self.events.append(event)

    def next(self, seat: int, steps: int = 1) -> int:
        """The seat ``steps`` seats after ``seat`` in the direction of play, skipping seats
        out of the game."""
        return seat_after(self.players, self.out, seat, self.direction, steps)


def returned_first(rules: Rules, card: Card) -> bool:
    """Whether ``card``, turned as the first card, goes back and another is turned: a Wild
    Draw Four unless it redeals (A4) and so a Wild Draw Two (F5), a Flip (F10), a Wild
    under ``first_card.wild: return_and_flip`` (A1 b), a Wild Shuffle Hands under
    ``on_first_card: return_and_flip`` (A39 c), and any card but a number under
    ``first_card.action_cards: return_and_flip`` (N2)."""
    if card.rank is _RANK_WILD_DRAW_FOUR or card.rank is _RANK_WILD_DRAW_TWO:
        # F5: a Wild Draw Two turned first goes back as a Wild Draw Four does
        return rules.first_card.wild_draw_four is not _FIRST_W4_RESHUFFLE_AND_REDEAL
    if card.rank is _RANK_FLIP:
        return True  # F10: every round starts on the light side
    if card.kind.number is None and rules.first_card.action_cards is _FIRST_ACTION_RETURN_AND_FLIP:
        return True
    if card.rank is _RANK_WILD:
        return rules.first_card.wild is _FIRST_WILD_RETURN_AND_FLIP
    if card.rank is _RANK_WILD_SHUFFLE_HANDS:
        on_first = rules.extra_cards.wild_shuffle_hands.on_first_card
        return on_first is _SHUFFLE_FIRST_CARD_RETURN_AND_FLIP
    return False


#: What each step does when its card is turned up first, by op (the interpreter's
#: ``uno_rules.effects.FIRST_STEPS``, given by the deal: it lives a layer above this one).
FirstSteps: TypeAlias = Mapping[str, "Callable[[FirstTurn, Step], None] | None"]


def turn_first_card(table: FirstTurn, first_steps: FirstSteps) -> None:
    """Apply what the first card does: its steps under the rule set (an enabled rule's
    ``card_steps`` included), each in its first-card form (:func:`official_effect`)."""
    official_effect(table, first_steps)


def official_effect(table: FirstTurn, first_steps: FirstSteps) -> None:
    """1.3 / A1-A3 / A52 / 2.6 / A39 / N2: the effect of the first card. It runs its steps
    (``Plan.steps``, as a played card does), each as its first-card form in
    ``first_steps`` says (``uno_rules.effects.FIRST_STEPS``: B3.1, nobody played it; a
    swap has nobody to swap with, E4.2). A Wild Customizable's written rule does not apply
    (E3.4). A wild asks the seat whose turn it is then (the first player, unless a step
    skipped it) for the color (A1 a, 2.6), and a Wild Shuffle Hands may redeal (A39 b)."""
    rules = table.rules
    card = table.card
    effect = card.kind.effect
    if not (effect and effect[0].op == "custom"):  # E3.4
        for step in rules.plan.steps(card, False):
            run = first_steps.get(step.op)
            if run is not None:
                run(table, step)
    if card.is_wild:
        table.phase = _PHASE_CHOOSE_COLOR
        on_first = rules.extra_cards.wild_shuffle_hands.on_first_card
        if card.rank is _RANK_WILD_SHUFFLE_HANDS and on_first is _SHUFFLE_FIRST_CARD_REDEAL:
            _redeal(table)


def _redeal(table: FirstTurn) -> None:
    """A39 (b): every hand is gathered, shuffled and dealt again from the dealer's left."""
    players, out = table.players, table.out
    pool = [c for h in table.hands for c in h]
    order = shuffled(pool, derive_seed(table.seed, table.round_number, 0x5A5F1))
    seats = [s for s in range(players) if s not in out]
    begin = seats.index(seat_after(players, out, table.dealer, 1))
    seats = seats[begin:] + seats[:begin]
    hands: list[list[Card]] = [[] for _ in range(players)]
    for i, c in enumerate(order):
        hands[seats[i % len(seats)]].append(c)
    table.hands = hands
    table.tell(Redealt("shuffle-hands-first", "A39"))
