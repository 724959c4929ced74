"""H09 Several cards in one turn (doubles, chains), with A59 (section 5)."""

from __future__ import annotations

from typing import Any

import pytest

import uno_rules as uno

from ..helpers import card, cards, events_of, kinds, ok, refused, rules, sizes, table


def multi(**params: Any) -> dict[str, Any]:
    """``official`` with H09 multi-card on, with ``params``."""
    return rules(house_rules={"multi_card": {"enabled": True, **params}})


HAND = ["B5", "B5", "G5", "G6", "Bskip", "Bskip", "Gskip", "B+2", "W", "W", "Y1"]


def play(option: Any, hand: list[str] | None = None, **fields: Any) -> uno.GameState:
    fields.setdefault("draw_pile", ["R1", "R2", "R3", "R4", "R6"])
    return table(
        [hand or HAND, ["Y2", "Y3"], ["Y4", "Y6"], ["Y7", "Y8"]], ["B3"], **fields, rules=option
    )


TABLE = [
    ("same_number_same_color", "0 B5 B5", None),
    ("same_number_same_color", "0 B5 G5", "cannot-combine"),
    ("same_number_same_color", "0 Bskip Bskip", "cannot-combine"),
    ("same_number_any_color", "0 B5 G5", None),
    ("same_number_any_color", "0 B5 B5 G5", None),
    ("same_number_any_color", "0 B5 G6", "cannot-combine"),
    ("same_number_any_color", "0 Bskip Gskip", "cannot-combine"),
    ("same_rank_any_color", "0 Bskip Gskip", None),
    ("same_rank_any_color", "0 Bskip Bskip Gskip", None),
    ("same_rank_any_color", "0 B5 G5", None),
    ("same_rank_any_color", "0 B5 G6", "cannot-combine"),
    ("same_rank_any_color", "0 B+2 Bskip", "cannot-combine"),
    ("same_number_same_color", "0 W W red", "cannot-combine"),
    ("same_number_any_color", "0 W W red", "cannot-combine"),
    ("same_rank_any_color", "0 W W red", "cannot-combine"),
]


@pytest.mark.parametrize(("mode", "move", "code"), TABLE)
def test_H09_modes_accept_and_refuse(mode: str, move: str, code: str | None) -> None:
    """H09 `mode`: `same_number_same_color` (identical number cards), `same_number_any_color`
    (number cards of one number), `same_rank_any_color` (action cards too); "later cards must
    share the rank"; wilds are never combined [D]."""
    state = play(multi(mode=mode))
    if code is None:
        t = ok(state, move)
        played = uno.parse_move(move)
        assert isinstance(played, uno.Play)
        n = 1 + len(played.extra)
        assert [e.card for e in events_of(t.events, "played")] == [played.card, *played.extra]
        assert sizes(t.state)[0] == len(HAND) - n
        assert t.state.discard_pile[-n:] == (played.card, *played.extra)
    else:
        v = refused(state, move, code, "H09")
        assert v.card == uno.parse_move(move).card


@pytest.mark.parametrize("move", ["0 B5 G5", "0 B5 B5", "0 Bskip Gskip"])
def test_H09_off_one_card_per_turn(move: str) -> None:
    """H09 `mode: off` (official, B4.5): several cards are refused with one-card-per-turn."""
    refused(play("official"), move, "one-card-per-turn", "B4.5")


def test_H09_first_card_must_match() -> None:
    """H09 `first_card_must_match`: the first card must be a legal play; G5 does not match B3,
    so G5 B5 is refused even though B5 would match."""
    state = play(multi(mode="same_number_any_color"))
    refused(state, "0 G5 B5", "card-does-not-match")
    refused(state, "0 G6 B5", "card-does-not-match")
    assert ok(state, "0 B5 G5").state.top_card == card("G5")


