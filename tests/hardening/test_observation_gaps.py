"""What an RL observation left out: a waiting draw until a color (UNO Flip's Wild Draw
Color, F4) showed a penalty of 0, the value that means "none"; the cards put down with the
top card (the earlier cards of a several-card play, H09; a Discard All's, N13) were only in
``info["view"]``; the hand shown to a challenger (B8.5) was nowhere. Three sections now
hold them: ``penalty_until``, ``put_down`` and ``shown_hand``."""

from __future__ import annotations

from typing import Any

import numpy as np

import uno_rules as uno
from uno_rules.env import UnoEnv
from uno_rules.env.actions import table_for
from uno_rules.env.observation import Layout, Scales, observe_state


def at(env: UnoEnv, state: uno.GameState) -> None:
    """Put ``env`` at ``state``, its seat to act deciding."""
    core = env._core
    core._state = state
    core._polling, core._queue, core._chain = False, [], []
    env.agent_selection = env.possible_agents[state.turn]
    core._options = core._decisions(state.turn, [])
    core._refresh_infos()


def step(env: UnoEnv, move: str) -> None:
    seat = int(move.split()[0])
    wanted = uno.parse_move(move)
    action = next(a for a, m in env._core._options.items() if m == wanted)
    assert env.agent_selection == env.possible_agents[seat]
    env.step(action)


def section(env: UnoEnv, agent: str, name: str) -> Any:
    lay = Layout.of(env.action_table)
    return env.observe(agent)["observation"][lay.section(name)]


def test_a_waiting_draw_until_a_color_is_not_shown_as_none() -> None:
    rules = uno.load_preset("flip")
    table = uno.situation(
        {
            "rules": rules,
            "players": 2,
            "side": "dark",
            "hands": [["R2/W+color", "R1/P1"], ["B6/T+5", "Y1/O8"]],
            "discard": ["R9/T4"],
        }
    )
    waiting = uno.apply_or_raise(table, "0 W+color pink").state
    assert waiting.penalty is not None and waiting.penalty.amount == 0
    lay = Layout.of(table_for(rules))
    scales = Scales.of(rules)
    seen = observe_state(waiting, 1, [None, None], scales=scales)
    assert seen[lay.section("penalty")][0] == 0.0
    assert seen[lay.section("penalty_until")][0] == 1.0
    before = observe_state(table, 1, [None, None], scales=scales)
    assert before[lay.section("penalty_until")][0] == 0.0


def test_a_discard_alls_cards_are_observed() -> None:
    env = UnoEnv("no-mercy", 2)
    env.reset(seed=0)
    at(
        env,
        uno.situation(
            {
                "rules": "no-mercy",
                "players": 2,
                "hands": [["Rdiscardall", "R1", "R2", "B3"], ["G1", "G2"]],
                "discard": ["R5"],
            }
        ),
    )
    step(env, "0 Rdiscardall")
    lay = Layout.of(env.action_table)
    put = section(env, "player_1", "put_down")
    kinds = {lay.kind_index[uno.Card.parse(c)] for c in ("R1", "R2")}
    assert set(np.flatnonzero(put).tolist()) == kinds


def test_the_hand_shown_to_a_challenger_is_observed() -> None:
    env = UnoEnv("official", 2)
    env.reset(seed=0)
    at(
        env,
        uno.situation(
            {"players": 2, "hands": [["W+4", "R1", "B3"], ["G1", "G2"]], "discard": ["R5"]}
        ),
    )
    step(env, "0 W+4 blue")
    step(env, "1 challenge")  # a bluff: seat 0 held R1 on R5
    lay = Layout.of(env.action_table)
    shown = section(env, "player_1", "shown_hand")
    assert set(np.flatnonzero(shown).tolist()) == {
        lay.kind_index[uno.Card.parse(c)] for c in ("R1", "B3")
    }
    assert not section(env, "player_0", "shown_hand").any()  # nothing shown to seat 0
