"""The conformance kit (``uno_rules.testing``): each check passes on the engine as it is
and fails, with a sentence naming what broke, on a table or an engine that breaks it."""

from __future__ import annotations

import pytest

import uno_rules as uno
from uno_rules import testing
from uno_rules.record import NEXT_ROUND
from uno_rules.state import pile_from


def _state() -> uno.GameState:
    return uno.new_game("official", players=3, seed=5)


def test_check_conserved_names_the_extra_and_the_missing_cards() -> None:
    state = _state()
    testing.check_conserved(state)
    assert testing.all_cards(state) == testing.deck_of("official")
    hand = (*state.hands[0][1:], uno.Card.parse("W"))
    broken = state._replace(hands=(hand, *state.hands[1:]))
    lost = state.hands[0][0]
    with pytest.raises(testing.ConformanceError, match=rf"extra \{{'W': 1\}}.*'{lost}'"):
        testing.check_conserved(broken)
    short = state._replace(draw=pile_from(list(state.draw_pile)[1:]))
    with pytest.raises(testing.ConformanceError, match="cards not conserved"):
        testing.check_conserved(short)


def test_check_listed_moves_catches_a_listed_move_that_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = _state()
    testing.check_listed_moves(state)
    monkeypatch.setattr(
        testing, "validate", lambda s, m: uno.validate(s, uno.Draw((m.seat + 1) % 3))
    )
    with pytest.raises(testing.ConformanceError, match="is refused"):
        testing.check_listed_moves(state)


def test_check_listed_moves_catches_a_move_listed_twice(monkeypatch: pytest.MonkeyPatch) -> None:
    state = _state()
    monkeypatch.setattr(testing, "legal_moves", lambda s, k=None: (uno.Draw(s.turn),) * 2)
    with pytest.raises(testing.ConformanceError, match="lists a move twice"):
        testing.check_listed_moves(state)


def test_check_move_agrees_with_validate_apply_and_the_listing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = _state()
    legal = uno.legal_moves(state)[0]
    assert isinstance(testing.check_move(state, legal), uno.Transition)
    refused = testing.check_move(state, uno.Pass(state.turn))
    assert isinstance(refused, uno.Violation)
    assert testing.check_move(state, uno.Draw(7)).code == "unknown-seat"  # type: ignore[union-attr]
    # an engine whose listing leaves a legal move out is caught
    monkeypatch.setattr(testing, "legal_moves", lambda s, k=None: ())
    with pytest.raises(testing.ConformanceError, match="listed False, valid True"):
        testing.check_move(state, legal)


def test_check_state_runs_every_check_and_counts_the_fast_paths() -> None:
    state = _state()
    listed, applied = testing.check_state(state)
    assert listed >= 1  # the fast listing answered (for the seat to act)
    assert applied > 0


def test_random_playout_ends_games_and_stops_one_that_does_not() -> None:
    ended: list[int] = []
    final, texts = testing.random_playout(
        {"extends": "official", "scoring": {"target": 50}},
        2,
        3,
        4,
        max_moves=5_000,
        on_round_end=lambda before, after: ended.append(after.round_number),
        next_dealer=lambda s: (s.dealer + 1) % s.players,
    )
    assert final.game_over and ended and texts.count(NEXT_ROUND) == len(ended) - 1
    replayed = uno.replay(
        uno.make_record({"extends": "official", "scoring": {"target": 50}}, 2, 3, texts)
    )
    assert replayed.violation is None and replayed.state == final
    with pytest.raises(testing.ConformanceError, match="did not end within 3 moves"):
        testing.random_playout("official", 2, 3, 4, max_moves=3)


def test_battery_checks_every_state_of_seeded_rounds() -> None:
    report = testing.battery("official", players=(2,), seeds=(1, 2), limit=15)
    assert report == testing.BatteryReport(2, 30, report.fast_listed, report.shortcuts)
    assert report.fast_listed >= 30 and report.shortcuts > 0


def test_perft_counts_move_sequences() -> None:
    state = _state()
    split = testing.divide(state, 2)
    assert sorted(split) == sorted(str(m) for m in uno.legal_moves(state))
    assert testing.perft(state, 2) == sum(split.values())
    assert testing.perft(state, 1) == len(uno.legal_moves(state))
    assert testing.perft(state, 0) == 1
    assert testing.perft(state, 2, all_seats=True) >= testing.perft(state, 2)
