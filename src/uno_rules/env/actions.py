"""The fixed action table of :mod:`uno_rules.env`: one integer for each choice a seat can make.

Every move of every rule set maps to a short sequence of action ids and back, relative to the
seat that makes it (``docs/rl.md`` has the table). Seats named by a move (the target of a 7
under Seven-O or of a Wild Swap Hands, the seat caught not calling UNO) are written as an
*offset*: ``k`` means the seat ``k`` places after the mover in seat order, ``(seat + k) %
players``, whatever the direction of play. So the same action means the same thing from
every seat.

- ``PLAY`` (152 ids): one card, with its color for a wild, and the UNO flag.
  ``id = slot * 2 + uno``, where ``slot`` is the card's index in :data:`PLAY_SLOTS` (52
  colored cards, then each wild kind in each color).
- ``CHAIN`` (52 ids, from 152): under the several-cards house rule (H09), put this colored
  card down and go on; the play ends with a ``PLAY`` id for its last card, which carries the
  UNO flag. ``0 B5 G5 Y5 uno`` is ``CHAIN B5, CHAIN G5, PLAY Y5 uno``.
- ``TARGET`` (9 ids, from 204): offsets 1-9, the seat a play names (the 7 of Seven-O, a
  Wild Swap Hands); it comes first, then the play's cards. ``3 R7 >1`` is ``TARGET +2,
  PLAY R7``.
- ``DRAW``, ``PASS``, ``ACCEPT``, ``CHALLENGE``, ``CALL_UNO``; ``COLOR`` red, yellow, green,
  blue; ``CATCH`` offsets 1-9; ``NOOP`` (decline an out-of-turn chance).

>>> import uno_rules as uno
>>> move = uno.parse_move("2 WSW blue >0")
>>> encode(move, players=4)
(205, 134)
>>> [describe(a) for a in (205, 134)]
['target +2', 'play WSW blue']
>>> decode((205, 134), seat=2, players=4) == move
True
>>> encode(uno.parse_move("0 B5 G5 uno"), 4)
(196, 63)
>>> str(decode((196, 63), seat=0, players=4))
'0 B5 G5 uno'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from .._budget import brief
from ..cards import COLORS, DARK_COLORS, Card, Color, Rank
from ..errors import UnoError
from ..kinds import rank_order
from ..moves import Accept, CallUno, CatchUno, Challenge, ChooseColor, Draw, Move, Pass, Play
from ..rules.deck import build_deck, deck_of_rules
from ..rules.options import Deck

if TYPE_CHECKING:
    from ..rules import Rules

#: The ids and card lists of an :class:`ActionTable`: each is a name of this module too,
#: holding :data:`STANDARD`'s (``PLAY`` is ``STANDARD.PLAY``).
_TABLE_NAMES = (
    "ACCEPT",
    "ACTION_COUNT",
    "CALL_UNO",
    "CARD_KINDS",
    "CATCH",
    "CHAIN",
    "CHAIN_CARDS",
    "CHALLENGE",
    "COLOR",
    "COLORS",
    "DRAW",
    "NOOP",
    "PASS",
    "PLAY",
    "PLAY_SLOTS",
    "TARGET",
)

__all__ = [
    *_TABLE_NAMES,
    "MAX_OFFSET",
    "STANDARD",
    "ActionError",
    "ActionTable",
    "EnvError",
    "card_kind",
    "decode",
    "describe",
    "encode",
    "table_for",
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
_SIMPLE_TYPES: tuple[type, ...] = (Draw, Pass, Accept, Challenge, CallUno)
_SIMPLE_WORDS = ("draw", "pass", "accept", "challenge", "uno")


class ActionTable:
    """The action ids of a set of card kinds (``data/cards.json``): ``PLAY`` ids for each
    colored card and each wild kind with each color it may name (one slot, no color, for a
    wild whose player names none: N15), ``CHAIN`` ids for the colored cards, ``TARGET``
    ids for the seat a play names, then the moves without a card. :data:`STANDARD` is the
    table of the 108- and 112-card decks; :func:`table_for` gives a rule set's."""

    __slots__ = (
        *_TABLE_NAMES,
        "COLORED",
        "_chain",
        "_color_index",
        "_kind",
        "_simple",
        "_simple_names",
        "_slot",
        "ranks",
    )

    def __init__(self, ranks: Sequence[Rank], two_sided: Sequence[Card] = ()) -> None:
        # colored kinds first, then wild kinds, each in their canonical order (the bundled
        # data's, then a rule set's own kinds by text): the same rules give the same ids in
        # every process, whatever it declared before
        ranked = sorted(set(ranks), key=lambda r: (r.is_wild, rank_order(r)))
        self.ranks: tuple[Rank, ...] = tuple(ranked)
        colored = [r for r in ranked if not r.is_wild]
        wilds = [r for r in ranked if r.is_wild]
        #: the colors a wild may name and a seat may choose, in the order of the COLOR ids
        self.COLORS: tuple[Color, ...] = (*COLORS, *DARK_COLORS) if two_sided else COLORS
        if two_sided:
            # UNO Flip (F1): every face of either side is a kind, light side first
            faces = {c.face for c in two_sided} | {c.other for c in two_sided if c.other}
            light = [r for r in colored if any(f.rank is r and f.color in COLORS for f in faces)]
            dark = [
                r for r in colored if any(f.rank is r and f.color in DARK_COLORS for f in faces)
            ]
            kinds = [
                *(Card(c, r) for c in COLORS for r in light),
                *(Card(c, r) for c in DARK_COLORS for r in dark),
            ]
        else:
            kinds = [Card(c, r) for c in COLORS for r in colored]
        self.COLORED = len(kinds)
        #: every kind of card, in the order used by observations: the colored cards (red,
        #: yellow, green, blue; each colored kind; on UNO Flip's deck then the dark side's
        #: colors with their kinds), then the wild kinds
        self.CARD_KINDS: tuple[Card, ...] = (*kinds, *(Card(None, r) for r in wilds))
        self._kind: dict[Card, int] = {card: i for i, card in enumerate(self.CARD_KINDS)}
        slots: list[tuple[Card, Color | None]] = []
        for card in self.CARD_KINDS[: self.COLORED]:
            slots.append((card, None))
        for card in self.CARD_KINDS[self.COLORED :]:
            if not card.kind.names_color:
                slots.append((card, None))
            elif two_sided:
                # F1: a wild face names a color of its side; a face of both sides (W)
                # names either side's, whichever is in play
                on_light = any(c.rank is card.rank for c in two_sided)
                on_dark = any(c.other is not None and c.other.rank is card.rank for c in two_sided)
                colors = (*(COLORS if on_light else ()), *(DARK_COLORS if on_dark else ()))
                slots.extend((card, color) for color in colors)
            else:
                slots.extend((card, color) for color in COLORS)
        #: the cards a several-card play (H09) may put down before its last
        self.CHAIN_CARDS: tuple[Card, ...] = self.CARD_KINDS[: self.COLORED]
        if two_sided:
            # F14: a seat sees its cards' faces in play, never their backs, so an id names
            # a face (a play of "the red 5 I hold", whichever back it has); a two-sided
            # card counts as the kind of its face in play
            for card in (*two_sided, *(c.flipped for c in two_sided)):
                self._kind[card] = self._kind[card.face]
        self._chain = {card: i for i, card in enumerate(self.CHAIN_CARDS)}
        self.PLAY_SLOTS: tuple[tuple[Card, Color | None], ...] = tuple(slots)
        self._slot = {key: i for i, key in enumerate(self.PLAY_SLOTS)}
        self._color_index = {c: i for i, c in enumerate(self.COLORS)}
        self.PLAY = 0
        self.CHAIN = self.PLAY + len(self.PLAY_SLOTS) * 2
        self.TARGET = self.CHAIN + len(self.CHAIN_CARDS)  # TARGET + offset - 1, offsets 1..9
        self.DRAW = self.TARGET + MAX_OFFSET
        self.PASS = self.DRAW + 1
        self.ACCEPT = self.PASS + 1
        self.CHALLENGE = self.ACCEPT + 1
        self.CALL_UNO = self.CHALLENGE + 1
        self.COLOR = self.CALL_UNO + 1  # one id for each of self.COLORS, in order
        self.CATCH = self.COLOR + len(self.COLORS)  # CATCH + offset - 1, offsets 1..9
        self.NOOP = self.CATCH + MAX_OFFSET
        self.ACTION_COUNT = self.NOOP + 1
        self._simple = {t: self.DRAW + i for i, t in enumerate(_SIMPLE_TYPES)}
        self._simple_names = {self.DRAW + i: w for i, w in enumerate(_SIMPLE_WORDS)}

    @property
    def two_sided(self) -> bool:
        """Whether this is the table of a deck of two-sided cards (UNO Flip)."""
        return len(self.COLORS) > len(COLORS)

    def chain_kind(self, action: int) -> int:
        """The card kind (index in :attr:`CARD_KINDS`) that the ``CHAIN`` id ``action``
        puts down."""
        return self._kind[self.CHAIN_CARDS[action - self.CHAIN]]

    def steps_of(self, chain: Sequence[int]) -> tuple[list[int], int]:
        """The sub-steps ``chain`` of a play under way, as an observation shows them: the
        card kinds its ``CHAIN`` ids put down, and the offset its ``TARGET`` id names (0
        for none)."""
        target = 0
        kinds = []
        for action in chain:
            if action >= self.TARGET:
                target = action - self.TARGET + 1
            else:
                kinds.append(self._kind[self.CHAIN_CARDS[action - self.CHAIN]])
        return kinds, target

    def __repr__(self) -> str:
        return f"<ActionTable of {self.ACTION_COUNT} ids: {' '.join(r.value for r in self.ranks)}>"

    def card_kind(self, card: Card) -> int:
        """The index of ``card`` in :attr:`CARD_KINDS`."""
        return self._kind[card]

    def encode(self, move: Move, players: int) -> tuple[int, ...]:
        """:func:`encode` with this table's ids."""
        return _encode(self, move, players)

    def decode(self, actions: int | Sequence[int], seat: int, players: int) -> Move:
        """:func:`decode` with this table's ids."""
        return _decode(self, actions, seat, players)

    def describe(self, action: object) -> str:
        """:func:`describe` with this table's ids."""
        return _describe(self, action)


