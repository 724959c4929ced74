"""Cards, colors and their text notation (B1; ``docs/formats.md``).

Canonical texts: ``R0``..``B9``, ``Rskip``, ``Rrev``, ``R+2``, ``W``, ``W+4``, ``WSH``,
``WSW``, ``WC``, ``BLANK``. Parsing is case-insensitive and also accepts the long forms
``R-skip``, ``R-reverse``, ``R-draw2`` and color words (``red5``, ``red-skip``).

UNO Flip (``docs/flip.md``) adds the dark side's colors pink, teal, orange and purple
(``P``, ``T``, ``O``, ``V``), its kinds (``R+1``, ``Rflip``, ``T+5``, ``W+2``,
``W+color``) and two-sided cards, written ``LIGHT/DARK`` (``R5/T7``): the face in play
is the card's ``color`` and ``rank``, its ``other`` face is the one turned away.

>>> card = Card.parse("R5/T7")
>>> card.color, card.other
(<Color.RED: 'red'>, Card.parse('T7'))
>>> card.flipped.color, str(card.flipped)
(<Color.TEAL: 'teal'>, 'R5/T7')

>>> Card.parse("g+2")
Card.parse('G+2')
>>> str(Card.parse("r-reverse"))
'Rrev'
>>> parse_cards("R5 W+4")
(Card.parse('R5'), Card.parse('W+4'))
"""

from __future__ import annotations

import threading
from enum import StrEnum
from types import FunctionType
from typing import ClassVar, Final

from ._budget import brief, drop_unreferenced
from .errors import NotationError
from .i18n import N_
from .kinds import (
    BUNDLED_ORDER,
    COLOR_PREFIXES,
    COLORED_TEXTS,
    WILD_TEXTS,
    CardKind,
    KindDataError,
    Rank,
    bundled_card_data,
    rank_order,
    register_kind,
)

__all__ = [
    "COLORS",
    "DARK_COLORS",
    "KINDS",
    "Card",
    "Color",
    "Rank",
    "classic_deck",
    "deck_cards",
    "kept_for_good",
    "parse_any_color",
    "parse_cards",
    "parse_color",
    "side_colors",
]


class Color(StrEnum):
    """The card colors: the four of the classic deck (:data:`COLORS`) and UNO Flip's dark
    side's four (:data:`DARK_COLORS`, F1). ``Color.parse`` accepts any color's value or
    letter, any case (``red``, ``R``, ``teal``, ``T``; ``V`` for purple), as
    :func:`parse_any_color` does; :func:`parse_color` reads the classic four only (a wild's
    color in a classic game). Which colors a play may name is the game's to judge (F1)."""

    RED = "red"
    YELLOW = "yellow"
    GREEN = "green"
    BLUE = "blue"
    # UNO Flip's dark side (F1)
    PINK = "pink"
    TEAL = "teal"
    ORANGE = "orange"
    PURPLE = "purple"

    @property
    def letter(self) -> str:
        """The letter of the notation: the first of the word, but ``V`` for purple (the
        ``P`` is pink's)."""
        return "V" if self.value == "purple" else self.value[0].upper()

    @classmethod
    def parse(cls, text: str) -> Color:
        return parse_any_color(text)


COLORS: tuple[Color, ...] = (Color.RED, Color.YELLOW, Color.GREEN, Color.BLUE)
#: UNO Flip's dark side's colors (F1), in the order of its sheet.
DARK_COLORS: tuple[Color, ...] = (Color.PINK, Color.TEAL, Color.ORANGE, Color.PURPLE)

_COLOR_WORDS: dict[str, Color] = {}
for _c in COLORS:
    _COLOR_WORDS[_c.value] = _c
    _COLOR_WORDS[_c.value[0]] = _c
# a card's color: the dark side's too (a color named for a wild stays one of the four)
_CARD_COLOR_WORDS: dict[str, Color] = dict(_COLOR_WORDS)
for _c in DARK_COLORS:
    _CARD_COLOR_WORDS[_c.value] = _c
    _CARD_COLOR_WORDS[_c.letter.lower()] = _c
