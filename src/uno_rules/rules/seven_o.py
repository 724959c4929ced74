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

from collections.abc import Mapping
from enum import StrEnum
from typing import TYPE_CHECKING, ClassVar

from attrs import field, frozen

from ..cards import Card, Rank
from ..errors import Problem
from ..i18n import N_
from ..kinds import Step
from ..moves import Move, Play
from ..state import GameState
from ._meta import meta
from .hooks import (
    KIND_TURN,
    HouseRule,
    IdleOption,
    IdleWhy,
    PlayKind,
)

if TYPE_CHECKING:
    from .model import Rules

__all__ = ["RULE", "OnLastCard", "SevenO"]


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


# --------------------------------------------------------------------------- the rule

_SEVEN, _ZERO = Rank.SEVEN, Rank.ZERO
_SWAP: tuple[Step, ...] = (Step("swap_hands"),)
_ROTATE: tuple[Step, ...] = (Step("rotate_hands"),)


# Enum members read on every move, bound once: reading one from its class costs about
# 100 ns on Python 3.11.
_ON_LAST_CARD_NO_EFFECT = OnLastCard.NO_EFFECT


class _SevenORule(HouseRule):
    """H07 as the engine consults it."""

    name = "seven_o"
    clause = "H07"
    params = SevenO
    title = "Seven-O"
    clauses: ClassVar[Mapping[str, str]] = {
        "H07": N_(
            "Seven-O: a 7 swaps hands with a chosen player; a 0 passes every hand on in the "
            "direction of play."
        ),
        "A31": N_("A 7 under Seven-O is played with the seat to swap hands with, never oneself."),
    }

    def target(
        self, card: Card, goes_out: bool, params: SevenO
    ) -> tuple[bool | None, str, str] | None:
        if card.rank is not _SEVEN:
            return None
        refusal = "A30" if goes_out else "B4.4"  # a last 7 takes no target (A30)
        if not params.seven_swap or (goes_out and params.on_last_card is _ON_LAST_CARD_NO_EFFECT):
            return False, "A31", refusal
        return (True if params.seven_mandatory else None), "A31", refusal

    def card_steps(self, card: Card, last: bool, params: SevenO) -> tuple[Step, ...] | None:
        """A 7 swaps hands with the seat its play names, a 0 passes every hand on (A32):
        steps, interpreted on every path (``docs/cards.md``). A last 7 or 0 does nothing
        unless ``on_last_card: apply`` (A30)."""
        rank = card.rank
        if last and params.on_last_card is _ON_LAST_CARD_NO_EFFECT:
            return None  # A30: the official "no further effect" of a last card
        if rank is _SEVEN and params.seven_swap:
            return _SWAP
        if rank is _ZERO and params.zero_rotate:
            return _ROTATE
        return None

    def legal_clause(
        self, state: GameState, move: Move, kind: PlayKind | None, params: SevenO
    ) -> str | None:
        if (
            kind is KIND_TURN
            and isinstance(move, Play)
            and not move.extra
            and move.card.rank in (_SEVEN, _ZERO)
        ):
            return "H07"
        return None

    def idle_options(self, rules: Rules, params: SevenO) -> list[IdleOption]:
        if params.seven_swap:
            return []
        why: IdleWhy = (N_("while {path} is false"), {"path": "seven_swap"})
        return [("house_rules.seven_o.seven_mandatory", params.seven_mandatory, True, why)]

    def contradictions(self, rules: Rules, params: SevenO) -> list[str]:
        if not (params.seven_swap or params.zero_rotate):
            return [
                Problem(
                    "house_rules.seven_o", N_("enabled with both seven_swap and zero_rotate off")
                )
            ]
        if params.zero_rotate and rules.deck.value == "flip-112":
            # F15: it cannot take effect; no side of the Flip deck has a 0
            return [
                Problem(
                    "house_rules.seven_o.zero_rotate",
                    N_(
                        "the flip-112 deck has no 0 on either side; set zero_rotate: false to "
                        "keep the 7s' swap"
                    ),
                )
            ]
        return []


RULE: _SevenORule = _SevenORule()
