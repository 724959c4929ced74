"""The engine's open values (docs/cards.md; docs/write-a-house-rule.md): ``Rank``, one
object per card kind's rank, and ``PlayKind``, one object per kind of play; and the strict
reading of card-kind data and effect steps, every problem with its path."""

from __future__ import annotations

import copy
import pickle
from typing import Any

import pytest

import uno_rules as uno
from uno_rules.kinds import KindDataError, Rank, read_card_data, read_steps, register_kind
from uno_rules.rules.hooks import KIND_STACK, PlayKind


def test_a_rank_is_its_text_one_object_immutable_and_copied_as_itself() -> None:
    skip = Rank("skip")
    assert skip is Rank.SKIP and skip == "skip" and str(skip) == "skip"
    assert repr(skip) == "Rank('skip')" and skip.value == "skip"
    assert copy.copy(skip) is skip and copy.deepcopy(skip) is skip
    assert pickle.loads(pickle.dumps(skip)) is skip
    with pytest.raises(AttributeError, match="immutable"):
        skip.kind = Rank.REVERSE.kind  # type: ignore[misc]
    for bad in ("nope", 5, None):
        with pytest.raises(ValueError, match="is not a card kind's rank"):
            Rank(bad)
    assert len(Rank) == len(list(Rank)) >= 26


def test_registering_a_kind_that_clashes_raises_with_the_problem() -> None:
    clash = Rank.WILD.kind._replace(name="Not a Wild")
    with pytest.raises(KindDataError, match="already names another card kind"):
        register_kind(clash)
    assert register_kind(Rank.WILD.kind) is Rank.WILD  # the same kind: its rank


def test_a_wild_text_that_reads_as_a_colored_card_is_refused() -> None:
    problems = _problems([{"rank": "R5x", "name": "x", "wild": True, "aliases": ["g-skip"]}])
    assert problems == ["card_kinds[0]: the text 'g-skip' could be read as another card"]


def test_too_many_kinds_and_marked_faces_on_a_colored_kind_are_refused() -> None:
    many = [{"rank": f"k{i}", "name": f"K{i}"} for i in range(17)]
    assert _problems(many) == ["card_kinds: 17 kinds; at most 16"]
    colored = [{"rank": "marks", "name": "Marks", "effect": [{"discard_faces": [2]}]}]
    assert _problems(colored) == [
        "card_kinds[0].effect: discard_faces belongs on a wild kind, whose top card sets the color"
    ]


def _problems(kinds: list[dict[str, Any]]) -> list[str]:
    with pytest.raises(uno.PresetError) as caught:
        uno.load_preset({"extends": "official", "card_kinds": kinds})
    return caught.value.problems


def test_a_play_kind_is_one_object_per_name_immutable_and_pickled_as_itself() -> None:
    assert PlayKind("stack") is KIND_STACK is PlayKind.STACK
    mine = PlayKind("counter")
    assert PlayKind("counter") is mine and repr(mine) == "PlayKind('counter')"
    assert pickle.loads(pickle.dumps(mine)) is mine
    with pytest.raises(AttributeError, match="immutable"):
        mine.value = "other"  # type: ignore[misc]
    for bad in ("", 3):
        with pytest.raises(ValueError, match="non-empty text"):
            PlayKind(bad)


@pytest.mark.parametrize(
    ("steps", "problem"),
    [
        ("skip", "effect: expected a list of steps such as [{skip: 1}]"),
        (
            [{"draw_until_color": {"chooser": "victim"}}, {"skip": 1}],
            "effect[0].draw_until_color: with chooser: victim it must be the last step",
        ),
        ([{"reverse": False}], "effect[0].reverse: expected true"),
        ([{"draw_until_color": 3}], "effect[0].draw_until_color: expected a mapping"),
    ],
)
def test_bad_steps_are_refused_with_their_path(steps: Any, problem: str) -> None:
    _, problems = read_steps(steps, "effect")
    assert len(problems) == 1 and problems[0].startswith(problem)


KIND = {
    "rank": "zz",
    "id": "zz",
    "name": "Z",
    "points": 1,
    "points_class": "action",
    "clause": "B5.1",
}


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        ([], "card data: expected a mapping with kinds and decks"),
        ({"kinds": {}, "decks": {}}, "kinds: expected a list of card kinds"),
        ({"kinds": [], "decks": []}, "decks: expected a mapping of deck names to their cards"),
        ({"kinds": [], "decks": {"d": {"oops": []}}}, "decks.d: expected per_color and wild"),
        ({"kinds": ["x"], "decks": {}}, "kinds[0]: expected a mapping"),
        ({"kinds": [{**KIND, "points_class": "x"}], "decks": {}}, "kinds[0].points_class"),
        ({"kinds": [{**KIND, "number": 12}], "decks": {}}, "kinds[0].number: a number card"),
    ],
)
def test_bad_card_data_is_refused_with_its_path(data: Any, problem: str) -> None:
    with pytest.raises(KindDataError) as caught:
        read_card_data(data)
    assert any(p.startswith(problem) for p in caught.value.problems), caught.value.problems