_COLOR_PREFIXES = sorted(_CARD_COLOR_WORDS.items(), key=lambda kv: -len(kv[0]))


def side_colors(card: Card) -> tuple[Color, ...]:
    """The colors a wild may be given on the side ``card`` shows (F1): the dark side's
    while a two-sided card shows its dark face, else the classic four."""
    return DARK_COLORS if card.dark else COLORS


def parse_color(text: object) -> Color:
    """Read a color word or letter (``red``, ``R``, ``Blue``)."""
    if isinstance(text, Color):
        return text
    if not isinstance(text, str):
        raise NotationError(brief(text), _COLOR_EXPECTED)
    color = _COLOR_WORDS.get(text.strip().lower())
    if color is None:
        raise NotationError(text, _COLOR_EXPECTED)
    return color


_COLOR_EXPECTED = N_("a color: red, yellow, green, blue (or R, Y, G, B)")
_ANY_COLOR_EXPECTED = N_(
    "a color: red, yellow, green, blue (R, Y, G, B), or on UNO Flip's dark side pink, teal, "
    "orange, purple (P, T, O, V)"
)


def parse_any_color(text: object) -> Color:
    """Read a color of either side of UNO Flip's cards (F1): the classic four or the dark
    side's (``pink``, ``T``). Where a game's side is known (a color to name, a two-sided
    card's play, a snapshot), the game refuses a color of the other side."""
    if isinstance(text, Color):
        return text
    if not isinstance(text, str):
        raise NotationError(brief(text), _ANY_COLOR_EXPECTED)
    color = _CARD_COLOR_WORDS.get(text.strip().lower())
    if color is None:
        raise NotationError(text, _ANY_COLOR_EXPECTED)
    return color


def _bundled_ranks() -> dict[Rank, CardKind]:
    """Register the bundled kinds (``data/cards.json``) and bind the ``Rank`` constants:
    a kind's ``id`` in capitals, the number words for the numbers."""
    COLOR_PREFIXES.update(_CARD_COLOR_WORDS)  # the dark side's too (F1)
    found: dict[Rank, CardKind] = {}
    for kind in CARD_DATA.kinds:
        rank = register_kind(kind)
        BUNDLED_ORDER.setdefault(kind.rank, len(BUNDLED_ORDER))
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

_CARD_EXPECTED = N_(
    "a card such as R5, Gskip, Brev, Y+2, W, W+4, WSH, WSW, WC or BLANK "
    "(color letter or word, then 0-9, skip, rev/reverse or +2/draw2)"
)
#: How a card is written, as the error of a card that cannot be read says it (a move's
#: error quotes it too).
CARD_EXPECTED: Final = _CARD_EXPECTED


