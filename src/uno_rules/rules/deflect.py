"""H15 Deflecting a draw penalty with a Reverse or a Skip (house rule only).

While a penalty is pending its victim may answer with a Reverse: the direction flips and the
pending total moves to the next player in the new direction, the one who played the draw
card. Or with a Skip: the total passes to the player after the victim. With
``color_must_match`` the card must be of the active color or of the penalty card's color.
A deflected Wild Draw Four can no longer be challenged [D]: the new victim did not see it
played on them.
"""

from __future__ import annotations

from attrs import field, frozen

from ._meta import meta

__all__ = ["Deflect"]


@frozen
class Deflect:
    """H15 parameters."""

    enabled: bool = field(default=False, metadata=meta("Deflecting is on.", "H15"))
    reverse: bool = field(default=True, metadata=meta("A Reverse may deflect.", "H15"))
    skip: bool = field(default=False, metadata=meta("A Skip may deflect.", "H15"))
    color_must_match: bool = field(
        default=True,
        metadata=meta("The deflecting card must match the active or penalty color.", "H15"),
    )
