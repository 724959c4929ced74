"""H07 Seven-O (7 swap and 0 rotate), with A19, A20, A30-A33 (section 5)."""

from __future__ import annotations

from typing import Any

import pytest

import uno_rules as uno

from ..helpers import cards, events_of, kinds, ok, refused, rules, run, sizes, table


def seven_o(**params: Any) -> dict[str, Any]:
    """``official`` with H07 Seven-O on, with ``params``."""
    return rules(house_rules={"seven_o": {"enabled": True, **params}})


HANDS = [["R7", "R0", "B1"], ["Y1", "Y2"], ["G1", "G2", "G3", "G4"], ["B8", "B9", "Y9"]]
PILE = ["B2", "B3", "B4", "G5", "G6"]


def four(option: Any = None, hands: list[Any] | None = None, **fields: Any) -> uno.GameState:
    fields.setdefault("draw_pile", PILE)
    return table(hands or HANDS, ["R5"], rules=option or seven_o(), **fields)


# -- 7: swap ---------------------------------------------------------------------------


@pytest.mark.parametrize("target", [1, 2, 3])
def test_H07_seven_swaps_hands_with_the_chosen_target(target: int) -> None:
    """H07.2: "each time a 7 is played, its player must trade hands with another player of
    their choice" (the target is part of the move, A31)."""
    state = four()
    t = ok(state, f"0 R7 >{target}")
    expected = [cards(" ".join(h)) for h in HANDS]
    expected[0] = cards("R0 B1")
    expected[0], expected[target] = expected[target], expected[0]
    assert t.state.hands == tuple(expected)
    swaps = events_of(t.events, "hands-swapped")
    assert [(e.seat, e.target) for e in swaps] == [(0, target)]
    assert t.state.top_card == uno.Card.parse("R7")
    assert t.state.color is uno.Color.RED
    assert t.state.turn == 1


def test_H07_A31_seven_needs_a_target_that_is_another_seat() -> None:
    """A31: the swap is mandatory; "choosing yourself, or not choosing, is a violation"."""
    state = four()
    refused(state, "0 R7", "target-required", "A31")
    refused(state, "0 R7 >0", "invalid-target", "A31")
    assert uno.parse_move("0 R7") not in uno.legal_moves(state)
    sevens = [
        m
        for m in uno.legal_moves(state)
        if isinstance(m, uno.Play) and m.card.rank is uno.Rank.SEVEN
    ]
    assert sorted(m.target for m in sevens) == [1, 2, 3]


def test_H07_seven_mandatory_false_allows_no_target() -> None:
    """H07 `seven_mandatory: optional`: the 7's player may keep their hand (no target), or
    still swap."""
    state = four(seven_o(seven_mandatory=False))
    t = ok(state, "0 R7")
    assert "hands-swapped" not in kinds(t.events)
    assert t.state.hands[0] == cards("R0 B1")
    assert sizes(t.state) == (2, 2, 4, 3)
    assert t.state.turn == 1
    swapped = ok(state, "0 R7 >2").state
    assert swapped.hands[0] == cards("G1 G2 G3 G4")
    refused(state, "0 R7 >0", "invalid-target", "A31")


# -- 0: rotate -------------------------------------------------------------------------


@pytest.mark.parametrize(("direction", "step"), [("clockwise", 1), ("counterclockwise", -1)])
def test_H07_zero_passes_every_hand_to_the_next_seat_in_the_direction_of_play(
    direction: str, step: int
) -> None:
    """H07.1 / A32: "every player passes their hand to the next player in the direction of
    play"; the 0 does not change the direction."""
    state = four(direction=direction)
    t = ok(state, "0 R0")
    before = [cards(" ".join(h)) for h in HANDS]
    before[0] = cards("R7 B1")
    for seat in range(4):
        assert t.state.hands[(seat + step) % 4] == before[seat]
    assert t.state.direction == step
    assert [e.direction for e in events_of(t.events, "hands-rotated")] == [step]
    assert t.state.turn == step % 4
    assert t.state.top_card == uno.Card.parse("R0")


@pytest.mark.parametrize("direction", ["clockwise", "counterclockwise"])
def test_A32_zero_with_two_players_is_a_swap(direction: str) -> None:
    """A32: with two players, passing hands on is a swap, in either direction."""
    state = table(
        [["R0", "B1", "B2"], ["Y1", "Y2", "Y3", "Y4"]],
        ["R5"],
        rules=seven_o(),
        direction=direction,
    )
    t = ok(state, "0 R0")
    assert t.state.hands == (cards("Y1 Y2 Y3 Y4"), cards("B1 B2"))
    assert t.state.turn == 1


