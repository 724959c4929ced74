"""The conformance kit catches a broken engine: each check of ``uno_rules.testing`` is
given a fault (an engine function replaced by a wrong one, or a state that breaks an
invariant) and must raise ConformanceError naming it. A kit whose checks could not fail
would vouch for anything."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

import uno_rules as uno
import uno_rules.testing as kit
from uno_rules.moves import Draw, Play


def table() -> uno.GameState:
    return uno.situation(
        {"players": 3, "hands": [["R7", "B6", "W"], 3, 3], "discard": ["R5"], "seed": 4}
    )


def test_cards_not_conserved_are_caught() -> None:
    state = table()
    deck = Counter(kit.deck_of(state.rules))
    deck[uno.Card.parse("R7")] += 1
    with pytest.raises(kit.ConformanceError, match="cards not conserved"):
        kit.check_conserved(state, deck)


def _listing(fault: str) -> Callable[..., Any]:
    real = uno.legal_moves
    calls = {"n": 0}

    def wrong(state: uno.GameState, seat: Any = None) -> tuple[Any, ...]:
        moves = real(state, seat)
        calls["n"] += 1
        if fault == "twice":
            return moves + moves[:1]
        if fault == "unstable":
            return moves if calls["n"] % 2 else tuple(reversed(moves))
        if fault == "other seat":
            return (*moves, Draw((state.turn + 1) % state.players)) if moves else moves
        if fault == "refused":
            return (*moves, Play(state.turn, uno.Card.parse("G9"))) if moves else moves
        return moves

    return wrong


@pytest.mark.parametrize(
    ("fault", "said"),
    [
        ("twice", "lists a move twice"),
        ("unstable", "answers differently when asked again"),
        ("other seat", "is another seat's"),
        ("refused", "is refused"),
    ],
)
def test_a_wrong_listing_is_caught(monkeypatch: pytest.MonkeyPatch, fault: str, said: str) -> None:
    monkeypatch.setattr(kit, "legal_moves", _listing(fault))
    with pytest.raises(kit.ConformanceError, match=said):
        kit.check_listed_moves(table())


def test_a_listing_that_differs_from_the_definition_is_caught(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(kit, "legal_moves", lambda state, seat=None: ())
    with pytest.raises(kit.ConformanceError, match="differs from reference_legal_moves"):
        kit.check_fast_paths(table())


def test_validate_and_apply_disagreeing_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(kit, "validate", lambda state, move: None)  # accepts everything
    with pytest.raises(kit.ConformanceError, match="validate says None"):
        kit.check_move(table(), "0 G9")


def test_a_move_that_changes_its_input_state_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    dumps = iter([{"a": 1}, {"a": 2}])
    monkeypatch.setattr(kit, "dump_state", lambda state: next(dumps))
    with pytest.raises(kit.ConformanceError, match="changed the input state"):
        kit.check_move(table(), "0 R7")


def test_a_move_of_a_seat_the_table_lacks_that_applies_is_caught(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    real_apply = kit.apply
    monkeypatch.setattr(kit, "validate", lambda state, move: None)
    monkeypatch.setattr(
        kit, "apply", lambda state, move: real_apply(state, Play(0, uno.Card.parse("R7")))
    )
    with pytest.raises(kit.ConformanceError, match="not one of the table's"):
        kit.check_move(table(), "7 R7")


def test_a_snapshot_that_does_not_survive_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    other = uno.new_game("official", players=3, seed=99)
    monkeypatch.setattr(kit, "load_state", lambda data: other)
    with pytest.raises(kit.ConformanceError, match="does not survive"):
        kit.check_state(table())


def test_a_flip_listing_that_names_backs_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """F14: the kit refuses a listing that writes a seat's own card as ``LIGHT/DARK``."""
    state = uno.situation(
        {
            "rules": "flip",
            "players": 2,
            "hands": [["R5/Orev", "R1/P1"], ["B6/T+5", "Y1/O8"]],
            "discard": ["R9/T4"],
        }
    )
    kit.check_listed_moves(state)  # the engine's own listing passes
    hand = state.hands[0]
    monkeypatch.setattr(
        kit,
        "legal_moves",
        lambda state, seat=None: (Play(0, hand[0]), Draw(0)) if seat in (0, None) else (),
    )
    with pytest.raises(kit.ConformanceError, match="names a back"):
        kit.check_listed_moves(state)
