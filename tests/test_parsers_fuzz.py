"""Fuzzing the readers: every input either reads or raises exactly its documented error.

- ``Card.parse``, ``parse_cards``, ``parse_move``: a value or :class:`uno.NotationError`;
- ``situation``, ``load_state``: a state or :class:`uno.SituationError` (a
  ``NotationError`` or ``PresetError`` escaping from them is a bug: a bad card or bad rules
  inside a table are problems of the table);
- ``load_preset``: rules or :class:`uno.PresetError`.

Never any other exception. Inputs are random text and JSON junk, and near-valid inputs
(real cards, moves, tables, snapshots and presets) with random mutations. Whatever is
accepted must be sound: a text that parses round-trips through its canonical form, an
accepted table or snapshot holds exactly the deck and survives ``dump_state``/``load_state``,
accepted rules survive ``to_dict``/``load_preset``.
"""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path
from types import FunctionType
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import uno_rules as uno
from budget import examples
from uno_rules import testing
from uno_rules.cards import COLORS, KINDS, Card, Rank, classic_deck, parse_color

FUZZ = settings(
    deadline=None,
    max_examples=examples(50),
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
FUZZ_SLOW = settings(FUZZ, max_examples=examples(30))

DECK = Counter(classic_deck())
FACES: tuple[Card, ...] = tuple(
    [Card(c, r) for c in COLORS for r in KINDS if not r.is_wild]
    + [Card(None, r) for r in KINDS if r.is_wild]
)
LONG_RANKS = {Rank.SKIP: "skip", Rank.REVERSE: "reverse", Rank.DRAW_TWO: "draw2"}

# --------------------------------------------------------------------------- strategies

scalars = (
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=12)
)
json_junk = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
# non-JSON Python values a caller might pass by mistake
odd_values = st.sampled_from([b"R5", bytearray(b"0 draw"), (1, 2), {1, 2}, object(), 1.5j, ...])
junk = json_junk | odd_values

card_texts = st.sampled_from([str(c) for c in FACES])
NOTATION_ALPHABET = "RYGBWrygbwPp0123456789+-skiprevdrawlnkcuoSHCDAE >,_\t\n\x00é٣"


@st.composite
def mutated_text(draw: st.DrawFn, base: st.SearchStrategy[str]) -> str:
    """A text with a few random character edits: insert, delete, replace, change case."""
    text = list(draw(base))
    for _ in range(draw(st.integers(1, 3))):
        op = draw(st.sampled_from(["insert", "delete", "replace", "case"]))
        at = draw(st.integers(0, len(text)))
        char = draw(st.sampled_from(NOTATION_ALPHABET) | st.characters())
        if op == "insert":
            text.insert(at, char)
        elif text and at < len(text):
            if op == "delete":
                del text[at]
            elif op == "replace":
                text[at] = char
            else:
                text[at] = text[at].swapcase()
    return "".join(text)


seats = st.integers(0, 999_999)
colors = st.sampled_from(COLORS)
cards = st.sampled_from(FACES)


@st.composite
def moves(draw: st.DrawFn) -> uno.Move:
    """Any move of any class, with any field values the notation can write."""
    cls = draw(
        st.sampled_from(
            [
                uno.Play,
                uno.Draw,
                uno.Pass,
                uno.CallUno,
                uno.CatchUno,
                uno.Challenge,
                uno.Accept,
                uno.ChooseColor,
            ]
        )
    )
    seat = draw(seats)
    if cls is uno.Play:
        return uno.Play(
            seat,
            draw(cards),
            color=draw(st.none() | colors),
            target=draw(st.none() | seats),
            call_uno=draw(st.booleans()),
            extra=tuple(draw(st.lists(cards, max_size=3))),
        )
    if cls is uno.CatchUno:
        return uno.CatchUno(seat, draw(seats))
    if cls is uno.ChooseColor:
        return uno.ChooseColor(seat, draw(colors))
    return cls(seat)  # type: ignore[call-arg,no-any-return]


