"""H06 Jump-In and its Defaults A22-A29 and A34.

Every table turns jump-in on inline (``extends: official``). ``uno.situation`` records who
played the top card (``played_by``: by default the seat before ``turn``; ``None`` for the
first turned card). A jump-in is a play out of turn (``"3 R5"``).
"""

from __future__ import annotations

from typing import Any

import pytest

import uno_rules as uno

from ..helpers import card, drew, events_of, kinds, ok, pending, refused, rules, run, sizes, table


def jump_in(**params: Any) -> dict[str, Any]:
    """``official`` with H06 on; ``params`` are the jump-in parameters."""
    return rules(house_rules={"jump_in": {"enabled": True, **params}})


def with_house(**sections: Any) -> dict[str, Any]:
    return rules(house_rules=sections)


def jumped(events: Any) -> list[tuple[int, str]]:
    """(seat, card) of the plays marked as jump-ins."""
    return [(e.seat, str(e.card)) for e in events_of(events, "played") if e.jump_in]


# -- H06 1-2: identical cards, play continues from the jumper ---------------------------------


def test_H06_identical_card_jumps_in_out_of_turn() -> None:
    """H06 M2008 1: anyone holding a card identical to the top card may play it at once,
    whoever's turn it is."""
    hands = [["G1", "G2"], ["Y1", "Y2"], ["B1", "B2"], ["R5", "G3"]]
    state = table(hands, ["R3", "R5"], turn=1, rules=jump_in())
    assert state.played_by == 0
    t = ok(state, "3 R5")
    assert jumped(t.events) == [(3, "R5")]
    assert t.state.top_card == card("R5")
    assert t.state.played_by == 3
    assert sizes(t.state) == (2, 2, 2, 1)


def test_H06_play_continues_from_the_jumper_skipped_seats_lose_the_turn() -> None:
    """H06 M2008 2: play then continues from the player who jumped in. Skipped players lose
    that turn."""
    hands = [["G1", "G2"], ["Y1", "R1"], ["B1", "R2"], ["R5", "G3"], ["Y3", "R4"]]
    state = table(hands, ["R3", "R5"], turn=1, rules=jump_in())
    after = ok(state, "3 R5").state
    assert after.decision == uno.Decision("turn", 4)
    refused(after, "1 R1", "not-your-turn")
    refused(after, "2 R2", "not-your-turn")
    assert ok(after, "4 R4").state.turn == 0


# (top card, declared color, the jumping card, identical)
IDENTITY = [
    ("R5", None, "R5", True),
    ("R5", None, "B5", False),  # same number, other color
    ("R5", None, "R6", False),  # same color, other number
    ("Rskip", None, "Rskip", True),
    ("Rskip", None, "Bskip", False),
    ("Rrev", None, "Rrev", True),
    ("Rrev", None, "Grev", False),
    ("R+2", None, "R+2", True),
    ("R+2", None, "Y+2", False),
    ("W", "red", "W blue", True),  # declared colors are not compared
    ("W", "red", "W red", True),
    ("W+4", "green", "W+4 yellow", True),
    ("W", "red", "W+4 red", False),
    ("W+4", "red", "W red", False),
    ("W", "red", "R5", False),  # a card of the declared color is not identical to a wild
]


@pytest.mark.parametrize(("top", "color", "move_card", "same"), IDENTITY)
def test_A29_identical_means_same_color_and_rank(
    top: str, color: str | None, move_card: str, same: bool
) -> None:
    """A29 Default: identical is same color and same number (number cards), same color and
    same symbol (action cards); all W+4 identical to each other, and all W. The declared
    colors of wilds are not compared. A card that is not identical is refused out of turn
    (`not-your-turn`)."""
    jumper = [move_card.split()[0], "Y9", "Y8"]
    hands = [["G1", "G2"], ["Y1", "Y2"], ["B1", "B2"], jumper]
    fields: dict[str, Any] = {"color": color} if color else {}
    state = table(hands, ["B9", top], turn=1, rules=jump_in(), **fields)
    move = f"3 {move_card}"
    if same:
        t = ok(state, move)
        assert jumped(t.events) == [(3, move_card.split()[0])]
        assert move in {str(m) for m in uno.legal_moves(state, seat=3)}
    else:
        refused(state, move, "not-your-turn")
        assert not [m for m in uno.legal_moves(state, seat=3) if isinstance(m, uno.Play)]


