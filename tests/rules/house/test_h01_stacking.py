"""H01 Stacking ("Progressive UNO") and its Defaults A46-A50, with B5.6 and B10.3.

Every table turns stacking on inline (``extends: official``). With stacking on, a draw card
leaves a pending penalty (A60) that its victim answers with ``accept``, a stack or (for a
Wild Draw Four) ``challenge``.
"""

from __future__ import annotations

from typing import Any

import pytest

import uno_rules as uno

from ..helpers import card, drew, events_of, kinds, ok, pending, refused, rules, run, sizes, table

ALL_PAIRS = ["plus2_on_plus2", "plus4_on_plus4", "plus4_on_plus2", "plus2_on_plus4"]


def stacking(**params: Any) -> dict[str, Any]:
    """``official`` with H01 on; ``params`` are the stacking parameters."""
    return rules(house_rules={"stacking": {"enabled": True, **params}})


# -- pairs --------------------------------------------------------------------------------

# (pair, the first draw card played by seat 0 on R5, the answer by seat 1, the total)
PAIR_CASES = [
    ("plus2_on_plus2", "0 R+2", "1 B+2", 4),
    ("plus4_on_plus4", "0 W+4 red", "1 W+4 blue", 8),
    ("plus4_on_plus2", "0 R+2", "1 W+4 blue", 6),
    ("plus2_on_plus4", "0 W+4 red", "1 R+2", 6),
]


def pair_table(first: str, answer: str, option: dict[str, Any]) -> uno.GameState:
    """Seat 0 holds the first draw card (and no red), seat 1 the answer (and no red)."""
    hands = [
        [first.split()[1], "G1", "G2"],
        [answer.split()[1], "Y1", "Y2"],
        ["G3", "G4"],
        ["B3", "B4"],
    ]
    return ok(table(hands, ["B9", "R5"], rules=option), first).state


@pytest.mark.parametrize(("pair", "first", "answer", "total"), PAIR_CASES)
def test_H01_pair_allowed_when_listed(pair: str, first: str, answer: str, total: int) -> None:
    """H01 `pairs`: which draw card may answer which. A listed pair stacks: the next player
    faces the sum (M2008 1-2)."""
    state = pair_table(first, answer, stacking(pairs=[pair]))
    assert pending(state)[0] == 1
    t = ok(state, answer)
    assert pending(t.state) == (2, total)
    assert t.state.top_card == card(answer.split()[1])
    assert kinds(t.events) == ["played"]
    assert sizes(t.state) == (2, 2, 2, 2)


@pytest.mark.parametrize(("pair", "first", "answer", "total"), PAIR_CASES)
def test_H01_pair_refused_when_not_listed(pair: str, first: str, answer: str, total: int) -> None:
    """H01 `pairs`: a pair that is not listed may not be stacked (`cannot-stack`), even when
    every other pair is."""
    others = [p for p in ALL_PAIRS if p != pair]
    state = pair_table(first, answer, stacking(pairs=others))
    refused(state, answer, "cannot-stack", "H01")


def test_H01_default_pairs_are_plus2_on_plus2_and_plus4_on_plus4() -> None:
    """H01 `pairs` Default: {+2 on +2, +4 on +4} (M2008). A +4 on a +2 is refused."""
    state = pair_table("0 R+2", "1 W+4 blue", stacking())
    refused(state, "1 W+4 blue", "cannot-stack", "H01")
    state = pair_table("0 W+4 red", "1 R+2", stacking())
    refused(state, "1 R+2", "cannot-stack", "H01")


def test_H01_plus2_on_plus2_accumulates() -> None:
    """H01 M2008 1: a player hit by a Draw Two may instead play a Draw Two; the next player
    then faces 4."""
    state = table([["R+2", "G1"], ["B+2", "Y1"], ["G3"], ["B3"]], ["R5"], rules=stacking())
    t1 = ok(state, "0 R+2")
    assert pending(t1.state) == (1, 2)
    assert "drew" not in kinds(t1.events)
    t2 = ok(t1.state, "1 B+2")
    assert pending(t2.state) == (2, 4)
    assert t2.state.color is uno.Color.BLUE
    assert sizes(t2.state) == (1, 1, 1, 1)


