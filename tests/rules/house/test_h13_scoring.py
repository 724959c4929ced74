"""H13 Target score and scoring mode: scoring.mode (ScoringMode), scoring.target,
scoring.values (PointValues), with B10.5-B10.8 and A56 (scoring.ties)."""

from __future__ import annotations

from typing import Any

import pytest

import uno_rules as uno

from ..helpers import events_of, kinds, ok, refused, rules, table
from ..helpers_decks import ok as ok_any_deck


def scoring(**fields: Any) -> dict[str, Any]:
    return rules(scoring=fields)


# -- scoring.values ----------------------------------------------------------------------

OPPONENTS = [["R+2", "Rskip"], ["Grev", "W", "Y7"], ["W+4", "WSH", "WC"]]


@pytest.mark.parametrize(
    ("values", "expected"),
    [
        (None, 3 * 20 + 50 + 50 + 40 + 40 + 7),
        (
            {"action": 10, "wild": 25, "wild_draw_four": 75, "wild_extra": 30},
            3 * 10 + 25 + 75 + 30 + 30 + 7,
        ),
        ({"action": 0, "wild": 0, "wild_draw_four": 0, "wild_extra": 0}, 7),
        ({"wild_draw_four": 100}, 3 * 20 + 50 + 100 + 40 + 40 + 7),
    ],
)
def test_H13_winner_collects_with_custom_scoring_values(
    values: dict[str, int] | None, expected: int
) -> None:
    """H13 `scoring.values`: B10.5 by default (action 20, Wild and W+4 50, the 112-card extras
    40), overridable per kind; number cards always score their face value."""
    fields: dict[str, Any] = {"mode": "winner_collects"}
    if values is not None:
        fields["values"] = values
    state = table(
        [["G4"], *OPPONENTS],
        ["G7"],
        uno_called=[0],
        rules={"extends": "official-112", "scoring": fields},
    )
    t = ok_any_deck(state, "0 G4")
    assert t.state.scores == (expected, 0, 0, 0)
    assert events_of(t.events, "round-ended")[0].points == (expected, 0, 0, 0)


def test_H13_custom_values_apply_to_running_low_too() -> None:
    """H13 `scoring.values` with `running_low`: each player adds their own hand at the
    preset's values."""
    state = table(
        [["G4"], ["R+2", "Y3"], ["W"]],
        ["G7"],
        uno_called=[0],
        rules=scoring(mode="running_low", values={"action": 5, "wild": 1}),
    )
    assert ok(state, "0 G4").state.scores == (0, 5 + 3, 1)


# -- running_low (B10.7, A56) ------------------------------------------------------------


def test_B10_7_running_low_lowest_total_wins_not_the_round_winner() -> None:
    """B10.7 / H13 `running_low`: after each round each player adds the points left in their
    own hand; when any total reaches the target the lowest total wins (here not the player
    who went out)."""
    state = table(
        [["G4"], ["R+2"], ["Y1"], ["B9"]],
        ["G7"],
        uno_called=[0, 1, 2, 3],
        scores=[300, 490, 100, 200],
        rules=scoring(mode="running_low"),
    )
    t = ok(state, "0 G4")
    assert t.state.round_winner == 0
    assert t.state.scores == (300, 510, 101, 209)
    assert t.state.game_over
    assert t.state.game_winners == (2,)
    assert t.state.game_winner == 2


def test_B10_7_running_low_below_target_game_goes_on_and_scores_carry_over() -> None:
    """B10.7: while no total has reached the target the game goes on; totals carry into the
    next round."""
    state = table(
        [["G4"], ["R+2"], ["Y1"]],
        ["G7"],
        uno_called=[0, 1, 2],
        scores=[0, 470, 0],
        rules=scoring(mode="running_low"),
    )
    done = ok(state, "0 G4").state
    assert done.scores == (0, 490, 1)
    assert done.round_over and not done.game_over
    nxt = uno.next_round(done)
    assert isinstance(nxt, uno.GameState)
    assert nxt.scores == (0, 490, 1)


@pytest.mark.parametrize("ties", [None, "shared_win"])
def test_A56_running_low_tie_is_shared(ties: str | None) -> None:
    """A56 Default: running-low scoring can tie for the lowest total: a shared win, so
    several game_winners and game_winner None."""
    fields: dict[str, Any] = {"mode": "running_low"}
    if ties is not None:
        fields["ties"] = ties
    state = table(
        [["G4"], ["Y2"], ["R+2"], ["B5"]],
        ["G7"],
        uno_called=[0, 1, 2, 3],
        scores=[40, 38, 480, 35],
        rules=rules(scoring=fields),
    )
    t = ok(state, "0 G4")
    assert t.state.scores == (40, 40, 500, 40)
    assert t.state.game_over
    assert t.state.game_winners == (0, 1, 3)
    assert t.state.game_winner is None
    assert events_of(t.events, "game-ended")[0].winners == (0, 1, 3)


