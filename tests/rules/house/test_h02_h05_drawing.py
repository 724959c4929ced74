"""docs/rules.md 4: H02 draw until playable, H03 force play, H04 no voluntary draw, H05 what may be
played after a draw; with A44, A53 and A54 / B6.7 where they meet these options."""

from __future__ import annotations

from typing import Any

import pytest

import uno_rules as uno

from ..helpers import cards, events_of, kinds, ok, refused, rules, run, sizes, table


def dup(**params: Any) -> dict[str, Any]:
    """``official`` with H02 draw until playable on, with ``params``."""
    return rules(house_rules={"draw_until_playable": {"enabled": True, **params}})


def force(**params: Any) -> dict[str, Any]:
    """``official`` with H03 force play on, with ``params``."""
    return rules(house_rules={"force_play": {"enabled": True, **params}})


def drew(events: Any) -> list[tuple[int, int, tuple[uno.Card, ...] | None]]:
    return [(e.seat, e.count, e.cards) for e in events_of(tuple(events), "drew")]


# -- H02 -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("pile", "found"),
    [
        (["R2"], 1),
        (["B1", "G3", "Y4", "R9", "R1"], 4),  # the active color
        (["B1", "Y5", "R1"], 2),  # the same number in another color
        (["B1", "G3", "W", "R1"], 3),  # a wild
        (["Y1", "G+2", "W+4", "R1"], 3),  # a W+4 (no red held: not a bluff)
    ],
)
def test_H02_draws_until_playable(pile: list[str], found: int) -> None:
    """H02: "a player who must draw keeps drawing one card at a time until they draw a legal
    card or reach the cap. They may then play that card." The card found is the drawn card
    (phase "drawn"); the turn is still the drawer's."""
    state = table([["B7", "G2"], 4, 4], ["R5"], rules=dup(), draw_pile=pile)
    t = ok(state, "0 draw")
    got = cards(" ".join(pile[:found]))
    assert t.state.hands[0] == cards("B7 G2") + got
    assert t.state.drawn == got[-1]
    assert t.state.phase is uno.Phase.DRAWN
    assert t.state.turn == 0
    assert sizes(t.state)[1:] == (4, 4)
    assert drew(t.events) == [(0, found, got)]
    rest = cards(" ".join(pile[found:]))
    assert t.state.draw_pile[: len(rest)] == rest


def test_H02_the_found_card_may_be_played_and_only_it() -> None:
    """H02 with B6.3: the player may play the card found; not another card from the hand."""
    state = table([["B7", "Y3"], 4, 4], ["R5"], rules=dup(), draw_pile=["B1", "Y2", "R9"])
    drawn = ok(state, "0 draw").state
    assert drawn.drawn == uno.Card.parse("R9")
    refused(drawn, "0 B1", "only-drawn-card-playable", "B6.3")
    t = ok(drawn, "0 R9")
    assert t.state.top_card == uno.Card.parse("R9")
    assert t.state.hands[0] == cards("B7 Y3 B1 Y2")
    assert t.state.turn == 1


@pytest.mark.parametrize("after_found", ["may_play", "must_play"])
def test_H02_max_draws_caps_the_drawing(after_found: str) -> None:
    """H02 `max_draws` (SEED4: 10): the drawing stops at the cap even without a playable card;
    the last card drawn cannot be played, so the player passes (also under `must_play`), and
    may not draw again."""
    state = table(
        [["B7", "G2"], 4, 4],
        ["R5"],
        rules=dup(max_draws=3, after_found=after_found),
        draw_pile=["B1", "G3", "Y4", "R9"],
    )
    t = ok(state, "0 draw")
    assert t.state.hands[0] == cards("B7 G2 B1 G3 Y4")
    assert drew(t.events) == [(0, 3, cards("B1 G3 Y4"))]
    assert t.state.drawn == uno.Card.parse("Y4")
    assert t.state.phase is uno.Phase.DRAWN
    refused(t.state, "0 Y4", "card-does-not-match")
    refused(t.state, "0 draw", "already-drawn")
    passed = ok(t.state, "0 pass").state
    assert passed.turn == 1
    assert sizes(passed) == (5, 4, 4)
    assert passed.draw_pile[0] == uno.Card.parse("R9")