def test_H01_four_draw_twos_in_a_row_fifth_player_draws_eight() -> None:
    """H01 M2008 3: the chain continues as long as players hold the card. Four Draw Twos in
    a row make the fifth player draw 8 (and lose the turn, M2008 6 / A49)."""
    hands = [["R+2", "R1"], ["B+2", "B1"], ["G+2", "G1"], ["Y+2", "Y1"], ["Y7", "Y8"]]
    state = table(hands, ["R5"], rules=stacking())
    amounts = []
    for move in ("0 R+2", "1 B+2", "2 G+2", "3 Y+2"):
        state = ok(state, move).state
        amounts.append(pending(state))
    assert amounts == [(1, 2), (2, 4), (3, 6), (4, 8)]
    t = ok(state, "4 accept")
    assert drew(t.events) == [(4, 8)]
    assert [e.amount for e in events_of(t.events, "penalty-accepted")] == [8]
    assert [e.seat for e in events_of(t.events, "skipped")] == [4]
    assert sizes(t.state) == (1, 1, 1, 1, 10)
    assert t.state.turn == 0
    assert t.state.decision == uno.Decision("turn", 0)
    assert t.state.penalty is None


def test_H01_only_one_draw_card_per_turn() -> None:
    """H01 M2008 4: only one Draw Two or W+4 may be played per turn, even if a player holds
    several."""
    state = table([["R+2", "G1"], ["B+2", "G+2", "Y1"], ["G3"], ["B3"]], ["R5"], rules=stacking())
    state = ok(state, "0 R+2").state
    v = uno.apply(state, "1 B+2 G+2")
    assert isinstance(v, uno.Violation)
    assert v.code in ("cannot-stack", "one-card-per-turn")
    assert pending(ok(state, "1 B+2").state) == (2, 4)


def test_H01_last_player_to_stack_a_w4_names_the_color() -> None:
    """H01 M2008 2: two stacked W+4 make 8; the last player to stack a W+4 names the
    color."""
    hands = [["W+4", "G1"], ["W+4", "Y1"], ["G3", "B4"], ["B3", "R3"]]
    state = table(hands, ["R5"], rules=stacking())
    state = ok(state, "0 W+4 red").state
    assert state.color is uno.Color.RED
    state = ok(state, "1 W+4 blue").state
    assert pending(state) == (2, 8)
    assert state.color is uno.Color.BLUE
    after = ok(state, "2 accept").state
    assert after.turn == 3
    assert after.color is uno.Color.BLUE
    refused(after, "3 R3", "card-does-not-match")
    assert uno.validate(after, "3 B3") is None


# -- plus2_on_plus4_color (A47) ------------------------------------------------------------


def test_A47_plus2_on_plus4_must_match_declared_color() -> None:
    """H01 `plus2_on_plus4_color` Default `must_match_declared` / A47: a +2 on a W+4, where
    allowed, must match the declared color."""
    option = stacking(pairs=["plus2_on_plus4"])
    hands = [["W+4", "G1"], ["R+2", "B+2", "Y1"], ["G3"], ["B3"]]
    state = ok(table(hands, ["Y5"], rules=option), "0 W+4 red").state
    refused(state, "1 B+2", "cannot-stack", "H01")
    t = ok(state, "1 R+2")
    assert pending(t.state) == (2, 6)
    assert t.state.color is uno.Color.RED


