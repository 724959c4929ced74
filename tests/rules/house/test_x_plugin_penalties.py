"""Installed rules that make their own penalties, or declare too little: a rule answers,
takes and cites only its own penalties (``registry.owned``), every penalty round-trips
through snapshots, a rule that answers penalties without naming ranks keeps "listed iff
valid", and an installed rule's hooks decide what the fast paths leave to it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

import uno_rules as uno
from house_rule_plugin import installed
from sevens_plugin import sevens_installed


def sevens_rules(**stacking: object) -> dict[str, object]:
    house: dict[str, object] = {"test_sevens": {"enabled": True}}
    if stacking:
        house["stacking"] = {"enabled": True, **stacking}
    return {"extends": "official", "house_rules": house}


@pytest.fixture
def sevens(tmp_path: Path) -> Iterator[None]:
    with sevens_installed(tmp_path):
        yield


@pytest.fixture
def sevens_without_ranks(tmp_path: Path) -> Iterator[None]:
    with sevens_installed(tmp_path, answer_ranks=False):
        yield


def played_seven(rules: object) -> uno.GameState:
    table = uno.situation(
        {
            "rules": rules,
            "players": 3,
            "hands": [["R7", "B3", "G2"], ["Y7", "B9", "B+2", "G1"], 3],
            "discard": ["R5"],
        }
    )
    return uno.apply_or_raise(table, "0 R7").state


def test_a_rules_own_penalty_round_trips_through_a_snapshot(sevens: None) -> None:
    state = played_seven(sevens_rules())
    assert state.penalty is not None and state.penalty.rule == "test_sevens"
    snapshot = uno.dump_state(state)
    assert snapshot["penalty"]["rule"] == "test_sevens"
    assert uno.load_state(snapshot) == state


def test_a_draw_cards_penalty_snapshot_has_no_owner_key() -> None:
    table = uno.situation(
        {"rules": "family", "players": 3, "hands": [["R+2", "B3"], 3, 3], "discard": ["R5"]}
    )
    state = uno.apply_or_raise(table, "0 R+2").state
    assert state.penalty is not None and state.penalty.rule is None
    assert "rule" not in uno.dump_state(state)["penalty"]


def test_stacking_does_not_answer_for_another_rules_penalty(sevens: None) -> None:
    state = played_seven(sevens_rules(victim_loses_turn=False))
    assert uno.validate(state, "1 Y7") is None  # the rule's own answer
    refused = uno.refusal(state, "1 B9")
    assert refused is not None and refused.rule != "H01"  # not "cannot be stacked (H01)"
    refused = uno.refusal(state, "1 B+2")  # a draw card is no answer to a 7's penalty
    assert refused is not None and refused.rule != "H01"
    ruling = uno.rule_on(state, "1 accept")
    assert ruling.legal and ruling.clause == "X07"  # cited by its own rule, not H01
    after = uno.apply_or_raise(state, "1 accept").state
    assert after.turn == 2  # stacking's victim_loses_turn: false is not the 7's to decide


def test_a_rules_own_kind_of_answer_is_neither_a_turn_nor_a_stack(sevens: None) -> None:
    """A plugin names its own kind of play (``PlayKind("pass-on")``) instead of posing as
    H01's stack: the engine plays it as an answer, and only the rule's hooks act on it."""
    from uno_rules.rules.hooks import KIND_STACK, KIND_TURN, PlayKind
    from uno_rules.validation import play_kind

    state = played_seven(sevens_rules())
    kind = play_kind(state, uno.Play(1, uno.Card.parse("Y7")))
    assert kind is PlayKind("pass-on") and kind not in (KIND_STACK, KIND_TURN)
    ruling = uno.rule_on(state, "1 Y7")
    assert ruling.legal and ruling.clause == "X07"
    after = ruling.state
    assert after.penalty is not None and after.penalty.amount == 2  # carried: 1 + 1
    assert after.penalty.rule == "test_sevens" and after.turn == 2


def test_an_answer_without_answer_ranks_is_still_listed(sevens_without_ranks: None) -> None:
    state = played_seven(sevens_rules())
    assert uno.validate(state, "1 Y7") is None
    listed = {str(m) for m in uno.legal_moves(state)}
    assert "1 Y7" in listed and "1 accept" in listed


SKIP_DOUBLES_MODULE = """
from attrs import field, frozen

from uno_rules.cards import Rank
from uno_rules.events import Skipped
from uno_rules.rules.hooks import HouseRule


@frozen
class SkipDoubles:
    enabled: bool = field(default=False, metadata={"doc": "A Skip skips two.", "clause": "X02"})


class SkipDoublesRule(HouseRule):
    name = "test_skip_doubles"
    clause = "X02"
    params = SkipDoubles
    clauses = {"X02": "A Skip skips the next two players."}

    def play_effect(self, b, ctx, params):  # declares no touches at all
        if ctx.card.rank is not Rank.SKIP or ctx.went_out:
            return False
        seat = ctx.move.seat
        b.events.append(Skipped(b.next(seat)))
        b.events.append(Skipped(b.next(seat, 2)))
        b.turn = b.next(seat, 3)
        return True


RULE = SkipDoublesRule()
"""


def test_a_rule_that_declares_too_little_is_not_bypassed(tmp_path: Path) -> None:
    """The outcome of a Skip under "Skip doubles" is the same with or without an
    unrelated rule that happens to turn the shortcuts off (mercy)."""
    entry = {"test_skip_doubles": "x_skip_doubles:RULE"}
    with installed(tmp_path, {"x_skip_doubles": SKIP_DOUBLES_MODULE}, entry):
        turns = []
        for extra in ({}, {"mercy": {"enabled": True}}):
            rules = {
                "extends": "official",
                "house_rules": {"test_skip_doubles": {"enabled": True}, **extra},
            }
            table = uno.situation(
                {
                    "rules": rules,
                    "players": 4,
                    "hands": [["Rskip", "B3"], 3, 3, 3],
                    "discard": ["R5"],
                }
            )
            turns.append(uno.apply_or_raise(table, "0 Rskip").state.turn)
        assert turns == [3, 3]
