"""Rule violations: why a move was refused, as data.

Every violation has a stable kebab-case ``code``, the ``rule`` (a ``docs/rules.md`` clause id)
that refuses the move, the facts that explain it, and ``str(violation)``, one sentence a
player can read. Violations are returned by :func:`uno_rules.apply` and
:func:`uno_rules.validate`, never raised (see :func:`uno_rules.apply_or_raise`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ._records import Record, record_fields
from .cards import Card, Color, Rank
from .i18n import N_
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
    "ColorNotInPlay",
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

    def message(self) -> tuple[str, dict[str, object]]:
        """The refusal's message (an English sentence with ``{placeholders}``, a message of
        the catalogs) and the facts that fill it in: :func:`uno_rules.render.explain`
        writes it in any language."""
        return N_("the move is not allowed"), {}

    def explain(self) -> str:
        """The refusal's sentence in English, without the clause."""
        # start-up: the sentences load only when a refusal is put in words
        from ._words import explain

        return explain(self)

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


class UnknownSeat(Violation, kw_only=True):
    code: ClassVar[str] = "unknown-seat"
    default_rule: ClassVar[str] = "B1.2"
    players: int
    what: str = "seat"
    value: object = None

    def message(self) -> tuple[str, dict[str, object]]:
        facts: dict[str, object] = {"value": repr(self.value), "last": self.players - 1}
        if self.what == "target":
            return N_("there is no target {value} at this table: seats are 0 to {last}"), facts
        if self.what == "seat":
            return N_("there is no seat {value} at this table: seats are 0 to {last}"), facts
        facts["what"] = self.what
        return N_("there is no {what} {value} at this table: seats are 0 to {last}"), facts


class RoundOver(Violation, kw_only=True):
    code: ClassVar[str] = "round-over"
    default_rule: ClassVar[str] = "B10.1"

    def message(self) -> tuple[str, dict[str, object]]:
        return N_("the round is over; start the next one with next_round"), {}


class GameOver(Violation, kw_only=True):
    code: ClassVar[str] = "game-over"
    default_rule: ClassVar[str] = "B10.6"

    def message(self) -> tuple[str, dict[str, object]]:
        return N_("the game is over"), {}


class RoundNotOver(Violation, kw_only=True):
    code: ClassVar[str] = "round-not-over"
    default_rule: ClassVar[str] = "B10.1"

    def message(self) -> tuple[str, dict[str, object]]:
        return N_("the round is still being played; nobody has gone out"), {}


class NotYourTurn(Violation, kw_only=True):
    code: ClassVar[str] = "not-your-turn"
    default_rule: ClassVar[str] = "B4.3"
    turn: int

    def message(self) -> tuple[str, dict[str, object]]:
        return N_("it is seat {turn}'s turn, not seat {seat}'s"), {
            "turn": self.turn,
            "seat": self.seat,
        }


class CardNotInHand(Violation, kw_only=True):
    code: ClassVar[str] = "card-not-in-hand"
    default_rule: ClassVar[str] = "B4.4"
    card: Card

    def message(self) -> tuple[str, dict[str, object]]:
        return N_("seat {seat} does not hold a {card}"), {"seat": self.seat, "card": self.card}


class CardDoesNotMatch(Violation, kw_only=True):
    code: ClassVar[str] = "card-does-not-match"
    default_rule: ClassVar[str] = "B5.1"
    card: Card
    top_card: Card
    color: Color

    def message(self) -> tuple[str, dict[str, object]]:
        facts: dict[str, object] = {"card": self.card, "top": self.top_card, "color": self.color}
        if self.top_card.is_wild:
            return (
                N_(
                    "a {card} does not match the {top} (color {color}): it needs the color "
                    "{color}, the same number or the same symbol"
                ),
                facts,
            )
        return (
            N_(
                "a {card} does not match the {top}: it needs the color {color}, the same "
                "number or the same symbol"
            ),
            facts,
        )


