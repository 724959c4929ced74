"""Player views: what one seat may know.

A :class:`PlayerView` holds the seat's own hand, every public fact (hand sizes, the discard
pile, the draw pile's size, calls, scores, whose decision it is) and nothing else: no other
hand, no draw pile order, no record of whether a Wild Draw Four was a bluff (B8.2). The
view is built from copies of public values, so nothing hidden is reachable from it.

With two-sided cards (UNO Flip, F14) a seat sees what the table shows it: its own cards'
faces in play only (the faces turned toward it), the other faces of every other hand
(``backs``: the faces the whole table sees), the other face of the draw pile's top card
(``draw_top_back``), the faces in play of the discard pile, and the side in play. Every card
of such a view is a one-sided card: the face that can be seen.
"""

from __future__ import annotations

from typing import Any

import attrs
from attrs import frozen

from ._budget import not_a_seat
from .cards import Card, Color
from .errors import SituationError
from .plain import plain
from .state import GameState, Phase

__all__ = ["PlayerView", "view"]


@frozen
class PlayerView:
    """One seat's view of a table."""

    seat: int
    rules_name: str
    players: int
    round_number: int
    dealer: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    top_card: Card
    discard_pile: tuple[Card, ...]
    draw_pile_size: int
    color: Color | None
    direction: int
    turn: int
    phase: Phase
    drawn: Card | None
    penalty_amount: int | None
    uno_called: frozenset[int]
    uno_open: frozenset[int]
    scores: tuple[int, ...]
    round_winner: int | None
    game_winners: tuple[int, ...]
    played_by: int | None = None
    eliminated: frozenset[int] = frozenset()
    # UNO Flip (F14): the side in play, the other faces of each other seat's hand (this
    # seat's own: none), the other face of the draw pile's top card
    side: str = "light"
    backs: tuple[tuple[Card, ...], ...] = ()
    draw_top_back: Card | None = None

    @property
    def my_turn(self) -> bool:
        return self.turn == self.seat and self.phase not in (Phase.ROUND_OVER, Phase.GAME_OVER)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON types, for sending to a client."""
        out: dict[str, Any] = plain(self)
        if not self.backs:  # one-sided cards: no Flip facts
            del out["side"], out["backs"], out["draw_top_back"]
        return out

    def _repr_svg_(self) -> str:
        """The table as this seat sees it, as an SVG picture (notebooks show it)."""
        # display hook: the picture module loads only when a notebook draws a table
        from .svg import table_svg

        return table_svg(self)

    def _repr_html_(self) -> str:
        return self._repr_svg_()


def view(state: GameState, seat: int) -> PlayerView:
    """What ``seat`` may know of ``state``. Raises :class:`~uno_rules.SituationError` for a
    seat that is not at the table."""
    if type(seat) is not int or not 0 <= seat < state.players:
        raise SituationError([not_a_seat(state.players, seat)])
    penalty = state.penalty
    found = PlayerView(
        seat=seat,
        rules_name=state.rules.name,
        players=state.players,
        round_number=state.round_number,
        dealer=state.dealer,
        hand=state.hands[seat],
        hand_sizes=tuple(len(h) for h in state.hands),
        top_card=state.top_card,
        discard_pile=state.discard_pile,
        draw_pile_size=state.draw_pile_size,
        color=state.color,
        direction=state.direction,
        turn=state.turn,
        phase=state.phase,
        drawn=state.drawn if state.turn == seat else None,
        penalty_amount=None if penalty is None else penalty.amount,
        uno_called=state.uno_called,
        uno_open=state.uno_open,
        scores=state.scores,
        round_winner=state.round_winner,
        game_winners=state.game_winners,
        played_by=state.played_by,
        eliminated=state.eliminated,
    )
    if state.top_card.other is not None:
        return _two_sided_view(state, seat, found)
    return found


def _faces(cards: tuple[Card, ...]) -> tuple[Card, ...]:
    return tuple(c.face for c in cards)


def _two_sided_view(state: GameState, seat: int, one_sided: PlayerView) -> PlayerView:
    """F14: the view of a table of two-sided cards (see the module docstring): the
    one-sided view's facts with each card shown by its face in play, and the backs every
    seat sees (the other hands', the draw pile's top card's)."""
    draw = state.draw
    drawn = one_sided.drawn
    return attrs.evolve(
        one_sided,
        hand=_faces(one_sided.hand),
        top_card=state.top_card.face,
        discard_pile=_faces(state.discard_pile),
        drawn=None if drawn is None else drawn.face,
        side=state.side,
        backs=tuple(
            () if s == seat else tuple(c.other for c in h if c.other is not None)
            for s, h in enumerate(state.hands)
        ),
        draw_top_back=None if draw is None else draw[0].other,
    )
