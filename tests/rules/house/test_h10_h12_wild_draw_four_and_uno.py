"""docs/rules.md 4: H10 no bluffing (`w4_restriction`, with A11), H11 challenge disabled
(`w4_challenge`), H12 UNO call penalties (`uno.*`)."""

from __future__ import annotations

from typing import Any

import pytest

import uno_rules as uno

from ..helpers import cards, events_of, kinds, ok, refused, rules, run, sizes, table

PILE = ["G1", "G2", "G3", "G4", "G6", "G7", "G8", "G9"]


def w4(hand: list[str], option: Any = "official") -> uno.GameState:
    """Seat 0 holds ``hand`` plus a W+4, on R5; seat 1 is the victim."""
    return table([["W+4", *hand], ["Y1", "Y2"], ["Y3", "Y4"]], ["R5"], rules=option, draw_pile=PILE)


def drew(events: Any) -> list[tuple[int, int]]:
    return [(e.seat, e.count) for e in events_of(tuple(events), "drew")]


# -- H10 -------------------------------------------------------------------------------


def test_H10_color_bluff_is_legal_and_challengeable() -> None:
    """H10 `color` (official, B8.1 / B5.4): holding red, the W+4 is a bluff: legal to play,
    sanctioned by a successful challenge (the offender draws 4)."""
    pending = ok(w4(["R3", "B1"]), "0 W+4 blue").state
    assert pending.phase is uno.Phase.PENALTY
    assert pending.turn == 1
    t = ok(pending, "1 challenge")
    assert kinds(t.events)[0] == "challenge-won"
    assert drew(t.events) == [(0, 4)]
    assert t.state.hands[0] == cards("R3 B1 G1 G2 G3 G4")
    assert t.state.turn == 1


def test_H10_color_other_color_same_number_is_no_bluff() -> None:
    """H10 `color` / B8.1: a same-number card of another color (B5 on R5) does not make the
    W+4 a bluff: the challenge fails and the challenger draws 6."""
    pending = ok(w4(["B5", "G1"]), "0 W+4 blue").state
    t = ok(pending, "1 challenge")
    assert kinds(t.events)[0] == "challenge-lost"
    assert drew(t.events) == [(1, 6)]
    assert sizes(t.state) == (2, 8, 2)
    assert t.state.turn == 2


def test_H10_strict_refuses_the_bluff() -> None:
    """H10 `strict` (`wild-draw-four-not-allowed`, only where a preset forbids bluffing)."""
    v = refused(
        w4(["R3", "B1"], rules(w4_restriction="strict")),
        "0 W+4 blue",
        "wild-draw-four-not-allowed",
        "H10",
    )
    assert v.color is uno.Color.RED


def test_H10_strict_legal_w4_the_victim_draws_at_once() -> None:
    """H10 `strict`: a W+4 that keeps the restriction is played; no W+4 can be a bluff, so no
    challenge is possible: the victim draws 4 at once and loses the turn (A60)."""
    t = ok(w4(["B3", "B1"], rules(w4_restriction="strict")), "0 W+4 green")
    assert t.state.phase is uno.Phase.TURN
    assert drew(t.events) == [(1, 4)]
    assert [e.seat for e in events_of(t.events, "skipped")] == [1]
    assert t.state.turn == 2


def test_H10_none_never_a_bluff_and_the_victim_draws_at_once() -> None:
    """H10 `none`: the W+4 is always legal, even holding red; "the challenge is then pointless
    and automatically disabled": the victim draws 4 at once and loses the turn."""
    option = rules(w4_restriction="none")
    t = ok(w4(["R3", "B1"], option), "0 W+4 blue")
    assert t.state.phase is uno.Phase.TURN
    assert t.state.penalty is None
    assert drew(t.events) == [(1, 4)]
    assert t.state.hands[1] == cards("Y1 Y2 G1 G2 G3 G4")
    assert [e.seat for e in events_of(t.events, "skipped")] == [1]
    assert t.state.turn == 2
    assert t.state.color is uno.Color.BLUE
    # the ruling says why: these rules allow no challenge (H10), not just "nothing pending"
    refused(t.state, "1 challenge", "challenge-disabled", "H10")
    assert uno.Challenge(1) not in uno.legal_moves(t.state, seat=1)


