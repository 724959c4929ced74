"""H16 "No Mercy" bundle: house_rules.mercy (limit, last_player_standing) and the
no-mercy-lite preset as a whole (H01 NM pairs, H02 must_play, H07, H11; docs/rules.md 3.6)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

import uno_rules as uno

from ..helpers import events_of, kinds, ok, refused, rules, run, table

NM = "no-mercy-lite"
NINE = ["B1", "B2", "B3", "B4", "B5", "B6", "B7", "B8", "B9"]


def mercy(limit: int = 10, **fields: Any) -> dict[str, Any]:
    return rules(house_rules={"mercy": {"enabled": True, "limit": limit, **fields}})


# -- mercy ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("held", "out"), [(8, True), (7, False)])
def test_H16_seat_reaching_the_limit_is_eliminated(held: int, out: bool) -> None:
    """H16 `mercy.limit`: a player holding `limit` or more cards is eliminated (event
    `eliminated`). Seat 1 holds `held` cards and draws 2 (limit 10)."""
    state = table(
        [["R+2", "R1", "R2"], NINE[:held], ["R3", "R4"]],
        ["R7"],
        rules=mercy(10),
        draw_pile=["Y1", "Y2"],
    )
    t = ok(state, "0 R+2")
    assert (1 in t.state.eliminated) is out
    assert [e.seat for e in events_of(t.events, "eliminated")] == ([1] if out else [])
    if out:
        assert events_of(t.events, "eliminated")[0].reason == "mercy"
    else:
        assert len(t.state.hands[1]) == held + 2


def test_H16_eliminated_players_cards_go_under_the_discard_pile() -> None:
    """H16: an eliminated player's cards go to the bottom of the discard pile; the top card
    and the color stay."""
    state = table(
        [["R+2", "R1", "R2"], NINE[:8], ["R3", "R4"]],
        ["R7"],
        rules=mercy(10),
        draw_pile=["Y1", "Y2"],
        draw_pile_size=2,
    )
    before = state.discard_pile
    after = ok(state, "0 R+2").state
    assert after.hands[1] == ()
    gone = [*NINE[:8], "Y1", "Y2"]
    assert Counter(after.discard_pile[:10]) == Counter(uno.parse_cards(" ".join(gone)))
    assert after.discard_pile[10:] == (*before, uno.Card.parse("R+2"))
    assert after.top_card == uno.Card.parse("R+2")
    assert after.color is uno.Color.RED


def test_H16_eliminated_seat_is_skipped_and_cannot_act() -> None:
    """H16: play passes over an eliminated seat; it has no legal move."""
    state = table(
        [["R+2", "R1", "R2"], NINE[:8], ["R3", "R4"]],
        ["R7"],
        rules=mercy(10),
        draw_pile=["Y1", "Y2"],
    )
    after = ok(state, "0 R+2").state
    assert after.turn == 2
    s2 = ok(after, "2 R3").state
    assert s2.turn == 0
    s0 = ok(s2, "0 R1").state
    assert s0.turn == 2
    refused(s0, "1 draw", "seat-eliminated")
    assert uno.legal_moves(s0, 1) == ()


def test_H16_seat_pushed_over_the_limit_on_its_own_turn_hands_the_turn_on() -> None:
    """H16: a seat that reaches the limit by drawing on its own turn is out at once; the turn
    passes to the next seat still in the game."""
    state = table(
        [["Y1", "Y2"], NINE, ["R3", "R4"]],
        ["R7"],
        turn=1,
        rules=mercy(10),
        draw_pile=["G1"],
    )
    t = ok(state, "1 draw")
    assert 1 in t.state.eliminated
    assert t.state.turn == 2
    assert t.state.phase is uno.Phase.TURN
    assert t.state.drawn is None


def test_H16_last_player_standing_wins_the_game() -> None:
    """H16 `win.last_player_standing`: the last player not eliminated wins the game."""
    state = table(
        [["R+2", "R1", "R2"], NINE[:8]],
        ["R7"],
        rules=mercy(10),
        draw_pile=["Y1", "Y2"],
    )
    t = ok(state, "0 R+2")
    assert t.state.eliminated == frozenset({1})
    assert t.state.game_over
    assert t.state.game_winners == (0,)
    assert t.state.round_winner == 0
    assert "game-ended" in kinds(t.events)


def test_H16_mercy_off_by_default() -> None:
    """H16: the mercy rule is not part of the official rules: 30 cards are just a big hand."""
    state = table([["R+2", "R1"], 27, ["R3"]], ["R7"])
    after = ok(state, "0 R+2").state
    assert after.eliminated == frozenset()
    assert len(after.hands[1]) == 29


# -- the no-mercy-lite preset ------------------------------------------------------------


def test_H16_no_mercy_lite_preset_settings() -> None:
    """H16 / 3.6: the bundle is H01 with NM pairs (equal or higher: +2 on +2, +4 on +2, +4 on
    +4), H02 `must_play`, H07 (mandatory), H11 (disabled), mercy 25, last player standing."""
    nm = uno.load_preset(NM)
    hr = nm.house_rules
    assert hr.stacking.enabled
    assert {str(p) for p in hr.stacking.pairs} == {
        "plus2_on_plus2",
        "plus4_on_plus2",
        "plus4_on_plus4",
    }
    assert hr.draw_until_playable.enabled
    assert str(hr.draw_until_playable.after_found) == "must_play"
    assert hr.seven_o.enabled and hr.seven_o.seven_mandatory
    assert str(nm.w4_challenge) == "disabled"
    assert hr.mercy.enabled and hr.mercy.limit == 25 and hr.mercy.last_player_standing
    assert str(nm.deck) == "classic-108"


def test_H16_no_mercy_lite_stacks_equal_or_higher_regardless_of_color() -> None:
    """3.6 NM: stacking with a draw card of equal or higher value, regardless of color; the
    player who cannot stack takes the whole total and loses the turn."""
    state = table(
        [["R+2", "R1"], ["B+2", "B1"], ["W+4", "G+2", "Y1"], ["G1", "G2"]],
        ["R7"],
        rules=NM,
        draw_pile=[*NINE[:8]],
    )
    s1 = ok(state, "0 R+2").state
    assert s1.phase is uno.Phase.PENALTY and s1.turn == 1
    s2 = ok(s1, "1 B+2").state  # +2 on +2, another color
    assert s2.penalty is not None and s2.penalty.amount == 4
    s3 = ok(s2, "2 W+4 yellow").state  # +4 on +2
    assert s3.penalty is not None and s3.penalty.amount == 8
    refused(s3, "3 G1", "cannot-stack")
    t = ok(s3, "3 accept")
    assert len(t.state.hands[3]) == 10
    assert t.state.turn == 0
    assert [e.seat for e in events_of(t.events, "skipped")] == [3]


def test_H16_no_mercy_lite_lower_card_cannot_stack_on_higher() -> None:
    """3.6 NM: only equal or higher: a +2 cannot answer a +4."""
    state = table([["W+4", "R1"], ["G+2", "B1"], ["Y1", "Y2"]], ["R7"], rules=NM)
    s1 = ok(state, "0 W+4 green").state
    refused(s1, "1 G+2", "cannot-stack")
    assert ok(s1, "1 accept").state.turn == 2


def test_H16_no_mercy_lite_no_challenge_and_no_restriction() -> None:
    """H11 / 3.6 NM: there is no Wild Draw Four challenge, and so no restriction on playing
    one (a W+4 while holding the active color is no bluff)."""
    state = table([["W+4", "R1", "R2"], ["G1", "B1"], ["Y1", "Y2"]], ["R7"], rules=NM)
    s1 = ok(state, "0 W+4 green").state
    refused(s1, "1 challenge", "challenge-disabled")
    assert s1.penalty is not None and not s1.penalty.bluff
    assert uno.Challenge(1) not in uno.legal_moves(s1)


def test_H16_no_mercy_lite_draw_until_playable_and_must_play_it() -> None:
    """H02 with `after_found: must_play` (NM): a player with no legal card draws until they
    get one, and must play it."""
    state = table(
        [["Y1", "B2"], ["G1", "B1"], ["Y3"]], ["R7"], rules=NM, draw_pile=["G5", "B6", "R9", "R8"]
    )
    t = ok(state, "0 draw")
    assert t.state.hands[0] == uno.parse_cards("Y1 B2 G5 B6 R9")
    assert t.state.drawn == uno.Card.parse("R9")
    assert [e.count for e in events_of(t.events, "drew")] == [3]
    refused(t.state, "0 pass", "must-play-drawn-card")
    assert uno.legal_moves(t.state) == (uno.parse_move("0 R9"),)
    assert ok(t.state, "0 R9").state.turn == 1


def test_H16_no_mercy_lite_must_play_refusal_cites_H02() -> None:
    """API 7: a violation's ``rule`` names the clause that decides it. Under no-mercy-lite the
    drawn card must be played because of H02 `after_found: must_play` (H03 Force Play is
    off)."""
    state = table([["Y1", "B2"], ["G1", "B1"], ["Y3"]], ["R7"], rules=NM, draw_pile=["R9"])
    drawn = ok(state, "0 draw").state
    v = refused(drawn, "0 pass", "must-play-drawn-card")
    assert v.rule == "H02", v.rule


def test_H16_no_mercy_lite_seven_o() -> None:
    """H07 (mandatory in NM): a 7 must swap hands with a chosen player; a 0 passes every hand
    to the next player in the direction of play."""
    state = table([["R7", "R1", "R2"], ["B+2", "G+2", "B1"], ["R3"]], ["R5"], rules=NM)
    refused(state, "0 R7", "target-required")
    swapped = ok(state, "0 R7 >2").state
    assert swapped.hands[0] == uno.parse_cards("R3")
    assert swapped.hands[2] == uno.parse_cards("R1 R2")
    zero = table([["R0", "R1", "R2"], ["B+2", "G+2", "B1"], ["R3"]], ["R5"], rules=NM)
    rotated = ok(zero, "0 R0").state
    assert rotated.hands == (
        uno.parse_cards("R3"),
        uno.parse_cards("R1 R2"),
        uno.parse_cards("B+2 G+2 B1"),
    )


def test_H16_no_mercy_lite_mercy_limit_25_through_a_stack() -> None:
    """H16 in the preset: limit 25. A player taking a stack that brings them to 25 cards is
    out; with three players the game goes on between the other two."""
    state = table(
        [["R+2", "R1"], 21, ["B+2", "Y1"]],
        ["B7"],
        turn=2,
        rules=NM,
    )
    s1 = ok(state, "2 B+2").state
    s2, events = run(s1, "0 R+2", "1 accept")
    assert len(s1.hands[1]) == 21
    assert s2.eliminated == frozenset({1})
    assert [e.seat for e in events_of(tuple(events), "eliminated")] == [1]
    assert s2.hands[1] == ()
    assert s2.turn == 2
    assert not s2.game_over


def test_H16_challenge_against_an_eliminated_offender_frees_the_victim() -> None:
    """Design decision (docs/rules.md is silent): an eliminated seat takes no more cards. Seat 0
    bluffs a Wild Draw Four with a false UNO call (H12: 9 cards), reaches the limit and is
    eliminated while the penalty waits; seat 1's challenge succeeds (B8.6): seat 1 draws
    nothing and plays (A7 a), and the eliminated seat gets no cards either."""
    state = table(
        [["W+4", "R1", "R2"], ["G1", "G2"], ["Y1", "Y2"]],
        ["R7"],
        rules=rules(
            house_rules={"mercy": {"enabled": True, "limit": 10}},
            uno={"false_call_penalty": 9},
        ),
        draw_pile=[f"B{n}" for n in range(1, 10)] + ["Y3", "Y4", "Y5", "Y6"],
    )
    t = ok(state, "0 W+4 g uno")
    assert 0 in t.state.eliminated and t.state.hands[0] == ()
    t = ok(t.state, "1 challenge")
    assert kinds(t.events)[0] == "challenge-won"
    assert t.state.hands[0] == ()
    assert t.state.hands[1] == state.hands[1]
    assert t.state.turn == 1 and t.state.phase.value == "turn"


def test_H16_without_last_player_standing_an_elimination_lasts_the_round() -> None:
    """H16 `last_player_standing: false` (design decision): a mercy elimination puts the
    seat out of the round, not the game. When one player is left, that player wins the
    round (scored as usual, the game goes on) and the next round deals everyone in."""
    state = table(
        [["R+2", "R1", "R2"], NINE[:8]],
        ["R7"],
        rules=mercy(10, last_player_standing=False),
        draw_pile=["Y1", "Y2", "Y3"],
    )
    t = ok(state, "0 R+2")
    assert 1 in t.state.eliminated
    assert t.state.round_over and not t.state.game_over
    assert t.state.round_winner == 0
    assert kinds(t.events)[-2:] == ["eliminated", "round-ended"]
    nxt = uno.next_round(t.state)
    assert isinstance(nxt, uno.GameState)
    assert nxt.eliminated == frozenset()
    assert [len(h) for h in nxt.hands] == [7, 7]


TEN_RED = ["R1", "R2", "R3", "R4", "R5", "R6", "R8", "R9", "R1", "R2"]
TEN_YELLOW = ["Y1", "Y2", "Y3", "Y4", "Y5", "Y6", "Y7", "Y8", "Y9", "Y1"]
TEN_GREEN = ["G1", "G2", "G3", "G4", "G5", "G6", "G7", "G8", "G9", "G1"]


def test_H16_seats_at_the_limit_in_a_described_table_are_out_after_the_next_move() -> None:
    """H16: a table described with seats already at the limit (a dispute, a hand-made
    situation) plays on: after the next move every seat at the limit is out, and the last
    one standing wins."""
    state = table([["R+2", "B1", "B2"], TEN_YELLOW, TEN_GREEN], ["R7"], rules=mercy(10))
    t = ok(state, "0 R+2")
    assert [e.seat for e in events_of(t.events, "eliminated")] == [1, 2]
    assert t.state.game_winners == (0,)


def test_H16_when_every_seat_reaches_the_limit_at_once_the_fewest_cards_stays_in() -> None:
    """H16 (a design decision: the rule is silent): when one move leaves every seat still in
    at the limit, eliminating them all would leave the round without a player. The seat
    with the fewest cards stays in, and ties go to the first in the direction of play from
    the seat that moved; here, as the last player standing, it wins."""
    fewest = table(
        [[*TEN_RED, "R7", "B1"], [*TEN_YELLOW, "Y0"], TEN_GREEN], ["R5"], rules=mercy(10)
    )
    t = ok(fewest, "0 R7")  # 11, 11 and 10 cards: seat 2 stays in
    assert [e.seat for e in events_of(t.events, "eliminated")] == [0, 1]
    assert t.state.game_winners == (2,)
    tie = table([[*TEN_RED, "R7"], TEN_YELLOW, TEN_GREEN], ["R5"], rules=mercy(10))
    t = ok(tie, "0 R7")  # 10 cards each: the seat that moved stays in
    assert [e.seat for e in events_of(t.events, "eliminated")] == [1, 2]
    assert t.state.game_winners == (0,)


@pytest.mark.parametrize(("direction", "stays"), [(1, 1), (-1, 2)])
def test_H16_a_tie_at_the_limit_goes_to_the_first_seat_in_the_direction_of_play(
    direction: int, stays: int
) -> None:
    """H16 (design decision, as above): seat 0 is left with 11 cards, seats 1 and 2 with
    10 each; the first of them in the direction of play from seat 0 stays in."""
    state = table(
        [[*TEN_RED, "R7", "B1"], TEN_YELLOW, TEN_GREEN],
        ["R5"],
        rules=mercy(10),
        direction=direction,
    )
    t = ok(state, "0 R7")
    assert sorted(e.seat for e in events_of(t.events, "eliminated")) == sorted({0, 1, 2} - {stays})
    assert t.state.game_winners == (stays,)