@pytest.mark.parametrize(
    ("mode", "move", "top", "color"),
    [
        ("same_number_any_color", "0 B5 G5", "G5", uno.Color.GREEN),
        ("same_number_any_color", "0 B5 G5 B5", "B5", uno.Color.BLUE),
        ("same_rank_any_color", "0 Bskip Gskip", "Gskip", uno.Color.GREEN),
    ],
)
def test_H09_active_color_is_the_last_cards_color(
    mode: str, move: str, top: str, color: uno.Color
) -> None:
    """H09 `active_color`: the last card's color."""
    t = ok(play(multi(mode=mode)), move)
    assert t.state.top_card == card(top)
    assert t.state.color is color


SKIPS = ["Bskip", "Gskip", "Y1", "Y2"]
REVERSES = ["Brev", "Grev", "Y1", "Y2"]
DRAW_TWOS = ["B+2", "G+2", "Y1", "Y2"]


@pytest.mark.parametrize("effects", ["each_applies", "last_only"])
def test_H09_two_skips(effects: str) -> None:
    """H09 `effects`: under `each_applies` "k Skips skip k players"; under `last_only` only the
    last card's effect applies."""
    option = multi(mode="same_rank_any_color", effects=effects)
    t = ok(play(option, SKIPS), "0 Bskip Gskip")
    skipped = [1, 2] if effects == "each_applies" else [1]
    assert [e.seat for e in events_of(t.events, "skipped")] == skipped
    assert t.state.turn == len(skipped) + 1
    assert t.state.direction == 1


@pytest.mark.parametrize("effects", ["each_applies", "last_only"])
def test_H09_two_reverses(effects: str) -> None:
    """H09 `effects`: under `each_applies` "an even number of Reverses cancel out" (seat 1
    plays next, clockwise); under `last_only` one Reverse applies (seat 3, counter-clockwise)."""
    option = multi(mode="same_rank_any_color", effects=effects)
    t = ok(play(option, REVERSES), "0 Brev Grev")
    if effects == "each_applies":
        assert "reversed" not in kinds(t.events)
        assert t.state.direction == 1
        assert t.state.turn == 1
    else:
        assert [e.direction for e in events_of(t.events, "reversed")] == [-1]
        assert t.state.direction == -1
        assert t.state.turn == 3


def test_H09_three_reverses_each_applies_reverse_once() -> None:
    """H09 `each_applies`: an odd number of Reverses reverses the direction."""
    option = multi(mode="same_rank_any_color")
    t = ok(play(option, ["Brev", "Grev", "Yrev", "Y1"]), "0 Brev Grev Yrev")
    assert t.state.direction == -1
    assert t.state.turn == 3


@pytest.mark.parametrize(("effects", "drawn"), [("each_applies", 4), ("last_only", 2)])
def test_H09_two_draw_twos(effects: str, drawn: int) -> None:
    """H09 `effects`: under `each_applies` "Draw Twos add up" (the next player draws 4 and is
    skipped); under `last_only` the next player draws 2."""
    option = multi(mode="same_rank_any_color", effects=effects)
    t = ok(play(option, DRAW_TWOS), "0 B+2 G+2")
    assert [(e.seat, e.count) for e in events_of(t.events, "drew")] == [(1, drawn)]
    assert t.state.hands[1] == cards("Y2 Y3") + cards("R1 R2 R3 R4")[:drawn]
    assert [e.seat for e in events_of(t.events, "skipped")] == [1]
    assert t.state.turn == 2
    assert t.state.color is uno.Color.GREEN


def test_H09_seven_o_sevens_and_zeros_take_effect_once() -> None:
    """H09 module [D]: "a 7 or 0 under Seven-O takes effect once": two 7s make one swap (the
    target is still required), two 0s one rotation."""
    option = rules(
        house_rules={
            "multi_card": {"enabled": True, "mode": "same_number_any_color"},
            "seven_o": {"enabled": True},
        }
    )
    state = table(
        [["B7", "G7", "B0", "G0", "Y1"], ["Y2", "Y3"], ["Y4", "Y6", "Y8"], ["Y7"]],
        ["B3"],
        rules=option,
    )
    refused(state, "0 B7 G7", "target-required", "A31")
    swapped = ok(state, "0 B7 G7 >2")
    assert len(events_of(swapped.events, "hands-swapped")) == 1
    assert swapped.state.hands[0] == cards("Y4 Y6 Y8")
    assert swapped.state.hands[2] == cards("B0 G0 Y1")
    rotated = ok(state, "0 B0 G0")
    assert len(events_of(rotated.events, "hands-rotated")) == 1
    assert rotated.state.hands[1] == cards("B7 G7 Y1")
    assert rotated.state.hands[0] == cards("Y7")


