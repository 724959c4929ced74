"""docs/rules.md 5, Engine modelling: A60, A61."""

from __future__ import annotations

import pytest

import uno_rules as uno

from ..helpers import events_of, kinds, ok, refused, sizes, table


def test_A60_wild_draw_four_gives_an_explicit_accept_or_challenge_decision() -> None:
    """A60 Default [D]: a W+4 always gives the victim a choice: the draw is an explicit
    Accept (or Challenge) move; nothing is drawn until then."""
    state = table([["W+4", "B1", "B2"], ["Y1", "Y2"], ["G1", "G2"]], ["R5"])
    t = ok(state, "0 W+4 green")
    assert "drew" not in kinds(t.events)
    pending = t.state
    assert pending.phase is uno.Phase.PENALTY
    assert pending.turn == 1
    assert sizes(pending) == (2, 2, 2)
    decisions = {
        m for m in uno.legal_moves(pending) if not isinstance(m, uno.CallUno | uno.CatchUno)
    }
    assert decisions == {uno.Accept(1), uno.Challenge(1)}
    accepted = ok(pending, "1 accept")
    assert "penalty-accepted" in kinds(accepted.events)
    assert sizes(accepted.state) == (2, 6, 2)


def test_A60_draw_two_without_stacking_draws_automatically_in_the_same_transition() -> None:
    """A60: a Draw Two without stacking gives no choice: the draw happens automatically as a
    forced event in the same transition, and the UNO window survives it (A15)."""
    state = table([["R+2", "B1"], ["Y1", "Y2"], ["G1", "G2"]], ["R5"])
    t = ok(state, "0 R+2")
    assert kinds(t.events)[0] == "played"
    drew = events_of(t.events, "drew")
    assert [(e.seat, e.count, e.reason) for e in drew] == [(1, 2, "penalty")]
    assert t.state.phase is uno.Phase.TURN
    assert t.state.turn == 2
    refused(t.state, "1 accept", "no-penalty-pending")
    assert t.state.uno_open == frozenset({0})


def test_A61_declared_color_must_be_one_of_the_four_colors() -> None:
    """A61 [D]: the declared color must be one of the four colors, as part of the play:
    UNO Flip's dark colors (F1) read as colors, and a classic game refuses them (A61)."""
    with pytest.raises(uno.NotationError):
        uno.parse_move("0 W mauve")
    state = table([["W", "B1"], 3], ["R5"])
    refused(state, "0 W purple", "color-not-in-play", "A61")
    refused(state, "0 W", "color-required", "B7.4")


def test_A61_declaring_the_current_color_is_legal() -> None:
    """A61: declaring the current color is legal."""
    state = table([["W", "B1"], 3], ["R5"])
    t = ok(state, "0 W red")
    assert t.state.color is uno.Color.RED
    assert events_of(t.events, "played")[0].color is uno.Color.RED


@pytest.mark.parametrize("move", ["0 R7 blue", "0 B5 red", "0 Rskip green"])
def test_A61_color_only_with_a_wild(move: str) -> None:
    """A61: a color is part of a wild's play only; naming one with a colored card is
    refused (color-not-allowed)."""
    state = table([["R7", "B5", "Rskip"], 3], ["R5"])
    refused(state, move, "color-not-allowed", "A61")
