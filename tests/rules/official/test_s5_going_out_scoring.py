"""docs/rules.md 5, Going out and scoring: A55-A59, with scoring.ties (Ties)."""

from __future__ import annotations

import pytest

import uno_rules as uno

from ..helpers import events_of, ok, refused, rules, table


def test_A55_round_ends_when_the_hand_is_empty_after_the_effect_resolves() -> None:
    """A55 Default [D]: the round ends when a hand is empty after the effect resolves: a last
    W+4 waits for the victim's answer; then the round ends with its player as winner."""
    state = table([["W+4"], ["R1", "R2"], ["G5"]], ["R5"], uno_called=[0])
    pending = ok(state, "0 W+4 blue").state
    assert not pending.round_over
    assert pending.hands[0] == ()
    t = ok(pending, "1 accept")
    assert t.state.round_over
    assert t.state.round_winner == 0
    assert events_of(t.events, "round-ended")[0].winner == 0


def running_low(ties: str | None = None) -> dict[str, object]:
    scoring: dict[str, object] = {"mode": "running_low"}
    if ties:
        scoring["ties"] = ties
    return rules(scoring=scoring)


@pytest.mark.parametrize("ties", [None, "shared_win"])
def test_A56_running_low_tie_for_lowest_is_a_shared_win(ties: str | None) -> None:
    """A56 Default: a tie for the lowest total under running-low scoring is a shared win."""
    state = table(
        [["G4"], ["R+2"], ["Y0"], ["B9"]],
        ["G7"],
        uno_called=[0, 1, 2, 3],
        scores=[30, 490, 30, 100],
        rules=running_low(ties),
    )
    t = ok(state, "0 G4")
    assert t.state.scores == (30, 510, 30, 109)
    assert t.state.game_over
    assert t.state.game_winners == (0, 2)
    assert t.state.game_winner is None
    assert events_of(t.events, "game-ended")[0].winners == (0, 2)


def test_A56_play_another_round_option_on_a_tie() -> None:
    """A56 option `play_another_round`: a tie for the lowest total means another round."""
    state = table(
        [["G4"], ["R+2"], ["Y0"], ["B9"]],
        ["G7"],
        uno_called=[0, 1, 2, 3],
        scores=[30, 490, 30, 100],
        rules=running_low("play_another_round"),
    )
    t = ok(state, "0 G4")
    assert t.state.round_over
    assert not t.state.game_over
    assert t.state.game_winners == ()
    assert isinstance(uno.next_round(t.state), uno.GameState)


def test_A56_reaching_exactly_the_target_counts() -> None:
    """A56: reaching exactly the target counts (>=)."""
    state = table([["G4"], ["R+2"]], ["G7"], uno_called=[0], scores=[0, 480], rules=running_low())
    t = ok(state, "0 G4")
    assert t.state.scores == (0, 500)
    assert t.state.game_over
    assert t.state.game_winners == (0,)


def test_A57_views_expose_no_other_hand_not_even_a_partner() -> None:
    """A57 Default: independent hands; views expose no partner cards (seat 2 sits opposite
    seat 0)."""
    state = table([["R1", "R2"], ["G8", "G9"], ["Y7", "Y8"], ["B3", "B4"]], ["G5"])
    seen = uno.view(state, 0)
    assert seen.hand == uno.parse_cards("R1 R2")
    assert seen.hand_sizes == (2, 2, 2, 2)
    text = repr(seen.to_dict()) + repr(seen)
    for hidden in ("Y7", "Y8", "G8", "G9", "B3", "B4"):
        assert hidden not in text


def test_A58_catch_must_come_before_the_going_out_play() -> None:
    """A58 Default: once the hand is empty there is nothing to catch; a catch must be made
    before the going-out play to take effect."""
    state = table([["Rskip", "R1"], ["Y1", "Y2"]], ["R5"], draw_pile=["B1", "B2"])
    skipped = ok(state, "0 Rskip").state
    out = ok(skipped, "0 R1").state
    assert out.round_over and out.round_winner == 0
    refused(out, "1 catch 0", "round-over")
    caught = ok(skipped, "1 catch 0").state
    assert caught.hands[0] == uno.parse_cards("R1 B1 B2")
    assert not ok(caught, "0 R1").state.round_over


def test_A59_duty_applies_when_the_play_leaves_exactly_one_card() -> None:
    """A59 Default: the UNO duty applies when the play leaves exactly one card (not two)."""
    from_three = ok(table([["R3", "R4", "B1"], 3], ["R5"]), "0 R3").state
    assert from_three.uno_open == frozenset()
    refused(from_three, "1 catch 0", "nothing-to-catch")
    from_two = ok(table([["R3", "B1"], 3], ["R5"]), "0 R3").state
    assert from_two.uno_open == frozenset({0})
