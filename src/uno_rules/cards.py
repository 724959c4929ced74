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
from typing import ClassVar

from ._budget import brief
from .errors import NotationError

__all__ = ["COLORS", "Card", "Color", "Rank", "classic_deck", "parse_cards", "parse_color"]


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
    """What a card is, apart from its color: a number, an action symbol, or a wild kind."""

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

    @property
    def is_number(self) -> bool:
        return self.value.isdigit()

    @property
    def is_action(self) -> bool:
        """Skip, Reverse or Draw Two: a colored card with a symbol (B1.3)."""
        return self in _ACTIONS

    @property
    def is_wild(self) -> bool:
        """A card without a color (B1.3): every wild kind and the blank card."""
        return self in _WILDS


_ACTIONS = frozenset({Rank.SKIP, Rank.REVERSE, Rank.DRAW_TWO})
_WILDS = frozenset(
    {
        Rank.WILD,
        Rank.WILD_DRAW_FOUR,
        Rank.WILD_SHUFFLE_HANDS,
        Rank.WILD_SWAP_HANDS,
        Rank.WILD_CUSTOMIZABLE,
        Rank.BLANK,
    }
)
NUMBER_RANKS: tuple[Rank, ...] = tuple(r for r in Rank if r.is_number)
ACTION_RANKS: tuple[Rank, ...] = (Rank.SKIP, Rank.REVERSE, Rank.DRAW_TWO)

_CARD_EXPECTED = (
    "a card such as R5, Gskip, Brev, Y+2, W, W+4, WSH, WSW, WC or BLANK "
    "(color letter or word, then 0-9, skip, rev/reverse or +2/draw2)"
)

_RANK_WORDS: dict[str, Rank] = {r.value: r for r in NUMBER_RANKS}
_RANK_WORDS.update(
    {
        "skip": Rank.SKIP,
        "s": Rank.SKIP,
        "rev": Rank.REVERSE,
        "reverse": Rank.REVERSE,
        "r": Rank.REVERSE,
        "+2": Rank.DRAW_TWO,
        "draw2": Rank.DRAW_TWO,
        "d2": Rank.DRAW_TWO,
    }
)
_WILD_WORDS: dict[str, Rank] = {
    "w": Rank.WILD,
    "wild": Rank.WILD,
    "w+4": Rank.WILD_DRAW_FOUR,
    "wd4": Rank.WILD_DRAW_FOUR,
    "wild+4": Rank.WILD_DRAW_FOUR,
    "wsh": Rank.WILD_SHUFFLE_HANDS,
    "wsw": Rank.WILD_SWAP_HANDS,
    "wc": Rank.WILD_CUSTOMIZABLE,
    "blank": Rank.BLANK,
}


class Card:
    """One card: a ``rank`` and, unless it is wild, a ``color`` (B1.3).

    Cards are immutable values; ``Card.parse(str(card)) == card``. Build them with
    :meth:`parse` or ``Card(Color.RED, Rank.FIVE)``; a wild with a color, or a colored
    rank without one, is a :class:`~uno_rules.NotationError`.

    There is one object per distinct card (``Card(Color.RED, Rank.FIVE) is
    Card.parse("R5")``), so comparing and hashing cards costs no more than comparing
    object identities: the engine does both on every move.
    """

    __slots__ = ("color", "rank")
    color: Color | None
    rank: Rank

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
        return int(self.rank.value) if self.rank.is_number else None

    @property
    def name(self) -> str:
        """The card in words, as people name it: ``blue 1``, ``green Reverse``, ``red Draw
        Two``, ``Wild Draw Four``. Sentences for people use it rather than the notation,
        which could be taken for a clause id (``B7`` the card, ``B7.3`` the clause)."""
        rank = _RANK_NAMES.get(self.rank, self.rank.value)
        return rank if self.color is None else f"{self.color.value} {rank}"

    @property
    def points(self) -> int:
        """Standard points (B10.5): face value, 20 for actions, 50 for W and W+4,
        40 for the 112-card extras. A blank card scores 0 until a preset gives it a value."""
        return _POINTS[self.rank]

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
        from .svg import card_svg

        return card_svg(self)

    def _repr_html_(self) -> str:
        return self._repr_svg_()


if isinstance(vars(Card).get("__hash__"), FunctionType):  # the pure package
    Card.__hash__ = object.__hash__  # type: ignore[method-assign]

_RANK_NAMES = {
    Rank.SKIP: "Skip",
    Rank.REVERSE: "Reverse",
    Rank.DRAW_TWO: "Draw Two",
    Rank.WILD: "Wild",
    Rank.WILD_DRAW_FOUR: "Wild Draw Four",
    Rank.WILD_SHUFFLE_HANDS: "Wild Shuffle Hands",
    Rank.WILD_SWAP_HANDS: "Wild Swap Hands",
    Rank.WILD_CUSTOMIZABLE: "Wild Customizable",
    Rank.BLANK: "blank card",
}

_POINTS: dict[Rank, int] = {r: int(r.value) for r in NUMBER_RANKS}
_POINTS.update({r: 20 for r in ACTION_RANKS})
_POINTS.update({Rank.WILD: 50, Rank.WILD_DRAW_FOUR: 50})
_POINTS.update({Rank.WILD_SHUFFLE_HANDS: 40, Rank.WILD_SWAP_HANDS: 40, Rank.WILD_CUSTOMIZABLE: 40})
_POINTS[Rank.BLANK] = 0


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


def _build_classic() -> tuple[Card, ...]:
    cards: list[Card] = []
    for color in COLORS:
        cards.append(Card(color, Rank.ZERO))
        for rank in NUMBER_RANKS[1:] + ACTION_RANKS:
            cards.extend((Card(color, rank), Card(color, rank)))
    cards.extend(Card(None, Rank.WILD) for _ in range(4))
    cards.extend(Card(None, Rank.WILD_DRAW_FOUR) for _ in range(4))
    return tuple(cards)


_CLASSIC = _build_classic()
_ALL_FACES: tuple[Card, ...] = tuple(
    [Card(c, r) for c in COLORS for r in NUMBER_RANKS + ACTION_RANKS]
    + [Card(None, r) for r in Rank if r.is_wild]
)
_SORT_KEY: dict[Card, int] = {card: i for i, card in enumerate(_ALL_FACES)}
