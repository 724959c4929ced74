"""The heuristic bot plays every bundled preset, UNO Flip's dark side included: it names
only colors the side in play offers (F1, F11) and keeps any restricted wild (B8.1, F3, F4)
for when nothing else fits."""

from __future__ import annotations

import random

import pytest

import uno_rules as uno
from uno_rules.bots import HeuristicBot
from uno_rules.cards import DARK_COLORS
from uno_rules.presets import preset_names
from uno_rules.simulate import play_game, simulate


@pytest.mark.parametrize("name", preset_names())
def test_heuristic_bots_play_every_preset(name: str) -> None:
    rules = uno.load_preset(name)
    for players, seed in ((2, 0), (4, 1)):
        stats = play_game(rules, players, seed, "heuristic", max_turns=600)
        assert stats.rounds >= 1


def test_the_bot_names_a_dark_color_on_the_dark_side() -> None:
    table = uno.situation(
        {
            "rules": "flip",
            "players": 2,
            "side": "dark",
            "hands": [["R2/W+color", "R1/P1", "G5/P9", "G3/O3"], ["B6/T+5", "Y1/O8"]],
            "discard": ["R9/T4"],
        }
    )
    move = HeuristicBot().choose(table, 0, random.Random(0))
    assert uno.validate(table, move) is None


def test_the_bot_names_a_color_of_the_dark_side() -> None:
    state, rng, steps = uno.new_game("flip", players=2, seed=0), random.Random(0), 0
    while not (state.side == "dark" and state.phase == "choose-color"):
        assert steps < 1_000
        if state.round_over:
            state = uno.next_round(state)
            continue
        state = uno.apply_or_raise(state, rng.choice(uno.legal_moves(state, state.turn))).state
        steps += 1
    choice = HeuristicBot().choose(state, state.turn, random.Random(0))
    assert isinstance(choice, uno.ChooseColor)
    assert uno.validate(state, choice) is None and choice.color in DARK_COLORS


def test_simulate_flip_with_the_default_bot() -> None:
    totals = simulate("flip", players=3, games=2, seed=5, max_turns=2_000)
    assert totals.games == 2
