"""H15 Deflecting a draw penalty with Reverse or Skip (house rule only).

"While a penalty is pending, the victim may answer with a Reverse of the active color or of
the penalty card's color. The direction flips and the pending total moves to the next
player in the new direction, which is the player who played the draw card. The victim may
instead answer with a Skip, which passes the pending total on to the player after the
victim." Parameters: `enabled` = false; `reverse` = true; `skip` = false;
`color_must_match` = true. Design decision (rules/deflect.py): a deflected Wild Draw Four can
no longer be challenged.
"""

from __future__ import annotations

from typing import Any

import pytest

import uno_rules as uno

from ..helpers import drew, events_of, kinds, ok, pending, refused, rules, run, sizes, table


def deflect(**params: Any) -> dict[str, Any]:
    """``official`` with H15 on; ``params`` are the deflect parameters."""
    return rules(house_rules={"deflect": {"enabled": True, **params}})


def deflected(events: Any) -> list[tuple[int, int, int]]:
    return [(e.seat, e.victim, e.amount) for e in events_of(events, "penalty-deflected")]


def plus2_table(option: dict[str, Any], victim: list[str]) -> uno.GameState:
    """Seat 0 has played R+2 on R4; seat 1, holding ``victim``, faces 2."""
    hands = [["R+2", "G1", "G2"], victim, ["B1", "B2"], ["B3", "B4"]]
    state = ok(table(hands, ["R4"], rules=option), "0 R+2").state
    assert pending(state) == (1, 2)
    return state


def test_H15_a_draw_two_waits_for_its_victim() -> None:
    """A60 with H15: with deflecting on, the victim of a Draw Two has a choice, so the draw
    is an explicit `accept`."""
    state = plus2_table(deflect(), ["Rrev", "Y1"])
    t = ok(state, "1 accept")
    assert drew(t.events) == [(1, 2)]
    assert t.state.turn == 2


def test_H15_reverse_sends_the_penalty_back_to_the_player_of_the_draw_card() -> None:
    """H15: a Reverse flips the direction and the pending total moves to the next player in
    the new direction, the player who played the draw card."""
    state = plus2_table(deflect(), ["Rrev", "Y1"])
    t = ok(state, "1 Rrev")
    assert deflected(t.events) == [(1, 0, 2)]
    assert "drew" not in kinds(t.events)
    assert t.state.direction == -1
    assert pending(t.state) == (0, 2)
    after = ok(t.state, "0 accept")
    assert drew(after.events) == [(0, 2)]
    assert [e.seat for e in events_of(after.events, "skipped")] == [0]
    assert after.state.turn == 3
    assert sizes(after.state) == (4, 1, 2, 2)


def test_H15_skip_passes_the_penalty_to_the_player_after_the_victim() -> None:
    """H15: a Skip passes the pending total on to the player after the victim."""
    state = plus2_table(deflect(skip=True), ["Rskip", "Y1"])
    t = ok(state, "1 Rskip")
    assert deflected(t.events) == [(1, 2, 2)]
    assert t.state.direction == 1
    assert pending(t.state) == (2, 2)
    after = ok(t.state, "2 accept")
    assert drew(after.events) == [(2, 2)]
    assert after.state.turn == 3
    assert sizes(after.state) == (2, 1, 4, 2)


def test_H15_deflected_penalty_can_be_deflected_again() -> None:
    """H15: the new victim faces the same pending penalty and may answer it the same way."""
    hands = [["R+2", "Rrev", "G1"], ["Rrev", "Y1"], ["B1", "B2"], ["B3", "B4"]]
    state = table(hands, ["R4"], rules=deflect())
    state, events = run(state, "0 R+2", "1 Rrev", "0 Rrev")
    assert deflected(events) == [(1, 0, 2), (0, 1, 2)]
    assert state.direction == 1
    assert pending(state) == (1, 2)


def test_H15_skip_is_off_by_default() -> None:
    """H15 `skip` Default false: a Skip does not deflect."""
    state = plus2_table(deflect(), ["Rskip", "Rrev", "Y1"])
    refused(state, "1 Rskip", "penalty-pending")
    assert pending(ok(state, "1 Rrev").state) == (0, 2)


def test_H15_reverse_switched_off() -> None:
    """H15 `reverse: false` (with `skip: true`): a Reverse does not deflect."""
    state = plus2_table(deflect(reverse=False, skip=True), ["Rskip", "Rrev", "Y1"])
    refused(state, "1 Rrev", "penalty-pending")
    assert pending(ok(state, "1 Rskip").state) == (2, 2)


def test_H15_color_must_match_true() -> None:
    """H15 `color_must_match` Default true: the Reverse must be of the active color or of the
    penalty card's color."""
    state = plus2_table(deflect(skip=True), ["Brev", "Bskip", "Y1"])
    refused(state, "1 Brev", "penalty-pending")
    refused(state, "1 Bskip", "penalty-pending")