@st.composite
def mutated_move_text(draw: st.DrawFn) -> str:
    """A real move's text with tokens dropped, repeated, swapped or replaced."""
    tokens = str(draw(moves())).split()
    vocabulary = st.sampled_from(
        [
            *("draw", "pass", "uno", "UNO", "catch", "challenge", "accept", "color", "red", "b"),
            *(">1", ">", ">P2", ">-1", "P", "P3", "-1", "1e3", "R5", "W+4", "Gskip", "blank"),
        ]
    )
    for _ in range(draw(st.integers(1, 3))):
        op = draw(st.sampled_from(["drop", "repeat", "swap", "replace", "insert", "chars"]))
        at = draw(st.integers(0, max(len(tokens) - 1, 0)))
        if not tokens:
            tokens.append(draw(vocabulary))
        elif op == "drop":
            del tokens[at]
        elif op == "repeat":
            tokens.insert(at, tokens[at])
        elif op == "swap":
            other = draw(st.integers(0, len(tokens) - 1))
            tokens[at], tokens[other] = tokens[other], tokens[at]
        elif op == "replace":
            tokens[at] = draw(vocabulary)
        elif op == "insert":
            tokens.insert(at, draw(vocabulary))
        else:
            tokens[at] = draw(mutated_text(st.just(tokens[at])))
    sep = draw(st.sampled_from([" ", "  ", "\t", " \n "]))
    return sep.join(tokens)


# --------------------------------------------------------------------------- cards


def check_card_parse(value: Any) -> None:
    try:
        card = uno.Card.parse(value)
    except uno.NotationError as exc:
        assert isinstance(exc, uno.UnoError) and isinstance(exc, ValueError)
        if isinstance(value, str):
            # the text in full, or its first 77 characters when it is longer than 80
            shown = repr(value) if len(value) <= 80 else repr(value[:77]) + "..."
            assert shown in str(exc), "the error must quote the text"
            assert exc.text == value
        return
    assert isinstance(card, uno.Card)
    assert uno.Card.parse(str(card)) == card


@FUZZ
@given(st.text() | st.text(alphabet=NOTATION_ALPHABET, max_size=8) | junk)
def test_card_parse_junk(value: Any) -> None:
    check_card_parse(value)


@FUZZ
@given(mutated_text(card_texts))
def test_card_parse_near_valid(text: str) -> None:
    check_card_parse(text)


@pytest.mark.parametrize("card", FACES, ids=str)
def test_card_round_trip(card: Card) -> None:
    text = str(card)
    assert uno.Card.parse(text) == card
    assert uno.Card.parse(text.lower()) == card
    assert uno.Card.parse(text.upper()) == card
    assert uno.Card.parse(f"  {text}\t") == card
    assert uno.Card.parse(card) == card
    if card.color is not None:
        rank = card.rank
        words = [card.color.value, card.color.letter]
        for word in words:
            assert uno.Card.parse(f"{word}{rank.value}") == card
            if rank in LONG_RANKS:
                assert uno.Card.parse(f"{word}-{LONG_RANKS[rank]}") == card
                assert uno.Card.parse(f"{word}-{LONG_RANKS[rank]}".upper()) == card


@pytest.mark.parametrize(
    ("color", "rank"),
    [
        ([], uno.Rank.FIVE),  # unhashable: was a TypeError from the table of cards
        ({}, uno.Rank.WILD),
        ("red", uno.Rank.FIVE),  # a color word is for Card.parse, not the constructor
        (uno.Color.RED, "5"),
        (uno.Color.RED, uno.Rank.WILD),  # B1.3: a wild has no color
        (None, uno.Rank.FIVE),  # B1.3: a number card has one
    ],
)
def test_card_constructor_refuses_anything_but_a_card_with_a_notation_error(
    color: Any, rank: Any
) -> None:
    # In both builds: the compiled one would otherwise refuse a wrong type with a TypeError.
    with pytest.raises(uno.NotationError):
        uno.Card(color, rank)


def test_cards_hash_as_the_objects_they_are() -> None:
    # One object per card: equal cards are the same object, so the hash is identity's.
    # The pure package keeps object's own hash (a hash written in Python is a call on
    # every table lookup of the engine); the compiled one states it natively.
    red5 = uno.Card(uno.Color.RED, uno.Rank.FIVE)
    assert red5 is uno.Card.parse("r5") and hash(red5) == hash(uno.Card.parse("R5"))
    assert len({red5, uno.Card.parse("R5"), uno.Card.parse("R6")}) == 2
    assert not isinstance(vars(uno.Card).get("__hash__"), FunctionType)


