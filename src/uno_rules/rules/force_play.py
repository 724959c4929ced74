"""H03 Force play: a playable drawn card must be played at once.

A house rule (the Mattel163 app plays a playable drawn card automatically; No Mercy's
must-play). Officially the drawn card *may* be played (B6.3, A53). ``includes_w4``: a drawn
Wild Draw Four that meets the color restriction must be played too.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, ClassVar

from attrs import field, frozen

from ..cards import Rank
from ..errors import Problem
from ..i18n import N_
from ..moves import Pass
from ..state import GameState
from ._meta import meta
from .hooks import HouseRule, Touches
from .options import AfterDraw

if TYPE_CHECKING:
    from .model import Rules

__all__ = ["RULE", "ForcePlay"]

# Enum members read on every move, bound once: reading one from its class costs about
# 100 ns on Python 3.11.
_RANK_WILD_DRAW_FOUR = Rank.WILD_DRAW_FOUR
_AFTER_DRAW_NONE = AfterDraw.NONE


@frozen
class ForcePlay:
    """H03 parameters."""

    enabled: bool = field(default=False, metadata=meta("Force play is on.", "H03"))
    includes_w4: bool = field(
        default=True,
        metadata=meta("A drawn Wild Draw Four that meets its restriction must be played.", "H03"),
    )


# --------------------------------------------------------------------------- the rule


class _ForcePlayRule(HouseRule):
    """H03 as the engine consults it."""

    name = "force_play"
    clause = "H03"
    params = ForcePlay
    title = "Force play"
    clauses: ClassVar[Mapping[str, str]] = {
        "H03": N_("Force play: a drawn card that can be played must be played."),
    }

    def touches(self, params: ForcePlay) -> Touches:
        return Touches(checks=frozenset({Pass}))

    def drawn_compulsory(self, state: GameState, params: ForcePlay) -> str | None:
        drawn = state.drawn
        assert drawn is not None
        if params.includes_w4 or drawn.rank is not _RANK_WILD_DRAW_FOUR:
            return "H03"
        return None

    def contradictions(self, rules: Rules, params: ForcePlay) -> list[str]:
        if rules.after_draw is _AFTER_DRAW_NONE:
            return [
                Problem(
                    "house_rules.force_play",
                    N_("cannot take effect: under after_draw 'none' drawing ends the turn"),
                )
            ]
        return []


RULE: _ForcePlayRule = _ForcePlayRule()
