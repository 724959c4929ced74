"""docs/rules.md 5, interactions of H01 Stacking, H06 Jump-In and H15 Deflect (A24, A25, A33,
A46), with `legal_moves` agreement on tables where all three are on."""

from __future__ import annotations

from typing import Any

import uno_rules as uno

from ..helpers import drew, kinds, ok, pending, refused, rules, run, sizes, table


def house(**sections: Any) -> dict[str, Any]:
    return rules(house_rules=sections)


def test_A25_w4_jump_in_on_a_w4_stack_cancels_it() -> None:
    """A25 (a) with H01 and A24: a W+4 jumping in on a stacked W+4 cancels the stack; the
    seat after the jumper faces only the jumper's 4, and the jumper names the color."""
    option = house(stacking={"enabled": True}, jump_in={"enabled": True})
    hands = [["W+4", "G1"], ["W+4", "G2"], ["B1", "B2"], ["W+4", "G3"]]
    state = table(hands, ["Y4"], rules=option)
    state, _ = run(state, "0 W+4 green", "1 W+4 blue")
    assert pending(state) == (2, 8)
    t = ok(state, "3 W+4 yellow")
    assert pending(t.state) == (0, 4)
    assert t.state.color is uno.Color.YELLOW
    assert "drew" not in kinds(t.events)
    refused(t.state, "2 challenge", "not-challenge-eligible")
    assert sizes(ok(t.state, "0 accept").state) == (5, 1, 2, 1)


def test_A46_jump_in_accumulate_guilty_jumper_draws_the_total() -> None:
    """A25 (b) `accumulate` with A24 and A46: the seat after the jumper faces the total; a
    bluffed jumping W+4 is challengeable by that seat, and guilty, the jumper draws the
    accumulated total while the challenger takes a normal turn."""
    option = house(
        stacking={"enabled": True}, jump_in={"enabled": True, "with_stacking": "accumulate"}
    )
    hands = [["W+4", "G1"], ["Y1", "Y2"], ["B1", "B2"], ["W+4", "R3", "G3"]]
    state = ok(table(hands, ["Y4"], rules=option), "0 W+4 red").state
    t = ok(state, "3 W+4 blue")
    assert pending(t.state) == (0, 8)
    refused(t.state, "1 challenge", "not-challenge-eligible")
    won = ok(t.state, "0 challenge")
    assert kinds(won.events)[0] == "challenge-won"
    assert drew(won.events) == [(3, 8)]
    assert sizes(won.state) == (1, 2, 2, 10)
    assert won.state.decision == uno.Decision("turn", 0)


def test_H06_jump_in_where_the_stacking_pair_is_off() -> None:
    """H06 with H01: a seat that may not stack (the pair is off) may still jump in with an
    identical card; the jump-in cancels the pending penalty (A25 a)."""
    option = house(
        stacking={"enabled": True, "pairs": ["plus2_on_plus2"]}, jump_in={"enabled": True}
    )
    hands = [["W+4", "G1"], ["Y1", "Y2"], ["B1", "B2"], ["W+4", "G3"]]
    state = ok(table(hands, ["Y4"], rules=option), "0 W+4 red").state
    assert "3 W+4 blue" in {str(m) for m in uno.legal_moves(state, seat=3)}
    t = ok(state, "3 W+4 blue")
    assert pending(t.state) == (0, 4)


def test_A33_a_seven_while_a_penalty_is_pending_even_under_jump_in() -> None:
    """A33 with H06 and H07: while a penalty is pending, the victim's 7 is refused (it is
    neither a stack nor identical to the top card)."""
    option = house(stacking={"enabled": True}, jump_in={"enabled": True}, seven_o={"enabled": True})
    hands = [["R+2", "G1"], ["R7", "R0", "Y1"], ["B1", "B2"], ["B3", "B4"]]
    state = ok(table(hands, ["R4"], rules=option), "0 R+2").state
    refused(state, "1 R7 >2", "cannot-stack")
    refused(state, "1 R0", "cannot-stack")


def test_legal_moves_agree_with_stacking_deflect_and_jump_in_together() -> None:
    """API 6 with H01, H06 and H15: the victim's moves are its stacks, deflects and `accept`;
    another seat's identical card is listed as a jump-in; every listed move of every seat
    validates and applies."""
    option = house(stacking={"enabled": True}, jump_in={"enabled": True}, deflect={"enabled": True})
    hands = [
        ["R+2", "G1", "G2"],
        ["B+2", "Rrev", "Brev", "Y1"],
        ["R+2", "G3", "G4"],
        ["B3", "B4"],
    ]
    state = ok(table(hands, ["R4"], rules=option), "0 R+2").state
    victim = {str(m) for m in uno.legal_moves(state, seat=1)}
    assert {"1 B+2", "1 Rrev", "1 accept"} <= victim
    assert {"1 Brev", "1 Y1", "1 draw"}.isdisjoint(victim)
    other = {str(m) for m in uno.legal_moves(state, seat=2) if isinstance(m, uno.Play)}
    assert other == {"2 R+2"}
    assert [m for m in uno.legal_moves(state, seat=3) if isinstance(m, uno.Play)] == []
    for seat in range(4):
        for move in uno.legal_moves(state, seat=seat):
            assert uno.validate(state, move) is None
            assert isinstance(uno.apply(state, move), uno.Transition)
    assert pending(ok(state, "2 R+2").state) == (3, 2)
    assert pending(ok(state, "1 B+2").state) == (2, 4)
    assert pending(ok(state, "1 Rrev").state) == (0, 2)
