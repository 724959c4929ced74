"""H14 No going out on an action card (`go_out.forbidden_last_cards`)."""

from __future__ import annotations

from typing import Any

import pytest

import uno_rules as uno

from ..helpers import card, cards, ok, refused, rules, sizes, table

FORBIDDEN = ["wild", "wild_draw_four", "draw_two"]


def go_out(forbidden: list[str] | None = None, **top: Any) -> dict[str, Any]:
    """``official`` with H14 forbidding ``forbidden`` (default: W, W+4, +2) as last cards."""
    listed = FORBIDDEN if forbidden is None else forbidden
    return rules(house_rules={"go_out": {"forbidden_last_cards": listed}}, **top)


def last(hand: list[str], option: Any, **fields: Any) -> uno.GameState:
    """Seat 0 holds ``hand`` on R5 (a single card is called already)."""
    if len(hand) == 1:
        fields.setdefault("uno_called", [0])
    fields.setdefault("draw_pile", ["B1", "B2", "B3", "B4"])
    return table([hand, ["Y1", "Y2"], ["G1", "G2"]], ["R5"], rules=option, **fields)


@pytest.mark.parametrize(
    ("hand", "move"),
    [(["W"], "0 W red"), (["W+4"], "0 W+4 red"), (["R+2"], "0 R+2")],
)
def test_H14_forbidden_last_cards_refuse_going_out(hand: list[str], move: str) -> None:
    """H14 `go_out.forbidden_last_cards` (WP-old: "you may not go out on Skip, Reverse, Draw
    Two, Wild or W+4"): a listed card may not be the last card."""
    v = refused(last(hand, go_out()), move, "cannot-go-out", "H14")
    assert v.card == card(hand[0])


@pytest.mark.parametrize(
    ("hand", "move"),
    [(["W", "B1"], "0 W red"), (["W+4", "B1"], "0 W+4 red"), (["R+2", "B1"], "0 R+2")],
)
def test_H14_forbidden_cards_may_be_played_when_not_last(hand: list[str], move: str) -> None:
    """H14 only concerns the last card: with another card in hand the listed card is an
    ordinary play."""
    t = ok(last(hand, go_out()), move)
    assert t.state.top_card == card(hand[0])
    assert t.state.hands[0] == cards("B1")
    assert not t.state.round_over


@pytest.mark.parametrize(("hand", "move"), [(["Rskip"], "0 Rskip"), (["R3"], "0 R3")])
def test_H14_unlisted_cards_still_go_out(hand: list[str], move: str) -> None:
    """H14: only the listed kinds are forbidden; a Skip (not listed here) or a number goes
    out."""
    t = ok(last(hand, go_out()), move)
    assert t.state.round_over
    assert t.state.round_winner == 0


@pytest.mark.parametrize(
    ("hand", "move"),
    [(["W"], "0 W red"), (["W+4"], "0 W+4 red"), (["R+2"], "0 R+2"), (["Rskip"], "0 Rskip")],
)
def test_H14_official_default_allows_going_out_on_any_card(hand: list[str], move: str) -> None:
    """H14 default `[]` / B10.2: officially a player may go out on any card."""
    t = ok(last(hand, "official"), move)
    if t.state.phase is uno.Phase.PENALTY:
        t = ok(t.state, "1 accept")
    assert t.state.round_over
    assert t.state.round_winner == 0


def test_H14_last_card_of_a_multi_card_play() -> None:
    """H14 with H09: the last card of the play is the one that goes out."""
    option = rules(
        house_rules={
            "go_out": {"forbidden_last_cards": FORBIDDEN},
            "multi_card": {"enabled": True, "mode": "same_rank_any_color"},
        }
    )
    refused(last(["R+2", "B+2"], option), "0 R+2 B+2", "cannot-go-out", "H14")
    assert ok(last(["R+2", "B+2", "G1"], option), "0 R+2 B+2").state.hands[0] == cards("G1")


def test_H14_a_player_holding_only_a_forbidden_card_draws_instead() -> None:
    """H14 module: "holding only such cards they must draw instead": the draw is allowed and
    the play is not listed."""
    state = last(["W"], go_out())
    assert not any(isinstance(m, uno.Play) for m in uno.legal_moves(state))
    t = ok(state, "0 draw")
    assert t.state.hands[0] == cards("W B1")
    assert ok(t.state, "0 pass").state.turn == 1


def test_H14_with_H04_forbidden_the_player_who_cannot_go_out_may_still_draw() -> None:
    """H14 with H04 `voluntary_draw: forbidden` ("must play if able"): a W that may not be the
    last card is no card the player is able to play, so the draw is not voluntary and must
    be allowed (else the player would have no legal move)."""
    state = last(["W"], go_out(voluntary_draw="forbidden"))
    t = ok(state, "0 draw")
    assert t.state.hands[0] == cards("W B1")
    assert any(not isinstance(m, uno.CallUno) for m in uno.legal_moves(state))


def test_H14_A44_with_nothing_to_draw_the_player_who_cannot_go_out_passes() -> None:
    """H14 with A44 (a): both piles used up; the only card is a W that may not go out, so the
    player cannot play and passes (A44: "if they cannot play they pass")."""
    state = table([["W"], 54, 52], ["R5"], rules=go_out(), uno_called=[0], draw_pile_size=0)
    assert state.draw_pile_size == 0 and len(state.discard_pile) == 1
    refused(state, "0 W red", "cannot-go-out", "H14")
    t = ok(state, "0 pass")
    assert t.state.turn == 1
    assert sizes(t.state) == (1, 54, 52)


def test_H14_refuses_a_jump_in_as_last_card_before_A23() -> None:
    """H14 judges every play that empties a hand, a jump-in too; where H06's A23
    (`go_out_by_jump_in: false`) would refuse the same play, H14's refusal is the one given
    (the registry asks `go_out` before `jump_in`)."""
    jump_in = {"enabled": True, "go_out_by_jump_in": False}
    both = rules(house_rules={"go_out": {"forbidden_last_cards": FORBIDDEN}, "jump_in": jump_in})
    hands = [["G1", "G2"], ["Y1", "Y2"], ["R+2"], ["B3", "B4"]]
    state = table(hands, ["R3", "R+2"], turn=1, rules=both)
    v = refused(state, "2 R+2", "cannot-go-out", "H14")
    assert v.card == card("R+2")
    only_a23 = rules(house_rules={"jump_in": jump_in})
    refused(table(hands, ["R3", "R+2"], turn=1, rules=only_a23), "2 R+2", "cannot-go-out", "A23")


EVERY_KIND_BUT_SWAP = [k.value for k in uno.rules.CardKind if k.value != "wild_swap_hands"]


def test_H14_forbidding_every_card_the_deck_holds_is_a_contradiction() -> None:
    """H14 with B10.1: a list that covers every kind of card in the deck leaves nobody a
    card to go out on, so the preset is refused. The 2001 deck has no Wild Swap Hands, so
    every kind but that one covers it; the 2015 deck has them, so there it is allowed."""
    with pytest.raises(uno.PresetError) as info:
        uno.load_preset({**go_out(EVERY_KIND_BUT_SWAP), "deck": "blank-112-2001"})
    assert [p.split(":")[0] for p in info.value.problems] == [
        "house_rules.go_out.forbidden_last_cards"
    ]
    assert "blank-112-2001" in info.value.problems[0]
    swap = uno.load_preset({**go_out(EVERY_KIND_BUT_SWAP), "deck": "swap-112-2015"})
    assert swap.house_rules.go_out.forbidden_last_cards
