"""The state-machine and playout invariants of the official rules, for every rule set.

``tests/test_state_machine.py`` and ``tests/test_playouts.py`` check the ``API.md``
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
"""

from __future__ import annotations

import functools
import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

import uno_rules as uno
from rules_strategies import (
    FACES,
    OUT_OF_TURN,
    arbitrary_moves,
    assert_conserved,
    check_events_view,
    hidden_changed,
    keys_anywhere,
    loadable_rules,
    objects_reachable,
    player_counts,
)
from uno_rules.cards import Rank
from uno_rules.record import NEXT_ROUND, make_record
from uno_rules.rules import DealerRotation, ScoringMode

PRESETS = uno.preset_names()
MAX_MOVES = 300_000


def expected_dealer(old: uno.GameState) -> int:
    """A6: who deals the next round (eliminated seats never deal)."""
    out = old.eliminated

    def next_active(seat: int) -> int:
        seat = (seat + 1) % old.players
        while seat in out:
            seat = (seat + 1) % old.players
        return seat

    rotation = old.rules.dealer_rotation
    if rotation is DealerRotation.WINNER_DEALS and old.round_winner is not None:
        return old.round_winner
    if rotation is DealerRotation.FIXED and old.dealer not in out:
        return old.dealer
    return next_active(old.dealer)


def scores_decide_game_end(rules: uno.Rules) -> bool:
    """Under the winner-collects modes the game ends exactly when a score reaches the
    target (B10.6); other modes and the mercy rule end it otherwise."""
    return (
        rules.scoring.mode in (ScoringMode.WINNER_COLLECTS, ScoringMode.WINNER_COLLECTS_OTHERS_LOSE)
        and not rules.house_rules.mercy.enabled
    )


# --------------------------------------------------------------------------- the machines


