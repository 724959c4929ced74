"""H02 Draw until playable: a player who must draw keeps drawing until a card can be played.

Not official (B6.5: draw one card). A house rule in older Wikipedia text; SEED4 mentions a cap
of 10; official in No Mercy with ``must_play``. A player who must draw draws one card at a
time until the drawn card is playable or ``max_draws`` cards have been drawn; they may then
play that card (``after_found: may_play``) or must (``must_play``). ``applies_to`` says
whether a voluntary draw (holding a playable card) also draws until playable. Penalty draws
(Draw Two, Wild Draw Four, UNO) are never affected. If both piles run dry the drawing stops
(A44).
"""

from __future__ import annotations

from enum import StrEnum

from attrs import field, frozen

from ._meta import meta

__all__ = ["AfterFound", "AppliesTo", "DrawUntilPlayable"]


class AfterFound(StrEnum):
    MAY_PLAY = "may_play"
    MUST_PLAY = "must_play"


class AppliesTo(StrEnum):
    NO_PLAYABLE_ONLY = "no_playable_only"
    ANY_DRAW = "any_draw"


@frozen
class DrawUntilPlayable:
    """H02 parameters."""

    enabled: bool = field(default=False, metadata=meta("Draw until playable is on.", "H02"))
    max_draws: int | None = field(
        default=None,
        metadata=meta("Most cards drawn in one turn (null: no cap).", "H02", 1, 200),
    )
    after_found: AfterFound = field(
        default=AfterFound.MAY_PLAY,
        metadata=meta("The playable card found may, or must, be played.", "H02"),
    )
    applies_to: AppliesTo = field(
        default=AppliesTo.NO_PLAYABLE_ONLY,
        metadata=meta("Only a forced draw, or also a voluntary one, draws until playable.", "H02"),
    )
