"""The reinforcement-learning environment (``uno_rules.env``, extra ``rl``).

PettingZoo's own API, seed and render tests on every bundled preset at 2, 4 and 7 seats;
Gymnasium's ``check_env`` on the single-agent wrapper; the action table against the engine's
legal moves; polling and observations against hidden cards.
"""

from __future__ import annotations

import contextlib
import io
import os
import random
import re
import subprocess
import sys
import warnings
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, render_test, seed_test

import uno_rules as uno
from rules_strategies import hidden_changed_two_sided
from uno_rules.env import (
    ACTION_COUNT,
    GYM_ID,
    NOOP,
    ActionError,
    EnvError,
    UnoEnv,
    UnoGymEnv,
    decode,
    describe,
    encode,
)
from uno_rules.env import actions as table
from uno_rules.env.actions import ActionTable
from uno_rules.env.observation import LAYOUT, SIZE, Layout, observe, section
from uno_rules.moves import Play, resolve_cards
from uno_rules.rules.deck import build_deck

# the presets the environment plays, but No Mercy's 168-card deck (tested on its own below)
PRESETS = tuple(
    p for p in uno.preset_names() if not p.startswith("no-mercy") or p == "no-mercy-lite"
)
SIZES = (2, 4, 7)

# Every rule module that adds a kind of move, on top of the bundled presets.
MODULES: dict[str, dict[str, Any]] = {
    "chains": {
        "extends": "official",
        "name": "chains",
        "house_rules": {
            "multi_card": {"enabled": True, "mode": "same_rank_any_color"},
            "seven_o": {"enabled": True},
        },
    },
    "deflect": {
        "extends": "progressive",
        "name": "deflect",
        "house_rules": {"deflect": {"enabled": True, "skip": True}},
    },
    "customizable": {
        "extends": "official-112",
        "name": "customizable",
        "extra_cards": {
            "wild_customizable": {"count": 3, "effect": "draw_until_color", "chooser": "victim"}
        },
    },
    "force-and-go-out": {
        "extends": "official-2015",
        "name": "force",
        "house_rules": {
            "force_play": {"enabled": True},
            "go_out": {"forbidden_last_cards": ["wild_draw_four", "draw_two"]},
        },
    },
    "partners": {
        "extends": "family",
        "name": "partners",
        "house_rules": {"partnership": {"enabled": True}},
    },
}


@pytest.fixture(autouse=True)
def _quiet() -> Iterator[None]:
    """PettingZoo's and Gymnasium's checkers print and warn about style; the assertions
    are what these tests are about."""
    with warnings.catch_warnings(), contextlib.redirect_stdout(io.StringIO()):
        warnings.simplefilter("ignore")
        yield


def masked_choice(observation: dict[str, Any], rng: random.Random) -> int:
    legal = np.flatnonzero(observation["action_mask"])
    return int(legal[rng.randrange(len(legal))])


def permute_hidden(state: uno.GameState, seat: int, rng: random.Random) -> uno.GameState:
    """``state`` with every card ``seat`` cannot see (other hands, the draw pile) dealt
    differently, hand sizes kept: what ``seat`` knows is unchanged."""
    if state.top_card.other is not None:  # UNO Flip (F14): what the seat cannot see only
        return hidden_changed_two_sided(state, seat, rng)
    data = uno.dump_state(state)
    keep = data["drawn"] if data["turn"] != seat else None
    others = [s for s in range(state.players) if s != seat]
    pool = list(data["draw_pile"])
    for s in others:
        hand = list(data["hands"][s])
        if s == data["turn"] and keep is not None:
            hand.remove(keep)
        pool.extend(hand)
    rng.shuffle(pool)
    for s in others:
        size = len(data["hands"][s])
        hand = []
        if s == data["turn"] and keep is not None:
            hand.append(keep)
        while len(hand) < size:
            hand.append(pool.pop())
        data["hands"][s] = hand
    data["draw_pile"] = pool
    return uno.load_state(data)


# --------------------------------------------------------------------------- PettingZoo


@pytest.mark.parametrize("players", SIZES)
@pytest.mark.parametrize("preset", PRESETS)
def test_pettingzoo_api_test(preset: str, players: int) -> None:
    api_test(UnoEnv(preset, players), num_cycles=60)


@pytest.mark.parametrize("players", SIZES)
@pytest.mark.parametrize("preset", PRESETS)
def test_pettingzoo_seed_test(preset: str, players: int) -> None:
    seed_test(lambda: UnoEnv(preset, players), num_cycles=60)


@pytest.mark.parametrize("players", SIZES)
@pytest.mark.parametrize("preset", PRESETS)
def test_pettingzoo_render_test(preset: str, players: int) -> None:
    render_test(lambda render_mode=None: UnoEnv(preset, players, render_mode=render_mode))


def test_pettingzoo_api_test_with_a_rules_value_at_ten_seats() -> None:
    api_test(UnoEnv(uno.load_preset("family"), 10), num_cycles=20)
    seed_test(lambda: UnoEnv(uno.load_preset(MODULES["chains"]), 10), num_cycles=20)


def test_pettingzoo_module_conventions() -> None:
    from pettingzoo import AECEnv

    from uno_rules.env import uno_rules_v2

    wrapped = uno_rules_v2.env("family", players=3)
    assert isinstance(wrapped, AECEnv)
    assert isinstance(uno_rules_v2.raw_env("family", players=3), UnoEnv)
    assert wrapped.metadata["name"] == "uno_rules_v2"
    api_test(wrapped, num_cycles=20)


def test_spaces_are_fixed_and_documented() -> None:
    env = UnoEnv("official", 3)
    agent = env.possible_agents[0]
    assert env.action_space(agent) is env.action_space(agent)
    assert env.action_space(agent).n == ACTION_COUNT == table.NOOP + 1
    assert env.observation_space(agent)["observation"].shape == (SIZE,)
    assert sum(size for _, size, _, _ in LAYOUT) == SIZE
    env.reset(seed=0)
    observation = env.observe(agent)["observation"]
    assert observation[section("hand")].sum() * 4 == 7  # copies / 4 (a Wild's four copies)
    assert (observation[section("hand_sizes")][:3] * 108).round().tolist() == [7, 7, 7]
    assert observation[section("top")].sum() == 1
    space = env.observation_space(agent)["observation"]
    assert space.bounded_below.all() and space.bounded_above.all()
    assert (space.low == 0).all() and (space.high == 1).all()