def test_H02_max_draws_reached_on_the_playable_card() -> None:
    """H02: the cap counts the playable card too: with `max_draws: 2` the second card, if
    playable, is found."""
    state = table(
        [["B7", "G2"], 4, 4], ["R5"], rules=dup(max_draws=2), draw_pile=["B1", "R9", "R1"]
    )
    t = ok(state, "0 draw")
    assert t.state.hands[0] == cards("B7 G2 B1 R9")
    assert t.state.drawn == uno.Card.parse("R9")


def test_H02_after_found_may_play_allows_a_pass() -> None:
    """H02 `after_found: may_play` (default): the card found may be kept; the pass ends the
    turn with the card in hand."""
    state = table([["B7", "G2"], 4, 4], ["R5"], rules=dup(), draw_pile=["B1", "R9"])
    drawn = ok(state, "0 draw").state
    t = ok(drawn, "0 pass")
    assert kinds(t.events) == ["passed"]
    assert t.state.turn == 1
    assert t.state.hands[0] == cards("B7 G2 B1 R9")
    assert t.state.top_card == uno.Card.parse("R5")


def test_H02_after_found_must_play_refuses_a_pass() -> None:
    """H02 `after_found: must_play` (NM): the playable card found must be played; a pass is
    refused with must-play-drawn-card, decided by H02 (force play, H03, is off)."""
    state = table(
        [["B7", "G2"], 4, 4], ["R5"], rules=dup(after_found="must_play"), draw_pile=["B1", "R9"]
    )
    drawn = ok(state, "0 draw").state
    v = refused(drawn, "0 pass", "must-play-drawn-card")
    assert v.card == uno.Card.parse("R9")
    assert v.rule == "H02", f"H02 must_play decides this refusal, got rule {v.rule}"
    t = ok(drawn, "0 R9")
    assert t.state.top_card == uno.Card.parse("R9")
    assert t.state.turn == 1


@pytest.mark.parametrize(
    ("applies_to", "got"),
    [("no_playable_only", "B1"), ("any_draw", "B1 G3 R9")],
)
def test_H02_applies_to_voluntary_draw(applies_to: str, got: str) -> None:
    """H02 `applies_to`: under `no_playable_only` (default) a voluntary draw (holding the
    playable R7) draws one card as usual (B6.5); under `any_draw` it also draws until
    playable."""
    state = table(
        [["R7", "G2"], 4, 4],
        ["R5"],
        rules=dup(applies_to=applies_to),
        draw_pile=["B1", "G3", "R9", "R1"],
    )
    t = ok(state, "0 draw")
    assert t.state.hands[0] == cards("R7 G2") + cards(got)
    assert t.state.drawn == cards(got)[-1]
    assert t.state.phase is uno.Phase.DRAWN
    assert drew(t.events) == [(0, len(cards(got)), cards(got))]


def test_H02_applies_to_no_playable_only_still_draws_until_playable_without_one() -> None:
    """H02 `no_playable_only`: a forced draw (no playable card) still draws until playable."""
    state = table([["B7", "G2"], 4, 4], ["R5"], rules=dup(), draw_pile=["B1", "G3", "R9"])
    assert ok(state, "0 draw").state.hands[0] == cards("B7 G2 B1 G3 R9")


def test_H02_a_wild_draw_four_that_may_not_be_played_does_not_end_the_drawing() -> None:
    """H02: the drawing goes on "until they draw a legal card". Under `w4_restriction:
    strict` a W+4 drawn while holding red (R7) may not be played (wild-draw-four-not-allowed),
    so it is not a legal card: the drawing continues to R9 (`applies_to: any_draw`)."""
    option = {
        **dup(applies_to="any_draw"),
        "w4_restriction": "strict",
    }
    state = table([["R7", "G2"], 4, 4], ["R5"], rules=option, draw_pile=["W+4", "B1", "R9"])
    t = ok(state, "0 draw")
    assert t.state.hands[0] == cards("R7 G2 W+4 B1 R9")
    assert t.state.drawn == uno.Card.parse("R9")


def test_H02_a_wild_draw_four_that_may_be_played_as_a_bluff_ends_the_drawing() -> None:
    """H02 / B8.1: under the default `w4_restriction: color` a W+4 drawn while holding red
    (R7) is a bluff, but a legal play (only a challenge sanctions it), so the drawing stops
    on it (`applies_to: any_draw`). Contrast with `strict` above."""
    state = table(
        [["R7", "G2"], 4, 4], ["R5"], rules=dup(applies_to="any_draw"), draw_pile=["W+4", "B1"]
    )
    t = ok(state, "0 draw")
    assert t.state.hands[0] == cards("R7 G2 W+4")
    assert t.state.drawn == uno.Card.parse("W+4")


