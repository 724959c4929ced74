"""``load_preset`` remembers the rules it built from a mapping (a state snapshot carries its
whole rule set, so each ``load_state`` would validate it afresh), and never gives back a
remembered rule set where loading again could rule differently."""

from __future__ import annotations

from pathlib import Path
from types import MappingProxyType

import pytest

import uno_rules as uno
from house_rule_plugin import EIGHTS_MODULE, installed


def test_the_same_mapping_loads_once() -> None:
    preset = {"extends": "family", "uno": {"penalty_cards": 3}}
    first = uno.load_preset(preset)
    again = uno.load_preset({"extends": "family", "uno": {"penalty_cards": 3}})
    assert again is first
    assert uno.load_preset({"extends": "family", "uno": {"penalty_cards": 4}}) is not first


def test_a_snapshot_loads_its_rules_once() -> None:
    state = uno.new_game("progressive", players=3, seed=4)
    dumped = uno.dump_state(state)
    first, second = uno.load_state(dumped), uno.load_state(uno.dump_state(state))
    assert first == state == second
    assert first.rules is second.rules


def test_one_and_true_and_one_point_oh_stay_apart() -> None:
    # 1 == True == 1.0 in Python, and they hash alike: a cache keyed on the values alone
    # would give hand_size True the rules of hand_size 1.
    assert uno.load_preset({"hand_size": 1}).hand_size == 1
    for wrong in (True, 1.0):
        with pytest.raises(uno.PresetError, match="hand_size"):
            uno.load_preset({"hand_size": wrong})


def test_a_mapping_that_extends_a_file_reads_the_file_again(tmp_path: Path) -> None:
    base = tmp_path / "base.yaml"
    base.write_text("extends: official\nhand_size: 5\n", encoding="utf-8")
    preset = {"extends": str(base), "uno": {"penalty_cards": 3}}
    assert uno.load_preset(preset).hand_size == 5
    base.write_text("extends: official\nhand_size: 6\n", encoding="utf-8")
    assert uno.load_preset(preset).hand_size == 6


def test_rules_of_an_installed_house_rule_are_forgotten_with_it(tmp_path: Path) -> None:
    preset = {"house_rules": {"test_eights": {"enabled": True}}}
    with installed(tmp_path, {"x_eights": EIGHTS_MODULE}, {"test_eights": "x_eights:RULE"}):
        assert uno.load_preset(preset).house_rules.test_eights.enabled  # type: ignore[attr-defined]
    with pytest.raises(uno.PresetError, match=r"house_rules\.test_eights: unknown setting"):
        uno.load_preset(preset)


def test_a_mapping_of_another_type_loads_every_time_with_the_same_result() -> None:
    proxy = MappingProxyType({"extends": "family", "hand_size": 6})
    assert uno.load_preset(proxy) == uno.load_preset(dict(proxy))
    assert uno.load_preset(proxy) is not uno.load_preset(proxy)
