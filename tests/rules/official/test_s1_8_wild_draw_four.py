"""docs/rules.md 1.8 Wild Draw Four, the color restriction and the challenge: B8.1-B8.8,
with the w4_restriction option (H10, A11). A7-A13 are in test_s5_wild_draw_four.py."""

from __future__ import annotations

import pytest

import uno_rules as uno

from ..helpers import card, events_of, kinds, ok, refused, rules, sizes, table


def w4_table(offender_hand: list[str], top: str = "R5", **fields: object) -> uno.GameState:
    hands = [["W+4", *offender_hand], ["Y1", "Y2", "Y3"], ["G1", "G2"], ["G3", "G4"]]
    return table(hands, ["B9", top], **fields)


@pytest.mark.parametrize(
    ("hand", "top", "color", "guilty"),
    [
        (["R3", "B1"], "R5", None, True),  # a number of the active color
        (["Rskip", "B1"], "R5", None, True),  # SEED0's example: a red Skip
        (["R+2", "B1"], "R5", None, True),
        (["Rrev", "B1"], "R5", None, True),
        (["B5", "G5"], "R5", None, False),  # same number, other color: does not count
        (["Bskip", "G1"], "Rskip", None, False),  # same symbol, other color
        (["W", "B1"], "R5", None, False),  # a Wild has no color
        (["W+4", "B1"], "R5", None, False),  # another W+4 has no color
        (["G1", "B2"], "W", "yellow", False),  # on a wild: the declared color counts
        (["Y1", "B2"], "W", "yellow", True),
        (["R1", "B2"], "W", "yellow", False),  # the wild's former color means nothing
    ],
)
def test_B8_1_color_restriction_table(
    hand: list[str], top: str, color: str | None, guilty: bool
) -> None:
    """B8.1: W+4 is legal only if the hand, not counting the W+4, holds no card of the active
    color. Colored action cards count; same number or symbol in another color does not;
    Wild and W+4 have no color. The challenge reveals which it was."""
    fields = {"color": color} if color else {}
    pending = ok(w4_table(hand, top, **fields), "0 W+4 green").state
    t = ok(pending, "1 challenge")
    if guilty:
        assert kinds(t.events)[0] == "challenge-won"
        assert sizes(t.state) == (2 + 4, 3, 2, 2)
    else:
        assert kinds(t.events)[0] == "challenge-lost"
        assert sizes(t.state) == (2, 3 + 6, 2, 2)


def test_B8_2_legality_judged_at_the_moment_of_play() -> None:
    """B8.2 [D]: legality is judged on the hand at the moment of play, not at the challenge.
    The offender is caught for UNO between the play and the challenge and draws two red
    cards: the W+4 stays innocent."""
    state = table([["W+4", "B1"], ["Y1", "Y2"], ["G1", "G2"]], ["R5"], draw_pile=["R1", "R2", "R3"])
    pending = ok(state, "0 W+4 blue").state
    caught = ok(pending, "2 catch 0").state
    assert caught.hands[0] == uno.parse_cards("B1 R1 R2")
    t = ok(caught, "1 challenge")
    assert kinds(t.events)[0] == "challenge-lost"
    assert sizes(t.state) == (3, 8, 2)


def test_B8_3_only_the_victim_may_challenge() -> None:
    """B8.3: only the player who would have to draw the 4 cards may challenge."""
    pending = ok(w4_table(["R3", "B1"]), "0 W+4 green").state
    for seat in (0, 2, 3):
        refused(pending, f"{seat} challenge", "not-challenge-eligible", "B8.3")
    assert uno.validate(pending, "1 challenge") is None


def test_B8_4_challenge_must_come_before_the_victim_draws() -> None:
    """B8.4 [D]: accepting and challenging are alternatives; no challenge after drawing."""
    pending = ok(w4_table(["R3", "B1"]), "0 W+4 green").state
    refused(pending, "1 draw", "penalty-pending")
    refused(pending, "1 Y1", "penalty-pending")
    accepted = ok(pending, "1 accept").state
    refused(accepted, "1 challenge", "no-challenge-pending")
    refused(accepted, "2 challenge", "no-challenge-pending")


def test_B8_5_hand_is_shown_to_the_challenger_only() -> None:
    """B8.5: the challenged player shows their hand to the challenger only."""
    pending = ok(w4_table(["R3", "B1"]), "0 W+4 green").state
    t = ok(pending, "1 challenge")
    shown = uno.parse_cards("R3 B1")
    assert events_of(uno.view_events(t.events, 1), "challenge-won")[0].hand == shown
    for seat in (2, 3):
        assert events_of(uno.view_events(t.events, seat), "challenge-won")[0].hand is None
    innocent = ok(ok(w4_table(["B3", "B1"]), "0 W+4 green").state, "1 challenge")
    assert events_of(uno.view_events(innocent.events, 1), "challenge-lost")[0].hand == (
        uno.parse_cards("B3 B1")
    )
    for seat in (2, 3):
        assert events_of(uno.view_events(innocent.events, seat), "challenge-lost")[0].hand is None


