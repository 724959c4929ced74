"""Rule violations: why a move was refused, as data.

Every violation has a stable kebab-case ``code``, the ``rule`` (a ``docs/rules.md`` clause id)
that refuses the move, the facts that explain it, and ``str(violation)``, one sentence a
player can read. Violations are returned by :func:`uno_rules.apply` and
:func:`uno_rules.validate`, never raised (see :func:`uno_rules.apply_or_raise`).
"""

from __future__ import annotations

from typing import ClassVar

from ._records import Record, record_fields
from .cards import Card, Color
from .plain import plain

__all__ = [
    "AlreadyDrawn",
    "CannotCallUno",
    "CannotCatchSelf",
    "CannotCombine",
    "CannotGoOut",
    "CannotStack",
    "CardDoesNotMatch",
    "CardNotInHand",
    "ChallengeDisabled",
    "ColorChoicePending",
    "ColorNotAllowed",
    "ColorRequired",
    "GameOver",
    "InvalidTarget",
    "MarkedCardsOnly",
    "MustPlay",
    "MustPlayDrawnCard",
    "MustPlayOrDraw",
    "MustStack",
    "NoChallengePending",
    "NoColorToChoose",
    "NoPenaltyPending",
    "NotChallengeEligible",
    "NotYourTurn",
    "NothingToCatch",
    "NothingToDraw",
    "OneCardPerTurn",
    "OnlyDrawnCardPlayable",
    "PenaltyPending",
    "RoundNotOver",
    "RoundOver",
    "SeatEliminated",
    "TargetNotAllowed",
    "TargetRequired",
    "UnknownSeat",
    "UnoDisabled",
    "UnoWindowClosed",
    "Violation",
    "WildDrawFourNotAllowed",
]


class Violation(Record, kw_only=True):
    """Base class: a move refused by a rule. ``seat`` is the seat that tried it.

    Fields are given by keyword; ``rule`` defaults to the class's clause."""

    code: ClassVar[str] = "violation"
    default_rule: ClassVar[str] = ""

    seat: int | None = None
    rule: str = ""

    def __post_init__(self) -> None:
        if not self.rule:
            object.__setattr__(self, "rule", self.default_rule)

    def explain(self) -> str:
        return "the move is not allowed"

    def __str__(self) -> str:
        text = self.explain()
        return text[0].upper() + text[1:] + f" ({self.rule})."

    def to_dict(self) -> dict[str, object]:
        """Code, rule, message and facts as plain JSON types."""
        out: dict[str, object] = {"code": self.code, "rule": self.rule, "message": str(self)}
        for name in record_fields(self):
            if name != "rule":
                out[name] = plain(getattr(self, name))
        return out


def _who(seat: int | None) -> str:
    return f"seat {seat}"


class UnknownSeat(Violation, kw_only=True):
    code: ClassVar[str] = "unknown-seat"
    default_rule: ClassVar[str] = "B1.2"
    players: int
    what: str = "seat"
    value: object = None

    def explain(self) -> str:
        return (
            f"there is no {self.what} {self.value!r} at this table: seats are 0 to "
            f"{self.players - 1}"
        )


class RoundOver(Violation, kw_only=True):
    code: ClassVar[str] = "round-over"
    default_rule: ClassVar[str] = "B10.1"

    def explain(self) -> str:
        return "the round is over; start the next one with next_round"


class GameOver(Violation, kw_only=True):
    code: ClassVar[str] = "game-over"
    default_rule: ClassVar[str] = "B10.6"

    def explain(self) -> str:
        return "the game is over"


class RoundNotOver(Violation, kw_only=True):
    code: ClassVar[str] = "round-not-over"
    default_rule: ClassVar[str] = "B10.1"

    def explain(self) -> str:
        return "the round is still being played; nobody has gone out"


class NotYourTurn(Violation, kw_only=True):
    code: ClassVar[str] = "not-your-turn"
    default_rule: ClassVar[str] = "B4.3"
    turn: int

    def explain(self) -> str:
        return f"it is seat {self.turn}'s turn, not {_who(self.seat)}'s"


class CardNotInHand(Violation, kw_only=True):
    code: ClassVar[str] = "card-not-in-hand"
    default_rule: ClassVar[str] = "B4.4"
    card: Card

    def explain(self) -> str:
        return f"{_who(self.seat)} does not hold a {self.card.name}"


class CardDoesNotMatch(Violation, kw_only=True):
    code: ClassVar[str] = "card-does-not-match"
    default_rule: ClassVar[str] = "B5.1"
    card: Card
    top_card: Card
    color: Color

    def explain(self) -> str:
        on = self.top_card.name
        if self.top_card.is_wild:
            on += f" (color {self.color.value})"
        return (
            f"a {self.card.name} does not match the {on}: it needs the color {self.color.value}, "
            f"the same number or the same symbol"
        )


class ColorRequired(Violation, kw_only=True):
    code: ClassVar[str] = "color-required"
    default_rule: ClassVar[str] = "B7.4"
    card: Card

    def explain(self) -> str:
        return f"playing a {self.card.name} needs a color: red, yellow, green or blue"


