"""A snapshot's pending penalty, tampered field by field: each bad field is named by its
path, and nothing loads (a tampered snapshot is one SituationError, docs/formats.md)."""

from __future__ import annotations

import copy
from typing import Any

import pytest

import uno_rules as uno


def pending() -> dict[str, Any]:
    table = uno.situation(
        {"players": 3, "hands": [["W+4", "R1", "R2"], 3, 3], "discard": ["G5"], "seed": 2}
    )
    state = uno.apply_or_raise(table, "0 W+4 red").state
    assert state.penalty is not None
    return uno.dump_state(state)


@pytest.mark.parametrize(
    ("field", "value", "path"),
    [
        ("amount", -1, "penalty.amount"),
        ("offender", 99, "penalty.offender"),
        ("bluff", "maybe", "penalty.bluff"),
        ("challengeable", "maybe", "penalty.challengeable"),
        ("rule", 5, "penalty.rule"),
        ("previous_color", "mauve", "penalty.previous_color"),
    ],
)
def test_each_bad_field_of_a_pending_penalty_is_named(field: str, value: Any, path: str) -> None:
    data = copy.deepcopy(pending())
    data["penalty"][field] = value
    with pytest.raises(uno.SituationError) as bad:
        uno.load_state(data)
    assert any(p.startswith(path) for p in bad.value.problems), bad.value.problems


def test_the_untouched_snapshot_loads() -> None:
    data = pending()
    assert uno.dump_state(uno.load_state(data)) == data