def test_A56_play_another_round_on_a_tie_then_the_next_round_decides() -> None:
    """A56 option `play_another_round`: a tie for the lowest total means another round; the
    next round that leaves a single lowest total ends the game."""
    mode = scoring(mode="running_low", ties="play_another_round")
    tied = table(
        [["G4"], ["Y2"], ["R+2"]],
        ["G7"],
        uno_called=[0, 1, 2],
        scores=[40, 38, 480],
        rules=mode,
    )
    t = ok(tied, "0 G4")
    assert t.state.scores == (40, 40, 500)
    assert t.state.round_over and not t.state.game_over
    assert t.state.game_winners == ()
    assert "game-ended" not in kinds(t.events)
    assert isinstance(uno.next_round(t.state), uno.GameState)
    # The next round (same totals, still past the target): seat 1 goes out, seat 0 adds 3.
    decider = table(
        [["G3"], ["G4"], ["B1"]],
        ["G7"],
        turn=1,
        uno_called=[0, 1, 2],
        scores=[40, 40, 500],
        rules=mode,
    )
    end = ok(decider, "1 G4").state
    assert end.scores == (43, 40, 501)
    assert end.game_over
    assert end.game_winners == (1,)


# -- winner_collects_others_lose, none ---------------------------------------------------


def test_H13_winner_collects_others_lose_their_own_hands_points() -> None:
    """H13 `winner_collects_others_lose` [R SEED1]: the winner collects the others' points and
    each other player loses the points of their own hand."""
    state = table(
        [["G4"], ["R+2"], ["Y9"], ["B1", "W"]],
        ["G7"],
        uno_called=[0, 1, 2],
        scores=[100, 100, 100, 100],
        rules=scoring(mode="winner_collects_others_lose"),
    )
    t = ok(state, "0 G4")
    assert events_of(t.events, "round-ended")[0].points == (80, -20, -9, -51)
    assert t.state.scores == (180, 80, 91, 49)
    assert not t.state.game_over


def test_H13_winner_collects_others_lose_first_to_reach_the_target_wins() -> None:
    """H13 `winner_collects_others_lose` with B10.6: the game ends when the winner reaches
    the target."""
    state = table(
        [["G4"], ["R+2"], ["Y9"]],
        ["G7"],
        uno_called=[0, 1, 2],
        scores=[471, 60, 0],
        rules=scoring(mode="winner_collects_others_lose"),
    )
    t = ok(state, "0 G4")
    assert t.state.scores[0] == 500
    assert t.state.scores[1] == 40
    assert t.state.game_over
    assert t.state.game_winners == (0,)


def test_H13_none_single_round_game_ends_after_the_round() -> None:
    """H13 `none` (single round): nobody scores; the player who goes out wins the game, which
    ends with the round; next_round returns the `game-over` violation."""
    state = table(
        [["G4"], ["R+2", "W"], ["Y9"]],
        ["G7"],
        uno_called=[0, 2],
        rules=scoring(mode="none"),
    )
    t = ok(state, "0 G4")
    assert t.state.scores == (0, 0, 0)
    assert t.state.game_over
    assert t.state.game_winners == (0,)
    assert t.state.game_winner == 0
    assert "game-ended" in kinds(t.events)
    nxt = uno.next_round(t.state)
    assert isinstance(nxt, uno.Violation)
    assert nxt.code == "game-over"
    refused(t.state, "1 draw", "game-over")


# -- scoring.target ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("target", "before", "over"),
    [(100, 30, True), (100, 29, False), (250, 180, True), (250, 179, False), (500, 430, True)],
)
def test_H13_target_is_configurable_and_reaching_it_exactly_counts(
    target: int, before: int, over: bool
) -> None:
    """H13 `scoring.target` / B10.8: any agreed number; B10.6 / A56: reaching exactly the
    target counts (>=). Seat 0 gains 70 points."""
    state = table(
        [["G4"], ["W", "R+2"]],
        ["G7"],
        uno_called=[0],
        scores=[before, 0],
        rules=scoring(target=target),
    )
    t = ok(state, "0 G4")
    assert t.state.scores == (before + 70, 0)
    assert t.state.game_over is over
    assert t.state.game_winners == ((0,) if over else ())


@pytest.mark.parametrize(("target", "over"), [(60, True), (61, False)])
def test_H13_running_low_target_reached_exactly_ends_the_game(target: int, over: bool) -> None:
    """A56 / B10.7 with a custom target: a total reaching exactly the target ends the game."""
    state = table(
        [["G4"], ["R+2"], ["Y1"]],
        ["G7"],
        uno_called=[0, 1, 2],
        scores=[10, 40, 0],
        rules=scoring(mode="running_low", target=target),
    )
    t = ok(state, "0 G4")
    assert t.state.scores == (10, 60, 1)
    assert t.state.game_over is over
    assert t.state.game_winners == ((2,) if over else ())
