"""Finding 7: move objects were not checked when built: ``Play(0, None)`` and
``Play(1, 5)`` were accepted and ``apply`` then raised ``AttributeError``. Every move now
checks its fields when built, with a ``TypeError`` (wrong type) or a ``NotationError``
(unreadable text) that says what was expected."""

from __future__ import annotations

from typing import Any

import pytest

import uno_rules as uno
from uno_rules.cards import DARK_COLORS, Card


@pytest.mark.parametrize(
    ("build", "words"),
    [
        (lambda: uno.Play(0, None), "a card must be"),
        (lambda: uno.Play(1, 5), "a card must be"),
        (lambda: uno.Play("0", "R5"), "a seat must be an int"),
        (lambda: uno.Play(None, "R5"), "a seat must be an int"),
        (lambda: uno.Play(True, "R5"), "a seat must be an int"),
        (lambda: uno.Play(0.0, "R5"), "a seat must be an int"),
        (lambda: uno.Play(0, "W", color=3), "a color must be"),
        (lambda: uno.Play(0, "R7", target="1"), "a target must be"),
        (lambda: uno.Play(0, "R5", call_uno=1), "call_uno must be"),
        (lambda: uno.Play(0, "R5", extra=5), "extra must be"),
        (lambda: uno.Play(0, "R5", extra=(None,)), "a card must be"),
        (lambda: uno.Draw("me"), "a seat must be an int"),
        (lambda: uno.Pass(None), "a seat must be an int"),
        (lambda: uno.Accept([0]), "a seat must be an int"),
        (lambda: uno.Challenge(1.5), "a seat must be an int"),
        (lambda: uno.CallUno(b"0"), "a seat must be an int"),
        (lambda: uno.CatchUno(0, None), "a seat must be an int"),
        (lambda: uno.ChooseColor(0, None), "a color must be named"),
        (lambda: uno.ChooseColor(0, 2), "a color must be"),
    ],
)
def test_a_field_of_the_wrong_type_is_a_type_error(build: Any, words: str) -> None:
    with pytest.raises(TypeError, match=words):
        build()


@pytest.mark.parametrize(
    "build",
    [
        lambda: uno.Play(0, "Q9"),
        lambda: uno.Play(0, "W", color="mauve"),
        lambda: uno.Play(0, "R5", extra="R5 Z"),
        lambda: uno.ChooseColor(0, "mauve"),
    ],
)
def test_unreadable_text_is_a_notation_error(build: Any) -> None:
    with pytest.raises(uno.NotationError):
        build()


def test_good_moves_are_built_as_before() -> None:
    assert uno.Play(0, "R5") == uno.Play(0, Card.parse("R5"))
    assert uno.Play(0, "W", color="r").color is uno.Color.RED
    assert uno.Play(0, "R5", extra=["R5"]).extra == (Card.parse("R5"),)
    assert uno.Play(0, "R5", extra="R5").extra == (Card.parse("R5"),)
    assert str(uno.Play(2, "R7", target=1, call_uno=True)) == "2 R7 >1 uno"
    assert uno.ChooseColor(1, uno.Color.BLUE) == uno.parse_move("1 color blue")
    assert uno.CatchUno(0, 2) == uno.parse_move("0 catch 2")


@pytest.mark.parametrize("word", ["teal", "Teal", "T", "purple", "V", "pink", "orange"])
def test_a_color_of_either_side_reads_as_its_member_does(word: str) -> None:
    """API 2: Color parsing accepts every member's value (the dark side's too, F1), and a
    move built from the word equals the one built from the member; which colors a wild may
    name is the engine's ruling, not a text error."""
    color = uno.Color.parse(word)
    assert color in DARK_COLORS
    assert uno.Play(0, "W", color=word) == uno.Play(0, "W", color=color)
    assert uno.ChooseColor(0, word) == uno.ChooseColor(0, color)
    move = uno.Play(0, "W", color=word)
    assert uno.parse_move(str(move)) == move
    table = uno.situation({"players": 2, "hands": [["W", "R1"], 3], "discard": ["R5"]})
    refusal = uno.apply(table, move)
    assert isinstance(refusal, uno.Violation)
    assert (refusal.code, refusal.rule) == ("color-not-in-play", "A61")


def test_a_seat_out_of_range_is_a_violation_not_an_exception() -> None:
    state = uno.new_game("official", players=2, seed=1)
    result = uno.apply(state, uno.Draw(7))
    assert isinstance(result, uno.Violation) and result.code == "unknown-seat"