def test_cards_are_immutable_values_that_copy_as_themselves() -> None:
    red5 = uno.Card.parse("R5")
    with pytest.raises(AttributeError, match="immutable"):
        red5.color = uno.Color.BLUE
    assert red5.color is uno.Color.RED
    assert copy.copy(red5) is red5 and copy.deepcopy([red5])[0] is red5
    assert uno.Color.parse("Red") is parse_color(uno.Color.RED) is uno.Color.RED


def test_cards_sort_among_cards_and_refuse_to_compare_with_anything_else() -> None:
    assert sorted(uno.parse_cards("W B5 R9 R0 G+2 W+4 Yskip")) == list(
        uno.parse_cards("R0 R9 Yskip G+2 B5 W W+4")
    )
    # the same TypeError as for any unlike values, in both builds (it was a KeyError)
    for other in (5, "R5", None):
        with pytest.raises(TypeError, match="not supported"):
            uno.Card.parse("R5") < other  # noqa: B015


def test_whole_deck_round_trips_through_parse_cards() -> None:
    deck = classic_deck()
    text = " ".join(map(str, deck))
    assert uno.parse_cards(text) == deck
    assert uno.parse_cards(text.replace(" ", ", ")) == deck
    assert uno.parse_cards("") == ()


@FUZZ
@given(
    st.lists(card_texts | mutated_text(card_texts) | st.text(max_size=4), max_size=6).map(" ".join)
    | st.text()
    | junk
)
def test_parse_cards_fuzz(value: Any) -> None:
    try:
        parsed = uno.parse_cards(value)
    except uno.NotationError:
        return
    assert isinstance(parsed, tuple)
    assert all(isinstance(c, uno.Card) for c in parsed)
    assert uno.parse_cards(" ".join(map(str, parsed))) == parsed


# --------------------------------------------------------------------------- moves


def check_parse_move(value: Any) -> None:
    try:
        move = uno.parse_move(value)
    except uno.NotationError as exc:
        assert isinstance(exc, uno.UnoError)
        return
    # whatever reads must read back from its canonical text
    assert uno.parse_move(str(move)) == move, f"{value!r} -> {move!r} -> {str(move)!r}"


@FUZZ
@given(st.text() | st.text(alphabet=NOTATION_ALPHABET, max_size=16) | junk)
def test_parse_move_junk(value: Any) -> None:
    check_parse_move(value)


@FUZZ
@given(mutated_move_text())
def test_parse_move_near_valid(text: str) -> None:
    check_parse_move(text)


@FUZZ
@given(moves())
def test_move_round_trip(move: uno.Move) -> None:
    text = str(move)
    assert uno.parse_move(text) == move
    assert uno.parse_move(text.upper()) == move
    assert uno.parse_move(f"P{text}") == move


@FUZZ
@given(moves(), st.randoms(use_true_random=False))
def test_play_trailing_parts_in_any_order(move: uno.Move, rnd: Any) -> None:
    """The color, the target and ``uno`` may come in any order."""
    assume(isinstance(move, uno.Play))
    assert isinstance(move, uno.Play)
    head = [str(move.seat), str(move.card), *map(str, move.extra)]
    tail = []
    if move.color is not None:
        tail.append(rnd.choice([move.color.value, move.color.letter]))
    if move.target is not None:
        tail.append(rnd.choice([f">{move.target}", f">P{move.target}"]))
    if move.call_uno:
        tail.append("uno")
    rnd.shuffle(tail)
    assert uno.parse_move(" ".join(head + tail)) == move


# --------------------------------------------------------------------------- table descriptions


def check_state_sound(state: uno.GameState) -> None:
    """An accepted table or snapshot holds exactly the deck, has a seat to act, and works."""
    assert deck_of(state) == DECK
    assert 0 <= state.turn < state.players
    dumped = uno.dump_state(state)
    assert uno.load_state(json.loads(json.dumps(dumped))) == state
    for k in range(state.players):
        uno.view(state, k)
        for m in uno.legal_moves(state, k):
            result = uno.apply(state, m)
            assert isinstance(result, uno.Transition), m
            after = result.state
            # every move from an accepted table leads to a sound table again
            assert after.discard_pile, f"{m}: the discard pile lost its top card"
            assert deck_of(after) == DECK, f"{m}: cards not conserved (B1.4)"
            assert uno.load_state(uno.dump_state(after)) == after, m


def deck_of(state: uno.GameState) -> Counter[Card]:
    held: Counter[Card] = Counter()
    for hand in state.hands:
        held.update(hand)
    held.update(state.draw_pile)
    held.update(state.discard_pile)
    return held


