"""The game state: one frozen value holding everything about a table.

A :class:`GameState` never changes; :func:`uno_rules.apply` builds a new one and shares
everything that did not change. The draw and discard piles are persistent linked lists
(``(top, rest, size)`` triples), so drawing or playing a card costs one small node, not a
copy of the pile.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from enum import StrEnum
from typing import TYPE_CHECKING, Any, NamedTuple, TypeAlias

from attrs import frozen

from .cards import Card, Color
from .events import Event

if TYPE_CHECKING:  # the rules layer sits above the value types
    from .rules import Rules

__all__ = [
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "Decision",
    "GameState",
    "Penalty",
    "Phase",
    "Pile",
    "Transition",
    "choosing_draw_color",
    "draws_until",
    "seat_after",
]

# A pile node: (top card, the rest of the pile, size). The rest is typed ``Any`` rather than
# ``Pile`` itself: the compiler of the compiled build (mypyc) cannot take a recursive alias.
Pile: TypeAlias = "tuple[Card, Any, int] | None"

MIN_PLAYERS = 2  # B1.2
MAX_PLAYERS = 10  # B1.2


def pile_from(cards_top_first: Iterable[Card]) -> Pile:
    """Build a pile from cards listed top first."""
    pile: Pile = None
    for card in reversed(tuple(cards_top_first)):
        pile = (card, pile, 1 if pile is None else pile[2] + 1)
    return pile


def pile_push(pile: Pile, card: Card) -> Pile:
    return (card, pile, 1 if pile is None else pile[2] + 1)


def pile_size(pile: Pile) -> int:
    return 0 if pile is None else pile[2]


def pile_cards(pile: Pile) -> Iterator[Card]:
    """The cards, top first."""
    while pile is not None:
        yield pile[0]
        pile = pile[1]


def seat_after(
    players: int, out: frozenset[int] | set[int], seat: int, direction: int, steps: int = 1
) -> int:
    """B4.3: the seat ``steps`` places after ``seat`` in ``direction`` (1 or -1), passing
    over the seats in ``out`` (eliminated). With every seat out there is none:
    ``ValueError`` (no move reaches such a table; a snapshot claiming one is refused before
    its turn order is read)."""
    for _ in range(steps):
        seat = (seat + direction) % players
        if seat in out:
            seat = _first_seat_in(players, out, seat, direction)
    return seat


def _first_seat_in(players: int, out: frozenset[int] | set[int], seat: int, direction: int) -> int:
    """The first seat after ``seat`` (itself out) in ``direction`` that is not out: at most
    one lap of the table, so a table with every seat out cannot loop forever."""
    for _ in range(players):
        seat = (seat + direction) % players
        if seat not in out:
            return seat
    raise ValueError(f"every seat of the {players} is out of the game")


class Phase(StrEnum):
    """What kind of decision the state waits for."""

    TURN = "turn"  # an ordinary turn: play or draw (B4.4)
    DRAWN = "drawn"  # the seat drew: play the drawn card or pass (B6.3, B6.4)
    PENALTY = "penalty"  # the seat must answer a draw penalty: accept or challenge (A60)
    CHOOSE_COLOR = "choose-color"  # the seat names the color of a wild on top (A1)
    ROUND_OVER = "round-over"  # waiting for next_round (B10.1)
    GAME_OVER = "game-over"  # nothing more happens (B10.6)


# Read by the properties below on every move: reading an enum member from its class costs
# about 100 ns on Python 3.11.
_OVER = frozenset((Phase.ROUND_OVER, Phase.GAME_OVER))
_PHASE_GAME_OVER = Phase.GAME_OVER
_PHASE_ROUND_OVER = Phase.ROUND_OVER
_PHASE_CHOOSE_COLOR = Phase.CHOOSE_COLOR


@frozen
class Penalty:
    """A pending draw penalty that its victim must answer (A60).

    ``amount`` is the total to draw (it grows when stacked, H01); ``card`` and ``offender``
    are the most recent draw card and its player. ``bluff`` (hidden from every view) records
    whether that Wild Draw Four broke its restriction when it was played (B8.2);
    ``offender_hand`` is the hand it was judged on, shown to a challenger (B8.5);
    ``previous_color`` is the color before the card (A8); ``challengeable`` is false where
    no challenge can be made (not a Wild Draw Four, challenges off, a deflected penalty);
    ``rule`` is the house rule that made the penalty (its ``name``), or ``None`` for a draw
    card's own (B7, N10): a penalty a rule made is answered, taken and cited by that rule's
    hooks only.
    """

    amount: int
    card: Card
    offender: int
    bluff: bool
    offender_hand: tuple[Card, ...]
    previous_color: Color
    challengeable: bool = True
    rule: str | None = None


def choosing_draw_color(phase: Phase, penalty: Penalty | None) -> bool:
    """H17 ``chooser: victim``, N15: the victim names the color to draw until, while the
    card's pending draw (a Wild Customizable's, a Wild Color Roulette's) waits as a
    zero-amount :class:`Penalty` (the one case of a penalty outside the ``penalty``
    phase)."""
    return (
        phase is _PHASE_CHOOSE_COLOR
        and penalty is not None
        and penalty.amount == 0
        and any(step.op in _UNTIL for step in penalty.card.kind.effect)
    )


_UNTIL = frozenset(("draw_until_color", "custom"))  # "custom": the written rule decides


def draws_until(penalty: Penalty | None) -> bool:
    """F4: ``penalty`` is a Wild Draw Color's draw until its named color (the color in
    force), waiting for its victim to accept or challenge it: a zero-amount
    :class:`Penalty` of a restricted card in the ``penalty`` phase, whose count is known
    only once the cards are drawn."""
    return (
        penalty is not None
        and penalty.amount == 0
        and penalty.card.kind.restricted
        and any(step.op == "draw_until_color" for step in penalty.card.kind.effect)
    )


@frozen
class Decision:
    """The one decision a state waits for: its ``kind`` and the ``seat`` that makes it
    (``None`` when nobody in particular does: the next round)."""

    kind: str
    seat: int | None


class GameState(NamedTuple):
    """Everything about a table at one moment. Immutable: never changes after it is built.

    ``color`` is ``None`` only while the color of a wild turned as the first card is still
    to be named (A1).

    Public fields: ``rules``, ``players``, ``seed``, ``round_number``, ``dealer``, ``hands``
    (by seat), ``color`` (the active color), ``direction`` (+1 clockwise, -1), ``turn`` (the
    seat that must act), ``phase``, ``drawn`` (the card drawn this turn), ``penalty``,
    ``uno_called`` (seats holding one card who called UNO), ``uno_open`` (seats that can be
    caught), ``scores``, ``round_winner``, ``game_winners``, ``played_by`` (the seat that
    played the top card; ``None`` for a turned first card), ``eliminated`` (seats out of the
    game, H16 and 3.4). Piles are read through
    :attr:`draw_pile` and :attr:`discard_pile`.

    A state is a named tuple: building one is a single allocation, which matters to an engine
    that builds one per move (``docs/performance.md``). Read it by field name;
    ``state._replace(turn=2)`` gives a changed copy. Two states are equal when every field
    is.
    """

    rules: Rules
    players: int
    seed: int
    round_number: int
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    draw: Pile
    discard: Pile
    color: Color | None
    direction: int
    turn: int
    phase: Phase
    drawn: Card | None
    penalty: Penalty | None
    uno_called: frozenset[int]
    uno_open: frozenset[int]
    scores: tuple[int, ...]
    round_winner: int | None
    game_winners: tuple[int, ...]
    shuffles: int
    passes: int
    played_by: int | None = None
    eliminated: frozenset[int] = frozenset()

    # Equality, hashing, pickling and copying walk the piles one node after another: the
    # tuple's own would recurse once per card of a pile, and a deck of a thousand cards
    # would exceed Python's recursion limit.
    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        return (
            type(other) is GameState
            and tuple.__eq__(self[:_PILES], other[:_PILES])
            and tuple.__eq__(self[_AFTER_PILES:], other[_AFTER_PILES:])
            and _piles_equal(self.draw, other.draw)
            and _piles_equal(self.discard, other.discard)
        )

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash(
            (
                self[:_PILES],
                self[_AFTER_PILES:],
                tuple(pile_cards(self.draw)),
                tuple(pile_cards(self.discard)),
            )
        )

    def __reduce__(self) -> tuple[Any, ...]:
        # the piles as flat tuples of cards (top first), built again on loading
        return (
            _rebuilt,
            (
                tuple(self[:_PILES]),
                tuple(pile_cards(self.draw)),
                tuple(pile_cards(self.discard)),
                tuple(self[_AFTER_PILES:]),
            ),
        )

    @property
    def top_card(self) -> Card:
        assert self.discard is not None
        return self.discard[0]

    @property
    def side(self) -> str:
        """F1, F2: ``"dark"`` while UNO Flip's dark side is in play, else ``"light"`` (every
        one-sided deck). Every card on the table shows the same side, so the top card of
        the discard pile tells: nothing is stored, and a move that turns no card over
        costs nothing for it."""
        discard = self.discard
        return "dark" if discard is not None and discard[0].dark else "light"

    @property
    def draw_pile(self) -> tuple[Card, ...]:
        """The draw pile, top card first."""
        return tuple(pile_cards(self.draw))

    @property
    def draw_pile_size(self) -> int:
        return pile_size(self.draw)

    @property
    def discard_pile(self) -> tuple[Card, ...]:
        """The discard pile, bottom card first, top card last."""
        return tuple(reversed(tuple(pile_cards(self.discard))))

    @property
    def active_seats(self) -> tuple[int, ...]:
        """Seats still in the game, in seat order."""
        return tuple(s for s in range(self.players) if s not in self.eliminated)

    @property
    def round_over(self) -> bool:
        return self.phase in _OVER

    @property
    def game_over(self) -> bool:
        return self.phase is _PHASE_GAME_OVER

    @property
    def game_winner(self) -> int | None:
        """The winner of the game, or ``None`` while it goes on or when the win is shared
        (then see ``game_winners``)."""
        return self.game_winners[0] if len(self.game_winners) == 1 else None

    @property
    def decision(self) -> Decision | None:
        """The one pending decision, or ``None`` once the game is over."""
        if self.phase is _PHASE_GAME_OVER:
            return None
        if self.phase is _PHASE_ROUND_OVER:
            return Decision("next-round", None)
        return Decision(self.phase.value, self.turn)

    def __repr__(self) -> str:
        hands = " | ".join(" ".join(map(str, h)) for h in self.hands)
        color = self.color.value if self.color is not None else "(color not named)"
        return (
            f"<GameState {self.rules.name} round {self.round_number} {self.phase.value} "
            f"seat {self.turn} top {self.top_card} {color} hands [{hands}]>"
        )

    def _repr_svg_(self) -> str:
        """The table as the seat whose decision it is sees it, as an SVG picture (notebooks
        show it); :func:`uno_rules.svg.state_svg` draws it for any seat."""
        # display hook: the picture module loads only when a notebook draws a table
        from .svg import state_svg

        return state_svg(self)

    def _repr_html_(self) -> str:
        return self._repr_svg_()


_PILES = GameState._fields.index("draw")  # the draw pile, then the discard pile
_AFTER_PILES = _PILES + 2
assert GameState._fields[_PILES + 1] == "discard"


def _piles_equal(a: Pile, b: Pile) -> bool:
    """Whether two piles hold the same cards in the same order, node after node (a shared
    rest is the same at once)."""
    while a is not b:
        if a is None or b is None or a[2] != b[2] or a[0] != b[0]:
            return False
        a, b = a[1], b[1]
    return True


def _rebuilt(
    before: tuple[Any, ...],
    draw: tuple[Card, ...],
    discard: tuple[Card, ...],
    after: tuple[Any, ...],
) -> GameState:
    """A pickled or copied :class:`GameState` (``GameState.__reduce__``)."""
    return GameState._make((*before, pile_from(draw), pile_from(discard), *after))


class Transition(NamedTuple):
    """The result of a legal move: the new ``state`` and the ``events`` that happened.
    A named tuple (one per move, so cheap to build): ``state, events = result`` works."""

    state: GameState
    events: tuple[Event, ...]
