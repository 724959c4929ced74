"""A fact of a problem said in words of the problem's language (see :class:`InWords`)."""

from __future__ import annotations

from typing import Any

__all__ = ["InWords"]


class InWords:
    """A fact of a problem said in words of the problem's language: a card by its name
    (``red Draw Two``, ``Lá +2 đỏ``), a color by its word; a fact that is a card is
    otherwise written in notation (``R+2``)."""

    __slots__ = ("value",)
    #: how :mod:`uno_rules.errors` knows such a fact without importing this module
    in_words = True

    def __init__(self, value: object) -> None:
        self.value = value

    def __reduce__(self) -> tuple[Any, ...]:
        return InWords, (self.value,)

    def __eq__(self, other: object) -> bool:
        return type(other) is InWords and other.value == self.value

    def __hash__(self) -> int:
        return hash(self.value)

    def said(self, lang: str) -> str:
        # start-up: the sentences load only when a problem is written
        from ._words import words

        return words(self.value, lang)

    def __str__(self) -> str:
        return self.said("en")
