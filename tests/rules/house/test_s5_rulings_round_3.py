"""Rulings, round 3: the smaller disputes (A19 with ``uno.applies_after_transfer: false``,
E3.3 ``discard_wilds`` and its docs, the clause a waiting Draw Two cites under H01, and the
wording of an H01 refusal)."""

from __future__ import annotations

from collections import Counter

import uno_rules as uno

from ..helpers import events_of, ok, refused, table
from ..helpers_decks import expected_deck


def test_A19_off_a_swapped_single_card_is_not_too_late_but_not_catchable() -> None:
    """A19 with ``applies_after_transfer: false``: a seat left with one card by a 7 swap
    cannot be caught, and the refusal says why (rule A19), not that the next player has
    begun a turn: nobody has acted since the swap."""
    option = {"extends": "progressive", "uno": {"applies_after_transfer": False}}
    state = table([["R7", "G1", "G2"], ["B1"], ["Y1", "Y2"]], ["R3"], rules=option, uno_called=[1])
    swapped = ok(state, "0 R7 >1").state
    assert len(swapped.hands[0]) == 1 and 0 not in swapped.uno_open
    violation = refused(swapped, "1 catch 0", "uno-window-closed", "A19")
    assert "begun their turn" not in str(violation)
    assert "swap" in str(violation)


def test_A19_off_a_hand_given_by_a_wild_swap_hands_is_not_too_late_either() -> None:
    """A19, E4: the same for the seat handed a single card by a Wild Swap Hands."""
    option = {"extends": "official-2015", "uno": {"applies_after_transfer": False}}
    state = table([["WSW", "G1"], ["B1", "B2"], ["Y1", "Y2"]], ["B3"], rules=option)
    swapped = ok(state, "0 WSW red >1", deck_of=expected_deck).state
    assert swapped.hands[1] == uno.parse_cards("G1")
    refused(swapped, "2 catch 1", "uno-window-closed", "A19")


def test_B9_4_a_window_closed_by_a_turn_keeps_its_reason_with_A19_off() -> None:
    """B9.4: with A19 off, a seat that got down to one card by its own play and was not
    caught before the next turn action is still refused as too late (rule B9.4)."""
    option = {"extends": "official", "uno": {"applies_after_transfer": False}}
    state = table([["G1", "G2"], ["G3", "G4"], ["Y1", "Y2"]], ["G5"], rules=option)
    state = ok(ok(state, "0 G1").state, "1 G3").state
    violation = refused(state, "2 catch 0", "uno-window-closed", "B9.4")
    assert "begun their turn" in str(violation)


def test_E3_3_discard_wilds_takes_every_wild_kind_as_the_docs_say() -> None:
    """E3.3 ``discard_wilds`` (docs/house-rules.md, Wild Customizable): every other seat
    puts all its wild cards under the pile, a Wild Swap Hands included."""
    option = {"extends": "official-2015", "extra_cards": {"wild_customizable": {}}}
    option["extra_cards"]["wild_customizable"] = {"effect": "discard_wilds"}
    state = table([["WC", "R1"], ["WSW", "W", "G2"], ["Y1", "Y2"]], ["R5"], rules=option)
    t = ok(state, "0 WC red", deck_of=expected_deck)
    assert t.state.hands[1] == uno.parse_cards("G2")
    found = {e.seat: Counter(e.cards) for e in events_of(t.events, "wilds-discarded")}
    assert found == {1: Counter(uno.parse_cards("WSW W"))}


def test_H01_a_draw_two_that_waits_for_a_stack_cites_H01() -> None:
    """H01 (A60): under ``family`` a Draw Two leaves its victim a stacking decision, so the
    ruling cites H01, not B7.3's "draws two and loses the turn"; under ``official``, and
    for a Draw Two that goes out (B10.3), the draw is taken at once and B7.3 applies."""
    hands = [["G+2", "G1"], ["B1", "B2"], ["Y1", "Y2"]]
    family = uno.rule_on(table(hands, ["G3"], rules="family"), "0 G+2")
    assert family.legal and family.clause == "H01"
    assert "Stacking" in family.text
    official = uno.rule_on(table(hands, ["G3"], rules="official"), "0 G+2")
    assert official.clause == "B7.3"
    out = uno.rule_on(table([["G+2"], *hands[1:]], ["G3"], rules="family"), "0 G+2")
    assert out.clause == "B7.3"


def test_H01_a_refused_stack_reads_once_and_names_no_setting_key() -> None:
    """H01: "A Wild Draw Four cannot be stacked: ..." does not say it twice and does not
    name the ``plus4_on_plus2`` key, which people at a table do not know."""
    state = table([["G+2", "G1"], ["W+4", "B2"], ["Y1", "Y2"]], ["G3"], rules="progressive")
    state = ok(state, "0 G+2").state
    text = str(refused(state, "1 W+4 red", "cannot-stack", "H01"))
    assert text.count("stack") == 1
    assert "plus4_on_plus2" not in text
    assert "green Draw Two" in text
    text = str(refused(state, "1 B2", "cannot-stack", "H01"))
    assert text.count("blue 2") == 1, text