def test_the_observation_shows_what_a_challenge_is_judged_on() -> None:
    """After a Wild Draw Four, its victim sees the card it was played on, the color active
    then (the color the offender must not have held, B8.2) and the color it named."""
    state = uno.situation(
        {"players": 2, "hands": [["W+4", "B5", "G3"], 4], "discard": ["Y2", "R5"], "turn": 0}
    )
    env = UnoEnv("official", 2)
    env.reset(seed=0)
    env._core._state = state
    env._core._start_polling()
    env.step(encode(uno.parse_move("0 W+4 blue"), 2)[0])
    agent = env.agent_selection
    assert agent == "player_1" and env.game_state.penalty is not None
    seen = env.observe(agent)["observation"]
    kinds = table.CARD_KINDS
    assert kinds[int(np.flatnonzero(seen[section("previous_top")])[0])] == uno.Card.parse("R5")
    assert np.flatnonzero(seen[section("previous_color")]).tolist() == [0]  # red
    assert env.game_state.penalty.previous_color is uno.Color.RED
    block = seen[section("last_moves")][:70]  # offset 1: seat 0, the offender
    assert block[0] == 1  # a play
    assert kinds[int(np.flatnonzero(block[8:66])[0])] == uno.Card.parse("W+4")
    assert np.flatnonzero(block[66:70]).tolist() == [3]  # it named blue
    assert np.flatnonzero(seen[section("color")]).tolist() == [3]


# --------------------------------------------------------------------------- Gymnasium


def test_gymnasium_check_env() -> None:
    made = gymnasium.make(GYM_ID, illegal_action="lose")
    check_env(made.unwrapped)


def test_gymnasium_check_env_heuristic_opponents() -> None:
    check_env(
        UnoGymEnv("family", 4, seat=2, opponents="heuristic", illegal_action="lose"),
        skip_render_check=True,
    )


def test_gymnasium_make_with_module_prefix() -> None:
    made = gymnasium.make("uno_rules.env:uno_rules/Uno-v2", rules="progressive", players=3)
    observation, info = made.reset(seed=5)
    assert made.observation_space.contains(observation)
    assert info["action_mask"].any()


def test_gymnasium_episodes_against_bots() -> None:
    env = UnoGymEnv("official", 3, seat=1, opponents=["heuristic", "random"])
    rng = random.Random(2)
    endings = Counter()
    for episode in range(6):
        observation, info = env.reset(seed=episode)
        assert env.observation_space.contains(observation)
        total = 0.0
        done = False
        while not done:
            assert (env.action_masks() == info["action_mask"].astype(bool)).all()
            assert info["view"].seat == 1
            _observation, reward, terminated, truncated, info = env.step(masked_choice(info, rng))
            total += float(reward)
            done = terminated or truncated
        endings[total] += 1
        assert np.flatnonzero(info["action_mask"]).tolist() == [table.NOOP]  # docs/rl.md
    assert set(endings) <= {1.0, -1.0, 0.0}


def test_gymnasium_check_env_in_the_default_mode() -> None:
    check_env(UnoGymEnv())
    check_env(gymnasium.make(GYM_ID).unwrapped)


def test_gymnasium_check_env_through_make_with_its_wrappers() -> None:
    with pytest.warns(UserWarning, match="different from the unwrapped"):
        check_env(gymnasium.make(GYM_ID, rules="family", players=3))


def test_gymnasium_wrapper_refuses_an_illegal_action_in_raise_mode() -> None:
    env = UnoGymEnv("official", 2, illegal_action="raise")
    _, info = env.reset(seed=0)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    before = env.table.game_state
    with pytest.raises(ActionError, match=rf"action {illegal} \("):
        env.step(illegal)
    assert env.table.game_state is before
    assert env.action_masks().any()  # the decision is still open


def test_gymnasium_wrapper_ends_the_episode_on_an_illegal_action_by_default() -> None:
    env = UnoGymEnv("official", 2)
    _, info = env.reset(seed=0)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    before = env.table.game_state
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated) == (-1.0, True, False)
    assert f"action {illegal} (" in info["illegal_action"]
    assert "card-not-in-hand" in info["illegal_action"]
    assert env.table.game_state is before  # refused, not replaced by another move
    # the episode is over: NOOP alone, so that a masked policy still has an action to
    # pick (a vector environment's autoreset step), and stepping raises until reset()
    assert np.flatnonzero(info["action_mask"]).tolist() == [table.NOOP]
    assert np.flatnonzero(env.action_masks()).tolist() == [table.NOOP]
    with pytest.raises(ActionError, match="reset"):
        env.step(table.NOOP)
    _, info = env.reset(seed=0)
    assert info["action_mask"].any()


@pytest.mark.parametrize("action", [ACTION_COUNT, -1, 2.0, "draw", True, None])
def test_gymnasium_wrapper_raises_for_a_value_outside_the_action_space(action: Any) -> None:
    env = UnoGymEnv("official", 2)
    env.reset(seed=0)
    with pytest.raises(ActionError):
        env.step(action)
    assert not env.table.terminations[env.agent]  # the episode goes on


def test_gymnasium_illegal_action_mode_via_make() -> None:
    env = gymnasium.make(GYM_ID, players=2, illegal_action="raise")
    _, info = env.reset(seed=3)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    with pytest.raises(ActionError, match=rf"action {illegal} \("):
        env.step(np.int64(illegal))


# --------------------------------------------------------------------------- the table


def all_configs() -> list[tuple[str, Any, int]]:
    configs: list[tuple[str, Any, int]] = [(p, p, n) for p in PRESETS for n in (2, 4)]
    for name, rules in MODULES.items():
        for players in (4,) if name == "partners" else (2, 4):
            configs.append((name, rules, players))
    return configs


def walk(
    rules: Any,
    players: int,
    seed: int,
    check: Callable[[UnoEnv, str, dict[str, Any], list[int]], None],
    out_of_turn: float = 0.5,
) -> Counter[str]:
    """Play one episode with random agents that take an out-of-turn chance half the time,
    calling ``check(env, agent, observation, chain)`` at every decision; count the moves."""
    env = UnoEnv(rules, players, max_moves=400)
    env.reset(seed=seed)
    rng = random.Random(seed)
    seen: Counter[str] = Counter()
    chain: list[int] = []
    table = env.action_table  # the rule set's action table
    NOOP = table.NOOP
    for agent in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        check(env, agent, observation, chain)
        legal = np.flatnonzero(observation["action_mask"]).tolist()
        if env.polling and NOOP in legal and (len(legal) == 1 or rng.random() > out_of_turn):
            action = NOOP
        else:
            action = rng.choice([a for a in legal if a != NOOP] or legal)
        if table.CHAIN <= action < table.DRAW:
            chain.append(action)
        else:
            if action != NOOP:
                move = table.decode([*chain, action], env.possible_agents.index(agent), players)
                seen[type(move).__name__] += 1
                seen["out of turn"] += env.polling
                seen["several cards"] += bool(chain)
                seen["target"] += getattr(move, "target", None) is not None
            chain = []
        env.step(action)
    return seen