class AnyRulesMachine(RuleBasedStateMachine):
    """The machine of ``test_state_machine.py`` for a rule set drawn from ``RULES``."""

    RULES: st.SearchStrategy[uno.Rules] = st.sampled_from(PRESETS).map(uno.load_preset)

    state: uno.GameState
    steps: int
    record: dict[str, Any] | None = None

    def _start(self, state: uno.GameState) -> None:
        self.state = state
        self.steps = 0

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
        # the game's record, replayed at the end of the run (API.md 8)
        self.record = make_record(rules, players, seed, [], dealer)

    # -- moves

    def _take(self, move: uno.Move) -> None:
        before = self.state
        before_dump = uno.dump_state(before)
        result = uno.apply(before, move)
        assert isinstance(result, uno.Transition), f"listed move {move} refused: {result}"
        assert uno.dump_state(before) == before_dump, "apply changed its input state"
        check_events_view(result.events, before.players)
        for e in result.events:
            event(f"event {e.kind}")
        self.state = result.state
        self.steps += 1
        if self.record is not None:
            self.record["moves"].append(str(move))

    def _advance_round(self) -> None:
        old = self.state
        if old.game_over:
            return
        new = uno.next_round(old)
        assert isinstance(new, uno.GameState), new
        assert new.round_number == old.round_number + 1
        assert new.scores == old.scores
        assert new.eliminated == old.eliminated
        assert new.dealer == expected_dealer(old)
        assert not new.round_over
        assert uno.next_round(old) == new  # deterministic
        event("next round")
        self._start(new)
        if self.record is not None:
            self.record["moves"].append(NEXT_ROUND)

    @rule(data=st.data())
    def play_any_legal_move(self, data: st.DataObject) -> None:
        if self.state.round_over:
            self._advance_round()
            return
        moves = [m for k in range(self.state.players) for m in uno.legal_moves(self.state, k)]
        assert moves, "a round in progress with no legal move for anyone"
        self._take(data.draw(st.sampled_from(moves), label="move"))

    @rule(data=st.data())
    def play_acting_seat(self, data: st.DataObject) -> None:
        """The acting seat moves, preferring plays, so that rounds end within a run."""
        if self.state.round_over:
            self._advance_round()
            return
        moves = uno.legal_moves(self.state)
        plays = [m for m in moves if isinstance(m, uno.Play)]
        self._take(data.draw(st.sampled_from(plays or list(moves)), label="move"))

    @rule(data=st.data())
    def try_arbitrary_move(self, data: st.DataObject) -> None:
        state = self.state
        move = data.draw(arbitrary_moves(state), label="arbitrary move")
        real_seat = type(move.seat) is int and 0 <= move.seat < state.players
        before_dump = uno.dump_state(state)
        valid = uno.validate(state, move) is None
        assert uno.dump_state(state) == before_dump
        result = uno.apply(state, move)
        applies = isinstance(result, uno.Transition)
        assert valid == applies, f"{move}: validate says {valid}, apply gives {result!r}"
        if real_seat:
            listed = move in uno.legal_moves(state, move.seat)
            assert listed == valid, f"{move}: listed {listed}, validate {valid}"
        else:
            assert not valid
            assert isinstance(result, uno.Violation) and result.code == "unknown-seat"
        event(f"arbitrary move: {'legal' if valid else result.code}")  # type: ignore[union-attr]
        if isinstance(result, uno.Violation):
            assert uno.dump_state(state) == before_dump
            assert uno.load_state(before_dump) == state
            assert isinstance(result.code, str) and result.code
            assert str(result)
            assert uno.validate(state, move) == result
        else:
            self._take(move)

    @rule()
    def next_round_at_the_wrong_time(self) -> None:
        state = self.state
        if state.round_over and not state.game_over:
            return
        result = uno.next_round(state)
        assert isinstance(result, uno.Violation)
        assert result.code == ("game-over" if state.game_over else "round-not-over")

    def teardown(self) -> None:
        """The record of the game played replays to the very same state, also through
        JSON text with the rules written out in full."""
        if self.record is None:
            return
        result = uno.replay(json.loads(json.dumps(self.record)))
        assert result.violation is None, (result.index, result.violation)
        assert result.applied == len(self.record["moves"])
        assert result.state == self.state

    # -- invariants

    @invariant()
    def a_cards_are_conserved(self) -> None:
        assert_conserved(self.state)

    @invariant()
    def b_listed_moves_validate_and_apply(self) -> None:
        state = self.state
        jump_in = state.rules.house_rules.jump_in.enabled
        for k in range(state.players):
            moves = uno.legal_moves(state, k)
            assert len(set(moves)) == len(moves), f"duplicates in legal_moves(state, {k})"
            if k in state.eliminated:
                assert moves == (), f"eliminated seat {k} has moves {moves}"
            assert uno.legal_moves(state, k) == moves  # a deterministic order
            for m in moves:
                assert m.seat == k
                assert uno.parse_move(str(m)) == m, f"{m!r} prints as {str(m)!r}"
                assert uno.validate(state, m) is None, m
                assert isinstance(uno.apply(state, m), uno.Transition), m
            if k != state.turn:
                # another seat may call, catch, or (under jump-in only) play
                allowed = OUT_OF_TURN if jump_in else (uno.CallUno, uno.CatchUno)
                assert all(isinstance(m, allowed) for m in moves), moves
        assert uno.legal_moves(state) == uno.legal_moves(state, state.turn)
        for bad in (-1, state.players, state.players + 5):
            assert uno.legal_moves(state, bad) == ()

    @invariant()
    def d_one_pending_decision(self) -> None:
        state = self.state
        decision = state.decision
        assert (decision is None) == state.game_over
        assert 0 <= state.turn < state.players
        assert len(state.scores) == state.players and len(state.hands) == state.players
        assert len(state.active_seats) >= 1
        if state.round_over:
            assert not any(uno.legal_moves(state, k) for k in range(state.players))
            if not state.game_over:
                assert decision is not None and decision.seat is None
            else:
                assert state.game_winners
                assert all(0 <= w < state.players for w in state.game_winners)
                if scores_decide_game_end(state.rules):
                    assert max(state.scores) >= state.rules.scoring.target
        else:
            assert decision is not None and decision.seat == state.turn
            assert state.turn not in state.eliminated
            assert uno.legal_moves(state), "the seat to act has no legal move"
            assert state.round_winner is None
            assert not state.game_winners
            if scores_decide_game_end(state.rules):
                assert max(state.scores) < state.rules.scoring.target
            if state.phase is not uno.Phase.CHOOSE_COLOR:
                assert state.color is not None
            if state.top_card.color is not None:
                assert state.color is state.top_card.color
            assert (state.phase is uno.Phase.PENALTY) == (state.penalty is not None)
            assert (state.phase is uno.Phase.DRAWN) == (state.drawn is not None)

    @invariant()
    def e_snapshot_round_trip(self) -> None:
        state = self.state
        dumped = uno.dump_state(state)
        assert uno.load_state(dumped) == state
        through_json = json.loads(json.dumps(dumped))
        assert through_json == dumped
        assert uno.load_state(through_json) == state

    @invariant()
    def f_views_leak_nothing(self) -> None:
        state = self.state
        rng = random.Random(self.steps * 7919 + state.seed)
        sizes = tuple(len(h) for h in state.hands)
        strong = {state.turn, rng.randrange(state.players), rng.randrange(state.players)}
        for k in range(state.players):
            v = uno.view(state, k)
            assert v.seat == k
            assert v.hand == state.hands[k]
            assert v.hand_sizes == sizes
            assert v.draw_pile_size == state.draw_pile_size
            assert v.top_card == state.top_card
            d = v.to_dict()
            json.dumps(d)
            assert "bluff" not in keys_anywhere(d)
            if k not in strong:
                continue
            for obj in objects_reachable(v):
                assert not isinstance(obj, (uno.GameState, uno.Penalty, uno.Rules)), obj
            other = hidden_changed(state, k, rng)
            assert_conserved(other)
            assert uno.view(other, k) == v, f"seat {k}'s view depends on hidden facts"
            assert uno.view(other, k).to_dict() == d


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
        top = data.draw(st.sampled_from([c for c in FACES if c.color is not None]))
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
    max_examples=12,
    stateful_step_count=30,
    deadline=None,
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.filter_too_much,
    ],
)
AnyRulesMachine.TestCase.settings = SETTINGS
RandomRulesMachine.TestCase.settings = settings(SETTINGS, max_examples=40)
EndgameMachine.TestCase.settings = settings(SETTINGS, max_examples=30)

