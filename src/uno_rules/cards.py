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
from .kinds import (
    COLOR_PREFIXES,
    COLORED_TEXTS,
    WILD_TEXTS,
    CardKind,
    KindDataError,
    Rank,
    bundled_card_data,
    register_kind,
)

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
_COLOR_WORDS_LONGEST_FIRST = sorted(_COLOR_WORDS.items(), key=lambda kv: -len(kv[0]))


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


def _bundled_ranks() -> dict[Rank, CardKind]:
    """Register the bundled kinds (``data/cards.json``) and bind the ``Rank`` constants:
    a kind's ``id`` in capitals, the number words for the numbers."""
    COLOR_PREFIXES.update(_COLOR_WORDS)
    found: dict[Rank, CardKind] = {}
    for kind in CARD_DATA.kinds:
        rank = register_kind(kind)
        found[rank] = kind
        constant = _NUMBER_WORDS[kind.number] if kind.number is not None else kind.id.upper()
        setattr(Rank, constant, rank)
    unbound = [n for n in Rank.__annotations__ if n.isupper() and not hasattr(Rank, n)]
    if unbound:  # pragma: no cover - the bundled data is checked by the tests
        raise KindDataError([f"kinds: no kind for Rank.{name}" for name in unbound])
    return found


_NUMBER_WORDS = ("ZERO", "ONE", "TWO", "THREE", "FOUR", "FIVE", "SIX", "SEVEN", "EIGHT", "NINE")
CARD_DATA: Final = bundled_card_data()
#: The bundled ranks' card kinds (``data/cards.json``); a rule set's own kinds are
#: reached through their ranks (``rank.kind``).
KINDS: Final[dict[Rank, CardKind]] = _bundled_ranks()
NUMBER_RANKS: tuple[Rank, ...] = tuple(r for r in Rank if r.is_number)

_CARD_EXPECTED = (
    "a card such as R5, Gskip, Brev, Y+2, W, W+4, WSH, WSW, WC or BLANK "
    "(color letter or word, then 0-9, skip, rev/reverse or +2/draw2)"
)


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
        object.__setattr__(card, "kind", rank.kind)
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
        return _sort_key(self) < _sort_key(other)

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
    wild = WILD_TEXTS.get(raw)
    if wild is not None:
        return Card(None, wild)
    for word, color in _COLOR_WORDS_LONGEST_FIRST:
        if raw.startswith(word) and len(raw) > len(word):
            rest = raw[len(word) :]
            if rest.startswith("-"):
                rest = rest[1:]
            rank = COLORED_TEXTS.get(rest)
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
_SORT_KEY: dict[Card, tuple[int, int]] = {}
_RANK_ORDER: dict[Rank, int] = {}


def _sort_key(card: Card) -> tuple[int, int]:
    """Colors in order (red, yellow, green, blue), then wilds; within each, the ranks in the
    order their kinds became known (the bundled data's order first)."""
    key = _SORT_KEY.get(card)
    if key is None:
        if not _RANK_ORDER or card.rank not in _RANK_ORDER:
            _RANK_ORDER.clear()
            _RANK_ORDER.update((rank, i) for i, rank in enumerate(Rank))
        color = len(COLORS) if card.color is None else COLORS.index(card.color)
        key = _SORT_KEY[card] = (color, _RANK_ORDER[card.rank])
    return key
