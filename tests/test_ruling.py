"""rule_on: a legal move is ruled under the clause that allows it, a refused one under the
clause of its violation (docs/reference.md; the dispute settler's "what the rule sheet says")."""

from __future__ import annotations

from typing import Any

import pytest

import uno_rules as uno
from uno_rules.clauses import CLAUSES, clause_text


def table(hands: list[Any], discard: list[str], rules: Any = "official", **more: Any) -> Any:
    return uno.situation(
        {"rules": rules, "players": len(hands), "hands": hands, "discard": discard, **more}
    )


FAMILY_PLUS = {"extends": "family", "house_rules": {"deflect": {"enabled": True}}}
MULTI = {"extends": "official", "house_rules": {"multi_card": {"enabled": True}}}
PENALIZED = {"extends": "official", "voluntary_draw": "penalized"}
CASES = [
    # (description, table, moves before, the move, expected clause)
    ("number on color", table([["R7", "B2"], 3, 3], ["R5"]), [], "0 R7", "B5.1"),
    ("wild", table([["W", "B2"], 3, 3], ["R5"]), [], "0 W blue", "B5.3"),
    ("fair W+4", table([["W+4", "B2"], 3, 3], ["R5"]), [], "0 W+4 blue", "B8.1"),
    ("bluffed W+4", table([["W+4", "R2"], 3, 3], ["R5"]), [], "0 W+4 blue", "B5.4"),
    ("skip", table([["Rskip", "B2"], 3, 3], ["R5"]), [], "0 Rskip", "B7.1"),
    ("reverse", table([["Rrev", "B2"], 3, 3], ["R5"]), [], "0 Rrev", "B7.2"),
    (
        "two-player reverse as skip",
        table([["Rrev", "B2"], 3], ["R5"], "family"),
        [],
        "0 Rrev",
        "H08",
    ),
    ("draw two", table([["R+2", "B2"], 3, 3], ["R5"]), [], "0 R+2", "B7.3"),
    ("seven-o", table([["R7", "B2"], 3, 3], ["R5"], "family"), [], "0 R7 >1", "H07"),
    ("several cards", table([["R7", "B7", "G1"], 3, 3], ["R5"], MULTI), [], "0 R7 B7", "H09"),
    ("forced draw", table([["B2", "G3"], 3, 3], ["R5"]), [], "0 draw", "B6.1"),
    ("voluntary draw", table([["R2", "G3"], 3, 3], ["R5"]), [], "0 draw", "B6.2"),
    ("penalised draw", table([["R2", "G3"], 3, 3], ["R5"], PENALIZED), [], "0 draw", "H04"),
    ("draw until playable", table([["B2", "G3"], 3, 3], ["R5"], "family"), [], "0 draw", "H02"),
    (
        "pass after drawing",
        table([["B2", "G3"], 3, 3], ["R5"], draw_pile=["G9"]),
        ["0 draw"],
        "0 pass",
        "B6.4",
    ),
    ("late UNO call", table([["R2", "G3"], 3, 3], ["R5"]), ["0 R2"], "0 uno", "B9.5"),
    ("catch", table([["R2", "G3"], 3, 3], ["R5"]), ["0 R2"], "2 catch 0", "B9.2"),
    ("challenge lost", table([["W+4", "B2"], 3, 3], ["R5"]), ["0 W+4 blue"], "1 challenge", "B8.7"),
    ("challenge won", table([["W+4", "R2"], 3, 3], ["R5"]), ["0 W+4 blue"], "1 challenge", "B8.6"),
    ("accept W+4", table([["W+4", "B2"], 3, 3], ["R5"]), ["0 W+4 blue"], "1 accept", "B7.5"),
    (
        "stack",
        table([["R+2", "B2"], ["B+2", "G1"], 3], ["R5"], "family"),
        ["0 R+2"],
        "1 B+2",
        "H01",
    ),
    (
        "accept a stack",
        table([["R+2", "B2"], ["G1", "G2"], 3], ["R5"], "family"),
        ["0 R+2"],
        "1 accept",
        "H01",
    ),
    (
        "deflect",
        table([["R+2", "B2"], ["Rrev", "G1"], 3], ["R5"], FAMILY_PLUS),
        ["0 R+2"],
        "1 Rrev",
        "H15",
    ),
    ("jump-in", table([["R5", "B2"], 3, ["R5", "G1"]], ["G5"], "family"), ["0 R5"], "2 R5", "H06"),
]


@pytest.mark.parametrize(
    ("label", "state", "before", "move", "clause"), CASES, ids=[c[0] for c in CASES]
)
def test_legal_moves_cite_the_clause_that_allows_them(
    label: str, state: Any, before: list[str], move: str, clause: str
) -> None:
    for text in before:
        state = uno.apply_or_raise(state, text).state
    ruling = uno.rule_on(state, move)
    assert ruling.legal, ruling.violation
    assert ruling.clause == clause
    assert ruling.text == CLAUSES[clause]
    assert ruling.state != state and ruling.events


def test_first_card_color_is_ruled_under_A1() -> None:
    state = next(
        s
        for seed in range(500)
        if (s := uno.new_game("official", players=3, seed=seed)).phase is uno.Phase.CHOOSE_COLOR
    )
    ruling = uno.rule_on(state, f"{state.turn} color red")
    assert ruling.legal and ruling.clause == "A1"


def test_a_refused_move_is_ruled_under_its_violation_and_changes_nothing() -> None:
    state = table([["R7", "B2"], 3, 3], ["R5"])
    ruling = uno.rule_on(state, "0 B2")
    assert not ruling.legal
    assert ruling.violation is not None and ruling.violation.code == "card-does-not-match"
    assert ruling.clause == "B5.1" and ruling.state is state and ruling.events == ()


def test_an_unknown_clause_still_gets_a_sentence() -> None:
    assert clause_text("Z99") == "Clause Z99: see docs/rules.md#z99."
    assert clause_text("H99") == "Clause H99: see docs/house-rules.md#h99."


@pytest.mark.parametrize("lang", ["vi", "tl"])
def test_a_ruling_text_is_in_the_language_asked_for(lang: str) -> None:
    """API 11: every function that renders text for people takes ``lang=``; the verdict and
    the clause do not change with it."""
    table = uno.situation({"players": 2, "hands": [["R7", "B6"], 3], "discard": ["R5"]})
    for move in ("0 B6", "0 R7"):
        english, translated = uno.rule_on(table, move), uno.rule_on(table, move, lang=lang)
        assert (translated.legal, translated.clause) == (english.legal, english.clause)
        assert translated.text == clause_text(english.clause, table.rules, lang)
        assert translated.text != english.text
        assert english.text == clause_text(english.clause, table.rules)
