"""Stateful property tests: a hypothesis state machine plays the official rules.

Every step either applies a random legal move of a random seat (out-of-turn moves
included), tries a random arbitrary move (often illegal, sometimes by a seat that does not
exist) or deals the next round; after every step the invariants of ``API.md`` are checked:

(a) card conservation (B1.4); (b) listed iff valid iff applies; (c) an illegal move (and a
legal one) leaves the input state unchanged; (d) exactly one pending decision until the game
ends; (e) ``load_state(dump_state(s)) == s``, also through JSON text; (f) views and viewed
events leak nothing: changing the hidden facts (other hands, the draw pile order, the seed,
the bluff flag) leaves a seat's view equal.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    rule,
)

import uno_rules as uno
from uno_rules.cards import COLORS, Card, Rank, classic_deck
from uno_rules.state import pile_from

DECK = Counter(classic_deck())
# The 54 faces of the classic deck, plus the 112-card extras (never in an official hand).
FACES: tuple[Card, ...] = tuple(
    [Card(c, r) for c in COLORS for r in Rank if not r.is_wild]
    + [Card(None, r) for r in Rank if r.is_wild]
)
MOVE_CLASSES = (
    uno.Play,
    uno.Draw,
    uno.Pass,
    uno.CallUno,
    uno.CatchUno,
    uno.Challenge,
    uno.Accept,
    uno.ChooseColor,
)
OUT_OF_TURN = (uno.CallUno, uno.CatchUno)


# --------------------------------------------------------------------------- helpers


def all_cards(state: uno.GameState) -> Counter[Card]:
    held: Counter[Card] = Counter()
    for hand in state.hands:
        held.update(hand)
    held.update(state.draw_pile)
    held.update(state.discard_pile)
    return held


def assert_conserved(state: uno.GameState) -> None:
    held = all_cards(state)
    assert held == DECK, (
        f"cards not conserved (B1.4): extra {dict(held - DECK)}, missing {dict(DECK - held)}"
    )
    assert len(state.draw_pile) == state.draw_pile_size


def keys_anywhere(value: Any) -> set[str]:
    """Every mapping key in a nested structure of plain types."""
    found: set[str] = set()
    if isinstance(value, dict):
        for k, v in value.items():
            found.add(str(k))
            found |= keys_anywhere(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            found |= keys_anywhere(v)
    return found


def objects_reachable(value: Any, depth: int = 0) -> list[Any]:
    """Every object reachable through attrs fields, tuples, lists, sets and dicts."""
    out = [value]
    if depth > 8:
        return out
    if attrs.has(type(value)):
        for a in attrs.fields(type(value)):
            out += objects_reachable(getattr(value, a.name), depth + 1)
    elif isinstance(value, (tuple, list, set, frozenset)):
        for v in value:
            out += objects_reachable(v, depth + 1)
    elif isinstance(value, dict):
        for k, v in value.items():
            out += objects_reachable(k, depth + 1) + objects_reachable(v, depth + 1)
    return out


def hidden_changed(state: uno.GameState, seat: int, rng: random.Random) -> uno.GameState:
    """``state`` with everything ``seat`` cannot see changed: the other hands and the draw
    pile re-dealt among themselves (sizes kept), another seed, the bluff flag flipped."""
    others = [k for k in range(state.players) if k != seat]
    pool = [c for k in others for c in state.hands[k]] + list(state.draw_pile)
    rng.shuffle(pool)
    hands = list(state.hands)
    at = 0
    for k in others:
        n = len(state.hands[k])
        hands[k] = tuple(pool[at : at + n])
        at += n
    draw = pool[at:]
    assert len(draw) == state.draw_pile_size
    changes: dict[str, Any] = {
        "hands": tuple(hands),
        "draw": pile_from(draw),
        "seed": state.seed + 1 + rng.randrange(1000),
    }
    if state.drawn is not None and state.turn != seat:
        changes["drawn"] = hands[state.turn][-1] if hands[state.turn] else None
    if state.penalty is not None:
        changes["penalty"] = attrs.evolve(
            state.penalty,
            bluff=not state.penalty.bluff,
            offender_hand=hands[state.penalty.offender]
            if state.penalty.offender != seat
            else state.penalty.offender_hand,
        )
    return attrs.evolve(state, **changes)


def check_events_view(events: tuple[uno.Event, ...], players: int) -> None:
    """``view_events`` hides other seats' drawn cards and a challenged hand shown to
    someone else, and never shows the bluff flag."""
    for e in events:
        if isinstance(e, uno.CardsDrawn):
            assert e.cards is not None and len(e.cards) == e.count
    for k in range(players):
        seen = uno.view_events(events, k)
        assert len(seen) == len(events)
        for orig, mine in zip(events, seen, strict=True):
            assert mine.kind == orig.kind
            assert "bluff" not in keys_anywhere(mine.to_dict())
            if isinstance(orig, uno.CardsDrawn):
                assert isinstance(mine, uno.CardsDrawn)
                assert mine.count == orig.count and mine.seat == orig.seat
                if orig.seat == k:
                    assert mine.cards == orig.cards
                else:
                    assert mine.cards is None, f"seat {k} sees the cards seat {orig.seat} drew"
                    as_dict = mine.to_dict()
                    assert as_dict["cards"] is None
            if isinstance(orig, (uno.ChallengeWon, uno.ChallengeLost)) and k not in (
                orig.challenger,
                orig.offender,
            ):
                assert mine.hand is None  # type: ignore[attr-defined]


# --------------------------------------------------------------------------- the machine


class UnoMachine(RuleBasedStateMachine):
    state: uno.GameState
    last_events: tuple[uno.Event, ...]
    steps: int

    def _start(self, state: uno.GameState) -> None:
        self.state = state
        self.last_events = ()
        self.steps = 0

    @initialize(
        players=st.integers(2, 10),
        seed=st.integers(0, 2**64),
        dealer=st.none() | st.integers(0, 9),
        wild_first=st.booleans(),
    )
    def new_game(self, players: int, seed: int, dealer: int | None, wild_first: bool) -> None:
        if dealer is not None:
            dealer %= players
        state = uno.new_game("official", players=players, seed=seed, dealer=dealer)
        # half of the runs start on a Wild turned first: its color is still to be named (A1)
        while wild_first and state.phase is not uno.Phase.CHOOSE_COLOR:
            seed += 1
            state = uno.new_game("official", players=players, seed=seed, dealer=dealer)
        assert state.players == players and state.seed == seed
        self._start(state)

    # -- moves

    def _take(self, move: uno.Move) -> None:
        before = self.state
        before_dump = uno.dump_state(before)
        result = uno.apply(before, move)
        assert isinstance(result, uno.Transition), f"listed move {move} refused: {result}"
        # the input state is never changed, by a legal move either
        assert uno.dump_state(before) == before_dump
        check_events_view(result.events, before.players)
        for e in result.events:
            event(f"event {e.kind}")
        self.state = result.state
        self.last_events = result.events
        self.steps += 1

    def _advance_round(self) -> None:
        """Between rounds: deal the next one (checked); after the game: nothing."""
        old = self.state
        if old.game_over:
            return
        new = uno.next_round(old)
        assert isinstance(new, uno.GameState), new
        assert new.round_number == old.round_number + 1
        assert new.scores == old.scores
        assert new.dealer == (old.dealer + 1) % old.players
        assert not new.round_over
        assert uno.next_round(old) == new  # deterministic
        event("next round")
        self._start(new)

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
        """The acting seat moves, preferring plays, so rounds end within a run."""
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
            # (c) an illegal move leaves the state as it was
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

    # -- invariants

    @invariant()
    def a_cards_are_conserved(self) -> None:
        assert_conserved(self.state)

    @invariant()
    def b_listed_moves_validate_and_apply(self) -> None:
        state = self.state
        for k in range(state.players):
            moves = uno.legal_moves(state, k)
            assert len(set(moves)) == len(moves), f"duplicates in legal_moves(state, {k})"
            for m in moves:
                assert m.seat == k
                assert uno.validate(state, m) is None, m
                assert isinstance(uno.apply(state, m), uno.Transition), m
            if k != state.turn:
                # official rules: no jump-in, so another seat may only call or catch
                assert all(isinstance(m, OUT_OF_TURN) for m in moves), moves
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
        if state.round_over:
            assert not any(uno.legal_moves(state, k) for k in range(state.players))
            if not state.game_over:
                assert decision is not None and decision.seat is None
            else:
                assert max(state.scores) >= state.rules.scoring.target
                assert state.game_winners
        else:
            assert decision is not None and decision.seat == state.turn
            assert uno.legal_moves(state), "the seat to act has no legal move"
            assert state.round_winner is None
            assert max(state.scores) < state.rules.scoring.target
            if state.phase is not uno.Phase.CHOOSE_COLOR:
                assert state.color is not None
            if state.top_card.color is not None:
                assert state.color is state.top_card.color

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
            # the strong check: a table with the hidden facts changed looks the same
            other = hidden_changed(state, k, rng)
            assert_conserved(other)
            assert uno.view(other, k) == v, f"seat {k}'s view depends on hidden facts"
            assert uno.view(other, k).to_dict() == d
        for bad in (-1, state.players):
            with pytest.raises(uno.SituationError):
                uno.view(state, bad)


@st.composite
def arbitrary_moves(draw: st.DrawFn, state: uno.GameState) -> uno.Move:
    """Any move at all: a random seat (sometimes not a seat), class, card, color, target,
    call and extra cards; biased towards the acting seat and its hand so that some of them
    are legal."""
    players = state.players
    seat = draw(st.sampled_from([state.turn, state.turn]) | st.integers(-2, players + 2))
    cls = draw(st.sampled_from(MOVE_CLASSES))
    if cls is uno.Play:
        hand = state.hands[seat] if 0 <= seat < players else ()
        if hand and draw(st.booleans()):
            card = draw(st.sampled_from(hand))
        else:
            card = draw(st.sampled_from(FACES))
        if draw(st.integers(0, 3)) == 0:
            color = draw(st.none() | st.sampled_from(COLORS))
        else:
            color = draw(st.sampled_from(COLORS)) if card.is_wild else None
        target = draw(st.integers(-1, players + 1)) if draw(st.integers(0, 7)) == 0 else None
        extra = (
            draw(st.lists(st.sampled_from(FACES), max_size=2))
            if draw(st.integers(0, 7)) == 0
            else ()
        )
        return uno.Play(
            seat, card, color=color, target=target, call_uno=draw(st.booleans()), extra=extra
        )
    if cls is uno.CatchUno:
        return uno.CatchUno(seat, draw(st.integers(-1, players + 1)))
    if cls is uno.ChooseColor:
        return uno.ChooseColor(seat, draw(st.sampled_from(COLORS)))
    return cls(seat)  # type: ignore[call-arg,no-any-return]


class EndgameMachine(UnoMachine):
    """The same machine started from table descriptions near the end of a game (small
    hands, scores near the 500 target), so that round ends, scoring, ``next_round`` and
    the game's end are reached within a run."""

    @initialize(
        players=st.integers(2, 10),
        seed=st.integers(0, 2**32),
        data=st.data(),
    )
    def new_game(self, players: int, seed: int, data: st.DataObject) -> None:  # type: ignore[override]
        kind = data.draw(st.sampled_from(["small hands", "short draw pile", "all in hands"]))
        sizes = data.draw(st.lists(st.integers(1, 3), min_size=players, max_size=players))
        scores = data.draw(st.lists(st.integers(0, 499), min_size=players, max_size=players))
        top = data.draw(st.sampled_from([c for c in FACES if c.color is not None]))
        extra: dict[str, Any] = {}
        if kind == "short draw pile":
            # the rest of the deck lies under the top card: draws reshuffle (B11)
            extra["draw_pile_size"] = data.draw(st.integers(0, 3))
        elif kind == "all in hands":
            # both piles exhausted: only the top card is not in a hand (A44)
            sizes = [107 // players + (1 if k < 107 % players else 0) for k in range(players)]
            extra["draw_pile_size"] = 0
        turn = data.draw(st.integers(0, players - 1))
        direction = data.draw(st.sampled_from(["clockwise", "counterclockwise"]))
        description = {
            "rules": "official",
            "players": players,
            "hands": sizes,
            "discard": [str(top)],
            "turn": turn,
            "direction": direction,
            "seed": seed,
            "scores": scores,
            **extra,
        }
        state = uno.situation(description)
        assert [len(h) for h in state.hands] == sizes
        assert state.turn == turn and list(state.scores) == scores
        self._start(state)


SETTINGS = settings(
    max_examples=15,
    stateful_step_count=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

UnoMachine.TestCase.settings = SETTINGS
EndgameMachine.TestCase.settings = SETTINGS

TestUnoMachine = UnoMachine.TestCase
TestEndgameMachine = EndgameMachine.TestCase
