"""The library's exceptions.

Every error that ``uno_rules`` raises on bad input is a :class:`UnoError` and a
:class:`ValueError`, so generic handlers keep working and callers can catch the
whole family with one clause. Rule violations are *not* exceptions: ``apply``
returns them as data (see :mod:`uno_rules.violations`); only
:func:`uno_rules.apply_or_raise` turns one into :class:`IllegalMoveError`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from .i18n import N_, tr

if TYPE_CHECKING:
    from .violations import Violation

__all__ = [
    "IllegalMoveError",
    "NotationError",
    "PluginError",
    "PresetError",
    "Problem",
    "SituationError",
    "UnoError",
    "error_text",
    "problem_text",
]


class UnoError(ValueError):
    """Root of every exception raised by ``uno_rules``."""


class NotationError(UnoError):
    """A card or move text that cannot be parsed.

    ``text`` is the offending text; the message quotes it and says what was expected.
    """

    def __init__(self, text: str, expected: str, facts: Mapping[str, object] | None = None) -> None:
        self.text = text
        # ``expected`` may be a message with its own facts (a placeholder for the piece of
        # the text it names), so that it is said in any language; ``expected`` keeps the
        # English
        self._facts = dict(facts) if facts else None
        self._message = expected
        self.expected = _say("en", expected, self._facts) if self._facts else expected
        super().__init__(self.problem("").text("en"))

    def __reduce__(self) -> tuple[Any, ...]:
        # pickled as it was made (a worker process's error reaches its parent whole)
        return type(self), (self.text, self._message, self._facts), self.__dict__

    @property
    def said(self) -> object:
        """What was expected as a fact of another message: the message and its facts, or
        the English text when no catalog can say it (it quotes braces, or is cut short)."""
        if self._facts and len(self.expected) <= _MAX_EXPECTED:
            return (self._message, self._facts)
        if self._facts or len(self.expected) > _MAX_EXPECTED or "{" in self.expected:
            expected = self.expected
            if len(expected) > _MAX_EXPECTED:  # it may name a piece of the text: never whole
                expected = expected[: _MAX_EXPECTED - 3] + "..."
            return expected
        return (self.expected, {})

    def problem(self, where: str) -> Problem:
        """This error as a :class:`Problem` found at ``where`` (a field of a table), said
        in any language: what was expected is translated where the catalogs have it."""
        text = self.text
        shown = repr(text) if len(text) <= 80 else repr(text[:77]) + "..."
        return Problem(
            where,
            N_("cannot read {text}: expected {expected}"),
            {"text": shown, "expected": self.said},
        )


# The longest ``expected`` a NotationError message carries (the move grammar fits).
_MAX_EXPECTED = 400
# The most problems an error message lists (``problems`` keeps them all); the rest are
# counted.
MAX_LISTED = 20


class Problem(str):
    """One problem a :class:`PresetError` or :class:`SituationError` lists: the string is
    its English sentence (``where: sentence``), and it keeps where it is (``where``: a
    setting path or a field, written as the input has it), its message (an English message
    id of the catalogs) and the facts the sentence is written from, so that it is said in
    any language from those (:func:`problem_text`), never read back from the English.

    >>> got = {"got": ("a list", {})}  # a fact may be a message with its own facts
    >>> p = Problem("uno.penalty_cards", "expected an integer, got {got}", got)
    >>> p, p.where
    ('uno.penalty_cards: expected an integer, got a list', 'uno.penalty_cards')
    >>> problem_text(p, "vi")
    'uno.penalty_cards: cần một số nguyên, nhưng có một danh sách'
    """

    where: str
    message: str
    facts: dict[str, object]

    def __new__(
        cls, where: str, message: str, facts: Mapping[str, object] | None = None
    ) -> Problem:
        given = dict(facts or {})
        text = _say("en", message, given)
        problem = super().__new__(cls, f"{where}: {text}" if where else text)
        problem.where, problem.message, problem.facts = where, message, given
        return problem

    def __reduce__(self) -> tuple[Any, ...]:
        return type(self), (self.where, self.message, self.facts)

    def text(self, lang: str = "en") -> str:
        """The problem in ``lang``; its ``where`` stays as written."""
        said = _say(lang, self.message, self.facts)
        return f"{self.where}: {said}" if self.where else said


def _say(lang: str, message: str, facts: Mapping[str, object]) -> str:
    """``message`` in ``lang`` with ``facts`` filled in: a fact that is a message with its
    own facts (a pair) is said in ``lang`` too, any other as its text. A message without
    facts is said as it is: it may quote an input's braces (what a move text expected)."""
    if not facts:
        return tr(lang, message)
    return tr(lang, message).format(**{k: _fact(v, lang) for k, v in facts.items()})