def test_B8_6_guilty_offender_draws_four() -> None:
    """B8.6: guilty: the challenged player draws 4, instead of the challenger."""
    state = w4_table(["R3", "B1"], draw_pile=["G7", "G8", "G9", "Y9"])
    pending = ok(state, "0 W+4 green").state
    t = ok(pending, "1 challenge")
    assert t.state.hands[0] == uno.parse_cards("R3 B1 G7 G8 G9 Y9")
    assert t.state.hands[1] == uno.parse_cards("Y1 Y2 Y3")
    drew = events_of(t.events, "drew")
    assert [(e.seat, e.count) for e in drew] == [(0, 4)]
    won = events_of(t.events, "challenge-won")[0]
    assert (won.challenger, won.offender) == (1, 0)


def test_B8_7_innocent_challenger_draws_six_and_loses_turn() -> None:
    """B8.7: innocent: the challenger draws 4 + 2 = 6; the W+4 stands, so the challenger also
    loses the turn."""
    pending = ok(w4_table(["B3", "B1"]), "0 W+4 green").state
    t = ok(pending, "1 challenge")
    assert sizes(t.state) == (2, 9, 2, 2)
    assert t.state.turn == 2
    assert [(e.seat, e.count) for e in events_of(t.events, "drew")] == [(1, 6)]
    assert [e.seat for e in events_of(t.events, "skipped")] == [1]
    assert t.state.color is uno.Color.GREEN
    assert t.state.top_card == card("W+4")


def test_B8_8_after_successful_challenge_card_and_color_stay_challenger_plays() -> None:
    """B8.8 recommended default: the W+4 stays, its declared color stands, and the
    challenger takes a normal turn."""
    pending = ok(w4_table(["R3", "B1"]), "0 W+4 green").state
    after = ok(pending, "1 challenge").state
    assert after.top_card == card("W+4")
    assert after.discard_pile == uno.parse_cards("B9 R5 W+4")
    assert after.color is uno.Color.GREEN
    assert after.turn == 1
    assert after.phase is uno.Phase.TURN
    refused(after, "1 Y1", "card-does-not-match")
    assert uno.validate(after, "1 draw") is None


def test_B8_bluff_is_invisible_to_other_seats_before_a_challenge() -> None:
    """B8.2 / API 6: nothing other seats see (views, public events) reveals the bluff before
    a challenge does: a bluffed and an honest W+4 look the same to seat 1."""
    hands_bluff = [["W+4", "R3"], ["Y1", "Y2"], ["G1", "G2"]]
    hands_honest = [["W+4", "B3"], ["Y1", "Y2"], ["G1", "G2"]]
    seen = []
    for hands in (hands_bluff, hands_honest):
        t = ok(table(hands, ["R5"], draw_pile=["Y5", "Y6"]), "0 W+4 blue")
        seen.append(
            (
                uno.view(t.state, 1),
                uno.view_events(t.events, 1),
                uno.view(t.state, 2).to_dict(),
            )
        )
    assert seen[0] == seen[1]
    assert "bluff" not in repr(seen[0][2])


# -- w4_restriction (H10, A11) ----------------------------------------------------------


def test_H10_strict_refuses_a_bluffed_wild_draw_four() -> None:
    """H10 `strict`: the color restriction enforced as a rule: no bluffing."""
    state = w4_table(["R3", "B1"], rules=rules(w4_restriction="strict"))
    v = refused(state, "0 W+4 green", "wild-draw-four-not-allowed")
    assert v.rule == "H10"


def test_H10_strict_allows_a_legal_wild_draw_four_and_victim_draws() -> None:
    """H10 `strict`: a legal W+4 is played; no bluff is possible, so the victim draws 4 and
    loses the turn."""
    state = w4_table(["B3", "B1"], rules=rules(w4_restriction="strict"))
    t = ok(state, "0 W+4 green")
    state = t.state
    if state.phase is uno.Phase.PENALTY:
        state = ok(state, "1 accept").state
    assert sizes(state) == (2, 7, 2, 2)
    assert state.turn == 2


def test_H10_none_makes_every_wild_draw_four_legal_and_unchallengeable() -> None:
    """H10 `none`: a W+4 is always legal; the challenge is pointless and disabled, so the
    victim draws 4 and loses the turn."""
    state = w4_table(["R3", "B1"], rules=rules(w4_restriction="none"))
    t = ok(state, "0 W+4 green")
    assert sizes(t.state) == (2, 7, 2, 2)
    assert t.state.turn == 2
    v = uno.apply(t.state, "1 challenge")
    assert isinstance(v, uno.Violation)
    assert v.code in ("challenge-disabled", "no-challenge-pending")