def chain_steps(table: ActionTable, chain: list[int]) -> tuple[list[int], int]:
    """The card kinds put down and the target offset named by the sub-steps ``chain`` of a
    play under way, read from the table's lists (what the observation shows of them)."""
    kinds = [table.card_kind(table.CHAIN_CARDS[a - table.CHAIN]) for a in chain if a < table.TARGET]
    targets = [a - table.TARGET + 1 for a in chain if a >= table.TARGET]
    assert len(targets) <= 1 and (not targets or chain[0] >= table.TARGET)  # named first
    return kinds, (targets[0] if targets else 0)


def check_mask(env: UnoEnv, agent: str, observation: dict[str, Any], chain: list[int]) -> None:
    """The mask is exactly the next ids of the seat's legal moves; encoding is one-to-one
    (on UNO Flip, plays are listed by the faces a seat sees, F14)."""
    seat = env.possible_agents.index(agent)
    state = env.game_state
    moves = uno.legal_moves(state, seat)
    encoded: dict[tuple[int, ...], uno.Move] = {}
    actions = env.action_table  # the rule set's action table
    for move in moves:
        ids = actions.encode(move, env.players)
        decoded = actions.decode(ids, seat, env.players)
        if actions.two_sided and isinstance(move, uno.Play):
            # a play names faces, and means the first such cards of the hand
            assert move.card.other is None and all(c.other is None for c in move.extra)
            assert resolve_cards(state, move).card in state.hands[seat]
        assert decoded == move
        assert ids not in encoded, (move, encoded.get(ids))
        encoded[ids] = move
    expected = {ids[len(chain)] for ids in encoded if list(ids[: len(chain)]) == chain}
    if env.polling and not chain:
        expected.add(actions.NOOP)
    assert set(np.flatnonzero(observation["action_mask"]).tolist()) == expected
    polled = Layout.of(actions).section("polled")  # the rule set's layout
    assert observation["observation"][polled][0] == env.polling


@pytest.mark.parametrize(("name", "rules", "players"), all_configs())
def test_mask_is_exactly_the_legal_moves(name: str, rules: Any, players: int) -> None:
    seen: Counter[str] = Counter()
    for seed in range(3):
        seen += walk(rules, players, seed, check_mask)
    assert seen["Play"] and seen["Draw"]
    if name == "chains":
        assert seen["several cards"] and seen["target"]
    if name in ("progressive", "family"):
        assert seen["out of turn"]


def check_last(env: UnoEnv, agent: str, observation: dict[str, Any], chain: list[int]) -> None:
    """``last()`` gives the acting agent what ``observe`` and ``infos`` give it, and its
    observation is the one made from its view."""
    seat = env.possible_agents.index(agent)
    again = env.observe(agent)
    assert np.array_equal(observation["observation"], again["observation"])
    assert np.array_equal(observation["action_mask"], again["action_mask"])
    kinds, target = chain_steps(env.action_table, chain)
    from_view = observe(
        uno.view(env.game_state, seat),
        env._core._last_moves,
        kinds,
        env.polling,
        rules=env.rules,
        previous=env._core._previous,
        target=target,
        put_down=env._core._put_down,
        shown=env._core._shown[seat],
    )
    assert np.array_equal(observation["observation"], from_view)
    info = env.last()[4]
    assert info is env.infos[agent]
    assert info["view"] == uno.view(env.game_state, seat)


@pytest.mark.parametrize(("name", "rules", "players"), all_configs())
def test_last_agrees_with_observe_and_infos(name: str, rules: Any, players: int) -> None:
    seen = walk(rules, players, 11, check_last)
    assert seen["Play"]


def test_the_walks_reach_every_kind_of_move() -> None:
    """The configurations above, together, make every kind of move the table encodes."""
    seen: Counter[str] = Counter()
    for _name, rules, players in all_configs():
        seen += walk(rules, players, 7, lambda *args: None)
    kinds = {"Play", "Draw", "Pass", "Accept", "Challenge", "CallUno", "CatchUno", "ChooseColor"}
    assert kinds <= set(seen), seen
    assert seen["several cards"] and seen["target"] and seen["out of turn"]


def test_encode_decode_and_describe() -> None:
    assert len({describe(a) for a in range(ACTION_COUNT)}) == ACTION_COUNT
    for text, players, ids in [
        ("1 R5", 4, None),
        ("1 W+4 green uno", 4, None),
        ("3 R7 >1 uno", 4, None),
        ("0 WSW red >6", 7, None),
        ("2 catch 0", 3, (table.CATCH + 0,)),
        ("0 color blue", 2, (table.COLOR + 3,)),
        ("0 draw", 2, (table.DRAW,)),
        ("4 Y3 G3 B3", 5, None),
    ]:
        move = uno.parse_move(text)
        encoded = encode(move, players)
        if ids is not None:
            assert encoded == ids
        assert decode(encoded, move.seat, players) == move
    aimed = encode(uno.parse_move("3 R7 >1 uno"), 4)  # seat 1 is two places after seat 3
    assert [describe(a) for a in aimed] == ["target +2", "play R7 uno"]
    assert len(encode(uno.parse_move("4 Y3 G3 B3"), 5)) == 3
    assert decode(NOOP - 1, seat=1, players=10) == uno.CatchUno(1, 0)


