"""docs/rules.md 1.11 The draw pile runs out: B11.1-B11.3. (A43-A45 and on_blocked are in
test_s5_piles.py.)"""

from __future__ import annotations

from collections import Counter

import uno_rules as uno

from ..helpers import card, events_of, kinds, ok, refused, sizes, table


def empty_draw(discard: list[str], color: str | None = None) -> uno.GameState:
    """Seat 0 (B7, G2) must draw on R5/wild; the draw pile is used up."""
    fields = {"color": color} if color else {}
    return table([["B7", "G2"], 20, 20], discard, draw_pile_size=0, **fields)


def test_B11_1_used_up_draw_pile_is_rebuilt_from_the_discard_pile() -> None:
    """B11.1: if the draw pile is used up, the discard pile is reshuffled into a new draw pile,
    and play continues."""
    state = empty_draw(["R1", "R2", "R5"])
    assert state.draw_pile_size == 0
    under = Counter(state.discard_pile[:-1])
    t = ok(state, "0 draw")
    assert kinds(t.events)[0] == "reshuffled"
    assert events_of(t.events, "drew")[0].count == 1
    after = t.state
    assert sizes(after)[0] == 3
    assert after.draw_pile_size == len(state.discard_pile) - 2
    assert Counter(after.draw_pile) + Counter([after.hands[0][-1]]) == under
    assert after.phase is uno.Phase.DRAWN


def test_B11_1_empty_draw_pile_with_a_reshufflable_discard_pile_is_no_reason_to_pass() -> None:
    """B11.1 with B6.6: while the discard pile can be reshuffled a card can still be drawn,
    so passing without drawing is refused."""
    refused(empty_draw(["R1", "R2", "R5"]), "0 pass", "must-play-or-draw", "B6.6")


def test_B11_2_top_card_is_kept() -> None:
    """B11.2 [D]: keep the top card and keep playing on it."""
    state = empty_draw(["R1", "R2", "R5"])
    after = ok(state, "0 draw").state
    assert after.discard_pile == (card("R5"),)
    assert after.color is uno.Color.RED


def test_B11_2_declared_color_of_a_wild_on_top_is_kept() -> None:
    """B11.2 [D]: keep the declared color of a wild on top."""
    state = empty_draw(["R1", "G2", "W"], color="yellow")
    after = ok(state, "0 draw").state
    assert after.discard_pile == (card("W"),)
    assert after.color is uno.Color.YELLOW
    assert ok(after, "0 pass").state.color is uno.Color.YELLOW


def test_B11_3_both_piles_exhausted_nothing_to_draw() -> None:
    """B11.3 / A44: with only the top card left, nothing can be drawn: a draw is refused with
    nothing-to-draw."""
    state = table([["B7", "G2"], 53, 52], ["R5"], draw_pile_size=0)
    assert len(state.discard_pile) == 1
    v = refused(state, "0 draw", "nothing-to-draw")
    assert v.rule == "A44"
