"""docs/rules.md B10.1, B10.3 and A12 under the house rules that can answer a penalty: a
player who goes out on a draw card has won the round. The seat the card is aimed at draws
what is pending (at once, or after the challenge of a last Wild Draw Four, A12, or after
naming the color of an H17 draw), and no stack (H01), deflect (H15) or jump-in (H06, A23)
can answer it and reach the empty hand (design decision, docs/rules.md B10.3)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import uno_rules as uno
from sevens_plugin import sevens_installed
from uno_rules.rules.builder import Builder
from uno_rules.state import Penalty

from ..helpers import drew, kinds, ok, pending, refused, rules, sizes, table
from ..helpers_decks import expected_deck


def house(**sections: Any) -> dict[str, Any]:
    return rules(house_rules=sections)


def no_moves_reach(state: uno.GameState, seat: int) -> None:
    """The seat that went out has no move, and no listed move of anyone gives it a card."""
    assert uno.legal_moves(state, seat=seat) == ()
    for other in state.active_seats:
        for move in uno.legal_moves(state, seat=other):
            after = uno.apply_or_raise(state, move).state
            assert after.hands[seat] == (), move


# -- the three tables ---------------------------------------------------------------


@pytest.mark.parametrize("preset", ["progressive", "family"])
def test_B10_3_a_going_out_draw_two_is_not_stacked_on(preset: str) -> None:
    """B10.3 with H01: seat 0 goes out on R+2; seat 1, holding only B+2, cannot stack it
    (which would empty a second hand): it draws 2 at once and seat 0 wins the round."""
    state = table([["R+2"], ["B+2"], ["Y1", "Y2"]], ["R3"], rules=preset)
    t = ok(state, "0 R+2")
    assert kinds(t.events) == ["played", "drew", "skipped", "round-ended"]
    assert drew(t.events) == [(1, 2)]
    assert t.state.round_over and t.state.round_winner == 0
    assert sizes(t.state) == (0, 3, 2)
    refused(t.state, "1 B+2", "round-over", "B10.1")


def test_B10_3_no_jump_in_on_a_going_out_draw_two() -> None:
    """B10.3 with H06 (progressive): nobody can jump in on a Draw Two that went out; the
    seat after the player who went out draws 2 and the round is over."""
    state = table([["R+2"], ["B3", "B4"], ["R+2", "Y2"]], ["R3"], rules="progressive")
    t = ok(state, "0 R+2")
    assert drew(t.events) == [(1, 2)]
    assert t.state.round_over and t.state.round_winner == 0
    refused(t.state, "2 R+2", "round-over", "B10.1")


def test_B10_3_A12_no_jump_in_on_a_going_out_wild_draw_four() -> None:
    """A12 with H06 (progressive): a going-out Wild Draw Four waits for its victim's
    challenge, but an identical Wild Draw Four may not jump in on it (which would make the
    player who went out the victim): penalty-pending, rule B10.3, and not listed."""
    state = table([["W+4"], ["B3", "B4"], ["W+4", "Y2"]], ["R3"], rules="progressive")
    state = ok(state, "0 W+4 red").state
    assert pending(state) == (1, 4)
    assert not state.round_over
    violation = refused(state, "2 W+4 blue", "penalty-pending", "B10.3")
    assert "gone out" in str(violation)
    assert not [m for m in uno.legal_moves(state, seat=2) if isinstance(m, uno.Play)]
    assert {str(m) for m in uno.legal_moves(state, seat=1)} == {"1 accept", "1 challenge"}
    no_moves_reach(state, 0)
    t = ok(state, "1 accept")
    assert drew(t.events) == [(1, 4)]
    assert t.state.round_over and t.state.round_winner == 0
    assert sizes(t.state) == (0, 6, 2)


def test_B10_3_a_going_out_draw_two_is_not_deflected() -> None:
    """B10.3 with H15: the victim of a Draw Two that went out cannot deflect it back with a
    Reverse onto the empty hand: it draws 2 at once and the round ends."""
    option = house(deflect={"enabled": True})
    state = table([["R+2"], ["Rrev", "B3"], ["Y1", "Y2"]], ["R3"], rules=option)
    t = ok(state, "0 R+2")
    assert drew(t.events) == [(1, 2)]
    assert t.state.round_over and t.state.round_winner == 0
    assert sizes(t.state) == (0, 4, 2)
    refused(t.state, "1 Rrev", "round-over", "B10.1")


# -- the other answers --------------------------------------------------------------------


def test_B10_3_A12_a_going_out_wild_draw_four_is_not_deflected_or_stacked() -> None:
    """A12 with H01 and H15: the victim of a Wild Draw Four that went out may accept or
    challenge (which fails: the empty hand held nothing), never stack or deflect."""
    option = house(stacking={"enabled": True}, deflect={"enabled": True})
    state = table([["W+4"], ["Rrev", "W+4", "B3"], ["Y1", "Y2"]], ["R3"], rules=option)
    state = ok(state, "0 W+4 red").state
    refused(state, "1 Rrev", "penalty-pending", "B10.3")
    refused(state, "1 W+4 red", "penalty-pending", "B10.3")
    assert {str(m) for m in uno.legal_moves(state)} == {"1 accept", "1 challenge"}
    t = ok(state, "1 challenge")
    assert kinds(t.events)[0] == "challenge-lost"
    assert drew(t.events) == [(1, 6)]
    assert t.state.round_over and t.state.round_winner == 0


def test_B10_3_A48_compulsory_stacking_still_lets_the_victim_take_the_draw() -> None:
    """A48 ``optional: false`` with A12: after a going-out Wild Draw Four the victim's
    accept is not refused as must-stack; stacking is not an answer any more."""
    option = house(stacking={"enabled": True, "optional": False})
    state = table([["W+4"], ["W+4", "B3"], ["Y1", "Y2"]], ["R3"], rules=option)
    state = ok(state, "0 W+4 red").state
    t = ok(state, "1 accept")
    assert t.state.round_over and t.state.round_winner == 0


def test_B10_3_stacking_with_the_last_card_passes_the_total_on() -> None:
    """H01: a stack played as the last card goes out; the next seat draws the whole total
    at once (N4 under no-mercy: a Wild Draw 6 on a Draw Two)."""
    state = table([["B+2", "G1", "G2"], ["W+6"], ["Y1", "Y2"]], ["B3"], rules="no-mercy", turn=0)
    state = ok(state, "0 B+2", deck_of=expected_deck).state
    t = ok(state, "1 W+6 green", deck_of=expected_deck)
    assert drew(t.events) == [(2, 8)]
    assert t.state.round_over and t.state.round_winner == 1


def test_B10_3_jump_in_accumulate_going_out_draws_the_total_at_once() -> None:
    """A23, A25 ``accumulate``: a jumper going out on an identical Draw Two makes the seat
    after it draw the accumulated total at once; nobody answers it."""
    option = house(
        stacking={"enabled": True}, jump_in={"enabled": True, "with_stacking": "accumulate"}
    )
    state = table([["R+2", "G1"], ["Y1", "Y2"], ["B1", "B2"], ["R+2"]], ["R3"], rules=option)
    state = ok(state, "0 R+2").state
    t = ok(state, "3 R+2")
    assert drew(t.events) == [(0, 4)]
    assert t.state.round_over and t.state.round_winner == 3


def test_B10_3_H17_a_color_to_name_still_waits_for_the_victim() -> None:
    """N15, H17 ``chooser: victim``: a going-out card has no such effect (B10.4), but were
    a rule to leave a draw until a color waiting on an empty hand, the victim would still
    name the color and draw before the round ends; the end-of-move check keeps it."""
    state = table(
        [["G1"], ["G1", "G2"], ["Y1", "Y2"]], ["B3", "Wroulette"], rules="no-mercy", color="blue"
    )
    roulette = state.top_card
    waiting = state._replace(
        hands=((), state.hands[1], state.hands[2] + state.hands[0]),
        turn=1,
        phase=uno.Phase.CHOOSE_COLOR,
        penalty=Penalty(0, roulette, 0, False, (), uno.Color.BLUE, False),
    )
    builder = Builder(waiting)
    builder.check_out()
    assert builder.phase is uno.Phase.CHOOSE_COLOR and builder.penalty is not None
    no_moves_reach(waiting, 0)
    t = uno.apply_or_raise(waiting, "1 color green")
    assert t.state.round_over and t.state.round_winner == 0


def test_B10_1_the_player_who_went_out_cannot_call_uno() -> None:
    """B10.1 with H12 (a false call costs cards): while the victim answers a going-out Wild
    Draw Four, the empty hand cannot call UNO and so cannot be made to draw."""
    option = rules(uno={"false_call_penalty": 2})
    state = table([["W+4"], ["B3", "B4"], ["Y1", "Y2"]], ["R3"], rules=option)
    state = ok(state, "0 W+4 red").state
    refused(state, "0 uno", "cannot-call-uno", "B10.1")
    no_moves_reach(state, 0)


# -- a rule's own penalties (the card-kind model's hooks) ---------------------------------


@pytest.fixture
def sevens(tmp_path: Path) -> Iterator[None]:
    with sevens_installed(tmp_path):
        yield


def test_B10_3_a_rules_own_penalty_on_a_last_card_is_drawn_at_once(sevens: None) -> None:
    """B10.3 for a penalty an installed rule makes: a 7 that stacks with the last card
    goes out, and the seat after draws the total at once; the round is over."""
    option = house(test_sevens={"enabled": True})
    state = table([["R7", "G1"], ["Y7"], ["B1", "B2"]], ["R5"], rules=option)
    state = ok(state, "0 R7").state
    assert pending(state) == (1, 1)
    t = ok(state, "1 Y7")
    assert drew(t.events) == [(2, 2)]
    assert t.state.round_over and t.state.round_winner == 1
    refused(t.state, "2 B1", "round-over", "B10.1")


def test_b10_3_a_seat_that_went_out_cannot_catch_while_its_draw_waits() -> None:
    """A jump-in Wild Draw Four (H06) as the last card, while an earlier player's UNO window
    is still open: the seat that went out takes no further part (B10.1, B10.3), so it may
    not catch, as it may not call UNO; the other seats still may."""
    table = uno.situation(
        {
            "rules": "progressive",
            "players": 4,
            "hands": [["Y0", "Y8"], ["W+4", "G7"], ["R+2", "R3"], ["W+4"]],
            "discard": ["R5"],
            "turn": 1,
        }
    )
    state = uno.apply_or_raise(table, "1 W+4 blue").state  # seat 1 is left with one card
    state = uno.apply_or_raise(state, "3 W+4 green").state  # seat 3 jumps in and goes out
    assert state.hands[3] == () and state.uno_open == frozenset({1})
    assert uno.legal_moves(state, seat=3) == ()
    refused = uno.refusal(state, "3 catch 1")
    assert refused is not None and (refused.code, refused.rule) == ("penalty-pending", "B10.3")
    assert "0 catch 1" in {str(m) for m in uno.legal_moves(state, seat=0)}