class Card:
    """One card: a ``rank`` and, unless it is wild, a ``color`` (B1.3).

    Cards are immutable values; ``Card.parse(str(card)) == card``. Build them with
    :meth:`parse` or ``Card(Color.RED, Rank.FIVE)``; a wild with a color, or a colored
    rank without one, is a :class:`~uno_rules.NotationError`.

    A two-sided card (UNO Flip, F1) is the face in play (``color``, ``rank``, ``kind``:
    what the engine reads) with its ``other`` face, a one-sided card; ``dark`` says
    whether the face in play is the dark one. It is written ``LIGHT/DARK`` whichever side
    is in play (``R5/T7``), and :attr:`flipped` is the same card turned over. A one-sided
    card's ``other`` is ``None``.

    There is one object per distinct card (``Card(Color.RED, Rank.FIVE) is
    Card.parse("R5")``), so comparing and hashing cards costs no more than comparing
    object identities: the engine does both on every move. The one-sided cards and the
    two-sided cards of the bundled decks are kept for the process's life (their number is
    bounded by the kinds); any other two-sided card (a pairing no deck prints, such as one
    a refused snapshot names) is kept only while something holds it.
    """

    __slots__ = ("_face", "_flipped", "_order", "color", "dark", "kind", "other", "rank")
    color: Color | None
    rank: Rank
    kind: CardKind
    other: Card | None
    dark: bool
    # the sort key of a card not kept for good (``_sort_key``), kept with the card itself
    _order: tuple[int, tuple[int, int, str], int, tuple[int, int, str]] | None
    # a two-sided card's face in play and the card turned over, found once: the face (a
    # one-sided card, kept for good) for every card, the turned card only for a card kept
    # for good (a card swept when nothing holds it must not hold another, nor be held)
    _face: Card | None
    _flipped: Card | None

    _interned: ClassVar[dict[tuple[object, ...], Card]] = {}
    # two-sided cards of no bundled deck's pairs: swept (``_keep_loose``), not kept for ever
    _loose: ClassVar[dict[tuple[object, ...], Card]] = {}
    _cache: ClassVar[dict[str, Card]] = {}

    # ``object``, not ``Color | None`` and ``Rank``: the compiled build checks declared
    # argument types itself, and a wrong one must be a NotationError, not a TypeError.
    def __new__(
        cls, color: object, rank: object, other: object = None, dark: object = False
    ) -> Card:
        if not isinstance(rank, Rank):
            raise NotationError(brief(rank), "a Rank")
        if rank.is_wild:
            if color is not None:
                shown = color if isinstance(color, Color) else brief(color)
                raise NotationError(f"{shown} {rank}", "a wild card without a color")
        elif not isinstance(color, Color):
            raise NotationError(str(rank), "a colored card with one of the four colors")
        if other is not None and (not isinstance(other, Card) or other.other is not None):
            raise NotationError(brief(other), "the other face: a one-sided card")
        if type(dark) is not bool:
            raise NotationError(brief(dark), "dark: true or false")
        key: tuple[object, ...] = (color, rank) if other is None else (color, rank, other, dark)
        found = cls._interned.get(key)
        if found is not None:
            return found
        # A card made for the first time, or one of no deck: one thread at a time, so that
        # two threads never make two objects of one card, nor a sweep drops a card that
        # another thread has just found.
        with _INTERN_LOCK:
            found = cls._interned.get(key)
            if found is not None:
                return found
            kept = other is None or key in _PAIR_KEYS
            if not kept:
                found = cls._loose.get(key)
                if found is not None:
                    return found
            card = super().__new__(cls)
            object.__setattr__(card, "color", color)
            object.__setattr__(card, "rank", rank)
            object.__setattr__(card, "kind", rank.kind)
            object.__setattr__(card, "other", other)
            object.__setattr__(card, "dark", dark if other is not None else False)
            object.__setattr__(card, "_order", None)
            object.__setattr__(card, "_face", None)
            object.__setattr__(card, "_flipped", None)
            if kept:
                cls._interned[key] = card
            else:
                _keep_loose(key, card)
            return card

    def __hash__(self) -> int:
        # One object per distinct card: identity is equality. Stated because a compiled
        # class that orders its objects (``__lt__``) inherits no hash; the pure package puts
        # object's own back after the class (a hash written in Python costs a call).
        return id(self) >> 4  # pragma: no cover - the compiled build's (see below)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a Card is immutable")

    def __reduce__(self) -> tuple[type[Card], tuple[object, ...]]:
        if self.other is None:
            return (Card, (self.color, self.rank))
        return (Card, (self.color, self.rank, self.other, self.dark))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    @classmethod
    def forget_ranks(cls, ranks: frozenset[str]) -> None:
        """Drop the cards of ``ranks`` (kinds a refused preset registered, K4) from the
        interned cards and the parse cache: a card with such a face, in play or not."""

        def gone(card: Card) -> bool:
            other = card.other
            return card.rank.value in ranks or (other is not None and other.rank.value in ranks)

        for table in (cls._interned, cls._loose):
            for key in [k for k, c in table.items() if gone(c)]:
                del table[key]
        for text in [t for t, c in cls._cache.items() if gone(c)]:
            del cls._cache[text]
        for card in [c for c in _SORT_KEY if gone(c)]:
            del _SORT_KEY[card]

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
        card = _parse_two_sided(text) if "/" in text else _parse_card(text)
        # no padded text kept for long, nor a two-sided card of no deck (it would live on)
        if len(cls._cache) < 4096 and len(text) <= 24 and kept_for_good(card):
            cls._cache[text] = card
        return card

    @property
    def is_wild(self) -> bool:
        return self.color is None

    @property
    def face(self) -> Card:
        """The face in play as a one-sided card (the card itself when it is one-sided)."""
        if self.other is None:
            return self
        face = self._face
        if face is None:
            face = Card(self.color, self.rank)
            object.__setattr__(self, "_face", face)
        return face

    @property
    def flipped(self) -> Card:
        """The card turned over (F2): its other face in play; a one-sided card itself."""
        other = self.other
        if other is None:
            return self
        turned = self._flipped
        if turned is None:
            turned = Card(other.color, other.rank, self.face, not self.dark)
            if kept_for_good(self):
                object.__setattr__(self, "_flipped", turned)
        return turned

    @property
    def number(self) -> int | None:
        """The face number of a number card, else ``None``."""
        return self.kind.number

    @property
    def name(self) -> str:
        """The card in words, as people name it: ``blue 1``, ``green Reverse``, ``red Draw
        Two``, ``Wild Draw Four``. Sentences for people use it rather than the notation,
        which could be taken for a clause id (``B7`` the card, ``B7.3`` the clause). A
        two-sided card is named by its face in play."""
        name = self.kind.name
        return name if self.color is None else f"{self.color.value} {name}"

    @property
    def points(self) -> int:
        """Standard points (B10.5), as its kind gives them: face value, 20 for actions, 50
        for W and W+4, 40 for the 112-card extras, 50 for No Mercy's wilds (N16). A blank
        card scores 0 until a preset gives it a value. (A deck may score kinds its own way:
        ``uno_rules.rules.scoring.card_points``, F9.)"""
        return self.kind.points

    def __str__(self) -> str:
        other = self.other
        text = self.rank.value if self.color is None else self.color.letter + self.rank.value
        if other is None:
            return text
        return f"{other}/{text}" if self.dark else f"{text}/{other}"

    def __repr__(self) -> str:
        if self.dark:
            return f"Card.parse({str(self)!r}).flipped"
        return f"Card.parse({str(self)!r})"

    def __lt__(self, other: object) -> bool:
        """Cards sort by color (red, yellow, green, blue, then the dark side's), then rank,
        wilds last; a two-sided card by its face in play, then its other face; a card and
        anything else do not compare (``TypeError``, as for other unlike values)."""
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

