"""X01 Eights skip, through uno_rules' public API (the package must be installed)."""

from __future__ import annotations

import pytest

import uno_rules as uno
from uno_rules.events import CardsDrawn, Skipped

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