def test_A24_wilds_none_refuses_wild_jump_ins() -> None:
    """H06 `wilds: none` (A24, IRC): wilds may not jump in; colored cards still may."""
    option = jump_in(wilds="none")
    for top, move in (("W", "3 W blue"), ("W+4", "3 W+4 blue")):
        hands = [["G1", "G2"], ["Y1", "Y2"], ["B1", "B2"], [move.split()[1], "Y9"]]
        state = table(hands, ["B9", top], color="red", turn=1, rules=option)
        refused(state, move, "not-your-turn", "A24")
    state = table([["G1"], ["Y1"], ["B1"], ["R5", "Y9"]], ["R5"], turn=1, rules=option)
    assert jumped(ok(state, "3 R5").events) == [(3, "R5")]


def test_A24_wilds_default_allows_w_and_w4() -> None:
    """H06 `wilds` Default `w4_and_w` (A24): a Wild jumps in on a Wild; the jumper names the
    new color and play continues from the jumper."""
    hands = [["G1", "G2"], ["Y1", "Y2"], ["B1", "B2"], ["W", "Y9"]]
    state = table(hands, ["B9", "W"], color="red", turn=1, rules=jump_in())
    after = ok(state, "3 W green").state
    assert after.color is uno.Color.GREEN
    assert after.turn == 0


# -- A26: Reverse and Skip --------------------------------------------------------------------


def reverse_table(option: dict[str, Any]) -> uno.GameState:
    hands = [["Rrev", "G1"], ["Y1", "Y2"], ["Rrev", "B1"], ["G3", "G4"]]
    state = table(hands, ["R3"], rules=option)
    state = ok(state, "0 Rrev").state
    assert (state.direction, state.turn) == (-1, 3)
    return state


def test_A26_jump_in_reverse_cancel_then_apply() -> None:
    """A26 Default `cancel_first_then_apply` (M2008 4): a jump-in Reverse leaves the
    direction reversed once relative to before the first Reverse, with the next player
    counted from the jumper."""
    t = ok(reverse_table(jump_in()), "2 Rrev")
    assert t.state.direction == -1
    assert t.state.turn == 1
    assert jumped(t.events) == [(2, "Rrev")]


def test_A26_jump_in_reverse_both_apply() -> None:
    """A26 option `both_apply`: the direction is reversed twice, i.e. back to clockwise,
    next player counted from the jumper."""
    t = ok(reverse_table(jump_in(action_semantics="both_apply")), "2 Rrev")
    assert t.state.direction == 1
    assert t.state.turn == 3


@pytest.mark.parametrize("semantics", ["cancel_first_then_apply", "both_apply"])
def test_A26_jump_in_skip_skips_the_seat_after_the_jumper(semantics: str) -> None:
    """A26: a jump-in Skip skips the seat after the jumper."""
    hands = [["Rskip", "G1"], ["Y1", "Y2"], ["B1", "B2"], ["Rskip", "G3"]]
    state = table(hands, ["R3"], rules=jump_in(action_semantics=semantics))
    state = ok(state, "0 Rskip").state
    assert state.turn == 2
    t = ok(state, "3 Rskip")
    assert [e.seat for e in events_of(t.events, "skipped")] == [0]
    assert t.state.turn == 1


# -- A25: Draw Two on a pending penalty -------------------------------------------------------