def test_H02_A44_piles_running_dry_stop_the_drawing() -> None:
    """H02 "If the piles run dry, stop; see A44": with two unplayable cards left in the draw
    pile and only the top card on the discard pile, both are drawn and the drawing stops;
    the player may then pass."""
    state = table(
        [["B7", "G2"], 52, 51], ["R5"], rules=dup(), draw_pile=["B1", "G3"], draw_pile_size=2
    )
    assert len(state.discard_pile) == 1
    t = ok(state, "0 draw")
    assert t.state.hands[0] == cards("B7 G2 B1 G3")
    assert t.state.drawn == uno.Card.parse("G3")
    assert t.state.phase is uno.Phase.DRAWN
    assert t.state.draw_pile_size == 0
    assert "reshuffled" not in kinds(t.events)
    passed = ok(t.state, "0 pass").state
    assert passed.turn == 1
    assert sizes(passed) == (4, 52, 51)


def test_H02_drawing_goes_on_through_a_reshuffle() -> None:
    """H02 with B11.1: an empty draw pile is refilled from the discard pile (top card kept)
    and the drawing goes on until the playable R1 turns up."""
    state = table(
        [["B7", "G2"], 52, 51], ["R1", "R5"], rules=dup(), draw_pile=["B1"], draw_pile_size=1
    )
    t = ok(state, "0 draw")
    assert t.state.hands[0] == cards("B7 G2 B1 R1")
    assert "reshuffled" in kinds(t.events)
    assert t.state.top_card == uno.Card.parse("R5")
    assert t.state.drawn == uno.Card.parse("R1")


@pytest.mark.parametrize("kind", ["draw-two", "wild-draw-four", "uno-penalty"])
def test_H02_penalty_draws_are_unaffected(kind: str) -> None:
    """H02: "Penalty draws (Draw Two, W+4, UNO) are never affected": the penalty draws its
    number of cards, playable or not, and no more."""
    option = dup(applies_to="any_draw", after_found="must_play")
    pile = ["G1", "G3", "Y4", "G6", "B9", "R9"]
    if kind == "draw-two":
        state = table([["R+2", "B1", "B2"], ["Y7"], ["G9"]], ["R5"], rules=option, draw_pile=pile)
        after = ok(state, "0 R+2").state
        assert after.hands[1] == cards("Y7 G1 G3")
        assert after.turn == 2
    elif kind == "wild-draw-four":
        state = table([["W+4", "B1", "B2"], ["Y7"], ["G9"]], ["R5"], rules=option, draw_pile=pile)
        after, _ = run(state, "0 W+4 blue", "1 accept")
        assert after.hands[1] == cards("Y7 G1 G3 Y4 G6")
        assert after.turn == 2
    else:
        state = table([["R3", "B1"], ["Y7"], ["G9"]], ["R5"], rules=option, draw_pile=pile)
        after, _ = run(state, "0 R3", "1 catch 0")
        assert after.hands[0] == cards("B1 G1 G3")
    assert after.phase is uno.Phase.TURN
    assert after.drawn is None


# -- H03 and A53 ------------------------------------------------------------------------


def test_H03_force_play_playable_drawn_card_must_be_played() -> None:
    """H03: "if the drawn card is legal, it must be played at once": a pass is refused."""
    state = table([["B7", "G2"], 4, 4], ["R5"], rules=force(), draw_pile=["R9"])
    drawn = ok(state, "0 draw").state
    v = refused(drawn, "0 pass", "must-play-drawn-card", "H03")
    assert v.card == uno.Card.parse("R9")
    t = ok(drawn, "0 R9")
    assert t.state.turn == 1
    assert t.state.hands[0] == cards("B7 G2")


def test_H03_force_play_unplayable_drawn_card_is_kept() -> None:
    """H03 forces only a legal drawn card: an unplayable one is kept and the turn passes."""
    state = table([["B7", "G2"], 4, 4], ["R5"], rules=force(), draw_pile=["Y1"])
    t = ok(ok(state, "0 draw").state, "0 pass")
    assert t.state.turn == 1
    assert t.state.hands[0] == cards("B7 G2 Y1")