def test_H15_color_must_match_true_on_a_w4_uses_the_declared_color() -> None:
    """H15 `color_must_match`: on a W+4 the active color is the declared one (the W+4 itself
    has no color); the color of the card under it does not count."""
    hands = [["W+4", "G1"], ["Rrev", "Grev", "Y1"], ["B1", "B2"], ["B3", "B4"]]
    state = ok(table(hands, ["R4"], rules=deflect()), "0 W+4 green").state
    refused(state, "1 Rrev", "penalty-pending")
    t = ok(state, "1 Grev")
    assert pending(t.state) == (0, 4)
    assert t.state.color is uno.Color.GREEN


def test_H15_color_must_match_false() -> None:
    """H15 `color_must_match: false`: a Reverse of any color deflects; it sets its color."""
    state = plus2_table(deflect(color_must_match=False), ["Brev", "Y1"])
    t = ok(state, "1 Brev")
    assert pending(t.state) == (0, 2)
    assert t.state.color is uno.Color.BLUE


def test_H15_only_the_victim_deflects() -> None:
    """H15: deflecting answers a pending penalty; it is the victim's move only."""
    hands = [["R+2", "G1", "G2"], ["Y1", "Y2"], ["Rrev", "B2"], ["B3", "B4"]]
    state = ok(table(hands, ["R4"], rules=deflect()), "0 R+2").state
    refused(state, "2 Rrev", "not-your-turn")


@pytest.mark.parametrize(
    ("card", "params", "victim"), [("Grev", {}, 0), ("Gskip", {"skip": True}, 2)]
)
def test_H15_a_deflected_w4_can_no_longer_be_challenged(
    card: str, params: dict[str, Any], victim: int
) -> None:
    """rules/deflect.py [D]: a deflected Wild Draw Four can no longer be challenged, by the
    new victim or by the one who deflected it; the new victim accepts the 4 cards."""
    hands = [["W+4", "R3", "G1"], [card, "Y1"], ["B1", "B2"], ["B3", "B4"]]
    state = ok(table(hands, ["R5"], rules=deflect(**params)), "0 W+4 green").state
    assert uno.validate(state, "1 challenge") is None
    t = ok(state, f"1 {card}")
    assert pending(t.state) == (victim, 4)
    for seat in range(4):
        v = uno.apply(t.state, f"{seat} challenge")
        assert isinstance(v, uno.Violation)
    refused(t.state, f"{victim} challenge", "challenge-disabled")
    assert "challenge" not in {str(m).split()[1] for m in uno.legal_moves(t.state)}
    after = ok(t.state, f"{victim} accept")
    assert drew(after.events) == [(victim, 4)]


def test_H15_deflected_w4_challenge_refusal_names_the_deflect_rule() -> None:
    """API 7: a violation names the clause that decides it. With the W+4 challenge enabled
    (H11 off), what refuses the challenge of a deflected W+4 is H15 (rules/deflect.py)."""
    hands = [["W+4", "R3", "G1"], ["Gskip", "Y1"], ["B1", "B2"], ["B3", "B4"]]
    state = ok(table(hands, ["R5"], rules=deflect(skip=True)), "0 W+4 green").state
    state = ok(state, "1 Gskip").state
    v = refused(state, "2 challenge", "challenge-disabled")
    assert v.rule == "H15"


def test_H15_deflect_with_stacking_moves_the_accumulated_total() -> None:
    """H15 with H01: the deflected penalty is the pending total."""
    option = rules(house_rules={"stacking": {"enabled": True}, "deflect": {"enabled": True}})
    hands = [["R+2", "G1"], ["B+2", "Y1"], ["Brev", "B2"], ["B3", "B4"]]
    state = table(hands, ["R4"], rules=option)
    state, _ = run(state, "0 R+2", "1 B+2")
    assert pending(state) == (2, 4)
    t = ok(state, "2 Brev")
    assert deflected(t.events) == [(2, 1, 4)]
    assert pending(t.state) == (1, 4)
    after = ok(t.state, "1 accept")
    assert drew(after.events) == [(1, 4)]
    assert after.state.turn == 0
    assert sizes(after.state) == (1, 5, 1, 2)


def test_H15_legal_moves_list_the_deflects() -> None:
    """API 6: the victim's legal moves include the deflects the rules allow and `accept`,
    not a Reverse of another color nor a Skip while `skip` is off; each listed move applies."""
    state = plus2_table(deflect(), ["Rrev", "Brev", "Rskip", "Y1"])
    moves = uno.legal_moves(state, seat=1)
    texts = {str(m) for m in moves}
    assert {"1 Rrev", "1 accept"} <= texts
    assert {"1 Brev", "1 Rskip", "1 Y1", "1 draw", "1 challenge"}.isdisjoint(texts)
    for move in moves:
        assert uno.validate(state, move) is None
        assert isinstance(uno.apply(state, move), uno.Transition)
