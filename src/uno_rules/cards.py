"""Cards, colors and their text notation (B1; ``docs/formats.md``).

Canonical texts: ``R0``..``B9``, ``Rskip``, ``Rrev``, ``R+2``, ``W``, ``W+4``, ``WSH``,
``WSW``, ``WC``, ``BLANK``. Parsing is case-insensitive and also accepts the long forms
``R-skip``, ``R-reverse``, ``R-draw2`` and color words (``red5``, ``red-skip``).

>>> Card.parse("g+2")
Card.parse('G+2')
>>> str(Card.parse("r-reverse"))
'Rrev'
>>> parse_cards("R5 W+4")
(Card.parse('R5'), Card.parse('W+4'))
"""

from __future__ import annotations

from enum import StrEnum
from types import FunctionType
from typing import ClassVar, Final

from ._budget import brief
from .errors import NotationError
from .kinds import CardKind, KindDataError, bundled_card_data

__all__ = [
    "COLORS",
    "KINDS",
    "Card",
    "Color",
    "Rank",
    "classic_deck",
    "deck_cards",
    "parse_cards",
    "parse_color",
]


class Color(StrEnum):
    """The four card colors. ``Color.parse`` accepts ``red``, ``R``, any case."""

    RED = "red"
    YELLOW = "yellow"
    GREEN = "green"
    BLUE = "blue"

    @property
    def letter(self) -> str:
        return self.value[0].upper()

    @classmethod
    def parse(cls, text: str) -> Color:
        return parse_color(text)


COLORS: tuple[Color, ...] = (Color.RED, Color.YELLOW, Color.GREEN, Color.BLUE)

_COLOR_WORDS: dict[str, Color] = {}
for _c in COLORS:
    _COLOR_WORDS[_c.value] = _c
    _COLOR_WORDS[_c.value[0]] = _c


def parse_color(text: object) -> Color:
    """Read a color word or letter (``red``, ``R``, ``Blue``)."""
    if isinstance(text, Color):
        return text
    if not isinstance(text, str):
        raise NotationError(brief(text), "a color: red, yellow, green, blue (or R, Y, G, B)")
    color = _COLOR_WORDS.get(text.strip().lower())
    if color is None:
        raise NotationError(text, "a color: red, yellow, green, blue (or R, Y, G, B)")
    return color


class Rank(StrEnum):
    """What a card is, apart from its color: a number, an action symbol, or a wild kind.
    Each rank names one card kind (:attr:`kind`, read from ``data/cards.json``: its name,
    points, draw value and effect; :mod:`uno_rules.kinds`)."""

    ZERO = "0"
    ONE = "1"
    TWO = "2"
    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    SKIP = "skip"
    REVERSE = "rev"
    DRAW_TWO = "+2"
    WILD = "W"
    WILD_DRAW_FOUR = "W+4"
    WILD_SHUFFLE_HANDS = "WSH"
    WILD_SWAP_HANDS = "WSW"
    WILD_CUSTOMIZABLE = "WC"
    BLANK = "BLANK"
    # UNO Show 'Em No Mercy (N10-N15)
    DRAW_FOUR = "+4"
    SKIP_EVERYONE = "skipall"
    DISCARD_ALL = "discardall"
    WILD_DRAW_SIX = "W+6"
    WILD_DRAW_TEN = "W+10"
    WILD_REVERSE_DRAW_FOUR = "Wrev+4"
    WILD_COLOR_ROULETTE = "Wroulette"

    @property
    def kind(self) -> CardKind:
        """The card kind this rank names."""
        return KINDS[self]

    @property
    def is_number(self) -> bool:
        return self.value.isdigit()

    @property
    def is_action(self) -> bool:
        """A colored card with a symbol (B1.3): Skip, Reverse, Draw Two, and No Mercy's
        Draw Four, Skip Everyone and Discard All."""
        return self in _ACTIONS

    @property
    def is_wild(self) -> bool:
        """A card without a color (B1.3): every wild kind and the blank card."""
        return self in _WILDS