def _standard_ranks() -> tuple[Rank, ...]:
    """The kinds the 108- and 112-card decks can hold, every extra card kept."""
    ranks: set[Rank] = set()
    for deck in Deck:
        cards = deck_of_rules(deck, blanks=1, swap=True, shuffle=True, custom=1)
        if cards and len(cards) <= 112 and cards[0].other is None:  # not Flip's two-sided cards
            ranks.update(card.rank for card in cards)
    return tuple(ranks)


#: The table of every 108- and 112-card rule set (``docs/rl.md``): 232 ids.
STANDARD: Final = ActionTable(_standard_ranks())
_TABLES: dict[frozenset[Rank], ActionTable] = {frozenset(STANDARD.ranks): STANDARD}
_FLIP_TABLES: dict[frozenset[Card], ActionTable] = {}


def table_for(rules: Rules) -> ActionTable:
    """The action table of a rule set: :data:`STANDARD` when its deck holds only the
    kinds of the 108- and 112-card decks, else a table of those kinds and the deck's own
    (the No Mercy deck's ``+4``, ``skipall``, ``W+6``...), whose ids run on past them."""
    deck = build_deck(rules)
    if deck and deck[0].other is not None:  # UNO Flip: a table of its own physical cards
        physical = tuple(dict.fromkeys(c if not c.dark else c.flipped for c in deck))
        key = frozenset(physical)
        found = _FLIP_TABLES.get(key)
        if found is None:
            kinds = {c.rank for c in physical} | {c.other.rank for c in physical if c.other}
            found = _FLIP_TABLES[key] = ActionTable(tuple(kinds), physical)
        return found
    ranks = frozenset(STANDARD.ranks) | {card.rank for card in deck}
    table = _TABLES.get(ranks)
    if table is None:
        table = _TABLES[ranks] = ActionTable(tuple(ranks))
    return table


