"""The fixed action table of :mod:`uno_rules.env`: one integer for each choice a seat can make.

Every move of every rule set maps to a short sequence of action ids and back, relative to the
seat that makes it (``docs/rl.md`` has the table). Seats named by a move (the target of a 7
under Seven-O or of a Wild Swap Hands, the seat caught not calling UNO) are written as an
*offset*: ``k`` means the seat ``k`` places after the mover in seat order, ``(seat + k) %
players``, whatever the direction of play. So the same action means the same thing from
every seat.

- ``PLAY`` (1520 ids): one card, with its color for a wild, a target offset (0 for none),
  and the UNO flag. ``id = (slot * 10 + offset) * 2 + uno``, where ``slot`` is the card's
  index in :data:`PLAY_SLOTS` (52 colored cards, then each wild kind in each color).
- ``CHAIN`` (52 ids, from 1520): under the several-cards house rule (H09), put this colored
  card down and go on; the play ends with a ``PLAY`` id for its last card, which carries the
  target and the UNO flag. ``0 B5 G5 Y5 uno`` is ``CHAIN B5, CHAIN G5, PLAY Y5 uno``.
- ``DRAW``, ``PASS``, ``ACCEPT``, ``CHALLENGE``, ``CALL_UNO``; ``COLOR`` red, yellow, green,
  blue; ``CATCH`` offsets 1-9; ``NOOP`` (decline an out-of-turn chance).

>>> import uno_rules as uno
>>> move = uno.parse_move("2 WSW blue >0")
>>> encode(move, players=4)
(1344,)
>>> describe(1344)
'play WSW blue >+2'
>>> decode(1344, seat=2, players=4) == move
True
>>> encode(uno.parse_move("0 B5 G5 uno"), 4)
(1564, 621)
>>> str(decode((1564, 621), seat=0, players=4))
'0 B5 G5 uno'
"""

from __future__ import annotations

from collections.abc import Sequence

from .._budget import brief
from ..cards import COLORS, Card, Color, Rank
from ..errors import UnoError
from ..moves import Accept, CallUno, CatchUno, Challenge, ChooseColor, Draw, Move, Pass, Play

__all__ = [
    "ACCEPT",
    "ACTION_COUNT",
    "CALL_UNO",
    "CARD_KINDS",
    "CATCH",
    "CHAIN",
    "CHALLENGE",
    "COLOR",
    "DRAW",
    "MAX_OFFSET",
    "NOOP",
    "PASS",
    "PLAY",
    "PLAY_SLOTS",
    "ActionError",
    "EnvError",
    "card_kind",
    "decode",
    "describe",
    "encode",
]


class EnvError(UnoError):
    """A misuse of :mod:`uno_rules.env`: an option it cannot take, a call out of order."""


class ActionError(EnvError):
    """An action id that is out of range, that cannot stand for a move, or that the
    environment refuses at this point. ``action`` is the id; the message says what it
    means and why it is refused."""

    def __init__(self, action: object, reason: str) -> None:
        self.action = action
        self.reason = reason
        super().__init__(reason)


MAX_PLAYERS = 10
MAX_OFFSET = MAX_PLAYERS - 1  # the largest seat offset

_NUMBER_AND_ACTION_RANKS: tuple[Rank, ...] = (
    *(Rank(str(n)) for n in range(10)),
    Rank.SKIP,
    Rank.REVERSE,
    Rank.DRAW_TWO,
)
_WILD_RANKS: tuple[Rank, ...] = (
    Rank.WILD,
    Rank.WILD_DRAW_FOUR,
    Rank.WILD_SHUFFLE_HANDS,
    Rank.WILD_SWAP_HANDS,
    Rank.WILD_CUSTOMIZABLE,
    Rank.BLANK,
)

#: The 58 kinds of card, in the order used by observations: 52 colored cards (red, yellow,
#: green, blue; each 0-9, Skip, Reverse, Draw Two), then W, W+4, WSH, WSW, WC, BLANK.
CARD_KINDS: tuple[Card, ...] = (
    *(Card(c, r) for c in COLORS for r in _NUMBER_AND_ACTION_RANKS),
    *(Card(None, r) for r in _WILD_RANKS),
)
_KIND: dict[Card, int] = {card: i for i, card in enumerate(CARD_KINDS)}
_COLORED = 52

