"""Table descriptions that settle more rulings (docs/formats.md "Table descriptions"): a
pending penalty (A60), eliminated seats (H16, 3.4), an open UNO window (B9.3) and a top
card turned first (``played_by: null``, A27), each checked strictly."""

from __future__ import annotations

from typing import Any

import pytest

import uno_rules as uno


def describe(**fields: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "players": 3,
        "hands": [["G1", "R2"], ["W+4", "B2"], ["Y1", "Y2"]],
        "discard": ["G5"],
    }
    base.update(fields)
    return base


def test_A60_a_described_wild_draw_four_still_waits_and_is_judged() -> None:
    """A60, B8.2: ``penalty`` leaves the Wild Draw Four on top waiting for ``turn``; it is
    judged on its player's hand against the color before it (seat 0 held green: a bluff)."""
    table = uno.situation(
        describe(
            rules="progressive",
            discard=["G5", "W+4"],
            color="red",
            turn=1,
            played_by=0,
            penalty={"previous_color": "green"},
        )
    )
    assert table.decision == uno.Decision("penalty", 1)
    assert table.penalty is not None and table.penalty.amount == 4
    assert {"1 accept", "1 challenge", "1 W+4 blue"} <= {str(m) for m in uno.legal_moves(table)}
    won = uno.apply_or_raise(table, "1 challenge")
    assert won.events[0].kind == "challenge-won"
    assert uno.load_state(uno.dump_state(table)) == table


def test_A60_a_described_stack_total_is_what_the_victim_draws() -> None:
    table = uno.situation(
        describe(rules="family", discard=["G5", "G+2"], turn=2, penalty={"amount": 6})
    )
    taken = uno.apply_or_raise(table, "2 accept")
    assert [e.count for e in taken.events if isinstance(e, uno.CardsDrawn)] == [6]


def test_A60_a_described_no_mercy_draw_ten_needs_no_previous_color() -> None:
    table = uno.situation(
        describe(
            rules="no-mercy",
            hands=[["G1", "R2"], ["B2"], ["Y1", "Y2"]],
            discard=["B5", "W+10"],
            color="red",
            turn=1,
            penalty={"amount": 10},
        )
    )
    assert table.penalty is not None and table.penalty.previous_color is uno.Color.RED
    assert uno.load_state(uno.dump_state(table)) == table


def test_H16_eliminated_seats_are_out_of_the_described_table() -> None:
    table = uno.situation(
        describe(rules="no-mercy", hands=[["G1", "R2"], 0, ["Y1", "Y2"]], eliminated=[1])
    )
    assert table.eliminated == {1} and table.active_seats == (0, 2)
    assert uno.refusal(table, "1 uno").code == "seat-eliminated"
    played = uno.apply_or_raise(table, "0 G1").state
    assert played.turn == 2  # the eliminated seat is passed over (B4.3)
    assert uno.load_state(uno.dump_state(table)) == table


def test_B9_3_an_open_window_can_be_described_and_caught() -> None:
    table = uno.situation(describe(hands=[["G1", "R2"], ["B1"], ["Y1", "Y2"]], uno_open=[1]))
    caught = uno.apply_or_raise(table, "0 catch 1")
    assert caught.events[0] == uno.UnoCaught(0, 1, 2)


def test_A27_a_top_card_turned_first_settles_jump_in_on_initial_flip() -> None:
    """A27: ``played_by: null`` says the top card was turned to start the round, so under
    ``progressive`` (``on_initial_flip: false``) an identical card cannot jump in on it."""
    fields = describe(rules="progressive", hands=[["G1", "R2"], ["G5", "B1"], ["Y1", "Y2"]])
    played = uno.situation(fields)
    assert uno.validate(played, "1 G5") is None
    turned = uno.situation({**fields, "played_by": None})
    refused = uno.refusal(turned, "1 G5")
    assert refused.rule == "A27"
    option = {"extends": "progressive", "house_rules": {"jump_in": {"on_initial_flip": True}}}
    assert (
        uno.validate(uno.situation({**fields, "rules": option, "played_by": None}), "1 G5") is None
    )