def test_H01_plus2_on_plus4_color_any() -> None:
    """H01 `plus2_on_plus4_color: any`: a +2 of any color may answer a W+4; it sets its own
    color."""
    option = stacking(pairs=["plus2_on_plus4"], plus2_on_plus4_color="any")
    hands = [["W+4", "G1"], ["R+2", "B+2", "Y1"], ["G3"], ["B3"]]
    state = ok(table(hands, ["Y5"], rules=option), "0 W+4 red").state
    t = ok(state, "1 B+2")
    assert pending(t.state) == (2, 6)
    assert t.state.color is uno.Color.BLUE


# -- A49 victim_loses_turn ------------------------------------------------------------------


def test_A49_final_victim_draws_total_and_loses_turn() -> None:
    """A49 Default: the final victim draws the accumulated total and loses the turn."""
    hands = [["R+2", "G1"], ["B+2", "Y1"], ["G3", "B4"], ["B3", "B5"]]
    state = table(hands, ["R5"], rules=stacking(), draw_pile=["Y2", "Y3", "Y4", "Y6"])
    state, events = run(state, "0 R+2", "1 B+2", "2 accept")
    assert state.hands[2] == uno.parse_cards("G3 B4 Y2 Y3 Y4 Y6")
    assert [e.seat for e in events_of(events, "skipped")] == [2]
    assert state.turn == 3
    refused(state, "2 B4", "not-your-turn")


def test_A49_victim_loses_turn_false_draws_then_plays() -> None:
    """A49 option `victim_loses_turn: false`: the victim draws the total, then plays."""
    hands = [["R+2", "G1"], ["B+2", "Y1"], ["G3", "B4"], ["B3", "B5"]]
    option = stacking(victim_loses_turn=False)
    state = table(hands, ["R5"], rules=option, draw_pile=["Y2", "Y3", "Y4", "Y6"])
    state, _ = run(state, "0 R+2", "1 B+2")
    t = ok(state, "2 accept")
    assert drew(t.events) == [(2, 4)]
    assert "skipped" not in kinds(t.events)
    assert t.state.decision == uno.Decision("turn", 2)
    after = ok(t.state, "2 B4").state
    assert after.turn == 3
    assert sizes(after) == (1, 1, 5, 2)


# -- A48 optional ---------------------------------------------------------------------------


def test_A48_optional_true_a_player_who_can_stack_may_accept() -> None:
    """A48 Default: a player who holds a stackable card may still decline, by accepting."""
    hands = [["R+2", "G1"], ["B+2", "Y1"], ["G3"], ["B3"]]
    state = ok(table(hands, ["R5"], rules=stacking()), "0 R+2").state
    t = ok(state, "1 accept")
    assert drew(t.events) == [(1, 2)]
    assert t.state.turn == 2
    assert sizes(t.state) == (1, 4, 1, 1)


def test_A48_optional_false_accept_refused_while_holding_a_stackable_card() -> None:
    """A48 option `optional: false`: a player holding a stackable card must stack
    (`must-stack`)."""
    hands = [["R+2", "G1"], ["B+2", "Y1"], ["G3"], ["B3"]]
    state = ok(table(hands, ["R5"], rules=stacking(optional=False)), "0 R+2").state
    v = refused(state, "1 accept", "must-stack", "A48")
    assert v.card == card("B+2")
    assert pending(ok(state, "1 B+2").state) == (2, 4)


def test_A48_optional_false_accept_allowed_without_a_stackable_card() -> None:
    """A48 option `optional: false`: without a card that may be stacked (a W+4 when
    plus4_on_plus2 is off, another card), the victim accepts."""
    hands = [["R+2", "G1"], ["W+4", "Y1", "R7"], ["G3"], ["B3"]]
    state = ok(table(hands, ["R5"], rules=stacking(optional=False)), "0 R+2").state
    t = ok(state, "1 accept")
    assert sizes(t.state) == (1, 5, 1, 1)


