"""Rulings: a move's verdict with the clause that decides it, for people at the table.

>>> import uno_rules as uno
>>> table = uno.situation({"players": 2, "hands": [["R7", "B6"], 3], "discard": ["R5"]})
>>> r = uno.rule_on(table, "0 B6")
>>> r.legal, r.clause
(False, 'B5.1')
>>> uno.rule_on(table, "0 R7").clause
'B5.1'
"""

from __future__ import annotations

from attrs import frozen

from .cards import Rank
from .clauses import clause_text
from .engine import Transition, apply, has_legal_card, is_bluff, play_kind
from .events import ChallengeWon, Event
from .moves import (
    Accept,
    CallUno,
    CatchUno,
    Challenge,
    ChooseColor,
    Draw,
    Move,
    Pass,
    Play,
    parse_move,
    resolve_cards,
)
from .rules.hooks import PlayKind
from .rules.judge import reverse_skips
from .rules.registry import owned
from .state import GameState
from .violations import Violation

__all__ = ["Ruling", "rule_on"]


@frozen
class Ruling:
    """The verdict on ``move``: ``legal`` or refused by ``violation``; ``clause`` and
    ``text`` cite the rule; ``events`` and ``state`` are what followed (the state is
    unchanged when the move is refused)."""

    move: Move
    legal: bool
    clause: str
    text: str
    violation: Violation | None
    events: tuple[Event, ...]
    state: GameState


def rule_on(state: GameState, move: Move | str, lang: str = "en") -> Ruling:
    """Apply ``move`` and say why it is legal or not, citing the deciding clause; the
    ruling's ``text`` (the clause's summary) is in ``lang`` (English by default; ``vi``,
    ``tl``). The verdict, the clause id and the violation do not depend on the language
    (``str(ruling.violation)`` is English; ``uno.violation_text`` says it in ``lang``)."""
    if isinstance(move, str):
        move = parse_move(move)
    result = apply(state, move)
    if isinstance(result, Violation):
        text = clause_text(result.rule, state.rules, lang)
        return Ruling(move, False, result.rule, text, result, (), state)
    assert isinstance(result, Transition)
    named = move
    if type(move) is Play and state.discard is not None and state.discard[0].other is not None:
        # F1: a face in play or a LIGHT/DARK text names a card of the hand; the clause is
        # that card's, on the side in play
        named = resolve_cards(state, move)
    clause = _legal_clause(state, named, result)
    text = clause_text(clause, state.rules, lang)
    return Ruling(move, True, clause, text, None, result.events, result.state)


def _legal_clause(state: GameState, move: Move, result: Transition) -> str:
    """The clause that makes a legal move legal, or that its outcome follows: the enabled
    house rules are asked first (in the registry's order), then the official rules."""
    rules = state.rules
    kind = play_kind(state, move) if isinstance(move, Play) else None
    assert not isinstance(kind, Violation)
    hooks = rules.plan.legal_clause
    if isinstance(move, Accept) or kind is PlayKind.STACK:
        hooks = owned(hooks, state.penalty)  # a rule's own penalty is its own to cite
    for hook, params in hooks:
        clause = hook(state, move, kind, params)
        if clause is not None:
            return clause  # type: ignore[no-any-return]
    if isinstance(move, Play):
        card = move.card
        if card.kind.restricted:
            hand = list(state.hands[move.seat])
            hand.remove(card)
            bluff = is_bluff(rules, tuple(hand), state.top_card, state.color)
            return "B5.4" if bluff else card.kind.clause
        after = result.state.penalty
        if (
            card.kind.draw
            and after is not None
            and after.card is card
            and card.kind.clause.startswith("B")
        ):
            # H01, H15, H06 (A60): the Draw Two waits for its victim's answer, by the rule
            # that gives the victim that choice, not drawn at once as B7.3 says
            for rule, params in rules.plan.enabled:
                if rule.penalty_choice(rules, params, card):
                    return rule.clause
        if card.rank is Rank.REVERSE:
            return "H08" if reverse_skips(rules, len(state.active_seats)) else "B7.2"
        return card.kind.clause  # B5.1, B5.3, B7.1, B7.3, E2.1, E3.2, E4.1, N10-N15
    if isinstance(move, Draw):
        voluntary = has_legal_card(state, move.seat)
        if voluntary and rules.voluntary_draw.value == "penalized":
            return "H04"
        return "B6.2" if voluntary else "B6.1"
    if isinstance(move, Pass):
        return "B6.4" if state.drawn is not None else "A44"
    if isinstance(move, CallUno):
        return "B9.5"
    if isinstance(move, CatchUno):
        return "B9.2"
    if isinstance(move, Challenge):
        won = any(isinstance(e, ChallengeWon) for e in result.events)
        return "B8.6" if won else "B8.7"
    if isinstance(move, Accept):
        penalty = state.penalty
        assert penalty is not None
        drawn = penalty.card.kind
        if drawn.restricted:
            return "B7.5"
        return "B7.3" if drawn.clause.startswith("B") else drawn.clause
    assert isinstance(move, ChooseColor)
    return "A1"