_INTERN_LOCK: Final = threading.Lock()
# The loose table is swept when it reaches this many cards, then when it doubles.
_LOOSE_SWEEP: Final = 4096
_loose_limit = [_LOOSE_SWEEP]


def _keep_loose(key: tuple[object, ...], card: Card) -> None:
    """Intern a two-sided card of no bundled deck's pairs in ``Card._loose``: one object
    while anything holds it, dropped once nothing does (a sweep when the table has doubled
    since the last, so the cost per card stays constant)."""
    loose = Card._loose
    if len(loose) >= _loose_limit[0]:
        drop_unreferenced(loose)
        _loose_limit[0] = max(_LOOSE_SWEEP, 2 * len(loose))
    loose[key] = card


def kept_for_good(card: Card) -> bool:
    """Whether ``card`` is kept for the process's life: one-sided, or of a bundled deck
    (a table that keeps cards may keep these, and no others)."""
    return card.other is None or (card.color, card.rank, card.other, card.dark) in _PAIR_KEYS


_LIGHT_COLORS = frozenset(COLORS)
_TWO_SIDED_EXPECTED = (
    "a two-sided card LIGHT/DARK such as R5/T7: a light face (red, yellow, green, blue or "
    "a wild), then a dark face (pink, teal, orange, purple or a wild)"
)