def test_A48_optional_false_does_not_force_an_illegal_w4_stack() -> None:
    """A48 with A47: stacking a W+4 while holding the active color is illegal under the usual
    restriction. Forced stacking cannot force that illegal play: a victim whose only
    stackable card is such a W+4 may accept."""
    hands = [["W+4", "G1"], ["W+4", "R3", "Y1"], ["G3"], ["B3"]]
    state = ok(table(hands, ["B5"], rules=stacking(optional=False)), "0 W+4 red").state
    t = ok(state, "1 accept")
    assert drew(t.events) == [(1, 4)]
    assert t.state.turn == 2


# -- A46 / A47 the challenge inside a stack ---------------------------------------------------


def w4_stack_table(
    seat0: list[str], seat1: list[str], option: dict[str, Any] | None = None, top: str = "R5"
) -> uno.GameState:
    hands = [seat0, seat1, ["G3", "G4"], ["B3", "B4"]]
    draw = ["Y2", "Y3", "Y4", "Y6", "Y7", "Y8", "Y9", "G2", "G5", "G6"]
    return table(hands, ["B9", top], rules=option or stacking(pairs=ALL_PAIRS), draw_pile=draw)


def test_A46_guilty_stacked_w4_offender_draws_total() -> None:
    """A46 Default, guilty: the player of the most recent W+4 draws the accumulated total,
    and the victim takes a normal turn (A7). A47: a W+4 stacked while holding the active
    color is illegal and challengeable."""
    state = w4_stack_table(["R+2", "G1"], ["W+4", "R3", "Y1"])
    state, _ = run(state, "0 R+2", "1 W+4 blue")
    assert pending(state) == (2, 6)
    t = ok(state, "2 challenge")
    assert kinds(t.events)[0] == "challenge-won"
    won = events_of(t.events, "challenge-won")[0]
    assert (won.challenger, won.offender, won.penalty) == (2, 1, 6)
    assert drew(t.events) == [(1, 6)]
    assert sizes(t.state) == (1, 8, 2, 2)
    assert t.state.decision == uno.Decision("turn", 2)
    assert "skipped" not in kinds(t.events)
    assert t.state.color is uno.Color.BLUE
    assert uno.validate(t.state, "2 G3") is not None
    assert ok(t.state, "2 draw").state.turn == 2


def test_A46_guilty_w4_on_w4_offender_draws_eight() -> None:
    """A46 guilty, W+4 on W+4: the latest W+4's player draws 8."""
    state = w4_stack_table(["W+4", "G1"], ["W+4", "B3", "Y1"])
    state, _ = run(state, "0 W+4 blue", "1 W+4 green")
    t = ok(state, "2 challenge")
    assert drew(t.events) == [(1, 8)]
    assert sizes(t.state) == (1, 10, 2, 2)
    assert t.state.turn == 2


def test_A46_innocent_victim_draws_total_plus_two_and_loses_turn() -> None:
    """A46 Default, innocent: the victim draws total + 2 and loses the turn."""
    state = w4_stack_table(["W+4", "G1"], ["W+4", "G7", "Y1"])
    state, _ = run(state, "0 W+4 blue", "1 W+4 red")
    t = ok(state, "2 challenge")
    lost = events_of(t.events, "challenge-lost")[0]
    assert (lost.challenger, lost.offender, lost.penalty) == (2, 1, 10)
    assert drew(t.events) == [(2, 10)]
    assert [e.seat for e in events_of(t.events, "skipped")] == [2]
    assert sizes(t.state) == (1, 2, 12, 2)
    assert t.state.turn == 3


def test_A46_only_the_latest_w4_is_judged() -> None:
    """A46 Default: only the most recent W+4 may be challenged. Seat 0 bluffed the first one,
    seat 1 stacked honestly: the challenge fails."""
    state = w4_stack_table(["W+4", "R1", "G1"], ["W+4", "G7", "Y1"])
    state, _ = run(state, "0 W+4 blue", "1 W+4 green")
    t = ok(state, "2 challenge")
    assert kinds(t.events)[0] == "challenge-lost"
    assert sizes(t.state) == (2, 2, 12, 2)