def test_a_play_names_its_target_first_in_a_step_of_its_own() -> None:
    """Under Seven-O (H07) at four seats a 7 names the seat to swap with: its TARGET id
    comes first (the mask offers one per seat a legal 7 may name), then the observation's
    target section shows the seat named and the mask offers exactly the plays naming it,
    with no NOOP; the play made is the one the two ids decode to."""
    rules = {"extends": "official", "name": "sevens", "house_rules": {"seven_o": {"enabled": True}}}
    named = 0
    for seed in range(40):
        env = UnoEnv(rules, 4, max_moves=300)
        env.reset(seed=seed)
        rng = random.Random(seed)
        t = env.action_table
        for agent in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            seat = env.possible_agents.index(agent)
            mask = observation["action_mask"]
            aims = [a for a in np.flatnonzero(mask).tolist() if t.TARGET <= a < t.DRAW]
            legal = uno.legal_moves(env.game_state, seat)
            wanted = {
                (m.target - seat) % 4 for m in legal if isinstance(m, Play) and m.target is not None
            }
            assert {a - t.TARGET + 1 for a in aims} == wanted
            if not aims:
                env.step(masked_choice(observation, rng))
                continue
            aim = rng.choice(aims)
            offset = aim - t.TARGET + 1
            env.step(aim)
            assert env.agent_selection == agent  # the decision stays with the seat
            observation, *_ = env.last()
            shown = observation["observation"][section("target")]
            assert shown.tolist() == [1.0 if k == offset else 0.0 for k in range(1, 10)]
            offered = set(np.flatnonzero(observation["action_mask"]).tolist())
            target = (seat + offset) % 4
            plays = {t.encode(m, 4)[-1] for m in legal if getattr(m, "target", None) == target}
            assert offered == plays and NOOP not in offered and plays
            last = rng.choice(sorted(offered))
            move = t.decode((aim, last), seat, 4)
            assert move.target == target and move in legal  # type: ignore[attr-defined]
            env.step(last)
            assert env._core._last_moves[seat] == move
            named += 1
        if named >= 8:
            break
    assert named >= 8


def test_the_old_versions_are_answered_with_the_new_one() -> None:
    """Version 2 changed the action table: the Gymnasium id of version 1 is refused with
    Gymnasium's deprecation error naming v2, and only the v2 module is there."""
    import importlib

    with pytest.raises(gymnasium.error.DeprecatedEnv, match="Uno-v2"), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        gymnasium.make("uno_rules/Uno-v1")
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("uno_rules.env.uno_rules_v1")


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: decode(NOOP, 0, 4), "noop"),
        (lambda: decode(ACTION_COUNT, 0, 4), "out of range"),
        (lambda: decode(-1, 0, 4), "out of range"),
        (lambda: decode("draw", 0, 4), "integer"),  # type: ignore[arg-type]
        (lambda: decode([table.CHAIN], 0, 4), "step of a play"),
        (lambda: decode([table.CHAIN, table.DRAW], 0, 4), "ends with a play"),
        (lambda: decode([table.DRAW, table.DRAW], 0, 4), "cannot come before"),
        (lambda: decode([table.TARGET], 0, 4), "step of a play"),
        (lambda: decode([table.TARGET, table.DRAW], 0, 4), "ends with a play"),
        (lambda: decode([table.CHAIN, table.TARGET, table.PLAY], 0, 4), "cannot come first"),
        (lambda: decode([table.TARGET, table.TARGET, table.PLAY], 0, 4), "cannot come first"),
        (lambda: decode([table.TARGET + 4, table.PLAY], 0, 4), "beyond a table of 4"),
        (lambda: decode(table.CATCH + 5, 0, 4), "beyond a table of 4"),
        (lambda: encode(uno.parse_move("0 catch 0"), 4), "not another seat"),
        (lambda: encode(uno.parse_move("0 R7 >5"), 4), "not another seat"),
        (lambda: encode(uno.Play(0, uno.Card.parse("W")), 4), "no action stands for"),
        (lambda: encode(uno.parse_move("0 W R5 red"), 4), "a wild in a chain"),
    ],
)
def test_bad_actions_are_typed_errors(call: Callable[[], object], message: str) -> None:
    with pytest.raises(ActionError, match=message) as raised:
        call()
    assert isinstance(raised.value, uno.UnoError)


# --------------------------------------------------------------------------- leaks


def check_no_leak(env: UnoEnv, agent: str, observation: dict[str, Any], chain: list[int]) -> None:
    """What each seat observes, and whom the environment polls, stays the same when the
    cards that seat cannot see are dealt differently."""
    state = env.game_state
    rng = random.Random(len(state.discard_pile) * 31 + state.draw_pile_size)
    if rng.random() > 0.12:  # a sample of the decisions keeps the test quick
        return
    polled = env._core._candidates(state)
    kinds, target = chain_steps(env.action_table, chain)
    try:
        for seat, name in enumerate(env.possible_agents):
            before = env.observe(name)
            assert np.array_equal(
                before["observation"],
                observe(
                    uno.view(state, seat),
                    env._core._last_moves,
                    kinds if name == agent else (),
                    env.polling and name == agent,
                    rules=env.rules,
                    previous=env._core._previous,
                    target=target if name == agent else 0,
                    put_down=env._core._put_down,
                    shown=env._core._shown[seat],
                ),
            )
            other = permute_hidden(state, seat, rng)
            env._core._state = other
            after = env.observe(name)
            assert np.array_equal(before["observation"], after["observation"]), name
            assert np.array_equal(before["action_mask"], after["action_mask"]), name
            assert env._core._candidates(other) == polled
            env._core._state = state
    finally:
        env._core._state = state


@pytest.mark.parametrize(
    "rules", ["progressive", "family", "official-2015", "no-mercy-lite", "flip"]
)
def test_observations_and_polling_do_not_depend_on_hidden_cards(rules: str) -> None:
    seen: Counter[str] = Counter()
    for seed in range(4):
        seen += walk(rules, 3, seed, check_no_leak)
    assert seen["Play"] > 40 and seen["Draw"]


def test_every_out_of_turn_move_is_offered() -> None:
    """Whenever a seat other than the one to act has a legal move, it is polled before the
    seat to act decides (unless an earlier seat's out-of-turn move changed the table)."""
    checked = 0
    false_calls = {"extends": "official", "name": "false-calls", "uno": {"false_call_penalty": 2}}
    for rules in ("progressive", "family", "official", false_calls):
        for seed in range(3):
            env = UnoEnv(rules, 4, max_moves=300)
            env.reset(seed=seed)
            rng = random.Random(seed)
            state = env.game_state
            polled: set[int] = set()
            for agent in env.agent_iter():
                observation, _, terminated, truncated, _ = env.last()
                if terminated or truncated:
                    env.step(None)
                    continue
                seat = env.possible_agents.index(agent)
                if env.polling:
                    polled.add(seat)
                else:
                    waiting = {s for s in range(4) if s != state.turn and uno.legal_moves(state, s)}
                    assert waiting <= polled, (waiting, polled)
                    checked += bool(waiting)
                action = masked_choice(observation, rng)
                # (a play under way, such as a 7 whose target is named, cannot be declined)
                if env.polling and observation["action_mask"][NOOP] and rng.random() < 0.7:
                    action = NOOP
                env.step(action)
                if env.agents and env.game_state is not state:
                    state = env.game_state
                    polled = set()
    assert checked > 50


