"""H01 Stacking ("Progressive UNO"), printed as a house rule on the 2008 sheet.

A player facing a Draw Two or Wild Draw Four may answer with another draw card instead of
drawing; the penalties add up and the first player who does not stack draws the total and
loses the turn (M2008 house rules 1-6; A46-A50). Not official: Mattel says you cannot
stack (C1, T-2019, T-2020).

Settles: which pairs stack (``pairs``; No Mercy's "equal or higher" on the 108-card deck is
``[plus2_on_plus2, plus4_on_plus2, plus4_on_plus4]``); the color of a +2 on a +4
(``plus2_on_plus4_color``, A47); the color restriction of a stacked +4
(``w4_color_restriction_in_stack``, A47); whether a player who can stack may still accept
(``optional``, A48); whether the final victim loses the turn (``victim_loses_turn``, A49);
the challenge inside a stack (``challenge``, A46: only the current victim, only the most
recent Wild Draw Four; guilty: its player draws the whole total; innocent: the victim draws
total + 2). One draw card per turn (M2008 rule 4) follows from one card per play.
"""

from __future__ import annotations

from enum import StrEnum

from attrs import field, frozen

from ..cards import Card, Rank
from ._meta import meta

__all__ = [
    "DRAW_RANKS",
    "Plus2OnPlus4Color",
    "StackChallenge",
    "StackPair",
    "Stacking",
    "W4InStack",
    "draw_value",
    "stack_allowed",
]


class StackPair(StrEnum):
    """Which draw card may answer which (the new card first)."""

    PLUS2_ON_PLUS2 = "plus2_on_plus2"
    PLUS4_ON_PLUS4 = "plus4_on_plus4"
    PLUS4_ON_PLUS2 = "plus4_on_plus2"
    PLUS2_ON_PLUS4 = "plus2_on_plus4"


class Plus2OnPlus4Color(StrEnum):
    """A +2 answering a +4: must it match the declared color (A47)? Default yes."""

    MUST_MATCH_DECLARED = "must_match_declared"
    ANY = "any"


class W4InStack(StrEnum):
    """The color restriction of a Wild Draw Four used to stack (A47).

    ``enforce`` (default): the usual restriction, a bluff that can be challenged;
    ``waive``: never a bluff; ``waive_no_color_choice``: never a bluff, and the stacked
    card names no color (the declared color stays).
    """

    ENFORCE = "enforce"
    WAIVE = "waive"
    WAIVE_NO_COLOR_CHOICE = "waive_no_color_choice"


class StackChallenge(StrEnum):
    """Challenging inside a stack (A46). Default: the victim, the most recent card only."""

    LATEST_ONLY_BY_VICTIM = "latest_only_by_victim"
    DISABLED = "disabled"


_DEFAULT_PAIRS = (StackPair.PLUS2_ON_PLUS2, StackPair.PLUS4_ON_PLUS4)


def _pairs(value: object) -> tuple[StackPair, ...]:
    return tuple(StackPair(v) for v in value)  # type: ignore[attr-defined]


@frozen
class Stacking:
    """H01 parameters."""

    enabled: bool = field(default=False, metadata=meta("Stacking is on.", "H01"))
    pairs: tuple[StackPair, ...] = field(
        default=_DEFAULT_PAIRS,
        converter=_pairs,
        metadata=meta("Which draw card may answer which (new card on pending card).", "H01"),
    )
    plus2_on_plus4_color: Plus2OnPlus4Color = field(
        default=Plus2OnPlus4Color.MUST_MATCH_DECLARED,
        metadata=meta("A +2 on a +4 must match the declared color, or not.", "A47"),
    )
    w4_color_restriction_in_stack: W4InStack = field(
        default=W4InStack.ENFORCE,
        metadata=meta("The color restriction of a stacked Wild Draw Four.", "A47"),
    )
    optional: bool = field(
        default=True,
        metadata=meta("A player who can stack may still accept the penalty.", "A48"),
    )
    victim_loses_turn: bool = field(
        default=True, metadata=meta("The player who takes the stack loses the turn.", "A49")
    )
    challenge: StackChallenge = field(
        default=StackChallenge.LATEST_ONLY_BY_VICTIM,
        metadata=meta("Who may challenge a Wild Draw Four inside a stack.", "A46"),
    )


_DRAW_VALUES = {Rank.DRAW_TWO: 2, Rank.WILD_DRAW_FOUR: 4}
DRAW_RANKS = frozenset(_DRAW_VALUES)  # the ranks with a draw_value, the ones that stack


def draw_value(card: Card) -> int:
    """Cards a draw card adds to a penalty: 2 for a Draw Two, 4 for a Wild Draw Four."""
    return _DRAW_VALUES.get(card.rank, 0)


_PAIR_OF = {
    (Rank.DRAW_TWO, Rank.DRAW_TWO): StackPair.PLUS2_ON_PLUS2,
    (Rank.WILD_DRAW_FOUR, Rank.WILD_DRAW_FOUR): StackPair.PLUS4_ON_PLUS4,
    (Rank.WILD_DRAW_FOUR, Rank.DRAW_TWO): StackPair.PLUS4_ON_PLUS2,
    (Rank.DRAW_TWO, Rank.WILD_DRAW_FOUR): StackPair.PLUS2_ON_PLUS4,
}


def stack_allowed(rules: Stacking, card: Card, on: Card, active: object) -> str | None:
    """Why ``card`` may not be stacked on the pending ``on`` card, or ``None`` if it may."""
    pair = _PAIR_OF.get((card.rank, on.rank))
    if pair is None:
        return f"{card} is not a draw card that can answer {on}"
    if pair not in rules.pairs:
        return f"{card} may not be stacked on {on} under these rules ({pair.value} is off)"
    if (
        pair is StackPair.PLUS2_ON_PLUS4
        and rules.plus2_on_plus4_color is Plus2OnPlus4Color.MUST_MATCH_DECLARED
        and card.color is not active
    ):
        return f"a Draw Two on a Wild Draw Four must be of the declared color ({active})"
    return None