TestBundledPresetsMachine = AnyRulesMachine.TestCase
TestRandomRulesMachine = RandomRulesMachine.TestCase
TestEndgameMachine = EndgameMachine.TestCase


# --------------------------------------------------------------------------- fixed starts


@pytest.mark.parametrize("name", PRESETS)
@pytest.mark.parametrize("players", [2, 3, 4, 7])
def test_every_preset_deals_a_sound_table(name: str, players: int) -> None:
    """Fresh deals of every bundled preset meet every invariant, including out-of-turn
    moves of all seats."""
    rules = uno.load_preset(name)
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


def card_value(rules: uno.Rules, card: uno.Card) -> int:
    """B10.5 with the preset's point values."""
    values = rules.scoring.values
    if card.rank.is_number:
        return int(card.rank.value)
    if card.rank in (Rank.SKIP, Rank.REVERSE, Rank.DRAW_TWO):
        return values.action
    if card.rank is Rank.WILD:
        return values.wild
    if card.rank is Rank.WILD_DRAW_FOUR:
        return values.wild_draw_four
    if card.rank is Rank.BLANK:
        return rules.extra_cards.blank.points
    return values.wild_extra


def check_round_end(before: uno.GameState, after: uno.GameState) -> None:
    """The round that just ended was scored as B10.5 says (winner collects, as in every
    bundled preset): the winner collects the points of every other hand; a blocked round
    or a last-player-standing end scores nothing."""
    assert_conserved(after)
    rules = after.rules
    assert rules.scoring.mode is ScoringMode.WINNER_COLLECTS
    assert not rules.house_rules.partnership.enabled
    winner = after.round_winner
    gained = [a - b for a, b in zip(after.scores, before.scores, strict=True)]
    standing = rules.house_rules.mercy.enabled and len(after.active_seats) == 1
    if winner is None or standing:
        assert gained == [0] * after.players
        if standing:
            assert after.game_over and after.game_winners == (after.active_seats[0],)
        return
    assert after.hands[winner] == ()
    expected = sum(
        card_value(rules, c) for k, hand in enumerate(after.hands) if k != winner for c in hand
    )
    assert gained[winner] == expected
    assert all(g == 0 for k, g in enumerate(gained) if k != winner)
    reached = max(after.scores) >= rules.scoring.target
    assert after.game_over == reached
    if after.game_over:
        assert after.game_winners == (winner,)


@functools.cache
def play_game(
    name: str, players: int, seed: int, policy_seed: int
) -> tuple[uno.GameState, tuple[str, ...]]:
    """One whole random game under a bundled preset: the final state and the record's
    move texts. Now and then another seat speaks up (a call, a catch or a jump-in)."""
    rng = random.Random(policy_seed)
    state = uno.new_game(name, players=players, seed=seed)
    texts: list[str] = []
    moves_made = 0
    while not state.game_over:
        if state.round_over:
            nxt = uno.next_round(state)
            assert isinstance(nxt, uno.GameState), nxt
            assert nxt.round_number == state.round_number + 1
            assert nxt.scores == state.scores
            assert nxt.dealer == expected_dealer(state)
            assert_conserved(nxt)
            texts.append(NEXT_ROUND)
            state = nxt
            continue
        if moves_made >= MAX_MOVES:
            pytest.fail(
                f"{name}, {players} players, seed {seed}: the game did not end within "
                f"{MAX_MOVES} moves (round {state.round_number}, scores {state.scores})"
            )
        move: uno.Move | None = None
        if rng.random() < 0.15:
            others = [
                m for k in range(players) if k != state.turn for m in uno.legal_moves(state, k)
            ]
            if others:
                move = rng.choice(others)
        if move is None:
            legal = uno.legal_moves(state)
            assert legal, f"seat {state.turn} has no legal move in {state!r}"
            move = rng.choice(legal)
        result = uno.apply(state, move)
        assert isinstance(result, uno.Transition), f"listed move {move} refused: {result}"
        if result.state.round_over:
            check_round_end(state, result.state)
        elif moves_made % 50 == 0:
            assert_conserved(result.state)
        state = result.state
        texts.append(str(move))
        moves_made += 1
    assert uno.next_round(state) == uno.GameOver()
    return state, tuple(texts)


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
    result = uno.replay(json.loads(json.dumps(record)))
    assert result.violation is None, (result.index, result.violation)
    assert result.index is None
    assert result.applied == len(texts)
    assert result.state == final
    assert uno.dump_state(result.state) == uno.dump_state(final)

    # the same record with the rules written out in full replays the same way
    inline = make_record(uno.load_preset(name), players, seed, texts)
    assert uno.replay(inline).state == final
