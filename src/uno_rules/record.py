"""Game records and replay.

A record is ``{rules, players, seed, dealer (optional), moves: [text, ...]}``: the whole
game follows from it. ``next-round`` in the move list stands for :func:`next_round`
between rounds. ``replay`` applies the moves through the checked path and stops at the first
one that is refused.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from attrs import frozen

from ._budget import MAX_RECORD_MOVES, RECORD, brief, over_budget
from .deal import given_seed, new_game, next_round
from .engine import Transition, apply
from .errors import NotationError, Problem, SituationError
from .i18n import N_
from .moves import Move, parse_move
from .presets import load_preset
from .rules import Rules
from .state import GameState
from .violations import Violation

__all__ = ["NEXT_ROUND", "ReplayResult", "make_record", "replay"]

NEXT_ROUND = "next-round"
_RECORD_KEYS = {"rules", "players", "seed", "dealer", "moves", "title", "description"}


@frozen
class ReplayResult:
    """What :func:`replay` found: the last ``state`` reached, how many moves were
    ``applied``, and the first refused move's ``violation`` (``None`` if all applied) at
    ``index`` in the move list."""

    state: GameState
    applied: int
    violation: Violation | None = None
    index: int | None = None

    @property
    def ok(self) -> bool:
        return self.violation is None


def make_record(
    rules: Rules | str | Mapping[str, Any],
    players: int,
    seed: int,
    moves: Iterable[Move | str],
    dealer: int | None = None,
) -> dict[str, Any]:
    """A record mapping for a game, ready to be written as YAML or JSON."""
    record: dict[str, Any] = {
        "rules": rules if isinstance(rules, str) else _rules_dict(rules),
        "players": players,
        "seed": seed,
        "moves": [str(m) for m in moves],
    }
    if dealer is not None:
        record["dealer"] = dealer
    return record


def _rules_dict(rules: Rules | Mapping[str, Any]) -> dict[str, Any]:
    """A rule set's mapping for a record: a mapping is loaded (and so checked) first."""
    if isinstance(rules, Mapping):
        rules = load_preset(rules)
    return rules.to_dict()


def replay(record: Mapping[str, Any]) -> ReplayResult:
    """Replay a game record move by move.

    Raises :class:`~uno_rules.SituationError` for a malformed record and
    :class:`~uno_rules.NotationError` (naming the move's index) for unreadable move text.
    """
    if not isinstance(record, Mapping):
        got = type(record).__name__
        raise SituationError([Problem("record", N_("expected a mapping, got {got}"), {"got": got})])
    too_big = over_budget(record, RECORD)
    if too_big is not None:
        raise SituationError([too_big])
    unknown = [brief(k, 40) for k in record if k not in _RECORD_KEYS]
    if unknown:
        raise SituationError([Problem(k, N_("unknown field in a game record")) for k in unknown])
    moves = record.get("moves", [])
    if not isinstance(moves, list):
        raise SituationError([Problem("moves", N_("expected a list of move texts"))])
    if len(moves) > MAX_RECORD_MOVES:
        raise SituationError(
            [
                Problem(
                    "moves",
                    N_("{count} entries, more than {most} (the move limit)"),
                    {"count": len(moves), "most": MAX_RECORD_MOVES},
                )
            ]
        )
    state = new_game(
        record.get("rules", "official"),
        players=record.get("players", 4),
        seed=given_seed(record),
        dealer=record.get("dealer"),
    )
    for index, text in enumerate(moves):
        if not isinstance(text, str):
            raise NotationError(brief(text), N_("a move text at moves[{index}]"), {"index": index})
        if text.strip().lower() == NEXT_ROUND:
            result: GameState | Violation = next_round(state)
            if isinstance(result, Violation):
                return ReplayResult(state, index, result, index)
            state = result
            continue
        try:
            move = parse_move(text)
        except NotationError as exc:
            at = {"expected": exc.said, "index": index}
            raise NotationError(text, N_("{expected} (at moves[{index}])"), at) from None
        outcome = apply(state, move)
        if isinstance(outcome, Violation):
            return ReplayResult(state, index, outcome, index)
        assert isinstance(outcome, Transition)
        state = outcome.state
    return ReplayResult(state, len(moves))