#: The 58 kinds of card of :data:`STANDARD`, in the order used by observations: 52 colored
#: cards (red, yellow, green, blue; each 0-9, Skip, Reverse, Draw Two), then W, W+4, WSH,
#: WSW, WC, BLANK.
CARD_KINDS: tuple[Card, ...] = STANDARD.CARD_KINDS
#: The 76 ways to put one card down: each colored card, then each wild kind with each color.
PLAY_SLOTS: tuple[tuple[Card, Color | None], ...] = STANDARD.PLAY_SLOTS
#: The 52 cards a several-card play (H09) puts down before its last: the colored kinds.
CHAIN_CARDS: tuple[Card, ...] = STANDARD.CHAIN_CARDS
_COLORED = STANDARD.COLORED

PLAY = STANDARD.PLAY
CHAIN = STANDARD.CHAIN  # 152
TARGET = STANDARD.TARGET  # 204: TARGET + offset - 1, offsets 1..9
DRAW = STANDARD.DRAW  # 213
PASS = STANDARD.PASS
ACCEPT = STANDARD.ACCEPT
CHALLENGE = STANDARD.CHALLENGE
CALL_UNO = STANDARD.CALL_UNO
COLOR = STANDARD.COLOR  # 4 ids, in COLORS order
CATCH = STANDARD.CATCH  # CATCH + offset - 1, offsets 1..9
NOOP = STANDARD.NOOP
ACTION_COUNT = STANDARD.ACTION_COUNT  # 232


