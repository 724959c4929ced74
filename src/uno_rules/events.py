"""Events: what happened in a transition.

Every event has a stable ``kind``. Some carry private facts (the cards a seat drew, the hand
shown to a challenger); :func:`view_events` gives what one seat may see of them.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

from ._records import Record, record_fields, replace
from .cards import Card, Color
from .plain import plain

__all__ = [
    "CardPlayed",
    "CardsDiscarded",
    "CardsDrawn",
    "CardsTurned",
    "ChallengeLost",
    "ChallengeWon",
    "ColorChosen",
    "DealerCardsDrawn",
    "Dealt",
    "Eliminated",
    "Event",
    "ExtraTurn",
    "FirstCardReturned",
    "FirstCardTurned",
    "GameEnded",
    "HandsRotated",
    "HandsShuffled",
    "HandsSwapped",
    "Passed",
    "PenaltyAccepted",
    "PenaltyDeflected",
    "Redealt",
    "Reshuffled",
    "Reversed",
    "RoundEnded",
    "Skipped",
    "TableFlipped",
    "UnoCalled",
    "UnoCaught",
    "WildsDiscarded",
    "view_events",
]


class Event(Record):
    """Base class of events."""

    kind: ClassVar[str] = "event"

    def to_dict(self) -> dict[str, object]:
        out: dict[str, object] = {"kind": self.kind}
        for name in record_fields(self):
            out[name] = plain(getattr(self, name))
        return out

    def seen_by(self, seat: int) -> Event:
        """This event as ``seat`` may see it."""
        return self


class CardPlayed(Event):
    """``seat`` played ``card``; ``color`` is the active color it leaves; ``jump_in`` marks
    a play out of turn (H06)."""

    kind: ClassVar[str] = "played"
    seat: int
    card: Card
    color: Color
    jump_in: bool = False

    def seen_by(self, seat: int) -> Event:
        if self.card.other is not None:  # F14: the discard pile shows the face in play
            return replace(self, card=self.card.face)
        return self


class CardsDrawn(Event):
    """``seat`` drew ``count`` cards; ``cards`` is ``None`` where the viewer may not see them.

    ``reason`` is ``turn``, ``penalty``, ``uno-penalty``, ``challenge``,
    ``false-uno-call`` or ``first-card`` (a Draw Two turned first, 1.3).
    """

    kind: ClassVar[str] = "drew"
    seat: int
    count: int
    reason: str
    cards: tuple[Card, ...] | None

    def seen_by(self, seat: int) -> Event:
        cards = self.cards
        if cards is None:
            return self
        if seat != self.seat:
            return replace(self, cards=None)
        if cards and cards[0].other is not None:  # F14: its holder sees the faces in play
            return replace(self, cards=tuple(c.face for c in cards))
        return self


class CardsTurned(Event):
    """N15: ``seat`` turned ``cards`` face up from the draw pile, one at a time until the
    color it named showed, for everyone to see; a ``drew`` event follows as it takes them.
    The same for a draw until a color its victim names (H17 ``chooser: victim``)."""

    kind: ClassVar[str] = "turned"
    seat: int
    cards: tuple[Card, ...]

    def seen_by(self, seat: int) -> Event:
        if self.cards and self.cards[0].other is not None:  # F14: the faces turned up
            return replace(self, cards=tuple(c.face for c in self.cards))
        return self


class Passed(Event):
    kind: ClassVar[str] = "passed"
    seat: int


class Skipped(Event):
    """``seat`` loses its turn."""

    kind: ClassVar[str] = "skipped"
    seat: int


class Reversed(Event):
    """The direction of play is now ``direction`` (+1 clockwise, -1 counter-clockwise)."""

    kind: ClassVar[str] = "reversed"
    direction: int


class ColorChosen(Event):
    kind: ClassVar[str] = "color-chosen"
    seat: int
    color: Color


class Reshuffled(Event):
    """The discard pile, all but its top card, became the new draw pile of ``size`` (B11)."""

    kind: ClassVar[str] = "reshuffled"
    size: int


class UnoCalled(Event):
    kind: ClassVar[str] = "uno-called"
    seat: int


class UnoCaught(Event):
    """``catcher`` caught ``target`` without an UNO call; ``target`` draws ``penalty``."""

    kind: ClassVar[str] = "uno-caught"
    catcher: int
    target: int
    penalty: int


class PenaltyAccepted(Event):
    kind: ClassVar[str] = "penalty-accepted"
    seat: int
    amount: int


class _ChallengeOutcome(Event):
    challenger: int
    offender: int
    penalty: int
    hand: tuple[Card, ...] | None

    def seen_by(self, seat: int) -> Event:
        hand = self.hand
        if hand is None:
            return self
        if seat not in (self.challenger, self.offender):
            return replace(self, hand=None)
        if hand and hand[0].other is not None:  # F14: the hand is shown by its faces in play
            return replace(self, hand=tuple(c.face for c in hand))
        return self


class ChallengeWon(_ChallengeOutcome):
    """The challenge succeeded: ``offender`` bluffed and draws ``penalty`` (B8.6).

    ``hand`` is the offender's hand when the card was played, shown to the challenger only
    (B8.5)."""

    kind: ClassVar[str] = "challenge-won"


class ChallengeLost(_ChallengeOutcome):
    """The challenge failed: ``challenger`` draws ``penalty`` (B8.7)."""

    kind: ClassVar[str] = "challenge-lost"


class RoundEnded(Event):
    """The round is over. ``winner`` is ``None`` for a blocked round (A44)."""

    kind: ClassVar[str] = "round-ended"
    winner: int | None
    points: tuple[int, ...]
    scores: tuple[int, ...]
    blocked: bool = False


class GameEnded(Event):
    """The game is over; ``winners`` holds more than one seat only for a shared win (A56)."""

    kind: ClassVar[str] = "game-ended"
    winners: tuple[int, ...]


class PenaltyDeflected(Event):
    """H15: ``seat`` deflected the pending penalty of ``amount`` to ``victim``."""

    kind: ClassVar[str] = "penalty-deflected"
    seat: int
    victim: int
    amount: int


class HandsSwapped(Event):
    """H07 / E4: ``seat`` and ``target`` traded hands."""

    kind: ClassVar[str] = "hands-swapped"
    seat: int
    target: int


class HandsRotated(Event):
    """H07: every hand passed to the next seat in ``direction``."""

    kind: ClassVar[str] = "hands-rotated"
    direction: int


class TableFlipped(Event):
    """F2: a Flip turned the discard pile, the draw pile and every hand over; ``side`` is
    the side now in play (``light`` or ``dark``)."""

    kind: ClassVar[str] = "flipped"
    seat: int
    side: str


class HandsShuffled(Event):
    """E2: ``seat``'s Wild Shuffle Hands redealt every hand; ``sizes`` are the new sizes."""

    kind: ClassVar[str] = "hands-shuffled"
    seat: int
    sizes: tuple[int, ...]