def test_A46_only_the_current_victim_may_challenge() -> None:
    """A46 Default: only the current victim may challenge; the earlier victim, who stacked,
    can no longer challenge the W+4 played on them."""
    state = w4_stack_table(["W+4", "R1", "G1"], ["W+4", "G7", "Y1"])
    state, _ = run(state, "0 W+4 blue", "1 W+4 green")
    for seat in (0, 1, 3):
        refused(state, f"{seat} challenge", "not-challenge-eligible")


def test_A46_a_draw_two_on_top_cannot_be_challenged() -> None:
    """A46: the challenge concerns the most recent W+4. With a +2 stacked on a bluffed W+4,
    there is nothing to challenge; the victim accepts the total."""
    option = stacking(pairs=["plus2_on_plus4"])
    state = w4_stack_table(["W+4", "R1", "G1"], ["B+2", "Y1"], option)
    state, _ = run(state, "0 W+4 blue", "1 B+2")
    assert pending(state) == (2, 6)
    refused(state, "2 challenge", "no-challenge-pending")
    assert sizes(ok(state, "2 accept").state) == (2, 1, 8, 2)


def test_H01_stacking_challenge_disabled() -> None:
    """H01 `challenge: disabled`: a W+4 inside a stack cannot be challenged; the victim
    accepts the total. The first W+4, not yet in a stack, still can be."""
    option = stacking(challenge="disabled")
    state = w4_stack_table(["W+4", "G1"], ["W+4", "B3", "Y1"], option)
    first = ok(state, "0 W+4 blue").state
    assert uno.validate(first, "1 challenge") is None
    stacked = ok(first, "1 W+4 green").state
    refused(stacked, "2 challenge", "challenge-disabled")
    assert sizes(ok(stacked, "2 accept").state) == (1, 2, 10, 2)


def test_A46_stacking_challenge_disabled_refusal_names_the_stacking_rule() -> None:
    """API 7: a violation names the clause that decides it. With the W+4 challenge enabled
    (H11 off), what refuses a challenge inside a stack is H01 `challenge: disabled` (A46),
    not H11."""
    option = stacking(challenge="disabled")
    state = w4_stack_table(["W+4", "G1"], ["W+4", "B3", "Y1"], option)
    state, _ = run(state, "0 W+4 blue", "1 W+4 green")
    v = refused(state, "2 challenge", "challenge-disabled")
    assert v.rule in ("H01", "A46")


# -- w4_color_restriction_in_stack ----------------------------------------------------------


def test_A47_enforce_stacked_w4_is_a_bluff_when_holding_the_active_color() -> None:
    """H01 `w4_color_restriction_in_stack` Default `enforce` (M2008 5): the usual
    restriction applies to a stacked W+4, judged against the color in force (the +2's)."""
    state = w4_stack_table(["R+2", "G1"], ["W+4", "R3", "Y1"])
    state, _ = run(state, "0 R+2", "1 W+4 blue")
    assert state.penalty is not None and state.penalty.bluff is True
    state = w4_stack_table(["R+2", "G1"], ["W+4", "B3", "Y1"])
    state, _ = run(state, "0 R+2", "1 W+4 blue")
    assert state.penalty is not None and state.penalty.bluff is False


def test_H01_waive_a_stacked_w4_is_never_a_bluff() -> None:
    """H01 `w4_color_restriction_in_stack: waive`: a stacked W+4 is never a bluff, so it
    cannot be challenged (as with H10 `none`); the victim accepts the total."""
    option = stacking(pairs=ALL_PAIRS, w4_color_restriction_in_stack="waive")
    state = w4_stack_table(["R+2", "G1"], ["W+4", "R3", "Y1"], option)
    state, _ = run(state, "0 R+2", "1 W+4 blue")
    assert pending(state) == (2, 6)
    assert state.penalty is not None and state.penalty.bluff is False
    assert state.color is uno.Color.BLUE
    refused(state, "2 challenge", "challenge-disabled")
    t = ok(state, "2 accept")
    assert drew(t.events) == [(2, 6)]
    assert t.state.turn == 3