@pytest.mark.parametrize(
    ("hand", "guilty"),
    [
        (["B5", "G1"], True),  # a same-number card of another color is playable
        (["W", "G1"], True),  # a Wild is playable
        (["Bskip", "G1"], False),  # nothing else playable on R5
        (["R3", "G1"], True),  # the active color
    ],
)
def test_H10_A11_any_playable_counts_every_playable_card(hand: list[str], guilty: bool) -> None:
    """H10 `any_playable` / A11: "W+4 is legal only if you have no playable card at all": a
    bluff (legal to play, challengeable) while holding any other playable card."""
    pending = ok(w4(hand, rules(w4_restriction="any_playable")), "0 W+4 blue").state
    assert pending.phase is uno.Phase.PENALTY
    t = ok(pending, "1 challenge")
    if guilty:
        assert kinds(t.events)[0] == "challenge-won"
        assert sizes(t.state) == (6, 2, 2)
        assert t.state.turn == 1
    else:
        assert kinds(t.events)[0] == "challenge-lost"
        assert sizes(t.state) == (2, 8, 2)
        assert t.state.turn == 2


# -- H11 -------------------------------------------------------------------------------


def test_H11_challenge_disabled_the_victim_draws_at_once() -> None:
    """H11 `w4_challenge: disabled` (NM): even a bluffed W+4 cannot be challenged; with no
    decision left, the victim draws 4 at once and loses the turn (A60)."""
    t = ok(w4(["R3", "B1"], rules(w4_challenge="disabled")), "0 W+4 blue")
    assert t.state.phase is uno.Phase.TURN
    assert drew(t.events) == [(1, 4)]
    assert sizes(t.state) == (2, 6, 2)
    assert t.state.turn == 2
    # challenge-disabled, not no-challenge-pending: the rules are why (H11)
    refused(t.state, "1 challenge", "challenge-disabled", "H11")


def test_H11_challenge_disabled_with_a_pending_stack_decision() -> None:
    """H11 with stacking on: the victim has a decision (stack or accept), but a challenge is
    refused with challenge-disabled (H11)."""
    option = rules(w4_challenge="disabled", house_rules={"stacking": {"enabled": True}})
    pending = ok(w4(["R3", "B1"], option), "0 W+4 blue").state
    assert pending.phase is uno.Phase.PENALTY
    refused(pending, "1 challenge", "challenge-disabled", "H11")
    after = ok(pending, "1 accept").state
    assert sizes(after) == (2, 6, 2)
    assert after.turn == 2


# -- H12 -------------------------------------------------------------------------------


def four(option: Any = "official", hand: list[str] | None = None) -> uno.GameState:
    """Seat 0 is about to play R3 (its next-to-last card with the default hand) on R5."""
    hands = [hand or ["R3", "B1"], ["Y1", "Y2", "Y3"], ["G1", "G2", "G3"], ["R8", "R9"]]
    return table(hands, ["R5"], rules=option, draw_pile=PILE)


@pytest.mark.parametrize("penalty", [1, 2, 4])
def test_H12_uno_penalty_cards(penalty: int) -> None:
    """H12 `uno.penalty_cards`: 2 (M2008, M2015; default), 4 (M2001), 1 (SEED1)."""
    option = rules(uno={"penalty_cards": penalty}) if penalty != 2 else "official"
    after, events = run(four(option), "0 R3", "2 catch 0")
    assert after.hands[0] == cards("B1") + cards(" ".join(PILE[:penalty]))
    assert [(e.catcher, e.target, e.penalty) for e in events_of(events, "uno-caught")] == [
        (2, 0, penalty)
    ]
    assert drew(events) == [(0, penalty)]
    assert after.turn == 1


