"""Finding cards in a hand (``uno_rules.rules.judge``): by identity, one copy at a time.

There is one object per distinct card, so a card is found by ``is``; ``==`` between two
different cards goes through Python-level comparison (cards define an order) and made the
engine's searches in hands several times slower. These helpers decide what a play leaves
in a hand (B5, H09), so their answers are pinned here.
"""

from __future__ import annotations

import pytest

import uno_rules as uno
from uno_rules.rules.judge import holds, position, without

HAND = tuple(uno.parse_cards("R1 G2 R1 W B3"))
R1, G2, W, B3 = (uno.Card.parse(t) for t in ("R1", "G2", "W", "B3"))


def test_position_is_the_first_copy_or_minus_one() -> None:
    assert position(HAND, R1) == 0
    assert position(HAND, W) == 3
    assert position(HAND, B3) == 4
    assert position(HAND, uno.Card.parse("Y9")) == -1
    assert position((), R1) == -1


def test_without_removes_one_copy_of_each_card_in_turn() -> None:
    assert without(HAND, (R1,)) == tuple(uno.parse_cards("G2 R1 W B3"))
    assert without(HAND, (R1, R1)) == tuple(uno.parse_cards("G2 W B3"))
    assert without(HAND, (B3, G2)) == tuple(uno.parse_cards("R1 R1 W"))
    assert without(HAND, ()) == HAND


def test_without_refuses_a_card_not_held() -> None:
    with pytest.raises(ValueError, match="Y9"):
        without(HAND, (uno.Card.parse("Y9"),))
    with pytest.raises(ValueError):
        without(HAND, (R1, R1, R1))  # two copies held, three asked


def test_holds_counts_copies() -> None:
    assert holds(HAND, (W,)) is None
    assert holds(HAND, (uno.Card.parse("Y9"),)) == uno.Card.parse("Y9")
    assert holds(HAND, (R1, R1)) is None
    assert holds(HAND, (R1, R1, R1)) == R1