def test_A25_jump_in_draw_two_cancels_the_pending_penalty() -> None:
    """A25 Default (a) cancel: the first victim draws nothing and the seat after the jumper
    faces only the jumper's card."""
    hands = [["R+2", "G1"], ["Y1", "Y2"], ["B1", "B2"], ["R+2", "G3"]]
    state = table(hands, ["R3"], rules=jump_in())
    state = ok(state, "0 R+2").state
    assert pending(state) == (1, 2)  # A60: a jump-in is possible, so the draw waits
    t = ok(state, "3 R+2")
    assert jumped(t.events) == [(3, "R+2")]
    assert "drew" not in kinds(t.events)
    assert pending(t.state) == (0, 2)
    after = ok(t.state, "0 accept")
    assert drew(after.events) == [(0, 2)]
    assert after.state.turn == 1
    assert sizes(after.state) == (3, 2, 2, 1)


def test_A25_the_victim_itself_may_jump_in_with_the_identical_card() -> None:
    """A25 with H06 alone (no stacking): the victim of a pending Draw Two who holds the
    identical card may jump in with it, and ``legal_moves`` lists that answer."""
    hands = [["R+2", "G1"], ["R+2", "Y2"], ["B1", "B2"], ["G3", "G4"]]
    state = ok(table(hands, ["R3"], rules=jump_in()), "0 R+2").state
    assert pending(state) == (1, 2)
    assert uno.parse_move("1 R+2") in uno.legal_moves(state)
    t = ok(state, "1 R+2")
    assert jumped(t.events) == [(1, "R+2")]
    assert pending(t.state) == (2, 2)


def test_A25_cancel_with_stacking_seat_after_jumper_faces_only_two() -> None:
    """A25 (a) with H01: a jump-in on a stack cancels the whole pending total; the seat after
    the jumper faces only the jumper's Draw Two."""
    option = with_house(stacking={"enabled": True}, jump_in={"enabled": True})
    hands = [["R+2", "G1"], ["B+2", "Y2"], ["G5", "G6"], ["B+2", "G3"]]
    state = table(hands, ["R3"], rules=option)
    state, _ = run(state, "0 R+2", "1 B+2")
    assert pending(state) == (2, 4)
    t = ok(state, "3 B+2")
    assert pending(t.state) == (0, 2)
    assert sizes(t.state) == (1, 1, 2, 1)


def test_A25_with_stacking_accumulate_seat_after_jumper_faces_the_total() -> None:
    """A25 (b) `with_stacking: accumulate`: the seat after the jumper faces the total."""
    option = with_house(
        stacking={"enabled": True}, jump_in={"enabled": True, "with_stacking": "accumulate"}
    )
    hands = [["R+2", "G1"], ["B+2", "Y2"], ["G5", "G6"], ["B+2", "G3"]]
    state = table(hands, ["R3"], rules=option)
    state, _ = run(state, "0 R+2", "1 B+2")
    t = ok(state, "3 B+2")
    assert pending(t.state) == (0, 6)
    after = ok(t.state, "0 accept")
    assert drew(after.events) == [(0, 6)]
    assert sizes(after.state) == (7, 1, 2, 1)
    assert after.state.turn == 1


def test_H06_during_pending_penalty_false() -> None:
    """H06 `during_pending_penalty: false` (A25): no jump-in while a draw penalty waits for
    its victim (`penalty-pending`)."""
    option = with_house(
        stacking={"enabled": True}, jump_in={"enabled": True, "during_pending_penalty": False}
    )
    hands = [["R+2", "G1"], ["Y1", "Y2"], ["B1", "B2"], ["R+2", "G3"]]
    state = ok(table(hands, ["R3"], rules=option), "0 R+2").state
    refused(state, "3 R+2", "penalty-pending", "A25")
    assert not [m for m in uno.legal_moves(state, seat=3) if isinstance(m, uno.Play)]
    w4 = [["W+4", "G1"], ["Y1", "Y2"], ["B1", "B2"], ["W+4", "G3"]]
    option = jump_in(during_pending_penalty=False)
    state = ok(table(w4, ["R3"], rules=option), "0 W+4 blue").state
    refused(state, "3 W+4 green", "penalty-pending", "A25")


