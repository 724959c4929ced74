"""H07 Seven-O, printed as a house rule on the 2008 sheet.

Each time a 7 is played its player must trade hands with another player of their choice;
each time a 0 is played every player passes their hand to the next player in the direction
of play (M2008). Each half can be switched on its own.

Settles: the 7's target is part of the play (``0 R7 >2``) and must be another seat still in
the game (A31); ``seven_mandatory: false`` lets the player keep their hand (no target); the
0 passes hands in the current direction, which the 0 does not change, so with two players it
is a swap (A32); a 7 or 0 played as the last card has no effect and the round ends
(``on_last_card: no_effect``, A30); while a penalty is pending only answers to it are legal
(A33); a player who ends up with one card after a transfer must call UNO (A19,
``uno.applies_after_transfer``); jumping in on a 7 or 0 applies both effects (A34).
"""

from __future__ import annotations

from enum import StrEnum

from attrs import field, frozen

from ._meta import meta

__all__ = ["OnLastCard", "SevenO"]


class OnLastCard(StrEnum):
    """A30: a 7 or 0 played as the last card. Default ``no_effect``."""

    NO_EFFECT = "no_effect"
    APPLY = "apply"


@frozen
class SevenO:
    """H07 parameters."""

    enabled: bool = field(default=False, metadata=meta("Seven-O is on.", "H07"))
    seven_swap: bool = field(default=True, metadata=meta("A 7 swaps hands.", "H07"))
    zero_rotate: bool = field(default=True, metadata=meta("A 0 passes every hand on.", "H07"))
    seven_mandatory: bool = field(
        default=True, metadata=meta("The 7's player must swap (else may).", "A31")
    )
    on_last_card: OnLastCard = field(
        default=OnLastCard.NO_EFFECT,
        metadata=meta("A 7 or 0 as the last card: no effect, or the effect applies.", "A30"),
    )