#: The 76 ways to put one card down: each colored card, then each wild kind with each color.
PLAY_SLOTS: tuple[tuple[Card, Color | None], ...] = (
    *((card, None) for card in CARD_KINDS[:_COLORED]),
    *((card, color) for card in CARD_KINDS[_COLORED:] for color in COLORS),
)
_SLOT: dict[tuple[Card, Color | None], int] = {key: i for i, key in enumerate(PLAY_SLOTS)}

PLAY = 0
CHAIN = PLAY + len(PLAY_SLOTS) * (MAX_OFFSET + 1) * 2  # 1520
DRAW = CHAIN + _COLORED  # 1572
PASS = DRAW + 1
ACCEPT = PASS + 1
CHALLENGE = ACCEPT + 1
CALL_UNO = CHALLENGE + 1
COLOR = CALL_UNO + 1  # 4 ids, in COLORS order
CATCH = COLOR + 4  # CATCH + offset - 1, offsets 1..9
NOOP = CATCH + MAX_OFFSET
ACTION_COUNT = NOOP + 1  # 1591

_COLOR_INDEX: dict[Color, int] = {c: i for i, c in enumerate(COLORS)}
_SIMPLE: dict[type, int] = {
    Draw: DRAW,
    Pass: PASS,
    Accept: ACCEPT,
    Challenge: CHALLENGE,
    CallUno: CALL_UNO,
}
_SIMPLE_NAMES = {DRAW: "draw", PASS: "pass", ACCEPT: "accept", CHALLENGE: "challenge"}
_SIMPLE_NAMES[CALL_UNO] = "uno"


def card_kind(card: Card) -> int:
    """The index of ``card`` in :data:`CARD_KINDS`."""
    return _KIND[card]


def _offset(seat: int, target: int, players: int, what: str) -> int:
    if not 2 <= players <= MAX_PLAYERS:
        raise ActionError(None, f"players: expected 2 to {MAX_PLAYERS}, got {players!r}")
    offset = (target - seat) % players
    if offset == 0 or not 0 <= target < players:
        raise ActionError(None, f"{what} {target} is not another seat of {players}")
    return offset


def _play_id(card: Card, color: Color | None, offset: int, call_uno: bool, move: Move) -> int:
    slot = _SLOT.get((card, color))
    if slot is None:
        raise ActionError(None, f"no action stands for {str(move)!r}: {card} with color {color}")
    return PLAY + (slot * (MAX_OFFSET + 1) + offset) * 2 + (1 if call_uno else 0)


def encode(move: Move, players: int) -> tuple[int, ...]:
    """The action ids that make ``move`` at a table of ``players``: one id, or for a play of
    several cards (H09) a ``CHAIN`` id per card but the last, then the ``PLAY`` id of the
    last. Raises :class:`ActionError` for a move that no action stands for (a wild without
    a color, a target that is not another seat)."""
    kind = type(move)
    simple = _SIMPLE.get(kind)
    if simple is not None:
        return (simple,)
    if isinstance(move, Play):
        offset = 0
        if move.target is not None:
            offset = _offset(move.seat, move.target, players, "target")
        if not move.extra:
            return (_play_id(move.card, move.color, offset, move.call_uno, move),)
        cards = (move.card, *move.extra)
        chain = []
        for card in cards[:-1]:
            if card.is_wild:
                raise ActionError(None, f"no action stands for {str(move)!r}: a wild in a chain")
            chain.append(CHAIN + _KIND[card])
        chain.append(_play_id(cards[-1], move.color, offset, move.call_uno, move))
        return tuple(chain)
    if isinstance(move, ChooseColor):
        return (COLOR + _COLOR_INDEX[move.color],)
    if isinstance(move, CatchUno):
        return (CATCH + _offset(move.seat, move.target, players, "caught seat") - 1,)
    raise ActionError(None, f"not a move: {move!r}")


def _check(action: object) -> int:
    action = as_integer(action)
    if not 0 <= action < ACTION_COUNT:
        raise ActionError(action, f"action {brief(action)} is out of range 0 to {ACTION_COUNT - 1}")
    return action