def test_H01_waive_leaves_the_first_w4_under_the_restriction() -> None:
    """H01 `waive` concerns a W+4 used to stack only: the first W+4 of a chain is an
    ordinary play, still a bluff when its player holds the active color (B8.1)."""
    option = stacking(w4_color_restriction_in_stack="waive")
    state = w4_stack_table(["W+4", "R1", "G1"], ["Y1", "Y2"], option)
    state = ok(state, "0 W+4 blue").state
    t = ok(state, "1 challenge")
    assert kinds(t.events)[0] == "challenge-won"
    assert sizes(t.state) == (6, 2, 2, 2)


def test_H01_waive_no_color_choice_stacked_w4_names_no_color() -> None:
    """H01 `waive_no_color_choice`: a stacked W+4 is never a bluff and names no color: a
    color given is refused (`color-not-allowed`); the declared color stays."""
    option = stacking(w4_color_restriction_in_stack="waive_no_color_choice")
    state = w4_stack_table(["W+4", "G1"], ["W+4", "R3", "Y1"], option, top="Y5")
    state = ok(state, "0 W+4 red").state
    refused(state, "1 W+4 blue", "color-not-allowed", "H01")
    t = ok(state, "1 W+4")
    assert pending(t.state) == (2, 8)
    assert t.state.color is uno.Color.RED
    assert t.state.penalty is not None and t.state.penalty.bluff is False
    refused(t.state, "2 challenge", "challenge-disabled")
    after = ok(t.state, "2 accept").state
    assert after.color is uno.Color.RED
    assert sizes(after) == (1, 2, 10, 2)


def test_H01_waive_no_color_choice_w4_on_plus2_keeps_the_plus2_color() -> None:
    """H01 `waive_no_color_choice` with plus4_on_plus2: the stacked W+4 names no color, so
    the Draw Two's color stays in force. The first W+4 of a chain still names one."""
    option = stacking(pairs=ALL_PAIRS, w4_color_restriction_in_stack="waive_no_color_choice")
    state = w4_stack_table(["R+2", "W+4", "G1"], ["W+4", "Y1"], option)
    refused(state, "0 W+4", "color-required")
    state = ok(state, "0 R+2").state
    t = ok(state, "1 W+4")
    assert pending(t.state) == (2, 6)
    assert t.state.color is uno.Color.RED


# -- A33 ------------------------------------------------------------------------------------


@pytest.mark.parametrize("move", ["1 R7 >2", "1 R0", "1 R5", "1 Rskip", "1 W red"])
def test_A33_only_stacking_or_accepting_while_a_penalty_is_pending(move: str) -> None:
    """A33 Default: with stacking, while a penalty is pending only stackable cards, or
    accepting, are legal: a 7 or 0 under Seven-O, or any other card, is refused."""
    option = rules(
        house_rules={"stacking": {"enabled": True}, "seven_o": {"enabled": True}},
    )
    hands = [["R+2", "G1"], ["R7", "R0", "R5", "Rskip", "W", "Y1"], ["G3"], ["B3"]]
    state = ok(table(hands, ["R4"], rules=option), "0 R+2").state
    refused(state, move, "cannot-stack")
    refused(state, "1 draw", "penalty-pending")
    assert uno.validate(state, "1 accept") is None


# -- B5.6 -----------------------------------------------------------------------------------