def _kinds() -> dict[Rank, CardKind]:
    found = {Rank(kind.rank): kind for kind in CARD_DATA.kinds}
    missing = [r.value for r in Rank if r not in found]
    if missing:  # pragma: no cover - the bundled data is checked by the tests
        raise KindDataError([f"kinds: no kind for rank {r!r}" for r in missing])
    return found


CARD_DATA: Final = bundled_card_data()
#: Every rank's card kind (``data/cards.json``).
KINDS: Final[dict[Rank, CardKind]] = _kinds()
_ACTIONS = frozenset(r for r, k in KINDS.items() if k.is_action)
_WILDS = frozenset(r for r, k in KINDS.items() if k.wild)
NUMBER_RANKS: tuple[Rank, ...] = tuple(r for r in Rank if r.is_number)

_CARD_EXPECTED = (
    "a card such as R5, Gskip, Brev, Y+2, W, W+4, WSH, WSW, WC or BLANK "
    "(color letter or word, then 0-9, skip, rev/reverse or +2/draw2)"
)

_RANK_WORDS: dict[str, Rank] = {}
_WILD_WORDS: dict[str, Rank] = {}
for _rank, _kind in KINDS.items():
    _words = _WILD_WORDS if _kind.wild else _RANK_WORDS
    for _text in (_kind.rank.lower(), *_kind.aliases):
        _words[_text] = _rank


class Card:
    """One card: a ``rank`` and, unless it is wild, a ``color`` (B1.3).

    Cards are immutable values; ``Card.parse(str(card)) == card``. Build them with
    :meth:`parse` or ``Card(Color.RED, Rank.FIVE)``; a wild with a color, or a colored
    rank without one, is a :class:`~uno_rules.NotationError`.

    There is one object per distinct card (``Card(Color.RED, Rank.FIVE) is
    Card.parse("R5")``), so comparing and hashing cards costs no more than comparing
    object identities: the engine does both on every move.
    """

    __slots__ = ("color", "kind", "rank")
    color: Color | None
    rank: Rank
    kind: CardKind

    _interned: ClassVar[dict[tuple[object, object], Card]] = {}
    _cache: ClassVar[dict[str, Card]] = {}

    # ``object``, not ``Color | None`` and ``Rank``: the compiled build checks declared
    # argument types itself, and a wrong one must be a NotationError, not a TypeError.
    def __new__(cls, color: object, rank: object) -> Card:
        if not isinstance(rank, Rank):
            raise NotationError(brief(rank), "a Rank")
        if rank.is_wild:
            if color is not None:
                shown = color if isinstance(color, Color) else brief(color)
                raise NotationError(f"{shown} {rank}", "a wild card without a color")
        elif not isinstance(color, Color):
            raise NotationError(str(rank), "a colored card with one of the four colors")
        found = cls._interned.get((color, rank))
        if found is not None:
            return found
        card = super().__new__(cls)
        object.__setattr__(card, "color", color)
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "kind", KINDS[rank])
        cls._interned[(color, rank)] = card
        return card

    def __hash__(self) -> int:
        # One object per distinct card: identity is equality. Stated because a compiled
        # class that orders its objects (``__lt__``) inherits no hash; the pure package puts
        # object's own back after the class (a hash written in Python costs a call).
        return id(self) >> 4  # pragma: no cover - the compiled build's (see below)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a Card is immutable")

    def __reduce__(self) -> tuple[type[Card], tuple[Color | None, Rank]]:
        return (Card, (self.color, self.rank))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    @classmethod
    def parse(cls, text: object) -> Card:
        """Read one card; raises :class:`~uno_rules.NotationError` on bad text."""
        if isinstance(text, Card):
            return text
        if not isinstance(text, str):
            raise NotationError(brief(text), _CARD_EXPECTED)
        hit = cls._cache.get(text)
        if hit is not None:
            return hit
        card = _parse_card(text)
        if len(cls._cache) < 4096:
            cls._cache[text] = card
        return card

    @property
    def is_wild(self) -> bool:
        return self.color is None

    @property
    def number(self) -> int | None:
        """The face number of a number card, else ``None``."""
        return self.kind.number

    @property
    def name(self) -> str:
        """The card in words, as people name it: ``blue 1``, ``green Reverse``, ``red Draw
        Two``, ``Wild Draw Four``. Sentences for people use it rather than the notation,
        which could be taken for a clause id (``B7`` the card, ``B7.3`` the clause)."""
        name = self.kind.name
        return name if self.color is None else f"{self.color.value} {name}"

    @property
    def points(self) -> int:
        """Standard points (B10.5), as its kind gives them: face value, 20 for actions, 50
        for W and W+4, 40 for the 112-card extras, 50 for No Mercy's wilds (N16). A blank
        card scores 0 until a preset gives it a value."""
        return self.kind.points

    def __str__(self) -> str:
        if self.color is None:
            return self.rank.value
        return self.color.letter + self.rank.value

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def __lt__(self, other: object) -> bool:
        """Cards sort by color (red, yellow, green, blue), then rank, wilds last; a card
        and anything else do not compare (``TypeError``, as for other unlike values)."""
        if type(other) is not Card:
            return NotImplemented
        return _SORT_KEY[self] < _SORT_KEY[other]

    def _repr_svg_(self) -> str:
        """The card as an SVG picture (notebooks show it)."""
        # display hook: the picture module loads only when a notebook draws a card
        from .svg import card_svg

        return card_svg(self)

    def _repr_html_(self) -> str:
        return self._repr_svg_()