def test_H07_seven_swap_off_leaves_the_seven_plain_and_the_zero_rotating() -> None:
    """H07: "each half can be switched separately": `seven_swap: false` makes a 7 a plain
    number card (a target is refused), while a 0 still passes the hands on."""
    state = four(seven_o(seven_swap=False))
    refused(state, "0 R7 >2", "target-not-allowed")
    t = ok(state, "0 R7")
    assert "hands-swapped" not in kinds(t.events)
    assert sizes(t.state) == (2, 2, 4, 3)
    rotated = ok(state, "0 R0")
    assert "hands-rotated" in kinds(rotated.events)
    assert rotated.state.hands[1] == cards("R7 B1")


def test_H07_zero_rotate_off_leaves_the_zero_plain_and_the_seven_swapping() -> None:
    """H07: `zero_rotate: false` makes a 0 a plain number card, while a 7 still swaps."""
    state = four(seven_o(zero_rotate=False))
    t = ok(state, "0 R0")
    assert "hands-rotated" not in kinds(t.events)
    assert t.state.hands[0] == cards("R7 B1")
    assert t.state.hands[1] == cards("Y1 Y2")
    refused(state, "0 R7", "target-required", "A31")
    assert ok(state, "0 R7 >3").state.hands[0] == cards("B8 B9 Y9")


# -- A30 -------------------------------------------------------------------------------


ONE_LEFT = [["R7"], ["Y1", "Y2"], ["G1", "G2", "G3", "G4"], ["B8", "B9", "Y9"]]
ZERO_LEFT = [["R0"], ["Y1", "Y2"], ["G1", "G2", "G3", "G4"], ["B8", "B9", "Y9"]]


def test_A30_seven_as_last_card_has_no_effect() -> None:
    """A30 Default (a), `on_last_card: no_effect`: going out on a 7 ends the round with no
    swap; a target is refused (A30 decides it)."""
    state = four(hands=ONE_LEFT, uno_called=[0])
    v = refused(state, "0 R7 >2", "target-not-allowed")
    assert v.rule == "A30", f"A30 (no effect on the last card) decides this, got {v.rule}"
    t = ok(state, "0 R7")
    assert "hands-swapped" not in kinds(t.events)
    assert t.state.round_over
    assert t.state.round_winner == 0
    assert sizes(t.state) == (0, 2, 4, 3)
    assert [e.winner for e in events_of(t.events, "round-ended")] == [0]


def test_A30_zero_as_last_card_has_no_effect() -> None:
    """A30 Default (a): going out on a 0 ends the round; no hand is passed on."""
    state = four(hands=ZERO_LEFT, uno_called=[0])
    t = ok(state, "0 R0")
    assert "hands-rotated" not in kinds(t.events)
    assert t.state.round_winner == 0
    assert t.state.hands[1:] == tuple(cards(" ".join(h)) for h in ZERO_LEFT[1:])


def test_A30_on_last_card_apply_swaps_the_empty_hand() -> None:
    """A30 (b), `on_last_card: apply`: the 7's swap applies to the empty hand: the target is
    left without cards and wins the round (A55); the target is still required."""
    state = four(seven_o(on_last_card="apply"), hands=ONE_LEFT, uno_called=[0])
    refused(state, "0 R7", "target-required", "A31")
    t = ok(state, "0 R7 >2")
    assert [(e.seat, e.target) for e in events_of(t.events, "hands-swapped")] == [(0, 2)]
    assert t.state.hands[0] == cards("G1 G2 G3 G4")
    assert t.state.hands[2] == ()
    assert t.state.round_over
    assert t.state.round_winner == 2


def test_A30_on_last_card_apply_rotates_the_empty_hand() -> None:
    """A30 (b): the 0's rotation applies: the empty hand passes to the next seat, which wins."""
    state = four(seven_o(on_last_card="apply"), hands=ZERO_LEFT, uno_called=[0])
    t = ok(state, "0 R0")
    assert "hands-rotated" in kinds(t.events)
    assert t.state.hands[0] == cards("B8 B9 Y9")
    assert t.state.hands[1] == ()
    assert t.state.round_winner == 1


# -- A19, A20 --------------------------------------------------------------------------


SINGLE = [["R7", "B1", "B2"], ["R1", "Y2"], ["G1"], ["B8", "B9", "Y9"]]


def test_A19_one_card_after_a_swap_can_be_caught_until_the_next_turn_action() -> None:
    """A19 Default (a): a seat left holding one card by a 7-swap must call UNO and "can be
    caught until the next turn action"."""
    swapped = ok(four(hands=SINGLE), "0 R7 >2").state
    assert swapped.hands[0] == cards("G1")
    assert swapped.hands[2] == cards("B1 B2")
    assert swapped.uno_open == frozenset({0})
    caught = ok(swapped, "3 catch 0")
    assert [(e.catcher, e.target, e.penalty) for e in events_of(caught.events, "uno-caught")] == [
        (3, 0, 2)
    ]
    assert caught.state.hands[0] == cards("G1 B2 B3")
    after_turn = ok(swapped, "1 R1").state
    refused(after_turn, "3 catch 0", "uno-window-closed")
    called = ok(swapped, "0 uno").state
    refused(called, "3 catch 0", "nothing-to-catch")