def card_kind(card: Card, table: ActionTable = STANDARD) -> int:
    """The index of ``card`` in the table's card kinds (:data:`CARD_KINDS`)."""
    return table.card_kind(card)


def _offset(seat: int, target: int, players: int, what: str) -> int:
    if not 2 <= players <= MAX_PLAYERS:
        raise ActionError(None, f"players: expected 2 to {MAX_PLAYERS}, got {players!r}")
    offset = (target - seat) % players
    if offset == 0 or not 0 <= target < players:
        raise ActionError(None, f"{what} {target} is not another seat of {players}")
    return offset


def _play_id(
    table: ActionTable, card: Card, color: Color | None, call_uno: bool, move: Move
) -> int:
    slot = table._slot.get((card.face, color))  # UNO Flip: the face in play (F14)
    if slot is None:
        raise ActionError(None, f"no action stands for {str(move)!r}: {card} with color {color}")
    return table.PLAY + slot * 2 + (1 if call_uno else 0)


def encode(move: Move, players: int, table: ActionTable = STANDARD) -> tuple[int, ...]:
    """The action ids that make ``move`` at a table of ``players``: one id; for a play that
    names a seat, its ``TARGET`` id first; for a play of several cards (H09), a ``CHAIN`` id
    per card but the last, then the ``PLAY`` id of the last. Raises :class:`ActionError`
    for a move that no action stands for (a wild without a color, a target that is not
    another seat). ``table``: the rule set's (:func:`table_for`)."""
    return _encode(table, move, players)


def _encode(table: ActionTable, move: Move, players: int) -> tuple[int, ...]:
    kind = type(move)
    simple = table._simple.get(kind)
    if simple is not None:
        return (simple,)
    if isinstance(move, Play):
        chain = []
        if move.target is not None:
            chain.append(table.TARGET + _offset(move.seat, move.target, players, "target") - 1)
        if not move.extra and not chain:
            return (_play_id(table, move.card, move.color, move.call_uno, move),)
        cards = (move.card, *move.extra)
        for card in cards[:-1]:
            if card.is_wild:
                raise ActionError(None, f"no action stands for {str(move)!r}: a wild in a chain")
            index = table._chain.get(card.face)
            if index is None:
                raise ActionError(None, f"no action stands for {str(move)!r}: {card}")
            chain.append(table.CHAIN + index)
        chain.append(_play_id(table, cards[-1], move.color, move.call_uno, move))
        return tuple(chain)
    if isinstance(move, ChooseColor):
        index = table._color_index.get(move.color)
        if index is None:
            raise ActionError(None, f"no action stands for {str(move)!r}: {move.color}")
        return (table.COLOR + index,)
    if isinstance(move, CatchUno):
        return (table.CATCH + _offset(move.seat, move.target, players, "caught seat") - 1,)
    raise ActionError(None, f"not a move: {move!r}")


def _check(action: object, table: ActionTable = STANDARD) -> int:
    action = as_integer(action, table.ACTION_COUNT)
    count = table.ACTION_COUNT
    if not 0 <= action < count:
        raise ActionError(action, f"action {brief(action)} is out of range 0 to {count - 1}")
    return action


def as_integer(action: object, count: int = ACTION_COUNT) -> int:
    """``action`` as a plain int: an int, or an integral value such as a numpy integer or a
    0-d integer array (through ``__index__``); anything else (a bool, a float, an array of
    another shape or kind) is an :class:`ActionError`."""
    if isinstance(action, int) and not isinstance(action, bool):
        return action
    index = getattr(action, "__index__", None)
    if index is None or isinstance(action, bool):
        raise ActionError(action, f"an action is an integer from 0 to {count - 1}")
    try:
        value = index()
    except (TypeError, ValueError):  # numpy: an array of another shape, or not integers
        value = None
    if not isinstance(value, int) or isinstance(value, bool):
        shape = getattr(action, "shape", None)
        kind = f"an array of shape {shape}" if shape is not None else type(action).__name__
        raise ActionError(action, f"an action is an integer from 0 to {count - 1}, not {kind}")
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


