"""Refused UNO Flip snapshots left their card objects behind: every two-sided card a
snapshot named (any light face with any dark face, either side up) was interned for the
process's life, so a service reading tampered snapshots grew without bound (1.6 M objects,
567 MB after a run of them). Only the bundled decks' two-sided cards are kept for good; a
pairing no deck prints lives while something holds it, one object all the same."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

import uno_rules as uno
from uno_rules.cards import Card, deck_cards


def _faces() -> tuple[list[str], list[str]]:
    deck = deck_cards("flip-112")
    light = sorted({str(c.face) for c in deck})
    dark = sorted({str(c.other) for c in deck})
    return light, dark


def _held() -> int:
    return len(Card._interned) + len(getattr(Card, "_loose", ()))


def _off_deck_pairings() -> list[str]:
    """Every pairing of a light face with a dark face that the Flip deck does not print."""
    light, dark = _faces()
    printed = {str(c) for c in deck_cards("flip-112")}
    return [f"{a}/{b}" for a, b in itertools.product(light, dark) if f"{a}/{b}" not in printed]


def test_refused_flip_snapshots_leave_no_cards_behind() -> None:
    pairings = _off_deck_pairings()
    assert len(pairings) > 2_500
    snapshot: dict[str, Any] = uno.dump_state(uno.new_game("flip", players=4, seed=3))
    kept = Card.parse(pairings[0])  # held here: the same object throughout
    before = _held()
    refused = 0
    for side in ("light", "dark"):  # a dark snapshot reads its cards dark side up
        for at in range(0, len(pairings), 28):
            tampered = dict(snapshot, side=side)
            chunk = pairings[at : at + 28]
            tampered["hands"] = [chunk[k::4] for k in range(4)]
            with pytest.raises(uno.SituationError):
                uno.load_state(tampered)
            refused += 1
    assert refused > 200
    # about 5,600 distinct cards named, none of them held: at most one sweep's worth stays
    # (every one of them stayed before)
    assert _held() - before <= 4_096
    assert Card.parse(pairings[0]) is kept and str(kept) == pairings[0]
    assert Card.parse(pairings[0]).flipped is Card.parse(pairings[0]).flipped


def test_a_pairing_no_deck_prints_is_one_object_while_held() -> None:
    """Identity is equality: a card of no deck compares and hashes as every card does, for
    as long as anything holds it, across the sweeps that drop the others."""
    pairings = _off_deck_pairings()
    held = [Card.parse(text) for text in pairings[:50]]
    for text in pairings * 2:  # enough cards for sweeps, none of them kept
        Card.parse(text).flipped  # noqa: B018 - made, then dropped
    assert [Card.parse(text) for text in pairings[:50]] == held
    assert all(Card.parse(t) is c for t, c in zip(pairings[:50], held, strict=True))
    assert sorted(held) == sorted(reversed(held))  # a total order, without a cache of them
    deck = deck_cards("flip-112")
    assert all(Card.parse(str(c)) is c for c in deck)  # the deck's cards: kept for good
