"""An installed house rule that makes a penalty of its own, for the tests of such rules:
"Sevens pass on" (clause X07, name ``test_sevens``). A 7 puts a penalty of one card on the
next player (even as a last card: the engine, not the rule, keeps an empty hand out of
it, B10.3), who may answer it with another 7 (the total carries) or accept it; a legal 7
or accept under it cites X07. A 7 that answers is a kind of play of the rule's own,
``PlayKind("pass-on")``, not a stack.

:func:`sevens_installed` installs it the way another package would
(``house_rule_plugin.installed``); ``answer_ranks=False`` leaves out the hook that names
the ranks which answer it (a rule declaring too little)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from house_rule_plugin import installed

SEVENS_MODULE = """
from attrs import field, frozen

from uno_rules.cards import Rank
from uno_rules.rules.hooks import HouseRule, PlayKind, Touches
from uno_rules.state import Penalty, Phase

# the rule's own kind of answer (not a stack, H01): only its own hooks act on it
PASS_ON = PlayKind("pass-on")


@frozen
class Sevens:
    enabled: bool = field(default=False, metadata={"doc": "Sevens pass on.", "clause": "X07"})


class SevensRule(HouseRule):
    name = "test_sevens"
    clause = "X07"
    params = Sevens
    title = "Sevens pass on"
    clauses = {"X07": "Sevens pass on: the next player draws 1 unless they play another 7."}

    def touches(self, params):
        return Touches(ranks=frozenset({Rank.SEVEN}), phases=frozenset({Phase.PENALTY}))

    ANSWER_RANKS

    def play_effect(self, b, ctx, params):
        if ctx.card.rank is not Rank.SEVEN:
            return False
        # even as a last card: the engine, not the rule, keeps the empty hand out of it
        amount = 1 + ctx.carried
        seat, hand, color = ctx.move.seat, ctx.hand, ctx.color_before
        b.penalty = Penalty(amount, ctx.card, seat, False, hand, color, False)
        b.phase = Phase.PENALTY
        b.turn = b.next(ctx.move.seat)
        return True

    def answer_penalty(self, state, move, params):
        if state.penalty.card.rank is Rank.SEVEN and move.card.rank is Rank.SEVEN:
            return PASS_ON
        return None

    def carries_penalty(self, kind, params):
        return kind is PASS_ON

    def legal_clause(self, state, move, kind, params):
        return "X07" if kind is PASS_ON or move.__class__.__name__ == "Accept" else None


RULE = SevensRule()
"""

ANSWER_RANKS = "def answer_ranks(self, params):\n        return frozenset({Rank.SEVEN})"


def sevens_source(answer_ranks: bool = True) -> str:
    """The rule's module source, with or without its ``answer_ranks`` hook."""
    return SEVENS_MODULE.replace("ANSWER_RANKS", ANSWER_RANKS if answer_ranks else "")


@contextmanager
def sevens_installed(tmp: Path, answer_ranks: bool = True) -> Iterator[None]:
    """The rule installed under ``tmp`` (module ``x_sevens``) for the ``with`` block."""
    with installed(
        tmp, {"x_sevens": sevens_source(answer_ranks)}, {"test_sevens": "x_sevens:RULE"}
    ):
        yield