class ColorNotAllowed(Violation, kw_only=True):
    code: ClassVar[str] = "color-not-allowed"
    default_rule: ClassVar[str] = "A61"
    card: Card

    def explain(self) -> str:
        if self.card.is_wild:
            return f"under these rules a stacked {self.card.name} names no color; the color stays"
        return f"a {self.card.name} is not a wild card, so no color can be named with it"


class TargetNotAllowed(Violation, kw_only=True):
    code: ClassVar[str] = "target-not-allowed"
    default_rule: ClassVar[str] = "B4.4"
    card: Card

    def explain(self) -> str:
        return f"a {self.card.name} takes no target seat under these rules"


class WildDrawFourNotAllowed(Violation, kw_only=True):
    code: ClassVar[str] = "wild-draw-four-not-allowed"
    default_rule: ClassVar[str] = "H10"
    color: Color

    def explain(self) -> str:
        return (
            f"{_who(self.seat)} holds a card of the active color {self.color.value}, so a "
            f"Wild Draw Four may not be played (no bluffing under these rules)"
        )


class OnlyDrawnCardPlayable(Violation, kw_only=True):
    code: ClassVar[str] = "only-drawn-card-playable"
    default_rule: ClassVar[str] = "B6.3"
    card: Card
    drawn: Card

    def explain(self) -> str:
        return (
            f"after drawing, only the drawn card (the {self.drawn.name}) may be played, "
            f"not the {self.card.name}"
        )


class AlreadyDrawn(Violation, kw_only=True):
    code: ClassVar[str] = "already-drawn"
    default_rule: ClassVar[str] = "B6.5"

    def explain(self) -> str:
        return f"{_who(self.seat)} has already drawn this turn: play the drawn card or pass"


class MustPlayOrDraw(Violation, kw_only=True):
    code: ClassVar[str] = "must-play-or-draw"
    default_rule: ClassVar[str] = "B6.6"
    can_draw: bool = True

    def explain(self) -> str:
        if self.can_draw:
            return "a turn may not be passed before drawing: play a card or draw"
        return "the draw pile is empty, but a card can be played, so the turn may not be passed"


class NothingToDraw(Violation, kw_only=True):
    code: ClassVar[str] = "nothing-to-draw"
    default_rule: ClassVar[str] = "A44"

    def explain(self) -> str:
        return "both piles are used up, so there is nothing to draw: play a card or pass"


class PenaltyPending(Violation, kw_only=True):
    code: ClassVar[str] = "penalty-pending"
    default_rule: ClassVar[str] = "B7.5"
    victim: int
    amount: int

    def explain(self) -> str:
        if self.rule == "B10.3":
            return (
                f"a player has gone out, so the round ends once seat {self.victim} has "
                f"taken the pending draw of {self.amount} (accept it, or challenge a Wild "
                f"Draw Four); no card can answer it"
            )
        return (
            f"seat {self.victim} must first answer the pending draw of {self.amount} "
            f"(accept it, or answer it as the rules allow)"
        )


class ColorChoicePending(Violation, kw_only=True):
    code: ClassVar[str] = "color-choice-pending"
    default_rule: ClassVar[str] = "A1"
    chooser: int

    def explain(self) -> str:
        return f"seat {self.chooser} must first name the color of the wild on top"


class NoColorToChoose(Violation, kw_only=True):
    code: ClassVar[str] = "no-color-to-choose"
    default_rule: ClassVar[str] = "A1"

    def explain(self) -> str:
        return "no color is waiting to be named; name a wild's color with the play itself"


class OneCardPerTurn(Violation, kw_only=True):
    code: ClassVar[str] = "one-card-per-turn"
    default_rule: ClassVar[str] = "B4.5"

    def explain(self) -> str:
        return "only one card may be played per turn"


class NoPenaltyPending(Violation, kw_only=True):
    code: ClassVar[str] = "no-penalty-pending"
    default_rule: ClassVar[str] = "A60"

    def explain(self) -> str:
        return "there is no draw penalty to accept"


class NoChallengePending(Violation, kw_only=True):
    code: ClassVar[str] = "no-challenge-pending"
    default_rule: ClassVar[str] = "A9"

    def explain(self) -> str:
        return "there is no Wild Draw Four waiting to be challenged"


class NotChallengeEligible(Violation, kw_only=True):
    code: ClassVar[str] = "not-challenge-eligible"
    default_rule: ClassVar[str] = "B8.3"
    victim: int

    def explain(self) -> str:
        return (
            f"only seat {self.victim}, who would draw the 4 cards, may challenge the Wild Draw Four"
        )


class ChallengeDisabled(Violation, kw_only=True):
    code: ClassVar[str] = "challenge-disabled"
    default_rule: ClassVar[str] = "H11"

    def explain(self) -> str:
        return "a Wild Draw Four cannot be challenged under these rules"


