"""docs/rules.md 5, UNO call: A14-A21, with the uno.window_closes_on option (UnoWindow)."""

from __future__ import annotations

import pytest

import uno_rules as uno

from ..helpers import events_of, kinds, ok, refused, rules, run, sizes, table

LITERAL = rules(uno={"window_closes_on": "any_other_player_draw_or_play"})


def three(top_hand: list[str], **fields: object) -> uno.GameState:
    hands = [top_hand, ["Y1", "G2", "Y3"], ["G1", "G5", "G6"]]
    fields.setdefault("draw_pile", ["B6", "B7", "B8", "B9", "G7", "G8", "G9", "Y9"])
    return table(hands, ["B0", "R5"], **fields)


# -- A14 -------------------------------------------------------------------------------


def test_A14_call_as_a_flag_on_the_play() -> None:
    """A14 Default: a Play(card, call_uno=True) flag."""
    move = uno.parse_move("0 R3 uno")
    assert isinstance(move, uno.Play) and move.call_uno
    t = ok(three(["R3", "B1"]), "0 R3 uno")
    assert kinds(t.events) == ["played", "uno-called"]
    assert t.state.uno_called == frozenset({0})
    assert t.state.uno_open == frozenset()


def test_A14_separate_call_move_for_one_card_not_yet_called() -> None:
    """A14 Default: a separate CallUno move, legal for a player holding exactly one card who
    has not yet called or been caught."""
    played = ok(three(["R3", "B1"]), "0 R3").state
    assert uno.CallUno(0) in uno.legal_moves(played, seat=0)
    called = ok(played, "0 uno").state
    refused(called, "0 uno", "cannot-call-uno")
    refused(three(["R3", "B1"]), "0 uno", "cannot-call-uno")
    caught = ok(played, "1 catch 0").state
    refused(caught, "0 uno", "cannot-call-uno")


# -- A15 -------------------------------------------------------------------------------


def test_A15_window_survives_penalty_draw() -> None:
    """A15 Default (a): the window closes at the next turn action; the victim's forced Draw Two
    draw does not close it."""
    after = ok(three(["R+2", "B1"]), "0 R+2").state
    assert after.turn == 2
    assert sizes(after) == (1, 5, 3)
    assert after.uno_open == frozenset({0})
    caught = ok(after, "1 catch 0")
    assert caught.state.hands[0] == uno.parse_cards("B1 B8 B9")


def test_A15_window_survives_accepting_a_wild_draw_four() -> None:
    """A15 (a): accepting a W+4 penalty is no turn action; the window stays open."""
    pending = ok(three(["W+4", "B1"]), "0 W+4 blue").state
    assert pending.uno_open == frozenset({0})
    accepted = ok(pending, "1 accept").state
    assert accepted.uno_open == frozenset({0})
    assert sizes(ok(accepted, "2 catch 0").state) == (3, 7, 3)


def test_A15_window_survives_a_challenge_decision() -> None:
    """A15 (a): a (failed) challenge decision does not close the window."""
    pending = ok(three(["W+4", "B1"]), "0 W+4 blue").state
    lost = ok(pending, "1 challenge").state
    assert sizes(lost) == (1, 9, 3)
    assert sizes(ok(lost, "1 catch 0").state) == (3, 9, 3)


def test_A15_window_survives_a_skip() -> None:
    """A15 (a): a skip does not close the window; the skipped seat may still catch."""
    after = ok(three(["Rskip", "B1"]), "0 Rskip").state
    assert after.turn == 2
    assert sizes(ok(after, "1 catch 0").state) == (3, 3, 3)


@pytest.mark.parametrize("action", ["2 R1", "2 draw"])
def test_A15_window_closes_at_the_next_turn_action(action: str) -> None:
    """A15 (a): after the Draw Two victim's forced draw, the window closes at the next turn
    action: a play or voluntary draw by the seat whose turn it is."""
    state = table(
        [["R+2", "B1"], ["Y1", "G2", "Y3"], ["R1", "G5", "G6"]],
        ["R5"],
        draw_pile=["B6", "B7", "B8"],
    )
    after = ok(state, "0 R+2").state
    assert after.uno_open == frozenset({0})
    moved = ok(after, action).state
    assert moved.uno_open == frozenset()
    refused(moved, "1 catch 0", "uno-window-closed", "B9.4")
    assert sizes(moved)[0] == 1


