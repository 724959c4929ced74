"""H09 Several cards in one turn (doubles, chains): not official (B4.5, T-end).

The first card must be a legal play; the further cards (``extra`` in the move, ``0 B5 G5``)
must share its rank under ``mode``: ``same_number_same_color`` (identical number cards),
``same_number_any_color`` (number cards of one number), ``same_rank_any_color`` (number or
action cards of one rank). Wild cards are never combined [D]. The active color is the last
card's color.

``effects: each_applies`` (default): k Skips skip k players, an even number of Reverses
cancel out, Draw Twos add up into one penalty for the next player; ``last_only``: only the
last card's effect. A 7 or 0 under Seven-O takes effect once [D]. UNO is due when the play
leaves exactly one card (A59).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from enum import StrEnum
from typing import ClassVar

from attrs import field, frozen

from ..cards import Card
from ..i18n import N_
from ..moves import Move, Play
from ..state import GameState, Phase
from ..violations import CannotCombine, Violation
from ._meta import meta
from .hooks import KIND_TURN, HouseRule, PlayKind, Touches

__all__ = ["RULE", "MultiCard", "MultiCardEffects", "MultiCardMode", "extra_allowed"]


class MultiCardMode(StrEnum):
    SAME_NUMBER_SAME_COLOR = "same_number_same_color"
    SAME_NUMBER_ANY_COLOR = "same_number_any_color"
    SAME_RANK_ANY_COLOR = "same_rank_any_color"


class MultiCardEffects(StrEnum):
    EACH_APPLIES = "each_applies"
    LAST_ONLY = "last_only"


@frozen
class MultiCard:
    """H09 parameters."""

    enabled: bool = field(default=False, metadata=meta("Several cards per turn.", "H09"))
    mode: MultiCardMode = field(
        default=MultiCardMode.SAME_NUMBER_ANY_COLOR,
        metadata=meta("Which cards may go down together.", "H09"),
    )
    effects: MultiCardEffects = field(
        default=MultiCardEffects.EACH_APPLIES,
        metadata=meta("Every card's effect applies, or the last card's only.", "H09"),
    )


def extra_allowed(params: MultiCard, first: Card, extra: Card) -> bool:
    """Whether ``extra`` may follow ``first`` in one play."""
    if first.is_wild or extra.is_wild or extra.rank is not first.rank:
        return False
    if params.mode is MultiCardMode.SAME_NUMBER_SAME_COLOR:
        return first.rank.is_number and extra.color is first.color
    if params.mode is MultiCardMode.SAME_NUMBER_ANY_COLOR:
        return first.rank.is_number
    return True


def extra_choices(
    state: GameState, seat: int, card: Card, params: MultiCard
) -> Iterator[tuple[Card, ...]]:
    """Every ordered choice of further cards of ``seat``'s hand that may go down with
    ``card``, none first, then by length; each distinct sequence once, in the order
    ``itertools.permutations`` first meets it. Identical copies are never tried twice at
    one position, so the work is that of the sequences listed (after a red 7 from a hand
    of all eight 7s: 1,841 distinct orders, 13,699 permutations)."""
    yield ()
    rest = list(state.hands[seat])
    rest.remove(card)
    pool = [c for c in rest if extra_allowed(params, card, c)]
    for size in range(1, len(pool) + 1):
        yield from _distinct_sequences(pool, size)


def _distinct_sequences(pool: list[Card], size: int) -> Iterator[tuple[Card, ...]]:
    used = [False] * len(pool)
    chosen: list[Card] = []

    def extend() -> Iterator[tuple[Card, ...]]:
        if len(chosen) == size:
            yield tuple(chosen)
            return
        tried: set[Card] = set()
        for i, candidate in enumerate(pool):
            if used[i] or candidate in tried:
                continue  # an identical copy earlier in the pool gave these already
            tried.add(candidate)
            used[i] = True
            chosen.append(candidate)
            yield from extend()
            chosen.pop()
            used[i] = False

    return extend()


# Enum members read on every move, bound once: reading one from its class costs about
# 100 ns on Python 3.11.
_MULTI_CARD_EFFECTS_EACH_APPLIES = MultiCardEffects.EACH_APPLIES


class _MultiCardRule(HouseRule):
    """H09 as the engine consults it: it lists and checks the further cards of a play
    (:func:`extra_allowed`) and says how often their effect applies; a play with further
    cards never takes a fast path."""

    name = "multi_card"
    clause = "H09"
    params = MultiCard
    title = "Several cards in one turn"
    clauses: ClassVar[Mapping[str, str]] = {
        "H09": N_("Several cards of the same rank may be played together."),
    }

    def touches(self, params: MultiCard) -> Touches:
        return Touches(phases=frozenset({Phase.TURN, Phase.DRAWN, Phase.PENALTY}))

    def extra_cards(
        self, state: GameState, seat: int, card: Card, params: MultiCard
    ) -> Iterator[tuple[Card, ...]] | None:
        return None if card.is_wild else extra_choices(state, seat, card, params)

    def extra_refusal(self, state: GameState, move: Play, params: MultiCard) -> Violation | None:
        for extra in move.extra:
            if not extra_allowed(params, move.card, extra):
                return CannotCombine(seat=move.seat, card=move.card, extra=extra)
        return None

    def effect_times(self, move: Play, params: MultiCard) -> int | None:
        if params.effects is _MULTI_CARD_EFFECTS_EACH_APPLIES:
            return 1 + len(move.extra)  # each card's effect applies
        return None

    def legal_clause(
        self, state: GameState, move: Move, kind: PlayKind | None, params: MultiCard
    ) -> str | None:
        if kind is KIND_TURN and isinstance(move, Play) and move.extra:
            return "H09"
        return None


RULE: _MultiCardRule = _MultiCardRule()