class NothingToCatch(Violation, kw_only=True):
    code: ClassVar[str] = "nothing-to-catch"
    default_rule: ClassVar[str] = "B9.7"
    target: int
    hand_size: int
    called: bool

    def explain(self) -> str:
        if self.called:
            return f"seat {self.target} has called UNO, so there is nothing to catch"
        return (
            f"seat {self.target} holds {self.hand_size} cards, not one, so there is "
            f"nothing to catch"
        )


class UnoWindowClosed(Violation, kw_only=True):
    code: ClassVar[str] = "uno-window-closed"
    default_rule: ClassVar[str] = "B9.4"
    target: int

    def explain(self) -> str:
        if self.rule == "A19":
            return (
                f"seat {self.target} cannot be caught: under these rules a hand passed on by "
                f"a swap, a rotation or a redeal need not be called, and any earlier chance "
                f"to catch it has passed"
            )
        return (
            f"too late: the next player has begun their turn since seat {self.target} "
            f"got down to one card, so there is no penalty"
        )


class CannotCatchSelf(Violation, kw_only=True):
    code: ClassVar[str] = "cannot-catch-self"
    default_rule: ClassVar[str] = "B9.7"

    def explain(self) -> str:
        return "a player cannot catch themself; call UNO instead"


class CannotCallUno(Violation, kw_only=True):
    code: ClassVar[str] = "cannot-call-uno"
    default_rule: ClassVar[str] = "A14"
    hand_size: int
    called: bool = False

    def explain(self) -> str:
        if self.called:
            return f"{_who(self.seat)} has already called UNO"
        if self.hand_size == 0:
            return f"{_who(self.seat)} has gone out: there is no card left to call UNO on"
        return (
            f"UNO is called when a play leaves exactly one card; {_who(self.seat)} "
            f"would hold {self.hand_size}"
        )


class SeatEliminated(Violation, kw_only=True):
    code: ClassVar[str] = "seat-eliminated"
    default_rule: ClassVar[str] = "H16"

    def explain(self) -> str:
        return f"{_who(self.seat)} is out of the game"


class TargetRequired(Violation, kw_only=True):
    code: ClassVar[str] = "target-required"
    default_rule: ClassVar[str] = "A31"
    card: Card

    def explain(self) -> str:
        return f"playing a {self.card.name} needs a target seat (for example '>2')"


class InvalidTarget(Violation, kw_only=True):
    code: ClassVar[str] = "invalid-target"
    default_rule: ClassVar[str] = "A31"
    target: int

    def explain(self) -> str:
        return f"seat {self.target} cannot be the target: choose another seat still in the game"


class CannotStack(Violation, kw_only=True):
    code: ClassVar[str] = "cannot-stack"
    default_rule: ClassVar[str] = "H01"
    card: Card
    reason: str

    def explain(self) -> str:
        return f"a {self.card.name} cannot be stacked: {self.reason}"


class MustStack(Violation, kw_only=True):
    code: ClassVar[str] = "must-stack"
    default_rule: ClassVar[str] = "A48"
    card: Card

    def explain(self) -> str:
        return (
            f"{_who(self.seat)} holds a {self.card.name}, which can be stacked, and stacking is "
            f"not optional under these rules"
        )


class MustPlay(Violation, kw_only=True):
    code: ClassVar[str] = "must-play"
    default_rule: ClassVar[str] = "H04"

    def explain(self) -> str:
        return f"{_who(self.seat)} holds a playable card, so drawing is not allowed"


class MustPlayDrawnCard(Violation, kw_only=True):
    code: ClassVar[str] = "must-play-drawn-card"
    default_rule: ClassVar[str] = "H03"
    card: Card

    def explain(self) -> str:
        return f"the drawn card, a {self.card.name}, can be played, so it must be"


class MarkedCardsOnly(Violation, kw_only=True):
    code: ClassVar[str] = "marked-cards-only"
    default_rule: ClassVar[str] = "E3.2"
    card: Card
    faces: tuple[int, ...]

    def explain(self) -> str:
        marked = ", ".join(str(f) for f in self.faces)
        return (
            f"with a {self.card.name} a player puts down every card of their hand showing "
            f"{marked} (any color), or none of them; the one on top last, the others "
            f"sorted under it"
        )


class CannotCombine(Violation, kw_only=True):
    code: ClassVar[str] = "cannot-combine"
    default_rule: ClassVar[str] = "H09"
    card: Card
    extra: Card

    def explain(self) -> str:
        return (
            f"a {self.extra.name} cannot be played together with a {self.card.name} "
            f"under these rules"
        )


class CannotGoOut(Violation, kw_only=True):
    code: ClassVar[str] = "cannot-go-out"
    default_rule: ClassVar[str] = "H14"
    card: Card

    def explain(self) -> str:
        return f"a player may not go out on a {self.card.name} under these rules"


class UnoDisabled(Violation, kw_only=True):
    code: ClassVar[str] = "uno-disabled"
    default_rule: ClassVar[str] = "H12"

    def explain(self) -> str:
        return "calling UNO is switched off under these rules"