@pytest.mark.parametrize(("includes_w4", "forced"), [(True, True), (False, False)])
def test_H03_includes_w4(includes_w4: bool, forced: bool) -> None:
    """H03 `includes_w4` (default true): "a drawn W+4 that is legal under the color rule must
    be played"; with false it may be kept."""
    state = table(
        [["B7", "G2"], 4, 4], ["R5"], rules=force(includes_w4=includes_w4), draw_pile=["W+4"]
    )
    drawn = ok(state, "0 draw").state
    if forced:
        refused(drawn, "0 pass", "must-play-drawn-card", "H03")
    else:
        assert ok(drawn, "0 pass").state.hands[0] == cards("B7 G2 W+4")
    assert ok(drawn, "0 W+4 blue").state.phase is uno.Phase.PENALTY


def test_H03_a_drawn_w4_that_would_be_a_bluff_is_not_forced() -> None:
    """H03 `includes_w4`: only a W+4 "legal under the color rule" is forced; holding red, the
    drawn W+4 would be a bluff, so the player may keep it."""
    state = table([["R7", "G2"], 4, 4], ["R5"], rules=force(), draw_pile=["W+4"])
    t = ok(ok(state, "0 draw").state, "0 pass")
    assert t.state.turn == 1
    assert t.state.hands[0] == cards("R7 G2 W+4")


@pytest.mark.parametrize("drawn", ["R9", "W", "W+4"])
def test_A53_official_default_lets_the_player_pass(drawn: str) -> None:
    """A53 Default: a playable drawn card *may* be played (H03 off): the pass keeps it."""
    state = table([["B7", "G2"], 4, 4], ["R5"], draw_pile=[drawn])
    t = ok(ok(state, "0 draw").state, "0 pass")
    assert t.state.turn == 1
    assert t.state.hands[0] == cards(f"B7 G2 {drawn}")
    assert t.state.top_card == uno.Card.parse("R5")


# -- H04 -------------------------------------------------------------------------------


def test_H04_voluntary_draw_allowed_by_default() -> None:
    """H04 `voluntary_draw: allowed` (official default, B6.2): a player holding R7 may draw."""
    state = table([["R7", "G2"], 4, 4], ["R5"], draw_pile=["B1"])
    t = ok(state, "0 draw")
    assert t.state.hands[0] == cards("R7 G2 B1")
    assert t.state.phase is uno.Phase.DRAWN


@pytest.mark.parametrize("hand", [["R7", "G2"], ["B5", "G2"], ["W", "G2"], ["W+4", "G2"]])
def test_H04_forbidden_refuses_a_draw_while_holding_a_legal_card(hand: list[str]) -> None:
    """H04 `forbidden`: drawing while holding a legal card (by color, by number, a Wild, or a
    W+4 that keeps the color restriction) is refused with must-play (H04)."""
    state = table([hand, 4, 4], ["R5"], rules=rules(voluntary_draw="forbidden"))
    refused(state, "0 draw", "must-play", "H04")
    assert uno.Draw(0) not in uno.legal_moves(state)


def test_H04_forbidden_allows_the_draw_without_a_legal_card() -> None:
    """H04 `forbidden` applies only to a voluntary draw: without a legal card the player must
    draw (B6.1), as usual."""
    state = table(
        [["B7", "G2"], 4, 4], ["R5"], rules=rules(voluntary_draw="forbidden"), draw_pile=["R9"]
    )
    t = ok(state, "0 draw")
    assert t.state.hands[0] == cards("B7 G2 R9")
    assert t.state.phase is uno.Phase.DRAWN


@pytest.mark.parametrize(("penalty", "got"), [(None, "B1 G3"), (3, "B1 G3 Y4")])
def test_H04_penalized_voluntary_draw_costs_the_penalty_and_ends_the_turn(
    penalty: int | None, got: str
) -> None:
    """H04 `penalized`: "apply penalty_cards (2) and end the turn" (voluntary_draw_penalty)."""
    option = rules(voluntary_draw="penalized")
    if penalty is not None:
        option["voluntary_draw_penalty"] = penalty
    state = table([["R7", "G2"], 4, 4], ["R5"], rules=option, draw_pile=["B1", "G3", "Y4", "R9"])
    t = ok(state, "0 draw")
    assert t.state.hands[0] == cards("R7 G2") + cards(got)
    assert drew(t.events) == [(0, len(cards(got)), cards(got))]
    assert t.state.turn == 1
    assert t.state.phase is uno.Phase.TURN
    assert t.state.drawn is None
    assert t.state.top_card == uno.Card.parse("R5")
    refused(t.state, "0 R7", "not-your-turn")


