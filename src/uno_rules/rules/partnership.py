"""3.2 Partners (M2001): four players, partners sitting opposite each other.

When either partner goes out the round ends, and the team scores the cards in both
opponents' hands; the partner's own cards are not counted (T7). Both partners are credited
with the team's points, so the team reaches the target together. Partners see only their own
hands (A57). The rotating-partners variation (T8) and multi-table play (T9) are tournaments
of ordinary partnership games and are not modelled.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from attrs import field, frozen

from ..errors import Problem
from ..i18n import N_
from ._meta import meta
from .hooks import HouseRule
from .options import ScoringMode

if TYPE_CHECKING:
    from .model import Rules

__all__ = ["RULE", "Partnership", "partner"]


@frozen
class Partnership:
    """3.2 parameters."""

    enabled: bool = field(
        default=False, metadata=meta("Four players in two teams (0+2, 1+3).", "T6")
    )


def partner(seat: int) -> int:
    """The seat opposite ``seat`` at a four-player table."""
    return (seat + 2) % 4


class _PartnershipRule(HouseRule):
    """3.2 as the engine consults it: scoring reads :func:`partner`; the checks here."""

    name = "partnership"
    clause = "T6"
    params = Partnership
    title = "Partners"

    def table_problems(self, rules: Rules, players: int, params: Partnership) -> list[str]:
        if players != 4:
            return [
                Problem(
                    "players",
                    N_("partnership play needs exactly 4 players (T6), got {players}"),
                    {"players": players},
                )
            ]
        return []

    def contradictions(self, rules: Rules, params: Partnership) -> list[str]:
        problems: list[str] = []
        if rules.max_players < 4:
            problems.append(
                Problem(
                    "house_rules.partnership",
                    N_("needs 4 players, but max_players is {max_players}"),
                    {"max_players": rules.max_players},
                )
            )
        if rules.scoring.mode is ScoringMode.RUNNING_LOW:
            problems.append(
                Problem(
                    "house_rules.partnership",
                    N_("team scoring needs a winner-collects scoring.mode"),
                )
            )
        if rules.house_rules.mercy.enabled:
            problems.append(
                Problem("house_rules.partnership", N_("cannot be combined with the mercy rule"))
            )
        return problems


RULE: _PartnershipRule = _PartnershipRule()
