"""Every error the library raises survives pickling whole: a worker process's error (a
simulation's pool, a Dask worker) reaches its parent with the same message and fields,
never as a different error raised while unpickling it."""

from __future__ import annotations

import pickle

import pytest

import uno_rules as uno
from uno_rules.errors import (
    IllegalMoveError,
    NotationError,
    PluginError,
    PresetError,
    SituationError,
    UnoError,
)


def _raised(make: object) -> UnoError:
    with pytest.raises(UnoError) as caught:
        make()  # type: ignore[operator]
    return caught.value


CASES = {
    "notation": lambda: uno.Card.parse("X9"),
    "preset": lambda: uno.load_preset({"name": "x", "stackingg": 1, "uno": {"enabled": 3}}),
    "situation": lambda: uno.situation(
        {"rules": "official", "players": 2, "hands": [["X9"], ["R1"]], "discard": ["R2"]}
    ),
    "illegal move": lambda: uno.apply_or_raise(uno.new_game(players=2, seed=1), "1 draw"),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_an_error_pickled_and_loaded_is_the_same_error(name: str) -> None:
    error = _raised(CASES[name])
    again = pickle.loads(pickle.dumps(error))
    assert type(again) is type(error)
    assert str(again) == str(error)
    assert again.args == error.args
    if isinstance(error, (PresetError, SituationError)):
        assert again.problems == error.problems
        assert again.text("vi") == error.text("vi")
    if isinstance(error, NotationError):
        assert (again.text, again.expected) == (error.text, error.expected)
    if isinstance(error, IllegalMoveError):
        assert again.violation == error.violation


def test_a_plugin_error_pickled_and_loaded_keeps_its_rule_and_problem() -> None:
    error = PluginError("sevens", "its play_effect hook raised KeyError")
    again = pickle.loads(pickle.dumps(error))
    assert (again.rule, again.problem, str(again)) == (error.rule, error.problem, str(error))
