"""docs/rules.md 1.5 Matching: B5.1-B5.6."""

from __future__ import annotations

import pytest

import uno_rules as uno

from ..helpers import ok, refused, run, table

LEGAL = None


@pytest.mark.parametrize(
    ("top", "color", "play", "outcome"),
    [
        # B5.1: same color
        ("R5", None, "R7", LEGAL),
        ("R5", None, "Rskip", LEGAL),
        ("R5", None, "R+2", LEGAL),
        # B5.1: same number, other color
        ("R5", None, "B5", LEGAL),
        ("G0", None, "Y0", LEGAL),
        # B5.1: neither
        ("R5", None, "B7", ("card-does-not-match", "B5.1")),
        ("R5", None, "G6", ("card-does-not-match", "B5.1")),
        # B5.1 / B5.2: same symbol, other color
        ("Rskip", None, "Bskip", LEGAL),
        ("Rrev", None, "Grev", LEGAL),
        ("R+2", None, "Y+2", LEGAL),
        # B5.2: an action card only on its own color or its own symbol
        ("R5", None, "Bskip", ("card-does-not-match", "B5.2")),
        ("Rskip", None, "Brev", ("card-does-not-match", "B5.2")),
        ("R+2", None, "Bskip", ("card-does-not-match", "B5.2")),
        ("Rrev", None, "G+2", ("card-does-not-match", "B5.2")),
        # a number never matches a symbol by "number"
        ("Rskip", None, "B5", ("card-does-not-match", "B5.1")),
        # B5.5: wild on top: declared color or another wild; no number or symbol to match
        ("W", "blue", "B7", LEGAL),
        ("W", "blue", "Bskip", LEGAL),
        ("W", "blue", "R7", ("card-does-not-match", "B5.1")),
        ("W", "blue", "Rskip", ("card-does-not-match", "B5.2")),
        ("W+4", "green", "G2", LEGAL),
        ("W+4", "green", "Y2", ("card-does-not-match", "B5.1")),
        # B5.6: a resolved Draw Two on top is matched normally
        ("R+2", None, "R+2", LEGAL),
        ("R+2", None, "B+2", LEGAL),
        ("R+2", None, "R3", LEGAL),
        ("R+2", None, "G3", ("card-does-not-match", "B5.1")),
    ],
)
def test_B5_1_B5_2_B5_5_B5_6_matching_table(
    top: str, color: str | None, play: str, outcome: tuple[str, str] | None
) -> None:
    """B5.1: a colored card is legal on the active color, the same number, or the same
    symbol. B5.2: Skip, Reverse, Draw Two only on their own color or symbol. B5.5: on a
    wild, match the declared color or another wild. B5.6: a resolved Draw Two or W+4 on top
    is matched normally."""
    fields = {"color": color} if color else {}
    other = "Y9" if play != "Y9" else "G9"
    state = table([[play, other], 5, 5], ["G1", top], **fields)
    if outcome is LEGAL:
        after = ok(state, f"0 {play}").state
        assert after.top_card == uno.Card.parse(play)
        assert after.color is uno.Card.parse(play).color
    else:
        code, rule = outcome
        v = refused(state, f"0 {play}", code, rule)
        assert v.card == uno.Card.parse(play)
        assert v.top_card == uno.Card.parse(top)


@pytest.mark.parametrize("top", ["R5", "Bskip", "G+2", "Yrev"])
@pytest.mark.parametrize("wild", ["W", "W+4"])
def test_B5_3_wild_on_any_card_even_holding_legal_cards(top: str, wild: str) -> None:
    """B5.3: a Wild may be played on any card, on any turn, even when the player holds other
    legal cards (B5.4: so may a W+4, as a bluff if it breaks the restriction)."""
    same_color = top[0] + "1"
    state = table([[wild, same_color, top], 5, 5], ["R0", top])
    t = ok(state, f"0 {wild} yellow")
    assert t.state.top_card == uno.Card.parse(wild)
    assert t.state.color is uno.Color.YELLOW


def test_B5_3_wild_on_a_wild() -> None:
    """B5.3/B5.5: a wild is legal on a wild whatever the declared color."""
    state = table([["W", "R1"], 5, 5], ["G5", "W+4"], color="blue")
    assert ok(state, "0 W red").state.color is uno.Color.RED


def test_B5_4_bluffed_wild_draw_four_is_legal_and_only_a_challenge_sanctions_it() -> None:
    """B5.4: a W+4 may be played illegally (holding the active color) as a bluff. The only
    sanction is the challenge: the play is accepted; accepting it costs the victim 4."""
    state = table([["W+4", "R3", "R4"], ["B1", "B2"], 5], ["R5"])
    t = ok(state, "0 W+4 blue")
    assert t.state.phase is uno.Phase.PENALTY
    assert t.state.turn == 1
    after = ok(t.state, "1 accept").state
    assert [len(h) for h in after.hands] == [2, 6, 5]
    assert after.turn == 2
    caught = ok(t.state, "1 challenge").state
    assert [len(h) for h in caught.hands] == [6, 2, 5]


def test_B5_6_draw_two_on_a_resolved_draw_two_is_not_stacking() -> None:
    """B5.6 (scenario S04): once a Draw Two's penalty is resolved, the next player to act may
    play a Draw Two on it by symbol; the following player draws 2 (just 2, no stack)."""
    state = table([["R+2", "R9"], ["B1", "B2"], ["B+2", "G1"], ["Y1", "Y2"]], ["R5"])
    state, _ = run(state, "0 R+2", "2 B+2")
    assert [len(h) for h in state.hands] == [1, 4, 1, 4]
    assert state.turn == 0
    assert state.color is uno.Color.BLUE