@pytest.mark.parametrize(
    ("fields", "problem"),
    [
        ({"eliminated": [1], "hands": [["G1"], 0, ["Y1"]]}, "eliminated: these rules"),
        ({"rules": "no-mercy", "eliminated": [1]}, "hands[1]: seat 1 is eliminated"),
        (
            {"rules": "no-mercy", "eliminated": [0, 1], "hands": [0, 0, ["Y1"]]},
            "at least two seats",
        ),
        ({"rules": "no-mercy", "eliminated": [0], "hands": [0, 2, 2]}, "turn: seat 0"),
        ({"eliminated": "x"}, "eliminated: expected a list of seats"),
        ({"uno_open": [0]}, "uno_open: seat 0 holds 2 cards"),
        ({"uno_open": [7]}, "uno_open: expected a list of seats"),
        (
            {"hands": [["G1"], ["B1"], ["Y1"]], "uno_open": [1], "uno_called": [1]},
            "cannot be caught (A20)",
        ),
        (
            {
                "rules": {"uno": {"enabled": False}},
                "hands": [["G1"], ["B1"], ["Y1"]],
                "uno_open": [1],
            },
            "UNO calls are off",
        ),
        ({"penalty": {"amount": 2}}, "not a draw card"),
        ({"discard": ["G+2"], "penalty": {"amount": 2}}, "drawn at once"),
        ({"rules": "family", "discard": ["G+2"], "penalty": {"amount": 1}}, "less than"),
        ({"rules": "family", "discard": ["G+2"], "penalty": {"amount": "two"}}, "1 to 1000"),
        ({"rules": "family", "discard": ["G+2"], "penalty": {"who": 1}}, "a mapping with"),
        (
            {"rules": "family", "discard": ["G+2"], "penalty": {}, "played_by": None},
            "not turned first",
        ),
        ({"discard": ["W+4"], "color": "red", "penalty": {}}, "previous_color: needed"),
        (
            {"discard": ["W+4"], "color": "red", "penalty": {"previous_color": "pink"}},
            "penalty.previous_color",
        ),
    ],
)
def test_described_extras_are_checked_strictly(fields: dict[str, Any], problem: str) -> None:
    with pytest.raises(uno.SituationError) as caught:
        uno.situation(describe(**fields))
    assert any(problem in p for p in caught.value.problems), caught.value.problems


def flip_table(**fields: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "rules": "flip",
        "players": 3,
        "hands": [["B6/T+5", "G3/O3"], ["R2/W+color", "B1/V5"], 2],
        "discard": ["R9/T4"],
    }
    base.update(fields)
    return base


def test_F1_side_dark_describes_the_same_physical_cards_with_their_dark_faces_in_play() -> None:
    light = uno.situation(flip_table())
    dark = uno.situation(flip_table(side="dark"))
    assert light.side == "light" and dark.side == "dark"
    assert dark.top_card.face == uno.Card.parse("T4") and dark.color is uno.Color.TEAL
    assert dark.hands[0] == tuple(c.flipped for c in light.hands[0])
    assert uno.situation(flip_table(side="light")) == light  # the default
    # every card of the state shows the dark side, and they are the whole deck, once each
    held = [*(c for h in dark.hands for c in h), *dark.draw_pile, *dark.discard_pile]
    assert all(c.dark for c in held) and len(held) == 112
    # and it plays as a dark table: the Draw Five makes seat 1 draw 5
    played = uno.apply_or_raise(dark, "0 T+5")
    assert [e.count for e in played.events if isinstance(e, uno.CardsDrawn)] == [5]
    assert uno.load_state(uno.dump_state(dark)) == dark


def test_F1_a_dark_table_takes_a_dark_color_for_a_wild_on_top() -> None:
    table = uno.situation(flip_table(side="dark", discard=["R9/T4", "R8/W"], color="purple"))
    assert table.color is uno.Color.PURPLE
    with pytest.raises(uno.SituationError) as caught:
        uno.situation(flip_table(side="dark", discard=["R9/T4", "R8/W"], color="red"))
    assert caught.value.problems == ["color: red is not a color of the dark side in play (F1)"]


def test_F1_side_is_refused_on_one_sided_cards_and_must_be_light_or_dark() -> None:
    with pytest.raises(uno.SituationError) as caught:
        uno.situation(describe(side="dark"))
    assert [p.split(":")[0] for p in caught.value.problems] == ["side"]
    assert "one-sided" in caught.value.problems[0]
    with pytest.raises(uno.SituationError) as caught:
        uno.situation(flip_table(side="grey"))
    assert caught.value.problems == ["side: expected light or dark, got 'grey'"]
