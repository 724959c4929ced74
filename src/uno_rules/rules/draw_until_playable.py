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

from collections.abc import Iterable, Mapping
from enum import StrEnum
from typing import TYPE_CHECKING, ClassVar

from attrs import field, frozen

from ..cards import Card
from ..errors import Problem
from ..i18n import N_
from ..moves import Draw, Move, Pass
from ..state import GameState
from ._meta import meta
from .hooks import HouseRule, PlayKind, Touches
from .judge import draw_until_playable, has_legal_card
from .options import AfterDraw, VoluntaryDraw

if TYPE_CHECKING:
    from .model import Rules

__all__ = ["RULE", "AfterFound", "AppliesTo", "DrawUntilPlayable"]


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


# --------------------------------------------------------------------------- the rule


# Enum members read on every move, bound once: reading one from its class costs about
# 100 ns on Python 3.11.
_VOLUNTARY_DRAW_PENALIZED = VoluntaryDraw.PENALIZED
_AFTER_DRAW_NONE = AfterDraw.NONE
_AFTER_FOUND_MUST_PLAY = AfterFound.MUST_PLAY
_APPLIES_TO_ANY_DRAW = AppliesTo.ANY_DRAW


class _DrawUntilPlayableRule(HouseRule):
    """H02 as the engine consults it."""

    name = "draw_until_playable"
    clause = "H02"
    params = DrawUntilPlayable
    title = "Draw until playable"
    clauses: ClassVar[Mapping[str, str]] = {
        "H02": N_(
            "Draw until playable: a player who must draw keeps drawing until a card can be played."
        ),
    }

    def touches(self, params: DrawUntilPlayable) -> Touches:
        # The draw itself goes through turn_draw, which the draw shortcut asks too.
        checks = frozenset({Pass}) if params.after_found is _AFTER_FOUND_MUST_PLAY else frozenset()
        return Touches(checks=checks)

    def _applies(self, params: DrawUntilPlayable, voluntary: bool) -> bool:
        return params.applies_to is _APPLIES_TO_ANY_DRAW or not voluntary

    def turn_draw(
        self,
        state: GameState,
        seat: int,
        voluntary: bool,
        source: Iterable[Card],
        params: DrawUntilPlayable,
    ) -> tuple[tuple[Card, ...], bool] | None:
        if not self._applies(params, voluntary):
            return None
        return draw_until_playable(state, seat, source, params.max_draws)

    def drawn_compulsory(self, state: GameState, params: DrawUntilPlayable) -> str | None:
        return "H02" if params.after_found is _AFTER_FOUND_MUST_PLAY else None

    def legal_clause(
        self, state: GameState, move: Move, kind: PlayKind | None, params: DrawUntilPlayable
    ) -> str | None:
        if not isinstance(move, Draw):
            return None
        voluntary = has_legal_card(state, move.seat)
        if voluntary and state.rules.voluntary_draw is _VOLUNTARY_DRAW_PENALIZED:
            return None  # H04 decides a penalized voluntary draw
        return "H02" if self._applies(params, voluntary) else None

    def contradictions(self, rules: Rules, params: DrawUntilPlayable) -> list[str]:
        if rules.after_draw is _AFTER_DRAW_NONE:
            return [
                Problem(
                    "house_rules.draw_until_playable",
                    N_("contradicts after_draw 'none': the card found could never be played"),
                )
            ]
        return []


RULE: _DrawUntilPlayableRule = _DrawUntilPlayableRule()
