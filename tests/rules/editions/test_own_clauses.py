"""K9: a rule set writes the sentences of its own clauses (``clauses``), in English and in
the library's other languages, with no code: rulings say them; bad ids, the library's own
clauses, long or multi-line sentences and too many are each a problem at their path."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import uno_rules as uno
from uno_rules.clauses import clause_text
from uno_rules.presets import MAX_CLAUSE_SENTENCE, MAX_CLAUSES


def rules(**clauses: str) -> dict[str, Any]:
    return {
        "extends": "official",
        "card_kinds": [
            {"rank": "levy", "name": "Levy", "count": 2, "clause": "X1",
             "effect": [{"next_draws": 2}]}
        ],
        "clauses": clauses,
    }  # fmt: skip


def table(preset: dict[str, Any]) -> uno.GameState:
    return uno.situation(
        {"rules": preset, "players": 3, "hands": [["Rlevy", "B1"], 3, 3], "discard": ["R5"]}
    )


def test_a_ruling_says_the_rule_sets_own_sentence_in_each_language() -> None:
    preset = rules(
        X1="A Levy: the next player draws two.", **{"X1@tl": "Isang Levy: bubunot ng dalawa."}
    )
    state = table(preset)
    assert uno.rule_on(state, "0 Rlevy").text == "A Levy: the next player draws two."
    assert uno.rule_on(state, "0 Rlevy", lang="tl").text == "Isang Levy: bubunot ng dalawa."
    # a language the preset does not write: its English sentence
    assert uno.rule_on(state, "0 Rlevy", lang="vi").text == "A Levy: the next player draws two."


def test_without_a_sentence_the_ruling_points_at_the_docs() -> None:
    state = table(rules())
    assert clause_text("X1", state.rules) == "Clause X1: see docs/rules.md#x1."


def test_a_child_preset_adds_and_overrides_sentences_by_id(tmp_path: Path) -> None:
    (tmp_path / "parent.yaml").write_text(
        "extends: official\nclauses: {X1: old, X2: kept}\n", encoding="utf-8"
    )
    (tmp_path / "child.yaml").write_text(
        "extends: parent.yaml\nclauses: {X1: new}\n", encoding="utf-8"
    )
    merged = uno.load_preset(tmp_path / "child.yaml")
    assert dict(merged.clauses) == {"X1": "new", "X2": "kept"}


@pytest.mark.parametrize(
    ("clauses", "path", "words"),
    [
        ({"x1": "lower case"}, "clauses.x1", "not a clause id"),
        ({"X1@fr": "French"}, "clauses.X1@fr", "not a clause id"),
        ({"X1@": "no language"}, "clauses.X1@", "not a clause id"),
        ({"B8.1": "mine now"}, "clauses.B8.1", "library's own rules"),
        ({"X1": "two\nlines"}, "clauses.X1", "one line"),
        ({"X1": "x" * (MAX_CLAUSE_SENTENCE + 1)}, "clauses.X1", "one line"),
        ({"X1": "   "}, "clauses.X1", "one line"),
    ],
)
def test_a_bad_clause_is_a_problem_at_its_path(
    clauses: dict[str, str], path: str, words: str
) -> None:
    with pytest.raises(uno.PresetError) as caught:
        uno.load_preset({"extends": "official", "clauses": clauses})
    assert [p.where for p in caught.value.problems] == [path]
    assert words in str(caught.value)
    assert "xxxxxxxx" not in str(caught.value)  # never the file's text


def test_too_many_sentences_is_one_problem() -> None:
    many = {f"X{i}": "s" for i in range(MAX_CLAUSES + 1)}
    with pytest.raises(uno.PresetError) as caught:
        uno.load_preset({"extends": "official", "clauses": many})
    assert [p.where for p in caught.value.problems] == ["clauses"]