def describe(action: object, table: ActionTable = STANDARD) -> str:
    """What ``action`` means, seat-independently: ``'play R7 uno'``, ``'chain B5'``,
    ``'target +2'``, ``'catch +1'``, ``'noop'``."""
    return _describe(table, action)


def _describe(table: ActionTable, action: object) -> str:
    a = _check(action, table)
    if a < table.CHAIN:
        slot, uno = divmod(a - table.PLAY, 2)
        card, color = table.PLAY_SLOTS[slot]
        parts = ["play", str(card)]
        if color is not None:
            parts.append(color.value)
        if uno:
            parts.append("uno")
        return " ".join(parts)
    if a < table.TARGET:
        return f"chain {table.CHAIN_CARDS[a - table.CHAIN]}"
    if a < table.DRAW:
        return f"target +{a - table.TARGET + 1}"
    simple = table._simple_names.get(a)
    if simple is not None:
        return simple
    if a < table.CATCH:
        return f"color {table.COLORS[a - table.COLOR].value}"
    if a < table.NOOP:
        return f"catch +{a - table.CATCH + 1}"
    return "noop"


def decode(
    actions: int | Sequence[int], seat: int, players: int, table: ActionTable = STANDARD
) -> Move:
    """The move that ``actions`` (one id, or a play's ids: a ``TARGET`` id or none, the
    ``CHAIN`` ids, the ``PLAY`` id) make for ``seat`` at a table of ``players``: the inverse
    of :func:`encode`. Raises :class:`ActionError` for ids that make no move (``NOOP``, a
    chain that does not end with a play, a target after a card, an offset beyond the
    table)."""
    return _decode(table, actions, seat, players)


def _decode(table: ActionTable, actions: int | Sequence[int], seat: int, players: int) -> Move:
    t = table
    ids = [_check(a, t) for a in ([actions] if not isinstance(actions, Sequence) else actions)]
    if not ids:
        raise ActionError(actions, "no action given")
    *chain, last = ids
    aim = chain.pop(0) if chain and t.TARGET <= chain[0] < t.DRAW else None
    for a in chain:
        if not t.CHAIN <= a < t.TARGET:
            where = "first" if t.TARGET <= a < t.DRAW else "before the last card of a play"
            raise ActionError(a, f"{_describe(t, a)!r} cannot come {where}")
    if (chain or aim is not None) and last >= t.CHAIN:
        raise ActionError(last, f"a chain of cards ends with a play, not {_describe(t, last)!r}")
    if not 2 <= players <= MAX_PLAYERS:
        raise ActionError(actions, f"players: expected 2 to {MAX_PLAYERS}, got {players!r}")

    def seat_at(offset: int, a: int) -> int:
        if offset >= players:
            raise ActionError(a, f"{_describe(t, a)!r} names a seat beyond a table of {players}")
        return (seat + offset) % players

    if last < t.CHAIN:
        slot, uno = divmod(last - t.PLAY, 2)
        card, color = t.PLAY_SLOTS[slot]
        cards = [t.CHAIN_CARDS[a - t.CHAIN] for a in chain]
        first, extra = (cards[0], (*cards[1:], card)) if cards else (card, ())
        target = None if aim is None else seat_at(aim - t.TARGET + 1, aim)
        return Play(seat, first, color=color, target=target, call_uno=bool(uno), extra=extra)
    if last < t.DRAW:
        raise ActionError(last, f"{_describe(t, last)!r} is a step of a play, not a whole move")
    if last == t.DRAW:
        return Draw(seat)
    if last == t.PASS:
        return Pass(seat)
    if last == t.ACCEPT:
        return Accept(seat)
    if last == t.CHALLENGE:
        return Challenge(seat)
    if last == t.CALL_UNO:
        return CallUno(seat)
    if last < t.CATCH:
        return ChooseColor(seat, t.COLORS[last - t.COLOR])
    if last < t.NOOP:
        return CatchUno(seat, seat_at(last - t.CATCH + 1, last))
    raise ActionError(last, "'noop' declines a chance to move; it is no move")