class ColorRequired(Violation, kw_only=True):
    code: ClassVar[str] = "color-required"
    default_rule: ClassVar[str] = "B7.4"
    card: Card

    def message(self) -> tuple[str, dict[str, object]]:
        return N_("playing a {card} needs a color: red, yellow, green or blue"), {"card": self.card}


class ColorNotAllowed(Violation, kw_only=True):
    code: ClassVar[str] = "color-not-allowed"
    default_rule: ClassVar[str] = "A61"
    card: Card

    def message(self) -> tuple[str, dict[str, object]]:
        if self.card.is_wild:
            return N_("under these rules a stacked {card} names no color; the color stays"), {
                "card": self.card
            }
        return N_("a {card} is not a wild card, so no color can be named with it"), {
            "card": self.card
        }


class ColorNotInPlay(Violation, kw_only=True):
    """F1: a color named for a wild that is not one of the side in play's colors (pink on
    the light side, red on UNO Flip's dark side); A61: a dark color in a classic game."""

    code: ClassVar[str] = "color-not-in-play"
    default_rule: ClassVar[str] = "F1"
    color: Color

    def message(self) -> tuple[str, dict[str, object]]:
        if self.rule == "A61":  # a classic game: one side, four colors
            return N_("{color} is not one of the four colors a wild may name"), {
                "color": self.color
            }
        return N_("{color} is not a color of the side in play; name one of its four colors"), {
            "color": self.color
        }


class TargetNotAllowed(Violation, kw_only=True):
    code: ClassVar[str] = "target-not-allowed"
    default_rule: ClassVar[str] = "B4.4"
    card: Card

    def message(self) -> tuple[str, dict[str, object]]:
        return N_("a {card} takes no target seat under these rules"), {"card": self.card}


class WildDrawFourNotAllowed(Violation, kw_only=True):
    code: ClassVar[str] = "wild-draw-four-not-allowed"
    default_rule: ClassVar[str] = "H10"
    color: Color
    #: the card refused (UNO Flip's Wild Draw Two and Wild Draw Color are under the same
    #: restriction, F3, F4); ``None``: a Wild Draw Four
    card: Card | None = None

    def message(self) -> tuple[str, dict[str, object]]:
        card = self.card
        if card is None or card.rank is Rank.WILD_DRAW_FOUR:
            return (
                N_(
                    "seat {seat} holds a card of the active color {color}, so a Wild Draw "
                    "Four may not be played (no bluffing under these rules)"
                ),
                {"seat": self.seat, "color": self.color},
            )
        return (
            N_(
                "seat {seat} holds a card of the active color {color}, so a {card} may not "
                "be played (no bluffing under these rules)"
            ),
            {"seat": self.seat, "color": self.color, "card": card},
        )


class OnlyDrawnCardPlayable(Violation, kw_only=True):
    code: ClassVar[str] = "only-drawn-card-playable"
    default_rule: ClassVar[str] = "B6.3"
    card: Card
    drawn: Card

    def message(self) -> tuple[str, dict[str, object]]:
        return N_(
            "after drawing, only the drawn card (the {drawn}) may be played, not the {card}"
        ), {
            "drawn": self.drawn,
            "card": self.card,
        }


class AlreadyDrawn(Violation, kw_only=True):
    code: ClassVar[str] = "already-drawn"
    default_rule: ClassVar[str] = "B6.5"

    def message(self) -> tuple[str, dict[str, object]]:
        return N_("seat {seat} has already drawn this turn: play the drawn card or pass"), {
            "seat": self.seat
        }


class MustPlayOrDraw(Violation, kw_only=True):
    code: ClassVar[str] = "must-play-or-draw"
    default_rule: ClassVar[str] = "B6.6"
    can_draw: bool = True

    def message(self) -> tuple[str, dict[str, object]]:
        if self.can_draw:
            return N_("a turn may not be passed before drawing: play a card or draw"), {}
        return (
            N_("the draw pile is empty, but a card can be played, so the turn may not be passed"),
            {},
        )