def test_A15_b_literal_option_penalty_draw_closes_the_window() -> None:
    """A15 (b) `any_other_player_draw_or_play`: any draw or play by another player closes the
    window, the victim's forced draw included."""
    after = ok(three(["R+2", "B1"], rules=LITERAL), "0 R+2").state
    assert sizes(after) == (1, 5, 3)
    refused(after, "1 catch 0", "uno-window-closed")
    refused(after, "2 catch 0", "uno-window-closed")


def test_A15_b_literal_option_catch_still_possible_before_anyone_acts() -> None:
    """A15 (b): until another player draws or plays, the catch is still possible."""
    after = ok(three(["Rskip", "B1"], rules=LITERAL), "0 Rskip").state
    assert sizes(ok(after, "2 catch 0").state) == (3, 3, 3)


# -- A16, A17 --------------------------------------------------------------------------


def test_A16_default_penalty_is_two_cards() -> None:
    """A16 Default: 2 cards."""
    assert uno.load_preset("official").uno.penalty_cards == 2
    state, events = run(three(["R3", "B1"]), "0 R3", "2 catch 0")
    assert sizes(state) == (3, 3, 3)
    assert events_of(events, "uno-caught")[0].penalty == 2


def test_A17_penalty_with_empty_draw_pile_reshuffles_then_draws() -> None:
    """A17 Default: with the draw pile empty, reshuffle the discard pile keeping the top card,
    then draw."""
    state = table([["R3", "B1"], 52, 51], ["G1", "G2", "R5"], draw_pile_size=0)
    played = ok(state, "0 R3").state
    t = ok(played, "2 catch 0")
    assert "reshuffled" in kinds(t.events)
    assert sizes(t.state)[0] == 3
    assert sorted(t.state.hands[0][1:] + t.state.draw_pile) == sorted(uno.parse_cards("G1 G2 R5"))
    assert t.state.discard_pile == uno.parse_cards("R3")


def test_A17_A45_penalty_larger_than_what_exists_draws_what_there_is() -> None:
    """A17 / A45: if fewer cards exist than the penalty, draw what there is."""
    state = table([["R3", "B1"], 53, 52], ["R5"], draw_pile_size=0)
    played = ok(state, "0 R3").state
    t = ok(played, "2 catch 0")
    assert t.state.hands[0] == uno.parse_cards("B1 R5")
    assert events_of(t.events, "drew")[0].count == 1
    assert t.state.discard_pile == uno.parse_cards("R3")
    assert t.state.draw_pile_size == 0


# -- A18 -------------------------------------------------------------------------------


@pytest.mark.parametrize("catcher", [1, 2])
def test_A18_any_player_except_the_offender_may_catch(catcher: int) -> None:
    """A18: any player except the offender may catch."""
    played = ok(three(["R3", "B1"]), "0 R3").state
    refused(played, "0 catch 0", "cannot-catch-self")
    assert sizes(ok(played, f"{catcher} catch 0").state)[0] == 3


def test_A18_catch_against_caller_or_wrong_hand_size_is_nothing_to_catch() -> None:
    """A18: a catch against a player who has called, or who does not hold exactly one card,
    is rejected: NothingToCatch."""
    called = ok(three(["R3", "B1"]), "0 R3 uno").state
    refused(called, "1 catch 0", "nothing-to-catch")
    refused(called, "0 catch 1", "nothing-to-catch")


def test_A18_false_call_penalty_option() -> None:
    """A18 / H12 `uno.false_call_penalty`: a wrong call costs cards instead of being
    refused (default 0: refused)."""
    option = rules(uno={"false_call_penalty": 2})
    t = ok(three(["R3", "B1"], rules=option), "0 uno")
    assert sizes(t.state) == (4, 3, 3)
    assert t.state.turn == 0
    refused(three(["R3", "B1"]), "0 uno", "cannot-call-uno")


# -- A19, A20 --------------------------------------------------------------------------