def _fact(value: object, lang: str) -> str:
    if isinstance(value, tuple) and len(value) == 2 and isinstance(value[1], dict):
        return _say(lang, value[0], value[1])
    if getattr(type(value), "in_words", False):  # a fact said in words (_said.InWords)
        return str(value.said(lang))  # type: ignore[attr-defined]
    return str(value)


def within(where: str, problem: str) -> str:
    """``problem`` of a part found at ``where`` (``rules`` of a table): ``where: problem``,
    still a :class:`Problem` if it was one."""
    if isinstance(problem, Problem):
        inner = f"{where}: {problem.where}" if problem.where else where
        return Problem(inner, problem.message, problem.facts)
    return f"{where}: {problem}"


def problem_text(problem: str, lang: str = "en") -> str:
    """A problem of an error's ``problems`` in ``lang``: a :class:`Problem` in that
    language, any other string (an installed house rule's own) as it is."""
    return problem.text(lang) if isinstance(problem, Problem) else str(problem)


# The error's headline, for each kind of input.
_HEADLINES = {
    "input": (
        N_("invalid input: {problem}"),
        N_("invalid input ({count} problems): {problems}"),
    ),
    "table": (
        N_("invalid table: {problem}"),
        N_("invalid table ({count} problems): {problems}"),
    ),
    "preset": (
        N_("invalid preset: {problem}"),
        N_("invalid preset ({count} problems): {problems}"),
    ),
}
_MORE = N_("... and {count} more")


def _headline(what: str, problems: list[str], lang: str) -> str:
    one, several = _HEADLINES.get(what, _HEADLINES["input"])
    said = [problem_text(p, lang) for p in problems[:MAX_LISTED]]
    if len(problems) == 1:
        return _say(lang, one, {"problem": said[0]})
    if len(problems) > MAX_LISTED:
        said.append(_say(lang, _MORE, {"count": len(problems) - MAX_LISTED}))
    return _say(lang, several, {"count": len(problems), "problems": "; ".join(said)})


class _ProblemsError(UnoError):
    """An error that reports several problems at once, each naming where it is."""

    what = "input"

    def __init__(self, problems: Iterable[str]) -> None:
        self.problems: list[str] = list(problems)
        if not self.problems:
            raise ValueError("an error needs at least one problem")
        super().__init__(_headline(self.what, self.problems, "en"))

    def __reduce__(self) -> tuple[Any, ...]:
        return type(self), (self.problems,), self.__dict__

    def text(self, lang: str = "en") -> str:
        """The error's message in ``lang``: its problems, each still naming where it is."""
        return _headline(self.what, self.problems, lang)


def error_text(error: BaseException, lang: str = "en") -> str:
    """An error's message in ``lang``: a :class:`PresetError` or :class:`SituationError`
    with its problems in that language, any other error as it is."""
    return error.text(lang) if isinstance(error, _ProblemsError) else str(error)


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

    def __reduce__(self) -> tuple[Any, ...]:
        return type(self), (self.rule, self.problem), self.__dict__


class IllegalMoveError(UnoError):
    """Raised by :func:`uno_rules.apply_or_raise`; ``violation`` says why."""

    def __init__(self, violation: Violation) -> None:
        self.violation = violation
        super().__init__(f"[{violation.code}, {violation.rule}] {violation}")

    def __reduce__(self) -> tuple[Any, ...]:
        return type(self), (self.violation,), self.__dict__
