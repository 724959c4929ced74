"""Round 2, findings 1-3: ``load_state`` accepted a ``choose-color`` snapshot holding a
zero draw that only H17 ``chooser: victim`` makes, without checking the top card, the
rules or the chooser, and the engine then failed an internal assertion; a Wild Draw Four's
``previous_color`` was not checked against the card under it; a ``passes`` count the
engine cannot reach was accepted, and play from it reached one that did not load back.

The checks are stated as properties: every state the engine reaches round-trips through
``dump_state``/``load_state``, and every state ``load_state`` accepts can be played on
with no internal error (``test_snapshot_invariants`` tampers with the H17 shape too).
"""

from __future__ import annotations

import copy
import json
import random
import subprocess
import sys
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import uno_rules as uno
from rules_strategies import player_counts, rules_for_games
from uno_rules.deal import build_deck
from uno_rules.snapshot import state_problems
from uno_rules.state import seat_after

from .budget import examples
from .test_snapshot_invariants import play_on, random_move, refusal

H17_VICTIM: dict[str, Any] = {
    "extends": "official-2015",
    "name": "draw until the victim's color",
    "extra_cards": {"wild_customizable": {"effect": "draw_until_color", "chooser": "victim"}},
}


def forged_choose_color() -> dict[str, Any]:
    """The review's snapshot: official rules, two players, a plain Wild on top, no color,
    and the zero draw of H17 pending."""
    snap = uno.dump_state(uno.new_game("official", players=2, seed=1))
    for place in [*snap["hands"], snap["draw_pile"]]:
        if "W" in place:
            place.remove("W")
            snap["discard_pile"].append("W")
            break
    snap.update(color=None, phase="choose-color", turn=0)
    snap["penalty"] = {
        "amount": 0,
        "card": "WC",
        "offender": 1,
        "bluff": False,
        "offender_hand": [],
        "previous_color": "red",
        "challengeable": False,
    }
    return snap


def h17_pending() -> uno.GameState:
    """A real H17 zero draw, made by the engine: seat 0 plays the Wild Customizable."""
    state = uno.situation(
        {
            "rules": H17_VICTIM,
            "players": 3,
            "hands": [["WC", "R1", "R2"], ["B1", "B2"], ["Y1", "Y2", "Y3"]],
            "discard": ["R5"],
            "turn": 0,
            "draw_pile": ["G2", "B7"],
        }
    )
    result = uno.apply(state, "0 WC red")
    assert isinstance(result, uno.Transition)
    assert result.state.phase is uno.Phase.CHOOSE_COLOR and result.state.penalty is not None
    return result.state


def test_the_forged_choose_color_snapshot_is_refused() -> None:
    problems = refusal(forged_choose_color())
    assert any("chooser: victim" in p for p in problems), problems


def test_the_real_h17_zero_draw_round_trips_and_plays_on() -> None:
    state = h17_pending()
    assert uno.load_state(uno.dump_state(state)) == state
    assert state_problems(state) == []
    after = uno.apply(state, "1 color blue")
    assert isinstance(after, uno.Transition)
    assert state_problems(after.state) == []


_LOAD = """
import json, sys
import uno_rules as uno
try:
    uno.load_state(json.load(sys.stdin))
except uno.SituationError as error:
    print(json.dumps(error.problems))
"""


def test_an_h17_zero_draw_with_every_seat_eliminated_is_refused_not_looped_on() -> None:
    # Found by test_a_tampered_snapshot_is_refused_or_plays_on: with every seat in
    # "eliminated", the check of the victim's turn looked for the seat after the offender
    # and went round the table for ever. Loaded in a child process, so that a loop fails
    # this test (at the timeout) instead of hanging the suite.
    snap = uno.dump_state(h17_pending())
    snap["eliminated"] = [0, 1, 2]
    done = subprocess.run(
        [sys.executable, "-c", _LOAD],
        input=json.dumps(snap),
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    problems = json.loads(done.stdout)
    assert "eliminated: 0 seat(s) left while the round goes on" in problems, problems


def test_seat_after_with_every_seat_out_raises_instead_of_looping() -> None:
    # B4.3: the seat after passes over the seats out; with none left there is no answer
    assert seat_after(4, {1, 2}, 0, 1) == 3
    assert seat_after(4, {3}, 0, -1) == 2
    assert seat_after(4, {1}, 0, 1, steps=2) == 3
    with pytest.raises(ValueError, match="every seat of the 3 is out"):
        seat_after(3, frozenset({0, 1, 2}), 0, 1)


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"discard_pile": ["R5", "W"], "hands": [["WC", "R1", "R2"]]}, "penalty.card"),
        ({"color": None}, "color"),
        ({"penalty": {"previous_color": "green"}}, "penalty.previous_color"),
        ({"penalty": {"challengeable": True}}, "penalty"),
        ({"penalty": {"offender_hand": ["R1"]}}, "penalty"),
        ({"turn": 2}, "turn"),
    ],
)
def test_an_h17_zero_draw_not_as_the_engine_leaves_it_is_refused(
    change: dict[str, Any], field: str
) -> None:
    snap = uno.dump_state(h17_pending())
    for key, value in change.items():
        if key == "penalty":
            snap["penalty"].update(value)
        elif key == "hands":
            # the Wild Customizable goes back to seat 0 and a plain Wild takes its place
            snap["hands"][0] = snap["hands"][0] + ["WC"]
            snap["discard_pile"].remove("WC")
            snap["draw_pile"].remove("W")
            snap["discard_pile"].append("W")
        elif key == "discard_pile":
            continue
        else:
            snap[key] = value
    problems = refusal(snap)
    assert any(p.startswith(field) for p in problems), problems


