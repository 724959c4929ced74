"""The state-machine and playout invariants of the official rules, for every rule set.

``tests/test_state_machine.py`` and ``tests/test_playouts.py`` check the public
invariants under the official preset. Here the same invariants are checked under every
bundled preset (``uno.preset_names()``) and under random rule sets generated from the
rules model (``tests/rules_strategies.py``; the ones ``load_preset`` refuses are
discarded), with a table size each rule set allows:

(a) card conservation against ``build_deck(rules)`` (eliminated seats hold nothing);
(b) a move is listed iff ``validate`` accepts it iff ``apply`` gives a ``Transition``, for
    listed moves of every seat and for random arbitrary moves; (c) an illegal move leaves
    the state unchanged; (d) exactly one pending decision until the game is over;
(e) ``load_state(dump_state(s)) == s``, through JSON too; (f) views and viewed events leak
    nothing (a seat's view is unchanged when the hidden facts are changed).

And complete random playouts of every bundled preset with 2, 3 and 4 players, whose
records (``make_record``, ``next-round`` between rounds) replay to the same final state.

The machine (``InvariantMachine``) and the playout (``random_playout``) are those of
``tests/rules_strategies.py``, which the official-rules tests use too.
"""

from __future__ import annotations

import functools
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import initialize

import uno_rules as uno
from budget import examples
from rules_strategies import (
    FACES,
    InvariantMachine,
    assert_conserved,
    assert_replays,
    loadable_rules,
    player_counts,
    random_playout,
)
from uno_rules.record import make_record
from uno_rules.rules import ScoringMode
from uno_rules.rules.deck import build_deck

PRESETS = uno.preset_names()
MAX_MOVES = 300_000


# --------------------------------------------------------------------------- the machines


class AnyRulesMachine(InvariantMachine):
    """The machine of ``rules_strategies.py`` for a rule set drawn from ``RULES``, whose
    game is recorded and replayed at the end of the run."""

    RULES: st.SearchStrategy[uno.Rules] = st.sampled_from(PRESETS).map(uno.load_preset)

    @initialize(data=st.data())
    def new_game(self, data: st.DataObject) -> None:
        rules = data.draw(self.RULES, label="rules")
        players = data.draw(player_counts(rules), label="players")
        seed = data.draw(st.integers(0, 2**64), label="seed")
        dealer = data.draw(st.none() | st.integers(0, players - 1), label="dealer")
        state = uno.new_game(rules, players=players, seed=seed, dealer=dealer)
        assert state.players == players and state.seed == seed and state.rules == rules
        event(f"rules {rules.name}")
        self._start(state)
        # the game's record, replayed at the end of the run (docs/reference.md)
        self.record = make_record(rules, players, seed, [], dealer)


class RandomRulesMachine(AnyRulesMachine):
    """The same machine under random rule sets generated from the model."""

    RULES = loadable_rules()