def check_situation(value: Any) -> uno.GameState | None:
    try:
        state = uno.situation(value)
    except uno.SituationError as exc:
        assert type(exc) is uno.SituationError
        assert exc.problems and all(isinstance(p, str) and p for p in exc.problems)
        return None
    check_state_sound(state)
    return state


TABLE_KEYS = [
    "rules",
    "players",
    "hands",
    "discard",
    "color",
    "turn",
    "direction",
    "draw_pile",
    "draw_pile_size",
    "seed",
    "scores",
    "dealer",
    "uno_called",
]


@st.composite
def descriptions(draw: st.DrawFn) -> dict[str, Any]:
    """A table description that is valid more often than not."""
    players = draw(st.integers(2, 10))
    pool = list(classic_deck())
    draw(st.randoms(use_true_random=False)).shuffle(pool)
    hands: list[Any] = []
    for _ in range(players):
        if draw(st.booleans()):
            hands.append(draw(st.integers(1, 9)))
        else:
            n = draw(st.integers(1, 5))
            hands.append([str(c) for c in pool[:n]])
            del pool[:n]
    discard = [str(c) for c in pool[: draw(st.integers(1, 3))]]
    del pool[: len(discard)]
    d: dict[str, Any] = {"players": players, "hands": hands, "discard": discard}
    if draw(st.booleans()):
        d["rules"] = draw(st.sampled_from(["official", {"extends": "official"}]))
    top = Card.parse(discard[-1])
    if top.is_wild or draw(st.integers(0, 3)) == 0:
        d["color"] = draw(st.sampled_from([c.value for c in COLORS] + ["R", "b"]))
    elif draw(st.booleans()):
        assert top.color is not None
        d["color"] = draw(st.sampled_from([top.color.value, top.color.letter]))
    if draw(st.booleans()):
        d["turn"] = draw(st.integers(0, players - 1))
    if draw(st.booleans()):
        d["direction"] = draw(st.sampled_from(["clockwise", "counterclockwise", "ccw", 1, -1]))
    if draw(st.booleans()):
        d["draw_pile"] = [str(c) for c in pool[: draw(st.integers(0, 3))]]
    if draw(st.booleans()):
        d["draw_pile_size"] = draw(st.integers(0, 60))
    if draw(st.booleans()):
        d["seed"] = draw(st.integers(-(2**65), 2**65))
    if draw(st.booleans()):
        d["scores"] = draw(st.lists(st.integers(0, 600), min_size=players, max_size=players))
    if draw(st.booleans()):
        d["dealer"] = draw(st.integers(0, players - 1))
    return d


@st.composite
def mutated(draw: st.DrawFn, base: dict[str, Any], keys: list[str]) -> dict[str, Any]:
    """``base`` with one to three random edits: a key deleted, a value replaced by junk,
    two values swapped, an unknown key added, an element of a list changed or removed."""
    d = copy.deepcopy(base)
    for _ in range(draw(st.integers(1, 3))):
        op = draw(st.sampled_from(["delete", "junk", "swap", "unknown", "element", "nudge"]))
        present = sorted(d, key=str)
        if op == "delete" and present:
            del d[draw(st.sampled_from(present))]
        elif op == "junk":
            d[draw(st.sampled_from(keys))] = draw(junk)
        elif op == "swap" and len(present) >= 2:
            a, b = draw(st.sampled_from(present)), draw(st.sampled_from(present))
            d[a], d[b] = d[b], d[a]
        elif op == "unknown":
            d[draw(st.text(max_size=10))] = draw(json_junk)
        elif op == "element":
            lists = [k for k in present if isinstance(d[k], list) and d[k]]
            if lists:
                key = draw(st.sampled_from(lists))
                target = d[key]
                # one level down when it is a list of lists (hands)
                inner = [x for x in target if isinstance(x, list) and x]
                if inner and draw(st.booleans()):
                    target = draw(st.sampled_from(inner))
                at = draw(st.integers(0, len(target) - 1))
                how = draw(st.sampled_from(["remove", "junk", "card", "duplicate", "text"]))
                if how == "remove":
                    del target[at]
                elif how == "junk":
                    target[at] = draw(json_junk)
                elif how == "card":
                    target[at] = draw(card_texts)
                elif how == "duplicate":
                    target.insert(at, copy.deepcopy(target[at]))
                elif isinstance(target[at], str):
                    target[at] = draw(mutated_text(st.just(target[at])))
        elif op == "nudge":
            ints = [k for k in present if type(d[k]) is int]
            if ints:
                key = draw(st.sampled_from(ints))
                d[key] += draw(st.sampled_from([-2, -1, 1, 2, 10, -(10**9)]))
    return d


