"""Stateful property tests: a hypothesis state machine plays the official rules.

Every step either applies a random legal move of a random seat (out-of-turn moves
included), tries a random arbitrary move (often illegal, sometimes by a seat that does not
exist) or deals the next round; after every step the public invariants are checked:

(a) card conservation (B1.4); (b) listed iff valid iff applies; (c) an illegal move (and a
legal one) leaves the input state unchanged; (d) exactly one pending decision until the game
ends; (e) ``load_state(dump_state(s)) == s``, also through JSON text; (f) views and viewed
events leak nothing: changing the hidden facts (other hands, the draw pile order, the seed,
the bluff flag) leaves a seat's view equal.

The machine and its checks (``InvariantMachine`` and the helpers of
``tests/rules_strategies.py``) are shared with ``tests/test_all_presets.py``; here they are
pinned to the official rules: the cards are counted against the 108-card classic deck, the
deal passes to the left (A6), no seat plays out of turn (only UNO calls and catches) and the
game ends exactly when a score reaches the target.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, ClassVar

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import initialize

import uno_rules as uno
from budget import examples
from rules_strategies import FACES, InvariantMachine
from uno_rules.cards import Card, classic_deck

CLASSIC = frozenset(classic_deck())  # these machines play the official rules

# --------------------------------------------------------------------------- the machine


class UnoMachine(InvariantMachine):
    """The invariant machine under the official rules."""

    # B1.4: the 108-card deck, exactly
    DECK: ClassVar[Counter[Card] | None] = Counter(classic_deck())

    def next_dealer(self, old: uno.GameState) -> int:
        # A6: the deal passes to the left
        return (old.dealer + 1) % old.players

    def out_of_turn(self, rules: uno.Rules) -> tuple[type, ...]:
        # official rules: no jump-in, so another seat may only call or catch
        return (uno.CallUno, uno.CatchUno)

    def scores_decide_game_end(self, rules: uno.Rules) -> bool:
        # winner collects: the game ends exactly when a score reaches the target
        return True

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
        top = data.draw(st.sampled_from([c for c in FACES if c.color is not None and c in CLASSIC]))
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
    max_examples=examples(8),
    stateful_step_count=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

UnoMachine.TestCase.settings = SETTINGS
EndgameMachine.TestCase.settings = SETTINGS

TestUnoMachine = UnoMachine.TestCase
TestEndgameMachine = EndgameMachine.TestCase