def as_integer(action: object) -> int:
    """``action`` as a plain int: an int, or an integral value such as a numpy integer or a
    0-d integer array (through ``__index__``); anything else (a bool, a float, an array of
    another shape or kind) is an :class:`ActionError`."""
    if isinstance(action, int) and not isinstance(action, bool):
        return action
    index = getattr(action, "__index__", None)
    if index is None or isinstance(action, bool):
        raise ActionError(action, f"an action is an integer from 0 to {ACTION_COUNT - 1}")
    try:
        value = index()
    except (TypeError, ValueError):  # numpy: an array of another shape, or not integers
        value = None
    if not isinstance(value, int) or isinstance(value, bool):
        shape = getattr(action, "shape", None)
        kind = f"an array of shape {shape}" if shape is not None else type(action).__name__
        raise ActionError(
            action, f"an action is an integer from 0 to {ACTION_COUNT - 1}, not {kind}"
        )
    return value


def episode_seed(seed: object) -> int | None:
    """A ``reset`` seed as a plain int: ``None``, an int or a numpy integer, not negative
    (as Gymnasium's own seeding requires); anything else is an :class:`EnvError`."""
    if seed is None:
        return None
    index = getattr(seed, "__index__", None)
    value = index() if index is not None and not isinstance(seed, bool) else None
    if not isinstance(value, int) or value < 0:
        raise EnvError(f"seed: expected a non-negative integer or None, got {brief(seed)}")
    return value


def describe(action: object) -> str:
    """What ``action`` means, seat-independently: ``'play R7 >+2 uno'``, ``'chain B5'``,
    ``'catch +1'``, ``'noop'``."""
    a = _check(action)
    if a < CHAIN:
        rest, uno = divmod(a - PLAY, 2)
        slot, offset = divmod(rest, MAX_OFFSET + 1)
        card, color = PLAY_SLOTS[slot]
        parts = ["play", str(card)]
        if color is not None:
            parts.append(color.value)
        if offset:
            parts.append(f">+{offset}")
        if uno:
            parts.append("uno")
        return " ".join(parts)
    if a < DRAW:
        return f"chain {CARD_KINDS[a - CHAIN]}"
    if a in _SIMPLE_NAMES:
        return _SIMPLE_NAMES[a]
    if a < CATCH:
        return f"color {COLORS[a - COLOR].value}"
    if a < NOOP:
        return f"catch +{a - CATCH + 1}"
    return "noop"


def decode(actions: int | Sequence[int], seat: int, players: int) -> Move:
    """The move that ``actions`` (one id, or a chain's ids ending with a ``PLAY`` id) make
    for ``seat`` at a table of ``players``: the inverse of :func:`encode`. Raises
    :class:`ActionError` for ids that make no move (``NOOP``, a chain that does not end
    with a play, an offset beyond the table)."""
    ids = [_check(a) for a in ([actions] if not isinstance(actions, Sequence) else actions)]
    if not ids:
        raise ActionError(actions, "no action given")
    *chain, last = ids
    for a in chain:
        if not CHAIN <= a < DRAW:
            raise ActionError(a, f"{describe(a)!r} cannot come before the last card of a play")
    if chain and last >= CHAIN:
        raise ActionError(last, f"a chain of cards ends with a play, not {describe(last)!r}")
    if not 2 <= players <= MAX_PLAYERS:
        raise ActionError(actions, f"players: expected 2 to {MAX_PLAYERS}, got {players!r}")

    def seat_at(offset: int, a: int) -> int:
        if offset >= players:
            raise ActionError(a, f"{describe(a)!r} names a seat beyond a table of {players}")
        return (seat + offset) % players

    if last < CHAIN:
        rest, uno = divmod(last - PLAY, 2)
        slot, offset = divmod(rest, MAX_OFFSET + 1)
        card, color = PLAY_SLOTS[slot]
        cards = [CARD_KINDS[a - CHAIN] for a in chain]
        first, extra = (cards[0], (*cards[1:], card)) if cards else (card, ())
        target = seat_at(offset, last) if offset else None
        return Play(seat, first, color=color, target=target, call_uno=bool(uno), extra=extra)
    if last < DRAW:
        raise ActionError(last, f"{describe(last)!r} is a step of a play, not a whole move")
    if last == DRAW:
        return Draw(seat)
    if last == PASS:
        return Pass(seat)
    if last == ACCEPT:
        return Accept(seat)
    if last == CHALLENGE:
        return Challenge(seat)
    if last == CALL_UNO:
        return CallUno(seat)
    if last < CATCH:
        return ChooseColor(seat, COLORS[last - COLOR])
    if last < NOOP:
        return CatchUno(seat, seat_at(last - CATCH + 1, last))
    raise ActionError(last, "'noop' declines a chance to move; it is no move")
