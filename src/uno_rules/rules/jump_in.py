"""H06 Jump-In, printed as a house rule on the 2008 sheet.

Anyone holding a card identical to the top card (same color and same number or symbol; all
Wild Draw Fours are identical, and all Wilds: A29) may play it at once, whoever's turn it is.
Play continues from the jumper; skipped players lose that turn (M2008).

Settles: wilds may jump in or not (``wilds``, A24: a jumping Wild Draw Four still meets the
color restriction against the color the first one named, and only its new victim may
challenge it); a jumping Skip, Reverse, Draw Two or Wild Draw Four cancels the first and
applies from the jumper (``action_semantics: cancel_first_then_apply``, A26), or both
apply; jumping in on the first turned card (``on_initial_flip``); jumping in while a penalty
is pending, which cancels it (``during_pending_penalty``, A25) or adds to it
(``with_stacking: accumulate``); the player who just played following with an identical card
(``self_back_to_back``, A28); going out by jumping in (``go_out_by_jump_in``, A23).

Design decisions: a card identical to the top played by the seat whose turn it is, during
its ordinary turn, is an ordinary play, not a jump-in (A28 says "that is an ordinary play");
a jump-in does not close an UNO window: the window closes at the next turn action, by the
seat after the jumper (A22). When two seats could jump in, the first move submitted wins
(A27). 7s and 0s under Seven-O apply both effects (A34); cancelling them is not offered.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import TYPE_CHECKING, ClassVar

from attrs import field, frozen

from .._records import replace
from ..cards import Card, Rank
from ..errors import Problem
from ..events import Reversed, Skipped
from ..i18n import N_
from ..moves import Move, Play
from ..state import GameState, Phase
from ..violations import CannotGoOut, ColorChoicePending, PenaltyPending, Violation
from ._meta import meta
from .hooks import KIND_JUMP_IN, HouseRule, PlayContext, PlayKind, Touches
from .judge import reverse_skips

if TYPE_CHECKING:
    from .builder import Builder
    from .model import Rules

_R_REVERSE = Rank.REVERSE
_R_BLANK = Rank.BLANK

__all__ = ["RULE", "ActionSemantics", "JumpIn", "JumpInWilds", "WithStacking", "identical"]


class JumpInWilds(StrEnum):
    """Which wilds may jump in (A24). Default ``w4_and_w`` (M2008 lists the W+4)."""

    W4_AND_W = "w4_and_w"
    NONE = "none"


class ActionSemantics(StrEnum):
    """A26: an identical action card jumping in. Default ``cancel_first_then_apply``."""

    CANCEL_FIRST_THEN_APPLY = "cancel_first_then_apply"
    BOTH_APPLY = "both_apply"


class WithStacking(StrEnum):
    """A25: a jump-in on a pending draw penalty. Default ``cancel``."""

    CANCEL = "cancel"
    ACCUMULATE = "accumulate"


@frozen
class JumpIn:
    """H06 parameters."""

    enabled: bool = field(default=False, metadata=meta("Jump-in is on.", "H06"))
    wilds: JumpInWilds = field(
        default=JumpInWilds.W4_AND_W, metadata=meta("Whether wilds may jump in.", "A24")
    )
    action_semantics: ActionSemantics = field(
        default=ActionSemantics.CANCEL_FIRST_THEN_APPLY,
        metadata=meta("An identical action card cancels the first, or both apply.", "A26"),
    )
    on_initial_flip: bool = field(
        default=False, metadata=meta("Jumping in on the first turned card.", "A27")
    )
    during_pending_penalty: bool = field(
        default=True,
        metadata=meta("Jumping in while a draw penalty waits for its victim.", "A25"),
    )
    with_stacking: WithStacking = field(
        default=WithStacking.CANCEL,
        metadata=meta("A jump-in on a pending penalty cancels it, or adds to it.", "A25"),
    )
    self_back_to_back: bool = field(
        default=True,
        metadata=meta("The player who just played may follow with an identical card.", "A28"),
    )
    go_out_by_jump_in: bool = field(
        default=True, metadata=meta("A player may go out by jumping in.", "A23")
    )


def identical(card: Card, top: Card) -> bool:
    """A29: same color and same number or symbol; any two Wilds, any two Wild Draw Fours.
    Declared colors of wilds are not compared."""
    return card.rank is top.rank and card.color is top.color and card.rank is not _R_BLANK


# --------------------------------------------------------------------------- the rule


# Enum members read on every move, bound once: reading one from its class costs about
# 100 ns on Python 3.11.
_PHASE_PENALTY = Phase.PENALTY
_PHASE_CHOOSE_COLOR = Phase.CHOOSE_COLOR
_JUMP_IN_WILDS_NONE = JumpInWilds.NONE
_WITH_STACKING_ACCUMULATE = WithStacking.ACCUMULATE
_ACTION_SEMANTICS_CANCEL_FIRST_THEN_APPLY = ActionSemantics.CANCEL_FIRST_THEN_APPLY


class _JumpInRule(HouseRule):
    """H06 as the engine consults it."""

    name = "jump_in"
    clause = "H06"
    params = JumpIn
    title = "Jump-in"
    clauses: ClassVar[Mapping[str, str]] = {
        "H06": N_(
            "Jump-in: a card identical to the top card may be played out of turn; play "
            "continues from the player who jumped in."
        ),
        "A23": N_("A player may go out by jumping in."),
        "A24": N_("Wild cards may jump in only where the house rule allows it."),
        "A25": N_(
            "A jump-in on a pending draw penalty is allowed only where the house rule says so."
        ),
        "A27": N_("A jump-in needs a top card that was played, not the card turned to start."),
        "A28": N_(
            "The player who just played may follow with an identical card only where allowed."
        ),
    }

    def touches(self, params: JumpIn) -> Touches:
        # Plays out of turn are never listed or applied by a fast path; on a pending
        # penalty the victim may jump in too.
        phases = {_PHASE_PENALTY} if params.during_pending_penalty else set()
        return Touches(phases=frozenset(phases))

    def penalty_choice(self, rules: Rules, params: JumpIn, card: Card) -> bool:
        return params.during_pending_penalty  # A60: the victim may be jumped in on

    def out_of_turn(
        self, state: GameState, move: Play, default: Violation, params: JumpIn
    ) -> Violation | None:
        if move.extra or not identical(move.card, state.top_card):
            return default
        if move.card.is_wild and params.wilds is _JUMP_IN_WILDS_NONE:
            return replace(default, rule="A24")
        if state.played_by is None and not params.on_initial_flip:
            return replace(default, rule="A27")
        if state.phase is _PHASE_PENALTY and not params.during_pending_penalty:
            assert state.penalty is not None
            return PenaltyPending(
                seat=move.seat, rule="A25", victim=state.turn, amount=state.penalty.amount
            )
        if state.phase is _PHASE_CHOOSE_COLOR:
            return ColorChoicePending(seat=move.seat, chooser=state.turn)
        if move.seat == state.played_by and not params.self_back_to_back:
            return replace(default, rule="A28")
        return None

    def out_of_turn_card(self, state: GameState, seat: int, params: JumpIn) -> Card | None:
        """A29: the one face identical to the top card, where ``out_of_turn``'s conditions
        that do not read a hand hold: the top card may be jumped on (A24, A27), by this seat
        (A28), in this phase (A25). Cards are interned, so any card identical to it is that
        very object (with two-sided cards, any card showing that face, whatever its back:
        F15)."""
        phase = state.phase
        if phase is _PHASE_CHOOSE_COLOR or (
            phase is _PHASE_PENALTY and not params.during_pending_penalty
        ):
            return None
        if state.played_by is None and not params.on_initial_flip:
            return None
        top = state.top_card
        if top.is_wild and params.wilds is _JUMP_IN_WILDS_NONE:
            return None
        if seat == state.played_by and not params.self_back_to_back:
            return None
        return top if identical(top, top) else None

    def last_card(
        self, state: GameState, seat: int, card: Card, kind: PlayKind, params: JumpIn
    ) -> Violation | None:
        if kind is KIND_JUMP_IN and not params.go_out_by_jump_in:
            return CannotGoOut(seat=seat, rule="A23", card=card)
        return None

    def carries_penalty(self, kind: PlayKind, params: JumpIn) -> bool:
        return kind is KIND_JUMP_IN and params.with_stacking is _WITH_STACKING_ACCUMULATE

    def play_effect(self, b: Builder, ctx: PlayContext, params: JumpIn) -> bool:
        """A26 ``cancel_first_then_apply``: a Reverse jumping in on a Reverse cancels it,
        then applies its own."""
        if (
            ctx.kind is not KIND_JUMP_IN
            or ctx.card.rank is not _R_REVERSE
            or params.action_semantics is not _ACTION_SEMANTICS_CANCEL_FIRST_THEN_APPLY
            or ctx.went_out
        ):
            return False
        seat = ctx.move.seat
        if reverse_skips(b.rules, len(b.active())):
            b.events.append(Skipped(b.next(seat)))  # H08: a Reverse acts as a Skip
            b.turn = seat
            return True
        if (ctx.times + 1) % 2:
            b.direction = -b.direction
            b.events.append(Reversed(b.direction))
        b.turn = b.next(seat)
        return True

    def legal_clause(
        self, state: GameState, move: Move, kind: PlayKind | None, params: JumpIn
    ) -> str | None:
        return "H06" if kind is KIND_JUMP_IN else None

    def contradictions(self, rules: Rules, params: JumpIn) -> list[str]:
        problems: list[str] = []
        if params.with_stacking is _WITH_STACKING_ACCUMULATE:
            if not rules.house_rules.stacking.enabled:
                problems.append(
                    Problem(
                        "house_rules.jump_in.with_stacking",
                        N_("'accumulate' needs house_rules.stacking (A25)"),
                    )
                )
            if not params.during_pending_penalty:
                problems.append(
                    Problem(
                        "house_rules.jump_in.with_stacking",
                        N_("'accumulate' cannot take effect while during_pending_penalty is false"),
                    )
                )
        return problems


RULE: _JumpInRule = _JumpInRule()