def _parse_two_sided(text: str) -> Card:
    """``LIGHT/DARK`` (F1): the light face in play."""
    light_text, _, dark_text = text.partition("/")
    if "/" in dark_text:
        raise NotationError(text, _TWO_SIDED_EXPECTED)
    try:
        light, dark = _parse_card(light_text), _parse_card(dark_text)
    except NotationError:
        raise NotationError(text, _TWO_SIDED_EXPECTED) from None
    if (light.color is not None and light.color not in _LIGHT_COLORS) or (
        dark.color is not None and dark.color in _LIGHT_COLORS
    ):
        raise NotationError(text, _TWO_SIDED_EXPECTED)
    return Card(light.color, light.rank, dark, False)


def _parse_card(text: str) -> Card:
    raw = text.strip().lower()
    wild = WILD_TEXTS.get(raw)
    if wild is not None:
        return Card(None, wild)
    for word, color in _COLOR_PREFIXES:
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
    """A bundled deck (``data/cards.json``: ``classic-108``, ``no-mercy-168``,
    ``flip-112``) in its canonical order: each color in turn (red, yellow, green, blue)
    with its kinds in the listed order and counts, then the wild kinds; a deck of
    two-sided cards as its pairs are listed, light side in play (F1)."""
    pairs = CARD_DATA.pairs.get(name)
    if pairs is not None:
        return tuple(_parse_two_sided(text) for text in pairs)
    per_color, wild = CARD_DATA.decks[name]
    cards: list[Card] = []
    for color in COLORS:
        for rank, count in per_color:
            cards.extend([Card(color, Rank(rank))] * count)
    for rank, count in wild:
        cards.extend([Card(None, Rank(rank))] * count)
    return tuple(cards)


def _pair_keys() -> frozenset[tuple[object, ...]]:
    """The interning keys of the bundled decks' two-sided cards (F1), either side in play."""
    keys: set[tuple[object, ...]] = set()
    for pairs in CARD_DATA.pairs.values():
        for text in pairs:
            light_text, _, dark_text = text.partition("/")
            light, dark = _parse_card(light_text), _parse_card(dark_text)
            keys.add((light.color, light.rank, dark, False))
            keys.add((dark.color, dark.rank, light, True))
    return frozenset(keys)


_PAIR_KEYS: Final = _pair_keys()
_CLASSIC = deck_cards("classic-108")
_ALL_FACES: tuple[Card, ...] = tuple(
    [Card(c, r) for c in (*COLORS, *DARK_COLORS) for r in Rank if not r.is_wild]
    + [Card(None, r) for r in Rank if r.is_wild]
)
_SortKey = tuple[int, tuple[int, int, str], int, tuple[int, int, str]]
_SORT_KEY: dict[Card, _SortKey] = {}
_SORT_COLORS = (*COLORS, *DARK_COLORS)
_NO_BACK = (-1, 0, "")


def _sort_key(card: Card) -> _SortKey:
    """Colors in order (red, yellow, green, blue, then the dark side's), then wilds; within
    each, the ranks in their canonical order (``kinds.rank_order``: the bundled data's,
    then a rule set's own kinds by text, whatever this process declared first); a
    two-sided card by its face in play, then its other face."""
    key = _SORT_KEY.get(card)
    if key is None:
        key = card._order
        if key is not None:
            return key
        color = len(_SORT_COLORS) if card.color is None else _SORT_COLORS.index(card.color)
        other = card.other
        back = (-1, _NO_BACK) if other is None else _sort_key(other)[:2]
        key = (color, rank_order(card.rank), back[0], back[1])
        if kept_for_good(card):
            _SORT_KEY[card] = key
        else:  # a card of no deck keeps its own, so that no table keeps it alive
            object.__setattr__(card, "_order", key)
    return key