# -- A59 -------------------------------------------------------------------------------


def test_A59_uno_required_when_the_play_leaves_exactly_one_card() -> None:
    """A59 / H09: "the duty applies when the play leaves exactly one card": B5 G5 from three
    cards is a next-to-last play; the call is made with it, or the player can be caught."""
    option = multi(mode="same_number_any_color")
    state = play(option, ["B5", "G5", "R1"])
    called = ok(state, "0 B5 G5 uno")
    assert kinds(called.events) == ["played", "played", "uno-called"]
    assert called.state.uno_called == frozenset({0})
    assert called.state.hands[0] == cards("R1")
    refused(called.state, "1 catch 0", "nothing-to-catch")
    silent = ok(state, "0 B5 G5").state
    assert silent.uno_open == frozenset({0})
    caught = ok(silent, "2 catch 0")
    assert caught.state.hands[0] == cards("R1 R1 R2")


def test_A59_no_call_when_the_play_leaves_more_than_one_card() -> None:
    """A59: B5 G5 from four cards leaves two: no UNO is due, and the call is refused."""
    state = play(multi(mode="same_number_any_color"), ["B5", "G5", "R1", "R2"])
    refused(state, "0 B5 G5 uno", "cannot-call-uno")
    assert ok(state, "0 B5 G5").state.uno_open == frozenset()


def test_A59_going_out_with_several_cards() -> None:
    """H09 / B10.1: playing the whole hand at once goes out."""
    state = play(multi(mode="same_number_any_color"), ["B5", "G5"])
    t = ok(state, "0 B5 G5")
    assert t.state.round_over
    assert t.state.round_winner == 0


SEVENS = ["R7", "R7", "B7", "B7", "G7", "G7", "Y7", "Y7"]


def test_H09_every_order_of_the_further_cards_is_listed_once() -> None:
    """H09: the further cards go down in the order the player gives, so each distinct order
    is its own legal move, listed once however many identical copies the hand holds. On
    a red 4 only the red 7s lead; the other seven 7s follow in any order and number."""
    from itertools import permutations

    state = table([SEVENS, ["Y2", "Y3"]], ["R4"], rules=multi(mode="same_number_any_color"))
    led = [
        m
        for m in uno.legal_moves(state)
        if isinstance(m, uno.Play) and m.card == card("R7") and not m.call_uno
    ]
    listed = [m.extra for m in led]
    others = tuple(cards("R7 B7 B7 G7 G7 Y7 Y7"))
    expected = list(dict.fromkeys(p for n in range(8) for p in permutations(others, n)))
    assert listed == expected
    assert all(isinstance(m, uno.Play) and m.card.rank is uno.Rank.SEVEN for m in led)
    assert len(listed) == 1_841  # the distinct orders of 0 to 7 of {R7, B7 x2, G7 x2, Y7 x2}


def test_H09_copies_are_counted_against_each_hand() -> None:
    """B4.4 with H09: a play names each copy it puts down; a hand with one blue 5 cannot
    play two, and a hand with two can (checked one after the other, so that what was
    counted for one hand is never used for the other)."""
    option = multi(mode="same_number_same_color")
    one = play(option, ["B5", "R1", "R2"])
    two = play(option, ["B5", "B5", "R1"])
    refused(one, "0 B5 B5", "card-not-in-hand")
    ok(two, "0 B5 B5")
    refused(one, "0 B5 B5", "card-not-in-hand")
    refused(two, "0 B5 B5 B5", "card-not-in-hand")
    ok(two, "0 B5 B5")
