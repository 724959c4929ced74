"""A state the engine makes is always one ``load_state`` accepts: on every bundled preset,
random games are played from random accepted snapshots (states of random games, tampered
with at random), and every state reached round-trips through ``dump_state`` /
``load_state`` and keeps the snapshot invariants. Each finding of the review also has its
own test: a pass count left over after a mercy knock-out (A44, H16), a pending Draw Two
aimed at its own offender's empty hand (B10.3), and a color of the other side (F1)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import uno_rules as uno
from uno_rules.presets import preset_names
from uno_rules.snapshot import state_problems

from .budget import examples
from .test_snapshot_invariants import played, random_move, refusal, tamper

PRESETS = preset_names()


def round_trips(state: uno.GameState) -> None:
    assert state_problems(state) == [], (state_problems(state), state)
    assert uno.load_state(uno.dump_state(state)) == state, state


def play_checked(state: uno.GameState, rng: random.Random, moves: int) -> None:
    """Random play from ``state`` for ``moves`` moves, every state round-tripped."""
    for _ in range(moves):
        round_trips(state)
        if state.game_over:
            return
        if state.round_over:
            nxt = uno.next_round(state)
            assert isinstance(nxt, uno.GameState), nxt
            state = nxt
            continue
        legal = uno.legal_moves(state)
        assert legal, state
        result = uno.apply(state, random_move(state, legal, rng))
        assert isinstance(result, uno.Transition), result
        state = result.state
    round_trips(state)


def tamper_more(snap: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """``tamper``, and now and then one of the changes the review found accepted: a pass
    count below the seats in, any color of either side, a penalty aimed at its player."""
    out = tamper(snap, rng)
    pick = rng.randrange(4)
    if pick == 0:
        out["passes"] = rng.randrange(len(out["hands"]))
    elif pick == 1:
        out["color"] = rng.choice(list(uno.Color)).value
    elif pick == 2 and isinstance(out.get("penalty"), dict):
        out["turn"] = out["penalty"].get("offender", out.get("turn"))
    return out


@settings(
    max_examples=examples(3),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(
    st.sampled_from(PRESETS),
    st.integers(2, 5),
    st.integers(0, 2**32),
    st.integers(0, 120),
)
def test_play_from_accepted_snapshots_round_trips(
    preset: str, players: int, seed: int, moves: int
) -> None:
    rng = random.Random(seed)
    state = played(preset, players, seed, moves)
    snap = uno.dump_state(state)
    play_checked(state, random.Random(seed + 1), 20)
    for _ in range(6):
        changed = tamper_more(snap, rng)
        try:
            loaded = uno.load_state(changed)
        except uno.SituationError:
            continue
        play_checked(loaded, random.Random(rng.random()), 40)


# --------------------------------------------------------------------------- the findings


def test_passes_with_cards_to_draw_are_refused() -> None:
    """A44: a seat passes without drawing only when nothing can be drawn, so a pass count
    beside a draw pile holding cards is no state of a game. Accepted, a mercy knock-out
    (H16) then left the count at the seats still in, which did not load back."""
    hands: list[Any] = [["W+10", "R1"], 15, ["G1", "G2"]]
    table = uno.situation(
        {"rules": "no-mercy", "players": 3, "hands": hands, "discard": ["R5"], "turn": 0}
    )
    state = uno.apply_or_raise(table, "0 W+10 red").state
    snap = uno.dump_state(state)
    assert snap["draw_pile"] and uno.load_state(snap) == state
    snap["passes"] = 2
    assert any(p.startswith("passes:") and "A44" in p for p in refusal(snap))


def test_a_penalty_aimed_at_its_own_players_empty_hand_is_refused() -> None:
    """B10.3: a draw card that went out is drawn as the round ends; only a Wild Draw Four's
    challenge waits, and for another seat. A pending Draw Two whose victim is its own
    player, with an empty hand, used to end the round with a winner holding cards."""
    table = uno.situation(
        {
            "rules": {"extends": "official", "house_rules": {"stacking": {"enabled": True}}},
            "players": 2,
            "hands": [["R+2", "B9"], ["B1", "B2"]],
            "discard": ["R5"],
            "turn": 0,
        }
    )
    state = uno.apply_or_raise(table, "0 R+2").state
    assert state.phase is uno.Phase.PENALTY
    snap = uno.dump_state(state)
    snap["discard_pile"] = ["B9", *snap["discard_pile"]]
    snap["hands"][0] = []
    snap["turn"] = 0
    snap["uno_open"] = []
    problems = refusal(snap)
    assert any(p.startswith("hands[0]:") and "B10.3" in p for p in problems), problems
    # the same going-out card with the victim another seat is a state the engine makes
    out = uno.apply_or_raise(
        uno.situation(
            {
                "rules": {"extends": "official", "house_rules": {"stacking": {"enabled": True}}},
                "players": 2,
                "hands": [["R+2"], ["B1", "B2"]],
                "discard": ["R5"],
            }
        ),
        "0 R+2",
    ).state
    round_trips(out)


def test_a_color_of_the_other_side_is_refused_as_situation_refuses_it() -> None:
    """F1: a wild on top of UNO Flip's light side takes a light color. ``situation``
    refused a dark color there; ``load_state`` accepted it and play went on with a dark
    color on the light side."""
    description: dict[str, Any] = {
        "rules": "flip",
        "players": 2,
        "hands": [["R1/P1", "G5/P9"], ["B6/T+5", "Y1/O8"]],
        "discard": ["W/T8"],
        "color": "pink",
    }
    with pytest.raises(uno.SituationError, match="color"):
        uno.situation(description)
    snap = uno.dump_state(uno.situation({**description, "color": "red"}))
    snap["color"] = "pink"
    problems = refusal(snap)
    assert problems == ["color: pink is not a color of the light side in play (F1)"]
    dark = uno.situation({**description, "side": "dark", "discard": ["R8/W"], "color": "teal"})
    snap = uno.dump_state(dark)
    assert uno.load_state(snap) == dark
    snap["color"] = "red"
    assert refusal(snap) == ["color: red is not a color of the dark side in play (F1)"]