# -- A24: a W+4 jumping in -------------------------------------------------------------------


def w4_jump_table(seat0: list[str], seat2: list[str]) -> uno.GameState:
    hands = [seat0, ["Y1", "Y2"], seat2, ["B3", "B4"]]
    draw = ["Y5", "Y6", "Y7", "Y8", "G5", "G6"]
    state = table(hands, ["B9", "R5"], rules=jump_in(), draw_pile=draw)
    return ok(state, "0 W+4 red").state


def test_A24_jumping_w4_is_a_bluff_challengeable_only_by_the_new_victim() -> None:
    """A24 Default: a jumper's W+4 must still meet the color restriction against the active
    color, the one the first W+4 named. Only the new victim may challenge it; guilty, the
    jumper draws 4 and the new victim takes a normal turn; the first victim draws nothing."""
    state = w4_jump_table(["W+4", "G1"], ["W+4", "R3", "G2"])
    assert pending(state) == (1, 4)
    t = ok(state, "2 W+4 blue")
    assert pending(t.state) == (3, 4)
    assert t.state.color is uno.Color.BLUE
    for seat in (0, 1, 2):
        refused(t.state, f"{seat} challenge", "not-challenge-eligible")
    won = ok(t.state, "3 challenge")
    assert kinds(won.events)[0] == "challenge-won"
    assert drew(won.events) == [(2, 4)]
    assert sizes(won.state) == (1, 2, 6, 2)
    assert won.state.decision == uno.Decision("turn", 3)


def test_A24_the_cancelled_w4_can_no_longer_be_challenged() -> None:
    """A24 Default: the cancelled first W+4 can no longer be challenged: seat 0 bluffed, the
    jumper did not, and the new victim's challenge judges the jumper's card only."""
    state = w4_jump_table(["W+4", "R1", "G1"], ["W+4", "G2"])
    t = ok(state, "2 W+4 green")
    refused(t.state, "1 challenge", "not-challenge-eligible")
    lost = ok(t.state, "3 challenge")
    assert kinds(lost.events)[0] == "challenge-lost"
    assert drew(lost.events) == [(3, 6)]
    assert sizes(lost.state) == (2, 2, 1, 8)
    assert lost.state.turn == 0


# -- A27 on_initial_flip, round over --------------------------------------------------------


def test_A27_no_jump_in_on_the_initial_flip_by_default() -> None:
    """H06 `on_initial_flip` Default false (A27): a jump-in needs a top card placed by a
    play, not the first turned card. The seat whose turn it is plays it normally."""
    hands = [["R1", "G1"], ["Y1", "Y2"], ["R5", "B2"], ["B3", "B4"]]
    state = table(hands, ["R5"], played_by=None, rules=jump_in())
    assert state.played_by is None
    refused(state, "2 R5", "not-your-turn", "A27")
    assert not [m for m in uno.legal_moves(state, seat=2) if isinstance(m, uno.Play)]
    assert ok(state, "0 R1").state.turn == 1


def test_A27_on_initial_flip_true_allows_it() -> None:
    """H06 `on_initial_flip: true`: jumping in on the first turned card."""
    hands = [["R1", "G1"], ["Y1", "Y2"], ["R5", "B2"], ["B3", "B4"]]
    state = table(hands, ["R5"], played_by=None, rules=jump_in(on_initial_flip=True))
    t = ok(state, "2 R5")
    assert jumped(t.events) == [(2, "R5")]
    assert t.state.turn == 3


def test_A27_no_jump_in_while_the_round_is_over() -> None:
    """A27 Default: a jump-in is not legal while the round is over."""
    hands = [["R5"], ["Y1", "Y2"], ["R5", "B2"], ["B3", "B4"]]
    state = table(hands, ["R3"], rules=jump_in())
    over = ok(state, "0 R5").state
    assert over.round_over and over.round_winner == 0
    refused(over, "2 R5", "round-over")
    assert uno.legal_moves(over, seat=2) == ()


