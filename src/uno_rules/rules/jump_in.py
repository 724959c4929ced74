"""H06 Jump-In, printed as a house rule on the 2008 sheet.

Anyone holding a card identical to the top card (same color and same number or symbol; all
Wild Draw Fours are identical, and all Wilds: A29) may play it at once, whoever's turn it is.
Play continues from the jumper; skipped players lose that turn (M2008).

Settles: wilds may jump in or not (``wilds``, A24: a jumping Wild Draw Four still meets the
color restriction against the color the first one named, and only its new victim may
challenge it); a jumping Skip, Reverse, Draw Two or Wild Draw Four cancels the first and
applies from the jumper (``action_semantics: cancel_first_then_apply``, A26), or both
apply; jumping in on the first turned card (``on_initial_flip``); jumping in while a penalty
is pending, which cancels it (``during_pending_penalty``, A25) or adds to it
(``with_stacking: accumulate``); the player who just played following with an identical card
(``self_back_to_back``, A28); going out by jumping in (``go_out_by_jump_in``, A23).

Design decisions: a card identical to the top played by the seat whose turn it is, during
its ordinary turn, is an ordinary play, not a jump-in (A28 says "that is an ordinary play");
a jump-in does not close an UNO window: the window closes at the next turn action, by the
seat after the jumper (A22). When two seats could jump in, the first move submitted wins
(A27). 7s and 0s under Seven-O apply both effects (A34); cancelling them is not offered.
"""

from __future__ import annotations

from enum import StrEnum

from attrs import field, frozen

from ..cards import Card, Rank
from ._meta import meta

__all__ = ["ActionSemantics", "JumpIn", "JumpInWilds", "WithStacking", "identical"]


class JumpInWilds(StrEnum):
    """Which wilds may jump in (A24). Default ``w4_and_w`` (M2008 lists the W+4)."""

    W4_AND_W = "w4_and_w"
    NONE = "none"


class ActionSemantics(StrEnum):
    """A26: an identical action card jumping in. Default ``cancel_first_then_apply``."""

    CANCEL_FIRST_THEN_APPLY = "cancel_first_then_apply"
    BOTH_APPLY = "both_apply"


class WithStacking(StrEnum):
    """A25: a jump-in on a pending draw penalty. Default ``cancel``."""

    CANCEL = "cancel"
    ACCUMULATE = "accumulate"


@frozen
class JumpIn:
    """H06 parameters."""

    enabled: bool = field(default=False, metadata=meta("Jump-in is on.", "H06"))
    wilds: JumpInWilds = field(
        default=JumpInWilds.W4_AND_W, metadata=meta("Whether wilds may jump in.", "A24")
    )
    action_semantics: ActionSemantics = field(
        default=ActionSemantics.CANCEL_FIRST_THEN_APPLY,
        metadata=meta("An identical action card cancels the first, or both apply.", "A26"),
    )
    on_initial_flip: bool = field(
        default=False, metadata=meta("Jumping in on the first turned card.", "A27")
    )
    during_pending_penalty: bool = field(
        default=True,
        metadata=meta("Jumping in while a draw penalty waits for its victim.", "A25"),
    )
    with_stacking: WithStacking = field(
        default=WithStacking.CANCEL,
        metadata=meta("A jump-in on a pending penalty cancels it, or adds to it.", "A25"),
    )
    self_back_to_back: bool = field(
        default=True,
        metadata=meta("The player who just played may follow with an identical card.", "A28"),
    )
    go_out_by_jump_in: bool = field(
        default=True, metadata=meta("A player may go out by jumping in.", "A23")
    )


def identical(card: Card, top: Card) -> bool:
    """A29: same color and same number or symbol; any two Wilds, any two Wild Draw Fours.
    Declared colors of wilds are not compared."""
    return card.rank is top.rank and card.color is top.color and card.rank is not Rank.BLANK
