"""Observations of :mod:`uno_rules.env`: one flat array per seat, built from that seat's
:func:`uno_rules.view` and the moves every seat saw made, so nothing hidden can leak into it.

Seats appear by *offset*: position 0 is the observing seat, position ``k`` the seat ``k``
places after it in seat order (the same offsets as the action table); positions beyond the
table stay 0. :data:`LAYOUT` lists the sections in order (``docs/rl.md`` has the table).

Every entry lies between 0 and 1: one-hot sections are 0 or 1, and counts are divided by
a bound of the rule set (:class:`Scales`): copies of a card kind by the most copies of one
kind in the deck, numbers of cards by the deck's size, points by the target score (and
capped at 1). For example:

    >>> import uno_rules as uno
    >>> state = uno.new_game("official", players=3, seed=1)
    >>> obs = observe(uno.view(state, 0), last_moves=(None, None, None), rules=state.rules)
    >>> obs.shape == (SIZE,), float(obs[section("hand_sizes")][0] * 108)
    (True, 7.0)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from operator import itemgetter
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt

from ..cards import Card, Color
from ..moves import Accept, CallUno, CatchUno, Challenge, ChooseColor, Draw, Move, Pass, Play
from ..rules import Rules
from ..rules.deck import build_deck
from ..state import GameState, Phase
from ..view import PlayerView
from .actions import MAX_OFFSET, STANDARD, ActionTable, table_for

__all__ = [
    "LAYOUT",
    "MOVE_KINDS",
    "PHASES",
    "SIZE",
    "STANDARD_LAYOUT",
    "Layout",
    "Scales",
    "high",
    "observe",
    "observe_state",
    "section",
]

_SEATS = MAX_OFFSET + 1

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


def _layout(
    kinds: int, colors: int = 4, two_sided: bool = False
) -> tuple[tuple[str, int, float, str], ...]:
    # per other seat: the move's kind, the card it played, the color it named
    last = len(MOVE_KINDS) + kinds + colors
    flip: tuple[tuple[str, int, float, str], ...] = ()
    if two_sided:  # UNO Flip (F14): what the table shows of the cards' other faces
        flip = (
            ("side", 1, 1, "1 while the dark side is in play (UNO Flip, F2)"),
            (
                "backs",
                MAX_OFFSET * kinds,
                1,
                "for offsets 1-9: copies of each card kind among the backs of that seat's "
                "hand, its cards' other faces (/ copies)",
            ),
            ("draw_top_back", kinds, 1, "the other face of the draw pile's top card, one-hot"),
        )
    return (
        ("hand", kinds, 1, "copies of each card kind in the seat's hand (/ copies)"),
        ("top", kinds, 1, "the top card of the discard pile, one-hot"),
        (
            "color",
            colors,
            1,
            "the active color, one-hot (all 0 while a first wild awaits its color)",
        ),
        ("previous_top", kinds, 1, "the card the top card was played on, one-hot (0: none)"),
        ("previous_color", colors, 1, "the active color when the top card was played, one-hot"),
        ("clockwise", 1, 1, "1 when play goes clockwise (to higher seat numbers)"),
        ("phase", len(PHASES), 1, "the decision the table waits for, one-hot"),
        ("turn", _SEATS, 1, "the offset of the seat that must act, one-hot"),
        ("hand_sizes", _SEATS, 1, "cards held, by offset (/ cards)"),
        ("uno_called", _SEATS, 1, "seats holding one card that called UNO, by offset"),
        ("uno_open", _SEATS, 1, "seats that can be caught not calling UNO, by offset"),
        ("eliminated", _SEATS, 1, "seats out of the game, by offset"),
        ("scores", _SEATS, 1, "points, by offset (/ points, at most 1)"),
        ("penalty", 1, 1, "cards the pending penalty makes its victim draw (/ cards, at most 1)"),
        ("draw_pile", 1, 1, "cards in the draw pile (/ cards)"),
        ("drawn", kinds, 1, "the card the seat drew this turn, one-hot"),
        ("played_by", _SEATS, 1, "the offset of the seat that played the top card, one-hot"),
        ("chain", kinds, 1, "cards already put down in this several-card play, H09 (/ copies)"),
        (
            "target",
            MAX_OFFSET,
            1,
            "for offsets 1-9: the seat the play under way names (its TARGET id), one-hot",
        ),
        ("polled", 1, 1, "1 when this decision is a chance to move out of turn"),
        (
            "last_moves",
            MAX_OFFSET * last,
            1,
            "for offsets 1-9: the kind of that seat's last move, the card it played and the "
            "color it named (with a wild, or choosing the first card's color), one-hot",
        ),
        (
            "penalty_until",
            1,
            1,
            "1 while the pending penalty draws until a color (F4, H17, N15): its count is "
            "known only as the cards are drawn",
        ),
        (
            "put_down",
            kinds,
            1,
            "the cards the last play put down besides the top card: the earlier cards of a "
            "several-card play (H09), a Discard All's cards (N13) (/ copies)",
        ),
        (
            "shown_hand",
            kinds,
            1,
            "the hand shown to this seat by its last challenge this round, B8.5 (/ copies)",
        ),
        *flip,
    )


class Layout:
    """Where everything lies in the observations of one action table's card kinds
    (:func:`uno_rules.env.actions.table_for`): the sections of :attr:`layout` in order,
    each card kind's entries, each seat's. :data:`LAYOUT` and :data:`SIZE` are the
    standard table's (the 108- and 112-card decks); :meth:`of` gives any table's."""

    _made: ClassVar[dict[int, Layout]] = {}  # a cache, by table

    def __init__(self, table: ActionTable) -> None:
        self.table = table
        kinds = len(table.CARD_KINDS)
        colors = table.COLORS
        self.two_sided = table.two_sided
        self.layout = _layout(kinds, len(colors), self.two_sided)
        offsets: dict[str, int] = {}
        position = 0
        for name, size, _high, _ in self.layout:
            offsets[name] = position
            position += size
        self.size = position
        self.offsets = offsets
        self.sizes = {name: size for name, size, _, _ in self.layout}
        self.last = len(MOVE_KINDS) + kinds + len(colors)
        # Where each value lands, looked up once per entry instead of computed: by card
        # kind (the hand section starts at 0, so a card's kind is its hand entry), by
        # phase, by color.
        # (a two-sided card lands where the kind of its face in play does)
        self.kind_index = {card: table.card_kind(card) for card in table._kind}
        index = self.kind_index.items()
        self.top_at = {card: offsets["top"] + i for card, i in index}
        self.previous_at = {card: offsets["previous_top"] + i for card, i in index}
        self.previous_color_at = {c: offsets["previous_color"] + i for i, c in enumerate(colors)}
        self.drawn_at = {card: offsets["drawn"] + i for card, i in index}
        self.phase_at = {phase: offsets["phase"] + i for i, phase in enumerate(PHASES)}
        self.color_at = {color: offsets["color"] + i for i, color in enumerate(colors)}
        self.clockwise = offsets["clockwise"]
        self.penalty = offsets["penalty"]
        self.draw_pile = offsets["draw_pile"]
        self.chain = offsets["chain"]
        self.target = offsets["target"] - 1  # + the offset named, 1..9
        self.polled = offsets["polled"]
        self.penalty_until = offsets["penalty_until"]
        self.put_down = offsets["put_down"]
        self.shown_hand = offsets["shown_hand"]
        # the entries a last move sets within its seat's block: by kind of move, and for a
        # play, by the card it ended with
        self.played_at = {card: _PLAYED_CARD + i for card, i in index}
        self.named_at = {color: _PLAYED_CARD + kinds + i for i, color in enumerate(colors)}
        faces = table.CARD_KINDS
        self.side = offsets.get("side", -1)
        self.backs = offsets.get("backs", -1)
        self.kinds = kinds
        self.draw_top_back_at = {
            face: offsets.get("draw_top_back", 0) + i for i, face in enumerate(faces)
        }
        self.seats_at = {
            players: tuple(_Seats(self, players, me) for me in range(players))
            for players in range(2, MAX_OFFSET + 2)
        }

    # A layout is a fixed lookup table, shared: a copy is the layout itself, and a pickled
    # one is made again from its action table (a compiled class has no default for either).
    def __copy__(self) -> Layout:
        return self

    def __deepcopy__(self, memo: object) -> Layout:
        return self

    def __reduce__(self) -> tuple[object, ...]:
        return (Layout.of, (self.table,))

    @classmethod
    def of(cls, table: ActionTable) -> Layout:
        made = cls._made.get(id(table))
        if made is None:
            made = cls._made[id(table)] = Layout(table)
        return made

    def section(self, name: str) -> slice:
        """Where section ``name`` lies in an observation."""
        start = self.offsets[name]
        return slice(start, start + self.sizes[name])

    def high(self) -> npt.NDArray[np.float32]:
        """The upper bound of each entry (1 for every entry)."""
        return np.concatenate(
            [np.full(size, bound, dtype=np.float32) for _, size, bound, _ in self.layout]
        )


class _Seats:
    """For one observing seat at a table of ``players``: where each seat's entries land
    in the sections laid out by offset (indexed by seat number)."""

    __slots__ = (
        "backs",
        "eliminated",
        "hand_sizes",
        "last_moves",
        "played_by",
        "scores",
        "turn",
        "uno_called",
        "uno_open",
    )

    def __init__(self, layout: Layout, players: int, me: int) -> None:
        offsets = [(other - me) % players for other in range(players)]
        where = layout.offsets

        def at(name: str) -> tuple[int, ...]:
            return tuple(where[name] + offset for offset in offsets)

        self.turn = at("turn")
        self.hand_sizes = at("hand_sizes")
        self.scores = at("scores")
        self.uno_called = at("uno_called")
        self.uno_open = at("uno_open")
        self.eliminated = at("eliminated")
        self.played_by = at("played_by")
        # the first entry of each other seat's block in last_moves (the observing seat has
        # none: its own last move is not shown there)
        self.last_moves = tuple(
            where["last_moves"] + (offset - 1) * layout.last if offset else -1 for offset in offsets
        )
        # UNO Flip: the first entry of each other seat's block in backs
        self.backs = tuple(
            where["backs"] + (offset - 1) * layout.kinds if offset and layout.two_sided else -1
            for offset in offsets
        )


_PLAYED_CARD = len(MOVE_KINDS)
STANDARD_LAYOUT: Layout = Layout.of(STANDARD)
#: ``(name, size, upper bound, meaning)`` for each section of the standard table's
#: observations, in order. Every value lies between 0 and 1: counts are divided by the rule
#: set's :class:`Scales` (``copies``: the most copies of one card kind in the deck;
#: ``cards``: the deck's size; ``points``: the target score).
LAYOUT: tuple[tuple[str, int, float, str], ...] = STANDARD_LAYOUT.layout
SIZE = STANDARD_LAYOUT.size


def section(name: str) -> slice:
    """Where section ``name`` of :data:`LAYOUT` lies in an observation."""
    return STANDARD_LAYOUT.section(name)


def high() -> npt.NDArray[np.float32]:
    """The upper bound of each entry (1 for every entry)."""
    return STANDARD_LAYOUT.high()


class Scales:
    """What the counts of an observation under ``rules`` are divided by, so that every
    entry lies between 0 and 1: ``copies`` (the most copies of one card kind in the deck)
    for the hand and the chain, ``cards`` (the deck's size) for hand sizes, the draw pile
    and the pending penalty, ``points`` (the target score) for scores. Made once per rule
    set (:meth:`of`)."""

    __slots__ = ("bounds", "card", "copy", "layout", "point")

    _made: ClassVar[dict[int, tuple[Rules, Scales]]] = {}  # a cache, by rule set

    def __init__(
        self, copies: int, cards: int, points: int, layout: Layout = STANDARD_LAYOUT
    ) -> None:
        self.bounds = (copies, cards, points)
        self.copy = 1.0 / copies
        self.card = 1.0 / cards
        self.point = 1.0 / points
        self.layout = layout

    # shared and fixed, as a Layout is
    def __copy__(self) -> Scales:
        return self

    def __deepcopy__(self, memo: object) -> Scales:
        return self

    def __reduce__(self) -> tuple[object, ...]:
        return (Scales, (*self.bounds, self.layout))

    @classmethod
    def of(cls, rules: Rules) -> Scales:
        made = cls._made.get(id(rules))
        if made is not None and made[0] is rules:
            return made[1]

        deck = build_deck(rules)
        # the most copies of one kind: on two-sided cards, of one face on either side
        faces = [c.face for c in deck] + [c.other for c in deck if c.other is not None]
        scales = cls(
            max(Counter(faces).values()),
            len(deck),
            max(1, rules.scoring.target),
            Layout.of(table_for(rules)),
        )
        if len(cls._made) > 64:
            cls._made.clear()
        cls._made[id(rules)] = (rules, scales)
        return scales


_FLOAT32 = np.dtype(np.float32)
_MOVE_AT = {kind: i for i, kind in enumerate(MOVE_KINDS)}
# the fields of a state that an observation reads, in one call
_FIELDS = (
    "players",
    "hands",
    "color",
    "direction",
    "turn",
    "phase",
    "drawn",
    "penalty",
    "uno_called",
    "uno_open",
    "scores",
    "played_by",
    "eliminated",
    "discard",
    "draw",
)
_READ = itemgetter(*(GameState._fields.index(name) for name in _FIELDS))


_NO_PREVIOUS: tuple[Card | None, Color | None] = (None, None)


def observe(
    view: PlayerView,
    last_moves: Sequence[Move | None],
    chain: Sequence[int] = (),
    polled: bool = False,
    *,
    rules: Rules,
    previous: tuple[Card | None, Color | None] = _NO_PREVIOUS,
    target: int = 0,
    put_down: Sequence[Card] = (),
    shown: Sequence[Card] = (),
) -> npt.NDArray[np.float32]:
    """The observation of ``view.seat``: a new float32 array of :data:`SIZE` entries.

    ``last_moves`` holds each seat's last move (by seat; moves are made in front of
    everyone); ``chain`` the card kinds already put down in a several-card play; ``polled``
    whether the decision is an out-of-turn chance; ``rules`` the rule set (its
    :class:`Scales`); ``previous`` the top card and the active color before the top card
    was played (both ``None`` for the first card turned); ``target`` the offset of the
    seat the play under way names (0 for none); ``put_down`` the cards the last play put
    down besides the top card (H09, N13); ``shown`` the hand shown to the seat by its last
    challenge this round (B8.5).
    """
    return observation_of(
        _ViewTable(view),
        view.seat,
        last_moves,
        chain,
        polled,
        Scales.of(rules),
        previous,
        target,
        put_down,
        shown,
    )


class _Amount:
    __slots__ = ("amount",)

    def __init__(self, amount: int) -> None:
        self.amount = amount


class _ViewTable:
    """A view read through the field names of a state: the other seats' hands are blanks
    of the right size, since a view holds only their sizes."""

    __slots__ = (
        "backs",
        "color",
        "direction",
        "draw_pile_size",
        "draw_top_back",
        "drawn",
        "eliminated",
        "hands",
        "penalty",
        "phase",
        "played_by",
        "players",
        "scores",
        "side",
        "top_card",
        "turn",
        "uno_called",
        "uno_open",
    )

    def __init__(self, view: PlayerView) -> None:
        self.side = view.side
        self.backs = view.backs
        self.draw_top_back = view.draw_top_back
        self.players = view.players
        self.hands = tuple(
            view.hand if seat == view.seat else (None,) * size
            for seat, size in enumerate(view.hand_sizes)
        )
        self.top_card = view.top_card
        self.color = view.color
        self.direction = view.direction
        self.phase = view.phase
        self.turn = view.turn
        self.scores = view.scores
        self.uno_called = view.uno_called
        self.uno_open = view.uno_open
        self.eliminated = view.eliminated
        self.penalty = None if view.penalty_amount is None else _Amount(view.penalty_amount)
        self.draw_pile_size = view.draw_pile_size
        self.drawn = view.drawn
        self.played_by = view.played_by


def observe_state(
    state: GameState,
    seat: int,
    last_moves: Sequence[Move | None],
    chain: Sequence[int] = (),
    polled: bool = False,
    *,
    scales: Scales,
    previous: tuple[Card | None, Color | None] = _NO_PREVIOUS,
    target: int = 0,
    put_down: Sequence[Card] = (),
    shown: Sequence[Card] = (),
) -> npt.NDArray[np.float32]:
    """``observe(view(state, seat), ...)`` without building the view: it reads from
    ``state`` only what :func:`uno_rules.view` shows ``seat`` (its own hand and drawn card,
    the other hands' sizes, public facts), and saves the view's copy of the discard pile on
    every step. The tests hold the two equal."""
    return observation_of(
        state, seat, last_moves, chain, polled, scales, previous, target, put_down, shown
    )


def observation_of(
    state: Any,
    seat: int,
    last_moves: Sequence[Move | None],
    chain: Sequence[int],
    polled: bool,
    scales: Scales,
    previous: tuple[Card | None, Color | None],
    target: int,
    put_down: Sequence[Card] = (),
    shown: Sequence[Card] = (),
) -> npt.NDArray[np.float32]:
    """:func:`observe_state` with every argument given by position (the environment's
    call on every step: a call by keyword costs more), of a state or of a view read
    through a state's field names (:func:`observe`; hence ``Any``: the compiled build
    checks a declared ``GameState`` itself)."""
    if type(state) is GameState:
        (
            players,
            hands,
            color,
            direction,
            turn,
            phase,
            drawn,
            penalty,
            uno_called,
            uno_open,
            scores,
            played_by,
            eliminated,
            discard,
            draw,
        ) = _READ(state)
        top = discard[0]
        pile = 0 if draw is None else draw[2]  # pile_size(draw), inlined
    else:  # a view, read through a state's field names (observe())
        players, hands, color, direction = state.players, state.hands, state.color, state.direction
        turn, phase, drawn, penalty = state.turn, state.phase, state.drawn, state.penalty
        uno_called, uno_open, scores = state.uno_called, state.uno_open, state.scores
        played_by, eliminated = state.played_by, state.eliminated
        top, pile = state.top_card, state.draw_pile_size
    # Written through a memoryview: setting entries one by one costs far less there than
    # through numpy's item assignment (and floats cost less to store there than ints).
    lay = scales.layout
    out = np.zeros(lay.size, _FLOAT32)
    obs: memoryview[float] = out.data  # type: ignore[assignment]  # float32 items, not ints
    at = lay.seats_at[players][seat]
    copy, card = scales.copy, scales.card
    for entry in map(lay.kind_index.__getitem__, hands[seat]):  # the hand section starts at 0
        obs[entry] += copy
    obs[lay.top_at[top]] = 1.0
    before, color_before = previous
    if before is not None:
        obs[lay.previous_at[before]] = 1.0
    if color_before is not None:
        obs[lay.previous_color_at[color_before]] = 1.0
    obs[lay.phase_at[phase]] = 1.0
    obs[at.turn[turn]] = 1.0
    if color is not None:
        obs[lay.color_at[color]] = 1.0
    if direction > 0:
        obs[lay.clockwise] = 1.0
    entries = at.hand_sizes
    for other, hand in enumerate(hands):
        obs[entries[other]] = len(hand) * card
    if any(scores):
        entries = at.scores
        point = scales.point
        for other, score in enumerate(scores):
            obs[entries[other]] = min(score * point, 1.0)
    if uno_called:
        for other in uno_called:
            obs[at.uno_called[other]] = 1.0
    if uno_open:
        for other in uno_open:
            obs[at.uno_open[other]] = 1.0
    if eliminated:
        for other in eliminated:
            obs[at.eliminated[other]] = 1.0
    if penalty is not None:
        obs[lay.penalty] = min(penalty.amount * card, 1.0)
        if penalty.amount == 0:  # a draw until a color: 0 is no count (F4, H17, N15)
            obs[lay.penalty_until] = 1.0
    if put_down:
        for entry in map(lay.kind_index.__getitem__, put_down):
            obs[lay.put_down + entry] += copy
    if shown:
        for entry in map(lay.kind_index.__getitem__, shown):
            obs[lay.shown_hand + entry] += copy
    obs[lay.draw_pile] = pile * card
    if drawn is not None and turn == seat:
        obs[lay.drawn_at[drawn]] = 1.0
    if played_by is not None:
        obs[at.played_by[played_by]] = 1.0
    if chain:
        for k in chain:
            obs[lay.chain + k] += copy
    if target:
        obs[lay.target + target] = 1.0
    if polled:
        obs[lay.polled] = 1.0
    entries = at.last_moves
    for other, move in enumerate(last_moves):
        if move is not None and other != seat:
            start = entries[other]
            obs[start + _MOVE_AT[type(move)]] = 1.0
            if type(move) is Play:  # (type(), not isinstance: no subclass of a move exists)
                extra = move.extra
                obs[start + lay.played_at[extra[-1] if extra else move.card]] = 1.0
                if move.color is not None:  # the color named with a wild
                    obs[start + lay.named_at[move.color]] = 1.0
            elif type(move) is ChooseColor:
                obs[start + lay.named_at[move.color]] = 1.0
    if lay.two_sided:
        _two_sided(obs, state, seat, lay, at, copy)
    return out


def _two_sided(
    obs: memoryview[float], state: Any, seat: int, lay: Layout, at: _Seats, copy: float
) -> None:
    """UNO Flip (F14): the side in play, the backs of the other hands (their cards' other
    faces) and the draw pile's top back: what every seat sees of the faces turned away."""
    if type(state) is GameState:
        backs: Sequence[Sequence[Card]] = [
            () if other == seat else [c.other for c in hand if c.other is not None]
            for other, hand in enumerate(state.hands)
        ]
        draw = state.draw
        top_back = None if draw is None else draw[0].other
        side = state.side
    else:  # a view, read through a state's field names
        backs, top_back, side = state.backs, state.draw_top_back, state.side
    if side == "dark":
        obs[lay.side] = 1.0
    kind = lay.kind_index
    for other, faces in enumerate(backs):
        if other != seat:
            start = at.backs[other]
            for face in faces:
                obs[start + kind[face]] += copy
    if top_back is not None:
        obs[lay.draw_top_back_at[top_back]] = 1.0
