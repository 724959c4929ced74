"""docs/rules.md 5, Piles and drawing: A43-A45, with the on_blocked option (OnBlocked)."""

from __future__ import annotations

from collections import Counter

import pytest

import uno_rules as uno

from ..helpers import card, events_of, kinds, ok, refused, rules, sizes, table


def test_A43_reshuffle_keeps_top_card_with_declared_color() -> None:
    """A43 Default: keep the top card, with any declared color; the rest becomes the new draw
    pile."""
    state = table([["B7", "G2"], 30, 30], ["R1", "Y2", "G3", "W+4"], color="red", draw_pile_size=0)
    assert len(state.discard_pile) > 4
    t = ok(state, "0 draw")
    after = t.state
    assert after.discard_pile == (card("W+4"),)
    assert after.color is uno.Color.RED
    assert events_of(t.events, "reshuffled")[0].size == len(state.discard_pile) - 1
    assert Counter(after.draw_pile) + Counter([after.hands[0][-1]]) == Counter(
        state.discard_pile[:-1]
    )


def test_A43_reshuffle_is_deterministic() -> None:
    """A43 [D]: the new draw pile gets a deterministic shuffle: the same state gives the same
    new draw pile."""
    state = table([["B7", "G2"], 30, 30], ["R1", "Y2", "G3", "R5"], draw_pile_size=0)
    first = ok(state, "0 draw").state
    second = ok(state, "0 draw").state
    assert first == second
    assert first.draw_pile == second.draw_pile
    assert uno.dump_state(first) == uno.dump_state(second)


def exhausted(seat0: list[str], top: str = "R5", **fields: object) -> uno.GameState:
    """Both piles used up: every card but the top one is in a hand (3 players)."""
    rest = 108 - 1 - len(seat0)
    return table([seat0, rest // 2 + rest % 2, rest // 2], [top], draw_pile_size=0, **fields)


def test_A44_both_piles_exhausted_draw_is_refused() -> None:
    """A44 (a): nothing can be drawn: a draw is refused with nothing-to-draw."""
    state = exhausted(["B7", "G2"])
    assert state.draw_pile_size == 0 and len(state.discard_pile) == 1
    refused(state, "0 draw", "nothing-to-draw")


def test_A44_pass_allowed_only_when_nothing_is_playable() -> None:
    """A44 (a): with nothing to draw, a player who cannot play passes and the turn goes on;
    a player holding a playable card may not pass."""
    state = exhausted(["B7", "G2"])
    t = ok(state, "0 pass")
    assert t.state.turn == 1
    assert "passed" in kinds(t.events)
    assert sizes(t.state) == sizes(state)
    holder = exhausted(["R7", "G2"])
    refused(holder, "0 pass", "must-play-or-draw", "A44")


def blocked_circle(option: object = "official") -> uno.GameState:
    """Two players, both piles used up, seat 1 has just passed and seat 0 cannot play.

    A full circle of passes cannot arise naturally from the 108-card deck (every wild is in
    some hand), so the pass count is set through a snapshot."""
    state = table([["B7", "G2"], 105], ["R5"], draw_pile_size=0, turn=0, rules=option)
    snapshot = uno.dump_state(state)
    snapshot["passes"] = 1
    return uno.load_state(snapshot)


def test_A44_full_circle_of_passes_ends_the_round_blocked_without_score() -> None:
    """A44 Default: if every seat in turn passes without a play and nothing can be drawn, the
    round ends with no winner and no points."""
    state = blocked_circle()
    t = ok(state, "0 pass")
    ended = events_of(t.events, "round-ended")
    assert len(ended) == 1
    assert ended[0].blocked is True
    assert ended[0].winner is None
    assert t.state.round_over
    assert t.state.round_winner is None
    assert t.state.scores == (0, 0)
    assert not t.state.game_over
    assert isinstance(uno.next_round(t.state), uno.GameState)


def test_A44_on_blocked_score_lowest_hand_option() -> None:
    """A44 option `on_blocked: score_lowest_hand`: the lowest hand wins the blocked round and
    scores as a winner would."""
    state = blocked_circle(rules(on_blocked="score_lowest_hand"))
    t = ok(state, "0 pass")
    ended = events_of(t.events, "round-ended")[0]
    assert ended.winner == 0
    assert t.state.round_winner == 0
    assert t.state.scores[0] == sum(c.points for c in state.hands[1]) + 0
    assert t.state.scores[1] == 0


@pytest.mark.parametrize(("decision", "victim_gets"), [("1 accept", 1), ("1 challenge", 1)])
def test_A45_penalty_larger_than_available_draws_what_exists(
    decision: str, victim_gets: int
) -> None:
    """A45 Default: a penalty draw larger than the cards available draws what exists; the
    rest is forgiven."""
    state = table([["W+4", "B1", "B2"], 53, 51], ["R5"], draw_pile_size=0)
    pending = ok(state, "0 W+4 blue").state
    t = ok(pending, decision)
    assert sizes(t.state) == (2, 53 + victim_gets, 51)
    drew = events_of(t.events, "drew")
    assert [e.count for e in drew] == [victim_gets]
    assert t.state.hands[1][-1] == card("R5")
    assert t.state.turn == 2
    assert t.state.discard_pile == (card("W+4"),)


def test_A45_draw_two_with_one_card_left_draws_one() -> None:
    """A45: a Draw Two with only one card left to draw: the victim draws one, loses the
    turn."""
    state = table([["R+2", "B1", "B2"], 53, 51], ["R5"], draw_pile_size=0)
    t = ok(state, "0 R+2")
    assert sizes(t.state) == (2, 54, 51)
    assert t.state.turn == 2
    assert [e.count for e in events_of(t.events, "drew")] == [1]
