"""H16 The No Mercy rule set on the 108-card deck: the mercy rule and last player standing.

The No Mercy bundle is built from H01 (equal-or-higher pairs), H02 (``must_play``), H07 and
H11 (challenge disabled), plus this module: a player holding ``limit`` or more cards is
eliminated, and their cards go to the bottom of the discard pile; with
``last_player_standing`` the last player left wins the game. Without it [D], the last player
left wins the round (scored as usual) and everyone is dealt in again for the next round.
The No Mercy-only cards are out of scope for a 108/112-card engine.
"""

from __future__ import annotations

from attrs import field, frozen

from ._meta import meta

__all__ = ["Mercy"]


@frozen
class Mercy:
    """H16 parameters."""

    enabled: bool = field(default=False, metadata=meta("The mercy rule is on.", "H16"))
    limit: int = field(
        default=25, metadata=meta("Cards that eliminate the player holding them.", "H16", 2, 200)
    )
    last_player_standing: bool = field(
        default=True, metadata=meta("The last player not eliminated wins the game.", "H16")
    )