class EndgameMachine(AnyRulesMachine):
    """Started from table descriptions near the end of a round and of the game (small
    hands, scores near the target, short or empty draw piles), so that round ends,
    scoring, ``next_round`` and the game's end are reached within a run."""

    RULES = st.sampled_from(PRESETS).map(uno.load_preset) | loadable_rules()

    @initialize(data=st.data())
    def new_game(self, data: st.DataObject) -> None:  # type: ignore[override]
        rules = data.draw(self.RULES, label="rules")
        players = data.draw(player_counts(rules), label="players")
        seed = data.draw(st.integers(0, 2**32), label="seed")
        kind = data.draw(st.sampled_from(["small hands", "short draw pile"]))
        sizes = data.draw(st.lists(st.integers(1, 3), min_size=players, max_size=players))
        target = rules.scoring.target
        scores = data.draw(
            st.lists(
                st.integers(max(0, target - 60), target - 1), min_size=players, max_size=players
            )
        )
        if rules.scoring.mode is ScoringMode.NONE:
            scores = [0] * players
        in_deck = set(build_deck(rules))  # N1: a No Mercy table holds its own cards
        colored = [c for c in FACES if c.color is not None and c in in_deck] or sorted(
            {c for c in in_deck if c.color is not None}, key=str
        )  # F1: the two-sided cards of the Flip deck are no one-sided face
        # AW1: a deck of wild cards alone starts on a wild with its color named
        top = data.draw(st.sampled_from(colored or sorted(in_deck, key=str)))
        description: dict[str, Any] = {
            "rules": rules.to_dict(),
            "players": players,
            "hands": sizes,
            "discard": [str(top)],
            "turn": data.draw(st.integers(0, players - 1)),
            "direction": data.draw(st.sampled_from(["clockwise", "counterclockwise"])),
            "seed": seed,
            "scores": scores,
        }
        if top.color is None:
            description["color"] = "red"
        if kind == "short draw pile":
            description["draw_pile_size"] = data.draw(st.integers(0, 3))
        try:
            state = uno.situation(description)
        except uno.PresetError:
            # to_dict() of a loadable rule set must load again: see test_preset_validation
            rules_dict = rules.to_dict()
            assert uno.load_preset(rules_dict) == rules, "to_dict() does not load back"
            raise
        assert [len(h) for h in state.hands] == sizes
        assert list(state.scores) == scores
        event(f"rules {rules.name}")
        self._start(state)


SETTINGS = settings(
    max_examples=examples(6),
    stateful_step_count=30,
    deadline=None,
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.filter_too_much,
    ],
)
AnyRulesMachine.TestCase.settings = SETTINGS
RandomRulesMachine.TestCase.settings = settings(SETTINGS, max_examples=examples(20))
EndgameMachine.TestCase.settings = settings(SETTINGS, max_examples=examples(15))

TestBundledPresetsMachine = AnyRulesMachine.TestCase
TestRandomRulesMachine = RandomRulesMachine.TestCase
TestEndgameMachine = EndgameMachine.TestCase


# --------------------------------------------------------------------------- fixed starts


@pytest.mark.parametrize("name", PRESETS)
@pytest.mark.parametrize("players", [2, 3, 4, 6, 7])
def test_every_preset_deals_a_sound_table(name: str, players: int) -> None:
    """Fresh deals of every bundled preset meet every invariant, including out-of-turn
    moves of all seats (at the table sizes it is for: No Mercy is for 2 to 6, N1)."""
    rules = uno.load_preset(name)
    if players > rules.max_players:
        return
    for seed in range(6):
        state = uno.new_game(rules, players=players, seed=seed)
        assert state == uno.new_game(name, players=players, seed=seed)
        machine = AnyRulesMachine()
        machine._start(state)
        machine.a_cards_are_conserved()
        machine.b_listed_moves_validate_and_apply()
        machine.d_one_pending_decision()
        machine.e_snapshot_round_trip()
        machine.f_views_leak_nothing()
        machine.teardown()


# --------------------------------------------------------------------------- playouts


@functools.cache
def play_game(
    name: str, players: int, seed: int, policy_seed: int
) -> tuple[uno.GameState, tuple[str, ...]]:
    """One whole random game under a bundled preset (``random_playout``): the final state
    and the record's move texts."""
    return random_playout(name, players, seed, policy_seed, max_moves=MAX_MOVES)


@pytest.mark.parametrize("name", PRESETS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_game_ends_and_replays(name: str, players: int) -> None:
    seed = 1000 + 17 * players + len(name)
    final, texts = play_game(name, players, seed, policy_seed=players)
    assert final.game_over and final.game_winners
    assert_conserved(final)
    if not final.rules.house_rules.mercy.enabled or len(final.active_seats) > 1:
        assert max(final.scores) >= final.rules.scoring.target
        assert final.game_winner is not None
        assert final.scores[final.game_winner] == max(final.scores)

    record = make_record(name, players, seed, texts)
    assert record["moves"] == list(texts)
    assert_replays(json.loads(json.dumps(record)), final)

    # the same record with the rules written out in full replays the same way
    inline = make_record(uno.load_preset(name), players, seed, texts)
    assert uno.replay(inline).state == final
