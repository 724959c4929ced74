"""Shared helpers for the docs/rules.md scenario tables.

Positions are built with ``uno.situation`` in card notation and moves are given as text.
``ok`` and ``refused`` also check, on every call, that ``apply`` leaves its input unchanged
and that ``validate`` agrees with ``apply`` (docs/reference.md); ``ok`` and ``run`` count the cards
against the 108-card deck, or against the deck a ``deck_of`` function gives for the rules
(``helpers_decks`` passes the 112-card decks of E1).
"""

from __future__ import annotations

import functools
import json
from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any

import uno_rules as uno
from uno_rules.testing import all_cards as all_cards
from uno_rules.testing import check_conserved

COLOR_LETTERS = "RYGB"


def expected_deck() -> Counter[uno.Card]:
    """The 108-card deck exactly as B1.1 describes it (built here, not by the engine)."""
    texts: list[str] = []
    for c in COLOR_LETTERS:
        texts.append(f"{c}0")
        for face in [str(n) for n in range(1, 10)] + ["skip", "rev", "+2"]:
            texts += [f"{c}{face}"] * 2
    texts += ["W"] * 4 + ["W+4"] * 4
    return Counter(uno.Card.parse(t) for t in texts)


DECK = expected_deck()


def cards(text: str) -> tuple[uno.Card, ...]:
    return uno.parse_cards(text)


def card(text: str) -> uno.Card:
    return uno.Card.parse(text)


def rules(**overrides: Any) -> dict[str, Any]:
    """An inline preset: ``official`` with the given top-level overrides."""
    return {"extends": "official", **overrides}


def table(hands: list[Any], discard: list[str], **fields: Any) -> uno.GameState:
    """A situation: ``players`` defaults to the number of hands, ``turn`` to 0."""
    description: dict[str, Any] = {
        "players": len(hands),
        "hands": hands,
        "discard": discard,
        "turn": 0,
    }
    description.update(fields)
    return uno.situation(description)


# The deck the cards of a state's rules must add up to.
DeckOf = Callable[[uno.Rules], Counter[uno.Card]]


def assert_conserved(state: uno.GameState, deck: Counter[uno.Card] | None = None) -> None:
    """B1.4: hands + draw pile + discard pile == the deck multiset (by default the 108-card
    deck; the conformance kit's ``check_conserved``)."""
    check_conserved(state, DECK if deck is None else deck)


def kinds(events: tuple[Any, ...]) -> list[str]:
    return [e.kind for e in events]


def events_of(events: tuple[Any, ...], kind: str) -> list[Any]:
    return [e for e in events if e.kind == kind]


def pending(state: uno.GameState) -> tuple[int, int]:
    """(victim, amount) of the pending penalty, checking that one is pending."""
    assert state.decision is not None and state.decision.kind == "penalty", state
    assert state.penalty is not None
    return state.decision.seat, state.penalty.amount


def drew(events: tuple[Any, ...]) -> list[tuple[int, int]]:
    """(seat, count) of each draw among ``events``."""
    return [(e.seat, e.count) for e in events_of(events, "drew")]


def sizes(state: uno.GameState) -> tuple[int, ...]:
    return tuple(len(h) for h in state.hands)


def _check_untouched(state: uno.GameState, before: Mapping[str, Any]) -> None:
    # (test_api_contract.py also compares with a deep copy; here the snapshot suffices)
    assert uno.dump_state(state) == before, "apply changed its input state"


def ok(state: uno.GameState, move: str, deck_of: DeckOf | None = None) -> uno.Transition:
    """Apply a move that must be legal; return the transition. The cards of the new state
    are counted against ``deck_of(rules)`` (by default the 108-card deck)."""
    before = uno.dump_state(state)
    assert uno.validate(state, move) is None, f"{move!r}: {uno.validate(state, move)}"
    result = uno.apply(state, move)
    assert isinstance(result, uno.Transition), f"{move!r} was refused: {result}"
    _check_untouched(state, before)
    deck = None if deck_of is None else deck_of(result.state.rules)
    assert_conserved(result.state, deck)
    return result


def run(
    state: uno.GameState, *moves: str, deck_of: DeckOf | None = None
) -> tuple[uno.GameState, list[Any]]:
    """Apply several legal moves (``ok``); return the final state and all events."""
    events: list[Any] = []
    for move in moves:
        t = ok(state, move, deck_of)
        state = t.state
        events.extend(t.events)
    return state, events


def refused(state: uno.GameState, move: str, code: str, rule: str | None = None) -> uno.Violation:
    """Apply a move that must be refused with ``code`` (and ``rule`` if given)."""
    before = uno.dump_state(state)
    result = uno.apply(state, move)
    assert isinstance(result, uno.Violation), f"{move!r} was accepted: {result.events}"
    assert result.code == code, f"{move!r}: expected {code}, got {result.code}: {result}"
    if rule is not None:
        assert result.rule == rule, f"{move!r}: expected rule {rule}, got {result.rule}"
    assert str(result), "a violation explains itself in one sentence"
    checked = uno.validate(state, move)
    assert checked is not None and checked.code == code
    _check_untouched(state, before)
    return result


@functools.lru_cache(maxsize=8192)
def _new_game(rules_key: str, players: int, seed: int, dealer: int | None) -> uno.GameState:
    return uno.new_game(json.loads(rules_key), players, seed, dealer)


def new_game(
    rules: Any = "official", players: int = 4, seed: int = 0, dealer: int | None = None
) -> uno.GameState:
    """``uno.new_game``, memoised (states are immutable, so sharing them is safe)."""
    return _new_game(json.dumps(rules, sort_keys=True), players, seed, dealer)


def find_game(
    predicate: Callable[[uno.GameState], bool],
    rules: Any = "official",
    players: int = 4,
    dealer: int | None = None,
    limit: int = 5000,
) -> tuple[int, uno.GameState]:
    """The first seed whose new game satisfies ``predicate``."""
    for seed in range(limit):
        state = new_game(rules, players, seed, dealer)
        if predicate(state):
            return seed, state
    raise AssertionError(f"no seed below {limit} gives the wanted first card")


def first_is(rank: uno.Rank) -> Callable[[uno.GameState], bool]:
    return lambda s: s.discard_pile[0].rank is rank


def number_first(state: uno.GameState) -> bool:
    return state.discard_pile[0].rank.is_number