def test_H12_false_call_penalty_costs_two_cards() -> None:
    """H12 `uno.false_call_penalty: 2` (WP-old): a call while not holding one card is legal
    and costs 2 cards; the call does not count as a call."""
    option = rules(uno={"false_call_penalty": 2})
    state = four(option, ["R3", "B1", "B2"])
    t = ok(state, "0 uno")
    assert kinds(t.events) == ["uno-called", "drew"]
    assert t.state.hands[0] == cards("R3 B1 B2 G1 G2")
    assert t.state.uno_called == frozenset()
    assert t.state.turn == 0
    played = ok(state, "0 R3 uno")
    assert drew(played.events) == [(0, 2)]
    assert played.state.hands[0] == cards("B1 B2 G1 G2")
    assert played.state.uno_called == frozenset()
    assert played.state.turn == 1


def test_H12_false_call_penalty_leaves_a_true_call_free() -> None:
    """H12 `false_call_penalty: 2`: a right call (the play leaves one card) costs nothing."""
    t = ok(four(rules(uno={"false_call_penalty": 2})), "0 R3 uno")
    assert drew(t.events) == []
    assert t.state.hands[0] == cards("B1")
    assert t.state.uno_called == frozenset({0})


def test_H12_false_call_penalty_zero_refuses_the_call() -> None:
    """H12 `uno.false_call_penalty: 0` (default; no sheet has one): a call while not holding
    one card is refused with cannot-call-uno."""
    state = four(hand=["R3", "B1", "B2"])
    refused(state, "0 uno", "cannot-call-uno")
    refused(state, "0 R3 uno", "cannot-call-uno")
    assert uno.CallUno(0) not in uno.legal_moves(state, seat=0)


@pytest.mark.parametrize(
    ("window", "open_after_penalty"),
    [("next_turn_action", True), ("any_other_player_draw_or_play", False)],
)
def test_H12_window_closes_on(window: str, open_after_penalty: bool) -> None:
    """H12 `uno.window_closes_on` (A15): `next_turn_action` (default) keeps the window open
    through the victim's forced Draw Two draw; `any_other_player_draw_or_play` (literal)
    closes it with that draw. Both close it at the next turn action."""
    option = rules(uno={"window_closes_on": window})
    t = ok(four(option, ["R+2", "B1"]), "0 R+2")
    assert drew(t.events) == [(1, 2)]
    after = t.state
    assert after.turn == 2
    if open_after_penalty:
        assert ok(after, "3 catch 0").state.hands[0] == cards("B1 G3 G4")
    else:
        refused(after, "3 catch 0", "uno-window-closed")
    acted = ok(after, "2 draw").state
    refused(acted, "3 catch 0", "uno-window-closed")


def test_H12_literal_window_closed_by_another_players_play() -> None:
    """H12 `any_other_player_draw_or_play`: the next player's play closes it, like the
    default; the catch must come first."""
    option = rules(uno={"window_closes_on": "any_other_player_draw_or_play"})
    played = ok(four(option), "0 R3").state
    assert ok(played, "1 catch 0").state.hands[0] == cards("B1 G1 G2")
    moved = ok(played, "1 draw").state
    refused(moved, "2 catch 0", "uno-window-closed")


def test_H12_uno_disabled() -> None:
    """H12 `uno.enabled: false` (bots, digital play): no call, no catch, nothing to owe."""
    option = rules(uno={"enabled": False})
    state = four(option)
    refused(state, "0 R3 uno", "uno-disabled", "H12")
    played = ok(state, "0 R3").state
    assert played.uno_open == frozenset()
    refused(played, "1 catch 0", "uno-disabled", "H12")
    refused(played, "0 uno", "uno-disabled", "H12")
    assert not any(
        isinstance(m, uno.CallUno | uno.CatchUno)
        for seat in range(4)
        for m in uno.legal_moves(played, seat=seat)
    )
