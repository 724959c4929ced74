"""docs/rules.md 1.10 Going out, scoring, winning: B10.1-B10.8, with scoring.mode,
scoring.target and scoring.ties (H13, A56 in test_s5_going_out_scoring.py)."""

from __future__ import annotations

import pytest

import uno_rules as uno

from ..helpers import card, events_of, kinds, ok, refused, rules, table


def last_card(top: str = "R5", last: str = "R3", **fields: object) -> uno.GameState:
    """Seat 0 holds one card (already called) and plays it; the others hold known cards."""
    hands = [[last], ["B9", "Y1"], ["G+2"], ["W"]]
    return table(hands, ["B0", top], uno_called=[0], dealer=3, **fields)


def test_B10_1_round_ends_as_soon_as_a_player_has_no_cards() -> None:
    """B10.1: the round ends as soon as a player has no cards."""
    t = ok(last_card(), "0 R3")
    state = t.state
    assert state.round_over
    assert state.round_winner == 0
    assert state.phase is uno.Phase.ROUND_OVER
    ended = events_of(t.events, "round-ended")[0]
    assert ended.winner == 0 and ended.blocked is False
    refused(state, "1 B9", "round-over")
    refused(state, "1 draw", "round-over")
    refused(state, "2 catch 0", "round-over")


@pytest.mark.parametrize(
    ("last", "move"),
    [
        ("Rskip", "0 Rskip"),
        ("Rrev", "0 Rrev"),
        ("R+2", "0 R+2"),
        ("W", "0 W blue"),
        ("R7", "0 R7"),
    ],
)
def test_B10_2_may_go_out_on_any_card(last: str, move: str) -> None:
    """B10.2: a player may go out on any card, including Skip, Reverse, Draw Two and Wild
    (W+4: see B10.3)."""
    state = ok(last_card(last=last), move).state
    assert state.round_over
    assert state.round_winner == 0


def test_B10_3_last_card_draw_two_next_player_still_draws_and_it_counts() -> None:
    """B10.3: if the last card is a Draw Two the next player still draws 2; those cards count
    in the score."""
    state = last_card(last="R+2", draw_pile=["Y7", "Rskip"])
    t = ok(state, "0 R+2")
    assert t.state.hands[1] == uno.parse_cards("B9 Y1 Y7 Rskip")
    assert t.state.round_over
    assert t.state.scores == (9 + 1 + 7 + 20 + 20 + 50, 0, 0, 0)


def test_B10_3_last_card_wild_draw_four_next_player_still_draws_four() -> None:
    """B10.3: if the last card is a W+4 the next player still draws 4, counted in the
    score."""
    state = last_card(last="W+4", draw_pile=["Y7", "Y8", "Y9", "W"])
    pending = ok(state, "0 W+4 red").state
    assert not pending.round_over
    t = ok(pending, "1 accept")
    assert t.state.hands[1] == uno.parse_cards("B9 Y1 Y7 Y8 Y9 W")
    assert t.state.round_over and t.state.round_winner == 0
    assert t.state.scores == (10 + 24 + 50 + 20 + 50, 0, 0, 0)


@pytest.mark.parametrize(("last", "direction"), [("Rskip", 1), ("Rrev", 1)])
def test_B10_4_skip_or_reverse_as_last_card_has_no_further_effect(
    last: str, direction: int
) -> None:
    """B10.4 [D]: a Skip or Reverse as the last card has no further effect."""
    t = ok(last_card(last=last), f"0 {last}")
    assert "skipped" not in kinds(t.events)
    assert "reversed" not in kinds(t.events)
    assert t.state.direction == direction
    assert t.state.scores == (9 + 1 + 20 + 50, 0, 0, 0)


@pytest.mark.parametrize(
    ("text", "points"),
    [
        ("R0", 0),
        ("Y5", 5),
        ("B9", 9),
        ("Gskip", 20),
        ("Rrev", 20),
        ("Y+2", 20),
        ("W", 50),
        ("W+4", 50),
    ],
)
def test_B10_5_card_points(text: str, points: int) -> None:
    """B10.5: number cards face value; Draw Two, Reverse, Skip 20; Wild, W+4 50."""
    assert card(text).points == points


