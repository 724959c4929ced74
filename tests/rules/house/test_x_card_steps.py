"""A rule that says what a card does in effect steps (``card_steps``), and one that lets seats
play out of turn: both are read by every path from the plan, so neither is written twice nor
bypassed. The play shortcut reads each rank's steps from the plan (``FastPlan.steps``) and
both paths run them through the one interpreter (``effects.STEPS``), with one result; the
polling players (the RL environment, the simulation's bots) ask the plan whether a seat may
play out of turn."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

import uno_rules as uno
from house_rule_plugin import installed
from uno_rules.cards import Rank
from uno_rules.engine import _perform
from uno_rules.fastpath import FastPlan
from uno_rules.fastpath import shortcut as _shortcut

EIGHTS_MODULE = """
from attrs import field, frozen

from uno_rules.cards import Rank
from uno_rules.kinds import Step
from uno_rules.rules.hooks import HouseRule


@frozen
class Eights:
    enabled: bool = field(default=False, metadata={"doc": "Eights skip.", "clause": "X08"})


class EightsRule(HouseRule):
    name = "test_eights"
    clause = "X08"
    params = Eights
    title = "Eights skip"
    clauses = {"X08": "An 8 skips the next player."}

    def card_steps(self, card, last, params):
        if card.rank is Rank.EIGHT and not last:
            return ANSWER
        return None


RULE = EightsRule()
"""

TWINS_MODULE = """
from attrs import field, frozen

from uno_rules.rules.hooks import HouseRule


@frozen
class Twins:
    enabled: bool = field(default=False, metadata={"doc": "Twins jump.", "clause": "X09"})


class TwinsRule(HouseRule):
    name = "test_twins"
    clause = "X09"
    params = Twins
    title = "Twins jump in"
    clauses = {"X09": "A card identical to the top card may be played out of turn."}

    def out_of_turn(self, state, move, default, params):
        top = state.top_card
        if move.card is top and not move.extra:
            return None
        return default


RULE = TwinsRule()
"""


@pytest.fixture
def eights(tmp_path: Path) -> Iterator[None]:
    module = EIGHTS_MODULE.replace("ANSWER", "(Step('skip', 1),)")
    with installed(tmp_path, {"x_eights": module}, {"test_eights": "x_eights:RULE"}):
        yield


@pytest.fixture
def broken_eights(tmp_path: Path) -> Iterator[None]:
    module = EIGHTS_MODULE.replace("ANSWER", "('skip',)")
    with installed(tmp_path, {"x_eights": module}, {"test_eights": "x_eights:RULE"}):
        yield


def eights_table() -> uno.GameState:
    return uno.situation(
        {
            "rules": {"extends": "official", "house_rules": {"test_eights": {"enabled": True}}},
            "players": 4,
            "hands": [["R8", "B3", "G2"], 3, 3, 3],
            "discard": ["R5"],
        }
    )


def test_a_rules_card_steps_are_what_the_card_does_on_both_paths(eights: None) -> None:
    """The plugin's 8 skips: the plan gives its steps, the shortcut applies them as a skip
    and the general path interprets them, with one result; a last 8 has no effect
    (B10.4), as the rule's answer for ``last`` says."""
    state = eights_table()
    assert [(s.op, s.n) for s in FastPlan(state.rules).steps[Rank.EIGHT]] == [("skip", 1)]
    move = uno.parse_move("0 R8")
    fast = _shortcut(state, move)
    general = _perform(state, move)
    assert fast is not None
    assert (fast.state, fast.events) == (general.state, general.events)
    assert [e.kind for e in general.events][-1] == "skipped"
    assert general.state.turn == 2
    plain = uno.situation({"rules": "official", "players": 4, "hands": [["R8", "B3"], 3, 3, 3],
                           "discard": ["R5"]})  # fmt: skip
    assert uno.apply_or_raise(plain, "0 R8").state.turn == 1  # without the rule: no skip


def test_card_steps_that_are_not_steps_are_the_rules_error(broken_eights: None) -> None:
    state = eights_table()
    with pytest.raises(uno.PluginError, match=r"test_eights.*card_steps"):
        uno.apply(state, "0 R8")


@pytest.mark.parametrize(
    ("rank", "steps"),
    [
        (Rank.FIVE, []),
        (Rank.WILD, []),
        (Rank.SKIP, [("skip", 1)]),
        (Rank.REVERSE, [("reverse", 0)]),
        (Rank.DRAW_TWO, [("next_draws", 2)]),
        (Rank.WILD_DRAW_FOUR, [("next_draws", 4)]),
        (Rank.DRAW_FOUR, [("next_draws", 4)]),
        (Rank.WILD_DRAW_SIX, [("next_draws", 6)]),
        (Rank.SKIP_EVERYONE, [("skip", 0)]),
    ],
)
def test_the_shortcut_runs_the_kinds_steps(rank: Rank, steps: list[tuple[str, int]]) -> None:
    """No rank is named by the shortcut: the steps it runs for each rank are the card
    kind's (``data/cards.json``), the +6 drawing 6 because its steps say so."""
    assert [(s.op, s.n) for s in FastPlan(uno.load_preset("official")).steps[rank]] == steps