def test_A19_one_card_after_a_rotation_can_be_caught() -> None:
    """A19 (a): the same after a 0-rotation: seat 1 receives seat 0's single card. Seat 0 went
    from 2 cards to 1 and passed it on, so it owes nothing ("liability is judged on the state
    after the effect resolves")."""
    hands = [["R0", "B1"], ["Y1", "Y2"], ["G1", "G2", "G3"], ["B8", "B9", "Y9"]]
    rotated = ok(four(hands=hands), "0 R0").state
    assert rotated.hands[1] == cards("B1")
    assert rotated.uno_open == frozenset({1})
    refused(rotated, "2 catch 0", "nothing-to-catch")
    assert ok(rotated, "2 catch 1").state.hands[1] == cards("B1 B2 B3")


def test_A19_applies_after_transfer_false_no_duty_after_a_transfer() -> None:
    """A19 (b), `uno.applies_after_transfer: false`: the duty is tied to playing the
    next-to-last card, so the seat given one card by a swap cannot be caught."""
    option = {**seven_o(), "uno": {"applies_after_transfer": False}}
    swapped = ok(four(option, hands=SINGLE), "0 R7 >2").state
    assert swapped.hands[0] == cards("G1")
    assert swapped.uno_open == frozenset()
    v = uno.apply(swapped, "3 catch 0")
    assert isinstance(v, uno.Violation)
    assert v.code in ("nothing-to-catch", "uno-window-closed")
    assert uno.CatchUno(3, 0) not in uno.legal_moves(swapped, seat=3)


def test_A20_a_call_lapses_when_a_swap_takes_the_single_card_away() -> None:
    """A20: "the call lapses whenever the hand size changes away from 1": seat 2 called with
    G1, then receives two cards by the swap; when it is down to one card again, it must call
    again."""
    state = four(hands=SINGLE, uno_called=[2])
    swapped = ok(state, "0 R7 >2").state
    assert swapped.hands[2] == cards("B1 B2")
    assert 2 not in swapped.uno_called
    assert swapped.uno_called == frozenset()
    assert swapped.uno_open == frozenset({0})


def test_A19_A20_a_called_seat_given_a_new_single_card_must_call_again() -> None:
    """A19 / A20 (and the Seven-O module: "a player who ends up with one card after a transfer
    must call UNO"): seat 1 had called with Y1; the rotation hands it seat 0's single B1 and
    seat 2 the Y1; both calls are due again."""
    hands = [["R0", "B1"], ["Y1"], ["G1", "G2", "G3"], ["B8", "B9", "Y9"]]
    rotated = ok(four(hands=hands, uno_called=[1]), "0 R0").state
    assert rotated.hands[1] == cards("B1") and rotated.hands[2] == cards("Y1")
    assert rotated.uno_called == frozenset()
    assert rotated.uno_open == frozenset({1, 2})


# -- A33 -------------------------------------------------------------------------------


def test_A33_seven_or_zero_while_a_penalty_is_pending_is_refused() -> None:
    """A33 (with stacking): "only stackable cards, or accepting, are legal" while a penalty
    is pending: a 7 or 0 answering a Draw Two is refused."""
    option = rules(house_rules={"seven_o": {"enabled": True}, "stacking": {"enabled": True}})
    hands = [["R+2", "B1"], ["R7", "R0", "Y2"], ["G1", "G2"], ["B8", "B9"]]
    pending = ok(table(hands, ["R5"], rules=option, draw_pile=PILE), "0 R+2").state
    assert pending.phase is uno.Phase.PENALTY and pending.turn == 1
    refused(pending, "1 R7 >2", "cannot-stack")
    refused(pending, "1 R7 >0", "cannot-stack")
    refused(pending, "1 R0", "cannot-stack")
    after, _ = run(pending, "1 accept")
    assert after.hands[1] == cards("R7 R0 Y2 B2 B3")
    assert after.hands[2] == cards("G1 G2")
    assert after.turn == 2


def test_A33_seven_while_a_wild_draw_four_is_pending_is_refused() -> None:
    """A33 without stacking: a W+4 leaves its victim only accept or challenge; a 7 is
    refused with penalty-pending."""
    hands = [["W+4", "B1"], ["R7", "Y0", "Y2"], ["G1", "G2"], ["B8", "B9"]]
    pending = ok(table(hands, ["R5"], rules=seven_o(), draw_pile=PILE), "0 W+4 yellow").state
    refused(pending, "1 R7 >2", "penalty-pending")
    refused(pending, "1 Y0", "penalty-pending")
