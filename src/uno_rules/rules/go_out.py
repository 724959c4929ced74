"""H14 No going out on listed cards (older Wikipedia house rule).

A player may not play a listed kind of card as their last card; holding only such cards they
must draw instead. Officially any card may go out (B10.2, T-end), so the default list is
empty.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import TYPE_CHECKING, ClassVar

from attrs import field, frozen

from ..cards import Card, Rank
from ..errors import Problem
from ..i18n import N_
from ..state import GameState
from ..violations import CannotGoOut, Violation
from ._meta import meta
from .deck import build_deck
from .hooks import HouseRule, PlayKind, Touches

if TYPE_CHECKING:
    from .model import Rules

__all__ = ["RULE", "CardKind", "GoOut", "kind_of", "rank_kind"]


_KIND_DOC = """Kinds of cards a house rule can name: each card kind's ``id`` (``data/cards.json``),
``number`` for every number card. The members are read from the card kinds (one per id, in
the order of :class:`~uno_rules.cards.Rank`), so a kind added to the data is a kind H14 can
name."""

if TYPE_CHECKING:

    class CardKind(StrEnum):
        pass

else:
    CardKind = StrEnum(
        "CardKind",
        list(dict.fromkeys((rank.kind.id.upper(), rank.kind.id) for rank in Rank)),
        module=__name__,
    )
    CardKind.__doc__ = _KIND_DOC


_KIND = {rank: CardKind(rank.kind.id) for rank in Rank}


def kind_of(card: Card) -> CardKind | None:
    return _KIND.get(card.rank)


def rank_kind(rank: Rank) -> CardKind | None:
    """The H14 kind of every card of ``rank``; ``None`` for a kind a rule set declares
    (``card_kinds``), which H14 cannot name."""
    return _KIND.get(rank)


def _kinds(value: object) -> tuple[CardKind, ...]:
    return tuple(CardKind(v) for v in value)  # type: ignore[attr-defined]


@frozen
class GoOut:
    """H14 parameters."""

    forbidden_last_cards: tuple[CardKind, ...] = field(
        default=(),
        converter=_kinds,
        metadata=meta("Kinds of card that may not be played as the last card.", "H14"),
    )


class _GoOutRule(HouseRule):
    """H14 as the engine consults it: its ``last_card`` hook refuses a listed kind as the
    last card (``CannotGoOut``), in the play check and in
    :func:`uno_rules.rules.judge.playable`."""

    name = "go_out"
    clause = "H14"
    params = GoOut
    title = "No going out on listed cards"
    clauses: ClassVar[Mapping[str, str]] = {
        "H14": N_("Under this house rule some cards may not be played as the last card."),
    }

    def is_enabled(self, params: GoOut) -> bool:
        return bool(params.forbidden_last_cards)

    def touches(self, params: GoOut) -> Touches:
        kinds = params.forbidden_last_cards
        return Touches(ranks=frozenset(rank for rank in Rank if rank_kind(rank) in kinds))

    def last_card(
        self, state: GameState, seat: int, card: Card, kind: PlayKind, params: GoOut
    ) -> Violation | None:
        if kind_of(card) in params.forbidden_last_cards:
            return CannotGoOut(seat=seat, card=card)  # H14
        return None

    def contradictions(self, rules: Rules, params: GoOut) -> list[str]:
        """Every kind of card the deck holds forbidden as a last card: nobody could ever
        go out (B10.1), and a round could end only blocked or by elimination."""
        if all(kind_of(card) in params.forbidden_last_cards for card in build_deck(rules)):
            return [
                Problem(
                    "house_rules.go_out.forbidden_last_cards",
                    N_(
                        "forbids every kind of card the deck ({deck}) holds as a last card, so "
                        "nobody could go out"
                    ),
                    {"deck": rules.deck.value},
                )
            ]
        return []


RULE: _GoOutRule = _GoOutRule()