if isinstance(vars(Card).get("__hash__"), FunctionType):  # the pure package
    Card.__hash__ = object.__hash__  # type: ignore[method-assign]


def _parse_card(text: str) -> Card:
    raw = text.strip().lower()
    wild = _WILD_WORDS.get(raw)
    if wild is not None:
        return Card(None, wild)
    for word, color in sorted(_COLOR_WORDS.items(), key=lambda kv: -len(kv[0])):
        if raw.startswith(word) and len(raw) > len(word):
            rest = raw[len(word) :]
            if rest.startswith("-"):
                rest = rest[1:]
            rank = _RANK_WORDS.get(rest)
            if rank is not None:
                return Card(color, rank)
    raise NotationError(text, _CARD_EXPECTED)


def parse_cards(text: object) -> tuple[Card, ...]:
    """Read cards separated by spaces or commas: ``parse_cards("R5 G+2 W")``."""
    if not isinstance(text, str):
        raise NotationError(brief(text), "card texts separated by spaces")
    return tuple(Card.parse(t) for t in text.replace(",", " ").split())


def classic_deck() -> tuple[Card, ...]:
    """The 108-card deck of B1.1 in a fixed canonical order."""
    return _CLASSIC


def deck_cards(name: str) -> tuple[Card, ...]:
    """A bundled deck (``data/cards.json``: ``classic-108``, ``no-mercy-168``) in its
    canonical order: each color in turn (red, yellow, green, blue) with its kinds in the
    listed order and counts, then the wild kinds."""
    per_color, wild = CARD_DATA.decks[name]
    cards: list[Card] = []
    for color in COLORS:
        for rank, count in per_color:
            cards.extend([Card(color, Rank(rank))] * count)
    for rank, count in wild:
        cards.extend([Card(None, Rank(rank))] * count)
    return tuple(cards)


_CLASSIC = deck_cards("classic-108")
_ALL_FACES: tuple[Card, ...] = tuple(
    [Card(c, r) for c in COLORS for r in Rank if not r.is_wild]
    + [Card(None, r) for r in Rank if r.is_wild]
)
_SORT_KEY: dict[Card, int] = {card: i for i, card in enumerate(_ALL_FACES)}
