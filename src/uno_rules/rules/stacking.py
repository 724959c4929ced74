"""H01 Stacking ("Progressive UNO"), printed as a house rule on the 2008 sheet.

A player facing a Draw Two or Wild Draw Four may answer with another draw card instead of
drawing; the penalties add up and the first player who does not stack draws the total and
loses the turn (M2008 house rules 1-6; A46-A50). Not official: Mattel says you cannot
stack (C1, T-2019, T-2020).

Settles: which draw cards stack on which: the listed ``pairs`` of +2 and +4, by draw
value, whatever the kind (a Wild Draw Two is a +2, K3; No Mercy's
"equal or higher" on the 108-card deck is ``[plus2_on_plus2, plus4_on_plus2,
plus4_on_plus4]``), or by draw value (``by_value``: ``equal_or_higher`` is No Mercy's N4,
any color, every draw card of its deck; ``any``: every draw card on every other); the color
of a +2 on a +4 (``plus2_on_plus4_color``, A47); the color restriction of a stacked +4
(``w4_color_restriction_in_stack``, A47); whether a player who can stack may still accept
(``optional``, A48); whether the final victim loses the turn (``victim_loses_turn``, A49);
the challenge inside a stack (``challenge``, A46: only the current victim, only the most
recent Wild Draw Four; guilty: its player draws the whole total; innocent: the victim draws
total + 2). One draw card per turn (M2008 rule 4) follows from one card per play.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from enum import StrEnum
from typing import TYPE_CHECKING, Any, ClassVar

from attrs import field, frozen

from .._records import replace
from ..cards import Card, Rank
from ..errors import Problem
from ..i18n import N_
from ..moves import Accept, Move, Play
from ..state import GameState, Penalty, Phase
from ..violations import CannotStack, MustStack, Reason, Violation
from ._meta import meta
from .hooks import (
    KIND_STACK,
    HouseRule,
    IdleOption,
    IdleWhy,
    PlayContext,
    PlayKind,
    Touches,
    WildTerms,
)
from .judge import is_bluff, without

if TYPE_CHECKING:
    from .builder import Builder
    from .model import Rules

__all__ = [
    "RULE",
    "Plus2OnPlus4Color",
    "StackByValue",
    "StackChallenge",
    "StackPair",
    "Stacking",
    "W4InStack",
    "draw_ranks",
    "draw_value",
    "stack_allowed",
]


class StackPair(StrEnum):
    """Which draw card may answer which (the new card first)."""

    PLUS2_ON_PLUS2 = "plus2_on_plus2"
    PLUS4_ON_PLUS4 = "plus4_on_plus4"
    PLUS4_ON_PLUS2 = "plus4_on_plus2"
    PLUS2_ON_PLUS4 = "plus2_on_plus4"


class Plus2OnPlus4Color(StrEnum):
    """A +2 answering a +4: must it match the declared color (A47)? Default yes."""

    MUST_MATCH_DECLARED = "must_match_declared"
    ANY = "any"


class W4InStack(StrEnum):
    """The color restriction of a Wild Draw Four used to stack (A47).

    ``enforce`` (default): the usual restriction, a bluff that can be challenged;
    ``waive``: never a bluff; ``waive_no_color_choice``: never a bluff, and the stacked
    card names no color (the declared color stays).
    """

    ENFORCE = "enforce"
    WAIVE = "waive"
    WAIVE_NO_COLOR_CHOICE = "waive_no_color_choice"


class StackChallenge(StrEnum):
    """Challenging inside a stack (A46). Default: the victim, the most recent card only."""

    LATEST_ONLY_BY_VICTIM = "latest_only_by_victim"
    DISABLED = "disabled"


class StackByValue(StrEnum):
    """Whether draw values decide what stacks, instead of ``pairs`` (H01, N4). Default
    ``pairs``."""

    PAIRS = "pairs"
    EQUAL_OR_HIGHER = "equal_or_higher"
    ANY = "any"


_DEFAULT_PAIRS = (StackPair.PLUS2_ON_PLUS2, StackPair.PLUS4_ON_PLUS4)


def _pairs(value: object) -> tuple[StackPair, ...]:
    return tuple(StackPair(v) for v in value)  # type: ignore[attr-defined]


@frozen
class Stacking:
    """H01 parameters."""

    enabled: bool = field(default=False, metadata=meta("Stacking is on.", "H01"))
    pairs: tuple[StackPair, ...] = field(
        default=_DEFAULT_PAIRS,
        converter=_pairs,
        metadata=meta("Which draw card may answer which (new card on pending card).", "H01"),
    )
    by_value: StackByValue = field(
        default=StackByValue.PAIRS,
        metadata=meta(
            "What may stack: the listed pairs, or any draw card of equal or higher draw "
            "value whatever its color (N4), or any draw card.",
            "H01",
        ),
    )
    plus2_on_plus4_color: Plus2OnPlus4Color = field(
        default=Plus2OnPlus4Color.MUST_MATCH_DECLARED,
        metadata=meta("A +2 on a +4 must match the declared color, or not.", "A47"),
    )
    w4_color_restriction_in_stack: W4InStack = field(
        default=W4InStack.ENFORCE,
        metadata=meta("The color restriction of a stacked Wild Draw Four.", "A47"),
    )
    optional: bool = field(
        default=True,
        metadata=meta("A player who can stack may still accept the penalty.", "A48"),
    )
    victim_loses_turn: bool = field(
        default=True, metadata=meta("The player who takes the stack loses the turn.", "A49")
    )
    challenge: StackChallenge = field(
        default=StackChallenge.LATEST_ONLY_BY_VICTIM,
        metadata=meta("Who may challenge a Wild Draw Four inside a stack.", "A46"),
    )


def draw_ranks() -> frozenset[Rank]:
    """The known ranks with a draw value, the ones that stack (their kinds say:
    ``data/cards.json``, and the kinds rule sets declare)."""
    return frozenset(r for r in Rank if r.kind.draw)


def draw_value(card: Card) -> int:
    """Cards a draw card adds to a penalty, as its kind says: 2 for a Draw Two, 4 for a
    Wild Draw Four (6 and 10 for No Mercy's); 0 for a card that is no draw card."""
    return card.kind.draw


# H01 ``pairs`` name draw values: a +2 is any draw card of value 2 (a Draw Two, a Wild Draw
# Two, a rule set's own kind that draws 2), a +4 any of value 4 (K3).
_PAIR_OF = {
    (2, 2): StackPair.PLUS2_ON_PLUS2,
    (4, 4): StackPair.PLUS4_ON_PLUS4,
    (4, 2): StackPair.PLUS4_ON_PLUS2,
    (2, 4): StackPair.PLUS2_ON_PLUS4,
}


# Enum members read on every move, bound once: reading one from its class costs about
# 100 ns on Python 3.11.
_STACK_PAIR_PLUS2_ON_PLUS4 = StackPair.PLUS2_ON_PLUS4
_STACK_CHALLENGE_DISABLED = StackChallenge.DISABLED
_MUST_MATCH_DECLARED = Plus2OnPlus4Color.MUST_MATCH_DECLARED
_W4_IN_STACK_ENFORCE = W4InStack.ENFORCE
_W4_IN_STACK_WAIVE_NO_COLOR_CHOICE = W4InStack.WAIVE_NO_COLOR_CHOICE
# A47 waived: the terms of a stacked Wild Draw Four (H01 when it names no color)
_EXEMPT = WildTerms(bluff_exempt=True)
_NO_CHOICE = WildTerms(no_color="H01", bluff_exempt=True)


_BY_PAIRS = StackByValue.PAIRS
_BY_EQUAL_OR_HIGHER = StackByValue.EQUAL_OR_HIGHER


def stack_allowed(
    rules: Stacking, card: Card, on: Card, active: object
) -> tuple[str, dict[str, object]] | None:
    """Why ``card`` may not be stacked on the pending ``on`` card, or ``None`` if it may:
    the message (a clause read after "a <card> cannot be stacked:", ``CannotStack``, so it
    names the card as "it" and no setting key) and its facts (H01, N4, A47)."""
    by = rules.by_value
    if by is not _BY_PAIRS:
        value, pending = card.kind.draw, on.kind.draw
        if not value or not pending:
            return _not_a_draw_card(on)
        if by is _BY_EQUAL_OR_HIGHER and value < pending:
            return N_(
                "it draws {value}, fewer than the {on} ({pending}); only a draw card of equal "
                "or higher value may answer it"
            ), {"value": value, "on": on, "pending": pending}
        return None
    value, pending = card.kind.draw, on.kind.draw
    if not value or not pending:
        return _not_a_draw_card(on)
    pair = _PAIR_OF.get((value, pending))
    if pair is None:  # K3: a draw value the pairs do not name
        return N_(
            "it draws {value} and the {on} {pending}; the pairs name draw values 2 and 4 "
            "only (by_value lets any draw card answer by its value)"
        ), {"value": value, "on": on, "pending": pending}
    if pair not in rules.pairs:  # the pair is off
        return N_("under these rules it may not answer the {on}"), {"on": on}
    if (
        pair is _STACK_PAIR_PLUS2_ON_PLUS4
        and rules.plus2_on_plus4_color is _MUST_MATCH_DECLARED
        and card.color is not active
    ):
        return N_("a Draw Two on a Wild Draw Four must be of the declared color ({color})"), {
            "color": active
        }
    return None


def _not_a_draw_card(on: Card) -> tuple[str, dict[str, object]]:
    """H01's reason for a card that cannot answer the pending ``on`` card at all."""
    return N_("it is not a draw card that can answer the {on}"), {"on": on}


# --------------------------------------------------------------------------- the rule


class _StackingRule(HouseRule):
    """H01 as the engine consults it."""

    name = "stacking"
    clause = "H01"
    params = Stacking
    title = "Stacking"
    clauses: ClassVar[Mapping[str, str]] = {
        "H01": N_(
            "Stacking: a draw card may answer a draw card; the penalties add up and the "
            "player who cannot or will not stack draws the total."
        ),
        "A48": N_("Where stacking is compulsory, a player who can stack may not take the penalty."),
    }

    def touches(self, params: Stacking) -> Touches:
        # A stack is a play on a pending penalty; the accept changes only through the
        # optional (whether it is legal) and victim_loses_turn (what it does) options.
        return Touches(
            phases=frozenset({Phase.PENALTY}),
            checks=frozenset() if params.optional else frozenset({Accept}),
            moves=frozenset() if params.victim_loses_turn else frozenset({Accept}),
        )

    def answer_ranks(self, params: Stacking) -> frozenset[Rank]:
        return draw_ranks()

    def penalty_choice(self, rules: Rules, params: Stacking, card: Card) -> bool:
        return True  # A60: the victim may stack

    def answer_penalty(self, state: GameState, move: Play, params: Stacking) -> Any:
        card = move.card
        if not draw_value(card) or move.extra:
            return None
        assert state.penalty is not None
        why = stack_allowed(params, card, state.penalty.card, state.color)
        if why is None:
            return KIND_STACK
        return CannotStack(seat=move.seat, card=card, reason=Reason(*why))

    def penalty_refusal(self, state: GameState, move: Play, params: Stacking) -> Violation:
        assert state.penalty is not None
        why = _not_a_draw_card(state.penalty.card)
        return CannotStack(seat=move.seat, card=move.card, reason=Reason(*why))

    def wild_terms(self, card: Card, kind: PlayKind, params: Stacking) -> WildTerms | None:
        if kind is not KIND_STACK:
            return None
        waived = params.w4_color_restriction_in_stack
        if waived is _W4_IN_STACK_ENFORCE:
            return None
        # A47 waived: a stacked Wild Draw Four escapes the color restriction, and under
        # waive_no_color_choice names no color (the declared one stays)
        if waived is _W4_IN_STACK_WAIVE_NO_COLOR_CHOICE and card.kind.restricted:
            return _NO_CHOICE
        return _EXEMPT

    def accept_check(
        self,
        state: GameState,
        seat: int,
        answers: Iterable[tuple[Play, PlayKind]],
        params: Stacking,
    ) -> Violation | None:
        if params.optional:
            return None
        # A48 option: a fair stack is compulsory; nobody is made to bluff (A47).
        hand = state.hands[seat]
        for play, kind in answers:
            if kind is not KIND_STACK:
                continue
            if (
                play.card.kind.restricted
                and params.w4_color_restriction_in_stack is _W4_IN_STACK_ENFORCE
                and is_bluff(state.rules, without(hand, (play.card,)), state.top_card, state.color)
            ):
                continue
            return MustStack(seat=seat, card=play.card)
        return None

    def carries_penalty(self, kind: PlayKind, params: Stacking) -> bool:
        return kind is KIND_STACK

    def shape_penalty(self, penalty: Penalty, ctx: PlayContext, params: Stacking) -> Penalty:
        if ctx.kind is not KIND_STACK and not ctx.carried:
            return penalty
        if params.w4_color_restriction_in_stack is not _W4_IN_STACK_ENFORCE:
            # A47 waived: a stacked Wild Draw Four is never a bluff, so never challenged
            return replace(penalty, bluff=False, challengeable=False)
        if params.challenge is _STACK_CHALLENGE_DISABLED:
            return replace(penalty, challengeable=False)  # A46
        return penalty

    def after_accept(self, b: Builder, seat: int, params: Stacking) -> bool:
        return not params.victim_loses_turn  # A49 option: the victim draws, then plays

    def legal_clause(
        self, state: GameState, move: Move, kind: PlayKind | None, params: Stacking
    ) -> str | None:
        if kind is KIND_STACK or isinstance(move, Accept):
            return "H01"
        return None

    def idle_options(self, rules: Rules, params: Stacking) -> list[IdleOption]:
        out: list[IdleOption] = []
        if not rules.challenge_possible:
            why: IdleWhy = (
                N_("as no Wild Draw Four can be challenged under these rules (H10, H11)"),
                {},
            )
            out.append(
                ("house_rules.stacking.challenge", params.challenge, _DEFAULT.challenge, why)
            )
        if params.by_value is not _BY_PAIRS:
            why = (
                N_("while by_value is {value} (draw values decide)"),
                {"value": repr(params.by_value.value)},
            )
            out.append(("house_rules.stacking.pairs", params.pairs, _DEFAULT.pairs, why))
        if _STACK_PAIR_PLUS2_ON_PLUS4 not in params.pairs or params.by_value is not _BY_PAIRS:
            out.append(
                (
                    "house_rules.stacking.plus2_on_plus4_color",
                    params.plus2_on_plus4_color,
                    _DEFAULT.plus2_on_plus4_color,
                    (N_("without plus2_on_plus4 in pairs"), {})
                    if params.by_value is _BY_PAIRS
                    else (N_("while draw values decide"), {}),
                )
            )
        return out

    def contradictions(self, rules: Rules, params: Stacking) -> list[str]:
        problems: list[str] = []
        if not params.pairs:
            problems.append(
                Problem("house_rules.stacking.pairs", N_("empty: no card could ever be stacked"))
            )
        if len(set(params.pairs)) != len(params.pairs):
            problems.append(Problem("house_rules.stacking.pairs", N_("lists a pair twice")))
        return problems


_DEFAULT = Stacking()
RULE: _StackingRule = _StackingRule()