# --------------------------------------------------------------------------- episodes


def trajectory(seed: int, rules: str = "family") -> list[Any]:
    env = UnoEnv(rules, 4, max_moves=120)
    env.reset(seed=seed)
    rng = random.Random(99)
    out: list[Any] = []
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _info = env.last()
        action = None if terminated or truncated else masked_choice(observation, rng)
        out.append((agent, action, reward, observation["observation"].tobytes()))
        env.step(action)
    return out


def test_same_seed_same_trajectory() -> None:
    first = trajectory(5)
    assert first == trajectory(5)
    assert first != trajectory(6)


def test_reset_without_seed_continues_the_sequence() -> None:
    env = UnoEnv("official", 2)
    env.reset(seed=1)
    first = env.game_state
    env.reset()
    second = env.game_state
    env.reset(seed=1)
    assert env.game_state == first
    env.reset()
    assert env.game_state == second != first


def test_an_illegal_action_is_refused_with_an_error_naming_it() -> None:
    env = UnoEnv("official", 3)
    env.reset(seed=0)
    agent = env.agent_selection
    state = env.game_state
    hand = set(state.hands[state.turn])
    absent = next(c for c in table.CARD_KINDS[:52] if c not in hand)
    action = encode(uno.Play(state.turn, absent), 3)[0]
    with pytest.raises(
        ActionError, match=rf"action {action} \('play {absent}'\).*card-not-in-hand"
    ):
        env.step(action)
    with pytest.raises(ActionError, match="noop only declines"):
        env.step(NOOP)
    with pytest.raises(ActionError, match="out of range"):
        env.step(ACTION_COUNT + 3)
    with pytest.raises(ActionError, match="integer"):
        env.step("draw")  # type: ignore[arg-type]
    # nothing changed, and a legal action still works
    assert env.game_state is state and env.agent_selection == agent
    env.step(int(np.flatnonzero(env.observe(agent)["action_mask"])[0]))
    assert env.game_state is not state


def play_out(env: UnoEnv, seed: int) -> dict[str, float]:
    env.reset(seed=seed)
    rng = random.Random(seed)
    returns = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        returns[agent] += reward
        env.step(None if terminated or truncated else masked_choice(observation, rng))
    return returns


def test_round_rewards() -> None:
    for seed in range(4):
        env = UnoEnv("official", 3)
        returns = play_out(env, seed)
        winner = env.game_state.round_winner
        assert winner is not None
        assert returns == {a: 1.0 if i == winner else -1.0 for i, a in enumerate(returns)}


def test_partners_share_a_round_win() -> None:
    env = UnoEnv(MODULES["partners"], 4)
    returns = play_out(env, 3)
    winner = env.game_state.round_winner
    assert winner is not None
    assert returns[f"player_{winner}"] == returns[f"player_{(winner + 2) % 4}"] == 1.0
    assert sum(returns.values()) == 0.0


def test_game_rewards_add_up_to_the_final_scores() -> None:
    short = {"extends": "official", "name": "short", "scoring": {"target": 60}}
    env = UnoEnv(short, 2, reward="game", max_moves=100_000)
    returns = play_out(env, 1)
    state = env.game_state
    assert state.game_over and state.round_number > 0
    assert returns == {f"player_{s}": float(state.scores[s]) for s in range(2)}


def test_truncation_at_the_move_cap() -> None:
    env = UnoEnv("official", 3, max_moves=4)
    env.reset(seed=0)
    rng = random.Random(0)
    steps = 0
    for _agent in env.agent_iter():
        observation, reward, terminated, truncated, info = env.last()
        if truncated:
            assert not terminated and reward == 0.0 and "view" in info
            env.step(None)
            continue
        env.step(masked_choice(observation, rng))
        steps += 1
    assert not env.agents
    assert steps >= 4 and not env.game_state.round_over


