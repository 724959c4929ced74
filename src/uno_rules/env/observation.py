"""Observations of :mod:`uno_rules.env`: one flat array per seat, built from that seat's
:func:`uno_rules.view` and the moves every seat saw made, so nothing hidden can leak into it.

Seats appear by *offset*: position 0 is the observing seat, position ``k`` the seat ``k``
places after it in seat order (the same offsets as the action table); positions beyond the
table stay 0. :data:`LAYOUT` lists the sections in order (``docs/rl.md`` has the table).

>>> import uno_rules as uno
>>> state = uno.new_game("official", players=3, seed=1)
>>> obs = observe(uno.view(state, 0), last_moves=(None, None, None))
>>> obs.shape == (SIZE,), int(obs[section("hand")].sum())
(True, 7)
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from ..cards import COLORS, Card, Color
from ..moves import Accept, CallUno, CatchUno, Challenge, ChooseColor, Draw, Move, Pass, Play
from ..state import GameState, Phase
from ..view import PlayerView
from .actions import CARD_KINDS, MAX_OFFSET

__all__ = [
    "LAYOUT",
    "MOVE_KINDS",
    "PHASES",
    "SIZE",
    "high",
    "observe",
    "observe_state",
    "section",
]

_SEATS = MAX_OFFSET + 1
_KINDS = len(CARD_KINDS)

#: The phases, in the order of the ``phase`` section.
PHASES: tuple[Phase, ...] = (
    Phase.TURN,
    Phase.DRAWN,
    Phase.PENALTY,
    Phase.CHOOSE_COLOR,
    Phase.ROUND_OVER,
    Phase.GAME_OVER,
)
#: The kinds of move in the ``last_moves`` section, in order.
MOVE_KINDS: tuple[type, ...] = (Play, Draw, Pass, CallUno, CatchUno, Challenge, Accept, ChooseColor)
_MOVE_KIND = {kind: i for i, kind in enumerate(MOVE_KINDS)}
_LAST = len(MOVE_KINDS) + _KINDS  # per other seat: the move's kind, then the card it played

_INF = float("inf")
#: ``(name, size, upper bound, meaning)`` for each section, in order. Every value is >= 0.
LAYOUT: tuple[tuple[str, int, float, str], ...] = (
    ("hand", _KINDS, _INF, "copies of each card kind in the seat's hand"),
    ("top", _KINDS, 1, "the top card of the discard pile, one-hot"),
    ("color", 4, 1, "the active color, one-hot (all 0 while a first wild awaits its color)"),
    ("clockwise", 1, 1, "1 when play goes clockwise (to higher seat numbers)"),
    ("phase", len(PHASES), 1, "the decision the table waits for, one-hot"),
    ("turn", _SEATS, 1, "the offset of the seat that must act, one-hot"),
    ("hand_sizes", _SEATS, _INF, "cards held, by offset"),
    ("uno_called", _SEATS, 1, "seats holding one card that called UNO, by offset"),
    ("uno_open", _SEATS, 1, "seats that can be caught not calling UNO, by offset"),
    ("eliminated", _SEATS, 1, "seats out of the game, by offset"),
    ("scores", _SEATS, _INF, "points, by offset"),
    ("penalty", 1, _INF, "cards the pending draw penalty makes its victim draw (0: none)"),
    ("draw_pile", 1, _INF, "cards in the draw pile"),
    ("drawn", _KINDS, 1, "the card the seat drew this turn, one-hot"),
    ("played_by", _SEATS, 1, "the offset of the seat that played the top card, one-hot"),
    ("chain", _KINDS, _INF, "cards already put down in this several-card play (H09)"),
    ("polled", 1, 1, "1 when this decision is a chance to move out of turn"),
    (
        "last_moves",
        MAX_OFFSET * _LAST,
        1,
        "for offsets 1-9: the kind of that seat's last move, then the card it played, one-hot",
    ),
)

_OFFSETS: dict[str, int] = {}
_position = 0
for _name, _size, _high, _ in LAYOUT:
    _OFFSETS[_name] = _position
    _position += _size
SIZE = _position
_SIZES = {name: size for name, size, _, _ in LAYOUT}


def section(name: str) -> slice:
    """Where section ``name`` of :data:`LAYOUT` lies in an observation."""
    start = _OFFSETS[name]
    return slice(start, start + _SIZES[name])


def high() -> npt.NDArray[np.float32]:
    """The upper bound of each entry (``inf`` for counts)."""
    return np.concatenate([np.full(size, bound, dtype=np.float32) for _, size, bound, _ in LAYOUT])


_HAND = _OFFSETS["hand"]
_TOP = _OFFSETS["top"]
_COLOR = _OFFSETS["color"]
_CLOCKWISE = _OFFSETS["clockwise"]
_PHASE = _OFFSETS["phase"]
_TURN = _OFFSETS["turn"]
_HAND_SIZES = _OFFSETS["hand_sizes"]
_UNO_CALLED = _OFFSETS["uno_called"]
_UNO_OPEN = _OFFSETS["uno_open"]
_ELIMINATED = _OFFSETS["eliminated"]
_SCORES = _OFFSETS["scores"]
_PENALTY = _OFFSETS["penalty"]
_DRAW_PILE = _OFFSETS["draw_pile"]
_DRAWN = _OFFSETS["drawn"]
_PLAYED_BY = _OFFSETS["played_by"]
_CHAIN = _OFFSETS["chain"]
_POLLED = _OFFSETS["polled"]
_LAST_MOVES = _OFFSETS["last_moves"]
_PHASE_INDEX = {phase: i for i, phase in enumerate(PHASES)}
_SEAT_SETS = (_UNO_CALLED, _UNO_OPEN, _ELIMINATED)
_KIND_INDEX = {card: i for i, card in enumerate(CARD_KINDS)}
_PLAYED_CARD = len(MOVE_KINDS)
_ZEROS = array("f", bytes(4 * SIZE))
_COLOR_INDEX = {color: i for i, color in enumerate(COLORS)}


def observe(
    view: PlayerView,
    last_moves: Sequence[Move | None],
    chain: Sequence[int] = (),
    polled: bool = False,
) -> npt.NDArray[np.float32]:
    """The observation of ``view.seat``: a new float32 array of :data:`SIZE` entries.

    ``last_moves`` holds each seat's last move (by seat; moves are made in front of
    everyone); ``chain`` the card kinds already put down in a several-card play; ``polled``
    whether the decision is an out-of-turn chance.
    """
    return _build(
        view.seat,
        view.players,
        view.hand,
        view.top_card,
        view.color,
        view.direction,
        view.phase,
        view.turn,
        view.hand_sizes,
        view.scores,
        (view.uno_called, view.uno_open, view.eliminated),
        view.penalty_amount,
        view.draw_pile_size,
        view.drawn,
        view.played_by,
        last_moves,
        chain,
        polled,
    )


def observe_state(
    state: GameState,
    seat: int,
    last_moves: Sequence[Move | None],
    chain: Sequence[int] = (),
    polled: bool = False,
) -> npt.NDArray[np.float32]:
    """``observe(view(state, seat), ...)`` without building the view: it reads from
    ``state`` exactly the fields that :func:`uno_rules.view` copies into a seat's view
    (the seat's own hand, its own drawn card, and public facts), so it saves the view's
    copy of the discard pile on every step. The tests hold the two equal."""
    penalty = state.penalty
    return _build(
        seat,
        state.players,
        state.hands[seat],
        state.top_card,
        state.color,
        state.direction,
        state.phase,
        state.turn,
        [len(hand) for hand in state.hands],
        state.scores,
        (state.uno_called, state.uno_open, state.eliminated),
        None if penalty is None else penalty.amount,
        state.draw_pile_size,
        state.drawn if state.turn == seat else None,
        state.played_by,
        last_moves,
        chain,
        polled,
    )


def _build(
    me: int,
    players: int,
    hand: Sequence[Card],
    top: Card,
    color: Color | None,
    direction: int,
    phase: Phase,
    turn: int,
    sizes: Sequence[int],
    scores: Sequence[int],
    seat_sets: tuple[frozenset[int], frozenset[int], frozenset[int]],
    penalty: int | None,
    draw_pile: int,
    drawn: Card | None,
    played_by: int | None,
    last_moves: Sequence[Move | None],
    chain: Sequence[int],
    polled: bool,
) -> npt.NDArray[np.float32]:
    # Filled in a plain array and handed to numpy without a copy: writing entries one by
    # one costs far less there than through numpy's item assignment.
    obs = array("f", _ZEROS)
    kind = _KIND_INDEX
    for card in hand:
        obs[_HAND + kind[card]] += 1
    obs[_TOP + kind[top]] = 1
    obs[_PHASE + _PHASE_INDEX[phase]] = 1
    obs[_TURN + (turn - me) % players] = 1
    if color is not None:
        obs[_COLOR + _COLOR_INDEX[color]] = 1
    if direction > 0:
        obs[_CLOCKWISE] = 1
    for seat in range(players):
        offset = (seat - me) % players
        obs[_HAND_SIZES + offset] = sizes[seat]
        obs[_SCORES + offset] = scores[seat]
    for seats, start in zip(seat_sets, _SEAT_SETS, strict=True):
        for seat in seats:
            obs[start + (seat - me) % players] = 1
    if penalty is not None:
        obs[_PENALTY] = penalty
    obs[_DRAW_PILE] = draw_pile
    if drawn is not None:
        obs[_DRAWN + kind[drawn]] = 1
    if played_by is not None:
        obs[_PLAYED_BY + (played_by - me) % players] = 1
    for k in chain:
        obs[_CHAIN + k] += 1
    if polled:
        obs[_POLLED] = 1
    for seat, move in enumerate(last_moves):
        if move is None or seat == me:
            continue
        start = _LAST_MOVES + ((seat - me) % players - 1) * _LAST
        obs[start + _MOVE_KIND[type(move)]] = 1
        if type(move) is Play:
            obs[start + _PLAYED_CARD + kind[move.extra[-1] if move.extra else move.card]] = 1
    return np.frombuffer(obs, dtype=np.float32)
