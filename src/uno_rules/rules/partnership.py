"""3.2 Partners (M2001): four players, partners sitting opposite each other.

When either partner goes out the round ends, and the team scores the cards in both
opponents' hands; the partner's own cards are not counted (T7). Both partners are credited
with the team's points, so the team reaches the target together. Partners see only their own
hands (A57). The rotating-partners variation (T8) and multi-table play (T9) are tournaments
of ordinary partnership games and are not modelled.
"""

from __future__ import annotations

from attrs import field, frozen

from ._meta import meta

__all__ = ["Partnership", "partner"]


@frozen
class Partnership:
    """3.2 parameters."""

    enabled: bool = field(
        default=False, metadata=meta("Four players in two teams (0+2, 1+3).", "T6")
    )


def partner(seat: int) -> int:
    """The seat opposite ``seat`` at a four-player table."""
    return (seat + 2) % 4