class NothingToDraw(Violation, kw_only=True):
    code: ClassVar[str] = "nothing-to-draw"
    default_rule: ClassVar[str] = "A44"

    def message(self) -> tuple[str, dict[str, object]]:
        return N_("both piles are used up, so there is nothing to draw: play a card or pass"), {}


class PenaltyPending(Violation, kw_only=True):
    code: ClassVar[str] = "penalty-pending"
    default_rule: ClassVar[str] = "B7.5"
    victim: int
    amount: int

    def message(self) -> tuple[str, dict[str, object]]:
        if self.amount == 0:  # F4: a Wild Draw Color's draw until its color
            return (
                N_(
                    "seat {victim} must first answer the Wild Draw Color: accept the draw "
                    "until its color, or challenge it; no card can answer it"
                ),
                {"victim": self.victim},
            )
        if self.rule == "B10.3":
            return (
                N_(
                    "a player has gone out, so the round ends once seat {victim} has taken "
                    "the pending draw of {amount} (accept it, or challenge a Wild Draw Four); "
                    "no card can answer it"
                ),
                {"victim": self.victim, "amount": self.amount},
            )
        return (
            N_(
                "seat {victim} must first answer the pending draw of {amount} (accept it, or "
                "answer it as the rules allow)"
            ),
            {"victim": self.victim, "amount": self.amount},
        )


class ColorChoicePending(Violation, kw_only=True):
    code: ClassVar[str] = "color-choice-pending"
    default_rule: ClassVar[str] = "A1"
    chooser: int

    def message(self) -> tuple[str, dict[str, object]]:
        return N_("seat {chooser} must first name the color of the wild on top"), {
            "chooser": self.chooser
        }


class NoColorToChoose(Violation, kw_only=True):
    code: ClassVar[str] = "no-color-to-choose"
    default_rule: ClassVar[str] = "A1"

    def message(self) -> tuple[str, dict[str, object]]:
        return N_("no color is waiting to be named; name a wild's color with the play itself"), {}


class OneCardPerTurn(Violation, kw_only=True):
    code: ClassVar[str] = "one-card-per-turn"
    default_rule: ClassVar[str] = "B4.5"

    def message(self) -> tuple[str, dict[str, object]]:
        return N_("only one card may be played per turn"), {}


class NoPenaltyPending(Violation, kw_only=True):
    code: ClassVar[str] = "no-penalty-pending"
    default_rule: ClassVar[str] = "A60"

    def message(self) -> tuple[str, dict[str, object]]:
        return N_("there is no draw penalty to accept"), {}


class NoChallengePending(Violation, kw_only=True):
    code: ClassVar[str] = "no-challenge-pending"
    default_rule: ClassVar[str] = "A9"

    def message(self) -> tuple[str, dict[str, object]]:
        return N_("there is no Wild Draw Four waiting to be challenged"), {}


class NotChallengeEligible(Violation, kw_only=True):
    code: ClassVar[str] = "not-challenge-eligible"
    default_rule: ClassVar[str] = "B8.3"
    victim: int
    #: the card waiting to be challenged (a Wild Draw Four, or UNO Flip's Wild Draw Two or
    #: Wild Draw Color, F4); ``None``: a Wild Draw Four
    card: Card | None = None

    def message(self) -> tuple[str, dict[str, object]]:
        card = self.card
        if card is None or card.rank is Rank.WILD_DRAW_FOUR:
            return (
                N_(
                    "only seat {victim}, who would draw the 4 cards, may challenge the Wild "
                    "Draw Four"
                ),
                {"victim": self.victim},
            )
        return (
            N_("only seat {victim}, the player the {card} was played on, may challenge it"),
            {"victim": self.victim, "card": card},
        )


class ChallengeDisabled(Violation, kw_only=True):
    code: ClassVar[str] = "challenge-disabled"
    default_rule: ClassVar[str] = "H11"
    #: the card that may not be challenged; ``None``: a Wild Draw Four
    card: Card | None = None

    def message(self) -> tuple[str, dict[str, object]]:
        card = self.card
        if card is None or card.rank is Rank.WILD_DRAW_FOUR:
            return N_("a Wild Draw Four cannot be challenged under these rules"), {}
        return N_("a {card} cannot be challenged under these rules"), {"card": card}


