"""docs/reference.md as they bear on the rulings: apply never changes its input, violation codes
that are not tied to one docs/rules.md subsection, and legal_moves / validate / apply agreeing."""

from __future__ import annotations

import copy

import pytest

import uno_rules as uno

from .helpers import find_game, first_is, ok, refused, table


def position() -> uno.GameState:
    return table(
        [["R7", "W+4", "R+2", "B5"], ["Y1", "Y2"], ["G1", "G2"], ["R3", "R4"]],
        ["G5", "R5"],
        draw_pile=["B1", "B2", "B3", "B4"],
    )


@pytest.mark.parametrize(
    "move",
    ["0 R7", "0 W+4 blue", "0 R+2", "0 B5", "0 draw", "0 R7 uno", "1 draw", "0 G9", "9 draw"],
)
def test_API6_apply_never_mutates_its_input(move: str) -> None:
    """API 6: the input state is never changed (legal or not)."""
    s = position()
    dumped = uno.dump_state(s)
    twin = copy.deepcopy(s)
    uno.apply(s, move)
    uno.validate(s, move)
    uno.legal_moves(s)
    assert uno.dump_state(s) == dumped
    assert s == twin
    assert uno.load_state(dumped) == s


def test_API6_apply_never_mutates_a_pending_state() -> None:
    """API 6: also through a pending decision and its answers."""
    s = ok(position(), "0 W+4 blue").state
    dumped = uno.dump_state(s)
    for move in ("1 accept", "1 challenge", "2 catch 0", "1 draw"):
        uno.apply(s, move)
    assert uno.dump_state(s) == dumped


@pytest.mark.parametrize("move", ["9 draw", "4 R5", "12 pass", "0 catch 9"])
def test_API7_unknown_seat(move: str) -> None:
    """API 7 unknown-seat: a seat that is not at a 4-player table."""
    refused(position(), move, "unknown-seat")


@pytest.mark.parametrize("move", ["1 Y1", "2 draw", "3 pass", "3 R3"])
def test_B4_3_API7_not_your_turn(move: str) -> None:
    """B4.3 / API 7 not-your-turn."""
    v = refused(position(), move, "not-your-turn")
    assert v.turn == 0


@pytest.mark.parametrize("move", ["0 R9", "0 W red", "0 Y+2"])
def test_B4_4_API7_card_not_in_hand(move: str) -> None:
    """B4.4 / API 7 card-not-in-hand."""
    refused(position(), move, "card-not-in-hand")


def test_API4_API7_round_over_round_not_over_and_game_over() -> None:
    """API 4/7: moves after the round are round-over; next_round on a live round is
    round-not-over; after the game, next_round and moves are game-over."""
    live = position()
    v = uno.next_round(live)
    assert isinstance(v, uno.Violation) and v.code == "round-not-over"
    done = ok(table([["G4"], ["R1"]], ["G7"], uno_called=[0, 1]), "0 G4").state
    assert done.round_over and not done.game_over
    refused(done, "1 R1", "round-over")
    refused(done, "1 uno", "round-over")
    over = ok(table([["G4"], ["W+4"]], ["G7"], uno_called=[0, 1], scores=[460, 0]), "0 G4").state
    assert over.game_over
    refused(over, "1 draw", "game-over")
    v = uno.next_round(over)
    assert isinstance(v, uno.Violation) and v.code == "game-over"


def test_API6_apply_or_raise_carries_the_violation() -> None:
    """API 6: apply_or_raise raises IllegalMoveError carrying .violation."""
    with pytest.raises(uno.IllegalMoveError) as info:
        uno.apply_or_raise(position(), "0 G9")
    assert info.value.violation.code == "card-not-in-hand"


def test_API6_legal_moves_validate_and_apply_agree() -> None:
    """API 6: a move is listed iff validate returns None iff apply returns a Transition."""
    _, first_wild = find_game(first_is(uno.Rank.WILD))
    states = [position(), ok(position(), "0 W+4 blue").state, first_wild]
    states.append(ok(position(), "0 draw").state)
    for s in states:
        for seat in range(s.players):
            listed = set(uno.legal_moves(s, seat))
            for m in listed:
                assert uno.validate(s, m) is None
                assert isinstance(uno.apply(s, m), uno.Transition)
        for text in ("0 R7", "0 B5", "0 draw", "0 pass", "1 accept", "1 challenge", "2 catch 0"):
            move = uno.parse_move(text)
            legal = uno.validate(s, move) is None
            assert legal == (move in set(uno.legal_moves(s, move.seat)))


def test_API4_states_and_transitions_pickle_copy_and_unpack() -> None:
    """A state and a transition survive pickling (worker processes) and deep copies as
    equal values, a transition unpacks as (state, events), and a state's changed copy
    (`_replace`) leaves the original as it was."""
    import pickle

    state = uno.new_game("family", players=3, seed=2)
    move = uno.legal_moves(state)[0]
    result = uno.apply(state, move)
    assert isinstance(result, uno.Transition)
    for value in (state, result):
        assert pickle.loads(pickle.dumps(value)) == value
        assert copy.deepcopy(value) == value
    after, events = result
    assert after is result.state and events is result.events
    changed = state._replace(turn=(state.turn + 1) % 3)
    assert changed.turn != state.turn and changed != state
    assert uno.legal_moves(pickle.loads(pickle.dumps(state))) == uno.legal_moves(state)
