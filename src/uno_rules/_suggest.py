"""The "did you mean" of every entry point: the parsers, the command line's verbs and
preset names, the HTTP service's ``?preset=``, all from one function, so that the same
typo gets the same suggestion wherever it is made."""

from __future__ import annotations

import difflib
from collections.abc import Iterable

__all__ = ["closest", "did_you_mean"]


def closest(word: str, choices: Iterable[str], cutoff: float = 0.6) -> str | None:
    """The choice closest to ``word``, if one is close (and ``word`` is short enough to
    be a typo of one)."""
    if len(word) > 100:
        return None
    # compared without case or surrounding spaces (OFFICIAL, ' family'), the choice given as
    # it is spelt
    by_folded: dict[str, str] = {}
    for choice in choices:
        by_folded.setdefault(choice.strip().casefold(), choice)
    close = difflib.get_close_matches(word.strip().casefold(), list(by_folded), n=1, cutoff=cutoff)
    return by_folded[close[0]] if close else None


def did_you_mean(word: str, choices: Iterable[str], cutoff: float = 0.6) -> str:
    """`` (did you mean 'x'?)`` for the choice closest to ``word``, or ``""`` when none is
    close (or ``word`` is too long to be a typo of one).

    >>> did_you_mean("famly", ["official", "family"])
    " (did you mean 'family'?)"
    >>> did_you_mean("OFFICIAL", ["official", "family"])
    " (did you mean 'official'?)"
    >>> did_you_mean("xyzzy", ["official", "family"])
    ''
    """
    near = closest(word, choices, cutoff)
    return "" if near is None else f" (did you mean {near!r}?)"