# -- A28 self back to back ------------------------------------------------------------------


def test_A28_the_player_who_just_played_may_follow_with_an_identical_card() -> None:
    """H06 M2008 3 / A28: a player holding two identical cards may play them back to back,
    one at a time; the second is a jump-in."""
    hands = [["R5", "R5", "G1"], ["Y1", "Y2"], ["B1", "B2"], ["B3", "B4"]]
    state = table(hands, ["R3"], rules=jump_in())
    state = ok(state, "0 R5").state
    assert state.turn == 1
    assert "0 R5" in {str(m) for m in uno.legal_moves(state, seat=0)}
    t = ok(state, "0 R5")
    assert jumped(t.events) == [(0, "R5")]
    assert t.state.turn == 1
    assert sizes(t.state) == (1, 2, 2, 2)


def test_A28_self_back_to_back_false() -> None:
    """H06 `self_back_to_back: false`: the player who just played may not follow."""
    hands = [["R5", "R5", "G1"], ["Y1", "Y2"], ["B1", "B2"], ["B3", "B4"]]
    state = table(hands, ["R3"], rules=jump_in(self_back_to_back=False))
    state = ok(state, "0 R5").state
    refused(state, "0 R5", "not-your-turn", "A28")
    assert not [m for m in uno.legal_moves(state, seat=0) if isinstance(m, uno.Play)]


def test_A28_identical_card_on_your_own_turn_is_an_ordinary_play() -> None:
    """A28 / rules/jump_in.py: the player whose turn it is playing an identical card makes an
    ordinary play, not a jump-in."""
    hands = [["G1", "G2"], ["R5", "Y2"], ["B1", "B2"], ["B3", "B4"]]
    state = table(hands, ["R3", "R5"], turn=1, rules=jump_in())
    t = ok(state, "1 R5")
    assert jumped(t.events) == []
    assert t.state.turn == 2


# -- A23 going out by jumping in ------------------------------------------------------------


def test_A23_going_out_by_jumping_in_ends_the_round() -> None:
    """A23 Default (`go_out_by_jump_in: true`): going out by jumping in is allowed; the round
    ends."""
    hands = [["G1", "G2"], ["Y1", "Y2"], ["R5"], ["B3", "B4"]]
    state = table(hands, ["R3", "R5"], turn=1, rules=jump_in())
    t = ok(state, "2 R5")
    assert t.state.round_over
    assert t.state.round_winner == 2
    assert events_of(t.events, "round-ended")[0].winner == 2


def test_A23_go_out_by_jump_in_false() -> None:
    """H06 `go_out_by_jump_in: false`: a player may not go out by jumping in."""
    hands = [["G1", "G2"], ["Y1", "Y2"], ["R5"], ["B3", "B4"]]
    state = table(hands, ["R3", "R5"], turn=1, rules=jump_in(go_out_by_jump_in=False))
    refused(state, "2 R5", "cannot-go-out", "A23")
    assert not [m for m in uno.legal_moves(state, seat=2) if isinstance(m, uno.Play)]


def test_A23_plus2_jump_in_as_last_card_seat_after_jumper_draws() -> None:
    """A23 Default: if the jumper's last card is a +2, the seat after the jumper draws; the
    round ends in the same transition (B10.3)."""
    hands = [["R+2", "G1"], ["Y1", "Y2"], ["R+2"], ["B3", "B4"]]
    state = ok(table(hands, ["R3"], rules=jump_in()), "0 R+2").state
    t = ok(state, "2 R+2")
    # B10.3 (design decision): the draw is taken at once; nobody can answer it
    assert drew(t.events) == [(3, 2)]
    assert t.state.round_over and t.state.round_winner == 2
    assert sizes(t.state) == (1, 2, 0, 4)


# -- A22 UNO after a jump-in ----------------------------------------------------------------