@pytest.mark.parametrize(
    ("make", "error", "message"),
    [
        (lambda: UnoEnv("nonsense"), uno.PresetError, "nonsense"),
        (lambda: UnoEnv("official", 11), uno.SituationError, "players"),
        (lambda: UnoEnv("official", reward="points"), EnvError, "reward"),
        (lambda: UnoEnv("official", max_moves=0), EnvError, "max_moves"),
        (lambda: UnoEnv("official", render_mode="rgb_array"), EnvError, "render_mode"),
        (lambda: UnoGymEnv("official", 2, seat=2), EnvError, "seat"),
        (lambda: UnoGymEnv("official", 3, opponents="genius"), EnvError, "unknown bot"),
        (lambda: UnoGymEnv("official", 3, opponents=["random"]), EnvError, "2 bots"),
        (lambda: UnoGymEnv("official", illegal_action="ignore"), EnvError, "illegal"),
        (lambda: UnoGymEnv("official", 2, opponents=3), EnvError, "bot name"),  # type: ignore[arg-type]
        (lambda: UnoGymEnv("official", 2, opponents=[object()]), EnvError, "choose"),  # type: ignore[list-item]
    ],
)
def test_bad_options_are_typed_errors(
    make: Callable[[], object], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        make()


def test_render_shows_only_public_facts() -> None:
    env = UnoEnv("official", 3, render_mode="ansi")
    env.reset(seed=4)
    text = env.render()
    assert isinstance(text, str) and "player_2: 7 cards" in text
    cards_named = set(re.findall(r"[\w+]+", text)) & {str(c) for c in table.CARD_KINDS}
    assert cards_named == {str(env.game_state.top_card)}


def test_the_core_and_the_cli_do_not_import_the_rl_packages() -> None:
    code = (
        "import sys, uno_rules as uno\n"
        "from uno_rules.cli import main\n"
        "s = uno.new_game('family', players=3, seed=1)\n"
        "s = uno.apply(s, uno.legal_moves(s)[0]).state\n"
        "uno.view(s, 0)\n"
        "assert main(['presets', 'list']) == 0\n"
        "assert main(['presets', 'show', 'official']) == 0\n"
        "print('LOADED', sorted(m for m in ('pettingzoo', 'gymnasium', 'numpy') "
        "if m in sys.modules))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True
    )
    assert "LOADED []" in done.stdout


def test_infos_hold_each_seats_view_of_the_current_table() -> None:
    import copy
    import pickle

    env = UnoEnv("official", 3)
    env.reset(seed=2)
    rng = random.Random(2)
    for _ in range(12):
        state = env.game_state
        for seat, agent in enumerate(env.agents):
            info = env.infos[agent]
            assert "view" in info and list(info) == ["view"]
            assert info["view"] == info.get("view") == uno.view(state, seat)
            assert dict(info.items()) == {"view": uno.view(state, seat)} == info
            assert pickle.loads(pickle.dumps(info)) == copy.deepcopy(info) == info.copy()
            assert "PlayerView" in repr(info)
        assert set(env.infos) == set(env.agents)
        assert [i["view"].seat for i in env.infos.values()] == [0, 1, 2]
        observation, _, _, _, info = env.last()
        assert info["view"].seat == env.agents.index(env.agent_selection)
        env.step(masked_choice(observation, rng))


def test_the_docs_tables_match_the_layout() -> None:
    from pathlib import Path

    page = (Path(__file__).resolve().parents[1] / "docs" / "rl.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| `(\w+)` \| (\d+)(?:–(\d+))? \| (\d+) \|", page, re.M)
    assert [(name, int(size)) for name, _, _, size in rows] == [
        (name, size) for name, size, _, _ in LAYOUT
    ]
    for name, start, stop, _ in rows:
        where = section(name)
        assert (int(start), int(stop or start)) == (where.start, where.stop - 1)


def test_infos_behave_as_a_plain_dict_of_each_agents_info() -> None:
    """``env.infos`` makes each agent's info when it is read; every way of reading the
    mapping (get, values, items, copy, pop, comparison, repr, pickling) sees the same
    infos, each holding its own seat's view."""
    import pickle

    env = UnoEnv("official", 3)
    env.reset(seed=4)
    infos = env.infos
    agents = list(env.agents)
    state = env.game_state
    for agent, info in infos.items():
        assert info["view"] == uno.view(state, agents.index(agent))
    assert list(infos.values()) == [infos[a] for a in agents]
    assert infos.get(agents[1]) is infos[agents[1]]
    assert infos.get("nobody", "none") == "none"
    plain = infos.copy()
    assert type(plain) is dict and plain == infos
    assert (infos != plain) is False  # __ne__ itself
    assert repr(infos) == repr(plain)
    assert pickle.loads(pickle.dumps(infos)).keys() == plain.keys()
    assert infos.pop(agents[2]) is plain[agents[2]] and agents[2] not in infos
    assert infos.pop("nobody", None) is None


def test_the_action_table_reads_the_kinds_of_the_rule_sets_deck() -> None:
    """The 108- and 112-card decks share the standard table (232 ids); No Mercy's deck
    gets a table of those kinds and its own, derived from the card kinds: each colored
    kind in each color, each wild kind with each color it names, Wild Color Roulette
    (whose player names none, N15) once."""
    assert table.table_for(uno.load_preset("official-112")) is table.STANDARD
    assert table.table_for(uno.load_preset("no-mercy-lite")) is table.STANDARD
    mercy = table.table_for(uno.load_preset("no-mercy"))
    deck = set(build_deck(uno.load_preset("no-mercy")))
    assert deck <= set(mercy.CARD_KINDS) and set(table.CARD_KINDS) <= set(mercy.CARD_KINDS)
    colored = [c for c in mercy.CARD_KINDS if c.color is not None]
    assert len(colored) == mercy.COLORED == 4 * 16
    roulette = uno.Card.parse("Wroulette")
    assert [s for s in mercy.PLAY_SLOTS if s[0] == roulette] == [(roulette, None)]
    assert len([s for s in mercy.PLAY_SLOTS if s[0] == uno.Card.parse("W+6")]) == 4
    assert mercy.ACTION_COUNT == mercy.NOOP + 1 == (len(mercy.PLAY_SLOTS) * 2) + 64 + 9 + 19
    move = uno.parse_move("1 Wroulette uno")
    assert mercy.decode(mercy.encode(move, 3), 1, 3) == move
    assert mercy.describe(mercy.encode(move, 3)[0]) == "play Wroulette uno"
    with pytest.raises(ActionError, match="no action stands for"):
        table.encode(move, 3)  # the standard table has no Roulette


@pytest.mark.parametrize("players", [2, 5])
def test_pettingzoo_api_test_under_no_mercy(players: int) -> None:
    """No Mercy plays in the environment: its action space is its own table's."""
    env = UnoEnv("no-mercy", players)
    assert env.action_space("player_0").n == env.action_table.ACTION_COUNT > table.ACTION_COUNT
    api_test(env, num_cycles=40)


def test_no_mercy_mask_is_exactly_the_legal_moves() -> None:
    """Every decision No Mercy poses is an action: plays (a 7 naming the seat to swap
    with, N7), draws until playable, passes, taking a stack, the Roulette's victim naming
    the color (N15) and UNO calls; the mask is exactly the legal moves at each."""
    seen: Counter[str] = Counter()
    for players, seed in ((2, 1), (4, 2), (3, 3)):
        seen += walk("no-mercy", players, seed, check_mask)
    assert {"Play", "Draw", "Accept", "ChooseColor", "target"} <= set(seen), seen


def test_the_single_agent_environment_plays_no_mercy() -> None:
    env = gymnasium.make(GYM_ID, rules="no-mercy", players=3)
    observation, info = env.reset(seed=5)
    mercy = table.table_for(uno.load_preset("no-mercy"))
    assert env.action_space.n == mercy.ACTION_COUNT  # type: ignore[attr-defined]
    assert observation.shape == env.observation_space.shape
    assert env.observation_space.contains(observation)
    rng = random.Random(5)
    for _ in range(30):
        action = rng.choice(np.flatnonzero(info["action_mask"]).tolist())
        observation, _, terminated, truncated, info = env.step(action)
        assert env.observation_space.contains(observation)
        if terminated or truncated:
            break


@pytest.mark.parametrize("missing", ["gymnasium", "pettingzoo"])
def test_without_the_rl_extra_the_import_says_what_to_install(missing: str, tmp_path: Path) -> None:
    """In an interpreter where one of the extra's packages cannot be imported, importing
    ``uno_rules.env`` says which extra to install (as ``serve`` and ``--scheduler`` do)."""
    (tmp_path / f"{missing}.py").write_text(
        f"raise ModuleNotFoundError({'No module named ' + repr(missing)!r}, name={missing!r})\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", "from uno_rules.env import UnoEnv"],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(tmp_path)},
        timeout=60,
    )
    last = proc.stderr.strip().splitlines()[-1]
    assert proc.returncode == 1
    assert last.startswith("ModuleNotFoundError: uno_rules.env needs the optional extra 'rl'")
    assert 'python -m pip install "gymnasium>=1.0"' in last and repr(missing) in last