@FUZZ_SLOW
@given(descriptions())
def test_situation_valid_descriptions_build_what_they_describe(d: dict[str, Any]) -> None:
    state = check_situation(d)
    if state is None:
        return
    for given_hand, hand in zip(d["hands"], state.hands, strict=True):
        if isinstance(given_hand, int):
            assert len(hand) == given_hand
        else:
            assert hand == uno.parse_cards(" ".join(given_hand))
    named_discard = uno.parse_cards(" ".join(d["discard"]))
    assert state.discard_pile[-len(named_discard) :] == named_discard
    named_draw = uno.parse_cards(" ".join(d.get("draw_pile", [])))
    assert state.draw_pile[: len(named_draw)] == named_draw
    if "draw_pile_size" in d:
        assert state.draw_pile_size == d["draw_pile_size"]
    else:
        assert len(state.discard_pile) == len(named_discard)
    assert state.turn == d.get("turn", 0)
    assert list(state.scores) == d.get("scores", [0] * state.players)
    top = state.top_card
    if top.color is not None:
        assert state.color is top.color


@FUZZ_SLOW
@given(descriptions().flatmap(lambda d: mutated(d, TABLE_KEYS)))
def test_situation_near_valid(d: dict[str, Any]) -> None:
    check_situation(d)


@FUZZ_SLOW
@given(
    st.dictionaries(st.sampled_from(TABLE_KEYS) | st.text(max_size=8), json_junk, max_size=8) | junk
)
def test_situation_random_junk(value: Any) -> None:
    check_situation(value)


@FUZZ_SLOW
@given(
    st.fixed_dictionaries(
        {
            "players": st.integers(2, 4),
            "hands": st.lists(st.integers(1, 5), min_size=2, max_size=4),
            "discard": st.just(["R5"]),
            "rules": json_junk
            | st.dictionaries(
                st.sampled_from(["extends", "name", "hand_size", "uno", "scoring", "deck"]),
                json_junk,
                max_size=3,
            ),
        }
    )
)
def test_situation_with_bad_rules_is_a_situation_error(d: dict[str, Any]) -> None:
    check_situation(d)


def test_situation_bad_card_is_a_situation_error_not_a_notation_error() -> None:
    with pytest.raises(uno.SituationError) as info:
        uno.situation({"players": 2, "hands": [["R5", "Q9"], 3], "discard": ["R4"]})
    assert any("Q9" in p for p in info.value.problems)


# --------------------------------------------------------------------------- snapshots


def _base_states() -> list[uno.GameState]:
    """A few real states in every phase: seeded random rounds of 2, 4, 10 and 3 players
    (the 3-player deal turns a Wild first, A1) and one whole game, which ends."""
    found: dict[str, uno.GameState] = {}

    def keep(state: uno.GameState) -> None:
        found.setdefault(state.phase.value, state)
        if state.uno_open:
            found.setdefault("uno-open", state)
        if state.uno_called:
            found.setdefault("uno-called", state)

    wild_first = 0
    while uno.new_game("official", players=3, seed=wild_first).phase is not uno.Phase.CHOOSE_COLOR:
        wild_first += 1
    for players, seed in ((2, 5), (4, 9), (10, 2), (3, wild_first)):
        for walk in range(6):
            states = testing.playout_states("official", players, seed + 1000 * walk, limit=400)
            found.setdefault(f"start-{players}", states[0])
            for state in states:
                keep(state)
    final, _moves = testing.random_playout(
        "official", 3, 4, 4, max_moves=20_000, on_round_end=lambda before, after: keep(after)
    )
    keep(final)
    return list(found.values())


BASE_STATES = _base_states()
BASE_DUMPS = [uno.dump_state(s) for s in BASE_STATES]
SNAPSHOT_KEYS = sorted(BASE_DUMPS[0])


def test_base_states_cover_every_phase() -> None:
    phases = {s.phase for s in BASE_STATES}
    assert phases == set(uno.Phase), phases
    assert any(s.uno_open for s in BASE_STATES)
    for state, dumped in zip(BASE_STATES, BASE_DUMPS, strict=True):
        assert uno.load_state(json.loads(json.dumps(dumped))) == state