class NothingToCatch(Violation, kw_only=True):
    code: ClassVar[str] = "nothing-to-catch"
    default_rule: ClassVar[str] = "B9.7"
    target: int
    hand_size: int
    called: bool

    def message(self) -> tuple[str, dict[str, object]]:
        if self.called:
            return N_("seat {target} has called UNO, so there is nothing to catch"), {
                "target": self.target
            }
        return N_("seat {target} holds {count} cards, not one, so there is nothing to catch"), {
            "target": self.target,
            "count": self.hand_size,
        }


class UnoWindowClosed(Violation, kw_only=True):
    code: ClassVar[str] = "uno-window-closed"
    default_rule: ClassVar[str] = "B9.4"
    target: int

    def message(self) -> tuple[str, dict[str, object]]:
        if self.rule == "A19":
            return (
                N_(
                    "seat {target} cannot be caught: under these rules a hand passed on by a "
                    "swap, a rotation or a redeal need not be called, and any earlier chance "
                    "to catch it has passed"
                ),
                {"target": self.target},
            )
        return (
            N_(
                "too late: the next player has begun their turn since seat {target} got down "
                "to one card, so there is no penalty"
            ),
            {"target": self.target},
        )


class CannotCatchSelf(Violation, kw_only=True):
    code: ClassVar[str] = "cannot-catch-self"
    default_rule: ClassVar[str] = "B9.7"

    def message(self) -> tuple[str, dict[str, object]]:
        return N_("a player cannot catch themself; call UNO instead"), {}


class CannotCallUno(Violation, kw_only=True):
    code: ClassVar[str] = "cannot-call-uno"
    default_rule: ClassVar[str] = "A14"
    hand_size: int
    called: bool = False

    def message(self) -> tuple[str, dict[str, object]]:
        if self.called:
            return N_("seat {seat} has already called UNO"), {"seat": self.seat}
        if self.hand_size == 0:
            return (
                N_("seat {seat} has gone out: there is no card left to call UNO on"),
                {"seat": self.seat},
            )
        return (
            N_("UNO is called when a play leaves exactly one card; seat {seat} would hold {count}"),
            {"seat": self.seat, "count": self.hand_size},
        )


class SeatEliminated(Violation, kw_only=True):
    code: ClassVar[str] = "seat-eliminated"
    default_rule: ClassVar[str] = "H16"

    def message(self) -> tuple[str, dict[str, object]]:
        return N_("seat {seat} is out of the game"), {"seat": self.seat}


class TargetRequired(Violation, kw_only=True):
    code: ClassVar[str] = "target-required"
    default_rule: ClassVar[str] = "A31"
    card: Card

    def message(self) -> tuple[str, dict[str, object]]:
        return N_("playing a {card} needs a target seat (for example '>2')"), {"card": self.card}


class InvalidTarget(Violation, kw_only=True):
    code: ClassVar[str] = "invalid-target"
    default_rule: ClassVar[str] = "A31"
    target: int

    def message(self) -> tuple[str, dict[str, object]]:
        return N_("seat {target} cannot be the target: choose another seat still in the game"), {
            "target": self.target
        }


_ENGLISH: dict[tuple[object, ...], str] = {}
_ENGLISH_KEPT = 512


