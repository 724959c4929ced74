"""What a seat is given is made of what it may see only: on every bundled preset, at
decisions of random games in the RL environment, the cards a seat cannot see are dealt
again (on UNO Flip its own cards' backs too, F14) and everything that seat's outputs are
made of is computed afresh from the re-dealt table: its observation, its action mask (the
legal moves listed and encoded again), its info's view, its view, its picture, its legal
moves as text, and the events of the play the same action makes. None may change.

(The environment's own leak test swapped the table under an environment whose mask had
been computed already, so its mask check could not fail: UNO Flip's action ids named
physical cards, and re-dealing a seat's own backs changed which ids were legal; and
``legal_moves`` wrote each of the seat's own cards as ``LIGHT/DARK``, naming its back.)"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import uno_rules as uno
from rules_strategies import hidden_changed
from uno_rules.env import UnoEnv
from uno_rules.events import CardsDrawn
from uno_rules.presets import preset_names
from uno_rules.svg import state_svg

from .budget import examples

SAMPLE = 0.15  # the share of decisions checked, which keeps the test quick


def outputs(env: UnoEnv, name: str, seat: int) -> dict[str, Any]:
    """Everything ``seat`` is given, computed from the environment's table as it is now."""
    core = env._core
    state = core._state
    if name == env.agent_selection:
        core._options = core._decisions(seat, core._chain)  # the mask, afresh
    core._refresh_infos()
    observed = env.observe(name)
    return {
        "observation": observed["observation"].tobytes(),
        "mask": observed["action_mask"].tobytes() if name == env.agent_selection else None,
        "info": repr(env.infos[name]["view"]),
        "view": uno.view(state, seat),
        "picture": state_svg(state, seat),
        "legal moves": [str(move) for move in uno.legal_moves(state, seat)],
    }


def played_events(env: UnoEnv, action: int, seat: int) -> list[str]:
    """The events ``seat`` sees of the move ``action`` makes, up to the first card drawn
    (a card drawn from a re-dealt pile is another card, shown as it is drawn)."""
    option = env._core._options.get(action)
    if not isinstance(option, uno.Play):
        return []
    result = uno.apply(env._core._state, option)
    assert isinstance(result, uno.Transition), result
    seen = []
    for event in uno.view_events(result.events, seat):
        if isinstance(event, CardsDrawn):
            break
        seen.append(repr(event))
    return seen


def check(env: UnoEnv, rng: random.Random) -> int:
    core = env._core
    state = core._state
    agent = env.agent_selection
    actor = env.possible_agents.index(agent)
    options = dict(core._options)
    checked = 0
    try:
        for seat, name in enumerate(env.possible_agents):
            if seat in state.eliminated:
                continue
            before = outputs(env, name, seat)
            mask = np.flatnonzero(env.observe(agent)["action_mask"]) if seat == actor else None
            action = int(rng.choice(mask)) if mask is not None and len(mask) else None
            events = played_events(env, action, seat) if action is not None else []
            for _ in range(2):
                core._state = hidden_changed(state, seat, rng)
                after = outputs(env, name, seat)
                for key, value in before.items():
                    assert after[key] == value, (key, name, state)
                if action is not None:
                    assert played_events(env, action, seat) == events, (name, state)
                checked += 1
            core._state = state
            core._options = dict(options)
    finally:
        core._state = state
        core._options = options
        core._refresh_infos()
    return checked


@pytest.mark.parametrize("preset", preset_names())
def test_nothing_a_seat_is_given_changes_when_what_it_cannot_see_is_dealt_again(
    preset: str,
) -> None:
    checked = 0
    for seed in range(examples(1)):
        env = UnoEnv(preset, 3, max_moves=110)
        env.reset(seed=seed)
        rng = random.Random(seed)
        for agent in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            if not env._core._chain and rng.random() < SAMPLE:
                checked += check(env, rng)
                observation = env.observe(agent)
            legal = np.flatnonzero(observation["action_mask"])
            env.step(int(rng.choice(legal)))
    assert checked > 20