def test_A19_liability_is_judged_after_the_effect_resolves() -> None:
    """A19: liability is judged on the state after the effect resolves. A W+4 bluff from two
    cards, successfully challenged, leaves 5 cards: nothing to catch."""
    pending = ok(three(["W+4", "R1"]), "0 W+4 blue").state
    assert pending.uno_open == frozenset({0})
    won = ok(pending, "1 challenge").state
    assert sizes(won) == (5, 3, 3)
    assert won.uno_open == frozenset()
    refused(won, "2 catch 0", "nothing-to-catch")


SEVEN_O = {"seven_o": {"enabled": True}}


def test_A19_default_a_one_card_after_a_transfer_must_call() -> None:
    """A19 Default (a) (`uno.applies_after_transfer: true`): a player left with one card by a
    7-swap must call, and can be caught until the next turn action. The player who went from
    2 to 1 but swapped their single card away owes nothing."""
    state = table(
        [["R7", "B1"], ["Y1", "Y2", "Y3"], ["G1", "G2"]],
        ["R5"],
        rules=rules(house_rules=SEVEN_O),
        draw_pile=["B6", "B7", "B8"],
    )
    swapped = ok(state, "0 R7 >1").state
    assert swapped.hands[0] == uno.parse_cards("Y1 Y2 Y3")
    assert swapped.hands[1] == uno.parse_cards("B1")
    refused(swapped, "2 catch 0", "nothing-to-catch")
    caught = ok(swapped, "2 catch 1").state
    assert caught.hands[1] == uno.parse_cards("B1 B6 B7")


def test_A19_b_no_duty_after_a_transfer_when_option_off() -> None:
    """A19 (b) (`uno.applies_after_transfer: false`): the duty is tied to playing the
    next-to-last card, so a player given one card by a swap cannot be caught."""
    state = table(
        [["R7", "B1"], ["Y1", "Y2", "Y3"], ["G1", "G2"]],
        ["R5"],
        rules=rules(house_rules=SEVEN_O, uno={"applies_after_transfer": False}),
    )
    swapped = ok(state, "0 R7 >1").state
    assert swapped.uno_open == frozenset()
    v = uno.apply(swapped, "2 catch 1")
    assert isinstance(v, uno.Violation)
    assert v.code in ("nothing-to-catch", "uno-window-closed")


def test_A20_call_lapses_when_the_hand_grows() -> None:
    """A20 Default: the call lapses whenever the hand size changes away from 1; it must be
    made again the next time the hand is down to one card."""
    pending = ok(three(["W+4", "R1"]), "0 W+4 blue uno").state
    assert pending.uno_called == frozenset({0})
    won = ok(pending, "1 challenge").state
    assert won.uno_called == frozenset()
    drawn = ok(table([["G9"], 3, 3], ["R5"], uno_called=[0], draw_pile=["R7"]), "0 draw")
    assert drawn.state.uno_called == frozenset()
    replayed = ok(drawn.state, "0 R7").state
    assert replayed.uno_open == frozenset({0})
    assert sizes(ok(replayed, "1 catch 0").state)[0] == 3


# -- A21 -------------------------------------------------------------------------------


def test_A21_same_player_moves_again_catch_before_their_action_is_valid() -> None:
    """A21 Default: two players, after a Skip the next turn action is the offender's own; a
    catch submitted before it is valid."""
    state = table([["Rskip", "R1"], ["Y1", "Y2"]], ["R5"], draw_pile=["B1", "B2", "B3"])
    after = ok(state, "0 Rskip").state
    assert after.turn == 0
    assert after.uno_open == frozenset({0})
    caught = ok(after, "1 catch 0").state
    assert caught.hands[0] == uno.parse_cards("R1 B1 B2")
    assert caught.turn == 0


def test_A21_window_closes_when_the_same_player_makes_the_next_turn_action() -> None:
    """A21: the window closes when the same player makes that next turn action."""
    state = table([["Rskip", "R1"], ["Y1", "Y2"]], ["R5"], draw_pile=["B1", "B2", "B3"])
    after = ok(state, "0 Rskip").state
    went_on = ok(after, "0 draw").state
    assert went_on.uno_open == frozenset()
    assert sizes(went_on) == (2, 2)
    refused(went_on, "1 catch 0", "nothing-to-catch")