def test_B10_5_winner_scores_the_sum_of_the_opponents_hands() -> None:
    """B10.5: the player who went out scores the sum of all cards left in the opponents'
    hands; nobody else scores."""
    hands = [["G4"], ["R5", "Bskip", "W"], ["Y9", "G+2", "W+4", "Brev"], ["G0"]]
    state = table(hands, ["G7"], uno_called=[0], scores=[10, 20, 30, 40])
    t = ok(state, "0 G4")
    ended = events_of(t.events, "round-ended")[0]
    assert ended.points == (75 + 99 + 0, 0, 0, 0)
    assert t.state.scores == (10 + 174, 20, 30, 40)


@pytest.mark.parametrize(("before", "over"), [(480, True), (479, False), (490, True)])
def test_B10_6_first_to_reach_500_wins_with_at_least(before: int, over: bool) -> None:
    """B10.6: the first player to reach 500 wins; [D] reach means a total of at least 500.
    Seat 0 gains 20 points here."""
    hands = [["G4"], ["R+2"], ["G0"], ["B0"]]
    state = table(hands, ["G7"], uno_called=[0], scores=[before, 0, 0, 0])
    t = ok(state, "0 G4")
    assert t.state.scores[0] == before + 20
    assert t.state.game_over is over
    assert t.state.round_over
    if over:
        assert t.state.game_winners == (0,)
        assert t.state.game_winner == 0
        assert "game-ended" in kinds(t.events)
        assert events_of(t.events, "game-ended")[0].winners == (0,)
        refused(t.state, "1 draw", "game-over")
        v = uno.next_round(t.state)
        assert isinstance(v, uno.Violation) and v.code == "game-over"
    else:
        assert t.state.game_winners == ()
        assert "game-ended" not in kinds(t.events)
        assert isinstance(uno.next_round(t.state), uno.GameState)


def test_B10_7_running_low_each_adds_own_hand_lowest_total_wins() -> None:
    """B10.7 / H13 running_low: each player adds the points left in their own hand; when any
    total reaches 500 the player with the lowest total wins."""
    hands = [["G4"], ["R+2"], ["G9"], ["B1", "W"]]
    mode = rules(scoring={"mode": "running_low"})
    state = table(hands, ["G7"], uno_called=[0], scores=[100, 480, 95, 10], rules=mode)
    t = ok(state, "0 G4")
    assert events_of(t.events, "round-ended")[0].points == (0, 20, 9, 51)
    assert t.state.scores == (100, 500, 104, 61)
    assert t.state.game_over
    assert t.state.game_winners == (3,)
    assert t.state.game_winner == 3


def test_B10_7_running_low_goes_on_below_the_target() -> None:
    """B10.7: nobody has reached the target yet: the game goes on."""
    mode = rules(scoring={"mode": "running_low"})
    state = table([["G4"], ["R+2"], ["G9"]], ["G7"], uno_called=[0], rules=mode)
    t = ok(state, "0 G4")
    assert t.state.scores == (0, 20, 9)
    assert not t.state.game_over


@pytest.mark.parametrize(("target", "over"), [(100, True), (200, False), (150, True)])
def test_B10_8_target_is_any_agreed_number(target: int, over: bool) -> None:
    """B10.8 / H13 scoring.target: the target may be any agreed number."""
    state = table(
        [["G4"], ["W", "W", "W+4"]],
        ["G7"],
        uno_called=[0],
        rules=rules(scoring={"target": target}),
    )
    t = ok(state, "0 G4")
    assert t.state.scores == (150, 0)
    assert t.state.game_over is over


def test_H13_scoring_none_single_round_winner_wins_the_game() -> None:
    """H13 scoring.mode `none`: a single round; nobody scores; the round winner wins."""
    state = table(
        [["G4"], ["W", "R1"], ["B2"]], ["G7"], uno_called=[0], rules=rules(scoring={"mode": "none"})
    )
    t = ok(state, "0 G4")
    assert t.state.scores == (0, 0, 0)
    assert t.state.game_over
    assert t.state.game_winners == (0,)


def test_B10_winner_collects_over_several_rounds() -> None:
    """B10.5/B10.6: scores accumulate over rounds (next_round keeps them)."""
    state = table([["G4"], ["W"], ["B2"]], ["G7"], uno_called=[0], scores=[40, 7, 0])
    done = ok(state, "0 G4").state
    assert done.scores == (40 + 52, 7, 0)
    nxt = uno.next_round(done)
    assert isinstance(nxt, uno.GameState)
    assert nxt.scores == (92, 7, 0)