def check_load_state(value: Any) -> None:
    try:
        state = uno.load_state(value)
    except uno.SituationError as exc:
        assert type(exc) is uno.SituationError
        assert exc.problems and all(isinstance(p, str) and p for p in exc.problems)
        return
    check_state_sound(state)


@st.composite
def mutated_dumps(draw: st.DrawFn) -> dict[str, Any]:
    base = draw(st.sampled_from(BASE_DUMPS))
    d = draw(mutated(base, SNAPSHOT_KEYS))
    # now and then an edit inside the nested mappings too
    for key in ("penalty", "rules"):
        if isinstance(d.get(key), dict) and draw(st.integers(0, 3)) == 0:
            inner = d[key]
            d[key] = draw(mutated(inner, sorted(inner) or ["x"]))
    return d


@FUZZ_SLOW
@given(mutated_dumps())
def test_load_state_mutated_snapshots(d: dict[str, Any]) -> None:
    check_load_state(d)


@FUZZ_SLOW
@given(
    st.dictionaries(st.sampled_from(SNAPSHOT_KEYS) | st.text(max_size=8), json_junk, max_size=10)
    | junk
)
def test_load_state_random_junk(value: Any) -> None:
    check_load_state(value)


@pytest.mark.parametrize("index", range(len(BASE_DUMPS)))
def test_load_state_every_single_key_deleted_or_retyped(index: int) -> None:
    base = BASE_DUMPS[index]
    for key in base:
        without = {k: v for k, v in base.items() if k != key}
        check_load_state(without)
        for junk_value in (None, "x", 3, -1, 2.5, True, [], {}, ["R5"], {"a": 1}):
            check_load_state({**base, key: junk_value})


def _pending_wild_draw_four(on_guilty_color: str) -> dict[str, Any]:
    """A snapshot of a real table where seat 0 has just bluffed a Wild Draw Four."""
    rules = {"extends": "official", "challenge": {"on_guilty_color": on_guilty_color}}
    table = {
        "rules": rules,
        "players": 3,
        "hands": [["R7", "W+4", "B5"], 5, 5],
        "discard": ["G5", "R5"],
        "seed": 1,
    }
    result = uno.apply(uno.situation(table), "0 W+4 blue")
    assert isinstance(result, uno.Transition)
    assert result.state.phase is uno.Phase.PENALTY
    return json.loads(json.dumps(uno.dump_state(result.state)))


@pytest.mark.parametrize("on_guilty_color", ["stays", "card_returned", "previous_color"])
def test_load_state_penalty_card_must_be_the_top_card(on_guilty_color: str) -> None:
    """A pending Wild Draw Four is the card on top of the discard pile. A snapshot where
    another card lies on top is not a real table: refusing it is right; accepting it is
    only sound if every move from it keeps the deck whole."""
    d = _pending_wild_draw_four(on_guilty_color)
    top = d["discard_pile"][-1]
    d["discard_pile"][-1], d["hands"][1][0] = d["hands"][1][0], top
    check_load_state(d)


@pytest.mark.parametrize("on_guilty_color", ["stays", "card_returned", "previous_color"])
def test_load_state_penalty_needs_the_card_it_was_played_on(on_guilty_color: str) -> None:
    """A Wild Draw Four is always played on some card, so a pending one alone on the
    discard pile is not a real table either."""
    d = _pending_wild_draw_four(on_guilty_color)
    d["draw_pile"] = d["draw_pile"] + d["discard_pile"][:-1]
    d["discard_pile"] = d["discard_pile"][-1:]
    check_load_state(d)


# --------------------------------------------------------------------------- presets

OFFICIAL = uno.load_preset("official").to_dict()