def test_B5_6_draw_two_on_a_resolved_draw_two_is_an_ordinary_play() -> None:
    """B5.6: a Draw Two on a Draw Two whose penalty has been resolved is an ordinary play
    (symbol match), not stacking: the next player faces 2, not 4."""
    hands = [["R+2", "G1"], ["Y1", "Y2"], ["B+2", "B1"], ["B3"]]
    state = table(hands, ["R5"], rules=stacking())
    state, _ = run(state, "0 R+2", "1 accept")
    assert state.turn == 2 and state.penalty is None
    t = ok(state, "2 B+2")
    assert pending(t.state) == (3, 2)
    settled = table([["B+2", "G1"], ["Y1"], ["G2"]], ["R+2"], rules=stacking())
    assert pending(ok(settled, "0 B+2").state) == (1, 2)


# -- A50 ------------------------------------------------------------------------------------


def test_A50_two_players_play_returns_to_the_last_stacker() -> None:
    """A50 Default: stacking with two players: after the victim takes the stack, play
    returns to the last player who stacked (T3)."""
    state = table([["R+2", "G1", "G2"], ["B+2", "B1"]], ["R5"], rules=stacking())
    state, _ = run(state, "0 R+2", "1 B+2")
    assert pending(state) == (0, 4)
    t = ok(state, "0 accept")
    assert drew(t.events) == [(0, 4)]
    assert t.state.decision == uno.Decision("turn", 1)
    assert sizes(t.state) == (6, 1)


# -- B10.3 ----------------------------------------------------------------------------------


def test_B10_3_going_out_on_a_stacked_card_next_player_still_faces_the_total() -> None:
    """B10.3 with H01 (design decision): a player who goes out on a stacked Draw Two still
    makes the next player face the total, drawn at once: nobody may stack on a card that
    went out, and the round ends in the same transition."""
    hands = [["R+2", "G1"], ["B+2"], ["G3", "B4"], ["B3", "B5"]]
    state = table(hands, ["R5"], rules=stacking(), draw_pile=["Y2", "Y3", "Y4", "Y6"])
    state = ok(state, "0 R+2").state
    t = ok(state, "1 B+2")
    assert kinds(t.events) == ["played", "drew", "skipped", "round-ended"]
    assert drew(t.events) == [(2, 4)]
    assert t.state.round_over
    assert t.state.round_winner == 1
    assert sizes(t.state) == (1, 0, 6, 2)
    ended = events_of(t.events, "round-ended")[0]
    assert ended.winner == 1


# -- legal_moves agreement ------------------------------------------------------------------


def test_H01_legal_moves_list_the_stacks_and_accept() -> None:
    """API 6: the victim's legal moves are the stacks the rules allow and `accept` (not
    `challenge` for a +2, not a draw or another card); every listed move applies."""
    option = stacking(pairs=["plus2_on_plus2", "plus4_on_plus2"])
    hands = [["R+2", "G1"], ["B+2", "W+4", "Y1", "R7"], ["G3"], ["B3"]]
    state = ok(table(hands, ["R5"], rules=option), "0 R+2").state
    moves = uno.legal_moves(state, seat=1)
    assert moves == uno.legal_moves(state)
    texts = {str(m) for m in moves}
    expected = {"1 B+2", "1 accept"} | {f"1 W+4 {c}" for c in ("red", "yellow", "green", "blue")}
    assert expected <= texts
    assert {"1 Y1", "1 R7", "1 draw", "1 challenge"}.isdisjoint(texts)
    assert all(str(m).startswith("1 ") for m in moves)
    for move in moves:
        assert uno.validate(state, move) is None
        assert isinstance(uno.apply(state, move), uno.Transition)
    assert [m for m in uno.legal_moves(state, seat=2) if isinstance(m, uno.Play)] == []


def test_A48_legal_moves_omit_accept_when_stacking_is_forced() -> None:
    """API 6 with A48 `optional: false`: `accept` is not listed while a stack is possible."""
    hands = [["R+2", "G1"], ["B+2", "Y1"], ["G3"], ["B3"]]
    state = ok(table(hands, ["R5"], rules=stacking(optional=False)), "0 R+2").state
    texts = {str(m) for m in uno.legal_moves(state, seat=1)}
    assert "1 B+2" in texts
    assert "1 accept" not in texts
