"""A house rule installed the way another package installs one: a module and a
distribution whose entry point declares it, written to a directory put on ``sys.path``."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from uno_rules.rules import registry

EIGHTS_MODULE = """
from attrs import field, frozen

from uno_rules.cards import Rank
from uno_rules.events import Skipped
from uno_rules.rules.hooks import HouseRule, Touches


@frozen
class EightsSkip:
    enabled: bool = field(default=False, metadata={"doc": "An 8 skips.", "clause": "X01"})


class EightsSkipRule(HouseRule):
    name = "test_eights"
    clause = "X01"
    params = EightsSkip
    title = "Eights skip"
    clauses = {"X01": "Eights skip: an 8 skips the next player."}

    def touches(self, params):
        return Touches(effect_ranks=frozenset({Rank.EIGHT}))

    def play_effect(self, b, ctx, params):
        if ctx.card.rank is not Rank.EIGHT or ctx.went_out:
            return False
        b.events.append(Skipped(b.next(ctx.move.seat)))
        b.turn = b.next(ctx.move.seat, 2)
        return True


RULE = EightsSkipRule()
"""

# The same rule as written against the hooks of an earlier release: an 8 turned up first
# skips the first player through ``first_card``, a hook that ``card_steps`` replaced.
OLD_EIGHTS_MODULE = EIGHTS_MODULE.replace(
    "RULE = EightsSkipRule()",
    """
class OldEightsSkipRule(EightsSkipRule):
    def first_card(self, table, params):
        if table.card.rank is not Rank.EIGHT:
            return False
        table.turn = table.next(table.starter)
        table.tell(Skipped(table.starter))
        return True


RULE = OldEightsSkipRule()""",
)

# An 8 skips, said in steps (``card_steps``): the first card turned up runs them too.
STEP_EIGHTS_MODULE = """
from attrs import field, frozen

from uno_rules.cards import Rank
from uno_rules.kinds import Step
from uno_rules.rules.hooks import HouseRule


@frozen
class EightsSkip:
    enabled: bool = field(default=False, metadata={"doc": "An 8 skips.", "clause": "X01"})


class StepEightsRule(HouseRule):
    name = "test_step_eights"
    clause = "X01"
    params = EightsSkip

    def card_steps(self, card, last, params):
        if last or card.rank is not Rank.EIGHT:
            return None
        return (Step("skip", 1),)


RULE = StepEightsRule()
"""


@contextmanager
def installed(tmp: Path, modules: dict[str, str], entry_points: dict[str, str]) -> Iterator[None]:
    """Install ``modules`` (name -> source) and a distribution declaring ``entry_points``
    (rule name -> ``module:object``) under the house-rule group, for the ``with`` block."""
    for name, source in modules.items():
        (tmp / f"{name}.py").write_text(source, encoding="utf-8")
    info = tmp / "test_house_rules-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: test-house-rules\nVersion: 0.1\n", encoding="utf-8"
    )
    lines = [f"[{registry.GROUP}]"] + [f"{k} = {v}" for k, v in entry_points.items()]
    (info / "entry_points.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    sys.path.insert(0, str(tmp))
    registry.refresh()
    try:
        yield
    finally:
        sys.path.remove(str(tmp))
        for name in modules:
            sys.modules.pop(name, None)
        registry.refresh()