def _paths(d: dict[str, Any], prefix: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    out = []
    for k, v in d.items():
        out.append((*prefix, k))
        if isinstance(v, dict):
            out += _paths(v, (*prefix, k))
    return out


PRESET_PATHS = _paths(OFFICIAL)


def _get(d: dict[str, Any], path: tuple[str, ...]) -> Any:
    for k in path:
        d = d[k]
    return d


ENUM_WORDS = sorted(
    {
        str(_get(OFFICIAL, p))
        for p in PRESET_PATHS
        if isinstance(_get(OFFICIAL, p), str) and p != ("name",)
    }
)


def check_load_preset(value: Any) -> None:
    try:
        rules = uno.load_preset(value)
    except uno.PresetError as exc:
        assert type(exc) is uno.PresetError
        assert exc.problems and all(isinstance(p, str) and p for p in exc.problems)
        return
    assert isinstance(rules, uno.Rules)
    again = uno.load_preset(json.loads(json.dumps(rules.to_dict())))
    assert again == rules


@st.composite
def mutated_presets(draw: st.DrawFn) -> dict[str, Any]:
    d = copy.deepcopy(OFFICIAL)
    if draw(st.booleans()):
        d = {"extends": "official"}
    for _ in range(draw(st.integers(1, 4))):
        path = draw(st.sampled_from(PRESET_PATHS))
        parent = d
        for k in path[:-1]:
            if not isinstance(parent.get(k), dict):
                parent[k] = {}
            parent = parent[k]
        op = draw(st.sampled_from(["delete", "junk", "enum", "int", "text", "unknown"]))
        last = path[-1]
        if op == "delete":
            parent.pop(last, None)
        elif op == "junk":
            parent[last] = draw(json_junk)
        elif op == "enum":
            parent[last] = draw(st.sampled_from(ENUM_WORDS))
        elif op == "int":
            parent[last] = draw(st.integers(-5, 2_000_000))
        elif op == "text":
            current = parent.get(last)
            base = current if isinstance(current, str) else "x"
            parent[last] = draw(mutated_text(st.just(base)))
        else:
            parent[draw(st.text(max_size=10))] = draw(json_junk)
    return d


@FUZZ
@given(mutated_presets())
def test_load_preset_mutated(d: dict[str, Any]) -> None:
    check_load_preset(d)


@FUZZ
@given(
    st.dictionaries(
        st.sampled_from(sorted({p[0] for p in PRESET_PATHS} | {"extends"})) | st.text(max_size=8),
        json_junk,
        max_size=6,
    )
    | junk
)
def test_load_preset_random_junk(value: Any) -> None:
    check_load_preset(value)


@pytest.mark.parametrize("name", uno.preset_names())
def test_bundled_presets_round_trip(name: str) -> None:
    rules = uno.load_preset(name)
    assert uno.load_preset(rules.to_dict()) == rules
    assert uno.load_preset(json.loads(json.dumps(rules.to_dict()))) == rules
    extended = uno.load_preset({"extends": name})
    assert attrs.evolve(extended, name=rules.name) == rules


# Sources that name a file the operating system refuses to open: they are bad presets
# (PresetError), and inside a table or a snapshot they are problems of it (SituationError).
UNOPENABLE = ["nul\x00byte.yaml", "x" * 300]


@pytest.mark.parametrize("source", UNOPENABLE, ids=["nul-byte", "name-too-long"])
def test_unopenable_preset_path_is_a_preset_error(source: str) -> None:
    with pytest.raises(uno.PresetError):
        uno.load_preset(source)
    with pytest.raises(uno.PresetError):
        uno.load_preset({"extends": source})


@pytest.mark.parametrize("source", UNOPENABLE, ids=["nul-byte", "name-too-long"])
def test_unopenable_preset_path_in_a_table_is_a_situation_error(source: str) -> None:
    table = {"rules": source, "players": 2, "hands": [3, 3], "discard": ["R5"]}
    with pytest.raises(uno.SituationError):
        uno.situation(table)
    with pytest.raises(uno.SituationError):
        uno.situation({**table, "rules": {"extends": source}})
    snapshot = uno.dump_state(uno.new_game("official", players=2, seed=1))
    with pytest.raises(uno.SituationError):
        uno.load_state({**snapshot, "rules": {**snapshot["rules"], "extends": source}})


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_endless_preset_file_is_refused() -> None:
    """``extends: /dev/zero`` (a file whose size reads as 0 but never ends) must be a
    PresetError, not an unbounded read. Run in a child process with its memory capped so
    that the unbounded read cannot hurt the machine."""
    code = (
        "import resource\n"
        "resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))\n"
        "import uno_rules as uno\n"
        "try:\n"
        "    uno.load_preset({'extends': '/dev/zero'})\n"
        "    print('accepted')\n"
        "except uno.PresetError:\n"
        "    print('PresetError')\n"
        "except BaseException as exc:\n"
        "    print(type(exc).__name__)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=Path(__file__).parent,
        check=False,
    )
    assert out.stdout.strip() == "PresetError", out.stdout + out.stderr