def test_H04_penalized_draw_without_a_legal_card_is_an_ordinary_draw() -> None:
    """H04 `penalized` punishes only a voluntary draw: without a legal card, one card and the
    drawn card may be played."""
    state = table(
        [["B7", "G2"], 4, 4], ["R5"], rules=rules(voluntary_draw="penalized"), draw_pile=["R9"]
    )
    t = ok(state, "0 draw")
    assert t.state.hands[0] == cards("B7 G2 R9")
    assert t.state.phase is uno.Phase.DRAWN
    assert ok(t.state, "0 R9").state.turn == 1


# -- H05 -------------------------------------------------------------------------------


def test_H05_drawn_card_only_is_the_default() -> None:
    """H05 `after_draw: drawn_card_only` (default, B6.3): after a draw no other card from the
    hand may be played."""
    state = table([["R7", "G2"], 4, 4], ["R5"], draw_pile=["B1"])
    drawn = ok(state, "0 draw").state
    v = refused(drawn, "0 R7", "only-drawn-card-playable", "B6.3")
    assert v.drawn == uno.Card.parse("B1")


def test_H05_none_drawing_ends_the_turn() -> None:
    """H05 `after_draw: none`: taking a card from the draw pile ends the turn: the next seat
    is to act, there is no "drawn" phase, and even a playable drawn card stays in hand."""
    state = table([["B7", "G2"], 4, 4], ["R5"], rules=rules(after_draw="none"), draw_pile=["R9"])
    t = ok(state, "0 draw")
    assert kinds(t.events) == ["drew", "passed"]
    assert t.state.turn == 1
    assert t.state.phase is uno.Phase.TURN
    assert t.state.drawn is None
    assert t.state.hands[0] == cards("B7 G2 R9")
    refused(t.state, "0 R9", "not-your-turn")
    refused(t.state, "0 pass", "not-your-turn")


def test_H05_any_card_allows_another_card_after_the_draw() -> None:
    """H05 `after_draw: any_card`: after drawing, any playable card may be played."""
    state = table(
        [["R7", "G2"], 4, 4], ["R5"], rules=rules(after_draw="any_card"), draw_pile=["B1"]
    )
    drawn = ok(state, "0 draw").state
    assert drawn.phase is uno.Phase.DRAWN
    refused(drawn, "0 G2", "card-does-not-match")
    refused(drawn, "0 B1", "card-does-not-match")
    refused(drawn, "0 draw", "already-drawn")
    t = ok(drawn, "0 R7")
    assert t.state.top_card == uno.Card.parse("R7")
    assert t.state.hands[0] == cards("G2 B1")
    assert t.state.turn == 1
    assert ok(drawn, "0 pass").state.turn == 1


# -- A54 / B6.7 ------------------------------------------------------------------------


def test_A54_drawn_w4_playable_if_the_restriction_holds_after_the_draw() -> None:
    """A54 / B6.7: after a voluntary draw (B5 was playable on R5) the drawn W+4 may be played
    when the hand after the draw holds no red; under `strict` it is a plain legal play and
    the victim draws 4 at once."""
    option = rules(w4_restriction="strict")
    state = table([["B5", "G2"], ["Y1", "Y2"], 4], ["R5"], rules=option, draw_pile=["W+4"])
    drawn = ok(state, "0 draw").state
    t = ok(drawn, "0 W+4 green")
    assert sizes(t.state) == (2, 6, 4)
    assert t.state.turn == 2
    assert t.state.color is uno.Color.GREEN


def test_A54_drawn_w4_refused_under_strict_when_holding_the_active_color() -> None:
    """A54 / B6.7: judged on the hand after the draw; holding R7 the drawn W+4 breaks the
    restriction, which `strict` enforces."""
    option = rules(w4_restriction="strict")
    state = table([["R7", "G2"], ["Y1", "Y2"], 4], ["R5"], rules=option, draw_pile=["W+4"])
    drawn = ok(state, "0 draw").state
    refused(drawn, "0 W+4 green", "wild-draw-four-not-allowed", "H10")
    assert ok(drawn, "0 pass").state.hands[0] == cards("R7 G2 W+4")
