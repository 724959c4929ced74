"""H15 Deflecting a draw penalty with a Reverse or a Skip (house rule only).

While a penalty is pending its victim may answer with a Reverse: the direction flips and the
pending total moves to the next player in the new direction, the one who played the draw
card. Or with a Skip: the total passes to the player after the victim. With
``color_must_match`` the card must be of the active color or of the penalty card's color.
A deflected Wild Draw Four can no longer be challenged [D]: the new victim did not see it
played on them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from attrs import field, frozen

from .._records import replace
from ..cards import Card, Rank
from ..errors import Problem
from ..events import PenaltyDeflected
from ..i18n import N_
from ..moves import Move, Play
from ..state import GameState, Phase
from ._meta import meta
from .hooks import KIND_DEFLECT, HouseRule, PlayContext, PlayKind, Touches

if TYPE_CHECKING:
    from .builder import Builder
    from .model import Rules

_R_REVERSE = Rank.REVERSE
_PENALTY = Phase.PENALTY
_R_SKIP = Rank.SKIP

__all__ = ["RULE", "Deflect", "deflects"]


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


# --------------------------------------------------------------------------- the rule

_DEFLECT_RANKS = frozenset((_R_REVERSE, _R_SKIP))


def deflects(params: Deflect, state: GameState, card: Card) -> bool:
    """H15: ``card`` may deflect the pending penalty of ``state``."""
    if not ((card.rank is _R_REVERSE and params.reverse) or (card.rank is _R_SKIP and params.skip)):
        return False
    if not params.color_must_match:
        return True
    assert state.penalty is not None
    return card.color is state.color or card.color is state.penalty.card.color


class _DeflectRule(HouseRule):
    """H15 as the engine consults it."""

    name = "deflect"
    clause = "H15"
    params = Deflect
    title = "Deflecting a penalty"
    clauses: ClassVar[Mapping[str, str]] = {
        "H15": N_("A Reverse or Skip may send a pending draw penalty on."),
    }

    def touches(self, params: Deflect) -> Touches:
        return Touches(phases=frozenset({Phase.PENALTY}))

    def answer_ranks(self, params: Deflect) -> frozenset[Rank]:
        return _DEFLECT_RANKS

    def penalty_choice(self, rules: Rules, params: Deflect, card: Card) -> bool:
        return True  # A60: the victim may deflect

    def answer_penalty(self, state: GameState, move: Play, params: Deflect) -> Any:
        if not move.extra and deflects(params, state, move.card):
            return KIND_DEFLECT
        return None

    def play_effect(self, b: Builder, ctx: PlayContext, params: Deflect) -> bool:
        """A Reverse sends the penalty back the other way; a Skip passes it on. A deflected
        Wild Draw Four can no longer be challenged."""
        if ctx.kind is not KIND_DEFLECT:
            return False
        pending = ctx.pending
        assert pending is not None
        seat = ctx.move.seat
        if ctx.move.card.rank is _R_REVERSE:
            b.direction = -b.direction
        victim = b.next(seat)
        b.penalty = replace(pending, challengeable=False)
        b.phase = _PENALTY
        b.turn = victim
        b.events.append(PenaltyDeflected(seat, victim, pending.amount))
        return True

    def legal_clause(
        self, state: GameState, move: Move, kind: PlayKind | None, params: Deflect
    ) -> str | None:
        return "H15" if kind is KIND_DEFLECT else None

    def contradictions(self, rules: Rules, params: Deflect) -> list[str]:
        if not (params.reverse or params.skip):
            return [Problem("house_rules.deflect", N_("enabled with both reverse and skip off"))]
        return []


RULE: _DeflectRule = _DeflectRule()
