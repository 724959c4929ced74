"""X01 Eights skip: a house rule for uno_rules, written outside the package.

Each time an 8 is played, the next player is skipped, as if the 8 were a Skip. With
``also_draws`` the skipped player also draws that many cards. An 8 played as the last
card has no further effect, like any card (B10.4).

The whole rule is this module: its parameters (an ``attrs`` frozen class with an
``enabled`` switch) and one :class:`~uno_rules.rules.hooks.HouseRule` object, declared
under the ``uno_rules.house_rules`` entry-point group in ``pyproject.toml``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from attrs import field, frozen

from uno_rules.cards import Rank
from uno_rules.events import Skipped
from uno_rules.moves import Move, Play
from uno_rules.rules.builder import Builder
from uno_rules.rules.hooks import HouseRule, PlayContext, PlayKind, Touches
from uno_rules.state import GameState

__all__ = ["RULE", "EightsSkip"]


@frozen
class EightsSkip:
    """X01 parameters: the metadata feeds preset checking, the JSON Schema and the docs."""

    enabled: bool = field(
        default=False, metadata={"doc": "An 8 skips the next player.", "clause": "X01"}
    )
    also_draws: int = field(
        default=0,
        metadata={
            "doc": "Cards the skipped player also draws.",
            "clause": "X01",
            "min": 0,
            "max": 4,
        },
    )


class _EightsSkipRule(HouseRule):
    name = "eight_skips"  # the key under `house_rules:` (and the entry point's name)
    clause = "X01"
    params = EightsSkip
    title = "Eights skip"
    clauses: ClassVar[Mapping[str, str]] = {"X01": "Eights skip: an 8 skips the next player."}

    def touches(self, params: EightsSkip) -> Touches:
        # What an 8 does changes (not whether it may be played): the engine's shortcuts
        # leave every 8 to the general path, where play_effect below is asked.
        return Touches(effect_ranks=frozenset({Rank.EIGHT}))

    def play_effect(self, b: Builder, ctx: PlayContext, params: EightsSkip) -> bool:
        if ctx.card.rank is not Rank.EIGHT or ctx.went_out:
            return False  # not ours, or a last card: the official rules apply
        seat = ctx.move.seat
        victim = b.next(seat)
        if params.also_draws:
            b.draw_cards(victim, params.also_draws, "penalty")
        b.events.append(Skipped(victim))
        b.turn = b.next(seat, 2)
        return True

    def legal_clause(
        self, state: GameState, move: Move, kind: PlayKind | None, params: EightsSkip
    ) -> str | None:
        if kind is PlayKind.TURN and isinstance(move, Play) and move.card.rank is Rank.EIGHT:
            return "X01"
        return None


RULE = _EightsSkipRule()