@pytest.mark.parametrize(("name", "rules", "players"), all_configs())
def test_every_observation_lies_in_its_bounded_space(name: str, rules: Any, players: int) -> None:
    """Counts are divided by the rule set's scales: no entry ever leaves 0..1."""
    seen: Counter[str] = Counter()

    def check(env: UnoEnv, agent: str, observation: dict[str, Any], chain: list[int]) -> None:
        assert env.observation_space(agent).contains(observation)
        seen["checked"] += 1

    walk(rules, players, 0, check)
    assert seen["checked"]


def test_the_wrappers_info_makes_the_view_only_when_read() -> None:
    """Reading ``info["action_mask"]`` (every masked learner does, every step) builds no
    view; ``info["view"]`` is the learner's view when read."""
    from uno_rules.env.infos import _PENDING

    env = UnoGymEnv("official", 2, seat=1)
    _, info = env.reset(seed=4)
    assert info["action_mask"].any()
    assert dict.get(info, "view") is _PENDING
    assert info.get("action_mask") is info["action_mask"]
    assert dict.get(info, "view") is _PENDING
    assert info["view"] == uno.view(env.table.game_state, 1)


def test_the_modules_action_names_are_the_standard_tables() -> None:
    """Each id and card list an action table holds is exported by ``env.actions`` under
    the same name, holding :data:`STANDARD`'s: one list of those names, for both."""
    from uno_rules.env import actions

    table_names = [n for n in actions.ActionTable.__slots__ if n.isupper() and n != "COLORED"]
    assert table_names and set(table_names) <= set(actions.__all__)
    for name in table_names:
        assert getattr(actions, name) == getattr(actions.STANDARD, name), name


# --------------------------------------------------------------------------- UNO Flip


def test_the_flip_table_names_the_faces_a_seat_sees() -> None:
    """UNO Flip (F1) gets a table of its own: a PLAY slot for each face of either side
    (a wild face with each color of its side: the plain Wild, on both sides, with all
    eight), a COLOR id for each of the eight colors; the standard table's ids do not move.
    A seat never sees its own cards' backs (F14), so an id names a face: two physical
    cards showing the same face are one action, which plays the first of them in the
    hand."""
    rules = uno.load_preset("flip")
    flip = table.table_for(rules)
    assert flip is table.table_for(rules) and flip is not table.STANDARD
    assert table.ACTION_COUNT == 232 and table.encode(uno.parse_move("0 W red"), 2) == (104,)
    deck = build_deck(rules)
    cards = {card for card, _ in flip.PLAY_SLOTS}
    assert cards == {c.face for c in deck} | {c.flipped.face for c in deck}
    assert all(card.other is None for card in cards) and len(cards) == 4 * 13 + 4 * 13 + 3
    assert len(flip.PLAY_SLOTS) == 104 + 8 + 4 + 4 and flip.ACTION_COUNT == 376
    assert [color for card, color in flip.PLAY_SLOTS if card == uno.Card.parse("W+color")] == [
        uno.Color.PINK,
        uno.Color.TEAL,
        uno.Color.ORANGE,
        uno.Color.PURPLE,
    ]
    assert len(flip.CARD_KINDS) == 4 * 13 + 4 * 13 + 3  # the faces of both sides
    dark_wild = uno.Card.parse("R8/W").flipped
    # a play written LIGHT/DARK, or as the engine offers it, encodes as its face in play
    for text, face in (("0 R1/P1 uno", "0 R1 uno"), ("1 W/T8 red", "1 W red")):
        ids = flip.encode(uno.parse_move(text), 3)
        assert ids == flip.encode(uno.parse_move(face), 3)
        assert flip.decode(ids, int(text[0]), 3) == uno.parse_move(face)
    move = Play(1, dark_wild, color=uno.Color.PURPLE)
    assert flip.decode(flip.encode(move, 3), 1, 3) == Play(1, "W", color=uno.Color.PURPLE)
    assert flip.describe(flip.encode(move, 3)[0]) == "play W purple"
    assert flip.describe(flip.encode(uno.parse_move("2 color teal"), 3)[0]) == "color teal"
    with pytest.raises(ActionError, match="no action stands for"):
        table.encode(move, 3)  # not in the standard table


def test_a_flip_observation_holds_the_side_the_backs_and_the_piles_top_back() -> None:
    """F14: the observation of a Flip table encodes the side in play, each other hand's
    backs by offset and the draw pile's top back, next to the seat's faces in play."""
    rules = uno.load_preset("flip")
    lay = Layout.of(table.table_for(rules))
    state = uno.situation(
        {
            "rules": "flip",
            "players": 3,
            "hands": [["Rflip/T2", "R1/P1"], ["B6/T+5", "G3/O3"], ["B9/T9", "Y5/T1"]],
            "discard": ["R9/T4"],
            "draw_pile": ["Y3/T1"],
        }
    )
    dark = uno.apply_or_raise(state, "0 Rflip").state
    for table_state, side in ((state, 0.0), (dark, 1.0)):
        v = uno.view(table_state, 1)
        obs = observe(v, [None] * 3, rules=rules)
        assert obs[lay.section("side")][0] == side
        backs = obs[lay.section("backs")].reshape(9, -1)
        for offset, seat in ((1, 2), (2, 0)):
            expected = Counter(lay.kind_index[c] for c in v.backs[seat])
            found = {k: n for k, n in enumerate(backs[offset - 1]) if n}
            assert set(found) == set(expected) and all(found[k] > 0 for k in expected)
        assert not backs[2:].any()
        top = obs[lay.section("draw_top_back")]
        assert v.draw_top_back is not None
        assert np.flatnonzero(top).tolist() == [lay.kind_index[v.draw_top_back]]
        hand = obs[lay.section("hand")]
        assert sorted(np.flatnonzero(hand).tolist()) == sorted(lay.kind_index[c] for c in v.hand)
    env = UnoEnv("flip", 3)
    env.reset(seed=1)
    agent = env.agent_selection
    assert env.observe(agent)["observation"].shape == (lay.size,)
    assert env.observation_space(agent)["observation"].shape == (lay.size,)  # type: ignore[index]


