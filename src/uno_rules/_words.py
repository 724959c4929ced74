"""The words of sentences for people: cards, colors and facts in words, in any language
(:mod:`uno_rules.i18n`). A value-type layer: :mod:`uno_rules.violations` writes its
sentences with it, and :mod:`uno_rules.render` (which re-exports these names) builds every
other sentence on it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from .cards import Card, Color
from .i18n import N_, tr

if TYPE_CHECKING:
    from .violations import Violation

__all__ = [
    "DIRECTIONS",
    "KIND_NAMES",
    "card_name",
    "cards_named",
    "color_name",
    "explain",
    "say",
    "seat_list",
]

# The names of the card kinds (data/cards.json) and of the colors, for the catalogs.
KIND_NAMES = (
    N_("Skip"),
    N_("Reverse"),
    N_("Draw Two"),
    N_("Draw Four"),
    N_("Skip Everyone"),
    N_("Discard All"),
    N_("Wild"),
    N_("Wild Draw Four"),
    N_("Wild Shuffle Hands"),
    N_("Wild Swap Hands"),
    N_("Wild Customizable"),
    N_("blank card"),
    N_("Wild Draw 6"),
    N_("Wild Draw 10"),
    N_("Wild Reverse Draw 4"),
    N_("Wild Color Roulette"),
    N_("Draw One"),
    N_("Flip"),
    N_("Draw Five"),
    N_("Wild Draw Two"),
    N_("Wild Draw Color"),
)
_COLORED = {
    "red": N_("red {card}"),
    "yellow": N_("yellow {card}"),
    "green": N_("green {card}"),
    "blue": N_("blue {card}"),
    "pink": N_("pink {card}"),
    "teal": N_("teal {card}"),
    "orange": N_("orange {card}"),
    "purple": N_("purple {card}"),
}
_COLOR_WORDS = {
    "red": N_("red"),
    "yellow": N_("yellow"),
    "green": N_("green"),
    "blue": N_("blue"),
    "pink": N_("pink"),
    "teal": N_("teal"),
    "orange": N_("orange"),
    "purple": N_("purple"),
}
DIRECTIONS = {1: N_("clockwise"), -1: N_("counter-clockwise")}


def color_name(color: Color | str | None, lang: str = "en") -> str:
    """A color in words (``red``; ``đỏ`` in Vietnamese); ``not named`` for none."""
    if color is None:
        return tr(lang, N_("not named"))
    value = color.value if isinstance(color, Color) else str(color)
    return tr(lang, _COLOR_WORDS.get(value, value))


def card_name(card: Card | str, lang: str = "en") -> str:
    """A card by name: ``blue 1``, ``green Reverse``, ``Wild Draw Four``.

    >>> card_name(Card.parse("B1")), card_name("Grev"), card_name("W+4")
    ('blue 1', 'green Reverse', 'Wild Draw Four')
    >>> card_name("R+2", lang="vi"), card_name("W+4", lang="vi"), card_name("Rskip", lang="tl")
    ('Lá +2 đỏ', 'Lá +4', 'pulang Skip')
    """
    card = Card.parse(card) if isinstance(card, str) else card
    if lang == "en":
        return card.name
    name = tr(lang, card.kind.name)
    if card.color is None:
        return name
    pattern = _COLORED.get(card.color.value)
    return name if pattern is None else tr(lang, pattern).format(card=name)


def cards_named(cards: Sequence[Card | str], lang: str = "en") -> str:
    """Several cards by name, separated by commas (``no cards`` for none)."""
    return ", ".join(card_name(c, lang) for c in cards) or tr(lang, N_("no cards"))


def words(value: Any, lang: str) -> str:
    """A fact of a sentence in words: a card by name, a color by its word, a nested
    message (a pair of a message and its facts) as its sentence."""
    if isinstance(value, tuple) and len(value) == 2 and isinstance(value[1], dict):
        return say(lang, value[0], **value[1])
    if isinstance(value, Card):
        return card_name(value, lang)
    if isinstance(value, Color):
        return color_name(value, lang)
    if isinstance(value, list) and value and all(_is_message(v) for v in value):
        return ", ".join(say(lang, v[0], **v[1]) for v in value)  # a list of messages
    if isinstance(value, (tuple, list)):
        if all(isinstance(v, Card) for v in value):
            return cards_named(value, lang)
        return " ".join(str(v) for v in value)
    return str(value)


def _is_message(value: Any) -> bool:
    return isinstance(value, tuple) and len(value) == 2 and isinstance(value[1], dict)


def say(lang: str, message: str, **facts: Any) -> str:
    """``message`` in ``lang``, its placeholders filled with ``facts`` in words."""
    return tr(lang, message).format(**{k: words(v, lang) for k, v in facts.items()})


def seat_list(values: Sequence[int]) -> str:
    """``0:2 1:3``: a value per seat."""
    return " ".join(f"{seat}:{value}" for seat, value in enumerate(values))


def explain(violation: Violation, lang: str = "en") -> str:
    """The refusal's sentence, without the clause."""
    message, facts = violation.message()
    return say(lang, message, **facts)
