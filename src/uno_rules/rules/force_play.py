"""H03 Force play: a playable drawn card must be played at once.

A house rule (the Mattel163 app plays a playable drawn card automatically; No Mercy's
must-play). Officially the drawn card *may* be played (B6.3, A53). ``includes_w4``: a drawn
Wild Draw Four that meets the color restriction must be played too.
"""

from __future__ import annotations

from attrs import field, frozen

from ._meta import meta

__all__ = ["ForcePlay"]


@frozen
class ForcePlay:
    """H03 parameters."""

    enabled: bool = field(default=False, metadata=meta("Force play is on.", "H03"))
    includes_w4: bool = field(
        default=True,
        metadata=meta("A drawn Wild Draw Four that meets its restriction must be played.", "H03"),
    )
