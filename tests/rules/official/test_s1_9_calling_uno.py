"""docs/rules.md 1.9 Calling UNO: B9.1-B9.7, with uno.penalty_cards and uno.enabled (H12).
A14-A21 are in test_s5_uno_call.py."""

from __future__ import annotations

import pytest

import uno_rules as uno

from ..helpers import events_of, kinds, ok, refused, rules, run, sizes, table


def four(**fields: object) -> uno.GameState:
    """Seat 0 is about to play its next-to-last card, R3, on R5."""
    hands = [["R3", "B1"], ["Y1", "Y2", "Y3"], ["G1", "G2", "G3"], ["R8", "R9"]]
    return table(hands, ["R5"], draw_pile=["B7", "B8", "B9", "G7", "G8"], **fields)


def test_B9_1_calling_uno_with_the_next_to_last_card() -> None:
    """B9.1: a player who plays their next-to-last card must say UNO; said with the play,
    nobody can catch them."""
    t = ok(four(), "0 R3 uno")
    assert "uno-called" in kinds(t.events)
    assert 0 in t.state.uno_called
    refused(t.state, "1 catch 0", "nothing-to-catch", "B9.7")


def test_B9_1_uno_call_only_with_the_next_to_last_card() -> None:
    """B9.1 / A59: UNO goes with the play that leaves exactly one card."""
    state = table([["R3", "B1", "B2"], 3, 3], ["R5"])
    v = refused(state, "0 R3 uno", "cannot-call-uno")
    assert v.rule == "B9.1"


@pytest.mark.parametrize("catcher", [1, 2, 3])
def test_B9_2_caught_without_calling_draws_two(catcher: int) -> None:
    """B9.2: if another player catches them holding one card without having called, before
    the next player begins their turn, they draw 2. B9.7: any opponent may catch."""
    played = ok(four(), "0 R3").state
    assert played.uno_open == frozenset({0})
    t = ok(played, f"{catcher} catch 0")
    assert t.state.hands[0] == uno.parse_cards("B1 B7 B8")
    caught = events_of(t.events, "uno-caught")[0]
    assert (caught.catcher, caught.target, caught.penalty) == (catcher, 0, 2)
    assert t.state.turn == 1
    refused(t.state, f"{catcher} catch 0", "nothing-to-catch")


@pytest.mark.parametrize(("penalty", "expected"), [(4, 5), (1, 2), (2, 3)])
def test_B9_2_penalty_cards_option(penalty: int, expected: int) -> None:
    """B9.2 / H12 uno.penalty_cards: 2 (M2008), 4 under M2001, 1 under SEED1."""
    state = four(rules=rules(uno={"penalty_cards": penalty}))
    after, events = run(state, "0 R3", "2 catch 0")
    assert len(after.hands[0]) == expected
    assert events_of(events, "uno-caught")[0].penalty == penalty


def test_B9_3_no_catch_before_the_next_to_last_card_is_discarded() -> None:
    """B9.3: the window opens when the next-to-last card reaches the discard pile; a catch
    before that is not allowed."""
    state = four()
    refused(state, "1 catch 0", "nothing-to-catch", "B9.7")
    assert state.uno_open == frozenset()


@pytest.mark.parametrize("action", ["1 R1", "1 draw"])
def test_B9_4_window_closes_when_next_player_begins_their_turn(action: str) -> None:
    """B9.4: the window closes when the next player begins their turn (draws from the pile or
    plays a card); after that there is no penalty."""
    state = table([["R3", "B1"], ["R1", "Y1", "Y2"], ["G1", "G2", "G3"]], ["R5"], draw_pile=["B7"])
    played = ok(state, "0 R3").state
    later = ok(played, action).state
    assert later.uno_open == frozenset()
    refused(later, "2 catch 0", "uno-window-closed", "B9.4")
    assert sizes(later)[0] == 1


def test_B9_5_late_call_before_being_caught_is_safe() -> None:
    """B9.5: a player who forgot but calls before anyone catches them is safe (even out of
    turn)."""
    played = ok(four(), "0 R3").state
    t = ok(played, "0 uno")
    assert "uno-called" in kinds(t.events)
    refused(t.state, "2 catch 0", "nothing-to-catch", "B9.7")
    assert sizes(t.state)[0] == 1


def test_B9_6_obligation_repeats_every_time_down_to_one_card() -> None:
    """B9.6: the obligation repeats every time a player gets down to one card. Seat 0 called,
    drew back up to two, and plays down to one again without calling: catchable."""
    state = table(
        [["G9"], ["Y1", "Y2", "Y3"], ["G1", "G2", "G3"]],
        ["R5"],
        uno_called=[0],
        draw_pile=["R7", "B1", "B2"],
    )
    drew = ok(state, "0 draw").state
    assert 0 not in drew.uno_called
    played = ok(drew, "0 R7").state
    assert played.uno_open == frozenset({0})
    assert sizes(ok(played, "1 catch 0").state)[0] == 3


def test_B9_7_any_opponent_may_catch_but_not_the_offender() -> None:
    """B9.7: a catch is made by "another player"; the offender cannot catch themself."""
    played = ok(four(), "0 R3").state
    refused(played, "0 catch 0", "cannot-catch-self", "B9.7")


@pytest.mark.parametrize(
    ("hands", "called", "target"),
    [
        ([["R3"], 3, 3], [0], 0),  # has called
        ([["R3", "B1"], 3, 3], [], 0),  # holds two cards
        ([["R3", "B1"], 3, 3], [], 2),  # holds three cards
    ],
)
def test_B9_7_catch_against_caller_or_non_single_hand_is_rejected(
    hands: list[object], called: list[int], target: int
) -> None:
    """B9.7 [D]: a catch against a player who has called, or who does not hold exactly one
    card, is rejected (nothing-to-catch)."""
    state = table(hands, ["R5"], uno_called=called, turn=1)
    catcher = 1 if target != 1 else 2
    refused(state, f"{catcher} catch {target}", "nothing-to-catch", "B9.7")


def test_H12_uno_disabled_means_no_call_and_no_catch() -> None:
    """H12 uno.enabled=false: calling UNO is not required: nobody can be caught."""
    state = four(rules=rules(uno={"enabled": False}))
    played = ok(state, "0 R3").state
    assert played.uno_open == frozenset()
    v = uno.apply(played, "1 catch 0")
    assert isinstance(v, uno.Violation)
    assert sizes(played)[0] == 1
    assert isinstance(uno.apply(state, "0 R3 uno"), uno.Violation)