def test_the_zero_draw_needs_the_victim_chooser() -> None:
    snap = uno.dump_state(h17_pending())
    snap["rules"]["extra_cards"]["wild_customizable"]["chooser"] = "player"
    assert any("chooser: victim" in p for p in refusal(snap))


def pending_wild_draw_four(on_guilty_color: str = "card_returned") -> uno.GameState:
    state = uno.situation(
        {
            "rules": {"extends": "official", "challenge": {"on_guilty_color": on_guilty_color}},
            "players": 2,
            "hands": [["W+4", "R1", "B3"], ["G1", "G2"]],
            "discard": ["R5"],
            "turn": 0,
        }
    )
    result = uno.apply(state, "0 W+4 blue")
    assert isinstance(result, uno.Transition) and result.state.phase is uno.Phase.PENALTY
    return result.state


def test_previous_color_must_be_the_color_of_the_card_under_the_wild_draw_four() -> None:
    """Finding 2: a won challenge under ``card_returned`` used to leave R5 on top with the
    color blue."""
    state = pending_wild_draw_four()
    assert uno.load_state(uno.dump_state(state)) == state
    snap = uno.dump_state(state)
    snap["penalty"]["previous_color"] = "blue"
    problems = refusal(snap)
    assert any(p.startswith("penalty.previous_color") for p in problems), problems


def test_a_won_challenge_restores_the_color_of_the_card_under() -> None:
    after = uno.apply(pending_wild_draw_four(), "1 challenge")
    assert isinstance(after, uno.Transition)
    assert after.state.top_card == uno.Card.parse("R5") and after.state.color is uno.Color.RED


def blocked(passes: int) -> dict[str, Any]:
    """Two seats, every card in hand (nothing to draw or reshuffle), none of seat 0's
    playable on the G5 on top: seat 0 may only pass."""
    deck = [str(c) for c in build_deck(uno.load_preset("official"))]
    deck.remove("G5")
    stuck = [c for c in deck if not c.startswith(("G", "W")) and c[1:] != "5"]
    rest = [c for c in deck if c not in stuck]
    state = uno.situation({"players": 2, "hands": [stuck, rest], "discard": ["G5"], "turn": 0})
    snap = uno.dump_state(state)
    snap["passes"] = passes
    return snap


def test_passes_that_would_have_ended_the_round_are_refused() -> None:
    """Finding 3: ``passes: 2`` in a round of two seats (the round would have ended) loaded,
    and one more pass then reached ``passes: 3``, which did not load back."""
    assert uno.load_state(blocked(1)).passes == 1
    problems = refusal(blocked(2))
    assert any(p.startswith("passes") for p in problems), problems


def test_a_round_blocked_by_passes_round_trips() -> None:
    state = uno.load_state(blocked(1))
    result = uno.apply(state, "0 pass")
    assert isinstance(result, uno.Transition)
    assert result.state.round_over and result.state.passes == 2
    assert uno.load_state(uno.dump_state(result.state)) == result.state


@st.composite
def rule_sets(draw: st.DrawFn) -> uno.Rules:
    if draw(st.integers(0, 3)) == 0:
        return uno.load_preset(H17_VICTIM)
    rules: uno.Rules = draw(rules_for_games())
    return rules


@settings(
    max_examples=examples(5),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(rule_sets(), st.data(), st.integers(0, 2**32))
def test_every_state_the_engine_reaches_round_trips(
    rules: uno.Rules, data: st.DataObject, seed: int
) -> None:
    players = data.draw(player_counts(rules))
    rng = random.Random(seed)
    state = uno.new_game(rules, players=players, seed=seed)
    for _ in range(80):
        if state.game_over:
            break
        snap = uno.dump_state(state)
        assert uno.load_state(copy.deepcopy(snap)) == state, state_problems(state)
        if state.round_over:
            nxt = uno.next_round(state)
            assert isinstance(nxt, uno.GameState)
            state = nxt
            continue
        result = uno.apply(state, random_move(state, uno.legal_moves(state), rng))
        assert isinstance(result, uno.Transition)
        state = result.state


def test_h17_states_round_trip_and_play_on() -> None:
    """The H17 zero draw, reached many times by play, always loads back and plays on."""
    rules = uno.load_preset(H17_VICTIM)
    reached = 0
    for seed in range(40):
        rng = random.Random(seed)
        state = uno.new_game(rules, players=2 + seed % 3, seed=seed)
        for _ in range(200):
            if state.round_over:
                break
            if state.penalty is not None and state.phase is uno.Phase.CHOOSE_COLOR:
                reached += 1
                loaded = uno.load_state(uno.dump_state(state))
                assert loaded == state
                play_on(loaded, random.Random(seed), rounds=1)
            result = uno.apply(state, random_move(state, uno.legal_moves(state), rng))
            assert isinstance(result, uno.Transition)
            state = result.state
    assert reached > 0