class WildsDiscarded(Event):
    """E3.3: ``seat`` put its wild cards under the discard pile."""

    kind: ClassVar[str] = "wilds-discarded"
    seat: int
    cards: tuple[Card, ...]


class CardsDiscarded(Event):
    """N13 Discard All: ``seat`` put ``cards`` of the card's color under it."""

    kind: ClassVar[str] = "discarded"
    seat: int
    cards: tuple[Card, ...]


class ExtraTurn(Event):
    """E3.3: ``seat`` plays again."""

    kind: ClassVar[str] = "extra-turn"
    seat: int


class Eliminated(Event):
    """``seat`` is out of the game: ``reason`` is ``mercy`` (H16) or ``target`` (3.4)."""

    kind: ClassVar[str] = "eliminated"
    seat: int
    reason: str


class DealerCardsDrawn(Event):
    """A5 / B2.1 / H18: to choose the dealer, each seat still in the draw turned ``cards``
    (by seat; ``None`` for a seat already out of the draw, after a tie among others);
    the highest value deals, tied seats draw again. Face-up cards, shown to everyone, so
    the choice can be checked. Comes before ``dealt``, from :func:`uno_rules.deal_game`
    when no dealer is given and ``dealer_selection`` draws."""

    kind: ClassVar[str] = "dealer-cards-drawn"
    cards: tuple[Card | None, ...]


class Dealt(Event):
    """``dealer`` dealt ``hand_size`` cards to each seat in play; ``sizes`` are the hand
    sizes by seat (0 for a seat that is out) (B2.3). Deal events come from
    :func:`uno_rules.deal_game` and :func:`uno_rules.deal_next_round`."""

    kind: ClassVar[str] = "dealt"
    dealer: int
    hand_size: int
    sizes: tuple[int, ...]


class FirstCardReturned(Event):
    """``card`` was turned first and may not start the discard pile (A4; A1 b, A39 c):
    it went back into the draw pile, at the ``bottom`` or ``shuffled`` in, and another
    card was turned."""

    kind: ClassVar[str] = "returned-and-reflipped"
    card: Card
    placement: str


class FirstCardTurned(Event):
    """``card`` was turned to start the discard pile (B2.4, 1.3); its effect, if any,
    follows as its own events (``skipped``, ``reversed``, ``drew``)."""

    kind: ClassVar[str] = "first-card"
    card: Card


class Redealt(Event):
    """The hands were dealt again: ``reason`` is ``wild-first`` (a Wild turned first, A1 c:
    reshuffle and deal again), ``wild-draw-four-first`` (a Wild Draw Four turned first
    under ``first_card.wild_draw_four: reshuffle_and_redeal``, A4) or
    ``shuffle-hands-first`` (a Wild Shuffle Hands turned first redeals the hands, A39 b);
    ``rule`` is the clause."""

    kind: ClassVar[str] = "redealt"
    reason: str
    rule: str


def view_events(events: Iterable[Event], seat: int) -> tuple[Event, ...]:
    """The events as ``seat`` may see them: other seats' drawn cards and a challenged hand
    shown to someone else become hidden (``None``)."""
    return tuple(e.seen_by(seat) for e in events)
