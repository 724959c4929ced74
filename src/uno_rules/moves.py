"""Moves: every choice a player makes.

Moves are frozen values. ``parse_move(text)`` reads the move notation and ``str(move)``
writes its canonical form, so ``parse_move(str(m)) == m``. ``resolve_cards(state, play)``
turns the cards a play names into the cards of the hand they mean (UNO Flip: a face in
play names a two-sided card, F1), before the play is judged or made.

>>> move = parse_move("0 W+4 b")
>>> move.card, move.color
(Card.parse('W+4'), <Color.BLUE: 'blue'>)
>>> str(move)
'0 W+4 blue'
>>> str(parse_move("P2 catch P0"))
'2 catch 0'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final, TypeAlias

from attrs import field, frozen

from ._budget import brief
from ._records import replace
from ._suggest import closest
from .cards import CARD_EXPECTED, Card, Color, kept_for_good, parse_any_color, parse_cards
from .errors import NotationError
from .i18n import N_

if TYPE_CHECKING:  # a move names cards of a state; the state needs no moves
    from .state import GameState

__all__ = [
    "Accept",
    "CallUno",
    "CatchUno",
    "Challenge",
    "ChooseColor",
    "Draw",
    "Move",
    "Pass",
    "Play",
    "parse_move",
]


# A seat number a move may hold: whether it is at the table is the table's to say (checked
# by ``validate``), but a move's text must read back as the move (``parse_move(str(m)) ==
# m``), so a seat has at most this many digits, in the move and in its text.
SEAT_DIGITS = 18
_SEAT_LIMIT = 10**SEAT_DIGITS


def _seat_number(value: object) -> int:
    """A seat number: an ``int`` (its range is the table's, checked by ``validate``)."""
    if type(value) is int and -_SEAT_LIMIT < value < _SEAT_LIMIT:
        return value
    if type(value) is int:
        raise TypeError(
            f"a seat must be an int of at most {SEAT_DIGITS} digits, got {brief(value)}"
        )
    raise TypeError(f"a seat must be an int, got {brief(value)}")


def _target(value: object) -> int | None:
    if value is None or (type(value) is int and -_SEAT_LIMIT < value < _SEAT_LIMIT):
        return value
    raise TypeError(
        f"a target must be a seat number (an int of at most {SEAT_DIGITS} digits) or None, "
        f"got {brief(value)}"
    )


def _flag(value: object) -> bool:
    if value is True or value is False:
        return value
    raise TypeError(f"call_uno must be True or False, got {brief(value)}")


def _card(value: object) -> Card:
    if type(value) is Card:
        return value
    if isinstance(value, str):
        return Card.parse(value)
    raise TypeError(f"a card must be a Card or card text such as 'R5', got {brief(value)}")


def _cards(value: object) -> tuple[Card, ...]:
    if value == ():
        return ()
    if isinstance(value, str):
        return parse_cards(value)
    if not isinstance(value, (tuple, list)):
        raise TypeError(f"extra must be a tuple of cards, got {brief(value)}")
    return tuple(_card(c) for c in value)


def _color(value: object) -> Color | None:
    if value is None or type(value) is Color:
        return value
    if isinstance(value, str):
        # any Color's value, as a Color member would be: whether the card's side in play
        # lets it be named is the engine's ruling (color-not-in-play, F1), not a text error
        return parse_any_color(value)
    raise TypeError(f"a color must be a Color, a color name or None, got {brief(value)}")


def _named_color(value: object) -> Color:
    if value is None:
        raise TypeError("a color must be named: a Color or a color name, not None")
    color = _color(value)  # F11: a color to name may be of the dark side
    assert color is not None
    return color


@frozen
class Play:
    """Play ``card`` (and, under the several-cards house rule, ``extra`` cards).

    ``color`` names the color for a wild (B7.4, A61); ``target`` is the seat for a 7 under
    Seven-O or a Wild Swap Hands; ``call_uno`` says UNO with the play (A14).
    """

    seat: int = field(converter=_seat_number)
    card: Card = field(converter=_card)
    color: Color | None = field(default=None, converter=_color)
    target: int | None = field(default=None, converter=_target)
    call_uno: bool = field(default=False, converter=_flag)
    extra: tuple[Card, ...] = field(default=(), converter=_cards)

    def __str__(self) -> str:
        parts = [str(self.seat), str(self.card), *map(str, self.extra)]
        if self.color is not None:
            parts.append(self.color.value)
        if self.target is not None:
            parts.append(f">{self.target}")
        if self.call_uno:
            parts.append("uno")
        return " ".join(parts)


@frozen
class Draw:
    """Draw from the draw pile (B4.4 b, B6)."""

    seat: int = field(converter=_seat_number)

    def __str__(self) -> str:
        return f"{self.seat} draw"


@frozen
class Pass:
    """End the turn after drawing (B6.4), or pass when nothing can be drawn (A44)."""

    seat: int = field(converter=_seat_number)

    def __str__(self) -> str:
        return f"{self.seat} pass"


@frozen
class CallUno:
    """Say UNO while holding one card (B9.5, A14)."""

    seat: int = field(converter=_seat_number)

    def __str__(self) -> str:
        return f"{self.seat} uno"


@frozen
class CatchUno:
    """Catch ``target``, who holds one card and has not called UNO (B9.2)."""

    seat: int = field(converter=_seat_number)
    target: int = field(converter=_seat_number)

    def __str__(self) -> str:
        return f"{self.seat} catch {self.target}"


@frozen
class Challenge:
    """Challenge the Wild Draw Four played on you (B8.3-B8.7)."""

    seat: int = field(converter=_seat_number)

    def __str__(self) -> str:
        return f"{self.seat} challenge"


@frozen
class Accept:
    """Take the pending draw penalty and lose the turn (B7.5, A60)."""

    seat: int = field(converter=_seat_number)

    def __str__(self) -> str:
        return f"{self.seat} accept"


@frozen
class ChooseColor:
    """Name the color for a wild turned as the first card (1.3, A1) or when a rule asks."""

    seat: int = field(converter=_seat_number)
    color: Color = field(converter=_named_color)

    def __str__(self) -> str:
        return f"{self.seat} color {self.color.value}"


Move: TypeAlias = Play | Draw | Pass | CallUno | CatchUno | Challenge | Accept | ChooseColor

_EXPECTED = N_(
    "a move: '<seat> <card> [more cards] [color] [>target] [uno]', or '<seat> draw', "
    "'<seat> pass', '<seat> uno', '<seat> catch <seat>', '<seat> challenge', "
    "'<seat> accept', '<seat> color <color>'"
)


def _seat(token: str, text: str) -> int:
    raw = token[1:] if token[:1] in ("P", "p") else token
    digits = raw[1:] if raw[:1] == "-" else raw
    if not digits.isdigit() or not digits.isascii() or len(digits) > SEAT_DIGITS:
        raise NotationError(
            text,
            N_("a seat number such as 0 or P0 where {token} stands"),
            {"token": brief(token, 30)},
        )
    return int(raw)


def _unread(text: str) -> NotationError:
    """The error of a move text that is no move: the grammar, and ``(did you mean '0
    draw'?)`` for a move whose second word is close to a verb."""
    near = _verb_hint(text) or _card_hint(text)
    grammar: tuple[str, dict[str, object]] = (_EXPECTED, {})
    if near is None:
        if text.split()[1].lower() in VERBS:
            return NotationError(text, _EXPECTED)
        # the word where a card stands is no card: say how a card is written, as a hand does
        return NotationError(
            text,
            N_("{expected}; {word} is not {card}"),
            {"expected": grammar, "word": brief(text.split()[1], 30), "card": (CARD_EXPECTED, {})},
        )
    return NotationError(
        text, N_("{expected} (did you mean {move}?)"), {"expected": grammar, "move": near}
    )


def _verb_hint(text: str) -> str | None:
    """``'0 draw'`` for a move whose second word is close to a verb."""
    seat, word, *rest = text.split()
    near = closest(word.lower(), VERBS, cutoff=0.75)
    if near is None or len(text) > 100:
        return None
    return f"'{' '.join([seat, near, *rest])}'"


def _card_hint(text: str) -> str | None:
    """``'0 R5'`` for a move whose card is written in two words (``0 Red 5``, ``0 R 5``)."""
    seat, *words = text.split()
    if len(words) < 2 or len(text) > 100:
        return None
    try:
        card = Card.parse(words[0] + words[1])
    except NotationError:
        return None
    return f"'{' '.join([seat, str(card), *words[2:]])}'"


def parse_move(text: str) -> Move:
    """Read a move in its text notation (``docs/formats.md``).

    Raises :class:`~uno_rules.NotationError` naming what was expected.
    """
    if not isinstance(text, str):
        raise NotationError(brief(text), _EXPECTED)
    tokens = text.split()
    if len(tokens) < 2:
        raise NotationError(text, _EXPECTED)
    seat = _seat(tokens[0], text)
    verb = tokens[1].lower()
    rest = tokens[2:]
    simple: dict[str, type[Draw | Pass | CallUno | Challenge | Accept]] = {
        "draw": Draw,
        "pass": Pass,
        "uno": CallUno,
        "challenge": Challenge,
        "accept": Accept,
    }
    if verb in simple:
        if rest:
            raise NotationError(text, N_("nothing after {verb}"), {"verb": f"'{verb}'"})
        return simple[verb](seat)
    if verb == "catch":
        if len(rest) != 1:
            raise NotationError(text, "'<seat> catch <seat>'")
        return CatchUno(seat, _seat(rest[0], text))
    if verb == "color":
        if len(rest) != 1:
            raise NotationError(text, "'<seat> color <color>'")
        return ChooseColor(seat, parse_any_color(rest[0]))  # F11: a dark color too
    return _parse_play(seat, tokens[1:], text)


# The words of the moves that are not plays, for a "did you mean" on a misspelt one.
VERBS = ("draw", "pass", "uno", "catch", "challenge", "accept", "color")


def _parse_play(seat: int, tokens: list[str], text: str) -> Play:
    try:
        card = Card.parse(tokens[0])
    except NotationError:
        raise _unread(text) from None
    extra: list[Card] = []
    color: Color | None = None
    target: int | None = None
    call = False
    trailing = False
    for token in tokens[1:]:
        low = token.lower()
        if low == "uno":
            if call:
                raise NotationError(text, N_("'uno' at most once"))
            call = trailing = True
        elif token.startswith(">"):
            if target is not None:
                raise NotationError(text, N_("one target at most"))
            target = _seat(token[1:], text)
            trailing = True
        else:
            try:
                # any color reads, as Play(color=...) takes it: whether the side in play
                # lets the card name it is the engine's ruling (color-not-in-play, F1), so
                # str(move) reads back for every move
                parsed_color: Color | None = parse_any_color(token)
            except NotationError:
                parsed_color = None
            if parsed_color is not None:
                if color is not None:
                    raise NotationError(text, N_("one color at most"))
                color = parsed_color
                trailing = True
                continue
            try:
                more = Card.parse(token)
            except NotationError:
                raise NotationError(
                    text,
                    N_("a card, a color, '>seat' or 'uno' where {token} stands"),
                    {"token": repr(token)},
                ) from None
            if trailing:
                raise NotationError(text, N_("further cards right after the first card"))
            extra.append(more)
    return Play(seat, card, color=color, target=target, call_uno=call, extra=tuple(extra))


def resolve_cards(state: GameState, move: Play) -> Play:
    """F1: on a table of two-sided cards a play may name a card of the hand by its face in
    play (``T3``; the first such card of the hand, the card just drawn first, B6.3) or by
    its ``LIGHT/DARK`` text whichever side is in play; the play of the hand's cards it
    means (``move`` itself when it names them already, or when the hand holds none of
    them)."""
    hand = state.hands[move.seat]
    wanted = (move.card, *move.extra)
    if all(card in hand for card in wanted):
        return move
    left = list(hand)
    drawn = state.drawn
    if drawn is not None and drawn in left:
        # B6.3: after a draw only the drawn card may be played, so a face it shows means it
        left.remove(drawn)
        left.insert(0, drawn)
    found: list[Card] = []
    for card in wanted:
        match = next(
            (
                c
                for c in left
                if c is card or c.flipped is card or (card.other is None and c.face is card)
            ),
            None,
        )
        if match is None:
            return move
        left.remove(match)
        found.append(match)
    key: tuple[object, ...] = (move, *found)
    resolved = _RESOLVED.get(key)
    if resolved is None:
        resolved = replace(move, card=found[0], extra=tuple(found[1:]))
        _remember(_RESOLVED, key, resolved, found)
    return resolved


# The plays of the hand's cards a play by faces means, by the play and those cards (the
# engine applies the same listed plays again and again).
_RESOLVED: dict[tuple[object, ...], Play] = {}


def by_faces(moves: tuple[Move, ...]) -> tuple[Move, ...]:
    """F14: on a table of two-sided cards a seat sees its own cards' faces in play, never
    their backs, so ``legal_moves`` lists a play by the faces it puts down (``0 R5``, not
    ``0 R5/T7``), once however many cards of the hand show them, in the order of their
    first listing. Applied, it plays the first such cards of the hand (the card just drawn
    first), as :func:`resolve_cards` reads a face: which card goes is decided by where it
    is in the hand, never by its back."""
    seen: dict[Move, None] = {}
    for move in moves:
        if type(move) is Play and (
            move.card.other is not None or any(c.other is not None for c in move.extra)
        ):
            move = _faced(move)
        seen.setdefault(move, None)
    return tuple(seen)


# The plays listed by faces, by the play they stand for: the engine lists the same play
# objects again and again (``fastpath``), so each is rewritten once. Bounded: past the
# bound a play is rewritten each time it is listed.
_FACED: dict[Play, Play] = {}
_MAX_FACED: Final = 65536


def _faced(move: Play) -> Play:
    """``move`` naming the faces its cards show (:func:`by_faces`)."""
    found = _FACED.get(move)
    if found is None:
        found = replace(move, card=move.card.face, extra=tuple(c.face for c in move.extra))
        _remember(_FACED, move, found, (move.card, *move.extra))
    return found


def _remember(table: dict[Any, Play], key: object, play: Play, cards: Sequence[Card]) -> None:
    """Keep ``play`` under ``key`` in one of the tables above, within their bound, when
    every one of ``cards`` is kept for good (a play of a card swept when nothing holds it
    would hold the card)."""
    if len(table) < _MAX_FACED and all(map(kept_for_good, cards)):
        table[key] = play


def as_listed(state: GameState, move: Move) -> Move:
    """``move`` as ``legal_moves`` would list it at ``state``: on a table of two-sided
    cards, a play that names cards of the hand (by face or by ``LIGHT/DARK`` text) is
    written by the faces those cards show (:func:`by_faces`); any other move, and a play
    naming cards the hand does not hold, as it is."""
    if type(move) is not Play or state.discard is None or state.discard[0].other is None:
        return move
    seat = move.seat
    if type(seat) is not int or not 0 <= seat < state.players:
        return move
    named = resolve_cards(state, move)
    hand = state.hands[seat]
    if named.card not in hand or any(c not in hand for c in named.extra):
        return move
    return by_faces((named,))[0]
