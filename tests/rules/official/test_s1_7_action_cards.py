"""docs/rules.md 1.7 Action cards: B7.1-B7.5, and the two-player Reverse option (H08, 3.1)."""

from __future__ import annotations

import pytest

import uno_rules as uno

from ..helpers import events_of, kinds, ok, refused, rules, sizes, table


@pytest.mark.parametrize(
    ("players", "turn", "direction", "skipped", "next_seat"),
    [
        (4, 0, "clockwise", 1, 2),
        (4, 3, "clockwise", 0, 1),
        (4, 0, "counterclockwise", 3, 2),
        (3, 2, "clockwise", 0, 1),
        (2, 0, "clockwise", 1, 0),
    ],
)
def test_B7_1_skip_next_player_loses_turn(
    players: int, turn: int, direction: str, skipped: int, next_seat: int
) -> None:
    """B7.1 Skip: the next player loses their turn (T2/T5: with two players the Skip's
    player plays again)."""
    hands: list[object] = [4] * players
    hands[turn] = ["Rskip", "B1", "B2"]
    state = table(hands, ["R5"], turn=turn, direction=direction)
    t = ok(state, f"{turn} Rskip")
    assert t.state.turn == next_seat
    assert [e.seat for e in events_of(t.events, "skipped")] == [skipped]
    assert t.state.direction == (1 if direction == "clockwise" else -1)


@pytest.mark.parametrize(
    ("players", "turn", "direction", "next_seat", "new_direction"),
    [
        (4, 0, "clockwise", 3, -1),
        (4, 2, "clockwise", 1, -1),
        (4, 2, "counterclockwise", 3, 1),
        (3, 1, "clockwise", 0, -1),
        (5, 0, "counterclockwise", 1, 1),
    ],
)
def test_B7_2_reverse_flips_direction_previous_player_plays_next(
    players: int, turn: int, direction: str, next_seat: int, new_direction: int
) -> None:
    """B7.2 Reverse: the direction of play flips; with 3 or more players the player who
    played just before the Reverse plays next."""
    hands: list[object] = [4] * players
    hands[turn] = ["Rrev", "B1", "B2"]
    state = table(hands, ["R5"], turn=turn, direction=direction)
    t = ok(state, f"{turn} Rrev")
    assert t.state.direction == new_direction
    assert t.state.turn == next_seat
    assert "reversed" in kinds(t.events)
    # and play keeps going in the new direction
    after = ok(t.state, f"{next_seat} draw").state
    after = ok(after, f"{next_seat} pass").state
    assert after.turn == (next_seat + new_direction) % players


def test_B7_3_draw_two_next_player_draws_two_and_loses_turn() -> None:
    """B7.3 Draw Two: the next player draws 2 and loses their turn."""
    state = table([["R+2", "B1", "B2"], ["G1", "G+2"], 4, 4], ["R5"], draw_pile=["Y7", "Y8"])
    t = ok(state, "0 R+2")
    assert t.state.turn == 2
    assert t.state.hands[1] == uno.parse_cards("G1 G+2 Y7 Y8")
    assert sizes(t.state) == (2, 4, 4, 4)
    drew = events_of(t.events, "drew")
    assert [(e.seat, e.count) for e in drew] == [(1, 2)]
    assert [e.seat for e in events_of(t.events, "skipped")] == [1]
    assert t.state.phase is uno.Phase.TURN


def test_B7_3_victim_may_not_answer_a_draw_two_with_a_draw_two() -> None:
    """B7.3 / C1: no stacking; the victim may not pass the penalty on with a Draw Two.
    The refusal names the dispute (the card cannot be stacked, B7.3), not only the turn;
    a seat that was not the victim is simply out of turn."""
    state = table([["R+2", "B1", "B2"], ["G1", "B+2"], 4, ["Y+2", "Y3"]], ["R5"])
    after = ok(state, "0 R+2").state
    refused(after, "1 B+2", "cannot-stack", "B7.3")
    refused(after, "3 Y+2", "not-your-turn", "B4.3")
    assert sizes(after)[1] == 4


@pytest.mark.parametrize("color", ["red", "yellow", "green", "blue"])
def test_B7_4_wild_names_any_color_including_the_current_one(color: str) -> None:
    """B7.4 Wild: the player names any of the four colors, including the current one."""
    state = table([["W", "B1"], 4, 4], ["R5"])
    t = ok(state, f"0 W {color}")
    assert t.state.color is uno.Color(color)
    assert t.state.turn == 1
    assert [e.kind for e in t.events] == ["played"]


def test_B7_4_wild_color_is_part_of_the_move() -> None:
    """B7.4 [D]: the color is part of the play move (no "choose color" pause)."""
    state = table([["W", "B1"], 4, 4], ["R5"])
    refused(state, "0 W", "color-required", "B7.4")
    refused(state, "0 color blue", "no-color-to-choose")


def test_B7_5_wild_draw_four_next_player_draws_four_and_loses_turn() -> None:
    """B7.5 Wild Draw Four: the player names a color; the next player draws 4 and loses their
    turn (unless they challenge successfully)."""
    state = table([["W+4", "B1", "B2"], ["G1"], 4, 4], ["R5"], uno_called=[1])
    pending = ok(state, "0 W+4 yellow").state
    assert pending.color is uno.Color.YELLOW
    assert pending.turn == 1
    t = ok(pending, "1 accept")
    assert sizes(t.state) == (2, 5, 4, 4)
    assert t.state.turn == 2
    assert [e.seat for e in events_of(t.events, "skipped")] == [1]
    assert t.state.color is uno.Color.YELLOW


# -- H08 / 3.1: two-player Reverse ------------------------------------------------------


def test_H08_two_player_reverse_is_a_plain_reverse_under_official() -> None:
    """H08 / docs/rules.md intro: in `official` a two-player Reverse is a plain Reverse
    (`two_player_reverse: reverse`): the direction flips and the turn passes."""
    state = table([["Rrev", "B1"], ["G1", "G2"]], ["R5"])
    t = ok(state, "0 Rrev")
    assert t.state.turn == 1
    assert t.state.direction == -1
    assert "skipped" not in kinds(t.events)


def test_T1_two_player_reverse_acts_as_skip_under_option_skip() -> None:
    """T1 / H08 `skip`: with two players a Reverse works like a Skip; its player may
    immediately play another card (T4: a full extra turn)."""
    state = table(
        [["Rrev", "B1", "R2"], ["G1", "G2"]], ["R5"], rules=rules(two_player_reverse="skip")
    )
    t = ok(state, "0 Rrev")
    assert t.state.turn == 0
    assert [e.seat for e in events_of(t.events, "skipped")] == [1]
    assert ok(t.state, "0 R2").state.turn == 1


def test_H08_skip_option_does_not_change_reverse_with_three_players() -> None:
    """H08: `skip` is a two-player rule only; with three players a Reverse still reverses."""
    state = table(
        [["Rrev", "B1"], ["G1", "G2"], ["Y1", "Y2"]], ["R5"], rules=rules(two_player_reverse="skip")
    )
    t = ok(state, "0 Rrev")
    assert t.state.turn == 2
    assert t.state.direction == -1


def test_T3_two_players_draw_two_play_returns_to_its_player() -> None:
    """T3/T5: with two players, after a Draw Two the opponent draws and play is back to the
    player who played it."""
    state = table([["R+2", "B1", "B2"], ["G1", "G2"]], ["R5"])
    t = ok(state, "0 R+2")
    assert t.state.turn == 0
    assert sizes(t.state) == (2, 4)
