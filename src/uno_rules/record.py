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

from ._budget import MAX_RECORD_MOVES, MAX_RECORD_WORK, RECORD, brief, over_budget
from .deal import given_seed, new_game, next_round
from .engine import Transition, apply
from .errors import NotationError, Problem, SituationError
from .events import (
    CardPlayed,
    CardsDiscarded,
    CardsDrawn,
    CardsTurned,
    Event,
    HandsRotated,
    HandsShuffled,
    HandsSwapped,
    Reshuffled,
    TableFlipped,
    WildsDiscarded,
)
from .i18n import N_
from .kinds import StepOp
from .moves import Move, parse_move
from .presets import load_preset
from .rules import Rules
from .state import GameState
from .violations import Violation

__all__ = ["NEXT_ROUND", "ReplayResult", "make_record", "move_work", "over_work", "replay"]

NEXT_ROUND = "next-round"
_RECORD_KEYS = {"rules", "players", "seed", "dealer", "moves", "title", "description"}


@frozen
class ReplayResult:
    """What :func:`replay` found: the last ``state`` reached, how many moves were
    ``applied``, and the first refused move's ``violation`` (``None`` if all applied) at
    ``index`` in the move list; ``work`` is the work its moves did (:func:`move_work`)."""

    state: GameState
    applied: int
    violation: Violation | None = None
    index: int | None = None
    work: int = 0

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

    Raises :class:`~uno_rules.SituationError` for a malformed record, or one whose moves
    pass the work limit (naming the move where they do: :func:`move_work`), and
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
    work = 0
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
                return ReplayResult(state, index, result, index, work)
            state = result
            work += _held(state) + 1  # a new deal
            continue
        try:
            move = parse_move(text)
        except NotationError as exc:
            at = {"expected": exc.said, "index": index}
            raise NotationError(text, N_("{expected} (at moves[{index}])"), at) from None
        outcome = apply(state, move)
        if isinstance(outcome, Violation):
            return ReplayResult(state, index, outcome, index, work)
        assert isinstance(outcome, Transition)
        state = outcome.state
        work += move_work(outcome.events, state)
        if work > MAX_RECORD_WORK:
            raise SituationError([over_work(index, work)])
    return ReplayResult(state, len(moves), work=work)


def over_work(index: int, work: int) -> Problem:
    """The problem of moves that pass the work limit at ``moves[index]``, having done
    ``work`` units (:func:`move_work`): a record's, or a dispute's under one rule set."""
    return Problem(
        f"moves[{index}]",
        N_("the moves up to this one do {work} units of work, more than {most} (the work limit)"),
        {"work": work, "most": MAX_RECORD_WORK},
    )


def _held(state: GameState) -> int:
    """The cards in the hands."""
    return sum(len(hand) for hand in state.hands)


def move_work(events: tuple[Event, ...], after: GameState) -> int:
    """The work a move did, from its events and the state it made: one for the move and
    one for each event, plus one for each card it drew, turned, discarded, gathered or
    dealt out again (a shuffle of the hands deals every card in them), that a Flip turns
    over (every card of the table) or that a played card's step looks through (every other
    hand for ``discard_wilds``, the player's own for the steps that shed more of it), and
    one for each hand that changes seats (a rotation moves every hand, a swap two). A
    record's moves may do at most ``MAX_RECORD_WORK`` in all (docs/formats.md, input
    limits): a rule set's own kinds may move every hand many times a play, so the number
    of moves alone does not bound what a record costs."""
    work = 1 + len(events)
    for event in events:
        if isinstance(event, CardsDrawn):
            work += event.count
        elif isinstance(event, HandsSwapped):
            work += 2  # two hands change seats, whatever they hold
        elif isinstance(event, HandsRotated):
            work += after.players  # every hand changes seats
        elif isinstance(event, HandsShuffled):
            work += sum(event.sizes)  # every card is dealt out again
        elif isinstance(event, TableFlipped):
            work += _held(after) + after.draw_pile_size + len(after.discard_pile)
        elif isinstance(event, (CardsTurned, WildsDiscarded, CardsDiscarded)):
            work += len(event.cards)
        elif isinstance(event, Reshuffled):
            work += event.size
        elif isinstance(event, CardPlayed):
            for step in after.rules.plan.steps(event.card, False):
                if step.op == StepOp.DISCARD_WILDS:
                    work += _held(after)
                elif step.spec.sheds or step.op == StepOp.DISCARD_FACES:
                    work += len(after.hands[event.seat])
    return work
