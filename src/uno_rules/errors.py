"""The library's exceptions.

Every error that ``uno_rules`` raises on bad input is a :class:`UnoError` and a
:class:`ValueError`, so generic handlers keep working and callers can catch the
whole family with one clause. Rule violations are *not* exceptions: ``apply``
returns them as data (see :mod:`uno_rules.violations`); only
:func:`uno_rules.apply_or_raise` turns one into :class:`IllegalMoveError`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .violations import Violation

__all__ = [
    "IllegalMoveError",
    "NotationError",
    "PluginError",
    "PresetError",
    "SituationError",
    "UnoError",
]


class UnoError(ValueError):
    """Root of every exception raised by ``uno_rules``."""


class NotationError(UnoError):
    """A card or move text that cannot be parsed.

    ``text`` is the offending text; the message quotes it and says what was expected.
    """

    def __init__(self, text: str, expected: str) -> None:
        self.text = text
        self.expected = expected
        shown = repr(text) if len(text) <= 80 else repr(text[:77]) + "..."
        if len(expected) > _MAX_EXPECTED:  # it may name a piece of the text: never whole
            expected = expected[: _MAX_EXPECTED - 3] + "..."
        super().__init__(f"cannot read {shown}: expected {expected}")


# The longest ``expected`` a NotationError message carries (the move grammar fits).
_MAX_EXPECTED = 400
# The most problems an error message lists (``problems`` keeps them all); the rest are
# counted.
MAX_LISTED = 20


class _ProblemsError(UnoError):
    """An error that reports several problems at once, each naming where it is."""

    what = "input"

    def __init__(self, problems: Iterable[str]) -> None:
        self.problems: list[str] = list(problems)
        if not self.problems:
            raise ValueError("an error needs at least one problem")
        if len(self.problems) == 1:
            text = f"invalid {self.what}: {self.problems[0]}"
        else:
            listed = "; ".join(self.problems[:MAX_LISTED])
            if len(self.problems) > MAX_LISTED:
                listed += f"; ... and {len(self.problems) - MAX_LISTED} more"
            text = f"invalid {self.what} ({len(self.problems)} problems): {listed}"
        super().__init__(text)


class SituationError(_ProblemsError):
    """A table description or state snapshot that cannot be a real table.

    ``problems`` lists every problem found, each naming its field.
    """

    what = "table"


class PresetError(_ProblemsError):
    """A rule preset that is malformed, unknown, or contradicts itself.

    ``problems`` lists every problem found, each naming its field path, for example
    ``uno.penalty_cards: expected an integer, got 'two'``.
    """

    what = "preset"


class PluginError(UnoError):
    """A house rule installed by another package misbehaved while the engine used it: a
    hook raised, recursed without end or answered with the wrong kind of value, or a move
    it took part in would break card conservation (B1.4). ``rule`` names the rule (or the
    installed rules enabled, when the engine cannot tell which one); the original
    exception, if any, is the ``__cause__``. A rule that cannot even be loaded is a
    :class:`PresetError` of the preset that names it."""

    def __init__(self, rule: str, problem: str) -> None:
        self.rule = rule
        self.problem = problem
        super().__init__(f"house rule {rule}: {problem}")


class IllegalMoveError(UnoError):
    """Raised by :func:`uno_rules.apply_or_raise`; ``violation`` says why."""

    def __init__(self, violation: Violation) -> None:
        self.violation = violation
        super().__init__(f"[{violation.code}, {violation.rule}] {violation}")