def test_no_mercy_cards_take_the_shortcut_as_the_general_path_applies_them() -> None:
    """A Skip Everyone (N12) under ``no-mercy`` (without its mercy rule, which acts after
    every move and so keeps every move on the general path): the shortcut runs its steps
    with the general path's state and events."""
    rules = {"extends": "no-mercy", "house_rules": {"mercy": {"enabled": False}}}
    state = uno.situation(
        {
            "rules": rules,
            "players": 4,
            "hands": [["Rskipall", "B3", "G2"], 3, 3, 3],
            "discard": ["R5"],
        }
    )
    move = uno.parse_move("0 Rskipall")
    fast = _shortcut(state, move)
    general = _perform(state, move)
    assert fast is not None
    assert (fast.state, fast.events) == (general.state, general.events)
    assert general.state.turn == 0
    assert [e.kind for e in general.events].count("skipped") == 3


@pytest.fixture
def twins(tmp_path: Path) -> Iterator[None]:
    with installed(tmp_path, {"x_twins": TWINS_MODULE}, {"test_twins": "x_twins:RULE"}):
        yield


def test_a_rule_allowing_plays_out_of_turn_is_asked_by_the_polling_players(twins: None) -> None:
    """An installed rule that allows plays out of turn and does not say when: the plan
    says a seat may play out of turn at any moment, so the simulation's bots and the RL
    environment ask every seat (they used to read the jump-in settings alone)."""
    rules = uno.load_preset(
        {"extends": "official", "house_rules": {"test_twins": {"enabled": True}}}
    )
    table = uno.situation(
        {"rules": rules, "players": 3, "hands": [["B3", "G7"], ["R5", "G1"], 3], "discard": ["R5"],
         "played_by": 2}
    )  # fmt: skip
    assert uno.validate(table, "1 R5") is None  # the twin, out of turn
    assert rules.plan.out_of_turn_always
    assert all(rules.plan.may_play_out_of_turn(table, seat) for seat in (1, 2))
    pytest.importorskip("pettingzoo")
    from uno_rules.env.aec import UnoEnv

    env = UnoEnv(rules=rules, players=3)
    env.reset(seed=1)
    assert env._core._candidates(table) == [1, 2]  # every other seat is asked
    plain = UnoEnv(rules="official", players=3)
    plain.reset(seed=1)
    assert plain._core._candidates(table) == []  # official: nobody may play out of turn here


def jump_table(preset: object, **extra: object) -> uno.GameState:
    return uno.situation(
        {"rules": preset, "players": 3, "hands": [["R5", "B3"], 2, 2], "discard": ["R5"], **extra}
    )


def test_jump_in_says_from_public_facts_when_a_seat_may_jump() -> None:
    """H06's own conditions that read no hand: not on a turned first card (A27), not by the
    seat that played it unless ``self_back_to_back`` (A28), not on a wild under ``wilds:
    none`` (A24)."""
    flipped = uno.new_game(uno.load_preset("progressive"), players=3, seed=4)
    plan = flipped.rules.plan
    assert flipped.played_by is None and not flipped.top_card.is_wild
    assert not plan.may_play_out_of_turn(flipped, 1)  # A27: turned, not played
    played = jump_table("progressive", played_by=2)
    assert plan.may_play_out_of_turn(played, 1)
    assert plan.may_play_out_of_turn(played, 2)  # progressive: self_back_to_back (A28)
    once = {"extends": "progressive", "house_rules": {"jump_in": {"self_back_to_back": False}}}
    table = jump_table(once, played_by=2)
    assert table.rules.plan.may_play_out_of_turn(table, 1)
    assert not table.rules.plan.may_play_out_of_turn(table, 2)  # A28
    no_wilds = {"extends": "progressive", "house_rules": {"jump_in": {"wilds": "none"}}}
    on_wild = uno.situation(
        {"rules": no_wilds, "players": 3, "hands": [["R5", "B3"], 2, 2], "discard": ["W"],
         "color": "red", "played_by": 2}
    )  # fmt: skip
    assert not on_wild.rules.plan.may_play_out_of_turn(on_wild, 1)  # A24
    assert not uno.load_preset("official").plan.may_play_out_of_turn(played, 1)