def test_the_flip_walks_decide_on_both_sides() -> None:
    """The Flip walks of the mask and leak tests reach decisions on the dark side too."""
    sides: Counter[str] = Counter()

    def count(env: UnoEnv, agent: str, observation: dict[str, Any], chain: list[int]) -> None:
        sides[env.game_state.side] += 1
        dark = Layout.of(env.action_table).section("side")
        assert observation["observation"][dark][0] == (env.game_state.side == "dark")

    for seed in range(3):
        walk("flip", 3, seed, count)
    assert sides["light"] and sides["dark"] > 20


def test_gymnasium_check_env_on_flip() -> None:
    """The single-agent wrapper plays the Flip deck too, with its own spaces."""
    made = gymnasium.make(GYM_ID, rules="flip", players=3)
    check_env(made.unwrapped)
    flip = table.table_for(uno.load_preset("flip"))
    assert made.action_space.n == flip.ACTION_COUNT  # type: ignore[attr-defined]
    assert made.observation_space.shape == (Layout.of(flip).size,)


def test_a_python_subclass_extends_the_environment_and_pettingzoo_takes_it() -> None:
    # UnoEnv is a Python subclass of PettingZoo's AECEnv around its table (an EnvCore,
    # compiled in the compiled wheel): a subclass may override a step, add fields of its
    # own, and still be an AECEnv that PettingZoo's wrappers and checks accept.
    from pettingzoo import AECEnv
    from pettingzoo.utils.wrappers import OrderEnforcingWrapper

    class Logged(UnoEnv):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self.taken: list[int | None] = []
            self.observed: list[str] = []

        def step(self, action: Any) -> None:
            self.taken.append(action)
            super().step(action)

        def observe(self, agent: Any) -> dict[str, Any]:
            self.observed.append(agent)
            return super().observe(agent)

    env = Logged("official", players=2)
    assert isinstance(env, AECEnv)
    env.reset(seed=5)
    taken = []
    for _agent in env.agent_iter(max_iter=30):
        observation, _reward, terminated, truncated, _info = env.last()
        action = (
            None if terminated or truncated else int(np.flatnonzero(observation["action_mask"])[0])
        )
        taken.append(action)
        env.step(action)
    assert env.taken == taken  # every step went through the override
    assert len(taken) > 5
    env.reset(seed=5)
    env.observe("player_1")
    assert env.observed == ["player_1"]  # last() builds its observation without observe()
    env.note = "a field of the subclass's own"
    assert env.note == "a field of the subclass's own"
    api_test(OrderEnforcingWrapper(Logged("official", players=3)), num_cycles=10)


@pytest.mark.parametrize("how", ["deepcopy", "pickle"])
def test_a_copied_environment_plays_on_as_the_original(how: str) -> None:
    # A search or a checkpoint copies an environment mid-episode: the copy (deepcopy, or a
    # pickle's round trip) plays on exactly as the original, declining an out-of-turn
    # chance included (the options compare "decline" by identity), in both builds.
    import copy
    import pickle

    env = UnoEnv("official", players=2)
    rng = random.Random(4)
    for seed in range(50):  # play to a decision that offers NOOP (a poll)
        env.reset(seed=seed)
        for _agent in env.agent_iter(max_iter=400):
            observation, _reward, terminated, truncated, _info = env.last()
            if terminated or truncated:
                break
            if env.polling:
                break
            legal = np.flatnonzero(observation["action_mask"])
            env.step(int(legal[rng.randrange(len(legal))]))
        if env.polling:
            break
    assert env.polling, "no poll reached"
    other = copy.deepcopy(env) if how == "deepcopy" else pickle.loads(pickle.dumps(env))
    assert other.game_state == env.game_state
    # the action ids remembered by object identity stay behind: the copy's moves are other
    # objects, and in another process an id may be another object's
    assert env._core._action_of and other._core._action_of == {}
    first = True
    for _agent in env.agent_iter(max_iter=300):
        mine, theirs = env.last(), other.last()
        assert env.agent_selection == other.agent_selection
        assert mine[1:4] == theirs[1:4]
        if mine[2] or mine[3]:
            env.step(None)
            other.step(None)
            continue
        assert np.array_equal(mine[0]["observation"], theirs[0]["observation"])
        assert np.array_equal(mine[0]["action_mask"], theirs[0]["action_mask"])
        legal = np.flatnonzero(mine[0]["action_mask"])
        action = env.action_table.NOOP if first else int(legal[rng.randrange(len(legal))])
        first = False
        env.step(action)
        other.step(action)
    assert other.game_state == env.game_state


def test_a_copy_of_the_table_holds_every_field_it_declares() -> None:
    from uno_rules.env import core

    declared = getattr(core.EnvCore, "__annotations__", None)
    if not declared:
        pytest.skip("the compiled build keeps no annotations")
    assert tuple(declared) == core._FIELDS


@pytest.mark.parametrize("max_iter", [2**63, 25, 1, 0])
def test_agent_iter_yields_what_pettingzoos_own_iterator_yields(max_iter: int) -> None:
    """``UnoEnv.agent_iter`` reads the table's fields directly; it yields the agents
    PettingZoo's ``AECEnv.agent_iter`` yields on the same episode (the dead steps at the
    end included, then nothing), honours ``max_iter``, and each ``iter()`` of it counts
    afresh, as PettingZoo's does."""
    from pettingzoo import AECEnv

    def played(iterate: Callable[[UnoEnv, int], Any]) -> list[str]:
        env = UnoEnv("official", players=3)
        env.reset(seed=8)
        rng = random.Random(8)
        seen = []
        for agent in iterate(env, max_iter):
            seen.append(agent)
            observation, _reward, terminated, truncated, _info = env.last()
            if terminated or truncated:
                env.step(None)
            else:
                legal = np.flatnonzero(observation["action_mask"])
                env.step(int(legal[rng.randrange(len(legal))]))
        assert not env.agents or len(seen) == max_iter
        return seen

    ours = played(UnoEnv.agent_iter)
    assert ours == played(AECEnv.agent_iter)
    if max_iter <= 25:
        assert len(ours) == max_iter
    else:  # the whole round: each agent's dead step ends it
        assert sorted(ours[-3:]) == ["player_0", "player_1", "player_2"]
    env = UnoEnv("official", players=2)
    env.reset(seed=1)
    twice = env.agent_iter(max_iter=3)
    acting = env.agent_selection
    assert list(twice) == [acting] * 3  # nobody stepped: the same decision
    assert list(twice) == [acting] * 3  # a fresh count