def uno_jump_table() -> uno.GameState:
    hands = [["G1", "R1"], ["Y1", "Y2"], ["B1", "B2"], ["R5", "G3"]]
    return table(hands, ["R3", "R5"], turn=1, rules=jump_in())


def test_A22_jumper_left_with_one_card_must_call_uno() -> None:
    """A22 Default: a jumper going from 2 to 1 must call; until the next turn action the
    jumper can be caught."""
    state = ok(uno_jump_table(), "3 R5").state
    assert 3 in state.uno_open
    t = ok(state, "1 catch 3")
    assert [(e.catcher, e.target) for e in events_of(t.events, "uno-caught")] == [(1, 3)]
    assert sizes(t.state) == (2, 2, 2, 3)
    called = ok(uno_jump_table(), "3 R5 uno").state
    refused(called, "1 catch 3", "nothing-to-catch")


def test_A22_window_closes_at_the_next_turn_action_by_the_seat_after_the_jumper() -> None:
    """A22 Default: the window closes at the next turn action, by the seat after the
    jumper."""
    state = ok(uno_jump_table(), "3 R5").state
    assert state.turn == 0
    state = ok(state, "0 R1").state
    refused(state, "1 catch 3", "uno-window-closed")


def test_A22_a_jump_in_does_not_close_an_earlier_window() -> None:
    """A15 (a) with A22: a jump-in is not a turn action, so the seat that played its
    next-to-last card can still be caught after someone jumps in on it."""
    hands = [["R5", "G1"], ["Y1", "Y2"], ["R5", "B2", "B3"], ["B4", "B5"]]
    state = table(hands, ["R3"], rules=jump_in())
    state = ok(state, "0 R5").state
    assert 0 in state.uno_open
    state = ok(state, "2 R5").state
    t = ok(state, "3 catch 0")
    assert sizes(t.state) == (3, 2, 2, 2)


# -- A34 Seven-O ----------------------------------------------------------------------------


def test_A34_jump_in_on_a_seven_swaps_again() -> None:
    """A34 Default: jumping in on a 7 under Seven-O applies both effects: two swaps."""
    option = with_house(jump_in={"enabled": True}, seven_o={"enabled": True})
    hands = [["R7", "Y1", "Y2"], ["G1", "G2"], ["R7", "B1", "B2", "B3"], ["Y3", "Y4"]]
    state = table(hands, ["R3"], rules=option)
    state = ok(state, "0 R7 >1").state
    refused(state, "2 R7", "target-required")
    t = ok(state, "2 R7 >3")
    assert jumped(t.events) == [(2, "R7")]
    assert len(events_of(t.events, "hands-swapped")) == 1
    assert t.state.hands == tuple(
        uno.parse_cards(h) for h in ("G1 G2", "Y1 Y2", "Y3 Y4", "B1 B2 B3")
    )
    assert t.state.turn == 3


# -- legal_moves agreement ------------------------------------------------------------------


def test_H06_legal_moves_list_jump_ins_for_out_of_turn_seats() -> None:
    """API 6: `legal_moves(state, seat=k)` gives seat k's jump-ins; every listed move
    validates and applies; the seat whose turn it is keeps its ordinary moves."""
    hands = [["G1", "G2"], ["R1", "Y2"], ["B5", "B2"], ["R5", "G3", "G4"]]
    state = table(hands, ["R3", "R5"], turn=1, rules=jump_in())
    seat3 = uno.legal_moves(state, seat=3)
    assert {str(m) for m in seat3 if isinstance(m, uno.Play)} == {"3 R5"}
    assert [m for m in uno.legal_moves(state, seat=2) if isinstance(m, uno.Play)] == []
    seat1 = {str(m) for m in uno.legal_moves(state, seat=1)}
    assert {"1 R1", "1 draw"} <= seat1
    for seat in range(4):
        for move in uno.legal_moves(state, seat=seat):
            assert uno.validate(state, move) is None
            assert isinstance(uno.apply(state, move), uno.Transition)
