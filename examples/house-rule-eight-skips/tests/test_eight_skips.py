"""X01 Eights skip, through uno_rules' public API (the package must be installed)."""

from __future__ import annotations

import pytest

import uno_rules as uno
from uno_rules.events import CardsDrawn, Skipped
from uno_rules.testing import battery, check_move, random_playout

EIGHTS = {"extends": "official", "house_rules": {"eight_skips": {"enabled": True}}}


def table(preset: object) -> uno.GameState:
    return uno.situation(
        {"rules": preset, "players": 3, "hands": [["R8", "B3"], 3, 3], "discard": ["R5"]}
    )


def test_an_eight_skips_the_next_player() -> None:
    ruling = uno.rule_on(table(EIGHTS), "0 R8")
    assert ruling.legal and ruling.clause == "X01"
    assert Skipped(1) in ruling.events
    assert ruling.state.turn == 2


def test_without_the_rule_an_eight_is_a_number_card() -> None:
    ruling = uno.rule_on(table("official"), "0 R8")
    assert ruling.clause == "B5.1"
    assert ruling.state.turn == 1


def test_the_skipped_player_draws_when_set() -> None:
    preset = {"house_rules": {"eight_skips": {"enabled": True, "also_draws": 2}}}
    ruling = uno.rule_on(table(preset), "0 R8")
    drawn = [e for e in ruling.events if isinstance(e, CardsDrawn)]
    assert [(e.seat, e.count) for e in drawn] == [(1, 2)]
    assert ruling.state.turn == 2


def test_presets_check_it_like_a_bundled_rule() -> None:
    rules = uno.load_preset(EIGHTS)
    assert rules.to_dict()["house_rules"]["eight_skips"] == {"enabled": True, "also_draws": 0}
    assert uno.load_preset(rules.to_dict()) == rules
    with pytest.raises(uno.PresetError, match=r"eight_skips\.also_draws"):
        uno.load_preset({"house_rules": {"eight_skips": {"enabled": True, "also_draws": 9}}})


def test_the_rule_keeps_the_engines_contract() -> None:
    """The conformance kit: at every state of seeded rounds with the rule on, the cards add
    up, every listed move validates and applies, and the fast paths agree with the general
    path (an 8 must take the general path, or it would not skip)."""
    drawing = {"house_rules": {"eight_skips": {"enabled": True, "also_draws": 2}}}
    for preset in (EIGHTS, drawing):
        report = battery(preset, players=(3,), seeds=(1, 2), limit=25)
        assert report.states == 50 and report.fast_listed > 0
    state = table(EIGHTS)
    assert isinstance(check_move(state, uno.parse_move("0 R8")), uno.Transition)
    assert isinstance(check_move(state, uno.parse_move("0 B3")), uno.Violation)


def test_whole_games_end_with_the_rule_on() -> None:
    for seed in (1, 2):
        final, _moves = random_playout(EIGHTS, 3, seed, seed, max_moves=20_000)
        assert final.game_over
