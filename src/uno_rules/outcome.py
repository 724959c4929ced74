"""Typed ways to read the outcome of a move when the caller knows what to expect.

:func:`uno_rules.apply` returns ``Transition | Violation``; a type checker then asks the
caller to narrow it (``match``, ``isinstance``). When the outcome is known in advance, as in
a test, a tutorial or a replay of checked moves, :func:`uno_rules.apply_or_raise` gives the
:class:`~uno_rules.Transition` and :func:`refusal` the :class:`~uno_rules.Violation`.

>>> import uno_rules as uno
>>> table = uno.situation({"players": 2, "hands": [["R7", "B6"], 3], "discard": ["R5"]})
>>> uno.refusal(table, "0 B6").code
'card-does-not-match'
"""

from __future__ import annotations

from .engine import apply
from .errors import UnoError
from .state import GameState
from .validation import MoveLike
from .violations import Violation

__all__ = ["refusal"]


def refusal(state: GameState, move: MoveLike) -> Violation:
    """The :class:`~uno_rules.Violation` that refuses ``move`` at ``state``.

    Raises :class:`~uno_rules.UnoError` when the move is legal (the inverse of
    :func:`uno_rules.apply_or_raise`), and :class:`~uno_rules.NotationError` for a move
    text that cannot be read."""
    result = apply(state, move)
    if not isinstance(result, Violation):
        raise UnoError(f"{move} is legal here, not refused")
    return result