class Reason(str):
    """A reason a refusal gives (:class:`CannotStack`'s): the string is its English
    sentence, and it keeps the message and facts it is written from (as
    :meth:`Violation.message` gives them), so that it is said in any language from those,
    never read back from the English."""

    message: str
    facts: dict[str, object]

    def __new__(cls, message: str, facts: Mapping[str, object] | None = None) -> Reason:
        given = dict(facts or {})
        # Listing the legal moves validates candidates that a rule refuses with the same
        # reason again and again (H01 on a pending penalty), so the English sentence of
        # each message and facts is kept, a bounded number of them.
        said = given.values()  # one call site gives its facts in one order
        key = (message, *given, *said, *map(type, said))
        try:
            english = _ENGLISH.get(key)
            keep = english is None and len(_ENGLISH) < _ENGLISH_KEPT
        except TypeError:  # a fact that does not hash: said each time
            english, keep = None, False
        if english is None:
            # start-up: the sentences load only when a refusal gives a reason
            from ._words import say

            english = say("en", message, **given)
            if keep:
                _ENGLISH[key] = english
        reason = super().__new__(cls, english)
        reason.message, reason.facts = message, given
        return reason

    def __reduce__(self) -> tuple[Any, ...]:
        return type(self), (self.message, self.facts)


class CannotStack(Violation, kw_only=True):
    """``reason`` says why, in English: a :class:`Reason` (the bundled rules give one)
    keeps its message and facts, so that it is said in any language; a plain string (an
    installed rule's own) stays as it is."""

    code: ClassVar[str] = "cannot-stack"
    default_rule: ClassVar[str] = "H01"
    card: Card
    reason: str

    def message(self) -> tuple[str, dict[str, object]]:
        reason = self.reason
        said = (
            (reason.message, reason.facts)
            if isinstance(reason, Reason)
            else ("{reason}", {"reason": reason})
        )
        return N_("a {card} cannot be stacked: {reason}"), {"card": self.card, "reason": said}


class MustStack(Violation, kw_only=True):
    code: ClassVar[str] = "must-stack"
    default_rule: ClassVar[str] = "A48"
    card: Card

    def message(self) -> tuple[str, dict[str, object]]:
        return (
            N_(
                "seat {seat} holds a {card}, which can be stacked, and stacking is not "
                "optional under these rules"
            ),
            {"seat": self.seat, "card": self.card},
        )


class MustPlay(Violation, kw_only=True):
    code: ClassVar[str] = "must-play"
    default_rule: ClassVar[str] = "H04"

    def message(self) -> tuple[str, dict[str, object]]:
        return N_("seat {seat} holds a playable card, so drawing is not allowed"), {
            "seat": self.seat
        }


class MustPlayDrawnCard(Violation, kw_only=True):
    code: ClassVar[str] = "must-play-drawn-card"
    default_rule: ClassVar[str] = "H03"
    card: Card

    def message(self) -> tuple[str, dict[str, object]]:
        return N_("the drawn card, a {card}, can be played, so it must be"), {"card": self.card}


class MarkedCardsOnly(Violation, kw_only=True):
    code: ClassVar[str] = "marked-cards-only"
    default_rule: ClassVar[str] = "E3.2"
    card: Card
    faces: tuple[int, ...]

    def message(self) -> tuple[str, dict[str, object]]:
        marked = ", ".join(str(f) for f in self.faces)
        return (
            N_(
                "with a {card} a player puts down every card of their hand showing {faces} "
                "(any color), or none of them; the one on top last, the others sorted under it"
            ),
            {"card": self.card, "faces": marked},
        )


class CannotCombine(Violation, kw_only=True):
    code: ClassVar[str] = "cannot-combine"
    default_rule: ClassVar[str] = "H09"
    card: Card
    extra: Card

    def message(self) -> tuple[str, dict[str, object]]:
        return N_("a {extra} cannot be played together with a {card} under these rules"), {
            "extra": self.extra,
            "card": self.card,
        }


class CannotGoOut(Violation, kw_only=True):
    code: ClassVar[str] = "cannot-go-out"
    default_rule: ClassVar[str] = "H14"
    card: Card

    def message(self) -> tuple[str, dict[str, object]]:
        return N_("a player may not go out on a {card} under these rules"), {"card": self.card}


class UnoDisabled(Violation, kw_only=True):
    code: ClassVar[str] = "uno-disabled"
    default_rule: ClassVar[str] = "H12"

    def message(self) -> tuple[str, dict[str, object]]:
        return N_("calling UNO is switched off under these rules"), {}
