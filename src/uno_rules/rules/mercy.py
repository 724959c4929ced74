"""H16 The No Mercy rule set on the 108-card deck: the mercy rule and last player standing.

The No Mercy bundle is built from H01 (equal-or-higher pairs), H02 (``must_play``), H07 and
H11 (challenge disabled), plus this module: a player holding ``limit`` or more cards is
eliminated, and their cards go to the bottom of the discard pile; with
``last_player_standing`` the last player left wins the game. Without it [D], the last player
left wins the round (scored as usual) and everyone is dealt in again for the next round.
The No Mercy-only cards are out of scope for a 108/112-card engine.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, ClassVar

from attrs import field, frozen

from ..errors import Problem
from ..events import Eliminated, RoundEnded
from ..i18n import N_
from ..state import GameState, Phase
from ._meta import meta
from .hooks import HouseRule, OutOfGame, Touches

if TYPE_CHECKING:
    from .builder import Builder
    from .model import Rules

__all__ = ["RULE", "Mercy"]

# Enum members read on every move, bound once: reading one from its class costs about
# 100 ns on Python 3.11.
_PHASE_ROUND_OVER = Phase.ROUND_OVER
_PHASE_GAME_OVER = Phase.GAME_OVER
_PHASE_DRAWN = Phase.DRAWN
_PHASE_TURN = Phase.TURN
_STAY_OUT = OutOfGame("H16")  # last player standing: out until the game ends


@frozen
class Mercy:
    """H16 parameters."""

    enabled: bool = field(default=False, metadata=meta("The mercy rule is on.", "H16"))
    limit: int = field(
        default=25, metadata=meta("Cards that eliminate the player holding them.", "H16", 2, 200)
    )
    last_player_standing: bool = field(
        default=True, metadata=meta("The last player not eliminated wins the game.", "H16")
    )


# --------------------------------------------------------------------------- the rule


class _MercyRule(HouseRule):
    """H16 as the engine consults it: a check at the end of every move."""

    name = "mercy"
    clause = "H16"
    params = Mercy
    title = "The No Mercy mercy rule"
    clauses: ClassVar[Mapping[str, str]] = {
        "H16": N_("A player holding too many cards is out of the game."),
    }

    def touches(self, params: Mercy) -> Touches:
        return Touches(every_move=True)  # any move that gives cards may eliminate

    def after_move(self, b: Builder, params: Mercy) -> None:
        """A seat holding ``limit`` or more cards is eliminated; its cards go under the
        discard pile; the last seat standing wins the game (or the round)."""
        if b.phase is _PHASE_ROUND_OVER or b.phase is _PHASE_GAME_OVER:
            return
        active = b.active()
        over = [seat for seat in active if len(b.hands[seat]) >= params.limit]
        if over and len(over) == len(active):
            over.remove(_survivor(b, over))
        for seat in over:
            b.put_under(b.hands[seat])
            b.hands[seat] = ()
            b.eliminated = b.eliminated | {seat}
            b.events.append(Eliminated(seat, "mercy"))
            if b.turn == seat:
                b.turn = b.next(seat)
                if b.phase is _PHASE_DRAWN:
                    b.phase, b.drawn = _PHASE_TURN, None
        left = b.active()
        if len(left) != 1:
            return
        if params.last_player_standing:
            b.round_winner = left[0]
            b.phase = _PHASE_ROUND_OVER
            b.penalty = None
            b.drawn = None
            b.events.append(RoundEnded(left[0], (0,) * b.players, b.scores, False))
            b.finish_game((left[0],))
        else:
            # The last player left wins the round; the others come back next round.
            b.penalty = None
            b.end_round(left[0])

    def out_of_game(self, state: GameState, params: Mercy) -> OutOfGame:
        if params.last_player_standing:
            return _STAY_OUT  # H16: out for the rest of the game
        # Without last-player-standing a mercy elimination lasts one round; only Challenge
        # UNO eliminations (3.4, a total at the target) carry over.
        rules = state.rules
        target = rules.scoring.target
        carried = rules.scoring.elimination
        out = state.eliminated
        return OutOfGame("H16", frozenset(s for s in out if carried and state.scores[s] >= target))

    def contradictions(self, rules: Rules, params: Mercy) -> list[str]:
        if params.limit <= rules.hand_size:
            return [
                Problem(
                    "house_rules.mercy.limit",
                    N_(
                        "{limit} would eliminate every player at the deal (hand_size is "
                        "{hand_size})"
                    ),
                    {"limit": params.limit, "hand_size": rules.hand_size},
                )
            ]
        return []


def _survivor(b: Builder, seats: list[int]) -> int:
    """Of ``seats`` (every seat still in, all at the limit after one move: a described
    table or a loaded snapshot can start with seats over it), the one that stays in: the
    fewest cards, then the first in the direction of play from the seat that moved. A
    design decision: H16 is silent, and eliminating everyone would leave the round without
    a player."""
    start = b.actor if b.actor is not None else b.turn
    return min(seats, key=lambda s: (len(b.hands[s]), (s - start) * b.direction % b.players))


RULE: _MercyRule = _MercyRule()
